// front_parse_ast.cc - the shape of the AST the parser builds (parser.yy), checked
// through the printer (ast_print.cc).
//
// Expects: Tiger's precedence (unary minus > * / > + - > comparisons (non-associative)
// > & > |), left associativity, the dangling else bound to the nearest if, `-e` as
// OpExp(MINUS, IntExp(0), e), `(e)` as e and `(a; b)` as a SeqExp, `id[n] of e` as an
// ArrayExp but `id[n]` as a SubscriptVar, adjacent function / type declarations
// grouped into one FunctionDec / TypeDec, and the printer's exact layout.
#include "front_parse_util.hh"

namespace tiger::test {
namespace {

// The printed AST of `text` on one line: newlines and their indentation removed.
std::string flat(const std::string& text) {
  Parsed p = parseText(text);
  EXPECT_EQ(p.failure, ParseFailure::None) << p.errors;
  std::string out;
  for (std::size_t i = 0; i < p.ast.size(); ++i) {
    if (p.ast[i] != '\n')
      out += p.ast[i];
    else
      while (i + 1 < p.ast.size() && p.ast[i + 1] == ' ')
        ++i;
  }
  return out;
}

const char* kA = "VarExp(SimpleVar(a))";

std::string op(const std::string& o, const std::string& l, const std::string& r) {
  return "OpExp(" + o + "," + l + "," + r + ")";
}
std::string v(const char* name) {
  return std::string("VarExp(SimpleVar(") + name + "))";
}

TEST(ParseAst, PrinterLayout) {
  Parsed p = parseText("a + 1");
  EXPECT_EQ(p.ast, "OpExp(PLUS,\n  VarExp(\n    SimpleVar(a)),\n  IntExp(1))\n");
}

TEST(ParseAst, TimesBindsTighterThanPlus) {
  EXPECT_EQ(flat("a + b * c"), op("PLUS", kA, op("TIMES", v("b"), v("c"))));
  EXPECT_EQ(flat("a * b - c"), op("MINUS", op("TIMES", kA, v("b")), v("c")));
  EXPECT_EQ(flat("a / b + c"), op("PLUS", op("DIVIDE", kA, v("b")), v("c")));
}

TEST(ParseAst, ArithmeticIsLeftAssociative) {
  EXPECT_EQ(flat("a - b - c"), op("MINUS", op("MINUS", kA, v("b")), v("c")));
  EXPECT_EQ(flat("a / b * c"), op("TIMES", op("DIVIDE", kA, v("b")), v("c")));
}

TEST(ParseAst, ComparisonBelowArithmetic) {
  EXPECT_EQ(flat("a + 1 < b * 2"),
            op("LT", op("PLUS", kA, "IntExp(1)"), op("TIMES", v("b"), "IntExp(2)")));
  EXPECT_EQ(flat("a <> b"), op("NEQ", kA, v("b")));
  EXPECT_EQ(flat("a <= b"), op("LE", kA, v("b")));
  EXPECT_EQ(flat("a >= b"), op("GE", kA, v("b")));
  EXPECT_EQ(flat("a > b"), op("GT", kA, v("b")));
  EXPECT_EQ(flat("a = b"), op("EQ", kA, v("b")));
}

TEST(ParseAst, AndBelowComparisonOrBelowAnd) {
  EXPECT_EQ(flat("a = b & c | d"),
            op("OR", op("AND", op("EQ", kA, v("b")), v("c")), v("d")));
  EXPECT_EQ(flat("a | b & c"), op("OR", kA, op("AND", v("b"), v("c"))));
  EXPECT_EQ(flat("a & b & c"), op("AND", op("AND", kA, v("b")), v("c")));
}

TEST(ParseAst, ComparisonsDoNotAssociate) {
  Parsed p = parseText("a < b < c");
  EXPECT_EQ(p.failure, ParseFailure::Syntax);
  EXPECT_EQ(firstError(p.errors), "t.tig:1:7: error: syntax error, unexpected '<'");
  EXPECT_EQ(parseText("a = b = c").failure, ParseFailure::Syntax);
}

TEST(ParseAst, UnaryMinusIsZeroMinusAndBindsTightest) {
  EXPECT_EQ(flat("-a"), op("MINUS", "IntExp(0)", kA));
  EXPECT_EQ(flat("-a * b"), op("TIMES", op("MINUS", "IntExp(0)", kA), v("b")));
  EXPECT_EQ(flat("- - 1"),
            op("MINUS", "IntExp(0)", op("MINUS", "IntExp(0)", "IntExp(1)")));
  EXPECT_EQ(flat("a - -b"), op("MINUS", kA, op("MINUS", "IntExp(0)", v("b"))));
}

TEST(ParseAst, ParenthesesGroupOnly) {
  EXPECT_EQ(flat("(a + b) * c"), op("TIMES", op("PLUS", kA, v("b")), v("c")));
  EXPECT_EQ(flat("((a))"), kA);
  EXPECT_EQ(flat("()"), "SeqExp()");
  EXPECT_EQ(flat("(a; b; c)"),
            "SeqExp(" + std::string(kA) + "," + v("b") + "," + v("c") + ")");
}

TEST(ParseAst, DanglingElseBindsToNearestIf) {
  EXPECT_EQ(flat("if a then if b then c else d"), "IfExp(" + std::string(kA) + ",IfExp(" +
                                                      v("b") + "," + v("c") + "," +
                                                      v("d") + "))");
}

TEST(ParseAst, TrailingExpressionsExtendAsFarAsPossible) {
  EXPECT_EQ(flat("if a then b else c + 1"), "IfExp(" + std::string(kA) + "," + v("b") +
                                                "," + op("PLUS", v("c"), "IntExp(1)") +
                                                ")");
  EXPECT_EQ(flat("while a do b := b + 1"), "WhileExp(" + std::string(kA) +
                                               ",AssignExp(SimpleVar(b)," +
                                               op("PLUS", v("b"), "IntExp(1)") + "))");
  EXPECT_EQ(flat("for i := 1 to n do a := i"), "ForExp(i, escape=false,IntExp(1)," +
                                                   v("n") + ",AssignExp(SimpleVar(a)," +
                                                   v("i") + "))");
  EXPECT_EQ(flat("t[3] of 1 + 2"),
            "ArrayExp(t,IntExp(3)," + op("PLUS", "IntExp(1)", "IntExp(2)") + ")");
}

TEST(ParseAst, AssignmentTakesAWholeExpression) {
  EXPECT_EQ(flat("a := b | c"),
            "AssignExp(SimpleVar(a)," + op("OR", v("b"), v("c")) + ")");
}

TEST(ParseAst, SubscriptVersusArrayCreation) {
  EXPECT_EQ(flat("a[1]"), "VarExp(SubscriptVar(SimpleVar(a),IntExp(1)))");
  EXPECT_EQ(flat("a[1] of 0"), "ArrayExp(a,IntExp(1),IntExp(0))");
  EXPECT_EQ(flat("a[1][2]"),
            "VarExp(SubscriptVar(SubscriptVar(SimpleVar(a),IntExp(1)),IntExp(2)))");
  EXPECT_EQ(flat("a.f[1].g"),
            "VarExp(FieldVar(g,SubscriptVar(FieldVar(f,SimpleVar(a)),IntExp(1))))");
  EXPECT_EQ(flat("a[1] := 2"),
            "AssignExp(SubscriptVar(SimpleVar(a),IntExp(1)),IntExp(2))");
}

TEST(ParseAst, CallsRecordsAndLiterals) {
  EXPECT_EQ(flat("f()"), "CallExp(f)");
  EXPECT_EQ(flat("f(1, \"s\", nil)"), "CallExp(f,IntExp(1),StringExp(\"s\"),NilExp())");
  EXPECT_EQ(flat("r{}"), "RecordExp(r)");
  EXPECT_EQ(flat("r{a = 1, b = x}"),
            "RecordExp(r,Field(a,IntExp(1)),Field(b," + v("x") + "))");
  EXPECT_EQ(flat("while 1 do (break; continue)"),
            "WhileExp(IntExp(1),SeqExp(BreakExp(),ContinueExp()))");
}

TEST(ParseAst, LetBodyIsAlwaysASeqExp) {
  EXPECT_EQ(flat("let in end"), "LetExp(DecList(),SeqExp())");
  EXPECT_EQ(flat("let in 1 end"), "LetExp(DecList(),SeqExp(IntExp(1)))");
  EXPECT_EQ(flat("let in 1; 2 end"), "LetExp(DecList(),SeqExp(IntExp(1),IntExp(2)))");
}

TEST(ParseAst, AdjacentFunctionsAndTypesAreGrouped) {
  // f g | var | h | type a b | var | type c  ->  5 batches and 2 vars.
  std::string s = flat(
      "let function f() = () function g(x: int): int = x var v := 1 function h() = ()\n"
      "type a = int type b = {x: a, y: b} var w: int := 2 type c = array of int in end");
  EXPECT_EQ(s, "LetExp(DecList("
               "FunctionDec(FunDec(f,SeqExp()),FunDec(g, result=int,Formal(x, "
               "escape=false, int)," +
                   v("x") +
                   ")),"
                   "VarDec(v, escape=false,IntExp(1)),"
                   "FunctionDec(FunDec(h,SeqExp())),"
                   "TypeDec(TypeDecl(a,NameTy(int)),TypeDecl(b,RecordTy(Field(x, "
                   "a),Field(y, b)))),"
                   "VarDec(w, escape=false, type=int,IntExp(2)),"
                   "TypeDec(TypeDecl(c,ArrayTy(int)))),SeqExp())");
}

TEST(ParseAst, StringsAreShownReEscaped) {
  EXPECT_EQ(flat(R"("a\n\t\"\\\001")"), R"(StringExp("a\n\t\"\\\001"))");
}

// An expression or a variable keeps where it begins (every message points there); a
// declaration spans its text.
TEST(ParseAst, LocationsOfNodes) {
  Parsed p = parseText("let var x := 1 in\n  f(x) + 2 end");
  ASSERT_TRUE(p.program) << p.errors;
  auto* let = ast::as<ast::LetExp>(p.program->body.get());
  EXPECT_EQ(let->loc().begin.line, 1);
  EXPECT_EQ(let->loc().begin.col, 1);
  auto* dec = ast::as<ast::VarDec>(let->decs[0].get());
  EXPECT_EQ(dec->var.loc.begin.col, 9); // the name x
  EXPECT_EQ(dec->loc.end.col, 15);
  auto* seq = ast::as<ast::SeqExp>(let->body.get());
  auto* plus = ast::as<ast::OpExp>(seq->exps[0].get());
  EXPECT_EQ(plus->loc().begin.line, 2); // an OpExp sits at its operator
  EXPECT_EQ(plus->loc().begin.col, 8);
  EXPECT_EQ(plus->left->loc().begin.col, 3); // the call begins at f
  auto* call = ast::as<ast::CallExp>(plus->left.get());
  EXPECT_EQ(call->args[0]->loc().begin.col, 5);
}

// Columns past 2^24 - 1 are kept as that; lines are whole.
TEST(ParseAst, FarColumnsAreKeptAtTheLimit) {
  auto x = ast::make<ast::IntExp>(Loc{{3000000, 20000000}, {3000000, 20000001}}, 7);
  EXPECT_EQ(x->loc().begin.line, 3000000);
  EXPECT_EQ(x->loc().begin.col, (1 << 24) - 1);
  EXPECT_EQ(x->kind, ast::ExpKind::Int);
}

} // namespace
} // namespace tiger::test
