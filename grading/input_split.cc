// input_split.cc - one start, many inputs (input_split.hh): the fork, the limits and
// the records.
//
// Input: the inputs, each a file and its limits. Output: on the parent's stdout, one
// record per input in order (input_split.hh), then the parent exits 0; each child
// returns from splitForInputs with its input's number and goes on as if it had been
// started alone on that input.
//
// Each child gets the input as its stdin and two memory files as its stdout and stderr,
// capped by RLIMIT_FSIZE (one byte more gets SIGXFSZ); the parent waits for it at most
// the input's seconds of wall time, then kills it and runs no more inputs. The children
// run one after another, so a child's limits of memory and CPU are those the whole
// process had.
#include "grading/input_split.hh"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace tiger {
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
// record's STATUS.
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
// at `bytes`, the signal mask the process had.
void becomeChild(int in, int out, int err, std::int64_t bytes, const sigset_t& mask) {
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

bool child = false;

} // namespace

bool isSplitChild() {
  return child;
}

std::vector<SplitInput> inputsOfFolder(const std::string& dir, const SplitInput& each) {
  std::vector<SplitInput> inputs;
  for (int k = 0;; ++k) {
    std::string path = dir + "/" + std::to_string(k) + ".in";
    if (access(path.c_str(), F_OK) != 0) return inputs;
    inputs.push_back({path, each.seconds, each.bytes});
  }
}

int splitForInputs(const std::vector<SplitInput>& inputs) {
  if (inputs.empty()) return -1;
  sigset_t childEnded, mask;
  sigemptyset(&childEnded);
  sigaddset(&childEnded, SIGCHLD);
  sigprocmask(SIG_BLOCK, &childEnded, &mask);
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    const SplitInput& input = inputs[k];
    int in = open(input.path.c_str(), O_RDONLY | O_CLOEXEC);
    if (in < 0) cannotSplit(input.path.c_str());
    int out = memfd_create("stdout", MFD_CLOEXEC),
        err = memfd_create("stderr", MFD_CLOEXEC);
    if (out < 0 || err < 0) cannotSplit("memfd_create");
    pid_t pid = fork();
    if (pid < 0) cannotSplit("fork");
    if (pid == 0) {
      becomeChild(in, out, err, input.bytes, mask);
      child = true;
      return static_cast<int>(k); // the child runs the rest on input k
    }
    close(in);
    std::string status = waitFor(pid, input.seconds, childEnded);
    std::string stdoutText = readAll(out), stderrText = readAll(err);
    close(out);
    close(err);
    std::string head = "tigerrt input " + std::to_string(k) + ": " + status + " " +
                       std::to_string(stdoutText.size()) + " " +
                       std::to_string(stderrText.size()) + "\n";
    for (const std::string* part : {&head, &stdoutText, &stderrText})
      writeAll(1, part->data(), part->size());
    if (status == "timeout") break; // the rest would cost their limits for nothing
  }
  std::_Exit(0);
}

} // namespace tiger
