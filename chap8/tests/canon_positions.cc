// canon_positions.cc - the source positions of canon's statements (positions.hh): what
// canonProc gives the statements C_linearize, C_basicBlocks and C_traceSchedule make.
//
// Expects:
//   - LinearizePositions (any answer of the canon lab passes them): a CALL hoisted out
//     of an expression keeps its call's line, the MOVE it came out of keeps its own;
//     every linear statement of queens has a position;
//   - TracesPositions (any answer of the traces lab passes them): a block's new LABEL
//     takes the line of the statement after it, a new JUMP the line of the one before
//     it, LABEL done the last line; with no position anywhere, none is made up; every
//     scheduled statement of queens has a position within the file;
//   - FillPositions: fillPositions alone, expressions first, then neighbours; a
//     statement that has a position keeps it;
//   - CheckPositions: a checker's message names the line of the statement it rejects.
#include "canon_testing.hh"

#include "chap7/translate/tests/translate_testing.hh"
#include "chap8/positions.hh"

#include <fstream>

namespace tiger::canon_test {
namespace {

using canon::CanonSteps;
using canon::Checks;
using canon::Step;
using canon::stmLine;
using tree::SrcPos;

// The canon sequence of procs[k], every checker on.
CanonSteps steps(ir::Program& prog, std::size_t k, Step last) {
  canon::Context cx{prog.arena, prog.temps, {}, {}};
  CanonSteps s = canon::canonProc(cx, prog.procs.at(k), last, Checks::all(true));
  EXPECT_FALSE(s.problem) << *s.problem;
  return s;
}

std::unique_ptr<ir::Program> queens() {
  std::ifstream in(std::string(TIGER_SOURCE_DIR) + "/testcases/demo/queens.tig");
  std::stringstream text;
  text << in.rdbuf();
  return irtest::translateText(text.str());
}

// Every statement has a position, at most on `lines`.
void allKnown(const std::vector<T_stm>& stms, std::uint32_t lines) {
  for (const tree::Stm* s : stms) {
    EXPECT_TRUE(s->pos().known()) << stmLine(s);
    EXPECT_LE(s->pos().line, lines) << stmLine(s);
  }
}

TEST(LinearizePositions, AHoistedCallKeepsTheLineOfItsCall) {
  auto prog = irtest::translateText("let function f(a: int): int = a + 1\n"
                                    "    var x := 0\n"
                                    "in x := 1 +\n"
                                    "     f(x);\n"
                                    "   printi(x)\n"
                                    "end\n");
  ASSERT_TRUE(prog);
  std::vector<T_stm> linear = steps(*prog, 0, Step::Linear).linear;
  int hoisted = 0;
  for (const tree::Stm* s : linear) {
    auto* m = tree::cast<tree::Move>(s);
    auto* call = m ? tree::cast<tree::Call>(m->src) : nullptr;
    auto* f = call ? tree::cast<tree::Name>(call->fun) : nullptr;
    if (f && f->label.str().rfind("f_", 0) == 0) {
      ++hoisted;
      EXPECT_EQ(s->pos(), SrcPos::at(4, 6)) << stmLine(s); // f(x)
    } else if (m && tree::cast<tree::Binop>(m->src)) {
      EXPECT_EQ(s->pos().line, 3u) << stmLine(s); // x := 1 + ...
    } else if (tree::cast<tree::ExpStm>(s)) {
      EXPECT_EQ(s->pos(), SrcPos::at(5, 4)) << stmLine(s); // printi(x)
    }
  }
  EXPECT_EQ(hoisted, 1);
}

TEST(LinearizePositions, EveryStatementOfQueensHasOne) {
  auto prog = queens();
  ASSERT_TRUE(prog);
  for (std::size_t k = 0; k < prog->procs.size(); ++k)
    allKnown(steps(*prog, k, Step::Linear).linear, 33);
}

// MOVE(t0, 1) at 10:1; LABEL L1 at 11:1; MOVE(t1, 2) at 12:1 (or nowhere).
ir::ProcFrag threeStatements(Fixture& f, bool located) {
  std::vector<T_stm> stms;
  for (std::uint32_t line : {10u, 11u, 12u}) {
    tree::PosScope at(f.arena,
                      located ? SrcPos::at(static_cast<int>(line), 1) : SrcPos{});
    stms.push_back(line == 11 ? f.arena.Label(f.label("L1"))
                              : f.move(f.t(line == 10 ? 0 : 1), f.c(line)));
  }
  ir::ProcFrag proc;
  proc.body = {f.arena.SeqList(stms)};
  return proc;
}

TEST(TracesPositions, NewLabelsTakeTheNextLineNewJumpsThePrevious) {
  Fixture f;
  ir::ProcFrag proc = threeStatements(f, true);
  CanonSteps s = canon::canonProc(f.cx, proc, Step::Traces, Checks::all(true));
  ASSERT_FALSE(s.problem) << *s.problem;
  ASSERT_EQ(s.blocks.stmLists.size(), 2u);
  const std::vector<T_stm>& first = s.blocks.stmLists[0];
  const std::vector<T_stm>& second = s.blocks.stmLists[1];
  EXPECT_EQ(first.front()->pos(), SrcPos::at(10, 1));  // a new LABEL: the MOVE after it
  EXPECT_EQ(first.back()->pos(), SrcPos::at(10, 1));   // JUMP L1: the MOVE before it
  EXPECT_EQ(second.front()->pos(), SrcPos::at(11, 1)); // LABEL L1 keeps its own
  EXPECT_EQ(second.back()->pos(), SrcPos::at(12, 1));  // JUMP done: the MOVE before it
  allKnown(s.traces, 12);
  EXPECT_EQ(s.traces.back()->pos(), SrcPos::at(12, 1)); // LABEL done: the last line
}

TEST(TracesPositions, NoPositionAnywhereMakesNone) {
  Fixture f;
  ir::ProcFrag proc = threeStatements(f, false);
  CanonSteps s = canon::canonProc(f.cx, proc, Step::Traces, Checks::all(true));
  ASSERT_FALSE(s.problem) << *s.problem;
  for (const tree::Stm* stm : s.traces)
    EXPECT_FALSE(stm->pos().known()) << stmLine(stm);
}

TEST(TracesPositions, EveryStatementOfQueensHasOne) {
  auto prog = queens();
  ASSERT_TRUE(prog);
  for (std::size_t k = 0; k < prog->procs.size(); ++k)
    allKnown(steps(*prog, k, Step::Traces).traces, 33);
}

TEST(FillPositions, ExpressionsFirstThenNeighbours) {
  Fixture f;
  T_exp one;
  {
    tree::PosScope at(f.arena, SrcPos::at(4, 2));
    one = f.c(1);
  }
  T_stm own;
  {
    tree::PosScope at(f.arena, SrcPos::at(9, 9));
    own = f.move(f.t(1), f.c(2));
  }
  std::vector<T_stm> stms{f.arena.Label(f.label("A")), f.move(f.t(0), one),
                          f.arena.Jump(f.label("A")), own, f.arena.Label(f.label("B"))};
  canon::fillPositions(stms);
  EXPECT_EQ(stms[0]->pos(), SrcPos::at(4, 2)); // LABEL: the next statement's
  EXPECT_EQ(stms[1]->pos(), SrcPos::at(4, 2)); // its expression's
  EXPECT_EQ(stms[2]->pos(), SrcPos::at(4, 2)); // JUMP: the previous statement's
  EXPECT_EQ(stms[3]->pos(), SrcPos::at(9, 9)); // kept
  EXPECT_EQ(stms[4]->pos(), SrcPos::at(9, 9)); // LABEL with nothing after: before
}

TEST(CheckPositions, AViolationNamesTheSourceLine) {
  Fixture f;
  T_stm jump, label = f.arena.Label(f.label("T"));
  {
    tree::PosScope at(f.arena, SrcPos::at(7, 3));
    jump = f.arena.Cjump(RelOp::LT, f.t(0), f.c(1), f.label("T"), f.label("F"));
  }
  auto problem = canon::checkTraces({jump, label, f.arena.Label(f.label("F"))});
  ASSERT_TRUE(problem);
  EXPECT_EQ(problem->rfind("checkTraces: statement 0 (from line 7): a CJUMP must be", 0),
            0u)
      << *problem;
  problem = canon::checkTraces(
      {label, f.arena.Jump(f.label("nowhere")), f.arena.Label(f.label("F"))});
  ASSERT_TRUE(problem);
  EXPECT_EQ(problem->find("(from line"), std::string::npos) << *problem; // no position
}

} // namespace
} // namespace tiger::canon_test
