// no_mlir_run.cc - ptoext/mlir_run.hh for the WebAssembly build: a page cannot start
// mlir-opt-19 or mlir-cpu-runner-19, so --run-mlir says so and fails with exit 75
// (ExitCode::ToolFailure), as the native tigerc does when the tools are missing. The
// message goes where tigerc's own messages about the run go (MlirRunOptions::messages).
#include "ptoext/mlir_run.hh"

#include "base/diag.hh"

#include <iostream>

namespace tiger::pto {

std::size_t defaultMemoryLimitMiB() {
  return 0;
}

std::string defaultRuntimeLib() {
  return "";
}

bool mlirToolsAvailable() {
  return false;
}

int runMlir(const std::string&, const MlirRunOptions& opts) {
  std::ostream& messages = opts.messages ? *opts.messages : std::cerr;
  messages << "tigerc: --run-mlir is not available in the browser (it needs mlir-opt-19 "
              "and mlir-cpu-runner-19); use the native tigerc\n";
  return static_cast<int>(ExitCode::ToolFailure);
}

} // namespace tiger::pto
