// grading_effects.cc - the effects a run records (RunOptions::effects, EffectLog).
//
// Expects: calls with their arguments and results, stores with address and value, and
// the exit, in execution order, with the source position of each CALL and MOVE; the
// exit after exit(n) and after a runtime error, with no ret of the call that ended
// the run; the calls view keeps only Tiger functions (unnumbered) and builtins, addresses
// as `_`; the hash and count match the lines, and stay what they were (pinned);
// recording changes no output and no stats.
#include "grading/effect_log.hh"

#include "chap7/interp/tests/interp_testing.hh"
#include "chap7/translate/tests/translate_testing.hh"

#include <gtest/gtest.h>

#include <sstream>

namespace tiger::grading_test {
namespace {

struct Recorded {
  RunResult result;
  std::string out;
  std::string effects;
  std::string summary;
};

Recorded record(const char* program, grading::EffectLog::View view) {
  auto prog = irtest::translateText(program);
  EXPECT_TRUE(prog);
  std::istringstream in;
  std::ostringstream out, err, effects;
  grading::EffectLog log(&effects, view);
  RunOptions opts{&in, &out, &err};
  opts.effects = &log;
  Recorded r;
  runOnBigStack([&] { r.result = interpret(*prog, opts); });
  r.out = out.str();
  r.effects = effects.str();
  r.summary = log.summary();
  return r;
}

const char* const kCalls = "let function f(a: int, b: int): int = a + b\n"
                           "in printi(f(3, 5))\nend\n";

TEST(InterpEffects, CallsAndResultsInOrderWithPositions) {
  Recorded r = record(kCalls, grading::EffectLog::View::All);
  EXPECT_EQ(r.out, "8");
  EXPECT_EQ(r.effects,
            "call f_0(" + r.effects.substr(9, r.effects.find(',') - 9) +
                ", 3, 5)  # 2:11\nret 8\ncall printi(8)  # 2:4\nret 0\nexit 0\n");
  EXPECT_EQ(r.summary.substr(0, 12), "effects: 5, ");
}

TEST(InterpEffects, StoresAreEffectsAndTempMovesAreNot) {
  Recorded r = record("let type a = array of int\n var x := a[2] of 0\n var y := 4\n"
                      "in x[1] := y + 3\nend\n",
                      grading::EffectLog::View::All);
  EXPECT_NE(r.effects.find("\nstore 0x200000010 7  # 4:4\n"), std::string::npos)
      << r.effects;
  EXPECT_EQ(r.effects.find(" 4  #"), std::string::npos) << r.effects; // y := 4 is a temp
  EXPECT_EQ(r.effects.substr(r.effects.size() - 7), "exit 0\n");
}

TEST(InterpEffects, ExitAndFaultsEndTheStreamWithTheirStatus) {
  Recorded e = record("(exit(3); printi(1))", grading::EffectLog::View::All);
  EXPECT_EQ(e.effects, "call exit(3)  # 1:2\nexit 3\n");
  Recorded d =
      record("let var z := 0 in printi(1 / z) end", grading::EffectLog::View::All);
  EXPECT_EQ(d.result.status, ExitCode::Runtime);
  EXPECT_EQ(d.effects, "exit 70\n");
}

TEST(InterpEffects, CallsViewKeepsWhatTheLanguageFixes) {
  Recorded r = record("let type a = array of int\n var x := a[2] of 0\n"
                      "function g(v: a, i: int) = printi(v[i])\n"
                      "in g(x, 1); print(\"\\n\")\nend\n",
                      grading::EffectLog::View::Calls);
  EXPECT_EQ(r.effects,
            "call g(_, _, 1)  # 4:4\ncall printi(0)  # 3:28\ncall print(_)  # 4:13\n"
            "exit 0\n");
}

// A foreign compiler's IR names its functions otherwise (L0) and lays its frames out
// otherwise: the builtins view keeps the builtins' calls and the exit alone, so two
// programs that differ only there give one hash.
TEST(InterpEffects, BuiltinsViewKeepsOnlyTheBuiltinsAndTheExit) {
  const char* g = "let type a = array of int\n var x := a[2] of 0\n"
                  "function g(v: a, i: int) = printi(v[i])\n"
                  "in g(x, 1); print(\"\\n\")\nend\n";
  Recorded r = record(g, grading::EffectLog::View::Builtins);
  EXPECT_EQ(r.effects, "call printi(0)  # 3:28\ncall print(_)  # 4:13\nexit 0\n");
  Recorded h = record("let type a = array of int\n var y := 7 var x := a[2] of 0\n"
                      "function h(i: int, v: a) = printi(v[i])\n"
                      "in h(1, x); print(\"\\n\")\nend\n",
                      grading::EffectLog::View::Builtins);
  EXPECT_EQ(r.summary, h.summary);
  EXPECT_NE(r.summary, record(g, grading::EffectLog::View::Calls).summary);
}

TEST(InterpEffects, HashFollowsTheLinesNotThePositions) {
  Recorded a = record(kCalls, grading::EffectLog::View::All);
  Recorded b =
      record("let function f(a: int, b: int): int = a + b in\n\n printi(f(3, 5)) end",
             grading::EffectLog::View::All);
  Recorded c = record("let function f(a: int, b: int): int = a + b\n"
                      "in printi(f(3, 4))\nend\n",
                      grading::EffectLog::View::All);
  EXPECT_NE(a.effects, b.effects); // the positions differ
  EXPECT_EQ(a.summary, b.summary);
  EXPECT_NE(a.summary, c.summary);
}

// Grades compare the hash with those of other runs and builds: a faster EffectLog must
// keep it, in both views (a Tiger function, builtins, helpers, stores, addresses).
TEST(InterpEffects, HashIsPinned) {
  const char* program = "let type a = array of int\n var x := a[3] of 1\n"
                        "function g(v: a, i: int): int = (v[i] := i; v[i] + 1)\n"
                        "in printi(g(x, 2)); print(\"\\n\")\nend\n";
  EXPECT_EQ(record(program, grading::EffectLog::View::All).summary,
            "effects: 14, hash c75a5d765bc94ba8");
  EXPECT_EQ(record(program, grading::EffectLog::View::Calls).summary,
            "effects: 4, hash 2dc5b7438fdd88ef");
}

TEST(InterpEffects, RecordingChangesNoOutputAndNoStats) {
  auto prog = irtest::translateText(kCalls);
  ASSERT_TRUE(prog);
  interp_test::RunOutput plain = interp_test::runProgram(*prog);
  Recorded r = record(kCalls, grading::EffectLog::View::All);
  EXPECT_EQ(plain.out, r.out);
  EXPECT_EQ(plain.result.stats.steps, r.result.stats.steps);
  EXPECT_EQ(plain.result.stats.calls, r.result.stats.calls);
  EXPECT_EQ(plain.result.stats.moves, r.result.stats.moves);
}

} // namespace
} // namespace tiger::grading_test
