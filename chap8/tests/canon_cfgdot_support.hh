// canon_cfgdot_support.hh - helpers of the cfg-dot tests: render dot text with
// Graphviz (`dot -Tsvg`) and count substrings. A test whose machine has no
// /usr/bin/dot is skipped, with the reason, when it first asks for a rendering.
#pragma once

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

namespace tiger::test {

inline constexpr const char* kDot = "/usr/bin/dot";

inline std::size_t count(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (auto at = text.find(needle); at != std::string::npos;
       at = text.find(needle, at + 1))
    ++n;
  return n;
}

// Marks the running test skipped: without Graphviz nothing can be rendered.
inline void skipWithoutDot() {
  GTEST_SKIP() << kDot << " is missing (apt-get install graphviz): rendering not checked";
}

// Runs `dot -Tsvg` on `dot` and returns the SVG text (one <svg> per digraph). Records
// a failure when dot exits non-zero or warns; "" and a skip when dot is missing.
inline std::string renderSvg(const std::string& dot) {
  if (!std::filesystem::exists(kDot)) {
    skipWithoutDot();
    return "";
  }
  char in[] = "/tmp/cfgdot_XXXXXX";
  int fd = mkstemp(in);
  if (fd < 0) {
    ADD_FAILURE() << "cannot make a temporary file";
    return "";
  }
  close(fd);
  std::string err = std::string(in) + ".err";
  std::ofstream(in) << dot;
  std::string cmd = std::string(kDot) + " -Tsvg " + in + " 2>" + err;
  std::string svg;
  if (FILE* p = popen(cmd.c_str(), "r")) {
    char buf[4096];
    for (std::size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;)
      svg.append(buf, n);
    int status = pclose(p);
    EXPECT_EQ(status, 0) << "dot failed on:\n" << dot;
  } else {
    ADD_FAILURE() << "cannot run " << cmd;
  }
  std::ostringstream warnings;
  warnings << std::ifstream(err).rdbuf();
  EXPECT_EQ(warnings.str(), "") << "dot warned on:\n" << dot;
  std::filesystem::remove(in);
  std::filesystem::remove(err);
  return svg;
}

// dot renders `dot` cleanly, one SVG per digraph in the stream.
inline void expectDotRenders(const std::string& dot) {
  std::string svg = renderSvg(dot);
  if (svg.empty()) return;
  EXPECT_EQ(count(svg, "<svg "), count(dot, "digraph ")) << dot;
}

} // namespace tiger::test
