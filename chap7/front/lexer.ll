/* lexer.ll - the Tiger scanner (Appel, chapter 2 and appendix A), Flex.
 *
 * Input: the text of one SourceFile, copied into Flex's buffer a block at a time
 * (YY_INPUT): no second copy of the whole file.
 * Output: Bison tokens (parser.yy): a kind, a location and a Value, an identifier's
 * its Symbol in the symbols of the ParseContext's program, a string's its text kept
 * in the ParseContext; lexical errors go to the
 * Diagnostics of the ParseContext and scanning goes on, so several are reported.
 *
 * Locations: 1-based line:col, [begin, end); every byte counts one column, a tab
 * too (so a caret under a tabbed line copies the tabs, see Diagnostics::report).
 *
 * Tokens: the keywords of appendix A plus `continue`; identifiers [a-zA-Z][a-zA-Z0-9_]*;
 * integer literals up to INT64 max; strings with the escapes \n \t \" \\ \ddd
 * (three decimal digits, at most 255) \^c (control character: c in @A-Z[\]^_ or a-z,
 * \^? is DEL) and \f...f\ (backslash, white space including newlines, backslash:
 * ignored); comments (slash-star ... star-slash) that nest.
 *
 * Reentrant (no global state): the scanner's state lives in yyextra, the ParseContext.
 */
%{
#include "parser.hh"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

using tiger::front::Parser;
using tiger::front::ParseContext;
using tiger::front::Value;
using tiger::Loc;

namespace {

// Moves the position over the matched text; records the token's location.
void advance(tiger::front::LexState& s, const char* text, int len) {
  s.tok.begin = s.pos;
  for (int i = 0; i < len; ++i) {
    if (text[i] == '\n') {
      ++s.pos.line;
      s.pos.col = 1;
    } else {
      ++s.pos.col;
    }
  }
  s.tok.end = s.pos;
}

// A character as shown in a message: itself if printable, else \xNN.
std::string shown(unsigned char c) {
  if (c >= 32 && c < 127) return std::string(1, static_cast<char>(c));
  const char* hex = "0123456789ABCDEF";
  return std::string("\\x") + hex[c >> 4] + hex[c & 15];
}

// An identifier -> its Symbol, interned once in the program's table.
tiger::Symbol identifier(ParseContext& ctx, const char* text, int len) {
  return ctx.program->symbols.intern(std::string_view(text, static_cast<std::size_t>(len)));
}

// [0-9]+ -> its value; past INT64 max, an error and 0.
std::int64_t intValue(ParseContext& ctx, const char* text, int len) {
  std::int64_t v = 0;
  for (int i = 0; i < len; ++i) {
    int d = text[i] - '0';
    if (v > (INT64_MAX - d) / 10) {
      ctx.lexError(ctx.lex.tok, "integer literal too large");
      return 0;
    }
    v = v * 10 + d;
  }
  return v;
}

// \ddd -> the character with that code, at most 255.
void decimalEscape(ParseContext& ctx, const char* text) {
  int v = (text[1] - '0') * 100 + (text[2] - '0') * 10 + (text[3] - '0');
  if (v > 255)
    ctx.lexError(ctx.lex.tok, "escape \\" + std::string(text + 1, 3) +
                                  " is out of range (more than 255)");
  ctx.lex.text += static_cast<char>(v & 255);
}

// A bad escape `text` (the backslash and what follows) inside a string literal.
void badEscape(ParseContext& ctx, const std::string& text) {
  ctx.lexError(ctx.lex.tok, "invalid escape sequence '" + text + "' in string");
}

// A raw newline inside a string literal: reported once per literal, kept in the text.
void newlineInString(ParseContext& ctx) {
  if (!ctx.lex.newlineReported)
    ctx.lexError(ctx.lex.tok, "newline in string literal (write \\n)");
  ctx.lex.newlineReported = true;
  ctx.lex.text += '\n';
}

// \^c -> the control character c: @A-Z[\]^_ give 0-31, a-z give 1-26, ? gives 127.
char controlChar(char c) {
  if (c == '?') return 127;
  if (c >= 'a' && c <= 'z') return static_cast<char>(c - 'a' + 1);
  return static_cast<char>(c - '@');
}

// A token of kind `kind` at `at`.
int token(int kind, const Loc& at, Loc& loc) {
  loc = at;
  return kind;
}

// Copies the next at most `max` bytes of the source into Flex's buffer; 0 at the end.
int nextBlock(ParseContext& ctx, char* buf, std::size_t max) {
  const std::string& text = ctx.src.text();
  std::size_t n = std::min(max, text.size() - ctx.read);
  std::memcpy(buf, text.data() + ctx.read, n);
  ctx.read += n;
  return static_cast<int>(n);
}

} // namespace

// A token is returned as its kind, its value in `val` (ID, INT, STRING) and its place
// in `loc` (yylex below).
#define YY_DECL int scanToken(yyscan_t yyscanner, Value& val, Loc& loc)
#define YY_INPUT(buf, result, max) ((result) = nextBlock(*yyextra, (buf), (max)))
// A refill fills all the room left in Flex's buffer, not 16 KiB of it: a token longer
// than the buffer (a run of a million blanks) doubles the buffer and is scanned again
// from its start at each refill, so refills of 16 KiB made it cost the square of its
// length (4 MB of blanks: 34 s); with the room doubling, log2 of it refills.
#define YY_READ_BUF_SIZE INT_MAX
#define YY_USER_ACTION advance(yyextra->lex, yytext, yyleng);
#define TOKEN(name) return token(Parser::token::TOK_##name, yyextra->lex.tok, loc)
%}

