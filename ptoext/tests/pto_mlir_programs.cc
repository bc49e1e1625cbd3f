// pto_mlir_programs.cc - whole Tiger programs through ptoext's MLIR against the oracle.
//
// Each program runs twice: on the tree interpreter (parse -> checkProgram ->
// findEscapes -> translateProgram -> interpret) and through ptoext (buildSsaModule ->
// emitMlir -> mlir-opt-19 -> mlir-cpu-runner-19 with libtigerrt.so). Expected: the same
// stdout and exit status, and the same stderr when the program ends in a runtime error
// or at the call-depth limit (tigerrt counts calls as the interpreter does).
// Programs: testcases/{valid,canon,ptoext}/*.tig, testcases/runtime/*.tig that expect
// exit 70 (71 means a runaway, which MLIR would only stop at its time limit), and the
// book's valid programs from the shared folder (base/shared_dir.hh; skipped, saying how
// to run them, when absent), merge once per input of its tiger/inputs. test6 and test7 recurse forever: both ways stop them at the
// depth limit (the edge program "runaway recursion" checks it), so they are left out.
// A program's stdin comes from its `stdin:` directives (testcases/README.md).
// Runs go four at a time: about 35 ms each on an idle machine, far more when it is busy.
#include "ptoext/tests/pto_mlir_testing.hh"
#include "ptoext/tests/pto_testing.hh"

#include "base/shared_dir.hh"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <future>
#include <sstream>

