// interp_control.cc - control flow in nested trees (as Translate makes them) and in flat
// lists (as canon makes them): labels deep inside SEQ spines, jumps out of ESEQs
// (`break`), loops, jumps to unknown labels and into ESEQs (internal errors), and
// bodies of 10^6 statements. Expects exact stdout and statuses.
#include "chap7/interp/tests/interp_testing.hh"

#include <gtest/gtest.h>

namespace tiger::interp_test {
namespace {

using tree::BinOp;
using tree::RelOp;

TEST(InterpControl, LabelInsideNestedSeqIsAJumpTarget) {
  ProgramBuilder b;
  Temp_label l = b.label("L");
  // SEQ(SEQ(JUMP L, print "skipped"), SEQ(SEQ(print "x", SEQ(LABEL L, print "a")), print "b"))
  T_stm left = b.a.Seq(b.a.Jump(l), b.print("skipped"));
  T_stm right =
      b.a.Seq(b.a.Seq(b.print("x"), b.a.Seq(b.a.Label(l), b.print("a"))), b.print("b"));
  b.main(b.a.Seq(left, right));
  EXPECT_EQ(runProgram(b.program()).out, "ab");
}

// while 1 do (print "in"; x := 1 + (break; 2))  -- break leaves the ESEQ mid-BINOP.
TEST(InterpControl, JumpOutOfAnEseqAbandonsTheExpression) {
  ProgramBuilder b;
  Temp_label test = b.label("test"), body = b.label("body"), done = b.label("done");
  Temp_temp x = b.newTemp();
  T_exp breaking = b.a.Eseq(b.a.Seq(b.print("break "), b.a.Jump(done)), b.c(2));
  b.main(
      b.seq({b.a.Move(b.a.Temp(x), b.c(7)), b.a.Label(test),
             b.a.Cjump(RelOp::NE, b.c(1), b.c(0), body, done), b.a.Label(body),
             b.print("in "), b.a.Move(b.a.Temp(x), b.bin(BinOp::PLUS, b.c(1), breaking)),
             b.a.Jump(test), b.a.Label(done), b.printi(b.a.Temp(x))}));
  RunOutput run = runProgram(b.program());
  EXPECT_EQ(run.out, "in break 7") << run.err;
}

TEST(InterpControl, JumpOutOfTwoNestedEseqs) {
  ProgramBuilder b;
  Temp_label out = b.label("out");
  T_exp inner = b.a.Eseq(b.a.Jump(out), b.c(1));
  T_exp outer = b.a.Eseq(b.a.Exp(b.bin(BinOp::PLUS, b.c(1), inner)), b.c(2));
  b.main(b.seq({b.printi(outer), b.a.Label(out), b.print("out")}));
  EXPECT_EQ(runProgram(b.program()).out, "out");
}

TEST(InterpControl, JumpWithinAnEseqStaysInside) {
  ProgramBuilder b;
  Temp_label skip = b.label("skip");
  T_exp e = b.a.Eseq(
      b.seq({b.a.Jump(skip), b.print("no"), b.a.Label(skip), b.print("yes ")}), b.c(5));
  b.main(b.printi(e));
  EXPECT_EQ(runProgram(b.program()).out, "yes 5");
}

// MOVE(ESEQ(s, TEMP t), e) == SEQ(s, MOVE(TEMP t, e))
TEST(InterpControl, MoveIntoAnEseqRunsItsStatementFirst) {
  ProgramBuilder b;
  Temp_temp t = b.newTemp();
  b.main(b.seq(
      {b.a.Move(b.a.Eseq(b.print("s "), b.a.Temp(t)), b.a.Eseq(b.print("e "), b.c(3))),
       b.printi(b.a.Temp(t))}));
  EXPECT_EQ(runProgram(b.program()).out, "s e 3");
}

TEST(InterpControl, FlatListBodyAsCanonMakesIt) {
  ProgramBuilder b;
  Temp_temp i = b.newTemp();
  Temp_label test = b.label("test"), body = b.label("body"), done = b.label("done");
  b.proc("tigermain", {true});
  b.setBody({b.a.Move(b.a.Temp(i), b.c(0)), b.a.Label(test),
             b.a.Cjump(RelOp::GE, b.a.Temp(i), b.c(5), done, body), b.a.Label(body),
             b.printi(b.a.Temp(i)),
             b.a.Move(b.a.Temp(i), b.bin(BinOp::PLUS, b.a.Temp(i), b.c(1))),
             b.a.Jump(test), b.a.Label(done)});
  RunOutput run = runProgram(b.program());
  EXPECT_EQ(run.out, "01234");
  EXPECT_EQ(run.result.stats.cjumps, 6u);
  EXPECT_EQ(run.result.stats.jumps, 5u);
  EXPECT_EQ(run.result.stats.moves, 6u);
  EXPECT_EQ(run.result.stats.calls, 5u);
  EXPECT_EQ(run.result.stats.steps, 1u + 6u * 2u + 5u * 4u + 1u);
}

// Bad jumps stop the program with a runtime error (exit 70): IR read back from a
// student's dump may hold them, so they are not compiler bugs.
TEST(InterpControl, JumpToUnknownLabelIsARuntimeError) {
  ProgramBuilder b;
  b.main(b.seq({b.print("a"), b.a.Jump(b.label("nowhere"))}));
  RunOutput run = runProgram(b.program());
  EXPECT_EQ(run.result.status, ExitCode::Runtime);
  EXPECT_EQ(run.result.exitCode, 70);
  EXPECT_EQ(run.out, "a");
  EXPECT_NE(run.err.find("runtime error: jump to label nowhere"), std::string::npos)
      << run.err;
  EXPECT_EQ(run.result.stats.steps, 2u); // the JUMP counts its step, then stops
  EXPECT_EQ(run.result.stats.jumps, 1u);
}

TEST(InterpControl, JumpIntoAnEseqIsARuntimeError) {
  ProgramBuilder b;
  Temp_label in = b.label("in");
  b.main(b.seq({b.a.Jump(in), b.printi(b.a.Eseq(b.a.Label(in), b.c(1)))}));
  RunOutput run = runProgram(b.program());
  EXPECT_EQ(run.result.status, ExitCode::Runtime) << run.out;
  EXPECT_NE(run.err.find("inside an ESEQ that the jump is not in"), std::string::npos);
}

TEST(InterpControl, LabelDefinedTwiceIsInternal) {
  ProgramBuilder b;
  Temp_label l = b.label("twice");
  b.main(b.seq({b.a.Label(l), b.a.Label(l)}));
  EXPECT_EQ(runProgram(b.program()).result.status, ExitCode::Internal);
}

// t := t + 1, a million times, as a right-nested SEQ spine, a left-nested one, a list.
TEST(InterpControl, AMillionStatements) {
  constexpr int kN = 1'000'000;
  for (int shape = 0; shape < 3; ++shape) {
    ProgramBuilder b;
    Temp_temp t = b.newTemp();
    // One MOVE node shared by every position: trees may share subtrees.
    T_stm increment = b.a.Move(b.a.Temp(t), b.bin(BinOp::PLUS, b.a.Temp(t), b.c(1)));
    std::vector<T_stm> stms(kN, increment);
    stms.push_back(b.printi(b.a.Temp(t)));
    b.proc("tigermain", {true});
    if (shape == 0) {
      b.setBody({b.seq(stms)});
    } else if (shape == 1) {
      T_stm left = stms[0];
      for (std::size_t k = 1; k < stms.size(); ++k)
        left = b.a.Seq(left, stms[k]);
      b.setBody({left});
    } else {
      b.setBody(stms);
    }
    RunOutput run = runProgram(b.program());
    EXPECT_EQ(run.out, "1000000") << "shape " << shape;
    EXPECT_EQ(run.result.stats.moves, static_cast<std::uint64_t>(kN));
  }
}

} // namespace
} // namespace tiger::interp_test
