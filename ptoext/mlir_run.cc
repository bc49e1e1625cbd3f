// mlir_run.cc - see mlir_run.hh. Runs MLIR 19's tools as child processes:
//
//   mlir-opt-19 prog.mlir <lowering passes> -o prog.llvm.mlir     (verifies as it parses)
//   mlir-cpu-runner-19 prog.llvm.mlir -e main -entry-point-result=void --disable-lsr
//                      --shared-libs=libtigerrt.so                 (the program's stdio)
//
// Both files are mkstemp temporaries, removed afterwards. Each child is forked, sets its
// own address-space limit before it execs the tool (so no instant of the tool runs
// without it), and is killed when it outlives the time limit: a run never hangs nor eats
// the machine's memory.
#include "ptoext/mlir_run.hh"

#include "base/diag.hh"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <ostream>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

extern char** environ;

namespace tiger::pto {
namespace {

// The lowering of mlir.md: arith, scf and func (with the llvm ops we emit) to LLVM.
const char* const kLoweringPasses[] = {"--arith-expand", "--convert-scf-to-cf",
                                       "--convert-to-llvm",
                                       "--reconcile-unrealized-casts"};

void report(const MlirRunOptions& opts, const std::string& message) {
  std::string line = "tigerc: " + message + "\n";
  if (opts.messages) {
    *opts.messages << line << std::flush;
    return;
  }
  if (::write(opts.err, line.data(), line.size()) < 0)
    return; // nowhere left to report it
}

bool isExecutable(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
         ::access(path.c_str(), X_OK) == 0;
}

// The first of `names` found in a folder of $PATH (names are tried in order).
std::optional<std::string> findTool(std::initializer_list<const char*> names) {
  const char* env = std::getenv("PATH");
  std::string path = env ? env : "/usr/bin:/bin";
  for (const char* name : names) {
    std::size_t start = 0;
    while (start <= path.size()) {
      std::size_t end = path.find(':', start);
      if (end == std::string::npos) end = path.size();
      std::string dir = end > start ? path.substr(start, end - start) : ".";
      if (isExecutable(dir + "/" + name)) return dir + "/" + name;
      start = end + 1;
    }
  }
  return std::nullopt;
}

std::optional<std::string> findOpt() {
  return findTool({"mlir-opt-19", "mlir-opt"});
}
std::optional<std::string> findRunner() {
  return findTool({"mlir-cpu-runner-19", "mlir-cpu-runner", "mlir-runner"});
}

// A temporary file "/tmp/tigerc-XXXXXX<suffix>", removed when this goes away.
class TempFile {
public:
  explicit TempFile(const char* suffix) {
    const char* dir = std::getenv("TMPDIR");
    std::string name =
        std::string(dir && *dir ? dir : "/tmp") + "/tigerc-XXXXXX" + suffix;
    std::vector<char> buf(name.begin(), name.end());
    buf.push_back('\0');
    fd_ =
        ::mkstemps(buf.data(), static_cast<int>(std::char_traits<char>::length(suffix)));
    if (fd_ >= 0) path_ = buf.data();
  }
  ~TempFile() {
    if (fd_ >= 0) {
      ::close(fd_);
      ::unlink(path_.c_str());
    }
  }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  bool ok() const { return fd_ >= 0; }
  const std::string& path() const { return path_; }
  bool write(const std::string& text) const {
    std::size_t done = 0;
    while (done < text.size()) {
      ssize_t n = ::write(fd_, text.data() + done, text.size() - done);
      if (n <= 0) return false;
      done += static_cast<std::size_t>(n);
    }
    return true;
  }

private:
  int fd_ = -1;
  std::string path_;
};

// How a child process ended.
struct Ended {
  bool started = false;
  bool timedOut = false;
  int status = 0; // waitpid's status word
};

// The tools parse and translate nested regions recursively: mlir-opt-19 overflows the
// usual 8 MiB stack on programs nested ~3000 deep, and needs 64 MiB at the parser's
// 10000-level cap. Children inherit this process's limit, so it is raised (never lowered).
void raiseStackLimit() {
  constexpr rlim_t kWanted = rlim_t{256} << 20;
  struct rlimit limit;
  if (::getrlimit(RLIMIT_STACK, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY ||
      limit.rlim_cur >= kWanted)
    return;
  limit.rlim_cur =
      limit.rlim_max == RLIM_INFINITY ? kWanted : std::min(kWanted, limit.rlim_max);
  ::setrlimit(RLIMIT_STACK, &limit);
}

// This process's environment plus `extra` ("NAME=value" entries replacing NAME).
std::vector<std::string> environment(const std::vector<std::string>& extra) {
  std::vector<std::string> env;
  for (char** e = environ; *e; ++e) {
    std::string entry = *e;
    bool replaced = false;
    for (const std::string& x : extra)
      replaced =
          replaced || entry.compare(0, x.find('=') + 1, x, 0, x.find('=') + 1) == 0;
    if (!replaced) env.push_back(entry);
  }
  env.insert(env.end(), extra.begin(), extra.end());
  return env;
}

std::vector<char*> pointers(std::vector<std::string>& strings) {
  std::vector<char*> out;
  for (std::string& s : strings)
    out.push_back(s.data());
  out.push_back(nullptr);
  return out;
}

// In a forked child: caps its address space at `mib` MiB (0: no cap), puts `in`, `out`,
// `err` on 0, 1, 2 and execs. Only async-signal-safe calls: the parent has threads.
[[noreturn]] void execTool(char* const* args, char* const* envp, int in, int out, int err,
                           std::size_t mib) {
  if (mib != 0) {
    rlim_t bytes = static_cast<rlim_t>(mib) << 20;
    struct rlimit limit = {bytes, bytes};
    if (::setrlimit(RLIMIT_AS, &limit) != 0) ::_exit(127);
  }
  if (::dup2(in, 0) < 0 || ::dup2(out, 1) < 0 || ::dup2(err, 2) < 0) ::_exit(127);
  ::execve(args[0], args, envp);
  ::_exit(127); // not started: the parent reports "failed with status 127"
}

// Runs argv[0] with stdin/stdout/stderr on `in`, `out`, `err` and `extraEnv` added to
// the environment, within opts' memory limit, killing it after opts.timeoutSeconds.
Ended runChild(std::vector<std::string> argv, int in, int out, int err,
               const MlirRunOptions& opts,
               const std::vector<std::string>& extraEnv = {}) {
  std::vector<std::string> env = environment(extraEnv);
  std::vector<char*> args = pointers(argv), envp = pointers(env);
  Ended ended;
  if (!isExecutable(argv[0])) return ended; // "cannot start TOOL"
  pid_t pid = ::fork();
  if (pid == 0) execTool(args.data(), envp.data(), in, out, err, opts.memoryLimitMiB);
  ended.started = pid > 0;
  if (!ended.started) return ended;
  auto deadline =
      std::chrono::steady_clock::now() + std::chrono::seconds(opts.timeoutSeconds);
  while (::waitpid(pid, &ended.status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      ::kill(pid, SIGKILL);
      ::waitpid(pid, &ended.status, 0);
      ended.timedOut = true;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return ended;
}

// " (its memory limit is N MiB)": a tool that dies or fails may have reached it.
std::string memoryNote(const MlirRunOptions& opts) {
  if (opts.memoryLimitMiB == 0) return "";
  return " (its memory limit is " + std::to_string(opts.memoryLimitMiB) + " MiB)";
}

// Why a tool did not finish well, or "" when it exited with status 0.
std::string toolProblem(const std::string& tool, const Ended& e,
                        const MlirRunOptions& opts) {
  if (!e.started) return "cannot start " + tool;
  if (e.timedOut)
    return tool + " ran longer than " + std::to_string(opts.timeoutSeconds) + " s";
  if (WIFSIGNALED(e.status))
    return tool + " died of signal " + std::to_string(WTERMSIG(e.status)) +
           memoryNote(opts);
  if (WEXITSTATUS(e.status) != 0)
    return tool + " failed with status " + std::to_string(WEXITSTATUS(e.status)) +
           memoryNote(opts);
  return "";
}

constexpr int kToolFailure = static_cast<int>(ExitCode::ToolFailure);

// mlir-opt: `input` (emitted MLIR) -> `output` (LLVM dialect). Returns a problem or "".
std::string lower(const std::string& opt, const TempFile& input, const TempFile& output,
                  const MlirRunOptions& opts) {
  std::vector<std::string> argv = {opt, input.path()};
  for (const char* pass : kLoweringPasses)
    argv.push_back(pass);
  argv.insert(argv.end(), {"-o", output.path()});
  return toolProblem(opt, runChild(argv, opts.in, opts.err, opts.err, opts), opts);
}

// mlir-cpu-runner: JIT-runs `lowered` with the program's stdio; returns its status.
int jitRun(const std::string& runner, const TempFile& lowered,
           const MlirRunOptions& opts) {
  std::string lib = opts.runtimeLib.empty() ? defaultRuntimeLib() : opts.runtimeLib;
  // --disable-lsr: LLVM's loop strength reduction takes time quadratic in the loops of
  // a function (1000 loops in a row: 37 s to compile with it, 0.9 s without).
  std::vector<std::string> argv = {
      runner,          lowered.path(),        "-e", "main", "-entry-point-result=void",
      "--disable-lsr", "--shared-libs=" + lib};
  std::vector<std::string> env = {"TIGERRT_MAX_DEPTH=" + std::to_string(opts.maxDepth),
                                  "TIGERRT_MAX_STEPS=" + std::to_string(opts.maxSteps)};
#ifdef TIGER_ASAN_RUNTIME
  // A sanitized libtigerrt.so needs the ASan runtime loaded first; the leaks of
  // mlir-cpu-runner itself are not ours to report.
  env.insert(env.end(),
             {"LD_PRELOAD=" TIGER_ASAN_RUNTIME, "ASAN_OPTIONS=detect_leaks=0"});
#endif
  Ended e = runChild(argv, opts.in, opts.out, opts.err, opts, env);
  if (!e.started) return report(opts, "cannot start " + runner), kToolFailure;
  if (e.timedOut) {
    report(opts,
           "the program ran longer than " + std::to_string(opts.timeoutSeconds) + " s");
    return static_cast<int>(ExitCode::Limit);
  }
  if (WIFSIGNALED(e.status)) {
    report(opts, "the program died of signal " + std::to_string(WTERMSIG(e.status)) +
                     " in " + runner + memoryNote(opts));
    return 128 + WTERMSIG(e.status);
  }
  return WEXITSTATUS(e.status);
}

} // namespace

std::size_t defaultMemoryLimitMiB() {
  const char* env = std::getenv("TIGERC_MLIR_MEMORY_MIB");
#ifdef TIGER_ASAN_RUNTIME
  constexpr std::size_t kDefault = 0; // ASan's shadow memory is terabytes of addresses
#else
  constexpr std::size_t kDefault = 8192;
#endif
  return env && *env ? std::strtoull(env, nullptr, 10) : kDefault;
}

std::string defaultRuntimeLib() {
  if (const char* env = std::getenv("TIGERRT_PATH"); env && *env) return env;
  return TIGERRT_PATH;
}

bool mlirToolsAvailable() {
  return findOpt() && findRunner();
}

int runMlir(const std::string& mlirText, const MlirRunOptions& opts) {
  std::optional<std::string> opt = findOpt(), runner = findRunner();
  if (!opt || !runner) {
    report(opts, std::string("cannot find ") +
                     (opt ? "mlir-cpu-runner-19" : "mlir-opt-19") +
                     " on PATH (Debian: apt-get install mlir-19-tools)");
    return kToolFailure;
  }
  TempFile input(".mlir"), lowered(".llvm.mlir");
  if (!input.ok() || !lowered.ok() || !input.write(mlirText)) {
    report(opts, "cannot write a temporary file for the MLIR");
    return kToolFailure;
  }
  std::fflush(nullptr); // our own buffered output comes before the program's
  raiseStackLimit();
  if (std::string problem = lower(*opt, input, lowered, opts); !problem.empty()) {
    report(opts, problem + " on the emitted MLIR");
    return kToolFailure;
  }
  return jitRun(*runner, lowered, opts);
}

} // namespace tiger::pto
