// canon_builder_run.cc - the builder's sample programs (canon_builder_samples.hh) run
// through the interpreter as built, after C_linearize, and after C_basicBlocks +
// C_traceSchedule (this project's version and the book's), with the checkers on.
// Expects the same output and exit status at every stage.
#include "canon_builder_samples.hh"

#include "chap7/interp/interp.hh"
#include "chap8/canon.hh"

#include <gtest/gtest.h>

#include <sstream>

namespace tiger {
namespace {

enum class Stage { Ir, Linear, Traces, BookTraces };

const char* stageName(Stage s) {
  static const char* const names[] = {"ir", "linear", "traces", "book traces"};
  return names[static_cast<int>(s)];
}

// Runs a fresh copy of the sample at `stage`; checks output and exit status.
void expectRuns(const test::Sample& sample, Stage stage) {
  SCOPED_TRACE(std::string(sample.name) + " at " + stageName(stage));
  auto prog = test::makeProgram(sample);
  canon::Context cx{prog->arena,
                    prog->temps,
                    stage == Stage::BookTraces ? canon::Options::book()
                                               : canon::Options{},
                    {}};
  std::optional<std::string> broken;
  if (stage == Stage::Linear) broken = canon::linearizeProgram(*prog, cx, true);
  if (stage == Stage::Traces || stage == Stage::BookTraces)
    broken = canon::traceProgram(*prog, cx, true);
  ASSERT_FALSE(broken) << *broken;

  std::istringstream in;
  std::ostringstream out, err;
  RunResult r = interpret(*prog, RunOptions{&in, &out, &err});
  EXPECT_EQ(r.status, ExitCode::Ok) << r.error << err.str();
  EXPECT_EQ(r.exitCode, sample.exitCode);
  EXPECT_EQ(out.str(), sample.stdoutText);
}

class BuilderRun : public testing::TestWithParam<test::Sample> {};

TEST_P(BuilderRun, SameOutputAtEveryStage) {
  for (Stage s : {Stage::Ir, Stage::Linear, Stage::Traces, Stage::BookTraces})
    expectRuns(GetParam(), s);
}

INSTANTIATE_TEST_SUITE_P(Samples, BuilderRun, testing::ValuesIn(test::samples()),
                         test::sampleName);

} // namespace
} // namespace tiger
