// pto_read.cc - sir::readModule, the reader of --emit=pto-ssa dumps (sir_read.hh).
//
// Expects, on every program of testcases/ that compiles (its folders but lexical/,
// syntax/ and semantic/), of labs/ptoext/tests/ and of the book's tiger/book/ (those the
// book gives no error; skipped, saying how to run them, without the shared folder):
// its SSA form printed, read back and printed again is the same text byte
// for byte; the module read holds every property of the Ssa stage; its MLIR is the
// MLIR of the module it was printed from; and it runs on the structured-IR interpreter
// as that module does. Beside them: the types the reader infers, and the places it
// gives the checkers' violations. Malformed and broken dumps are read_dumps.py's.
#include "ptoext/tests/pto_testing.hh"

#include "base/shared_dir.hh"
#include "ptoext/mlir_emit.hh"
#include "ptoext/pass_manager.hh"
#include "ptoext/sir_read.hh"

#include <gtest/gtest.h>

#include <cctype>

namespace tiger::pto_test {
namespace {

// The Tiger programs of the round trip, every one of which compiles: the *.tig of
// testcases/ but its three folders of malformed programs, of labs/ptoext/tests/, then
// the book's programs that check (or the book's folder, when it is absent).
std::vector<std::string> programs() {
  namespace fs = std::filesystem;
  std::vector<std::string> paths;
  fs::path root(TIGER_SOURCE_DIR);
  for (fs::path dir : {root / "testcases", root / "labs" / "ptoext" / "tests"})
    for (const auto& e : fs::recursive_directory_iterator(dir)) {
      std::string folder = e.path().parent_path().filename().string();
      bool malformed = folder == "lexical" || folder == "syntax" || folder == "semantic";
      if (e.path().extension() == ".tig" && !malformed)
        paths.push_back(e.path().string());
    }
  fs::path book = sharedDir() / "tiger" / "book";
  std::error_code ec;
  bool found = false;
  for (const auto& e : fs::directory_iterator(book, ec)) {
    if (e.path().extension() != ".tig") continue;
    found = true;
    if (Checked(readFile(e.path().string())).ok) paths.push_back(e.path().string());
  }
  if (!found) paths.push_back(book.string());
  std::sort(paths.begin(), paths.end());
  return paths;
}

// A test's name: the path from the source folder (or the shared one), letters and
// digits kept, the rest '_'.
std::string testName(const std::string& path) {
  std::string shared = sharedDir().string(), name = path;
  if (name.rfind(TIGER_SOURCE_DIR, 0) == 0) name = name.substr(sizeof TIGER_SOURCE_DIR);
  if (name.rfind(shared, 0) == 0) name = "shared" + name.substr(shared.size());
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

struct Read {
  std::unique_ptr<sir::Module> module;
  std::string errors;
  sir::DumpPlaces places;
};

Read readText(const std::string& text) {
  SourceFile src("t.ssa", text);
  std::ostringstream err;
  Diagnostics diag(src, err);
  Read r;
  runOnBigStack([&] { r.module = sir::readModule(src, diag, &r.places); });
  r.errors = err.str();
  return r;
}

std::string mlirOf(const sir::Module& m) {
  std::string text;
  runOnBigStack([&] { text = pto::emitMlir(m); });
  return text;
}

class PtoReadBack : public ::testing::TestWithParam<std::string> {};

TEST_P(PtoReadBack, PrintsRunsAndLowersAsItWasPrinted) {
  if (!std::filesystem::is_regular_file(GetParam()))
    GTEST_SKIP() << sharedAbsent(GetParam());
  std::string source = readFile(GetParam());
  Checked c(source);
  ASSERT_TRUE(c.ok) << c.errors();
  std::unique_ptr<sir::Module> m = build(*c.prog, PtoStage::Ssa);
  ASSERT_TRUE(m);
  std::string text = dump(*m);
  Read r = readText(text);
  ASSERT_TRUE(r.module) << r.errors;
  EXPECT_EQ(dump(*r.module), text);
  for (const pto::FunctionViolation& v : pto::ssaStageViolations(*r.module))
    ADD_FAILURE() << "read back, " << r.module->functions[v.function].name << ": "
                  << v.rule;
  EXPECT_EQ(mlirOf(*r.module), mlirOf(*m));
  std::string input = directives(source).stdinText;
  RunOutput before = runSir(*m, input), after = runSir(*r.module, input);
  EXPECT_EQ(after.exitCode, before.exitCode);
  EXPECT_EQ(after.out, before.out);
  EXPECT_EQ(after.err, before.err);
}

INSTANTIATE_TEST_SUITE_P(Programs, PtoReadBack, ::testing::ValuesIn(programs()),
                         [](const auto& test) { return testName(test.param); });

// A variable's type is its first definition's; uses of it read that type.
TEST(PtoRead, TypesComeFromDefinitions) {
  Read r = readText("def tigermain():\n"
                    "    b__ssa_v0 = 1 < 2\n"
                    "    c__ssa_v0 = b__ssa_v0\n"
                    "    if c__ssa_v0:\n"
                    "        d__phi_v1 = pl.yield_(c__ssa_v0)\n"
                    "    else:\n"
                    "        d__phi_v1 = pl.yield_(b__ssa_v0)\n"
                    "    x__ssa_v0 = int(d__phi_v1)\n");
  ASSERT_TRUE(r.module) << r.errors;
  const sir::Function& f = r.module->functions[0];
  ASSERT_EQ(f.vars.size(), 4u);
  for (int k = 0; k < 3; ++k)
    EXPECT_EQ(f.vars[static_cast<std::size_t>(k)].type, sir::Type::Bool) << k;
  EXPECT_EQ(f.vars[3].type, sir::Type::Int64);
  EXPECT_EQ(f.vars[2].role, sir::VarRole::Phi);
  EXPECT_EQ(f.vars[2].version, 1);
  EXPECT_EQ(f.vars[2].base, "d");
  EXPECT_TRUE(pto::ssaStageViolations(*r.module).empty());
}

// A name with a role's suffix but no version that fits is plain, whole.
TEST(PtoRead, NamesWithoutAVersionArePlain) {
  Read r = readText("def tigermain():\n"
                    "    a__ssa_v0__ssa_v1 = 1\n"
                    "    x = 2\n"
                    "    y__ssa_v01 = 3\n"
                    "    __ssa_v2 = 4\n");
  ASSERT_TRUE(r.module) << r.errors;
  const std::vector<sir::VarInfo>& vars = r.module->functions[0].vars;
  ASSERT_EQ(vars.size(), 4u);
  EXPECT_EQ(vars[0].base, "a__ssa_v0");
  EXPECT_EQ(vars[0].role, sir::VarRole::Ssa);
  for (std::size_t k = 1; k < 4; ++k)
    EXPECT_EQ(vars[k].role, sir::VarRole::Plain) << vars[k].base;
}

// A checker's violation is placed at its statement's line, or at the def line.
TEST(PtoRead, PlacesAreTheLinesOfTheDump) {
  Read r = readText("def tigermain():\n"
                    "    x__ssa_v0 = 1\n"
                    "    if True:\n"
                    "        x__ssa_v0 = 2\n"
                    "\n"
                    "def f_1(p__ssa_v0: pl.Scalar[pl.INT64], p__ssa_v0: "
                    "pl.Scalar[pl.INT64]):\n"
                    "    pass\n");
  ASSERT_TRUE(r.module) << r.errors;
  std::vector<pto::FunctionViolation> broken = pto::ssaStageViolations(*r.module);
  ASSERT_EQ(broken.size(), 2u);
  EXPECT_EQ(broken[0].rule, "SSAForm: x__ssa_v0 is defined twice");
  Loc at = r.places.at(broken[0].function, broken[0].stmt);
  EXPECT_EQ(at.begin.line, 4);
  EXPECT_EQ(at.begin.col, 9);
  EXPECT_EQ(broken[1].rule, "SSAForm: p__ssa_v0 is defined twice");
  EXPECT_EQ(r.places.at(broken[1].function, broken[1].stmt).begin.line, 6);
}

// Indentation and parentheses together nest at most ast::maxNesting() levels (10000 on
// the big stack): one more is an error, not a deeper recursion.
TEST(PtoRead, NestingIsBounded) {
#ifdef __SANITIZE_ADDRESS__
  GTEST_SKIP() << "AddressSanitizer cannot clean a stack over 64 MiB that an exception "
                  "unwinds (google/sanitizers#189); the release build runs this test";
#endif
  const int n = ast::kMaxNesting;
  auto parens = [](int k) {
    return "def tigermain():\n    x__ssa_v0 = " + std::string(k, '(') + "1" +
           std::string(k, ')') + "\n";
  };
  Read r = readText(parens(n - 1)); // the statement's level, then n - 1 parentheses
  EXPECT_TRUE(r.module) << r.errors.substr(0, 300);
  r = readText(parens(n));
  EXPECT_FALSE(r.module);
  EXPECT_EQ(r.errors.rfind("t.ssa:2:10017: error: nesting too deep (more than 10000 "
                           "levels)",
                           0),
            0u)
      << r.errors.substr(0, 300);
  r = readText("def tigermain():\n" + std::string(4 * (n + 1), ' ') + "pass\n");
  EXPECT_FALSE(r.module);
  EXPECT_EQ(r.errors.rfind("t.ssa:2:40005: error: nesting too deep", 0), 0u)
      << r.errors.substr(0, 300);
}

} // namespace
} // namespace tiger::pto_test
