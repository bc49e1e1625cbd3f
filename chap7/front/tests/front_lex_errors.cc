// front_lex_errors.cc - the scanner on bad input (lexer.ll).
//
// Expects: each lexical error reported as "t.tig:line:col: error: message" at the
// right place (unterminated strings and comments at their start), scanning going on
// after an error so several are reported, and parse() failing as Lexical.
#include "front_parse_util.hh"

namespace tiger::test {
namespace {

TEST(LexErrors, IllegalCharacter) {
  Lexed r = lexText("a # b");
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(firstError(r.errors), "t.tig:1:3: error: illegal character '#'");
  EXPECT_EQ(r.tokens, "1:1 ID a\n1:5 ID b\n"); // scanning went on
}

TEST(LexErrors, NonPrintableShownInHex) {
  Lexed r = lexText(std::string("x\x01y\xff", 4));
  EXPECT_NE(r.errors.find("1:2: error: illegal character '\\x01'"), std::string::npos);
  EXPECT_NE(r.errors.find("1:4: error: illegal character '\\xFF'"), std::string::npos);
}

TEST(LexErrors, NulByteIsIllegal) {
  Lexed r = lexText(std::string("a\0b", 3));
  EXPECT_EQ(firstError(r.errors), "t.tig:1:2: error: illegal character '\\x00'");
  EXPECT_EQ(r.tokens, "1:1 ID a\n1:3 ID b\n");
}

TEST(LexErrors, SeveralErrorsInOneRun) {
  Lexed r = lexText("@ $\n ~");
  EXPECT_NE(r.errors.find("1:1: error: illegal character '@'"), std::string::npos);
  EXPECT_NE(r.errors.find("1:3: error: illegal character '$'"), std::string::npos);
  EXPECT_NE(r.errors.find("2:2: error: illegal character '~'"), std::string::npos);
}

TEST(LexErrors, IntegerTooLarge) {
  Lexed r = lexText("x 9223372036854775808");
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(firstError(r.errors), "t.tig:1:3: error: integer literal too large");
  Lexed huge = lexText(std::string(5000, '9'));
  EXPECT_EQ(firstError(huge.errors), "t.tig:1:1: error: integer literal too large");
}

TEST(LexErrors, UnterminatedStringAtItsStart) {
  Lexed r = lexText("x\n  \"abc");
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(firstError(r.errors), "t.tig:2:3: error: unterminated string literal");
}

TEST(LexErrors, UnterminatedCommentAtItsStart) {
  // The inner comment is closed, the outer one is not.
  Lexed r = lexText("x /* a /* b */ c\n");
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(firstError(r.errors), "t.tig:1:3: error: unterminated comment");
}

TEST(LexErrors, NewlineInsideString) {
  Lexed r = lexText("\"ab\ncd\" x");
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(firstError(r.errors),
            "t.tig:1:4: error: newline in string literal (write \\n)");
  EXPECT_NE(r.tokens.find("2:5 ID x"), std::string::npos); // the string ended at cd"
}

TEST(LexErrors, UnknownEscape) {
  Lexed r = lexText(R"("a\qb")");
  EXPECT_EQ(firstError(r.errors),
            "t.tig:1:3: error: invalid escape sequence '\\q' in string");
}

TEST(LexErrors, DecimalEscapeOutOfRange) {
  Lexed r = lexText(R"("\256")");
  EXPECT_EQ(firstError(r.errors),
            "t.tig:1:2: error: escape \\256 is out of range (more than 255)");
}

TEST(LexErrors, DecimalEscapeNeedsThreeDigits) {
  Lexed r = lexText(R"("\65x")");
  EXPECT_EQ(firstError(r.errors),
            "t.tig:1:2: error: invalid escape sequence '\\6' in string");
}

TEST(LexErrors, ControlEscapeNeedsAControlLetter) {
  Lexed r = lexText(R"("\^1")");
  EXPECT_EQ(firstError(r.errors),
            "t.tig:1:2: error: invalid escape sequence '\\^' in string");
}

TEST(LexErrors, ContinuationMustEndWithBackslash) {
  Lexed r = lexText("\"a\\  \n b\"");
  EXPECT_EQ(
      firstError(r.errors),
      "t.tig:1:3: error: a \\...\\ continuation in a string must end with a backslash");
}

TEST(LexErrors, BackslashAtEndOfFile) {
  Lexed r = lexText("\"a\\");
  EXPECT_NE(r.errors.find("1:3: error: invalid escape sequence '\\' at end of file"),
            std::string::npos);
  EXPECT_NE(r.errors.find("1:1: error: unterminated string literal"), std::string::npos);
}

TEST(LexErrors, SeveralBadEscapesInOneString) {
  Lexed r = lexText(R"("\q\999\w")");
  EXPECT_NE(r.errors.find("1:2: error: invalid escape"), std::string::npos);
  EXPECT_NE(r.errors.find("1:4: error: escape \\999"), std::string::npos);
  EXPECT_NE(r.errors.find("1:8: error: invalid escape"), std::string::npos);
}

TEST(LexErrors, ParseFailsAsLexical) {
  Parsed p = parseText("let var x := 1 # in x end");
  EXPECT_EQ(p.failure, ParseFailure::Lexical);
  EXPECT_EQ(p.program, nullptr);
}

TEST(LexErrors, UnterminatedStringGivesNoExtraSyntaxError) {
  // The parser's "unexpected end of file" would repeat the scanner's report.
  Parsed p = parseText("print(\"abc");
  EXPECT_EQ(p.failure, ParseFailure::Lexical);
  EXPECT_EQ(p.errors.find("syntax error"), std::string::npos) << p.errors;
}

TEST(LexErrors, OtherLexicalErrorsDoNotHideAMissingEnd) {
  Parsed p = parseText("let var x := 1 # in x");
  EXPECT_EQ(p.failure, ParseFailure::Lexical);
  EXPECT_NE(p.errors.find("1:22: error: syntax error, unexpected end of file"),
            std::string::npos)
      << p.errors;
}

TEST(LexErrors, FirstErrorDecidesTheFailure) {
  // A syntax error before the lexical one: the failure is Syntax.
  Parsed p = parseText("(1 2) #");
  EXPECT_EQ(p.failure, ParseFailure::Syntax);
}

} // namespace
} // namespace tiger::test
