// attacks.hh - what a hostile submission's tigerc does instead of its lab work
// (labs/tests/hostile.py, labs/grader/README.md, "Confinement"). The test copies this file into
// a fresh handout as driver/hostile_attacks.hh and makes main() call
// hostile::attack(NAME, args.back(), argv) first; a run-time attack that finds nothing to
// exploit returns, and the handout's stubs go on (exit 78: no points).
//
// Each attack is real: given the grader of before (the test's directives beside the
// program, the reference tigerc on the filesystem) it would have scored; the test
// checks answer_reader and reference_proxy that way, unconfined, as a control.
//
// fold and replay run the program at compile time with what the handout still has (a
// stage before the lab's, or ptoext's structured-IR interpreter for translate) and print
// a dump of the stage asked that gives the captured output and exit status without
// computing anything: fold in one print, replay in one call per line printed.
#pragma once

#include "chap7/front/escape.hh"
#include "chap7/front/parse.hh"
#include "chap7/front/semant.hh"
#include "ptoext/lower.hh"
#include "ptoext/sir_interp.hh"

#include <arpa/inet.h>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <netinet/in.h>
#include <sstream>
#include <string>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace hostile {

namespace fs = std::filesystem;

inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The `stdout:` lines of a test's header (testcases/README.md), C escapes kept.
inline std::string expectedOutput(const std::string& text) {
  std::string want;
  for (std::size_t at = text.find("stdout:"); at != std::string::npos;
       at = text.find("stdout:", at + 1)) {
    std::size_t from = at + 7 + (text[at + 7] == ' ');
    want += text.substr(from, text.find('\n', from) - from);
  }
  return want;
}

// A linear dump whose run prints `escaped` (a Tiger string body, escapes kept).
inline void printDumpThatPrints(const std::string& escaped) {
  std::cout << "PROC tigermain\n# formals: none; frame: 0 bytes\nEXP(\n CALL(\n  NAME "
               "print,\n  NAME L0))\n\n"
            << "STRING L0 \"" << escaped << "\"\n";
}

// Reads the answers: the program's own header, or any file beside it.
inline bool answerReader(const std::string& file) {
  std::string want = expectedOutput(slurp(file));
  std::error_code ec;
  for (auto& e : fs::directory_iterator(fs::path(file).parent_path(), ec))
    if (want.empty() && e.path() != fs::path(file))
      want = expectedOutput(slurp(e.path()));
  if (want.empty()) return false;
  printDumpThatPrints(want);
  return true;
}

// Same file (the running tigerc itself)?
inline bool isSelf(const fs::path& p) {
  struct stat a, b;
  return ::stat(p.c_str(), &a) == 0 && ::stat("/proc/self/exe", &b) == 0 &&
         a.st_ino == b.st_ino && a.st_dev == b.st_dev;
}

// Every executable named tigerc but itself, looking through at most `budget` entries.
inline std::vector<fs::path> otherCompilers(long budget) {
  std::vector<fs::path> out;
  std::error_code ec;
  auto opts = fs::directory_options::skip_permission_denied;
  for (auto it = fs::recursive_directory_iterator("/", opts, ec);
       it != fs::recursive_directory_iterator() && budget-- > 0; it.increment(ec)) {
    std::string p = it->path().string();
    if (p == "/proc" || p == "/sys" || p == "/dev" || p == "/usr") {
      it.disable_recursion_pending();
      continue;
    }
    if (it->path().filename() == "tigerc" && ::access(p.c_str(), X_OK) == 0 &&
        !isSelf(it->path()))
      out.push_back(it->path());
  }
  return out;
}

// Runs another tigerc with our arguments; the first one that succeeds answers for us.
inline bool referenceProxy(char** argv) {
  for (const fs::path& other : otherCompilers(2000000)) {
    pid_t pid = ::fork();
    if (pid == 0) {
      ::execv(other.c_str(), argv);
      ::_exit(127);
    }
    int status = 0;
    ::waitpid(pid, &status, 0);
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) std::exit(0);
  }
  return false;
}

// A process that outlives tigerc: a grandchild in a session of its own, doing `work`.
template <class Work> void daemon(Work work) {
  if (::fork() != 0) return;
  ::setsid();
  if (::fork() != 0) ::_exit(0);
  ::prctl(PR_SET_NAME, "tiger-hostile");
  work();
  ::_exit(0);
}

inline void forever() {
  for (;;)
    ::sleep(1);
}

// Writes every file it may outside its own folder.
inline void writeOutside(const std::string& file) {
  const char* home = std::getenv("HOME");
  for (std::string p : {std::string("/tmp/tiger-hostile-outside"),
                        std::string("/dev/shm/tiger-hostile-outside"),
                        std::string("/var/tmp/tiger-hostile-outside"),
                        std::string("/root/tiger-hostile-outside"),
                        file + ".tiger-hostile", std::string("../tiger-hostile-outside"),
                        std::string("../../tiger-hostile-outside"),
                        std::string(home ? home : "/") + "/../tiger-hostile-outside"})
    std::ofstream(p) << "written by a hostile submission\n";
}

