// pto_book.cc - Appel's valid programs (tiger/book of the shared folder,
// base/shared_dir.hh) at every ptoext stage: same stdout and exit status as chap7's tree
// interpreter, all verifiers on. merge runs on each of its tiger/inputs/merge*.in. test6
// and test7 recurse forever and are left to the limit tests. Skips, saying how to run
// it, when the shared folder is absent.
#include "ptoext/tests/pto_testing.hh"

#include "base/shared_dir.hh"

#include <gtest/gtest.h>

namespace tiger::pto_test {
namespace {

const std::vector<std::string> kValid = {"test1",  "test2",  "test3",  "test4",  "test5",
                                         "test8",  "test12", "test27", "test30", "test37",
                                         "test41", "test42", "test44", "test46", "test47",
                                         "test48", "queens", "merge"};

// The stdin texts a program runs on: merge's inputs, else just "".
std::vector<std::string> inputsFor(const std::string& name) {
  if (name != "merge") return {""};
  std::vector<std::string> inputs;
  for (int k = 1; k <= 3; ++k) {
    std::string path =
        (sharedDir() / "tiger" / "inputs" / ("merge" + std::to_string(k) + ".in"))
            .string();
    if (std::filesystem::exists(path)) inputs.push_back(readFile(path));
  }
  return inputs;
}

class PtoBook : public ::testing::TestWithParam<std::string> {};

TEST_P(PtoBook, EveryStageMatchesTheOracle) {
  std::string path = (sharedDir() / "tiger" / "book" / (GetParam() + ".tig")).string();
  if (!std::filesystem::exists(path)) GTEST_SKIP() << sharedAbsent(path);
  Checked c(readFile(path));
  ASSERT_TRUE(c.ok) << c.errors();
  for (PtoStage stage : {PtoStage::Lowered, PtoStage::Cft, PtoStage::Ssa}) {
    std::unique_ptr<sir::Module> m = build(*c.prog, stage);
    ASSERT_TRUE(m);
    for (const std::string& input : inputsFor(GetParam())) {
      RunOutput oracle = runTree(*c.prog, input), r = runSir(*m, input);
      EXPECT_EQ(r.exitCode, oracle.exitCode) << r.err;
      EXPECT_EQ(r.out, oracle.out);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Book, PtoBook, ::testing::ValuesIn(kValid),
                         [](const auto& test) { return test.param; });

} // namespace
} // namespace tiger::pto_test
