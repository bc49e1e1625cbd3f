// input_split.cc - one compile, many inputs: how the ptoext grader runs a student's
// lowered MLIR on each of the inputs it judges it on (labs/GRADING.md, "What is judged")
// while mlir-cpu-runner-19 starts and JIT-compiles the module only once.
//
// Input: $TIGERRT_INPUTS, a folder holding 0.in, 1.in, ... (the inputs, in order);
// $TIGERRT_INPUT_SECONDS, the wall time each input may take (default 10);
// $TIGERRT_INPUT_BYTES, what each input's stdout and stderr may hold (default 1 MiB).
// Output: on the process's stdout, for each input K in order, one record
//     tigerrt input K: STATUS OUT ERR\n  then OUT bytes of its stdout, ERR of its stderr
// where STATUS is "exit N", "signal N" (it was killed by signal N; SIGXFSZ: it wrote more
// than $TIGERRT_INPUT_BYTES) or "timeout"; then the process exits 0.
//
// The split happens at the program's first read or write, the first moment an input can
// make a difference: everything the program did before is the same on every input. For
// each input in turn a child process goes on from there, with K.in as its stdin and two
// memory files as its stdout and stderr, while the parent waits for it. A program that
// never reads or prints never splits: its one run is its run on every input, and its
// stdout holds no record. A child ends at tigermain's end or exit (tig_leave, tig_exit),
// or when main returns (__mlir_execution_engine_destroy, below), never through
// mlir-cpu-runner's clean-up, which would wait forever for MLIR's worker threads (only
// the first process has them). Without $TIGERRT_INPUTS nothing happens.
#include "ptoext/runtime/input_split.h"

#include "ptoext/runtime/tigerrt.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <string>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace tigerrt {
namespace {

[[noreturn]] void cannotSplit(const char* what) {
  std::fprintf(stderr, "runtime error: cannot run the grader's inputs: %s: %s\n", what,
               std::strerror(errno));
  std::_Exit(70); // ExitCode::Runtime
}

void writeAll(int fd, const char* data, std::size_t n) {
  while (n > 0) {
    ssize_t wrote = write(fd, data, n);
    if (wrote < 0 && errno == EINTR) continue;
    if (wrote <= 0) cannotSplit("writing the report");
    data += wrote;
    n -= static_cast<std::size_t>(wrote);
  }
}

std::string readAll(int fd) {
  std::string text;
  char buffer[1 << 16];
  lseek(fd, 0, SEEK_SET);
  for (ssize_t got; (got = read(fd, buffer, sizeof buffer)) != 0;) {
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) cannotSplit("reading an input's output");
    text.append(buffer, static_cast<std::size_t>(got));
  }
  return text;
}

double now() {
  timespec t{};
  clock_gettime(CLOCK_MONOTONIC, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

// Waits for the child pid (SIGCHLD is blocked, so sigtimedwait sleeps until some child
// ends), at most `seconds` of wall time; at the deadline the child is killed. The
// report's STATUS.
std::string waitFor(pid_t pid, double seconds, const sigset_t& childEnded) {
  const double deadline = now() + seconds;
  int status = 0;
  while (waitpid(pid, &status, WNOHANG) != pid) {
    double left = deadline - now();
    if (left <= 0) {
      kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
      return "timeout";
    }
    timespec wait{static_cast<time_t>(left),
                  static_cast<long>((left - static_cast<time_t>(left)) * 1e9)};
    sigtimedwait(&childEnded, nullptr, &wait);
  }
  if (WIFSIGNALED(status)) return "signal " + std::to_string(WTERMSIG(status));
  return "exit " + std::to_string(WEXITSTATUS(status));
}

// In the child: the input as stdin, the memory files as stdout and stderr, each capped
// at `bytes` (one byte more gets SIGXFSZ), the signal mask the program had.
void becomeChild(int in, int out, int err, int64_t bytes, const sigset_t& mask) {
  dup2(in, 0);
  dup2(out, 1);
  dup2(err, 2);
  close(in);
  close(out);
  close(err);
  rlimit cap{static_cast<rlim_t>(bytes + 1), static_cast<rlim_t>(bytes + 1)};
  setrlimit(RLIMIT_FSIZE, &cap);
  sigprocmask(SIG_SETMASK, &mask, nullptr);
}

bool split = false, child = false;

} // namespace

bool isSplitChild() {
  return child;
}

void splitForInputs() {
  if (split) return;
  split = true;
  const char* folder = std::getenv("TIGERRT_INPUTS");
  if (!folder || !*folder) return;
  const double seconds = static_cast<double>(envNumber("TIGERRT_INPUT_SECONDS", 10));
  const int64_t bytes = envNumber("TIGERRT_INPUT_BYTES", int64_t{1} << 20);
  std::fflush(stdout);
  sigset_t childEnded, mask;
  sigemptyset(&childEnded);
  sigaddset(&childEnded, SIGCHLD);
  sigprocmask(SIG_BLOCK, &childEnded, &mask);
  for (int k = 0;; ++k) {
    std::string path = std::string(folder) + "/" + std::to_string(k) + ".in";
    int in = open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (in < 0) break;
    int out = memfd_create("stdout", MFD_CLOEXEC),
        err = memfd_create("stderr", MFD_CLOEXEC);
    if (out < 0 || err < 0) cannotSplit("memfd_create");
    pid_t pid = fork();
    if (pid < 0) cannotSplit("fork");
    if (pid == 0) {
      becomeChild(in, out, err, bytes, mask);
      child = true;
      return; // the child runs the rest of the program on input k
    }
    close(in);
    std::string status = waitFor(pid, seconds, childEnded);
    std::string stdoutText = readAll(out), stderrText = readAll(err);
    close(out);
    close(err);
    std::string head = "tigerrt input " + std::to_string(k) + ": " + status + " " +
                       std::to_string(stdoutText.size()) + " " +
                       std::to_string(stderrText.size()) + "\n";
    for (const std::string* part : {&head, &stdoutText, &stderrText})
      writeAll(1, part->data(), part->size());
  }
  std::_Exit(0);
}

} // namespace tigerrt

// mlir-cpu-runner-19's ExecutionEngine calls these in a --shared-libs library that has
// both: init when it loads it (the tig_ symbols are still found by the process-wide
// search, so there is nothing to register), destroy when the JIT'd main has returned,
// before the runner's clean-up. A child of the split ends there, as at tig_exit(0):
// MLIR whose main never calls tig_leave ends too.
extern "C" void __mlir_execution_engine_init(void* /*symbols to export: none*/) {
}

extern "C" void __mlir_execution_engine_destroy() {
  if (tigerrt::isSplitChild()) tig_exit(0);
}
