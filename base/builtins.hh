// builtins.hh - the one table of Tiger's runtime functions, and the messages of the
// runtime errors both runtimes report.
//
// Every runtime function is here once: the builtins a Tiger program may call (Appel,
// appendix A.4; architecture.md's data model, plus printi), then the helpers Translate
// calls. Each has its name (the IR label, tig_<name> in libtigerrt), its parameter types
// and its result type. Derived from it (the order is this table's; static_asserts check
// it where a list of another file must match):
//
//   semantic analysis  the builtins' types, outermost scope (chap7/front/semant_decs.cc)
//   the AST            ast::Builtin is Id, ast::builtinName its name (chap7/front/ast.hh)
//   the IR             runtime::kFunctions: what a CALL may name (chap7/ir/runtime.hh)
//   the interpreter    one member function per entry (chap7/interp/interp_runtime.cc)
//   the MLIR emitter   the func.func private declarations (ptoext/mlir_emit.cc)
//   libtigerrt         tig_<name>, arity and result checked (ptoext/runtime/tigerrt.cc)
//
// The runtime errors below are the text after "runtime error: ", one definition both the
// tree interpreter (chap7/interp) and libtigerrt (ptoext/runtime) print, so their runs
// end with byte-identical messages. Header-only: libtigerrt.so links nothing of tigerc.
#pragma once

#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>

