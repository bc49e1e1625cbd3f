// fuzz_tigerc.cc - a libFuzzer target over the whole driver, in process.
//
// Input: any bytes, taken as a Tiger program and as a dump of --emit=pto-ssa. Each input
// goes through tigerc's one entry, runTigerc (driver/pipeline.hh), several times, as
// the command line would run it: checked, every canon stage with its checkers (traces
// printed with --locations), run on the interpreter under small limits (reading an
// empty input), and lowered to MLIR text with the ptoext verifiers; then read back as
// ptoext's SSA form (--from=pto-ssa: a student's dump, hostile), checked and lowered
// to MLIR text.
// Output: nothing; an internal error (exit 77: a checker caught a compiler bug), a
// crash, or a sanitizer report makes libFuzzer save the input. Build and run: `make fuzz`
// (README.md).
#include "base/big_stack.hh"
#include "base/diag.hh"
#include "driver/options.hh"
#include "driver/pipeline.hh"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <sys/mman.h>
#include <unistd.h>
#include <vector>

namespace {

// The input as a file the driver can open: a memfd, rewritten for each input.
const std::string& inputPath(const std::uint8_t* data, std::size_t size) {
  static const int fd = memfd_create("tiger-fuzz", 0);
  static const std::string path = "/proc/self/fd/" + std::to_string(fd);
  if (ftruncate(fd, 0) != 0 || pwrite(fd, data, size, 0) != static_cast<ssize_t>(size))
    std::abort();
  return path;
}

// runTigerc on a 256 MiB stack; what it prints, stdout and stderr together, in `sink`.
int runTigerc(const std::vector<std::string>& args, std::ostringstream& sink) {
  std::istringstream noInput;
  int status = 0;
  tiger::runOnBigStack(
      [&] { status = tiger::driver::runTigerc(args, noInput, sink, sink); },
      std::size_t{256} << 20);
  return status;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string& file = inputPath(data, size);
  const std::vector<std::vector<std::string>> runs = {
      {"--verify", "--locations", "--emit=traces", file},
      {"--run", "--max-steps=20000", "--max-depth=200", file},
      {"--verify", "--emit=mlir", "--mlir-hooks", file}, // the MLIR --run-mlir runs
      {"--from=pto-ssa", "--verify", "--emit=mlir", file}};
  for (const auto& run : runs) {
    if (tiger::driver::Options opts; tiger::driver::parseOptions(run, opts))
      std::abort(); // a command line of this file that tigerc rejects
    std::ostringstream sink;
    int status = runTigerc(run, sink);
    if (status == static_cast<int>(tiger::ExitCode::Internal)) {
      std::fprintf(stderr, "fuzz: internal error from %s:\n%s\n", run[0].c_str(),
                   sink.str().c_str());
      std::abort();
    }
  }
  return 0;
}
