// parse.cc - the front door of the front end: runs the Flex scanner and the Bison
// parser over one source file (parse.hh), and dumps tokens for --emit=tokens.
//
// Input: a SourceFile. Output: the AST (null when any lexical or syntax error was
// reported) and which kind of error came first.
#include "chap7/front/parse.hh"

#include "chap7/front/ast_print.hh"

#include "parser.hh"

#include <climits>
#include <ostream>

namespace tiger {
namespace front {

void ParseContext::lexError(Loc loc, const std::string& message) {
  ++lexErrors;
  if (failure == ParseFailure::None) failure = ParseFailure::Lexical;
  diag.error(loc, message);
}

void ParseContext::syntaxError(Loc loc, const std::string& message) {
  ++syntaxErrors;
  if (failure == ParseFailure::None) failure = ParseFailure::Syntax;
  diag.error(loc, message);
}

namespace {

// Owns the Flex scanner of one ParseContext for one scope.
class ScanScope {
public:
  explicit ScanScope(ParseContext& ctx) : ctx_(ctx) { scanBegin(ctx_); }
  ~ScanScope() { scanEnd(ctx_); }
  ScanScope(const ScanScope&) = delete;
  ScanScope& operator=(const ScanScope&) = delete;

private:
  ParseContext& ctx_;
};

} // namespace
} // namespace front

namespace {

// Flex indexes its buffer with int: refuse larger files up front.
bool fitsScanner(const SourceFile& src, Diagnostics& diag) {
  if (src.text().size() < static_cast<std::size_t>(INT_MAX) - 2) return true;
  diag.error(Loc{}, "source file too large (2 GB or more)");
  return false;
}

} // namespace

ParseResult parse(const SourceFile& src, Diagnostics& diag) {
  ParseResult result;
  if (!fitsScanner(src, diag)) {
    result.failure = ParseFailure::Lexical;
    return result;
  }
  front::ParseContext ctx(src, diag);
  try {
    front::ScanScope scan(ctx);
    front::Parser parser(ctx);
    if (parser.parse() != 0 && ctx.failure == ParseFailure::None)
      ctx.syntaxError(ctx.lex.tok, "syntax error");
  } catch (const front::NestingTooDeep& e) {
    ctx.syntaxError(e.loc, "nesting too deep (more than " +
                               std::to_string(ast::maxNesting()) + " levels)");
  }
  result.failure = ctx.failure;
  if (ctx.failure == ParseFailure::None) result.program = std::move(ctx.program);
  return result;
}

bool dumpTokens(const SourceFile& src, Diagnostics& diag, std::ostream& out) {
  if (!fitsScanner(src, diag)) return false;
  front::ParseContext ctx(src, diag);
  front::ScanScope scan(ctx);
  using Token = front::Parser::token;
  for (;;) {
    front::Value val;
    Loc loc;
    int kind = front::yylex(&val, &loc, ctx);
    if (kind == Token::TOK_END_OF_FILE) break;
    out << loc.begin.line << ':' << loc.begin.col << ' ' << front::tokenName(kind);
    if (kind == Token::TOK_ID) out << ' ' << val.id;
    if (kind == Token::TOK_INT) out << ' ' << val.integer;
    if (kind == Token::TOK_STRING) out << ' ' << ast::quoted(*val.text);
    out << '\n';
  }
  return ctx.lexErrors == 0;
}

} // namespace tiger
