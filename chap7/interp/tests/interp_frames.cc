// interp_frames.cc - frames in the interpreter make a wrong static link visible.
//
// The book's rules (Appel, chapter 6): each activation of a function has a frame of its
// own; a nested function reaches the variables of the function that encloses it in the
// source through its static link, the frame pointer of the enclosing function's
// activation; a frame lives only until its call returns (it is popped off the stack).
//
// Expects, on dumps a student's Translate could print (read back as `--from=ir` does):
//   - every call's fp differs from every live frame's and from an earlier call's at the
//     same depth, even when its frame has no word at all (main's "frame: 0 bytes");
//   - a static link one hop short, in functions with no escaping locals, stops the run
//     with "invalid memory access ... outside its words" instead of landing in the
//     caller's frame (which had the same address) and printing the right answer;
//   - a read or write through an address into a frame whose call returned stops with
//     "read of a dead frame" / "write to a dead frame", naming the function, exit 70;
//   - the correct dumps of the same programs print their answer.
#include "chap7/interp/tests/interp_testing.hh"

#include <gtest/gtest.h>

namespace tiger::interp_test {
namespace {

RunOutput runDump(const std::string& text) {
  Read r = readText(text);
  if (!r.prog)
    return RunOutput{RunResult{ExitCode::Syntax, 66, {}, r.errors}, "", r.errors};
  return runProgram(*r.prog);
}

// same_0(a, b) is 1 when a = b; fp_1 returns its own fp. Prints, for main's fp against
// itself, main's against its callee's, two calls in a row, a caller's against its
// callee's: 1 (sanity), then 0 0 0. Main's frame has no word, so its callee's frame
// starts where main's ends; before frames had addresses of their own, that gave 1 1 0.
TEST(InterpFrames, EveryCallHasAFrameAddressOfItsOwn) {
  RunOutput run = runDump(R"(
PROC tigermain
# formals: none; frame: 0 bytes
SEQ(EXP(CALL(NAME printi, CALL(NAME same_0, TEMP fp, TEMP fp))),
SEQ(MOVE(TEMP t100, CALL(NAME fp_1, TEMP fp)),
SEQ(MOVE(TEMP t101, CALL(NAME fp_1, TEMP fp)),
SEQ(EXP(CALL(NAME printi, CALL(NAME same_0, TEMP fp, TEMP t100))),
SEQ(EXP(CALL(NAME printi, CALL(NAME same_0, TEMP t100, TEMP t101))),
EXP(CALL(NAME printi, CALL(NAME nested_2, TEMP fp))))))))
PROC same_0
# formals: t102, t103; frame: 16 bytes
SEQ(MOVE(TEMP rv, CONST 0), SEQ(CJUMP(EQ, TEMP t102, TEMP t103, L1, L2),
SEQ(LABEL L1, SEQ(MOVE(TEMP rv, CONST 1), LABEL L2))))
PROC fp_1
# formals: fp+0; frame: 8 bytes
MOVE(TEMP rv, TEMP fp)
PROC nested_2
# formals: fp+0; frame: 8 bytes
MOVE(TEMP rv, CALL(NAME same_0, TEMP fp, CALL(NAME fp_1, TEMP fp)))
)");
  EXPECT_EQ(run.out, "1000") << run.err;
  EXPECT_EQ(run.result.exitCode, 0);
}

// let var x := 1                       (escapes: main's frame, fp-8)
//     function f(a: int): int =        (a escapes: f's frame, fp+8; no escaping local)
//       let function g(): int = x + a in g() end
// in printi(f(2)) end                  => 3
// In g, x is two static links away, a one. `links` is the tree for main's fp, `aLink`
// for f's fp, as g computes them.
std::string nestedProgram(const std::string& links, const std::string& aLink) {
  return R"(
PROC tigermain
# formals: none; frame: 8 bytes
SEQ(MOVE(MEM(BINOP(PLUS, TEMP fp, CONST -8)), CONST 1),
EXP(CALL(NAME printi, CALL(NAME f_0, TEMP fp, CONST 2))))
PROC f_0
# formals: fp+0, fp+8; frame: 16 bytes
MOVE(TEMP rv, CALL(NAME g_1, TEMP fp))
PROC g_1
# formals: fp+0; frame: 8 bytes
MOVE(TEMP rv, BINOP(PLUS, MEM(BINOP(PLUS, )" +
         links + R"(, CONST -8)), MEM(BINOP(PLUS, )" + aLink + R"(, CONST 8))))
)";
}

const char* const kFpOfF = "MEM(BINOP(PLUS, TEMP fp, CONST 0))";
const char* const kFpOfMain =
    "MEM(BINOP(PLUS, MEM(BINOP(PLUS, TEMP fp, CONST 0)), CONST 0))";

TEST(InterpFrames, RightStaticLinksPrintTheAnswer) {
  RunOutput run = runDump(nestedProgram(kFpOfMain, kFpOfF));
  EXPECT_EQ(run.out, "3") << run.err;
  EXPECT_EQ(run.result.exitCode, 0);
}

// x through one link (f's fp - 8): f has no escaping local, so no word there. Before,
// f's frame began where main's ended (main has no formal), f's fp - 8 was main's x,
// and the wrong program printed 3.
TEST(InterpFrames, AStaticLinkOneHopShortStopsTheRun) {
  RunOutput run = runDump(nestedProgram(kFpOfF, kFpOfF));
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(run.result.status, ExitCode::Runtime);
  EXPECT_EQ(run.result.exitCode, 70);
  EXPECT_NE(run.err.find("runtime error: invalid memory access at 0x"), std::string::npos)
      << run.err;
  EXPECT_NE(run.err.find(": fp-8 of the frame of f_0 (call depth 1), outside its words "
                         "[fp+0, fp+16)\n"),
            std::string::npos)
      << run.err;
}

// a through no link at all (g's own fp + 8): g's frame is its static link only.
TEST(InterpFrames, AnOuterFormalReadInTheInnerFrameStopsTheRun) {
  RunOutput run = runDump(nestedProgram(kFpOfMain, "TEMP fp"));
  EXPECT_EQ(run.result.exitCode, 70);
  EXPECT_NE(run.err.find("fp+8 of the frame of g_1 (call depth 2), outside its words "
                         "[fp+0, fp+8)"),
            std::string::npos)
      << run.err;
}

// f_0 stores 42 in its local (fp-8) and returns its fp; main reads or writes that local
// after f_0 returned, with `between` run first (another call reuses f_0's words).
std::string deadFrameProgram(const std::string& between, const std::string& access) {
  return R"(
PROC tigermain
# formals: none; frame: 0 bytes
SEQ(MOVE(TEMP t100, CALL(NAME f_0, TEMP fp)), SEQ()" +
         between + ", " + access + R"())
PROC f_0
# formals: fp+0; frame: 16 bytes
SEQ(MOVE(MEM(BINOP(PLUS, TEMP fp, CONST -8)), CONST 42), MOVE(TEMP rv, TEMP fp))
PROC g_1
# formals: fp+0; frame: 16 bytes
MOVE(MEM(BINOP(PLUS, TEMP fp, CONST -8)), CONST 7)
)";
}

const char* const kReadLocal =
    "EXP(CALL(NAME printi, MEM(BINOP(PLUS, TEMP t100, CONST -8))))";
const char* const kWriteLocal = "MOVE(MEM(BINOP(PLUS, TEMP t100, CONST -8)), CONST 1)";

TEST(InterpFrames, ALocalReadAfterItsFunctionReturnedStopsTheRun) {
  for (const char* between : {"EXP(CONST 0)", "EXP(CALL(NAME g_1, TEMP fp))"}) {
    RunOutput run = runDump(deadFrameProgram(between, kReadLocal));
    EXPECT_EQ(run.out, "") << between;
    EXPECT_EQ(run.result.status, ExitCode::Runtime) << between;
    EXPECT_EQ(run.result.exitCode, 70) << between;
    EXPECT_NE(run.err.find("runtime error: read of a dead frame at 0x"),
              std::string::npos)
        << run.err;
    EXPECT_NE(
        run.err.find(": fp-8 of the frame of f_0 (call depth 1), which has returned\n"),
        std::string::npos)
        << run.err;
  }
}

TEST(InterpFrames, AWriteToAReturnedFrameStopsTheRun) {
  RunOutput run = runDump(deadFrameProgram("EXP(CALL(NAME g_1, TEMP fp))", kWriteLocal));
  EXPECT_EQ(run.result.exitCode, 70);
  EXPECT_NE(run.err.find("runtime error: write to a dead frame at 0x"), std::string::npos)
      << run.err;
}

// Past the last frames that returned, a dead frame is still dead, but unnamed.
TEST(InterpFrames, AFrameLongDeadIsStillDead) {
  std::string calls = "EXP(CONST 0)";
  for (int i = 0; i < 100; ++i)
    calls = "SEQ(EXP(CALL(NAME g_1, TEMP fp)), " + calls + ")";
  RunOutput run = runDump(deadFrameProgram(calls, kReadLocal));
  EXPECT_EQ(run.result.exitCode, 70);
  EXPECT_NE(run.err.find(": a frame at call depth 1 that has returned\n"),
            std::string::npos)
      << run.err;
}

// An address near no frame that ever was is an invalid access, as before.
TEST(InterpFrames, AnAddressOfNoFrameIsAnInvalidAccess) {
  RunOutput run = runDump(deadFrameProgram(
      "EXP(CONST 0)",
      "EXP(CALL(NAME printi, MEM(BINOP(PLUS, TEMP t100, CONST 8796093022208))))"));
  EXPECT_EQ(run.result.exitCode, 70);
  EXPECT_NE(run.err.find("runtime error: invalid memory access at 0x"), std::string::npos)
      << run.err;
  EXPECT_EQ(run.err.find("frame"), std::string::npos) << run.err;
}

// MEM(MEM(fp + 0) + 0) after a MOVE to fp reads the word at the new fp, not the
// frame's word the static link sits in when fp is never set.
TEST(InterpFrames, AStaticLinkReadAfterAMoveToFpFollowsTheNewFp) {
  Read r = readText("PROC f_1\n# formals: fp+0; frame: 16 bytes\n"
                    "MOVE(MEM(BINOP(PLUS, TEMP fp, CONST -8)),\n"
                    "     BINOP(PLUS, MEM(BINOP(PLUS, TEMP fp, CONST 0)), CONST 8))\n"
                    "MOVE(TEMP fp, BINOP(PLUS, TEMP fp, CONST -8))\n"
                    "MOVE(TEMP rv, MEM(BINOP(PLUS, MEM(BINOP(PLUS, TEMP fp, CONST 0)), "
                    "CONST 0)))\n"
                    "PROC tigermain\n# formals: none; frame: 0 bytes\n"
                    "MOVE(TEMP t100, CALL(NAME allocRecord, CONST 16))\n"
                    "MOVE(MEM(TEMP t100), CONST 5)\n"
                    "MOVE(MEM(BINOP(PLUS, TEMP t100, CONST 8)), CONST 9)\n"
                    "EXP(CALL(NAME printi, CALL(NAME f_1, TEMP t100)))\n");
  ASSERT_TRUE(r.prog) << r.errors;
  RunOutput run = runProgram(*r.prog);
  EXPECT_EQ(run.out, "9") << run.err;
}

} // namespace
} // namespace tiger::interp_test
