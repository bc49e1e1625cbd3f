// interp_limits.cc - runaway programs stop cleanly: the step limit (statements + calls)
// and the call-depth limit give status Limit, exit 71 and a message that says how to
// raise them; recursion right up to the default depth works; stats count what ran.
#include "chap7/interp/tests/interp_testing.hh"

#include <gtest/gtest.h>

namespace tiger::interp_test {
namespace {

using tree::BinOp;
using tree::RelOp;

TEST(InterpLimits, InfiniteLoopHitsTheStepLimit) {
  ProgramBuilder b;
  Temp_label l = b.label("L");
  b.main(b.seq({b.print("start"), b.a.Label(l), b.a.Jump(l)}));
  RunOutput run = runProgram(b.program(), "", 1000);
  EXPECT_EQ(run.result.status, ExitCode::Limit);
  EXPECT_EQ(run.result.exitCode, 71);
  EXPECT_EQ(run.out, "start");
  EXPECT_EQ(run.err,
            "runtime error: step limit of 1000 reached; the program may loop forever "
            "(raise it with --max-steps)\n");
  EXPECT_EQ(run.result.stats.steps + run.result.stats.calls, 1001u);
}

// function f() = f(): with maxSteps 0 only the depth limit can stop it.
void addForever(ProgramBuilder& b) {
  b.proc("tigermain", {true});
  b.setBody({b.callStm("f_1", {b.fp()})});
  b.proc("f_1", {true});
  b.setBody({b.callStm("f_1", {b.at(b.fp(), 0)})});
}

TEST(InterpLimits, InfiniteRecursionHitsTheDepthLimit) {
  ProgramBuilder b;
  addForever(b);
  RunOutput run = runProgram(b.program(), "", 0, 10'000);
  EXPECT_EQ(run.result.status, ExitCode::Limit);
  EXPECT_EQ(run.result.exitCode, 71);
  EXPECT_EQ(run.err,
            "runtime error: call depth limit of 10000 reached; infinite recursion? "
            "(raise it with --max-depth)\n");
  EXPECT_EQ(run.result.stats.calls, 10'000u); // main is depth 1, then 9999 calls of f
}

TEST(InterpLimits, CallsCountTowardTheStepLimit) {
  ProgramBuilder b;
  addForever(b);
  RunOutput run = runProgram(b.program(), "", 500, 0);
  EXPECT_EQ(run.result.status, ExitCode::Limit);
  EXPECT_NE(run.err.find("step limit of 500"), std::string::npos);
}

// function down(n) = if n > 0 then down(n - 1): depth 9999 below main is allowed.
TEST(InterpLimits, RecursionUpToTheDefaultDepthWorks) {
  ProgramBuilder b;
  b.proc("tigermain", {true});
  b.setBody({b.seq({b.callStm("down_1", {b.fp(), b.c(9'998)}), b.print("done")})});
  frame::Frame& f = b.proc("down_1", {true, false});
  frame::Access local = f.allocLocal(true); // frames with locals too
  T_exp n = b.a.Temp(f.formals()[1].temp);
  Temp_label more = b.label("more"), done = b.label("done");
  b.setBody(
      {b.seq({b.a.Move(b.at(b.fp(), local.offset), n),
              b.a.Cjump(RelOp::GT, n, b.c(0), more, done), b.a.Label(more),
              b.callStm("down_1", {b.at(b.fp(), 0), b.bin(BinOp::MINUS, n, b.c(1))}),
              b.a.Label(done)})});
  RunOutput run = runProgram(b.program());
  EXPECT_EQ(run.out, "done") << run.err;
  EXPECT_EQ(run.result.status, ExitCode::Ok);
}

TEST(InterpLimits, ZeroMeansNoStepLimit) {
  ProgramBuilder b;
  Temp_temp i = b.newTemp();
  Temp_label top = b.label("top"), done = b.label("done");
  b.main(b.seq(
      {b.a.Label(top), b.a.Move(b.a.Temp(i), b.bin(BinOp::PLUS, b.a.Temp(i), b.c(1))),
       b.a.Cjump(RelOp::LT, b.a.Temp(i), b.c(2000), top, done), b.a.Label(done)}));
  EXPECT_EQ(runProgram(b.program(), "", 0).result.status, ExitCode::Ok);
  EXPECT_EQ(runProgram(b.program(), "", 100).result.status, ExitCode::Limit);
}

} // namespace
} // namespace tiger::interp_test
