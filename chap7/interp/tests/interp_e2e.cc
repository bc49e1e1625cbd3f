// interp_e2e.cc - Tiger source -> parse -> checkProgram -> findEscapes ->
// translateProgram -> interpret, on Translate's nested trees (no canon): small
// programs with their exact output, and the book's programs (the shared folder,
// base/shared_dir.hh; skipped, saying how to run them, when absent) against book-expected/, merge with its inputs, test6/test7 stopped by a limit.
#include "chap7/interp/tests/interp_testing.hh"
#include "chap7/translate/tests/translate_testing.hh"

#include "base/shared_dir.hh"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>

namespace tiger::interp_test {
namespace {

RunOutput runTiger(const std::string& text, const std::string& input = "",
                   std::uint64_t maxSteps = 100'000'000, int maxDepth = 10'000) {
  std::unique_ptr<ir::Program> ir = irtest::translateText(text);
  if (!ir) return RunOutput{};
  return runProgram(*ir, input, maxSteps, maxDepth);
}

TEST(InterpE2E, NestedFunctionsWriteOuterVariables) {
  RunOutput run = runTiger(R"(
    let var count := 0
        function outer(n: int) =
          let function middle() =
                let function inner() = count := count + n
                in inner(); inner() end
          in middle() end
    in outer(5); outer(1); printi(count) end)");
  EXPECT_EQ(run.out, "12") << run.err;
}

TEST(InterpE2E, BreakInsideAnExpression) {
  RunOutput run = runTiger(R"(
    let var i := 0
    in while 1 do (i := i + (if i = 3 then break; 1); printi(i));
       print(" end") end)");
  EXPECT_EQ(run.out, "123 end") << run.err;
}

TEST(InterpE2E, RecordsArraysAndStrings) {
  RunOutput run = runTiger(R"(
    let type point = {x: int, y: int}
        type points = array of point
        var ps := points[3] of nil
    in for i := 0 to 2 do ps[i] := point{x = i, y = i * i};
       printi(ps[2].y); print(" ");
       print(concat(substring("interpreter", 5, 6), chr(33))); print(" ");
       printi(size("")); printi(ord("A")); print(if "abc" < "abd" then " lt" else " ge")
    end)");
  EXPECT_EQ(run.out, "4 preter! 065 lt") << run.err;
}

TEST(InterpE2E, NilFieldReadIsARuntimeError) {
  RunOutput run = runTiger(R"(
    let type r = {v: int} var p : r := nil in print("a"); printi(p.v) end)");
  EXPECT_EQ(run.out, "a");
  EXPECT_EQ(run.result.exitCode, 70);
  EXPECT_EQ(run.err, "runtime error: field access through nil\n");
}

// One checkIndex sees two arrays in turn: the block it tried first (the last array's)
// never passes an index of the other.
TEST(InterpE2E, AnIndexIsCheckedAgainstItsOwnArray) {
  RunOutput run = runTiger(R"(
    let type a = array of int
        var x := a[2] of 1
        var y := a[5] of 2
        function get(v: a, i: int): int = v[i]
    in printi(get(x, 1)); printi(get(y, 4)); printi(get(x, 0)); printi(get(x, 4)) end)");
  EXPECT_EQ(run.out, "121");
  EXPECT_EQ(run.result.exitCode, 70);
  EXPECT_EQ(run.err, "runtime error: array index 4 out of range [0, 2)\n");
}

// A static link's word is read after calls that grew the frames (which moved them):
// the frame it was found in before the call is looked for again.
TEST(InterpE2E, AnOuterVariableIsReadAfterTheFramesGrew) {
  RunOutput run = runTiger(R"(
    let var n := 7
        function deep(k: int): int = if k = 0 then n else n + deep(k - 1) - n
    in printi(deep(5000)) end)");
  EXPECT_EQ(run.out, "7") << run.err;
}

// An index such as r + n - 1 - c (queens' diagonals): a temp plus a non-local
// variable, then a constant and a temp taken off, in two operations.
TEST(InterpE2E, ATempPlusANonLocalMinusAConstantAndATemp) {
  RunOutput run = runTiger(R"(
    let var n := 10
        function f(i: int, j: int): int = i + n - 1 - j
    in printi(f(3, 4)); print(" "); printi(f(-9223372036854775807, 12)) end)");
  EXPECT_EQ(run.out, "8 9223372036854775806") << run.err;
}

// ---- the book's programs ----

std::string readFile(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

std::filesystem::path bookDir() {
  return sharedDir() / "tiger";
}

TEST(InterpE2E, BookProgramsPrintTheirExpectedOutput) {
  std::filesystem::path expected = bookDir() / "book-expected";
  if (!std::filesystem::exists(expected)) GTEST_SKIP() << sharedAbsent(expected);
  int programs = 0;
  for (const auto& entry : std::filesystem::directory_iterator(expected)) {
    std::string name = entry.path().stem().string();
    RunOutput run = runTiger(readFile(bookDir() / "book" / (name + ".tig")));
    EXPECT_EQ(run.result.status, ExitCode::Ok) << name << ": " << run.err;
    EXPECT_EQ(run.out, readFile(entry.path())) << name;
    ++programs;
  }
  EXPECT_GE(programs, 17);
}

TEST(InterpE2E, BookMergeReadsItsInputs) {
  std::filesystem::path inputs = bookDir() / "inputs";
  if (!std::filesystem::exists(inputs)) GTEST_SKIP() << sharedAbsent(inputs);
  std::string merge = readFile(bookDir() / "book" / "merge.tig");
  for (const auto& entry : std::filesystem::directory_iterator(inputs)) {
    if (entry.path().extension() != ".in") continue;
    std::filesystem::path out = entry.path();
    out.replace_extension(".out");
    RunOutput run = runTiger(merge, readFile(entry.path()));
    EXPECT_EQ(run.out, readFile(out)) << entry.path() << run.err;
  }
}

TEST(InterpE2E, BookRunawaysStopAtTheDepthLimit) {
  if (!std::filesystem::exists(bookDir() / "book"))
    GTEST_SKIP() << sharedAbsent(bookDir() / "book");
  for (const char* name : {"test6", "test7"}) {
    RunOutput run = runTiger(readFile(bookDir() / "book" / (std::string(name) + ".tig")));
    EXPECT_EQ(run.result.status, ExitCode::Limit) << name;
    EXPECT_EQ(run.result.exitCode, 71) << name;
  }
}

// A speed sanity check, not a benchmark: queens is ~10^6 steps.
TEST(InterpE2E, QueensRunsQuickly) {
  std::filesystem::path queens = bookDir() / "book" / "queens.tig";
  if (!std::filesystem::exists(queens)) GTEST_SKIP() << sharedAbsent(queens);
  std::unique_ptr<ir::Program> ir = irtest::translateText(readFile(queens));
  ASSERT_TRUE(ir);
  auto start = std::chrono::steady_clock::now();
  RunOutput run = runProgram(*ir);
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(run.result.status, ExitCode::Ok);
  EXPECT_LT(seconds, 5.0) << run.result.stats.steps << " steps";
}

} // namespace
} // namespace tiger::interp_test
