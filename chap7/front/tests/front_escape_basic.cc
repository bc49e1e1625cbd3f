// front_escape_basic.cc - escape analysis (Appel 6.2): a variable escapes iff a
// function nested deeper than its declaration reads or writes it.
//
// Expects: VarBinding::escape on vars, formals and for indices, after check + escape.
#include "front_semant_util.hh"

namespace tiger::test {
namespace {

using ast::as;

ast::LetExp* let(ast::Exp* e) {
  return as<ast::LetExp>(e);
}
ast::VarBinding& varDec(ast::LetExp* l, int i) {
  return as<ast::VarDec>(l->decs.at(i).get())->var;
}
ast::FunDec* fun(ast::LetExp* l, int dec, int i) {
  return as<ast::FunctionDec>(l->decs.at(dec).get())->funs.at(i).get();
}

TEST(Escape, VarsUsedInNestedFunctionsEscape) {
  Checked c("let var x := 0 var y := 0 var z := 0\n"
            "function f() = (x := 1; printi(y))\n"
            "in z := x + y end");
  ASSERT_TRUE(c.ok) << c.errors();
  auto* l = let(c.prog->body.get());
  EXPECT_TRUE(varDec(l, 0).escape);  // written in f
  EXPECT_TRUE(varDec(l, 1).escape);  // read in f
  EXPECT_FALSE(varDec(l, 2).escape); // main only
}

TEST(Escape, FormalsAndLocalsOfAFunction) {
  Checked c("let function f(a: int, b: int): int =\n"
            "  let var c := a function g(): int = b + 1 in c + g() end\n"
            "in f(1, 2) end");
  ASSERT_TRUE(c.ok) << c.errors();
  ast::FunDec* f = fun(let(c.prog->body.get()), 0, 0);
  EXPECT_FALSE(f->params[0].var.escape); // a: used in f only
  EXPECT_TRUE(f->params[1].var.escape);  // b: used in g, nested in f
  EXPECT_FALSE(varDec(let(f->body.get()), 0).escape);
}

TEST(Escape, TwoLevelsDeeper) {
  Checked c("let var x := 0\n"
            "function f() = let function g() = x := 2 in g() end\n"
            "in f() end");
  ASSERT_TRUE(c.ok) << c.errors();
  EXPECT_TRUE(varDec(let(c.prog->body.get()), 0).escape);
}

TEST(Escape, ForIndexUsedInANestedFunction) {
  Checked c("for i := 0 to 2 do let function f() = printi(i) in f() end");
  ASSERT_TRUE(c.ok) << c.errors();
  EXPECT_TRUE(as<ast::ForExp>(c.prog->body.get())->var.escape);
  Checked d("for i := 0 to 2 do printi(i)");
  ASSERT_TRUE(d.ok) << d.errors();
  EXPECT_FALSE(as<ast::ForExp>(d.prog->body.get())->var.escape);
}

TEST(Escape, ShadowingPicksTheRightBinding) {
  Checked c("let var x := 0 function f(x: int) = printi(x) in f(x) end");
  ASSERT_TRUE(c.ok) << c.errors();
  auto* l = let(c.prog->body.get());
  EXPECT_FALSE(varDec(l, 0).escape);
  EXPECT_FALSE(fun(l, 1, 0)->params[0].var.escape);
}

TEST(Escape, UsesInsideSubscriptsAndFieldsCount) {
  Checked c("let type t = array of int var a := t [3] of 0 var i := 1\n"
            "function f(): int = a[i] in f() end");
  ASSERT_TRUE(c.ok) << c.errors();
  auto* l = let(c.prog->body.get());
  EXPECT_TRUE(varDec(l, 1).escape);
  EXPECT_TRUE(varDec(l, 2).escape);
}

TEST(Escape, RunningTwiceGivesTheSameAnswer) {
  Checked c("let var x := 0 var y := 0 function f() = x := 1 in y end");
  ASSERT_TRUE(c.ok) << c.errors();
  auto* l = let(c.prog->body.get());
  varDec(l, 1).escape = true; // a stale mark is reset
  findEscapes(*c.prog);
  EXPECT_TRUE(varDec(l, 0).escape);
  EXPECT_FALSE(varDec(l, 1).escape);
}

} // namespace
} // namespace tiger::test