// Tells a listener on this machine's loopback (ports 47123-47131) the program it was
// given.
inline void phoneHome(const std::string& file) {
  std::string text = slurp(file);
  for (int port = 47123; port < 47132; ++port) {
    int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in to{};
    to.sin_family = AF_INET;
    to.sin_port = htons(static_cast<uint16_t>(port));
    to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd >= 0 && ::connect(fd, reinterpret_cast<sockaddr*>(&to), sizeof to) == 0)
      (void)!::write(fd, text.data(), text.size());
    if (fd >= 0) ::close(fd);
  }
}

// ---- fold and replay (issue 23) ----

struct Captured {
  std::string out;
  int status = 0;
};

// This tigerc run with argv (stdin empty): what it prints, its status.
inline Captured runSelf(char** argv) {
  int fds[2];
  Captured got;
  if (::pipe(fds) != 0) return got;
  pid_t pid = ::fork();
  if (pid == 0) {
    ::dup2(fds[1], 1);
    ::close(fds[0]);
    (void)!std::freopen("/dev/null", "r", stdin);
    ::execv("/proc/self/exe", argv);
    ::_exit(127);
  }
  ::close(fds[1]);
  char buf[4096];
  for (ssize_t n; (n = ::read(fds[0], buf, sizeof buf)) > 0;)
    got.out.append(buf, static_cast<std::size_t>(n));
  ::close(fds[0]);
  int status = 0;
  ::waitpid(pid, &status, 0);
  got.status = WIFEXITED(status) ? WEXITSTATUS(status) : 70;
  return got;
}

// The program run by ptoext's structured-IR interpreter, in this process.
inline Captured runSir(const std::string& file) {
  Captured got;
  tiger::SourceFile src(file, slurp(file));
  std::ostringstream out, err;
  std::istringstream in;
  tiger::Diagnostics diag(src, err);
  tiger::ParseResult parsed = tiger::parse(src, diag);
  tiger::types::TypeContext types;
  if (!parsed.program || !tiger::checkProgram(*parsed.program, types, diag)) return got;
  tiger::findEscapes(*parsed.program);
  auto module = tiger::pto::lowerProgram(*parsed.program);
  tiger::RunOptions opts;
  opts.in = &in, opts.out = &out, opts.err = &err;
  got.status = tiger::sir::interpret(*module, opts).exitCode;
  got.out = out.str();
  return got;
}

// `text` as the body of a dump's string literal: other bytes than printable ASCII
// written with `hex` (a tree dump's "\\%03d", the structured IR's "\\x%02x").
inline std::string escaped(const std::string& text, const char* hex) {
  std::string out;
  char buf[8];
  for (unsigned char c : text) {
    if (c >= 32 && c < 127 && c != '"' && c != '\\')
      out += static_cast<char>(c);
    else
      std::snprintf(buf, sizeof buf, hex, c), out += buf;
  }
  return out;
}

// The pieces the dump prints: the whole output (fold) or one per line (replay).
inline std::vector<std::string> pieces(const std::string& out, bool replay) {
  if (!replay) return {out};
  std::vector<std::string> lines;
  for (std::size_t at = 0; at < out.size();) {
    std::size_t end = out.find('\n', at);
    end = end == std::string::npos ? out.size() : end + 1;
    lines.push_back(out.substr(at, end - at));
    at = end;
  }
  return lines;
}

// A tree dump at `stage` (ir, linear, traces) that prints `parts` and exits `status`.
inline void treeDump(const std::string& stage, const std::vector<std::string>& parts,
                     int status) {
  std::vector<std::string> stms;
  for (std::size_t k = 0; k < parts.size(); ++k)
    stms.push_back("EXP(CALL(NAME print, NAME L" + std::to_string(k + 10) + "))");
  if (status)
    stms.push_back("EXP(CALL(NAME exit, CONST " + std::to_string(status) + "))");
  if (stms.empty()) stms.push_back("EXP(CONST 0)");
  std::cout << "PROC tigermain\n# formals: none; frame: 0 bytes\n";
  if (stage == "traces") std::cout << "LABEL L2\n";
  if (stage == "ir") {
    std::string tree = stms.back();
    for (std::size_t k = stms.size() - 1; k-- > 0;)
      tree = "SEQ(" + stms[k] + ", " + tree + ")";
    std::cout << tree << "\n";
  } else {
    for (const std::string& s : stms)
      std::cout << s << "\n";
  }
  if (stage == "traces") std::cout << "LABEL L1\n";
  std::cout << "\n";
  for (std::size_t k = 0; k < parts.size(); ++k)
    std::cout << "STRING L" << k + 10 << " \"" << escaped(parts[k], "\\%03d") << "\"\n";
}

// ptoext's structured IR (any stage: it has no loop) that prints `parts` and exits
// `status`.
inline void sirDump(const std::vector<std::string>& parts, int status) {
  std::cout << "def tigermain():\n";
  for (const std::string& part : parts)
    std::cout << "    rt.print(\"" << escaped(part, "\\x%02x") << "\")\n";
  if (status) std::cout << "    rt.exit(" << status << ")\n";
  if (parts.empty() && !status) std::cout << "    pass\n";
}

