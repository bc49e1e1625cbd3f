// attacks.hh - what a hostile submission's tigerc does instead of its lab work
// (labs/tests/hostile.py, labs/GRADING.md "Confinement"). The test copies this file into
// a fresh handout as driver/hostile_attacks.hh and makes main() call
// hostile::attack(NAME, args.back(), argv) first; a run-time attack that finds nothing to
// exploit returns, and the handout's stubs go on (exit 78: no points).
//
// Each attack is real: given the grader of before (the test's directives beside the
// program, the reference tigerc on the filesystem) it would have scored; the test
// checks answer_reader and reference_proxy that way, unconfined, as a control.
#pragma once

#include <arpa/inet.h>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <netinet/in.h>
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

// The attack named `name`; returns when it leaves the lab's stubs to answer.
inline void attack(const std::string& name, const std::string& file, char** argv) {
  if (name == "answer_reader" && answerReader(file)) std::exit(0);
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