%option reentrant noyywrap nounput noinput never-interactive batch 8bit nodefault warn
%option extra-type="tiger::front::ParseContext*"

%x COMMENT STR

%%

%{
  ParseContext& ctx = *yyextra;
  tiger::front::LexState& s = ctx.lex;
%}

<INITIAL>{
[ \t\r\f\v\n]+  { }
"/*"            { s.start = s.tok; s.commentDepth = 1; BEGIN(COMMENT); }
"\""            { s.start = s.tok; s.text.clear(); s.newlineReported = false; BEGIN(STR); }

"array"         TOKEN(ARRAY);
"break"         TOKEN(BREAK);
"continue"      TOKEN(CONTINUE);
"do"            TOKEN(DO);
"else"          TOKEN(ELSE);
"end"           TOKEN(END);
"for"           TOKEN(FOR);
"function"      TOKEN(FUNCTION);
"if"            TOKEN(IF);
"in"            TOKEN(IN);
"let"           TOKEN(LET);
"nil"           TOKEN(NIL);
"of"            TOKEN(OF);
"then"          TOKEN(THEN);
"to"            TOKEN(TO);
"type"          TOKEN(TYPE);
"var"           TOKEN(VAR);
"while"         TOKEN(WHILE);

","             TOKEN(COMMA);
":"             TOKEN(COLON);
";"             TOKEN(SEMICOLON);
"("             TOKEN(LPAREN);
")"             TOKEN(RPAREN);
"["             TOKEN(LBRACK);
"]"             TOKEN(RBRACK);
"{"             TOKEN(LBRACE);
"}"             TOKEN(RBRACE);
"."             TOKEN(DOT);
"+"             TOKEN(PLUS);
"-"             TOKEN(MINUS);
"*"             TOKEN(TIMES);
"/"             TOKEN(DIVIDE);
"="             TOKEN(EQ);
"<>"            TOKEN(NEQ);
"<"             TOKEN(LT);
"<="            TOKEN(LE);
">"             TOKEN(GT);
">="            TOKEN(GE);
"&"             TOKEN(AND);
"|"             TOKEN(OR);
":="            TOKEN(ASSIGN);

[a-zA-Z][a-zA-Z0-9_]*  {
                  val.id = identifier(ctx, yytext, yyleng);
                  TOKEN(ID);
                }
[0-9]+          {
                  val.integer = intValue(ctx, yytext, yyleng);
                  TOKEN(INT);
                }

.               { ctx.lexError(s.tok, "illegal character '" + shown(yytext[0]) + "'"); }
<<EOF>>         return token(Parser::token::TOK_END_OF_FILE, Loc{s.pos, s.pos}, loc);
}

  /* Nested comments: depth counts the open comment markers. */
<COMMENT>{
"/*"            { ++s.commentDepth; }
"*/"            { if (--s.commentDepth == 0) BEGIN(INITIAL); }
[^*/]+          { }
[*/]            { }
<<EOF>>         {
                  ctx.lexError(s.start, "unterminated comment");
                  s.unterminated = true;
                  BEGIN(INITIAL);
                  return token(Parser::token::TOK_END_OF_FILE, Loc{s.pos, s.pos}, loc);
                }
}

  /* String literals: the decoded text accumulates in s.text. */
<STR>{
"\""            {
                  BEGIN(INITIAL);
                  val.text = &ctx.texts.emplace_back(std::move(s.text));
                  return token(Parser::token::TOK_STRING, Loc{s.start.begin, s.tok.end}, loc);
                }
[^"\\\n]+       { s.text.append(yytext, yyleng); }
\\n             { s.text += '\n'; }
\\t             { s.text += '\t'; }
\\\"            { s.text += '"'; }
\\\\            { s.text += '\\'; }
\\[0-9]{3}      { decimalEscape(ctx, yytext); }
\\\^[@A-Z\[\\\]^_a-z?]  { s.text += controlChar(yytext[2]); }
\\[ \t\r\f\n]+\\  { }
\\[ \t\r\f\n]+  {
                  ctx.lexError(s.tok, "a \\...\\ continuation in a string must end "
                                      "with a backslash");
                }
\\.             { badEscape(ctx, "\\" + shown(yytext[1])); }
\\              { ctx.lexError(s.tok, "invalid escape sequence '\\' at end of file"); }
\n              { newlineInString(ctx); }
<<EOF>>         {
                  ctx.lexError(s.start, "unterminated string literal");
                  s.unterminated = true;
                  BEGIN(INITIAL);
                  return token(Parser::token::TOK_END_OF_FILE, Loc{s.pos, s.pos}, loc);
                }
}

%%

namespace tiger::front {

int yylex(Value* val, Loc* loc, ParseContext& ctx) {
  return scanToken(ctx.scanner, *val, *loc);
}

void scanBegin(ParseContext& ctx) {
  yyscan_t scanner = nullptr;
  yylex_init_extra(&ctx, &scanner);
  ctx.read = 0;
  ctx.scanner = scanner;
}

void scanEnd(ParseContext& ctx) {
  if (ctx.scanner) yylex_destroy(ctx.scanner);
  ctx.scanner = nullptr;
}

} // namespace tiger::front
