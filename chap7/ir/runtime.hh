// runtime.hh - the runtime functions that IR trees call, by label name, and their arity.
//
// Translate calls them as CALL(NAME name, args) with no static link; the interpreter
// (chap7/interp/interp_runtime.hh) and ptoext's MLIR runtime implement them. They are
// base/builtins.hh's table, one definition for every stage: the Tiger builtins (print,
// printi, flush, getchar, ord, chr, size, substring, concat, not, exit), then the helpers
// Translate calls (initArray, allocRecord, stringEqual, stringCompare, checkIndex,
// checkNil); that header says what each does and the messages of its runtime errors.
// A Tiger function's label never clashes with these: it is "<name>_<n>".
//
// Runtime errors print "runtime error: <message>" on stderr, flush stdout and end the
// program with ExitCode::Runtime.
#pragma once

#include "base/builtins.hh"

#include <optional>
#include <string_view>

namespace tiger::runtime {

// A runtime function: its label (name), how many arguments a CALL of it passes (arity),
// and their types.
using Function = builtins::Function;

// The Tiger builtins, then the helpers Translate calls; the interpreter's table
// (interp_runtime.cc) follows this order.
inline constexpr const auto& kFunctions = builtins::kFunctions;

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
