// input_split.h - one compile, many inputs: the grader runs a lowered program on each of
// its inputs from a single mlir-cpu-runner-19 start (input_split.cc).
#pragma once

#include "base/input_split.hh"

#include <cstdint>
#include <cstdlib>

namespace tigerrt {

// A number from the environment, else the fallback (also for an empty variable).
inline int64_t envNumber(const char* name, int64_t fallback) {
  const char* env = std::getenv(name);
  return env && *env ? std::strtoll(env, nullptr, 10) : fallback;
}

// Called before the program's first read or write (getchar, print, printi, flush): with
// $TIGERRT_INPUTS set, the run goes on in one child process an input, and the caller
// returns in each child; without it, nothing happens. Only the first call does anything.
void splitForInputs();

// Ends the run (a child of the split, or exit()) with this status: flushes stdout, records
// the exit among the effects (effects.h), then _Exit, never the runner's clean-up.
[[noreturn]] void endRun(int status);

} // namespace tigerrt
