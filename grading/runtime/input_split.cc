// input_split.cc - one compile, many inputs: how the ptoext grader runs a student's
// lowered MLIR on each of the inputs it judges it on (labs/grader/README.md, "What is judged")
// while mlir-cpu-runner-19 starts and JIT-compiles the module only once.
//
// Input: $TIGERRT_INPUTS, a folder holding 0.in, 1.in, ... (the inputs, in order);
// $TIGERRT_INPUT_SECONDS, the wall time each input may take (default 10);
// $TIGERRT_INPUT_BYTES, what each input's stdout and stderr may hold (default 1 MiB).
// Output: on the process's stdout, for each input K in order, one record
//     tigerrt input K: STATUS OUT ERR\n  then OUT bytes of its stdout, ERR of its stderr
// where STATUS is "exit N", "signal N" (it was killed by signal N; SIGXFSZ: it wrote more
// than $TIGERRT_INPUT_BYTES) or "timeout" (the last record: no input runs after it);
// then the process exits 0.
//
// The split happens at the program's first read or write, the first moment an input can
// make a difference: everything the program did before is the same on every input. For
// each input in turn a child process goes on from there, with K.in as its stdin and two
// memory files as its stdout and stderr, while the parent waits for it (the split
// itself: grading/input_split.cc, which tigerc --inputs shares). A program that
// never reads or prints never splits: its one run is its run on every input, and its
// stdout holds no record. A child ends at tigermain's end or exit (tig_leave, tig_exit),
// or when main returns (__mlir_execution_engine_destroy, below), never through
// mlir-cpu-runner's clean-up, which would wait forever for MLIR's worker threads (only
// the first process has them). Without $TIGERRT_INPUTS nothing happens.
#include "ptoext/runtime/hooks.h"

#include "grading/input_split.hh"

#include <cstdio>

namespace tigerrt {
namespace {

bool split = false;

} // namespace

void splitForInputs() {
  if (split) return;
  split = true;
  const char* folder = std::getenv("TIGERRT_INPUTS");
  if (!folder || !*folder) return;
  tiger::SplitInput each; // SplitInput's defaults, unless the environment says
  each.seconds = static_cast<double>(
      envNumber("TIGERRT_INPUT_SECONDS", static_cast<int64_t>(each.seconds)));
  each.bytes = envNumber("TIGERRT_INPUT_BYTES", each.bytes);
  std::fflush(stdout);
  if (tiger::splitForInputs(tiger::inputsOfFolder(folder, each)) < 0)
    std::_Exit(0); // no 0.in: no run at all, as an empty record list says
}

bool inSplitChild() {
  return tiger::isSplitChild();
}

} // namespace tigerrt

// mlir-cpu-runner-19's ExecutionEngine calls these in a --shared-libs library that has
// both: init when it loads it (the tig_ symbols are still found by the process-wide
// search, so there is nothing to register), destroy when the JIT'd main has returned,
// before the runner's clean-up. A child of the split ends there, as at exit(0):
// MLIR whose main never calls tig_leave ends too.
extern "C" void __mlir_execution_engine_init(void* /*symbols to export: none*/) {
}

extern "C" void __mlir_execution_engine_destroy() {
  if (tiger::isSplitChild()) tigerrt::endRun(0);
  tigerrt::recordExit(0); // the run's end, when it did not split
}
