// pto_testing.hh - helpers of the pto_* tests (not pto_mlir_*): run a Tiger program
// through the front end, through every ptoext stage (with the structured-IR
// interpreter) and through chap7's tree interpreter (the oracle), and read the
// expectations of testcases/ptoext/*.tig (directives as in testcases/README.md).
#pragma once

#include "base/big_stack.hh"
#include "chap7/front/tests/front_semant_util.hh"
#include "chap7/interp/interp.hh"
#include "chap7/translate/translate.hh"
#include "ptoext/ptoext.hh"
#include "ptoext/sir_interp.hh"
#include "ptoext/sir_print.hh"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace tiger::pto_test {

// A program through parse + checkProgram + findEscapes (chap7's test helper).
using Checked = test::Checked;

struct RunOutput {
  int exitCode = -1;
  std::string out, err;
};

inline RunOptions options(std::istringstream& in, std::ostringstream& out,
                          std::ostringstream& err) {
  RunOptions opts;
  opts.in = &in;
  opts.out = &out;
  opts.err = &err;
  opts.maxSteps = 10'000'000;
  return opts;
}

inline RunOutput runSir(const sir::Module& m, const std::string& input = "") {
  std::istringstream in(input);
  std::ostringstream out, err;
  RunOutput r;
  runOnBigStack([&] { r.exitCode = sir::interpret(m, options(in, out, err)).exitCode; });
  r.out = out.str();
  r.err = err.str();
  return r;
}

// The oracle: Translate's trees run by chap7's interpreter.
inline RunOutput runTree(const ast::Program& prog, const std::string& input = "") {
  std::istringstream in(input);
  std::ostringstream out, err;
  RunOutput r;
  runOnBigStack([&] {
    std::unique_ptr<ir::Program> ir = translateProgram(prog);
    r.exitCode = interpret(*ir, options(in, out, err)).exitCode;
  });
  r.out = out.str();
  r.err = err.str();
  return r;
}

// The module of `stage`, verifying every pass; fails the test on an error.
inline std::unique_ptr<sir::Module> build(const ast::Program& prog, PtoStage stage) {
  std::string error;
  std::unique_ptr<sir::Module> m;
  runOnBigStack([&] { m = buildPtoModule(prog, stage, true, &error); });
  EXPECT_TRUE(m) << error;
  return m;
}

inline std::string dump(const sir::Module& m) {
  std::ostringstream out;
  sir::printModule(m, out);
  return out.str();
}

// The dump of `text` at `stage` ("" with a test failure when it does not compile).
inline std::string dumpOf(const std::string& text, PtoStage stage) {
  Checked c(text);
  EXPECT_TRUE(c.ok) << c.errors();
  if (!c.ok) return "";
  std::unique_ptr<sir::Module> m = build(*c.prog, stage);
  return m ? dump(*m) : "";
}

// ---- testcases/ptoext/*.tig ----

// C escapes of a directive value: \n \t \\ \" (and any other \c as c).
inline std::string unescape(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '\\' || i + 1 == s.size()) {
      out += s[i];
      continue;
    }
    char c = s[++i];
    out += c == 'n' ? '\n' : c == 't' ? '\t' : c;
  }
  return out;
}

struct Spec {
  int exit = 0;
  std::string stdinText;
  std::optional<std::string> stdoutText;
};

// The directives of the first comment (testcases/README.md).
inline Spec directives(const std::string& text) {
  Spec spec;
  std::size_t start = text.find("/*"), end = text.find("*/", start);
  if (start == std::string::npos || end == std::string::npos) return spec;
  std::istringstream header(text.substr(start + 2, end - start - 2));
  for (std::string line; std::getline(header, line);) {
    std::size_t k = line.find_first_not_of(" \t");
    if (k == std::string::npos) continue;
    line = line.substr(k);
    auto value = [&](const std::string& key) -> std::optional<std::string> {
      if (line.rfind(key + ":", 0) != 0) return std::nullopt;
      std::string v = line.substr(key.size() + 1);
      return v.empty() || v[0] != ' ' ? v : v.substr(1);
    };
    if (auto v = value("exit")) spec.exit = std::stoi(*v);
    if (auto v = value("stdin")) spec.stdinText += unescape(*v);
    if (auto v = value("stdout"))
      spec.stdoutText = spec.stdoutText.value_or("") + unescape(*v);
  }
  return spec;
}

inline std::string readFile(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

// The names of testcases/ptoext/*.tig, sorted.
inline std::vector<std::string> ptoTestcases() {
  std::vector<std::string> names;
  std::filesystem::path dir =
      std::filesystem::path(TIGER_SOURCE_DIR) / "testcases" / "ptoext";
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(dir, ec))
    if (e.path().extension() == ".tig") names.push_back(e.path().stem().string());
  std::sort(names.begin(), names.end());
  return names;
}

inline std::string testcasePath(const std::string& name) {
  return std::string(TIGER_SOURCE_DIR) + "/testcases/ptoext/" + name + ".tig";
}

} // namespace tiger::pto_test
