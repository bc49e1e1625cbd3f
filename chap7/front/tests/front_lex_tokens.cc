// front_lex_tokens.cc - the scanner on valid input (lexer.ll), through --emit=tokens.
//
// Expects: one line per token "line:col NAME [value]"; every keyword, punctuation
// mark and operator of appendix A plus `continue`; string escapes decoded (and shown
// re-escaped); nested comments skipped; tabs count one column.
#include "front_parse_util.hh"

namespace tiger::test {
namespace {

TEST(LexTokens, EveryKeyword) {
  Lexed r = lexText("array break do else end for function if in let nil of then to "
                    "type var while continue");
  ASSERT_TRUE(r.ok) << r.errors;
  EXPECT_EQ(
      r.tokens,
      "1:1 ARRAY\n1:7 BREAK\n1:13 DO\n1:16 ELSE\n1:21 END\n1:25 FOR\n1:29 FUNCTION\n"
      "1:38 IF\n1:41 IN\n1:44 LET\n1:48 NIL\n1:52 OF\n1:55 THEN\n1:60 TO\n"
      "1:63 TYPE\n1:68 VAR\n1:72 WHILE\n1:78 CONTINUE\n");
}

TEST(LexTokens, EveryPunctuationAndOperator) {
  Lexed r = lexText(", : ; ( ) [ ] { } . + - * / = <> < <= > >= & | :=");
  ASSERT_TRUE(r.ok) << r.errors;
  EXPECT_EQ(r.tokens,
            "1:1 COMMA\n1:3 COLON\n1:5 SEMICOLON\n1:7 LPAREN\n1:9 RPAREN\n1:11 LBRACK\n"
            "1:13 RBRACK\n1:15 LBRACE\n1:17 RBRACE\n1:19 DOT\n1:21 PLUS\n1:23 MINUS\n"
            "1:25 TIMES\n1:27 DIVIDE\n1:29 EQ\n1:31 NEQ\n1:34 LT\n1:36 LE\n1:39 GT\n"
            "1:41 GE\n1:44 AND\n1:46 OR\n1:48 ASSIGN\n");
}

TEST(LexTokens, LongestMatchWithoutSpaces) {
  // "<>" "<=" ">=" ":=" are single tokens; "<" ">" ":" "=" alone otherwise.
  Lexed r = lexText("a<>b<=c>=d:=e<f>g:h=i");
  ASSERT_TRUE(r.ok) << r.errors;
  EXPECT_EQ(r.tokens,
            "1:1 ID a\n1:2 NEQ\n1:4 ID b\n1:5 LE\n1:7 ID c\n1:8 GE\n1:10 ID d\n"
            "1:11 ASSIGN\n1:13 ID e\n1:14 LT\n1:15 ID f\n1:16 GT\n1:17 ID g\n1:18 COLON\n"
            "1:19 ID h\n1:20 EQ\n1:21 ID i\n");
}

TEST(LexTokens, IdentifiersAndKeywordPrefixes) {
  // Identifiers: a letter, then letters, digits, underscores. A keyword inside a
  // longer name is part of the name.
  Lexed r = lexText("x1 if_ ifx letter endx A_b_9 nilx");
  ASSERT_TRUE(r.ok) << r.errors;
  EXPECT_EQ(r.tokens, "1:1 ID x1\n1:4 ID if_\n1:8 ID ifx\n1:12 ID letter\n1:19 ID endx\n"
                      "1:24 ID A_b_9\n1:30 ID nilx\n");
}

TEST(LexTokens, IntegersUpToInt64Max) {
  Lexed r = lexText("0 007 42 9223372036854775807");
  ASSERT_TRUE(r.ok) << r.errors;
  EXPECT_EQ(r.tokens, "1:1 INT 0\n1:3 INT 7\n1:7 INT 42\n1:10 INT 9223372036854775807\n");
}

TEST(LexTokens, LinesAndColumnsTabsCountOne) {
  Lexed r = lexText("let\n\tx\r\n  42\n\n\"a\"");
  ASSERT_TRUE(r.ok) << r.errors;
  EXPECT_EQ(r.tokens, "1:1 LET\n2:2 ID x\n3:3 INT 42\n5:1 STRING \"a\"\n");
}

TEST(LexTokens, SimpleEscapes) {
  // \n \t \" \\ decode to one character each; the dump writes them back.
  Lexed r = lexText(R"("a\n" "\t" "q\"q" "b\\s" "")");
  ASSERT_TRUE(r.ok) << r.errors;
  EXPECT_EQ(r.tokens, "1:1 STRING \"a\\n\"\n1:7 STRING \"\\t\"\n1:12 STRING \"q\\\"q\"\n"
                      "1:19 STRING \"b\\\\s\"\n1:26 STRING \"\"\n");
}

TEST(LexTokens, DecimalEscapes) {
  // \ddd is the character with that decimal code: 065 is 'A'; 000 and 255 are kept and
  // shown back as \ddd.
  Lexed r = lexText(R"("\065\066" "\000\255\127")");
  ASSERT_TRUE(r.ok) << r.errors;
  EXPECT_EQ(r.tokens, "1:1 STRING \"AB\"\n1:12 STRING \"\\000\\255\\127\"\n");
}

TEST(LexTokens, ControlEscapes) {
  // \^c: @ is 0, A (or a) is 1, _ is 31, ? is DEL (127).
  Lexed r = lexText(R"("\^@\^A\^a\^Z\^[\^\\^]\^^\^_\^?")");
  ASSERT_TRUE(r.ok) << r.errors;
  EXPECT_EQ(r.tokens,
            "1:1 STRING \"\\000\\001\\001\\026\\027\\028\\029\\030\\031\\127\"\n");
}

TEST(LexTokens, FormatContinuationIsIgnored) {
  // \ white space (newlines included) \ vanishes; the next token's line follows it.
  Lexed r = lexText("\"ab\\   \n\t  \\cd\" x");
  ASSERT_TRUE(r.ok) << r.errors;
  EXPECT_EQ(r.tokens, "1:1 STRING \"abcd\"\n2:9 ID x\n");
}

TEST(LexTokens, StringLocationIsItsOpeningQuote) {
  Lexed r = lexText("  \"x\"");
  ASSERT_TRUE(r.ok) << r.errors;
  EXPECT_EQ(r.tokens, "1:3 STRING \"x\"\n");
}

TEST(LexTokens, CommentsNestAndSpanLines) {
  Lexed r = lexText("a /* one /* two\n */ still */ b /**/ c /* * / ** // */ d");
  ASSERT_TRUE(r.ok) << r.errors;
  EXPECT_EQ(r.tokens, "1:1 ID a\n2:14 ID b\n2:21 ID c\n2:39 ID d\n");
}

TEST(LexTokens, CommentMarkersInsideStringsAreText) {
  Lexed r = lexText("\"/* not a comment */\"");
  ASSERT_TRUE(r.ok) << r.errors;
  EXPECT_EQ(r.tokens, "1:1 STRING \"/* not a comment */\"\n");
}

TEST(LexTokens, EmptyInputHasNoTokens) {
  Lexed r = lexText("  \n /* */ \n");
  EXPECT_TRUE(r.ok);
  EXPECT_EQ(r.tokens, "");
}

} // namespace
} // namespace tiger::test
