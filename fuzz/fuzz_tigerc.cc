// fuzz_tigerc.cc - a libFuzzer target over the whole driver, in process.
//
// Input: any bytes, taken as a Tiger program. Each input goes through tigerc's
// pipeline (driver/pipeline.cc) several times, as the command line would run it:
// checked, every canon stage with its checkers, run on the interpreter under small
// limits, and lowered to MLIR text with the ptoext verifiers. Output: nothing; an
// internal error (exit 77: a checker caught a compiler bug), a crash, or a sanitizer
// report makes libFuzzer save the input. Build and run: `make fuzz` (README.md).
#include "chap7/big_stack.hh"
#include "chap7/diag.hh"
#include "driver/options.hh"
#include "driver/pipeline.hh"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iostream>
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

int runTigerc(std::vector<std::string> args) {
  std::vector<char*> argv;
  for (std::string& a : args)
    argv.push_back(a.data());
  tiger::driver::Options opts;
  if (tiger::driver::parseOptions(static_cast<int>(argv.size()), argv.data(), opts))
    std::abort();
  int status = 0;
  tiger::runOnBigStack([&] { status = tiger::driver::runPipeline(opts); },
                       std::size_t{256} << 20);
  return status;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string& file = inputPath(data, size);
  std::ostringstream sink;
  std::streambuf* out = std::cout.rdbuf(sink.rdbuf());
  std::streambuf* err = std::cerr.rdbuf(sink.rdbuf());
  const std::vector<std::vector<std::string>> runs = {
      {"tigerc", "--verify", "--emit=traces", file},
      {"tigerc", "--run", "--max-steps=20000", "--max-depth=200", file},
      {"tigerc", "--verify", "--emit=mlir", file}};
  for (const auto& run : runs) {
    sink.str("");
    if (runTigerc(run) == static_cast<int>(tiger::ExitCode::Internal)) {
      std::cout.rdbuf(out);
      std::cerr.rdbuf(err);
      std::fprintf(stderr, "fuzz: internal error from %s:\n%s\n", run[1].c_str(),
                   sink.str().c_str());
      std::abort();
    }
  }
  std::cout.rdbuf(out);
  std::cerr.rdbuf(err);
  return 0;
}
