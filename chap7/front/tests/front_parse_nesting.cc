// front_parse_nesting.cc - the nesting limit (ast::kMaxNesting) and long inputs.
//
// Expects: a program nested 100000 deep in any construct fails cleanly as Syntax with
// "nesting too deep (more than 10000 levels)" located inside the program (no stack
// overflow, no "memory exhausted"); a program just under the limit parses and its AST
// is destroyed without trouble; long flat sequences and argument lists parse.
#include "front_parse_util.hh"

namespace tiger::test {
namespace {

const char* kTooDeep = "error: nesting too deep (more than 10000 levels)";

std::string repeat(const std::string& s, int n) {
  std::string out;
  out.reserve(s.size() * n);
  for (int i = 0; i < n; ++i)
    out += s;
  return out;
}

// `open` n times, then `middle`, then `close` n times.
std::string nest(const std::string& open, const std::string& middle,
                 const std::string& close, int n) {
  return repeat(open, n) + middle + repeat(close, n);
}

void expectTooDeep(const std::string& text) {
  Parsed p = parseText(text, false);
  EXPECT_EQ(p.failure, ParseFailure::Syntax);
  EXPECT_EQ(p.program, nullptr);
  EXPECT_NE(p.errors.find(kTooDeep), std::string::npos) << firstError(p.errors);
  EXPECT_EQ(p.errors.find("memory exhausted"), std::string::npos);
}

const int kDeep = 100000;

TEST(ParseNesting, Parentheses) {
  expectTooDeep(nest("(", "1", ")", kDeep));
  Parsed p = parseText(nest("(", "1", ")", kDeep), false);
  // The 10001st parenthesis is refused.
  EXPECT_EQ(firstError(p.errors), std::string("t.tig:1:10001: ") + kTooDeep);
}

TEST(ParseNesting, OpenParenthesesWithoutEnd) {
  expectTooDeep(repeat("(", kDeep));
}
TEST(ParseNesting, UnaryMinus) {
  expectTooDeep(repeat("-", kDeep) + "1");
}
TEST(ParseNesting, Let) {
  expectTooDeep(nest("let in ", "1", " end", kDeep));
}
TEST(ParseNesting, LetVarInit) {
  expectTooDeep(nest("let var x := ", "1", " in x end", kDeep));
}
TEST(ParseNesting, If) {
  expectTooDeep(repeat("if 1 then ", kDeep) + "1");
}
TEST(ParseNesting, ElseIfChain) {
  expectTooDeep(repeat("if 1 then 1 else ", kDeep) + "1");
}
TEST(ParseNesting, IfCondition) {
  expectTooDeep(repeat("if ", kDeep) + "1" + repeat(" then 1", kDeep));
}
TEST(ParseNesting, While) {
  expectTooDeep(repeat("while 1 do ", kDeep) + "()");
}
TEST(ParseNesting, For) {
  expectTooDeep(repeat("for i := 1 to 2 do ", kDeep) + "()");
}
TEST(ParseNesting, Calls) {
  expectTooDeep(nest("f(", "1", ")", kDeep));
}
TEST(ParseNesting, Subscripts) {
  expectTooDeep(nest("a[", "1", "]", kDeep));
}
TEST(ParseNesting, Records) {
  expectTooDeep(nest("r{a=", "1", "}", kDeep));
}
TEST(ParseNesting, ArrayCreations) {
  expectTooDeep(repeat("t[1] of ", kDeep) + "0");
}
TEST(ParseNesting, Assignments) {
  expectTooDeep(repeat("a := ", kDeep) + "0");
}
TEST(ParseNesting, RightNestedSums) {
  expectTooDeep(nest("1+(", "1", ")", kDeep));
}
TEST(ParseNesting, FunctionBodies) {
  expectTooDeep(nest("let function f() = ", "()", " in end", kDeep));
}

// Left-recursive chains keep the parser's stack flat but would build a deep AST.
TEST(ParseNesting, LeftChainOfSums) {
  expectTooDeep("1" + repeat("+1", kDeep));
}
TEST(ParseNesting, LeftChainOfFields) {
  expectTooDeep("a" + repeat(".b", kDeep));
}
TEST(ParseNesting, LeftChainOfSubscripts) {
  expectTooDeep("a" + repeat("[0]", kDeep));
}

TEST(ParseNesting, JustUnderTheLimitParses) {
  for (const std::string& text :
       {nest("(", "1", ")", 9990), repeat("-", 9990) + "1", "1" + repeat("+1", 9990),
        nest("let in ", "1", " end", 4990), repeat("if 1 then ", 9990) + "1",
        "a" + repeat(".b", 9990)}) {
    Parsed p = parseText(text, false);
    EXPECT_EQ(p.failure, ParseFailure::None) << firstError(p.errors);
    EXPECT_NE(p.program, nullptr);
  }
}

TEST(ParseNesting, LongFlatSequenceParses) {
  // A million-element sequence: left recursion keeps the stack flat.
  Parsed p = parseText("(" + repeat("a := 1; ", 1000000) + "a)", false);
  ASSERT_TRUE(p.program) << firstError(p.errors);
  EXPECT_EQ(ast::as<ast::SeqExp>(p.program->body.get())->exps.size(), 1000001u);
}

TEST(ParseNesting, LongArgumentListAndDeclarations) {
  Parsed p = parseText("let " + repeat("var x := 1 ", 100000) + "in f(" +
                           repeat("1, ", 100000) + "1) end",
                       false);
  ASSERT_TRUE(p.program) << firstError(p.errors);
  auto* let = ast::as<ast::LetExp>(p.program->body.get());
  EXPECT_EQ(let->decs.size(), 100000u);
}

TEST(ParseNesting, ManyLines) {
  Parsed p = parseText("(" + repeat("a := a + 1;\n", 300000) + "a)", false);
  ASSERT_TRUE(p.program) << firstError(p.errors);
  Parsed bad = parseText(repeat("\n", 1000000) + ")", false);
  EXPECT_EQ(firstError(bad.errors),
            "t.tig:1000001:1: error: syntax error, unexpected ')'");
}

} // namespace
} // namespace tiger::test