namespace tiger::builtins {

// The type of a parameter or result, as a 64-bit word of the data model.
enum class Type : std::uint8_t {
  Void,   // no result (a procedure; its word is 0); the parameters past the arity
  Int,    // a Tiger int
  String, // a Tiger string
  Word,   // any value: an int or the address of an array or record (Translate's helpers)
};

// Each runtime function, in the order of kFunctions.
enum class Id : std::uint8_t {
  // The Tiger builtins.
  Print,
  Printi,
  Flush,
  Getchar,
  Ord,
  Chr,
  Size,
  Substring,
  Concat,
  Not,
  Exit,
  // The helpers Translate calls.
  InitArray,
  AllocRecord,
  StringEqual,
  StringCompare,
  CheckIndex,
  CheckNil,
  // Not a runtime function: what a call of a function of the program calls
  // (ast::CallExp::builtin).
  None,
};

inline constexpr int kMaxParams = 3;

struct Function {
  Id id;
  std::string_view name; // a string literal: name.data() ends with '\0'
  int arity;
  Type params[kMaxParams]; // params[0, arity); the rest Void (0)
  Type result;
};

namespace detail {
inline constexpr Type I = Type::Int, S = Type::String, W = Type::Word, V = Type::Void;
}

//   print(s)  printi(i)  flush()  getchar(): string  ord(s): int (-1 for "")
//   chr(i): string  size(s): int  substring(s, first, n): string  concat(a, b): string
//   not(i): int  exit(i)
//   initArray(n, init): address of element 0 of a new array of n words, each init; the
//                       length n is kept in the word just before element 0
//   allocRecord(bytes): address of a new zeroed block of bytes/8 words
//   stringEqual(a, b): 1 if the strings are equal, else 0
//   stringCompare(a, b): -1, 0 or 1, comparing bytes (unsigned) lexicographically
//   checkIndex(arr, i): i, or a runtime error when i is not in [0, length)
//   checkNil(r): r, or a runtime error when r is nil (0)
inline constexpr Function kFunctions[] = {
    {Id::Print, "print", 1, {detail::S}, detail::V},
    {Id::Printi, "printi", 1, {detail::I}, detail::V},
    {Id::Flush, "flush", 0, {}, detail::V},
    {Id::Getchar, "getchar", 0, {}, detail::S},
    {Id::Ord, "ord", 1, {detail::S}, detail::I},
    {Id::Chr, "chr", 1, {detail::I}, detail::S},
    {Id::Size, "size", 1, {detail::S}, detail::I},
    {Id::Substring, "substring", 3, {detail::S, detail::I, detail::I}, detail::S},
    {Id::Concat, "concat", 2, {detail::S, detail::S}, detail::S},
    {Id::Not, "not", 1, {detail::I}, detail::I},
    {Id::Exit, "exit", 1, {detail::I}, detail::V},
    {Id::InitArray, "initArray", 2, {detail::I, detail::W}, detail::W},
    {Id::AllocRecord, "allocRecord", 1, {detail::I}, detail::W},
    {Id::StringEqual, "stringEqual", 2, {detail::S, detail::S}, detail::I},
    {Id::StringCompare, "stringCompare", 2, {detail::S, detail::S}, detail::I},
    {Id::CheckIndex, "checkIndex", 2, {detail::W, detail::I}, detail::I},
    {Id::CheckNil, "checkNil", 1, {detail::W}, detail::W},
};

inline constexpr int kCount = static_cast<int>(std::size(kFunctions));
// kFunctions[0, kTigerBuiltins) are the builtins a Tiger program may call.
inline constexpr int kTigerBuiltins = static_cast<int>(Id::InitArray);

constexpr int index(Id id) {
  return static_cast<int>(id);
}
constexpr const Function& function(Id id) {
  return kFunctions[index(id)];
}
constexpr std::string_view name(Id id) {
  return function(id).name;
}

// The index in kFunctions of the function named `name`, or nullopt.
constexpr std::optional<int> find(std::string_view name) {
  for (int i = 0; i < kCount; ++i)
    if (kFunctions[i].name == name) return i;
  return std::nullopt;
}

// Is `name` a builtin a Tiger program may call (not one of Translate's helpers)?
constexpr bool isTigerBuiltin(std::string_view name) {
  std::optional<int> i = find(name);
  return i && *i < kTigerBuiltins;
}

// Entry k is Id k, its arity counts its parameters, every name is unique, and a Tiger
// builtin's types are Tiger's (int, string, none).
constexpr bool wellFormed() {
  for (int i = 0; i < kCount; ++i) {
    const Function& f = kFunctions[i];
    if (index(f.id) != i || f.arity < 0 || f.arity > kMaxParams || find(f.name) != i)
      return false;
    for (int p = 0; p < kMaxParams; ++p) {
      if ((p < f.arity) == (f.params[p] == Type::Void)) return false;
      if (i < kTigerBuiltins && f.params[p] == Type::Word) return false;
    }
    if (i < kTigerBuiltins && f.result == Type::Word) return false;
  }
  return kCount == index(Id::CheckNil) + 1;
}
static_assert(wellFormed());

// ---- limits both runtimes share (chap7/interp/interp_memory.hh, libtigerrt)

inline constexpr std::int64_t kMaxHeapWords = std::int64_t{1}
                                              << 27; // 1 GiB of arrays, records
inline constexpr std::int64_t kMaxStringBytes = std::int64_t{1} << 30; // 1 GiB of strings

// ---- runtime errors: the message after "runtime error: " (exit 70 unless said)

inline std::string chrRangeError() {
  return "chr: character code out of range";
}
// substring(s, first, n) with [first, first+n) not inside s.
inline std::string substringRangeError(std::int64_t first, std::int64_t n,
                                       std::int64_t size) {
  return "substring: range [" + std::to_string(first) + ", " + std::to_string(first) +
         "+" + std::to_string(n) + ") out of range for a string of size " +
         std::to_string(size);
}
// initArray(n, init) with n < 0.
inline std::string negativeArraySizeError(std::int64_t n) {
  return "negative array size " + std::to_string(n);
}
// initArray(n, init) with n >= kMaxHeapWords.
inline std::string arrayTooLargeError(std::int64_t n) {
  return "array size " + std::to_string(n) + " is too large";
}
// allocRecord(bytes) with bytes not a number of words (only IR read from a dump can).
inline std::string allocRecordSizeError(std::int64_t bytes) {
  return "allocRecord of " + std::to_string(bytes) + " bytes: not a number of words";
}
// checkIndex(arr, i) with i outside [0, length).
inline std::string indexError(std::int64_t i, std::int64_t length) {
  return "array index " + std::to_string(i) + " out of range [0, " +
         std::to_string(length) + ")";
}
// checkNil(0).
inline std::string nilError() {
  return "field access through nil";
}
// Tiger's `/` with a zero divisor (not a runtime function: the interpreters' DIVIDE,
// tig_divide in the MLIR).
inline std::string divisionByZeroError() {
  return "division by zero";
}
// An allocation the machine refused.
inline std::string outOfMemoryError() {
  return "out of memory";
}
// Arrays and records past kMaxHeapWords.
inline std::string heapLimitError() {
  return "out of memory: the heap is limited to " + std::to_string(kMaxHeapWords) +
         " words";
}
// Strings past kMaxStringBytes.
inline std::string stringLimitError() {
  return "out of memory: strings are limited to " + std::to_string(kMaxStringBytes) +
         " bytes in all";
}

// ---- limits of a run (exit 71, ExitCode::Limit)

inline std::string callDepthLimitError(std::int64_t maxDepth) {
  return "call depth limit of " + std::to_string(maxDepth) +
         " reached; infinite recursion? (raise it with --max-depth)";
}
// The interpreters count steps unsigned, libtigerrt signed: each prints its own number.
template <class Number> std::string stepLimitError(Number maxSteps) {
  return "step limit of " + std::to_string(maxSteps) +
         " reached; the program may loop forever (raise it with --max-steps)";
}
inline std::string outOfStackError(std::int64_t depth) {
  return "out of stack at call depth " + std::to_string(depth) + "; infinite recursion?";
}

// Output that cannot be written (exit 73): printed "error: <this>", not a runtime error.
inline constexpr std::string_view kOutputError = "cannot write the output";

} // namespace tiger::builtins