namespace tiger::pto_test {
namespace {

namespace fs = std::filesystem;

struct Program {
  std::string name;  // its path, or a name for a program written here
  std::string text;  // the Tiger source
  std::string input; // stdin
  int expectedExit = 0;
};

// A program with the `stdin:` and `exit:` directives of its first comment.
Program withDirectives(const fs::path& p) {
  std::string text = readFile(p.string());
  Spec spec = directives(text);
  return Program{p.string(), text, spec.stdinText, spec.exit};
}

// The .tig files of testcases/<group>, sorted.
std::vector<Program> testcases(const std::string& group) {
  std::vector<fs::path> files;
  fs::path dir = fs::path(TIGER_SOURCE_DIR) / "testcases" / group;
  if (fs::is_directory(dir))
    for (const fs::directory_entry& e : fs::directory_iterator(dir))
      if (e.path().extension() == ".tig") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  std::vector<Program> out;
  for (const fs::path& f : files)
    out.push_back(withDirectives(f));
  return out;
}

// Through ptoext and MLIR: exit status, stdout and stderr like the oracle's RunOutput.
RunOutput runThroughMlir(const Program& p) {
  Checked checked(p.text);
  if (!checked.ok) return RunOutput{-1, "", checked.errors()};
  RunOutput o;
  std::optional<std::string> mlir;
  // With the hooks: runaway programs stop at the limits, as in the interpreter.
  runOnBigStack([&] {
    mlir = programToMlir(*checked.prog, true, &o.err, {}, pto::MlirOptions{true});
  });
  if (!mlir) return o;
  MlirOutput r = runMlirText(*mlir, p.input);
  return RunOutput{r.status, r.out, r.err};
}

// Where the MLIR run's stdout `a` first differs from the oracle's `b`, briefly.
std::string firstDifference(const std::string& a, const std::string& b) {
  std::size_t k = 0;
  while (k < a.size() && k < b.size() && a[k] == b[k])
    ++k;
  std::size_t from = k < 20 ? 0 : k - 20;
  return "stdout differs at byte " + std::to_string(k) + ": MLIR \"" +
         a.substr(from, 60) + "\" vs interpreter \"" + b.substr(from, 60) + "\"";
}

// Runs every program both ways (MLIR runs four at a time) and compares.
void expectSameAsOracle(const std::vector<Program>& programs) {
  std::vector<std::future<RunOutput>> pending;
  for (std::size_t k = 0; k < programs.size(); ++k) {
    pending.push_back(std::async(std::launch::async, runThroughMlir, programs[k]));
    if (pending.size() < 4 && k + 1 < programs.size()) continue;
    std::size_t first = k + 1 - pending.size();
    for (std::size_t j = 0; j < pending.size(); ++j) {
      const Program& p = programs[first + j];
      SCOPED_TRACE(p.name);
      Checked checked(p.text);
      ASSERT_TRUE(checked.ok) << checked.errors();
      RunOutput mlir = pending[j].get(), oracle = runTree(*checked.prog, p.input);
      EXPECT_EQ(mlir.exitCode, oracle.exitCode) << mlir.err;
      EXPECT_TRUE(mlir.out == oracle.out) << firstDifference(mlir.out, oracle.out);
      if (oracle.exitCode == 70 || oracle.exitCode == 71) {
        EXPECT_EQ(mlir.err, oracle.err);
      }
    }
    pending.clear();
  }
}

TEST(PtoMlirPrograms, TestcasesRunAsOnTheInterpreter) {
  SKIP_WITHOUT_MLIR_TOOLS();
  std::vector<Program> programs;
  for (const char* group : {"valid", "canon", "ptoext"})
    for (Program& p : testcases(group))
      programs.push_back(std::move(p));
  for (Program& p : testcases("runtime"))
    if (p.expectedExit == 70) programs.push_back(std::move(p));
  if (programs.empty()) GTEST_SKIP() << "no programs in testcases/";
  expectSameAsOracle(programs);
}

TEST(PtoMlirPrograms, BookProgramsRunAsOnTheInterpreter) {
  SKIP_WITHOUT_MLIR_TOOLS();
  fs::path book = sharedDir() / "tiger" / "book";
  if (!fs::is_directory(book)) GTEST_SKIP() << sharedAbsent(book);
  std::vector<Program> programs;
  for (const char* name : {"test1", "test2", "test3", "test4", "test5", "test8", "test12",
                           "test27", "test30", "test37", "test41", "test42", "test44",
                           "test46", "test47", "test48", "queens"})
    programs.push_back(withDirectives(book / (std::string(name) + ".tig")));
  fs::path inputs = sharedDir() / "tiger" / "inputs";
  for (int k = 1; fs::exists(inputs / ("merge" + std::to_string(k) + ".in")); ++k) {
    programs.push_back(withDirectives(book / "merge.tig"));
    programs.back().input =
        readFile((inputs / ("merge" + std::to_string(k) + ".in")).string());
  }
  expectSameAsOracle(programs);
}

// The edges where MLIR differs from the tree IR: scf.for's exclusive bound at the largest
// int, division traps, short-circuit operators, static links, the runtime's errors.
TEST(PtoMlirPrograms, EdgeCasesRunAsOnTheInterpreter) {
  SKIP_WITHOUT_MLIR_TOOLS();
  const std::pair<const char*, const char*> sources[] = {
      {"for up to maxint", "let var m := 9223372036854775807 in for i := m - 2 to m do "
                           "(printi(i - m); print(\" \"))"
                           " end"},
      {"for bound read once",
       "let var n := 3 in for i := 1 to n do (n := n + 1; printi(i)); printi(n); "
       "for i := 5 to 4 do print(\"never\") end"},
      {"while condition with effects",
       "let var i := 0 in while (i := i + 1; i < 5) do printi(i); printi(i) end"},
      {"division edges", "let var m := -9223372036854775807 - 1 in printi(m / -1); "
                         "print(\" \"); printi(-7 / 2);"
                         " for i := 0 to 3 do (printi(10 / (2 - i)); print(\" \")) end"},
      {"short circuit",
       "(if 0 & 1 / 0 then print(\"a\"); if 1 | 1 / 0 then print(\"b\"))"},
      {"static links", "let var count := 0 function inc(k: int) = count := count + k "
                       "function outer(n: int): int = let function inner(m: int): int = "
                       "m + n in inner(count)"
                       " end in for i := 1 to 4 do (inc(i); printi(outer(100)); print(\" "
                       "\")); printi(count)"
                       " end"},
      {"strings",
       "let var s := \"hello\" in print(substring(s, 1, 3)); printi(size(concat(s, s)));"
       " if s < \"help\" then print(\"lt\"); if \"\" = \"\" then print(\"eq\");"
       " print(substring(s, 4, 2)) end"},
      {"nil record",
       "let type r = {a: int} var x: r := nil in printi(1); printi(x.a) end"},
      {"negative index",
       "let type a = array of int var v := a[2] of 0 in printi(v[-1]) end"},
      {"recursion", "let function f(n: int): int = if n = 0 then 0 else 1 + f(n - 1)"
                    " in printi(f(5000)) end"},
      {"runaway recursion",
       "let function f(n: int): int = 1 + f(n + 1) in printi(f(0)) end"},
      {"recursion at the depth limit", "let function f(n: int): int = if n = 0 then 0 "
                                       "else 1 + f(n - 1) in printi(f(9998));"
                                       " printi(f(9999)) end"},
      {"exit in a loop", "for i := 1 to 10 do if i = 3 then exit(4) else printi(i)"},
      {"wrapping", "(printi(9223372036854775807 + 1); printi(-9223372036854775807 * 3))"},
  };
  std::vector<Program> programs;
  for (auto [name, text] : sources)
    programs.push_back(Program{name, text, "", 0});
  programs.push_back(Program{"getchar echo",
                             "let var c := getchar() in while c <> \"\" do (print(c);"
                             " c := getchar()) end",
                             "ab\nc\x01", 0});
  expectSameAsOracle(programs);
}

} // namespace
} // namespace tiger::pto_test
