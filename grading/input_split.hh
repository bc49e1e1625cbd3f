// input_split.hh - one start, many inputs: a process runs the rest of its work once per
// input, each in a child process with its own stdin, output cap and wall-time limit,
// and reports each run as a framed record (input_split.cc). The graders use it to judge
// a dump or a lowered program on all of a program's inputs from one sandboxed start:
// tigerc --inputs=DIR (driver/stages.cc) and libtigerrt's $TIGERRT_INPUTS
// (ptoext/runtime/input_split.cc).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tiger {

// One input: the child's stdin, its wall time (at the deadline it is killed: "timeout")
// and what its stdout and stderr may each hold (one byte more: SIGXFSZ).
struct SplitInput {
  std::string path;
  double seconds = 10;
  std::int64_t bytes = 1 << 20;
};

// The inputs DIR/0.in, DIR/1.in, ... in order, up to the first missing number, each with
// the limits of `each` (its path unused).
std::vector<SplitInput> inputsOfFolder(const std::string& dir,
                                       const SplitInput& each = {});

// Returns K in the child that runs input K (its stdin, stdout and stderr already
// replaced). The parent never returns: it runs the inputs one after another, writes on
// its stdout, for each input K in order,
//     tigerrt input K: STATUS OUT ERR\n  then OUT bytes of its stdout, ERR of its stderr
// (STATUS: "exit N", "signal N" or "timeout"), and exits 0. After an input that ran out
// of time the records end: the rest are not run, so a program that loops costs one
// limit, not one an input (a judge stops at its first failing input anyway). With no
// inputs, returns -1.
// Buffered output must be flushed before: a child inherits what is buffered.
int splitForInputs(const std::vector<SplitInput>& inputs);

// True in a child of the split. Its run ends through _Exit with the run's status (after
// flushing what it wrote): a child holds only the thread that split, not the process's
// main thread, so returning up a thread would end it with status 0.
bool isSplitChild();

} // namespace tiger
