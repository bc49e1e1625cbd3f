// runtime.hh - the runtime functions that IR trees call, by label name.
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

#include <string_view>

namespace tiger::runtime {

inline constexpr std::string_view kBuiltins[] = {
    "print", "printi", "flush", "getchar", "ord", "chr", "size", "substring", "concat",
    "not", "exit"};
inline constexpr std::string_view kHelpers[] = {"initArray",     "allocRecord",
                                                "stringEqual",   "stringCompare",
                                                "checkIndex",    "checkNil"};

// The label of the main program's PROC fragment.
inline constexpr std::string_view kMainLabel = "tigermain";

// Is `label` one of the functions above (not a Tiger function)?
bool isRuntimeFunction(std::string_view label);

} // namespace tiger::runtime
