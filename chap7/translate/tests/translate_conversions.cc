// translate_conversions.cc - unEx, unNx and unCx (translate_tr.hh), one rule per test, on
// hand-built trees (flat forms as in translate_testing.hh).
#include "chap7/translate/translate_tr.hh"
#include "translate_testing.hh"

namespace tiger {
namespace {

using translate::TrExp;
using tree::RelOp;

struct Conversions : ::testing::Test {
  ir::Program prog;
  tree::Arena& A = prog.arena;
  Temp_label l(const char* n) { return prog.temps.namedLabel(n); }
  // x < 5 as a condition
  TrExp less() {
    T_exp x = A.Temp(prog.temps.newTemp());
    return TrExp::Cx([this, x](Temp_label t, Temp_label f) {
      return A.Cjump(RelOp::LT, x, A.Const(5), t, f);
    });
  }
  std::string cond(TrExp e) {
    return irtest::flat(translate::unCx(prog, std::move(e))(l("T"), l("F")));
  }
};

// The reference's shortcuts beyond the book's rules (irtest::kBonusTest).
struct BonusConversions : Conversions {};

TEST_F(Conversions, UnExOfACondBuildsZeroOrOne) {
  EXPECT_EQ(
      irtest::flat(translate::unEx(prog, less())),
      "ESEQ(SEQ(MOVE(t101,1),SEQ(CJUMP(LT,t100,5,L0,L1),SEQ(LABEL L1,SEQ(MOVE(t101,0),"
      "LABEL L0)))),t101)");
}

TEST_F(Conversions, UnExOfACondWithAValueUsesIt) {
  TrExp e = less();
  e.value = [this] { return A.Const(3); };
  EXPECT_FALSE(translate::isBoolean(e));
  EXPECT_EQ(irtest::flat(translate::unEx(prog, std::move(e))), "3");
}

TEST_F(Conversions, BooleansAreCondsAndConstantsZeroOrOne) {
  EXPECT_TRUE(translate::isBoolean(less()));
  EXPECT_TRUE(translate::isBoolean(TrExp::Ex(A.Const(1))));
  EXPECT_FALSE(translate::isBoolean(TrExp::Ex(A.Const(2))));
  EXPECT_FALSE(translate::isBoolean(TrExp::Ex(A.Temp(prog.temps.rv()))));
}

TEST_F(Conversions, UnExOfAStatementIsZero) {
  EXPECT_EQ(irtest::flat(translate::unEx(prog, TrExp::Nx(A.Label(l("X"))))),
            "ESEQ(LABEL X,0)");
}

TEST_F(Conversions, UnNxOfACondJoinsBothOutcomes) {
  EXPECT_EQ(irtest::flat(translate::unNx(prog, less())),
            "SEQ(CJUMP(LT,t100,5,L0,L0),LABEL L0)");
}

TEST_F(Conversions, UnNxOfAnExpressionEvaluatesIt) {
  T_exp call = A.Call(A.Name(l("f")), {});
  EXPECT_EQ(irtest::flat(translate::unNx(prog, TrExp::Ex(call))), "EXP(CALL(f))");
}

TEST_F(BonusConversions, UnNxSplitsEseqsIntoStatements) {
  SCOPED_TRACE(irtest::kBonusTest);
  T_exp e = A.Eseq(A.Label(l("A")), A.Eseq(A.Label(l("B")), A.Call(A.Name(l("f")), {})));
  EXPECT_EQ(irtest::flat(translate::unNx(prog, TrExp::Ex(e))),
            "SEQ(LABEL A,SEQ(LABEL B,EXP(CALL(f))))");
  EXPECT_EQ(
      irtest::flat(translate::unNx(prog, TrExp::Ex(A.Eseq(A.Label(l("C")), A.Const(0))))),
      "LABEL C");
}

TEST_F(BonusConversions, UnCxOfConstantsJumpsWithoutATest) {
  SCOPED_TRACE(irtest::kBonusTest);
  EXPECT_EQ(cond(TrExp::Ex(A.Const(0))), "JUMP(F)");
  EXPECT_EQ(cond(TrExp::Ex(A.Const(7))), "JUMP(T)");
}

TEST_F(Conversions, UnCxOfAValueTestsItAgainstZero) {
  EXPECT_EQ(cond(TrExp::Ex(A.Temp(prog.temps.rv()))), "CJUMP(NE,rv,0,T,F)");
}

TEST_F(Conversions, UnCxOfACondFillsItsLabels) {
  EXPECT_EQ(cond(less()), "CJUMP(LT,t100,5,T,F)");
}

} // namespace
} // namespace tiger
