// canon_commute.cc - the two commute() tests and what they cost (the sharp one's tests
// are the suite BonusCommute: a book answer may fail them). Expects: the book's
// commute true only for an empty (no-op) s or a CONST/NAME e; the sharp one also true
// when s cannot change e's value or the program's behaviour (linearize.hh), and false
// for a MEM read past a memory write or a CALL, a temp s writes, and a DIVIDE (which
// may fault) past a CALL; fewer temps and MOVEs with the sharp one on the same tree;
// and a division by zero still reported before a print that followed it.
#include "canon_testing.hh"

#include "chap8/linearize.hh"
#include "chap8/tests/builder.hh"

namespace tiger::canon_test {
namespace {

struct CommuteFixture : Fixture {
  canon::Options sharp{};
  canon::Options book = canon::Options::book();
  T_exp fp() { return arena.Temp(temps.fp()); }
  T_exp frameSlot() { return arena.Mem(plus(fp(), c(8))); }
  T_stm print() { return arena.Exp(call("print", {arena.Name(label("S0"))})); }
};

TEST(Commute, BookCommutesOnlyConstantsNamesAndNoOps) {
  CommuteFixture f;
  std::vector<T_stm> s{f.move(f.t(1), f.c(1))};
  EXPECT_TRUE(canon::commute(f.book, s, f.c(4)));
  EXPECT_TRUE(canon::commute(f.book, s, f.arena.Name(f.label("A"))));
  EXPECT_TRUE(canon::commute(f.book, {f.arena.Exp(f.c(0))}, f.t(1)));
  EXPECT_FALSE(canon::commute(f.book, s, f.t(0)));
  EXPECT_FALSE(canon::commute(f.book, {f.arena.Label(f.label("L"))}, f.t(0)));
  EXPECT_FALSE(canon::commute(f.book, {f.arena.Exp(f.t(2))}, f.t(0)))
      << "EXP(TEMP) is not a no-op for the book";
}

TEST(BonusCommute, SharpCommutesTempsThatSDoesNotWrite) {
  SCOPED_TRACE(kBonusTest);
  CommuteFixture f;
  EXPECT_TRUE(canon::commute(f.sharp, {f.move(f.t(1), f.c(1))}, f.t(0)));
  EXPECT_FALSE(canon::commute(f.sharp, {f.move(f.t(0), f.c(1))}, f.plus(f.t(2), f.t(0))));
  EXPECT_TRUE(canon::commute(f.sharp, {f.arena.Exp(f.call("f", {f.t(0)}))}, f.t(0)))
      << "a CALL writes no temp of its caller";
  EXPECT_TRUE(canon::commute(f.sharp, {f.arena.Exp(f.t(2))}, f.t(0)))
      << "EXP(TEMP) is a no-op";
  EXPECT_TRUE(canon::commute(f.sharp, {f.arena.Label(f.label("L"))}, f.t(0)));
}

TEST(BonusCommute, SharpKeepsMemoryReadsBeforeWritesAndCalls) {
  SCOPED_TRACE(kBonusTest);
  CommuteFixture f;
  T_exp load = f.arena.Mem(f.t(0));
  EXPECT_FALSE(canon::commute(f.sharp, {f.move(f.arena.Mem(f.t(1)), f.c(1))}, load));
  EXPECT_FALSE(canon::commute(f.sharp, {f.arena.Exp(f.call("f", {}))}, load));
  EXPECT_TRUE(canon::commute(f.sharp, {f.move(f.t(1), f.c(1))}, load));
  EXPECT_FALSE(canon::commute(f.sharp, {f.move(f.t(1), f.arena.Mem(f.t(2)))}, load))
      << "both may fault: their order stays";
  EXPECT_TRUE(
      canon::commute(f.sharp, {f.move(f.t(1), f.arena.Mem(f.t(2)))}, f.frameSlot()))
      << "a frame slot never faults, and s writes no memory";
  EXPECT_FALSE(canon::commute(f.sharp, {f.arena.Jump(f.label("L"))}, load))
      << "a jump may skip the read's fault";
}

TEST(BonusCommute, SharpKeepsADivisionThatMayFaultBeforeACall) {
  SCOPED_TRACE(kBonusTest);
  CommuteFixture f;
  T_exp div = f.arena.Binop(BinOp::DIVIDE, f.t(0), f.t(1));
  EXPECT_FALSE(canon::commute(f.sharp, {f.print()}, div));
  EXPECT_TRUE(
      canon::commute(f.sharp, {f.print()}, f.arena.Binop(BinOp::DIVIDE, f.t(0), f.c(2))));
  EXPECT_TRUE(canon::commute(f.sharp, {f.move(f.t(2), f.c(0))}, div));
}

// t100 := (t101 + f(t102)) + (t103 * g(t101)): the sharp commute makes only the two
// temps of the CALLs; the book also saves t101, t103 and the left sum.
TEST(BonusCommute, SharpIntroducesFewerTempsThanTheBook) {
  SCOPED_TRACE(kBonusTest);
  auto tree = [](Fixture& f) {
    return f.move(f.t(0),
                  f.plus(f.plus(f.t(1), f.call("f", {f.t(2)})),
                         f.arena.Binop(BinOp::TIMES, f.t(3), f.call("g", {f.t(1)}))));
  };
  Fixture s;
  EXPECT_EQ(s.linear(tree(s)), (Lines{"t104 <- f(t102)", "t105 <- g(t101)",
                                      "t100 <- (t101 + t104) + (t103 * t105)"}));
  EXPECT_EQ(s.cx.counters.tempsIntroduced, 2);
  EXPECT_EQ(s.cx.counters.movesIntroduced, 2);
  Fixture b(canon::Options::book());
  EXPECT_EQ(b.linear(tree(b)),
            (Lines{"t105 <- t101", "t104 <- f(t102)", "t108 <- t105 + t104",
                   "t107 <- t103", "t106 <- g(t101)", "t100 <- t108 + (t107 * t106)"}));
  EXPECT_EQ(b.cx.counters.tempsIntroduced, 5);
  EXPECT_EQ(b.cx.counters.movesIntroduced, 5);
}

// printi(a / b + (print("x"); 0)) with b = 0: the division fails before "x" is printed,
// at every stage and in both modes.
TEST(Commute, DivisionByZeroStillFailsBeforeTheLaterPrint) {
  for (canon::Options o : {canon::Options{}, canon::Options::book()}) {
    std::unique_ptr<ir::Program> prog = build::newProgram();
    build::Builder b(prog->arena, prog->temps);
    T_exp a = b.temp(), z = b.temp();
    Temp_label x = build::addString(*prog, "x");
    b.move(a, b.cnst(7));
    b.move(z, b.cnst(0));
    T_exp later = b.eseq([&] { b.callProc("print", {b.name(x)}); }, b.cnst(0));
    b.callProc("printi", {b.add(b.div(a, z), later)});
    build::setMain(*prog, b);
    Outcome before = run(*prog);
    EXPECT_EQ(before.result.status, ExitCode::Runtime);
    canon::Context cx{prog->arena, prog->temps, o, {}};
    ASSERT_FALSE(canon::traceProgram(*prog, cx, true));
    EXPECT_EQ(run(*prog).out, before.out);
    EXPECT_EQ(before.out.find('x'), std::string::npos) << before.out;
  }
}

} // namespace
} // namespace tiger::canon_test
