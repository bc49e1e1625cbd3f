// runtime.hh - the runtime functions that IR trees call, by label name, and their arity.
//
// Translate calls them as CALL(NAME name, args) with no static link; the interpreter
// (interp.hh) implements them; ptoext's MLIR runtime mirrors their behaviour.
// A Tiger function's label never clashes with these: it is "<name>_<n>".
//
//   Tiger builtins (architecture.md, data model):
//     print(s)  printi(i)  flush()  getchar(): string  ord(s): int  chr(i): string
//     size(s): int  substring(s, first, n): string  concat(a, b): string
//     not(i): int  exit(i)
//   Used by Translate:
//     initArray(n, init): address of element 0 of a new array of n words, each init;
//                         the length n is kept in the word just before element 0;
//                         n < 0 is a runtime error
//     allocRecord(bytes): address of a new zeroed block of bytes/8 words
//     stringEqual(a, b): 1 if the strings are equal, else 0
//     stringCompare(a, b): <0, 0 or >0, comparing bytes lexicographically
//     checkIndex(arr, i): i, or a runtime error when i is not in [0, length)
//     checkNil(r): r, or a runtime error when r is nil (0)
//
// Runtime errors print "runtime error: <message>" on stderr, flush stdout and end the
// program with ExitCode::Runtime.
#pragma once

#include <optional>
#include <string_view>

namespace tiger::runtime {

// A runtime function: its label and how many arguments a CALL of it passes.
struct Function {
  std::string_view name;
  int arity;
};

// The Tiger builtins, then the helpers Translate calls; the interpreter's table
// (interp_runtime.cc) follows this order.
inline constexpr Function kFunctions[] = {
    {"print", 1},       {"printi", 1},      {"flush", 0},         {"getchar", 0},
    {"ord", 1},         {"chr", 1},         {"size", 1},          {"substring", 3},
    {"concat", 2},      {"not", 1},         {"exit", 1},          {"initArray", 2},
    {"allocRecord", 1}, {"stringEqual", 2}, {"stringCompare", 2}, {"checkIndex", 2},
    {"checkNil", 1}};

// The label of the main program's PROC fragment.
inline constexpr std::string_view kMainLabel = "tigermain";

// The index in kFunctions of the function labelled `label`, or nullopt when it is not a
// runtime function (a Tiger function's label never is).
std::optional<int> find(std::string_view label);

// Is `label` one of the functions above (not a Tiger function)?
inline bool isRuntimeFunction(std::string_view label) {
  return find(label).has_value();
}

} // namespace tiger::runtime
