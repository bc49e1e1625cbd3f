// pto_testcases.cc - every testcases/ptoext/*.tig at every ptoext stage.
//
// For each program: the module as lowered, after CtrlFlowTransform and in SSA form is
// built with every verifier on (pass manager in verify mode), run by the structured-IR
// interpreter, and must give the stdout and exit status written in the program AND
// the same as chap7's tree interpreter. Dumps must be deterministic (two builds print
// the same text) and have no break/continue after CtrlFlowTransform.
#include "ptoext/tests/pto_testing.hh"

#include <gtest/gtest.h>

namespace tiger::pto_test {
namespace {

class PtoTestcase : public ::testing::TestWithParam<std::string> {};

TEST_P(PtoTestcase, EveryStageMatchesTheOracle) {
  std::string text = readFile(testcasePath(GetParam()));
  Spec spec = directives(text);
  Checked c(text);
  ASSERT_TRUE(c.ok) << c.errors();
  RunOutput oracle = runTree(*c.prog, spec.stdinText);
  EXPECT_EQ(oracle.exitCode, spec.exit) << "chap7 interpreter: " << oracle.err;
  if (spec.stdoutText) {
    EXPECT_EQ(oracle.out, *spec.stdoutText) << "chap7 interpreter";
  }
  for (PtoStage stage : {PtoStage::Lowered, PtoStage::Cft, PtoStage::Ssa}) {
    SCOPED_TRACE("stage " + std::to_string(static_cast<int>(stage)));
    std::unique_ptr<sir::Module> m = build(*c.prog, stage);
    ASSERT_TRUE(m);
    RunOutput r = runSir(*m, spec.stdinText);
    EXPECT_EQ(r.exitCode, oracle.exitCode) << r.err << "\n" << dump(*m);
    EXPECT_EQ(r.out, oracle.out) << dump(*m);
    EXPECT_EQ(r.err, oracle.err);
    std::string text1 = dump(*m);
    EXPECT_EQ(text1, dump(*build(*c.prog, stage))) << "dump not deterministic";
    if (stage != PtoStage::Lowered) {
      EXPECT_EQ(text1.find("break\n"), std::string::npos) << text1;
      EXPECT_EQ(text1.find("continue\n"), std::string::npos) << text1;
    }
  }
}

// Without a depth limit, runaway recursion stops where the tree interpreter stops it:
// at the stack Tiger calls may use (exit 71), never a crash.
TEST(PtoInterp, RunawayRecursionStopsAtTheStack) {
  Checked c("let function f(n: int): int = f(n + 1) in printi(f(0)) end");
  ASSERT_TRUE(c.ok) << c.errors();
  std::unique_ptr<sir::Module> m = build(*c.prog, PtoStage::Ssa);
  ASSERT_TRUE(m);
  std::istringstream in;
  std::ostringstream out, err;
  RunOptions opts = options(in, out, err);
  opts.maxDepth = 0;
  opts.maxSteps = 0;
  RunResult r;
  runOnBigStack([&] { r = sir::interpret(*m, opts); });
  EXPECT_EQ(r.exitCode, 71);
  EXPECT_NE(err.str().find("out of stack at call depth"), std::string::npos) << err.str();
}

INSTANTIATE_TEST_SUITE_P(Ptoext, PtoTestcase, ::testing::ValuesIn(ptoTestcases()),
                         [](const auto& test) { return test.param; });

} // namespace
} // namespace tiger::pto_test
