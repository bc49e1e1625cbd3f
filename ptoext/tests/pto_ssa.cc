// pto_ssa.cc - ConvertToSSA on Tiger programs: PyPTO's documented examples as golden
// dumps (docs/convert_to_ssa.md),
// names and roles, phis, iter_args, and what must not be promoted.
#include "ptoext/tests/pto_testing.hh"

#include "ptoext/convert_to_ssa.hh"
#include "ptoext/pto_error.hh"

#include <gtest/gtest.h>

namespace tiger::pto_test {
namespace {

std::string ssa(const std::string& text) {
  return dumpOf(text, PtoStage::Ssa);
}

bool has(const std::string& dump, const std::string& piece) {
  return dump.find(piece) != std::string::npos;
}

// The documented for loop example, in Tiger.
TEST(PtoSsa, ForLoopCarriesSum) {
  EXPECT_EQ(
      ssa("let var sum := 0 in for i := 1 to 10 do sum := sum + i; printi(sum) end"),
      "def tigermain():\n"
      "    sum__ssa_v0 = 0\n"
      "    for i__idx_v0, (sum__iter_v1,) in pl.range(1, 10, inclusive=True, "
      "init_values=(sum__ssa_v0,)):\n"
      "        sum__ssa_v2 = sum__iter_v1 + i__idx_v0\n"
      "        sum__rv_v3 = pl.yield_(sum__ssa_v2)\n"
      "    rt.printi(sum__rv_v3)\n");
}

// The documented straight-line example.
TEST(PtoSsa, StraightLineRenaming) {
  std::string d =
      ssa("let var x := 1 var y := 0 var z := 0 in y := x + 2; x := 3; z := x + 4; "
          "printi(y + z) end");
  EXPECT_TRUE(has(d, "x__ssa_v0 = 1\n")) << d;
  EXPECT_TRUE(has(d, "y__ssa_v1 = x__ssa_v0 + 2\n")) << d;
  EXPECT_TRUE(has(d, "x__ssa_v1 = 3\n")) << d;
  EXPECT_TRUE(has(d, "z__ssa_v1 = x__ssa_v1 + 4\n")) << d;
}

// The documented if example: a missing else yields the old value.
TEST(PtoSsa, IfWithoutElseYieldsOldValue) {
  EXPECT_EQ(ssa("let var x := 1 in if x > 0 then x := 2; printi(x + 3) end"),
            "def tigermain():\n"
            "    x__ssa_v0 = 1\n"
            "    if x__ssa_v0 > 0:\n"
            "        x__ssa_v1 = 2\n"
            "        x__phi_v2 = pl.yield_(x__ssa_v1)\n"
            "    else:\n"
            "        x__phi_v2 = pl.yield_(x__ssa_v0)\n"
            "    rt.printi(x__phi_v2 + 3)\n");
}

TEST(PtoSsa, ParametersAreVersionZero) {
  std::string d = ssa("let function f(n: int): int = n + 1 in printi(f(2)) end");
  EXPECT_TRUE(has(d,
                  "(_sl__ssa_v0: pl.Scalar[pl.INT64], n__ssa_v0: pl.Scalar[pl.INT64]) -> "
                  "pl.Scalar[pl.INT64]:\n    return n__ssa_v0 + 1\n"))
      << d;
}

// A while condition reads the iter_args; carried variables are sorted by name.
TEST(PtoSsa, WhileConditionReadsIterArgsSortedByName) {
  std::string d =
      ssa("let var b := 0 var a := 0 in while a < 5 do (a := a + 1; b := b + a); "
          "printi(b) end");
  EXPECT_TRUE(has(d, "for (a__iter_v1, b__iter_v1) in pl.while_(init_values=(a__ssa_v0, "
                     "b__ssa_v0)):\n        pl.cond(a__iter_v1 < 5)\n"))
      << d;
  EXPECT_TRUE(has(d, "a__rv_v3, b__rv_v3 = pl.yield_(a__ssa_v2, b__ssa_v2)")) << d;
}

// Variables local to a loop body are not carried and get no invented initial value.
TEST(PtoSsa, LoopLocalsAreNotPromoted) {
  std::string d =
      ssa("let var s := 0 in for i := 1 to 3 do (let var t := i * i in s := s + t "
          "end); printi(s) end");
  EXPECT_FALSE(has(d, "t__iter")) << d;
  EXPECT_FALSE(has(d, "t__rv")) << d;
  EXPECT_TRUE(has(d, "(s__iter_v1,)")) << d;
}

// A variable first defined in a loop and used after it (impossible from Tiger) is an
// error, not a promotion with a made-up initial value.
TEST(PtoSsa, UseAfterTheLoopThatFirstDefinesItIsAnError) {
  sir::Module m;
  sir::Function& f = m.functions.emplace_back();
  f.name = "tigermain";
  sir::VarId i = f.newVar("i", sir::Type::Int64), x = f.newVar("x", sir::Type::Int64);
  sir::Block body;
  body.push_back(std::make_unique<sir::Assign>(x, sir::varRef(f, i)));
  f.body.push_back(
      std::make_unique<sir::For>(i, sir::intConst(0), sir::intConst(3), std::move(body)));
  std::vector<sir::ExprPtr> args;
  args.push_back(sir::varRef(f, x));
  f.body.push_back(std::make_unique<sir::Eval>(
      std::make_unique<sir::Call>(sir::Callee::Runtime, "printi", std::move(args))));
  try {
    pto::convertToSsa(m);
    ADD_FAILURE() << "no error";
  } catch (const pto::PtoError& e) {
    EXPECT_TRUE(has(e.what(), "'x'")) << e.what();
  }
}

// Phis for a variable defined in both branches (Tiger's if-expression result).
TEST(PtoSsa, IfExpressionResultIsAPhi) {
  std::string d = ssa("let var x := 3 in printi(if x > 2 then 10 else 20) end");
  EXPECT_TRUE(has(d, "_t0__phi_v2 = pl.yield_(_t0__ssa_v0)")) << d;
  EXPECT_TRUE(has(d, "_t0__phi_v2 = pl.yield_(_t0__ssa_v1)")) << d;
}

// A user identifier that looks like an SSA name still gets exactly one suffix of its
// own, and a shadowed variable gets a base no user identifier has.
TEST(PtoSsa, UserNamesNeverCollideWithGeneratedOnes) {
  std::string d =
      ssa("let var x := 1 var x_1 := 2 var a__ssa_v0 := 3 in let var x := 4 in "
          "printi(x + x_1 + a__ssa_v0) end; printi(x) end");
  EXPECT_TRUE(has(d, "a__ssa_v0__ssa_v0 = 3\n")) << d;
  EXPECT_TRUE(has(d, "x_2__ssa_v0 = 4\n")) << d;
  EXPECT_TRUE(has(d, "rt.printi(x__ssa_v0)")) << d;
}

// The break flag, the index and the loop's variables are carried through the while.
TEST(PtoSsa, BreakFlagIsCarried) {
  std::string d =
      ssa("let var s := 0 in for i := 1 to 9 do (s := s + i; if s > 10 then break); "
          "printi(s) end");
  EXPECT_TRUE(has(d, "for (__break_0__iter_v1, i__iter_v1, s__iter_v1) in pl.while_("))
      << d;
  EXPECT_TRUE(has(d, "rt.printi(s__rv_v")) << d;
}

} // namespace
} // namespace tiger::pto_test
