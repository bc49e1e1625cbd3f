// pto_mlir_programs.cc - whole Tiger programs through ptoext's MLIR against the oracle.
//
// Each program runs twice: on the tree interpreter (parse -> checkProgram ->
// findEscapes -> translateProgram -> interpret) and through ptoext (buildSsaModule ->
// emitMlir -> mlir-opt-19 -> mlir-cpu-runner-19 with libtigerrt.so). Expected: the same
// stdout and exit status, and the same stderr when the program ends in a runtime error.
// Programs: testcases/{valid,canon,ptoext}/*.tig, testcases/runtime/*.tig that expect
// exit 70 (71 means a runaway, which MLIR would only stop at its time limit), and the
// book's valid programs from ../shared (skipped when absent), merge once per input of
// ../shared/tiger/inputs. test6 and test7 recurse forever: the interpreter stops them
// at its depth limit, the JIT only by overflowing its stack, so they are not run here.
// A program's stdin comes from its `stdin:` directives (testcases/README.md).
// Runs go four at a time: about 35 ms each on an idle machine, far more when it is busy.
#include "ptoext/tests/pto_mlir_testing.hh"

#include "chap7/big_stack.hh"
#include "chap7/escape.hh"
#include "chap7/interp.hh"
#include "chap7/parse.hh"
#include "chap7/semant.hh"
#include "chap7/translate.hh"
#include "ptoext/lower.hh"
#include "ptoext/ptoext.hh"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <future>
#include <sstream>

