// effects.h - the effects of a run of ptoext's MLIR that the Tiger language fixes,
// recorded as the tree interpreter's calls view records them (`tigerc --effects-view=calls`,
// chap7/interp/effect_log.hh), so that the ptoext grader can judge a student's MLIR by
// its effects against the reference's own run of the program (labs/grader/README.md, "What is
// judged").
//
// Input: the calls of the Tiger functions (tig_arg with each parameter, then tig_enter
// with the name: what every function of the MLIR calls first) and of the builtins (the
// runtime functions print ... exit), and how the run ended. Output, when asked by the
// environment:
//   $TIGERRT_EFFECTS_HASH=1   "effects: N, hash H" on stderr at the end, the same line
//                             tigerc --effects-hash prints for the same effects;
//   $TIGERRT_EFFECTS=FILE     one line per effect in FILE, as tigerc --effects=FILE
//                             writes them (without source positions); for a run that
//                             does not split by inputs.
// Without either nothing is recorded and each hook only tests a flag. tigermain's own
// entry is not a call (the interpreter starts it without one).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string_view>

namespace tigerrt {

// A builtin called with these arguments.
void recordBuiltin(std::string_view name, std::initializer_list<int64_t> args);

// A Tiger function entered: recordArgument was called with each of its `arity`
// parameters just before (so the call is whole before the depth limit can end the run).
void recordArgument(int64_t value);
void recordEntry(std::string_view name, int64_t arity);

// The run ends with this status: the last effect, then the summary. Only the first
// call counts (a split child ends through tig_exit after the runner's hook, say).
void recordExit(int status);

} // namespace tigerrt
