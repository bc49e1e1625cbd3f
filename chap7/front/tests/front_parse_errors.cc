// front_parse_errors.cc - syntax errors (parser.yy): message, location, recovery.
//
// Expects: "t.tig:L:C: error: syntax error, unexpected X[, expecting ...]" located at
// the offending token (tabs count one column), the parse failing as Syntax, and the
// recovery in sequences and declarations reporting later errors too.
#include "front_parse_util.hh"

#include <thread>

namespace tiger::test {
namespace {

std::string errorOf(const std::string& text) {
  Parsed p = parseText(text);
  EXPECT_EQ(p.failure, ParseFailure::Syntax) << text;
  EXPECT_EQ(p.program, nullptr);
  return firstError(p.errors);
}

TEST(ParseErrors, UnexpectedTokenWithExpectedOnes) {
  EXPECT_EQ(errorOf("let var x = 3 in x end"),
            "t.tig:1:11: error: syntax error, unexpected '=', expecting ':' or ':='");
  EXPECT_EQ(
      errorOf("let type t = array int in end"),
      "t.tig:1:20: error: syntax error, unexpected identifier 'int', expecting 'of'");
}

TEST(ParseErrors, UnexpectedTokenNamesItsValue) {
  EXPECT_EQ(errorOf("f(1 2)"), "t.tig:1:5: error: syntax error, unexpected integer 2");
  EXPECT_EQ(errorOf("a b"), "t.tig:1:3: error: syntax error, unexpected identifier 'b'");
  EXPECT_EQ(errorOf("1 \"s\""), "t.tig:1:3: error: syntax error, unexpected string");
}

TEST(ParseErrors, UnexpectedEndOfFile) {
  EXPECT_EQ(errorOf("if 1 then 2 else"),
            "t.tig:1:17: error: syntax error, unexpected end of file");
  EXPECT_EQ(errorOf(""), "t.tig:1:1: error: syntax error, unexpected end of file");
}

TEST(ParseErrors, LocatedAtTheOffendingTokenAcrossLinesAndTabs) {
  EXPECT_EQ(errorOf("let\n\tvar a := 1\n\tvar b := )\nin end"),
            "t.tig:3:11: error: syntax error, unexpected ')'");
}

TEST(ParseErrors, Book49RecordWithoutBraces) {
  // test49.tig: `rectype nil` - the error sits at nil.
  EXPECT_EQ(errorOf("let type rectype = {name: string, id: int}\n"
                    "    var a := rectype nil\nin a end"),
            "t.tig:2:22: error: syntax error, unexpected 'nil'");
}

TEST(ParseErrors, NoAssignmentInDeclarationsOrExpressionsOfForm) {
  EXPECT_EQ(errorOf("for i = 1 to 2 do ()"),
            "t.tig:1:7: error: syntax error, unexpected '=', expecting ':='");
  EXPECT_EQ(errorOf("f(x) := 1"), "t.tig:1:6: error: syntax error, unexpected ':='");
  EXPECT_EQ(errorOf("1 := 2"), "t.tig:1:3: error: syntax error, unexpected ':='");
}

TEST(ParseErrors, KeywordsAreNotIdentifiers) {
  EXPECT_EQ(errorOf("let var do := 1 in end"),
            "t.tig:1:9: error: syntax error, unexpected 'do', expecting identifier");
}

TEST(ParseErrors, MissingEndOrParenthesis) {
  EXPECT_EQ(errorOf("let in 1"),
            "t.tig:1:9: error: syntax error, unexpected end of file");
  EXPECT_EQ(errorOf("(1; 2"), "t.tig:1:6: error: syntax error, unexpected end of file");
  EXPECT_EQ(errorOf("(1))"), "t.tig:1:4: error: syntax error, unexpected ')'");
}

TEST(ParseErrors, RecoveryReportsSeveralErrors) {
  // A bad declaration and two bad sequence elements: three reports, in order.
  Parsed p = parseText("let var x = 3\n  var y := 1\nin (a b; c; d e); y end");
  EXPECT_EQ(p.failure, ParseFailure::Syntax);
  EXPECT_EQ(p.program, nullptr);
  std::size_t first = p.errors.find("t.tig:1:11: error:");
  std::size_t second =
      p.errors.find("t.tig:3:7: error: syntax error, unexpected identifier 'b'");
  std::size_t third =
      p.errors.find("t.tig:3:15: error: syntax error, unexpected identifier 'e'");
  ASSERT_NE(first, std::string::npos) << p.errors;
  ASSERT_NE(second, std::string::npos) << p.errors;
  ASSERT_NE(third, std::string::npos) << p.errors;
  EXPECT_LT(first, second);
  EXPECT_LT(second, third);
}

TEST(ParseErrors, NestingTooDeepStopsWithoutCascade) {
  std::string text = std::string(20000, '(') + "1" + std::string(20000, ')');
  Parsed p = parseText(text, false);
  EXPECT_EQ(p.failure, ParseFailure::Syntax);
  EXPECT_EQ(p.errors.find("syntax error"), std::string::npos) << firstError(p.errors);
}

TEST(ParseErrors, TwoParsesSideBySide) {
  // No global state: a second parse in the same process gives the same report.
  EXPECT_EQ(errorOf("a b"), errorOf("a b"));
  Parsed p = parseText("1 + 2");
  EXPECT_EQ(p.failure, ParseFailure::None);
}

TEST(ParseErrors, ParsesInTwoThreadsAtOnce) {
  // Reentrant scanner, parser state in a ParseContext: threads do not interfere.
  std::string good = "(1";
  for (int i = 0; i < 100000; ++i)
    good += "; 1";
  good += ")";
  Parsed a, b;
  std::thread t1([&] { a = parseText(good, false); });
  std::thread t2([&] { b = parseText("let var x = 1 in x end", false); });
  t1.join();
  t2.join();
  EXPECT_EQ(a.failure, ParseFailure::None) << firstError(a.errors);
  EXPECT_EQ(firstError(b.errors),
            "t.tig:1:11: error: syntax error, unexpected '=', expecting ':' or ':='");
}

} // namespace
} // namespace tiger::test
