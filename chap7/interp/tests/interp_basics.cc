// interp_basics.cc - the interpreter on hand-built trees: BINOP arithmetic (wrapping,
// truncating division, shifts), CJUMP relations, MEM in frames, and calls with static
// links and the view shift of formals. Expects each program's exact stdout.
#include "chap7/interp/tests/interp_testing.hh"

#include <gtest/gtest.h>

#include <limits>

namespace tiger::interp_test {
namespace {

using tree::BinOp;
using tree::RelOp;
constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t kMin = std::numeric_limits<std::int64_t>::min();

// Prints BINOP(op, l, r) followed by a space.
std::string evalBinop(BinOp op, std::int64_t l, std::int64_t r) {
  ProgramBuilder b;
  b.main(b.seq({b.printi(b.bin(op, b.c(l), b.c(r)))}));
  RunOutput run = runProgram(b.program());
  EXPECT_EQ(run.result.status, ExitCode::Ok) << run.err;
  return run.out;
}

TEST(InterpArith, PlusMinusTimesWrap) {
  EXPECT_EQ(evalBinop(BinOp::PLUS, 2, 3), "5");
  EXPECT_EQ(evalBinop(BinOp::PLUS, kMax, 1), std::to_string(kMin));
  EXPECT_EQ(evalBinop(BinOp::MINUS, kMin, 1), std::to_string(kMax));
  EXPECT_EQ(evalBinop(BinOp::MINUS, 3, 10), "-7");
  EXPECT_EQ(evalBinop(BinOp::TIMES, -6, 7), "-42");
  EXPECT_EQ(evalBinop(BinOp::TIMES, kMax, 2), "-2");
}

TEST(InterpArith, DivisionTruncatesTowardZero) {
  EXPECT_EQ(evalBinop(BinOp::DIVIDE, 7, 2), "3");
  EXPECT_EQ(evalBinop(BinOp::DIVIDE, -7, 2), "-3");
  EXPECT_EQ(evalBinop(BinOp::DIVIDE, 7, -2), "-3");
  EXPECT_EQ(evalBinop(BinOp::DIVIDE, -7, -2), "3");
  EXPECT_EQ(evalBinop(BinOp::DIVIDE, kMin, -1), std::to_string(kMin));
}

TEST(InterpArith, DivisionByZeroIsARuntimeError) {
  ProgramBuilder b;
  b.main(b.seq({b.print("before "), b.printi(b.bin(BinOp::DIVIDE, b.c(1), b.c(0)))}));
  RunOutput run = runProgram(b.program());
  EXPECT_EQ(run.result.status, ExitCode::Runtime);
  EXPECT_EQ(run.result.exitCode, 70);
  EXPECT_EQ(run.out, "before ");
  EXPECT_EQ(run.err, "runtime error: division by zero\n");
}

TEST(InterpArith, BitwiseAndShiftsMaskTheCount) {
  EXPECT_EQ(evalBinop(BinOp::AND, 12, 10), "8");
  EXPECT_EQ(evalBinop(BinOp::OR, 12, 10), "14");
  EXPECT_EQ(evalBinop(BinOp::XOR, 12, 10), "6");
  EXPECT_EQ(evalBinop(BinOp::LSHIFT, 1, 65), "2");
  EXPECT_EQ(evalBinop(BinOp::LSHIFT, 1, 63), std::to_string(kMin));
  EXPECT_EQ(evalBinop(BinOp::RSHIFT, -1, 60), "15");
  EXPECT_EQ(evalBinop(BinOp::ARSHIFT, -16, 2), "-4");
  EXPECT_EQ(evalBinop(BinOp::ARSHIFT, -1, 64), "-1");
}

// CJUMP(op, l, r, T, F) with T printing 1 and F printing 0.
std::string relation(RelOp op, std::int64_t l, std::int64_t r) {
  ProgramBuilder b;
  Temp_label t = b.label("T"), f = b.label("F"), done = b.label("done");
  b.main(b.seq({b.a.Cjump(op, b.c(l), b.c(r), t, f), b.a.Label(t), b.printi(b.c(1)),
                b.a.Jump(done), b.a.Label(f), b.printi(b.c(0)), b.a.Label(done)}));
  return runProgram(b.program()).out;
}

TEST(InterpCjump, EveryRelationOnLessEqualGreater) {
  struct Case {
    RelOp op;
    const char* expected; // for (-1, 1), (1, 1), (1, -1)
  };
  const Case cases[] = {{RelOp::EQ, "010"},  {RelOp::NE, "101"},  {RelOp::LT, "100"},
                        {RelOp::GT, "001"},  {RelOp::LE, "110"},  {RelOp::GE, "011"},
                        {RelOp::ULT, "001"}, {RelOp::ULE, "011"}, {RelOp::UGT, "100"},
                        {RelOp::UGE, "110"}};
  for (const Case& c : cases) {
    std::string got =
        relation(c.op, -1, 1) + relation(c.op, 1, 1) + relation(c.op, 1, -1);
    EXPECT_EQ(got, c.expected) << tree::name(c.op);
  }
}

TEST(InterpMemory, EscapingLocalsLiveInTheFrame) {
  ProgramBuilder b;
  frame::Frame& f = b.proc("tigermain", {true});
  frame::Access x = f.allocLocal(true), y = f.allocLocal(true);
  ASSERT_EQ(x.offset, -8);
  b.setBody({b.seq(
      {b.a.Move(b.at(b.fp(), x.offset), b.c(40)),
       b.a.Move(b.at(b.fp(), y.offset), b.c(2)),
       b.printi(b.bin(BinOp::PLUS, b.at(b.fp(), x.offset), b.at(b.fp(), y.offset)))})});
  RunOutput run = runProgram(b.program());
  EXPECT_EQ(run.out, "42") << run.err;
}

TEST(InterpMemory, NilAndUnalignedAccessesAreRuntimeErrors) {
  for (std::int64_t addr : {std::int64_t{0}, std::int64_t{4}, kMin, std::int64_t{-8}}) {
    ProgramBuilder b;
    b.main(b.printi(b.a.Mem(b.c(addr))));
    RunOutput run = runProgram(b.program());
    EXPECT_EQ(run.result.status, ExitCode::Runtime) << addr;
    EXPECT_NE(run.err.find("invalid memory access at"), std::string::npos) << run.err;
  }
}

TEST(InterpMemory, AFrameIsGoneAfterItsCallReturns) {
  // f returns its fp; main then reads MEM(that fp): the frame no longer exists.
  ProgramBuilder b;
  b.proc("tigermain", {true});
  b.setBody({b.printi(b.a.Mem(b.call("f_1", {b.fp()})))});
  b.proc("f_1", {true});
  b.setBody({b.a.Move(b.rv(), b.fp())});
  RunOutput run = runProgram(b.program());
  EXPECT_EQ(run.result.status, ExitCode::Runtime) << run.out;
}

// let var x := 10
//     function f(a: int): int =              (depth 1)
//       let function g(b: int): int =        (depth 2)
//             (x := x + b; a + b)
//       in g(a * 2) end
// in printi(f(5)); print(" "); printi(x) end           => "15 20"
TEST(InterpCalls, StaticLinksReachOuterFrames) {
  ProgramBuilder b;
  frame::Frame& mainF = b.proc("tigermain", {true});
  frame::Access x = mainF.allocLocal(true);
  b.setBody({b.seq({b.a.Move(b.at(b.fp(), x.offset), b.c(10)),
                    b.printi(b.call("f_1", {b.fp(), b.c(5)})), b.print(" "),
                    b.printi(b.at(b.fp(), x.offset))})});
  frame::Frame& fF = b.proc("f_1", {true, true}); // a escapes: g reads it
  b.setBody({b.a.Move(
      b.rv(), b.call("g_2", {b.fp(), b.bin(BinOp::TIMES, b.at(b.fp(), 8), b.c(2))}))});
  frame::Frame& gF = b.proc("g_2", {true, false});
  T_exp bArg = b.a.Temp(gF.formals()[1].temp);
  T_exp xOfMain = b.at(b.at(b.at(b.fp(), 0), 0), x.offset); // g's link -> f's link -> x
  b.setBody(
      {b.seq({b.a.Move(b.at(b.at(b.at(b.fp(), 0), 0), x.offset),
                       b.bin(BinOp::PLUS, xOfMain, bArg)),
              b.a.Move(b.rv(), b.bin(BinOp::PLUS, b.at(b.at(b.fp(), 0), 8), bArg))})});
  EXPECT_EQ(fF.formals()[1].kind, frame::Access::Kind::InFrame);
  RunOutput run = runProgram(b.program());
  EXPECT_EQ(run.out, "15 20") << run.err;
  EXPECT_EQ(run.result.stats.calls, 2u + 3u); // f, g; printi twice, print once
}

// function fact(n) = if n = 0 then 1 else n * fact(n - 1): temps are per activation.
TEST(InterpCalls, RecursionKeepsTempsPerActivation) {
  ProgramBuilder b;
  b.proc("tigermain", {true});
  b.setBody({b.printi(b.call("fact_1", {b.fp(), b.c(20)}))});
  frame::Frame& f = b.proc("fact_1", {true, false});
  T_exp n = b.a.Temp(f.formals()[1].temp);
  Temp_label base = b.label("base"), rec = b.label("rec"), done = b.label("done");
  b.setBody(
      {b.seq({b.a.Cjump(RelOp::EQ, n, b.c(0), base, rec), b.a.Label(base),
              b.a.Move(b.rv(), b.c(1)), b.a.Jump(done), b.a.Label(rec),
              b.a.Move(b.rv(), b.bin(BinOp::TIMES, n,
                                     b.call("fact_1", {b.at(b.fp(), 0),
                                                       b.bin(BinOp::MINUS, n, b.c(1))}))),
              b.a.Label(done)})});
  RunOutput run = runProgram(b.program());
  EXPECT_EQ(run.out, "2432902008176640000") << run.err;
}

TEST(InterpCalls, ArgumentsAreEvaluatedLeftToRight) {
  ProgramBuilder b;
  b.proc("tigermain", {true});
  T_exp first = b.a.Eseq(b.print("a"), b.c(1));
  T_exp second = b.a.Eseq(b.print("b"), b.c(2));
  b.setBody({b.printi(b.call("sub_1", {b.fp(), first, second}))});
  frame::Frame& f = b.proc("sub_1", {true, false, false});
  b.setBody({b.a.Move(b.rv(), b.bin(BinOp::MINUS, b.a.Temp(f.formals()[1].temp),
                                    b.a.Temp(f.formals()[2].temp)))});
  EXPECT_EQ(runProgram(b.program()).out, "ab-1");
}

} // namespace
} // namespace tiger::interp_test
