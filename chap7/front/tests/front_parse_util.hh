// front_parse_util.hh - helpers for the scanner and parser tests (front_lex_*.cc,
// front_parse_*.cc): run the front end on a string, capture output and errors.
#pragma once

#include "chap7/front/ast_print.hh"
#include "chap7/front/parse.hh"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

namespace tiger::test {

// --emit=tokens on `text`: the token lines, the error report, and success.
struct Lexed {
  std::string tokens;
  std::string errors;
  bool ok = false;
};

inline Lexed lexText(const std::string& text) {
  SourceFile src("t.tig", text);
  std::ostringstream out, err;
  Diagnostics diag(src, err);
  Lexed r;
  r.ok = dumpTokens(src, diag, out);
  r.tokens = out.str();
  r.errors = err.str();
  return r;
}

// parse() on `text`: the printed AST (empty on failure or when not `printed`), the
// errors, the failure.
struct Parsed {
  std::string ast;
  std::string errors;
  ParseFailure failure = ParseFailure::None;
  std::unique_ptr<ast::Program> program;
};

inline Parsed parseText(const std::string& text, bool printed = true) {
  SourceFile src("t.tig", text);
  std::ostringstream out, err;
  Diagnostics diag(src, err);
  Parsed r;
  ParseResult res = parse(src, diag);
  if (res.program && printed) ast::print(out, *res.program);
  r.ast = out.str();
  r.errors = err.str();
  r.failure = res.failure;
  r.program = std::move(res.program);
  return r;
}

// The first line of an error report: "t.tig:L:C: error: message".
inline std::string firstError(const std::string& errors) {
  return errors.substr(0, errors.find('\n'));
}

} // namespace tiger::test
