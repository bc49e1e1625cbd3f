// canon_builder_shape.cc - the test builder (builder.hh) emits the statements of
// Translate's lowering for each construct. Expects each construct's statements, one
// per line as cfg_dot's stmLine prints them, with temps from t100 and labels from L0;
// and std::logic_error for Break/Continue outside a loop.
#include "chap7/ir/tree_print.hh"
#include "chap8/cfg_dot.hh"
#include "chap8/tests/builder.hh"

#include <gtest/gtest.h>

#include <sstream>
#include <stdexcept>

namespace tiger {
namespace {

using tree::RelOp;

// A builder on its own arena and factory, and the lines of what it emitted.
struct Fixture {
  tree::Arena arena;
  TempFactory temps;
  build::Builder b{arena, temps};

  std::vector<std::string> lines() {
    std::vector<std::string> out;
    for (T_stm s : b.finishList())
      out.push_back(canon::stmLine(s));
    return out;
  }
};

using Lines = std::vector<std::string>;

TEST(BuilderShape, IfThenJumpsOverTheThenPart) {
  Fixture f;
  auto x = f.b.temp();
  f.b.If(f.b.rel(RelOp::LT, x, f.b.cnst(10)), [&] { f.b.move(x, f.b.cnst(1)); });
  EXPECT_EQ(f.lines(),
            (Lines{"CJUMP LT t100, 10 -> L0 | L1", "LABEL L0", "t100 <- 1", "LABEL L1"}));
}

TEST(BuilderShape, IfThenElseJoins) {
  Fixture f;
  auto x = f.b.temp();
  f.b.If(
      f.b.rel(RelOp::EQ, x, f.b.cnst(0)), [&] { f.b.move(x, f.b.cnst(1)); },
      [&] { f.b.move(x, f.b.cnst(2)); });
  EXPECT_EQ(f.lines(), (Lines{"CJUMP EQ t100, 0 -> L0 | L1", "LABEL L0", "t100 <- 1",
                              "JUMP L2", "LABEL L1", "t100 <- 2", "LABEL L2"}));
}

TEST(BuilderShape, AndOrNotShortCircuit) {
  Fixture f;
  auto x = f.b.temp(), y = f.b.temp();
  auto cond = f.b.Or(
      f.b.And(f.b.rel(RelOp::GT, x, f.b.cnst(0)), f.b.rel(RelOp::GT, y, f.b.cnst(0))),
      f.b.Not(f.b.rel(RelOp::NE, x, y)));
  f.b.If(cond, [&] { f.b.callProc("printi", {x}); });
  EXPECT_EQ(f.lines(), (Lines{"CJUMP GT t100, 0 -> L3 | L2", "LABEL L3",
                              "CJUMP GT t101, 0 -> L0 | L2", "LABEL L2",
                              "CJUMP NE t100, t101 -> L1 | L0", "LABEL L0",
                              "printi(t100)", "LABEL L1"}));
}

TEST(BuilderShape, IfExpLeavesTheArmsValueInATemp) {
  Fixture f;
  auto x = f.b.temp();
  f.b.move(x, f.b.IfExp(
                  f.b.isTrue(x), [&] { return f.b.cnst(1); },
                  [&] {
                    f.b.callProc("printi", {x});
                    return f.b.cnst(2);
                  }));
  EXPECT_EQ(f.lines(),
            (Lines{"t100 <- ESEQ{CJUMP NE t100, 0 -> L0 | L1; LABEL L0; t101 <- 1; "
                   "JUMP L2; LABEL L1; printi(t100); t101 <- 2; LABEL L2; t101}"}));
}

TEST(BuilderShape, WhileTestsAtTheTopBreakAndContinue) {
  Fixture f;
  auto i = f.b.temp();
  f.b.While(f.b.rel(RelOp::LT, i, f.b.cnst(10)), [&] {
    f.b.move(i, f.b.add(i, f.b.cnst(1)));
    f.b.If(f.b.rel(RelOp::EQ, i, f.b.cnst(3)), [&] { f.b.Continue(); });
    f.b.Break();
  });
  EXPECT_EQ(f.lines(),
            (Lines{"LABEL L0", "CJUMP LT t100, 10 -> L1 | L2", "LABEL L1",
                   "t100 <- t100 + 1", "CJUMP EQ t100, 3 -> L3 | L4", "LABEL L3",
                   "JUMP L0", "LABEL L4", "JUMP L2", "JUMP L0", "LABEL L2"}));
}

TEST(BuilderShape, WhileConditionMayEmitStatements) {
  Fixture f;
  auto c = f.b.temp();
  f.b.While(
      [&] {
        f.b.move(c, f.b.call("getchar", {}));
        return f.b.rel(RelOp::NE, c, f.b.cnst(0));
      },
      [&] {});
  EXPECT_EQ(f.lines(),
            (Lines{"LABEL L0", "t100 <- getchar()", "CJUMP NE t100, 0 -> L1 | L2",
                   "LABEL L1", "JUMP L0", "LABEL L2"}));
}

// Tiger's for: bounds once, inclusive, test before the increment (no overflow).
TEST(BuilderShape, ForEvaluatesBoundsOnceAndTestsBeforeIncrement) {
  Fixture f;
  auto i = f.b.temp(), n = f.b.temp();
  f.b.For(i, f.b.cnst(1), n, [&] { f.b.Continue(); });
  EXPECT_EQ(f.lines(),
            (Lines{"t100 <- 1", "t102 <- t101", "CJUMP LE t100, t102 -> L0 | L3",
                   "LABEL L0", "JUMP L1", "LABEL L1", "CJUMP LT t100, t102 -> L2 | L3",
                   "LABEL L2", "t100 <- t100 + 1", "JUMP L0", "LABEL L3"}));
}

TEST(BuilderShape, BreakGoesToTheInnermostLoop) {
  Fixture f;
  auto i = f.b.temp(), j = f.b.temp();
  f.b.For(i, f.b.cnst(1), f.b.cnst(2), [&] {
    f.b.While(f.b.rel(RelOp::LT, j, i), [&] { f.b.Break(); });
    f.b.Break();
  });
  Lines l = f.lines();
  // inner while: test L4, body L5, done L6; outer for: done L3
  ASSERT_EQ(l.size(), 17u);
  EXPECT_EQ(l[7], "JUMP L6");
  EXPECT_EQ(l[10], "JUMP L3");
}

TEST(BuilderShape, EseqAndCallAndMem) {
  Fixture f;
  auto x = f.b.temp();
  f.b.move(f.b.mem(f.b.add(f.b.fp(), f.b.cnst(-8))),
           f.b.eseq([&] { f.b.move(x, f.b.cnst(5)); }, f.b.call("f", {x, f.b.rv()})));
  EXPECT_EQ(f.lines(), (Lines{"M[fp + -8] <- ESEQ{t100 <- 5; f(t100, rv)}"}));
}

TEST(BuilderShape, ReusedExpressionsAreCopiedNotShared) {
  Fixture f;
  auto x = f.b.temp();
  f.b.move(x, f.b.add(x, f.b.cnst(1)));
  f.b.move(x, f.b.add(x, f.b.cnst(1)));
  std::vector<T_stm> stms = f.b.finishList();
  auto* m1 = tree::cast<tree::Move>(stms[0]);
  auto* m2 = tree::cast<tree::Move>(stms[1]);
  ASSERT_TRUE(m1 && m2);
  EXPECT_NE(m1->dst, m2->dst);
  EXPECT_NE(m1->dst, x);
  EXPECT_NE(tree::cast<tree::Binop>(m1->src)->left, x);
}

TEST(BuilderShape, FinishMakesOneSeqTree) {
  Fixture f;
  auto x = f.b.temp();
  f.b.move(x, f.b.cnst(1));
  f.b.move(x, f.b.add(x, f.b.cnst(1)));
  std::ostringstream out;
  tree::printStm(out, f.b.finish());
  EXPECT_EQ(out.str(), "SEQ(\n MOVE(\n  TEMP t100,\n  CONST 1),\n MOVE(\n  TEMP t100,\n"
                       "  BINOP(PLUS,\n   TEMP t100,\n   CONST 1)))");
  EXPECT_TRUE(f.b.finishList().empty());
}

TEST(BuilderShape, BreakOrContinueOutsideALoopThrows) {
  Fixture f;
  EXPECT_THROW(f.b.Break(), std::logic_error);
  EXPECT_THROW(f.b.Continue(), std::logic_error);
  // An exception out of a loop body leaves no loop behind.
  auto i = f.b.temp();
  EXPECT_THROW(
      f.b.For(i, f.b.cnst(0), f.b.cnst(1), [&] { throw std::runtime_error("x"); }),
      std::runtime_error);
  EXPECT_FALSE(f.b.inLoop());
  EXPECT_THROW(f.b.Break(), std::logic_error);
}

TEST(BuilderShape, FunctionsAreAddedOutsideLoopsOnly) {
  auto prog = build::newProgram();
  build::Builder b(prog->arena, prog->temps);
  auto i = b.temp();
  b.While(b.rel(RelOp::LT, i, b.cnst(1)), [&] {
    EXPECT_THROW(build::addFunction(*prog, b, "f", {}, [](const auto&) {}),
                 std::logic_error);
  });
  build::addFunction(*prog, b, "g", {true, false},
                     [&](const std::vector<T_exp>& formals) {
                       ASSERT_EQ(formals.size(), 2u);
                       b.move(b.rv(), b.add(formals[0], formals[1]));
                     });
  build::setMain(*prog, b);
  ASSERT_EQ(prog->procs.size(), 2u);
  EXPECT_EQ(prog->procs[0].sourceName, "tigermain");
  EXPECT_EQ(canon::stmLine(prog->procs[1].body.at(0)), "rv <- M[fp + 0] + t101");
}

} // namespace
} // namespace tiger
