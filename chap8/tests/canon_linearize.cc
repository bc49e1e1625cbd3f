// canon_linearize.cc - C_linearize, one test per rule of the book's ESEQ table, CALL
// hoisting, SEQ flattening and no-op removal. Each test builds a tree by hand and
// expects the canonical statements, one per line (stmLine), with the variables t100..
// t103 and canon's fresh temps from t104; checkCanonical must accept every output.
// BonusLinearize: the reference's outputs with fewer temps than the book's rules give
// (the sharp commute; a CALL already under MOVE(TEMP) or EXP out of an ESEQ kept there).
#include "canon_testing.hh"

namespace tiger::canon_test {
namespace {

canon::Options book() {
  return canon::Options::book();
}

// ESEQ(s1, ESEQ(s2, e)) => ESEQ(SEQ(s1, s2), e): both statements, in order, then e.
TEST(Linearize, EseqOfEseqRunsBothStatementsInOrder) {
  Fixture f;
  T_exp e =
      f.arena.Eseq(f.move(f.t(1), f.c(1)), f.arena.Eseq(f.move(f.t(2), f.c(2)), f.t(1)));
  EXPECT_EQ(f.linear(f.move(f.t(0), f.plus(e, f.c(3)))),
            (Lines{"t101 <- 1", "t102 <- 2", "t100 <- t101 + 3"}));
}

// BINOP(op, ESEQ(s, e1), e2) => ESEQ(s, BINOP(op, e1, e2))
TEST(Linearize, EseqOnTheLeftOfBinopMovesOut) {
  Fixture f;
  T_exp e = f.plus(f.arena.Eseq(f.move(f.t(1), f.c(5)), f.t(1)), f.t(2));
  EXPECT_EQ(f.linear(f.move(f.t(0), e)), (Lines{"t101 <- 5", "t100 <- t101 + t102"}));
  EXPECT_EQ(f.cx.counters.tempsIntroduced, 0);
}

// MEM(ESEQ(s, e1)) => ESEQ(s, MEM(e1))
TEST(Linearize, EseqUnderMemMovesOut) {
  Fixture f;
  T_exp e = f.arena.Mem(f.arena.Eseq(f.move(f.t(1), f.c(8)), f.t(1)));
  EXPECT_EQ(f.linear(f.move(f.t(0), e)), (Lines{"t101 <- 8", "t100 <- M[t101]"}));
}

// JUMP(ESEQ(s, e1)) => SEQ(s, JUMP(e1))
TEST(Linearize, EseqUnderJumpMovesOut) {
  Fixture f;
  Temp_label l = f.label("L");
  T_stm j = f.arena.Jump(f.arena.Eseq(f.move(f.t(1), f.c(1)), f.arena.Name(l)), {l});
  EXPECT_EQ(f.linear(j), (Lines{"t101 <- 1", "JUMP L"}));
}

// CJUMP(op, ESEQ(s, e1), e2, l1, l2) => SEQ(s, CJUMP(op, e1, e2, l1, l2))
TEST(Linearize, EseqOnTheLeftOfCjumpMovesOut) {
  Fixture f;
  T_stm s = f.arena.Cjump(RelOp::LT, f.arena.Eseq(f.move(f.t(1), f.c(1)), f.t(1)), f.t(2),
                          f.label("T"), f.label("F"));
  EXPECT_EQ(f.linear(s), (Lines{"t101 <- 1", "CJUMP LT t101, t102 -> T | F"}));
}

// BINOP(op, e1, ESEQ(s, e2)) => ESEQ(MOVE(TEMP t, e1), ESEQ(s, BINOP(op, TEMP t, e2)))
// when s writes what e1 reads: e1 is saved before s, in both modes.
TEST(Linearize, EseqOnTheRightOfBinopSavesTheLeftWhenTheyDoNotCommute) {
  for (canon::Options o : {canon::Options{}, book()}) {
    Fixture f(o);
    T_exp e = f.plus(f.t(1), f.arena.Eseq(f.move(f.t(1), f.c(7)), f.t(1)));
    EXPECT_EQ(f.linear(f.move(f.t(0), e)),
              (Lines{"t104 <- t101", "t101 <- 7", "t100 <- t104 + t101"}));
    EXPECT_EQ(f.cx.counters.tempsIntroduced, 1);
    EXPECT_EQ(f.cx.counters.movesIntroduced, 1);
  }
}

// BINOP(op, e1, ESEQ(s, e2)) = ESEQ(s, BINOP(op, e1, e2)) when commute(s, e1): a CONST
// in both modes; a TEMP that s does not write in the sharp mode only.
TEST(BonusLinearize, EseqOnTheRightOfBinopCommutesWithAConstantOrAnUnwrittenTemp) {
  SCOPED_TRACE(kBonusTest);
  Fixture f;
  T_exp e = f.plus(f.c(3), f.arena.Eseq(f.move(f.t(1), f.c(7)), f.t(1)));
  EXPECT_EQ(f.linear(f.move(f.t(0), e)), (Lines{"t101 <- 7", "t100 <- 3 + t101"}));
  T_exp e2 = f.plus(f.t(2), f.arena.Eseq(f.move(f.t(1), f.c(7)), f.t(1)));
  EXPECT_EQ(f.linear(f.move(f.t(0), e2)), (Lines{"t101 <- 7", "t100 <- t102 + t101"}));
  EXPECT_EQ(f.cx.counters.tempsIntroduced, 0);

  Fixture b(book());
  T_exp e3 = b.plus(b.t(2), b.arena.Eseq(b.move(b.t(1), b.c(7)), b.t(1)));
  EXPECT_EQ(b.linear(b.move(b.t(0), e3)),
            (Lines{"t104 <- t102", "t101 <- 7", "t100 <- t104 + t101"}));
}

// CJUMP(op, e1, ESEQ(s, e2), l1, l2)
//   => SEQ(MOVE(TEMP t, e1), SEQ(s, CJUMP(op, TEMP t, e2, l1, l2)))   (no commute)
//   =  SEQ(s, CJUMP(op, e1, e2, l1, l2))                               (commute)
TEST(Linearize, EseqOnTheRightOfCjump) {
  Fixture f;
  auto cj = [&](T_exp left) {
    return f.arena.Cjump(RelOp::EQ, left, f.arena.Eseq(f.move(f.t(1), f.c(0)), f.t(1)),
                         f.label("T"), f.label("F"));
  };
  EXPECT_EQ(f.linear(cj(f.t(1))),
            (Lines{"t104 <- t101", "t101 <- 0", "CJUMP EQ t104, t101 -> T | F"}));
  EXPECT_EQ(f.linear(cj(f.c(4))), (Lines{"t101 <- 0", "CJUMP EQ 4, t101 -> T | F"}));
}

// MOVE(ESEQ(s, e1), e2) => SEQ(s, MOVE(e1, e2))
TEST(Linearize, EseqAsMoveDestinationMovesOut) {
  Fixture f;
  T_exp dst = f.arena.Eseq(f.move(f.t(1), f.c(16)), f.arena.Mem(f.t(1)));
  EXPECT_EQ(f.linear(f.move(dst, f.c(1))), (Lines{"t101 <- 16", "M[t101] <- 1"}));
}

// MOVE(MEM(e1), ESEQ(s, e2)): reorder [e1, e2] saves the address e1, not MEM(e1).
TEST(Linearize, MoveToMemorySavesTheAddressNotTheLoad) {
  Fixture f;
  T_stm s = f.move(f.arena.Mem(f.t(1)), f.arena.Eseq(f.move(f.t(1), f.c(0)), f.c(5)));
  EXPECT_EQ(f.linear(s), (Lines{"t104 <- t101", "t101 <- 0", "M[t104] <- 5"}));
}

// CALL(f, args) => ESEQ(MOVE(TEMP t, CALL(f, args)), TEMP t): two CALLs in one BINOP
// each get their temp; the book also copies the first result past the second CALL.
TEST(BonusLinearize, CallsInABinopAreHoistedIntoTemps) {
  SCOPED_TRACE(kBonusTest);
  Fixture f;
  T_stm s = f.move(f.t(0), f.plus(f.call("f", {}), f.call("g", {})));
  EXPECT_EQ(f.linear(s), (Lines{"t104 <- f()", "t105 <- g()", "t100 <- t104 + t105"}));
  EXPECT_EQ(f.cx.counters.tempsIntroduced, 2);

  Fixture b(book());
  T_stm s2 = b.move(b.t(0), b.plus(b.call("f", {}), b.call("g", {})));
  EXPECT_EQ(b.linear(s2),
            (Lines{"t104 <- f()", "t106 <- t104", "t105 <- g()", "t100 <- t106 + t105"}));
  EXPECT_EQ(b.cx.counters.tempsIntroduced, 3);
}

// A CALL in the argument of a CALL in the argument of a CALL: innermost first.
TEST(Linearize, NestedCallsAreHoistedInnermostFirst) {
  Fixture f;
  T_stm s = f.arena.Exp(f.call("f", {f.call("g", {f.call("h", {})})}));
  EXPECT_EQ(f.linear(s), (Lines{"t104 <- h()", "t105 <- g(t104)", "f(t105)"}));
}

// CALL(f, [t1, CALL g(t1)]): the first argument is a temp g cannot write (sharp), or
// is saved before the inner CALL (book).
TEST(BonusLinearize, CallInTheArgumentsOfACall) {
  SCOPED_TRACE(kBonusTest);
  Fixture f;
  T_stm s = f.arena.Exp(f.call("f", {f.t(1), f.call("g", {f.t(1)})}));
  EXPECT_EQ(f.linear(s), (Lines{"t104 <- g(t101)", "f(t101, t104)"}));
  Fixture b(book());
  T_stm s2 = b.arena.Exp(b.call("f", {b.t(1), b.call("g", {b.t(1)})}));
  EXPECT_EQ(b.linear(s2), (Lines{"t105 <- t101", "t104 <- g(t101)", "f(t105, t104)"}));
}

// Defect 2 of the reference code: BINOP(PLUS, ESEQ(s, CALL f), CONST 1) must not leave
// BINOP(PLUS, CALL f, CONST 1); the CALL is hoisted on either side.
TEST(Linearize, CallOutOfANonHeadEseqIsHoisted) {
  Fixture f;
  T_exp left = f.plus(f.arena.Eseq(f.move(f.t(1), f.c(1)), f.call("f", {})), f.c(1));
  EXPECT_EQ(f.linear(f.move(f.t(0), left)),
            (Lines{"t101 <- 1", "t104 <- f()", "t100 <- t104 + 1"}));
  T_exp right = f.plus(f.c(1), f.arena.Eseq(f.move(f.t(1), f.c(1)), f.call("f", {})));
  EXPECT_EQ(f.linear(f.arena.Exp(f.arena.Mem(right))),
            (Lines{"t101 <- 1", "t105 <- f()", "M[1 + t105]"}));
}

// MOVE(TEMP t, ESEQ(s, CALL f)) => SEQ(s, MOVE(TEMP t, CALL f)): the CALL keeps its
// MOVE, no temp is made; EXP(ESEQ(s, CALL f)) likewise.
TEST(BonusLinearize, CallUnderMoveTempOrExpStaysOnTop) {
  SCOPED_TRACE(kBonusTest);
  Fixture f;
  T_stm m = f.move(f.t(0), f.arena.Eseq(f.move(f.t(1), f.c(1)), f.call("f", {f.t(1)})));
  EXPECT_EQ(f.linear(m), (Lines{"t101 <- 1", "t100 <- f(t101)"}));
  T_stm x = f.arena.Exp(f.arena.Eseq(f.move(f.t(1), f.c(2)), f.call("g", {})));
  EXPECT_EQ(f.linear(x), (Lines{"t101 <- 2", "g()"}));
  T_stm args = f.arena.Exp(f.call("p", {f.arena.Eseq(f.move(f.t(2), f.c(3)), f.t(2))}));
  EXPECT_EQ(f.linear(args), (Lines{"t102 <- 3", "p(t102)"}));
  EXPECT_EQ(f.cx.counters.tempsIntroduced, 0);
}

// linear: SEQ(SEQ(a, b), c) = SEQ(a, SEQ(b, c)); seq() drops EXP(CONST).
TEST(Linearize, SeqIsFlattenedAndNoOpsDropped) {
  Fixture f;
  Temp_label l = f.label("L");
  T_stm s = f.arena.Seq(f.arena.Seq(f.arena.Exp(f.c(0)), f.arena.Label(l)),
                        f.arena.Seq(f.move(f.t(1), f.c(1)), f.arena.Exp(f.c(9))));
  EXPECT_EQ(f.linear(s), (Lines{"LABEL L", "t101 <- 1"}));
  EXPECT_EQ(f.linear(f.arena.Exp(f.c(0))), Lines{});
  EXPECT_EQ(f.linear(f.arena.Exp(f.arena.Eseq(f.move(f.t(1), f.c(1)), f.t(1)))),
            (Lines{"t101 <- 1"}));
}

// The input tree is not changed: the same tree linearizes to the same list twice.
TEST(Linearize, InputIsNotModified) {
  Fixture f;
  T_stm s = f.move(f.t(0),
                   f.plus(f.t(1), f.arena.Eseq(f.move(f.t(1), f.c(7)), f.call("g", {}))));
  Lines first = f.linear(s);
  std::ostringstream a, b;
  tree::printStm(a, s);
  f.linear(s);
  tree::printStm(b, s);
  EXPECT_EQ(a.str(), b.str());
  EXPECT_EQ(first.size(), 4u);
}

} // namespace
} // namespace tiger::canon_test