namespace tiger::pto_test {
namespace {

namespace fs = std::filesystem;

struct Program {
  std::string path;
  std::string input; // stdin
  int expectedExit = 0;
};

std::string readFile(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// C escapes of a directive value: \n \t \r \\ \" (anything else stays as written).
std::string unescape(const std::string& s) {
  std::string out;
  for (std::size_t k = 0; k < s.size(); ++k) {
    if (s[k] != '\\' || k + 1 == s.size()) {
      out += s[k];
      continue;
    }
    char e = s[++k];
    out += e == 'n' ? '\n' : e == 't' ? '\t' : e == 'r' ? '\r' : e;
  }
  return out;
}

// The `stdin:` and `exit:` directives of the program's first comment, as
// run_testcases.py reads them: `<spaces>key:<one optional space>value`.
Program withDirectives(const fs::path& p) {
  Program prog{p.string(), "", 0};
  std::string text = readFile(p);
  std::size_t start = text.find("/*"), end = text.find("*/");
  if (start == std::string::npos || end == std::string::npos || end < start) return prog;
  std::istringstream header(text.substr(start + 2, end - start - 2));
  for (std::string line; std::getline(header, line);) {
    line.erase(0, line.find_first_not_of(" \t"));
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::size_t colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::string key = line.substr(0, colon), value = line.substr(colon + 1);
    if (!value.empty() && value[0] == ' ') value.erase(0, 1);
    if (key == "stdin") prog.input += unescape(value);
    if (key == "exit") prog.expectedExit = std::atoi(value.c_str());
  }
  return prog;
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
  for (const fs::path& f : files) out.push_back(withDirectives(f));
  return out;
}

struct Outcome {
  int status = -1;
  std::string out, err;
};

// A checked program with the types its annotations point to.
struct Checked {
  types::TypeContext types;
  std::unique_ptr<ast::Program> program; // null when the front end rejects the file
};

// Parses, checks and finds escapes of `path`; the reason of a rejection goes to `why`.
std::unique_ptr<Checked> frontEnd(const std::string& path, std::string& why) {
  auto checked = std::make_unique<Checked>();
  SourceFile src(path, readFile(path));
  std::ostringstream diagText;
  Diagnostics diag(src, diagText);
  ParseResult parsed = parse(src, diag);
  if (!parsed.program || !checkProgram(*parsed.program, checked->types, diag)) {
    why = diagText.str();
    return nullptr;
  }
  findEscapes(*parsed.program);
  checked->program = std::move(parsed.program);
  return checked;
}

Outcome runOracle(const Program& p) {
  Outcome o;
  runOnBigStack([&] {
    std::unique_ptr<Checked> checked = frontEnd(p.path, o.err);
    if (!checked) return;
    std::unique_ptr<ir::Program> ir = translateProgram(*checked->program);
    std::istringstream in(p.input);
    std::ostringstream out, err;
    RunOptions opts;
    opts.in = &in;
    opts.out = &out;
    opts.err = &err;
    o.status = interpret(*ir, opts).exitCode;
    o.out = out.str();
    o.err = err.str();
  });
  return o;
}

Outcome runThroughMlir(const Program& p) {
  Outcome o;
  std::string mlir;
  runOnBigStack([&] {
    std::unique_ptr<Checked> checked = frontEnd(p.path, o.err);
    std::string error;
    std::unique_ptr<sir::Module> m =
        checked ? buildSsaModule(*checked->program, true, &error) : nullptr;
    if (!m) {
      o.err += error;
      return;
    }
    try {
      mlir = pto::emitMlir(*m);
    } catch (const pto::PtoError& e) {
      o.err = e.what();
    }
  });
  if (mlir.empty()) return o;
  MlirOutput r = runMlirText(mlir, p.input);
  o.status = r.status;
  o.out = r.out;
  o.err = r.err;
  return o;
}

// Where the MLIR run's stdout `a` first differs from the oracle's `b`, briefly.
std::string firstDifference(const std::string& a, const std::string& b) {
  std::size_t k = 0;
  while (k < a.size() && k < b.size() && a[k] == b[k]) ++k;
  std::size_t from = k < 20 ? 0 : k - 20;
  return "stdout differs at byte " + std::to_string(k) + ": MLIR \"" + a.substr(from, 60) +
         "\" vs interpreter \"" + b.substr(from, 60) + "\"";
}

// Runs every program both ways (MLIR runs four at a time) and compares.
void expectSameAsOracle(const std::vector<Program>& programs) {
  std::vector<std::future<Outcome>> pending;
  for (std::size_t k = 0; k < programs.size(); ++k) {
    pending.push_back(std::async(std::launch::async, runThroughMlir, programs[k]));
    if (pending.size() < 4 && k + 1 < programs.size()) continue;
    std::size_t first = k + 1 - pending.size();
    for (std::size_t j = 0; j < pending.size(); ++j) {
      const Program& p = programs[first + j];
      Outcome mlir = pending[j].get(), oracle = runOracle(p);
      SCOPED_TRACE(p.path);
      ASSERT_GE(oracle.status, 0) << "the front end rejects it:\n" << oracle.err;
      EXPECT_EQ(mlir.status, oracle.status) << mlir.err;
      EXPECT_TRUE(mlir.out == oracle.out) << firstDifference(mlir.out, oracle.out);
      if (oracle.status == 70) {
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
    for (Program& p : testcases(group)) programs.push_back(std::move(p));
  for (Program& p : testcases("runtime"))
    if (p.expectedExit == 70) programs.push_back(std::move(p));
  if (programs.empty()) GTEST_SKIP() << "no programs in testcases/";
  expectSameAsOracle(programs);
}

TEST(PtoMlirPrograms, BookProgramsRunAsOnTheInterpreter) {
  SKIP_WITHOUT_MLIR_TOOLS();
  fs::path book = fs::path(TIGER_SHARED_DIR) / "tiger" / "book";
  if (!fs::is_directory(book)) GTEST_SKIP() << "../shared/tiger/book is absent";
  std::vector<Program> programs;
  for (const char* name : {"test1", "test2", "test3", "test4", "test5", "test8", "test12",
                           "test27", "test30", "test37", "test41", "test42", "test44",
                           "test46", "test47", "test48", "queens"})
    programs.push_back(Program{(book / (std::string(name) + ".tig")).string(), "", 0});
  fs::path inputs = fs::path(TIGER_SHARED_DIR) / "tiger" / "inputs";
  for (int k = 1; fs::exists(inputs / ("merge" + std::to_string(k) + ".in")); ++k)
    programs.push_back(Program{(book / "merge.tig").string(),
                               readFile(inputs / ("merge" + std::to_string(k) + ".in")), 0});
  expectSameAsOracle(programs);
}

} // namespace
} // namespace tiger::pto_test
