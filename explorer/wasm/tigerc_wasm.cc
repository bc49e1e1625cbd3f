// tigerc_wasm.cc - tigerc as a function for the browser (Tiger Explorer, ../README.md).
//
//   tigerc_run(args, file, source, input) -> exit status
//     args    the command line without "tigerc", one argument per line, naming `file`
//             ("--emit=ir\nqueens.tig")
//     file    where `source` is written, in emscripten's in-memory file system
//     source  the program text
//     input   what the program reads as standard input
//   tigerc_stdout(), tigerc_stderr() -> what that run printed
//
// It does what driver/tigerc.cc's main does, in-process and repeatable: parseOptions,
// then runPipeline, with std::cin/cout/cerr pointed at strings. There is no big-stack
// thread here; the link gives the module a large stack instead (CMakeLists.txt).
#include "chap7/diag.hh"
#include "driver/options.hh"
#include "driver/pipeline.hh"

#include <emscripten/emscripten.h>

#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace {

std::string lastOut, lastErr;

// Points a standard stream at `buf` for the lifetime of this object.
class Redirect {
public:
  Redirect(std::ios& stream, std::streambuf* buf)
      : stream_(stream), old_(stream.rdbuf(buf)) {}
  ~Redirect() { stream_.rdbuf(old_); }

private:
  std::ios& stream_;
  std::streambuf* old_;
};

std::vector<std::string> splitLines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) lines.push_back(line);
  return lines;
}

int runTigerc(const std::vector<std::string>& args) {
  using namespace tiger::driver;
  std::vector<char*> argv{const_cast<char*>("tigerc")};
  for (const std::string& a : args)
    argv.push_back(const_cast<char*>(a.c_str()));
  Options opts;
  if (auto err = parseOptions(static_cast<int>(argv.size()), argv.data(), opts)) {
    std::cerr << "tigerc: " << *err << "\n" << kUsage;
    return static_cast<int>(tiger::ExitCode::Usage);
  }
  if (opts.help) return std::cout << kUsage, 0;
  return runPipeline(opts);
}

} // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE int tigerc_run(const char* args, const char* file,
                                    const char* source, const char* input) {
  std::ofstream(file, std::ios::binary) << source;
  std::istringstream in(input);
  std::ostringstream out, err;
  int status;
  {
    Redirect rin(std::cin, in.rdbuf()), rout(std::cout, out.rdbuf()),
        rerr(std::cerr, err.rdbuf());
    std::cin.clear();
    status = runTigerc(splitLines(args));
    std::cout.flush();
  }
  std::cin.clear();
  lastOut = out.str();
  lastErr = err.str();
  return status;
}

EMSCRIPTEN_KEEPALIVE const char* tigerc_stdout() {
  return lastOut.c_str();
}
EMSCRIPTEN_KEEPALIVE const char* tigerc_stderr() {
  return lastErr.c_str();
}

} // extern "C"
