// tigerc.cc - the driver: reads a Tiger program, runs the pipeline up to the stage
// asked for, prints it or runs it. The command-line contract (options, stages, exit
// codes) is in README.md; graders depend on it.
//
//   prog.tig -> parse -> checkProgram -> findEscapes -> translateProgram      (chap7)
//            -> C_linearize -> C_basicBlocks -> C_traceSchedule              (chap8)
//            -> interpret at the stage asked for
//   ptoext stages branch off the checked AST (ptoext/ptoext.hh).
//
// All of it is runTigerc (pipeline.hh), on the process's standard streams; main adds
// what only a process has: its stdout descriptor, its stdio and a big stack.
#include "driver/pipeline.hh"

#include "base/big_stack.hh"
#include "grading/input_split.hh"

#include <cstdlib>
#include <fcntl.h>
#include <iostream>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

// A closed stdout becomes /dev/full: writes then fail (and are reported, exit 73) instead
// of landing in the first file tigerc opens, which would get descriptor 1.
void keepStdoutOpen() {
  if (::fcntl(1, F_GETFD) == -1) {
    int fd = ::open("/dev/full", O_WRONLY);
    if (fd > 1) ::close(fd); // descriptor 1 was taken meanwhile: leave it
  }
}

} // namespace

int main(int argc, char** argv) {
  keepStdoutOpen();
  // tigerc writes only through iostreams (the MLIR tools get a flushed stdout), so
  // std::cout may keep its own buffer instead of calling stdio at each <<: printing a
  // large dump is several times faster. std::cerr stays tied to std::cout, so an error
  // still follows what was printed before it.
  std::ios::sync_with_stdio(false);
  std::vector<std::string> args(argv + 1, argv + argc);
  int status = 0;
  // Nested programs and deep Tiger recursion need more than the main thread's stack.
  tiger::runOnBigStack([&] {
    status = tiger::driver::runTigerc(args, std::cin, std::cout, std::cerr);
    // A child of --inputs holds only this thread: it ends here (grading/input_split.hh).
    if (tiger::isSplitChild()) std::cout.flush(), std::cerr.flush(), std::_Exit(status);
  });
  return status;
}
