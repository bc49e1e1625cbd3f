// canon_blocks_traces.cc - C_basicBlocks and C_traceSchedule on small hand-built lists.
// Expects: blocks that start with their only LABEL and end with their only jump (fresh
// labels where missing, a JUMP where control fell through, dead code in its own block,
// JUMP to `done` at the end); traces where every CJUMP is followed by its false label,
// JUMP-to-next deleted, a CJUMP followed by its true label negated, and a CJUMP whose
// two targets are placed elsewhere given a new false label AND the JUMP to the old one
// (the statement canon.c forgets). Labels: named ones as written, fresh ones L0, L1, ...
// BonusLayout: the improved mode's loop rotation (a book answer may fail them).
#include "canon_testing.hh"

#include "chap8/trace_schedule.hh"

namespace tiger::canon_test {
namespace {

std::vector<Lines> blockLines(const canon::C_block& b) {
  std::vector<Lines> out;
  for (const auto& block : b.stmLists)
    out.push_back(lines(block));
  return out;
}

// A label in the middle gets a JUMP to it; the first block gets a fresh label; the
// last block jumps to `done` (L0, made first).
TEST(BasicBlocks, FallThroughBecomesAJumpAndTheEndJumpsToDone) {
  Fixture f;
  Temp_label a = f.label("A");
  std::vector<T_stm> stms{f.move(f.t(0), f.c(1)), f.arena.Label(a),
                          f.move(f.t(1), f.c(2))};
  canon::C_block b = canon::C_basicBlocks(f.cx, stms);
  EXPECT_EQ(b.label.str(), "L0");
  EXPECT_EQ(blockLines(b), (std::vector<Lines>{{"LABEL L1", "t100 <- 1", "JUMP A"},
                                               {"LABEL A", "t101 <- 2", "JUMP L0"}}));
  EXPECT_FALSE(canon::checkBlocks(b));
}

// Statements after a JUMP are dead but kept, in a block of their own with a fresh label.
TEST(BasicBlocks, DeadCodeAfterAJumpGetsItsOwnBlock) {
  Fixture f;
  Temp_label a = f.label("A");
  std::vector<T_stm> stms{f.arena.Label(a), f.arena.Jump(a), f.move(f.t(0), f.c(1)),
                          f.arena.Cjump(RelOp::LT, f.t(0), f.c(0), a, a)};
  canon::C_block b = canon::C_basicBlocks(f.cx, stms);
  EXPECT_EQ(blockLines(b),
            (std::vector<Lines>{{"LABEL A", "JUMP A"},
                                {"LABEL L1", "t100 <- 1", "CJUMP LT t100, 0 -> A | A"}}));
  EXPECT_FALSE(canon::checkBlocks(b));
}

// An empty body: no blocks; the trace is just LABEL done.
TEST(BasicBlocks, EmptyBodyHasNoBlocksAndTracesToDone) {
  Fixture f;
  canon::C_block b = canon::C_basicBlocks(f.cx, {});
  EXPECT_TRUE(b.stmLists.empty());
  std::vector<T_stm> t = canon::C_traceSchedule(f.cx, b);
  EXPECT_EQ(lines(t), (Lines{"LABEL L0"}));
  EXPECT_FALSE(canon::checkTraces(t));
}

// docs/canon.md's example: B1 CJUMP(B2, B3); B2, B3 -> B4. Trace 1 = B1 B3 B4 (false target
// first), trace 2 = B2. B3's JUMP to B4 is deleted; B2's JUMP B4 stays.
TEST(Traces, AlgorithmEightThreeOnTheSeedExample) {
  for (canon::Options o : {canon::Options::book(), canon::Options{}}) {
    Fixture f(o);
    Temp_label b2 = f.label("B2"), b3 = f.label("B3"), b4 = f.label("B4");
    T_stm s =
        f.arena.SeqList({f.arena.Cjump(RelOp::LT, f.t(0), f.c(0), b2, b3),
                         f.arena.Label(b2), f.move(f.t(1), f.c(2)), f.arena.Jump(b4),
                         f.arena.Label(b3), f.move(f.t(1), f.c(3)), f.arena.Jump(b4),
                         f.arena.Label(b4), f.arena.Exp(f.call("printi", {f.t(1)}))});
    EXPECT_EQ(lines(f.traced(s)),
              (Lines{"LABEL L1", "CJUMP LT t100, 0 -> B2 | B3", "LABEL B3", "t101 <- 3",
                     "LABEL B4", "printi(t101)", "JUMP L0", "LABEL B2", "t101 <- 2",
                     "JUMP B4", "LABEL L0"}));
  }
}

// A block whose CJUMP's two targets are both placed before it: new false label f',
// then JUMP(NAME f) right after it. canon.c omits that JUMP and falls into whatever
// follows (here C, which must not run).
TEST(Traces, CjumpWithBothTargetsPlacedGetsNewFalseLabelAndAJump) {
  Fixture f;
  Temp_label a = f.label("A"), t = f.label("T"), e = f.label("E"), c = f.label("C");
  Temp_label done = f.label("done");
  canon::Block bt{f.arena.Label(t), f.arena.Jump(done)};
  canon::Block be{f.arena.Label(e), f.arena.Jump(done)};
  canon::Block ba{f.arena.Label(a), f.arena.Cjump(RelOp::EQ, f.t(0), f.c(1), t, e)};
  canon::Block bc{f.arena.Label(c), f.arena.Exp(f.call("exit", {f.c(3)})),
                  f.arena.Jump(done)};
  std::vector<T_stm> out = canon::finishUp(f.cx, {&bt, &be, &ba, &bc}, done);
  EXPECT_EQ(lines(out), (Lines{"LABEL T", "JUMP done", "LABEL E", "JUMP done", "LABEL A",
                               "CJUMP EQ t100, 1 -> T | L0", "LABEL L0", "JUMP E",
                               "LABEL C", "exit(3)", "LABEL done"}));
  EXPECT_FALSE(canon::checkTraces(out));
}

// CJUMP followed by its true label: relation negated, labels swapped. JUMP to the
// block right after it: deleted.
TEST(Traces, CjumpFollowedByItsTrueLabelIsNegatedAndJumpToNextDeleted) {
  Fixture f;
  Temp_label a = f.label("A"), t = f.label("T"), e = f.label("E"), done = f.label("done");
  canon::Block ba{f.arena.Label(a), f.arena.Cjump(RelOp::LT, f.t(0), f.c(1), t, e)};
  canon::Block bt{f.arena.Label(t), f.arena.Jump(e)};
  canon::Block be{f.arena.Label(e), f.arena.Jump(done)};
  EXPECT_EQ(lines(canon::finishUp(f.cx, {&ba, &bt, &be}, done)),
            (Lines{"LABEL A", "CJUMP GE t100, 1 -> E | T", "LABEL T", "LABEL E",
                   "LABEL done"}));
}

// A JUMP to the next block: both modes delete it (the trace continues into its target).
TEST(Traces, JumpToTheNextBlockIsDeleted) {
  for (canon::Options o : {canon::Options::book(), canon::Options{}}) {
    Fixture f(o);
    Temp_label n = f.label("N");
    T_stm s = f.arena.SeqList({f.move(f.t(0), f.c(1)), f.arena.Jump(n), f.arena.Label(n),
                               f.move(f.t(1), f.c(2))});
    EXPECT_EQ(lines(f.traced(s)),
              (Lines{"LABEL L1", "t100 <- 1", "LABEL N", "t101 <- 2", "LABEL L0"}));
  }
}

// while t100 < 10 do t100 := t100 + 1, as Translate lays it out. Book: the test first,
// then done, the body last with its JUMP back. Improved: entry JUMP threaded into the
// test's CJUMP, the body, then the test at the bottom with no JUMP in the loop.
TEST(BonusLayout, WhileLoopIsRotatedInTheImprovedMode) {
  SCOPED_TRACE(kBonusTest);
  auto build = [](Fixture& f) {
    Temp_label test = f.label("test"), body = f.label("body"), done = f.label("exit");
    return f.arena.SeqList({f.move(f.t(0), f.c(0)), f.arena.Label(test),
                            f.arena.Cjump(RelOp::LT, f.t(0), f.c(10), body, done),
                            f.arena.Label(body), f.move(f.t(0), f.plus(f.t(0), f.c(1))),
                            f.arena.Jump(test), f.arena.Label(done)});
  };
  Fixture b(canon::Options::book());
  EXPECT_EQ(lines(b.traced(build(b))),
            (Lines{"LABEL L1", "t100 <- 0", "LABEL test",
                   "CJUMP LT t100, 10 -> body | exit", "LABEL exit", "JUMP L0",
                   "LABEL body", "t100 <- t100 + 1", "JUMP test", "LABEL L0"}));
  Fixture f;
  EXPECT_EQ(lines(f.traced(build(f))),
            (Lines{"LABEL L1", "t100 <- 0", "CJUMP GE t100, 10 -> exit | body",
                   "LABEL body", "t100 <- t100 + 1", "LABEL test",
                   "CJUMP LT t100, 10 -> body | exit", "LABEL exit", "LABEL L0"}));
}

// A loop test at the very start of the function: the improved mode puts a block
// `LABEL e; JUMP test` in front (threaded into a CJUMP), so the function still starts
// at its top.
TEST(BonusLayout, LoopAtTheStartOfTheFunctionGetsAnEntryBlock) {
  SCOPED_TRACE(kBonusTest);
  Fixture f;
  Temp_label test = f.label("test"), body = f.label("body"), done = f.label("exit");
  T_stm s = f.arena.SeqList({f.arena.Label(test),
                             f.arena.Cjump(RelOp::LT, f.t(0), f.c(10), body, done),
                             f.arena.Label(body), f.move(f.t(0), f.plus(f.t(0), f.c(1))),
                             f.arena.Jump(test), f.arena.Label(done)});
  EXPECT_EQ(lines(f.traced(s)),
            (Lines{"LABEL L1", "CJUMP GE t100, 10 -> exit | body", "LABEL body",
                   "t100 <- t100 + 1", "LABEL test", "CJUMP LT t100, 10 -> body | exit",
                   "LABEL exit", "LABEL L0"}));
}

} // namespace
} // namespace tiger::canon_test
