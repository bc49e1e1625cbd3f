// tigerc_wasm.cc - tigerc as a function for the browser (Tiger Explorer, ../README.md).
//
//   tigerc_run(args, file, source, input) -> exit status
//     args    the command line without "tigerc", one argument per line, naming `file`
//             ("--emit=ir\nqueens.tig")
//     file    where `source` is written, in emscripten's in-memory file system
//     source  the program text
//     input   what the program reads as standard input
//   tigerc_stdout(), tigerc_stderr() -> what that run printed
//   tigerc_write_file(path, text) -> 0, or 1 when it cannot be written: a file of
//             emscripten's in-memory file system that later runs name (a course
//             profile for --profile=path)
//   tigerc_detect_dialect(dump) -> the dialect another course's dump is written in,
//             from its words (grading::detectDialect: the rule tigerc applies to a
//             --profile that names no dialect), for the dump pane's "detect"
//
// It is tigerc's one entry, runTigerc (driver/pipeline.hh), as driver/tigerc.cc's main
// calls it, but in-process and repeatable, on string streams. There is no big-stack
// thread here; the link gives the module a large stack instead (CMakeLists.txt).
#include "driver/pipeline.hh"
#include "grading/profile.hh"

#include <emscripten/emscripten.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

std::string lastOut, lastErr;

std::vector<std::string> splitLines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) lines.push_back(line);
  return lines;
}

} // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE int tigerc_run(const char* args, const char* file,
                                    const char* source, const char* input) {
  std::ofstream(file, std::ios::binary) << source;
  std::istringstream in(input);
  std::ostringstream out, err;
  int status = tiger::driver::runTigerc(splitLines(args), in, out, err);
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

EMSCRIPTEN_KEEPALIVE int tigerc_write_file(const char* path, const char* text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  return out ? 0 : 1;
}

EMSCRIPTEN_KEEPALIVE const char* tigerc_detect_dialect(const char* dump) {
  static std::string name;
  name = tiger::grading::detectDialect(dump);
  return name.c_str();
}

} // extern "C"