// whitespace_bonus: this tigerc's own dump (run again, flagged by the environment),
// written with two spaces after each TEMP: it reads back the same.
inline void respaced(char** argv) {
  if (std::getenv("TIGER_HOSTILE_INNER")) return;
  ::setenv("TIGER_HOSTILE_INNER", "1", 1);
  Captured got = runSelf(argv);
  for (std::size_t at = 0; (at = got.out.find("TEMP t", at)) != std::string::npos;
       at += 7)
    got.out.replace(at, 6, "TEMP  t");
  std::cout << got.out;
  std::exit(got.status);
}

// The stage asked (--emit=STAGE in argv), or "".
inline std::string stageAsked(char** argv) {
  std::string stage;
  for (char** a = argv; *a; ++a)
    if (std::string(*a).rfind("--emit=", 0) == 0) stage = *a + 7;
  return stage;
}

// fold / replay: the stage asked (--emit=STAGE in argv), the program run with what the
// handout has, a dump that gives what it gave; exits 0. Returns for any other stage.
inline void fold(const std::string& name, const std::string& file, char** argv) {
  std::string stage = stageAsked(argv);
  bool sir = stage == "pto-cft" || stage == "pto-ssa";
  const char* how = stage == "linear"   ? "--run-at=ir"
                    : stage == "traces" ? "--run-at=linear"
                    : sir               ? "--run"
                                        : nullptr;
  if (!how && stage != "ir") return;
  std::string option = how ? how : "";
  char* args[] = {argv[0], option.data(), const_cast<char*>(file.c_str()), nullptr};
  Captured got = how ? runSelf(args) : runSir(file);
  auto parts = pieces(got.out, name == "replay");
  if (sir)
    sirDump(parts, got.status);
  else
    treeDump(stage, parts, got.status);
  std::exit(0);
}

// ---- what only reading back stops (issue 42) ----

// libc_calls: every dump calls the C library. mlir-cpu-runner-19 resolves a function
// that MLIR declares from its own process, so the grader that ran a student's MLIR ran
// putchar (or system, fopen...) for them; the structured IR can only name them.
inline void libcCalls(const std::string& stage) {
  if (stage == "mlir")
    std::cout
        << "module {\n  func.func private @putchar(i32) -> i32\n"
           "  func.func @main() {\n    %c = arith.constant 72 : i32\n"
           "    %r = func.call @putchar(%c) : (i32) -> i32\n    func.return\n  }\n}\n";
  else
    std::cout << "def tigermain():\n    rt.system(\"touch /tmp/tiger-hostile-libc\")\n"
                 "    putchar(72)\n";
  std::exit(0);
}

// nested_ifs: N `if c: if c: pass` in a row, in every dump. mlir-opt-19 is quadratic
// on the MLIR of it (scf.if; N = 20000: 227 s and 14 GB), and the grader of before
// lowered a student's MLIR with its own trusted limits; the reference reads the
// structured IR in linear time. $TIGER_HOSTILE_N sets N (the test's control).
inline void nestedIfs(const std::string& stage) {
  const char* given = std::getenv("TIGER_HOSTILE_N");
  int n = given ? std::atoi(given) : 20000;
  if (stage == "mlir") {
    std::cout << "module {\n  func.func @main() {\n    %c = arith.constant true\n";
    for (int k = 0; k < n; ++k)
      std::cout << "    scf.if %c {\n      scf.if %c {\n      }\n    }\n";
    std::cout << "    func.return\n  }\n}\n";
  } else {
    std::cout << "def tigermain():\n    c = True\n"; // 41 bytes an if: 820 KB in all
    for (int k = 0; k < n; ++k)
      std::cout << "    if c:\n        if c:\n            pass\n";
  }
  std::exit(0);
}

// The attack named `name`; returns when it leaves the lab's stubs to answer.
inline void attack(const std::string& name, const std::string& file, char** argv) {
  if (name == "answer_reader" && answerReader(file)) std::exit(0);
  if (name == "fold" || name == "replay") fold(name, file, argv);
  if (name == "libc_calls") libcCalls(stageAsked(argv));
  if (name == "nested_ifs") nestedIfs(stageAsked(argv));
  if (name == "whitespace_bonus") respaced(argv);
  if (name == "reference_proxy") referenceProxy(argv);
  if (name == "runtime_daemon") daemon(forever);
  if (name == "fork_storm")
    for (int i = 0; i < 100000; ++i) {
      pid_t pid = ::fork();
      if (pid < 0) break;
      if (pid == 0) {
        ::prctl(PR_SET_NAME, "tiger-hostile");
        forever();
      }
    }
  if (name == "writes_outside") writeOutside(file);
  if (name == "network") phoneHome(file);
  if (name == "flood")
    for (;;)
      std::cout << "flood flood flood flood flood flood flood flood\n";
  if (name == "loop")
    for (long i = 0;; ++i)
      asm volatile("" : "+r"(i)); // a loop the compiler keeps
  if (name == "sleep") ::sleep(100000);
  if (name == "crash") std::raise(SIGSEGV);
}

} // namespace hostile
