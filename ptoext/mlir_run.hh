// mlir_run.hh - --run-mlir: run the MLIR text ptoext emits, with MLIR 19's own tools.
//
//   prog.mlir --mlir-opt-19 (verify, then lower: arith-expand, scf-to-cf, to-llvm,
//             reconcile-unrealized-casts)--> LLVM-dialect MLIR
//             --mlir-cpu-runner-19 -e main (JIT, loads libtigerrt.so)--> the program runs
//
// Input: the text of one MLIR module whose @main() returns nothing (mlir_emit.hh).
// Output: the program's exit status, exactly as the tree interpreter would give it:
// 0, the n of exit(n), or 70 for a runtime error. The program reads `io.in` and writes
// `io.out`; tool errors and runtime error messages go to `io.err` (tigerc's own about
// the run to `messages` when given).
// tools/run-mlir.sh does the same steps by hand (ptoext/README.md, "MLIR").
#pragma once

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <string>

namespace tiger::pto {

// 8192 MiB: room for the tools and the program's own limits (1 GiB of heap, 1 GiB of
// strings, a 256 MiB stack). $TIGERC_MLIR_MEMORY_MIB overrides it (0 = no cap: an
// AddressSanitizer runtime reserves terabytes of address space).
std::size_t defaultMemoryLimitMiB();

struct MlirRunOptions {
  int in = 0; // file descriptors the program uses as stdin, stdout, stderr
  int out = 1;
  int err = 2;
  int timeoutSeconds = 60; // each tool is killed after this long
  std::size_t memoryLimitMiB =
      defaultMemoryLimitMiB(); // each tool's address space; 0 = none
  int maxDepth = 10'000;       // the call-depth limit (RunOptions::maxDepth); 0 = none
  std::uint64_t maxSteps = 100'000'000; // calls + loop iterations (RunOptions::maxSteps)
  std::string runtimeLib;               // libtigerrt.so; "" = defaultRuntimeLib()
  std::ostream* messages = nullptr; // tigerc's own messages (a tool missing, a time-out);
                                    // null: written to `err`
};

// The libtigerrt.so of this build: $TIGERRT_PATH when set, else the path CMake compiled in.
std::string defaultRuntimeLib();

// Is the MLIR toolchain (mlir-opt and mlir-cpu-runner, version 19 preferred) on PATH?
bool mlirToolsAvailable();

// Verifies, lowers and runs `mlirText`. Returns the exit status: the program's own
// (0, exit(n), 70 for a runtime error), 71 (ExitCode::Limit) when it runs out of time,
// steps or stack or calls deeper than maxDepth, 73 when its output cannot be written,
// 75 (ExitCode::ToolFailure) when a tool is missing, rejects the MLIR or crashes,
// or 128 + signal when the program itself dies of a signal (a stack overflow).
int runMlir(const std::string& mlirText, const MlirRunOptions& opts);

} // namespace tiger::pto
