// front_semant_util.hh - helpers of the semantic and escape tests: parse and check a
// Tiger program given as text, then look at its errors or its annotated AST.
#pragma once

#include "chap7/front/escape.hh"
#include "chap7/front/parse.hh"
#include "chap7/front/semant.hh"

#include <gtest/gtest.h>

#include <memory>
#include <sstream>
#include <string>

namespace tiger::test {

// One program through parse + checkProgram (+ findEscapes when it checks).
struct Checked {
  explicit Checked(const std::string& text) : src("t.tig", text), diag(src, out) {
    diag.setMaxErrors(1000);
    prog = parse(src, diag).program;
    parsed = prog != nullptr;
    if (!parsed) return;
    ok = checkProgram(*prog, types, diag);
    if (ok) findEscapes(*prog);
  }
  SourceFile src;
  std::ostringstream out;
  Diagnostics diag;
  types::TypeContext types;
  std::unique_ptr<ast::Program> prog;
  bool parsed = false;
  bool ok = false;
  std::string errors() const { return out.str(); }
  // True when some report reads "t.tig:<at>: error: ...<text>...".
  bool hasError(const std::string& at, const std::string& text) const {
    std::istringstream lines(out.str());
    std::string head = "t.tig:" + at + ": error: ";
    for (std::string l; std::getline(lines, l);)
      if (l.rfind(head, 0) == 0 && l.find(text) != std::string::npos) return true;
    return false;
  }
};

// Expects `text` to parse and fail checking with an error `message` at `at` (line:col).
inline void expectError(const std::string& text, const std::string& at,
                        const std::string& message) {
  Checked c(text);
  ASSERT_TRUE(c.parsed) << c.errors();
  EXPECT_FALSE(c.ok) << text;
  EXPECT_TRUE(c.hasError(at, message)) << "wanted " << at << ": " << message << "\nfor:\n"
                                       << text << "\ngot:\n"
                                       << c.errors();
}

// "line:col" of the first occurrence of `needle` in `text` ("0:0" when absent).
inline std::string posOf(const std::string& text, const std::string& needle) {
  std::size_t at = text.find(needle);
  if (at == std::string::npos) return "0:0";
  int line = 1, col = 1;
  for (std::size_t i = 0; i < at; ++i) {
    if (text[i] == '\n') {
      ++line;
      col = 1;
    } else {
      ++col;
    }
  }
  return std::to_string(line) + ":" + std::to_string(col);
}

// Like expectError, with the position given as the text the error points at.
inline void expectErrorAt(const std::string& text, const std::string& needle,
                          const std::string& message) {
  expectError(text, posOf(text, needle), message);
}

// Expects `text` to parse and check without error.
inline void expectValid(const std::string& text) {
  Checked c(text);
  ASSERT_TRUE(c.parsed) << c.errors();
  EXPECT_TRUE(c.ok) << text << "\ngot:\n" << c.errors();
}

} // namespace tiger::test
