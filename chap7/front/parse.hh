// parse.hh - the front door of the front end: source text -> AST (Flex + Bison).
//
// The scanner (lexer.ll) and the parser (parser.yy, Bison lalr1.cc) report errors to
// `diag` as "file:line:col: error: ...". parse() returns the program, or null when
// any lexical or syntax error was reported; `failure` then tells which kind came first.
#pragma once

#include "base/diag.hh"
#include "chap7/front/ast.hh"

#include <iosfwd>
#include <memory>

namespace tiger {

enum class ParseFailure { None, Lexical, Syntax };

struct ParseResult {
  std::unique_ptr<ast::Program> program; // null on failure
  ParseFailure failure = ParseFailure::None;
};

ParseResult parse(const SourceFile& src, Diagnostics& diag);

// --emit=tokens: one token per line, "line:col TOKEN [value]". Returns false (after
// reporting) on a lexical error.
bool dumpTokens(const SourceFile& src, Diagnostics& diag, std::ostream& out);

} // namespace tiger
