// hooks.h - what the runtime's builtins report to the grading layer, which defines these
// functions (grading/runtime/effects.cc, grading/runtime/input_split.cc) and is linked
// into the same libtigerrt.so (grading/runtime/CMakeLists.txt). The builtins call them;
// the grading code is not theirs to read. Without the environment variables below, every
// hook only tests a flag.
//
// Effects (effects.cc): the effects of a run of ptoext's MLIR that the Tiger language
// fixes, recorded as the tree interpreter's calls view records them (`tigerc
// --effects-view=calls`, grading/effect_log.hh), so that a grader can compare them with
// the reference's own run of the program (labs/grader/README.md, "What is judged").
// Input: the calls of the Tiger functions (tig_arg with each parameter, then tig_enter
// with the name: what every function of the instrumented MLIR calls first) and of the
// builtins (print ... exit), and how the run ended. Output, when asked by the environment:
//   $TIGERRT_EFFECTS_HASH=1   "effects: N, hash H" on stderr at the end, the same line
//                             tigerc --effects-hash prints for the same effects;
//   $TIGERRT_EFFECTS=FILE     one line per effect in FILE, as tigerc --effects=FILE
//                             writes them (without source positions); for a run that
//                             does not split by inputs.
// tigermain's own entry is not a call (the interpreter starts it without one).
//
// One compile, many inputs (input_split.cc): with $TIGERRT_INPUTS the run goes on in one
// child process an input from the program's first read or write.
#pragma once

#include <cstdint>
#include <cstdlib>
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

// A number from the environment, else the fallback (also for an empty variable).
inline int64_t envNumber(const char* name, int64_t fallback) {
  const char* env = std::getenv(name);
  return env && *env ? std::strtoll(env, nullptr, 10) : fallback;
}

// Called before the program's first read or write (getchar, print, printi, flush): with
// $TIGERRT_INPUTS set, the run goes on in one child process an input, and the caller
// returns in each child; without it, nothing happens. Only the first call does anything.
void splitForInputs();

// True in a child of that split: its run ends at tigermain's end (endRun), not later.
bool inSplitChild();

// Ends the run (a child of the split, or exit()) with this status: flushes stdout, records
// the exit among the effects, then _Exit, never the runner's clean-up. Defined by the
// builtins (tigerrt.cc), which own stdout.
[[noreturn]] void endRun(int status);

} // namespace tigerrt
