// canon_programs.cc - canon on whole Tiger programs: every program of testcases/valid
// and testcases/runtime (and the shared folder's tiger/book when present) is compiled, run as
// Translate made it, then run again after linearizeProgram and traceProgram in the
// book's and this project's modes (checkers on). Expects the same output and exit
// status at every stage; prints, per group, the temps each commute introduced and the
// JUMPs each layout executed. BonusLayout expects the sharp commute to introduce fewer
// temps and the improved layout to execute fewer JUMPs than the book's (a book answer
// of the labs may fail it).
#include "canon_testing.hh"

#include "base/shared_dir.hh"

#include "chap7/front/escape.hh"
#include "chap7/front/parse.hh"
#include "chap7/front/semant.hh"
#include "chap7/front/types.hh"
#include "chap7/translate/translate.hh"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>

namespace tiger::canon_test {
namespace {

namespace fs = std::filesystem;

// Parse, check, find escapes, translate; null when the program has an error.
std::unique_ptr<ir::Program> compile(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  std::unique_ptr<ir::Program> prog;
  runOnBigStack([&] {
    SourceFile src(path.string(), text.str());
    std::ostringstream errors;
    Diagnostics diag(src, errors);
    ParseResult parsed = parse(src, diag);
    types::TypeContext types;
    if (!parsed.program || !checkProgram(*parsed.program, types, diag)) return;
    findEscapes(*parsed.program);
    prog = translateProgram(*parsed.program);
  });
  return prog;
}

enum class Stage { Linear, Traces };

struct Totals {
  long programs = 0;
  long sharpTemps = 0, bookTemps = 0;
  std::uint64_t improvedJumps = 0, bookJumps = 0, improvedCjumps = 0, bookCjumps = 0;
};

// The program after `stage` in mode `opts`, run; its output must match `expected`.
Outcome runAfter(const fs::path& path, Stage stage, canon::Options opts,
                 const Outcome& expected, long& temps) {
  std::unique_ptr<ir::Program> prog = compile(path);
  canon::Context cx{prog->arena, prog->temps, opts, {}};
  auto problem = stage == Stage::Linear ? canon::linearizeProgram(*prog, cx, true)
                                        : canon::traceProgram(*prog, cx, true);
  EXPECT_FALSE(problem) << path << ": " << *problem;
  temps = cx.counters.tempsIntroduced;
  Outcome r = run(*prog, 20'000'000);
  EXPECT_EQ(r.out, expected.out) << path;
  EXPECT_EQ(r.result.exitCode, expected.result.exitCode) << path;
  return r;
}

void checkProgram(const fs::path& path, Totals& totals) {
  std::unique_ptr<ir::Program> original = compile(path);
  if (!original) return; // a program the front end rejects (the book has some)
  Outcome expected = run(*original, 20'000'000);
  if (expected.result.status == ExitCode::Limit) return; // layout changes the step count
  long sharp = 0, book = 0, unused = 0;
  runAfter(path, Stage::Linear, {}, expected, sharp);
  runAfter(path, Stage::Linear, canon::Options::book(), expected, book);
  Outcome improved = runAfter(path, Stage::Traces, {}, expected, unused);
  Outcome bookRun =
      runAfter(path, Stage::Traces, canon::Options::book(), expected, unused);
  ++totals.programs;
  totals.sharpTemps += sharp;
  totals.bookTemps += book;
  totals.improvedJumps += improved.result.stats.jumps;
  totals.bookJumps += bookRun.result.stats.jumps;
  totals.improvedCjumps += improved.result.stats.cjumps;
  totals.bookCjumps += bookRun.result.stats.cjumps;
}

Totals checkFolder(const fs::path& dir) {
  Totals totals;
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(dir))
    if (entry.path().extension() == ".tig") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  for (const fs::path& file : files)
    checkProgram(file, totals);
  std::cout << dir.filename().string() << ": " << totals.programs << " programs; temps "
            << "introduced: sharp " << totals.sharpTemps << ", book " << totals.bookTemps
            << "; JUMPs run: improved " << totals.improvedJumps << ", book "
            << totals.bookJumps << "; CJUMPs run: improved " << totals.improvedCjumps
            << ", book " << totals.bookCjumps << "\n";
  return totals;
}

TEST(Programs, ValidTestcasesMeanTheSameAtEveryStage) {
  Totals t = checkFolder(fs::path(TIGER_SOURCE_DIR) / "testcases" / "valid");
  ASSERT_GT(t.programs, 0);
}

TEST(BonusLayout, ValidTestcasesRunFewerTempsAndJumpsThanTheBook) {
  SCOPED_TRACE(kBonusTest);
  Totals t = checkFolder(fs::path(TIGER_SOURCE_DIR) / "testcases" / "valid");
  EXPECT_LT(t.sharpTemps, t.bookTemps);
  EXPECT_LT(t.improvedJumps, t.bookJumps);
}

TEST(Programs, RuntimeErrorTestcasesFailTheSameWayAtEveryStage) {
  fs::path dir = fs::path(TIGER_SOURCE_DIR) / "testcases" / "runtime";
  if (!fs::exists(dir)) GTEST_SKIP() << "no testcases/runtime";
  checkFolder(dir);
}

TEST(Programs, BookProgramsMeanTheSameAtEveryStage) {
  fs::path dir = sharedDir() / "tiger" / "book";
  if (!fs::exists(dir)) GTEST_SKIP() << sharedAbsent(dir);
  Totals t = checkFolder(dir);
  EXPECT_LE(t.sharpTemps, t.bookTemps);
  EXPECT_LE(t.improvedJumps, t.bookJumps);
}

} // namespace
} // namespace tiger::canon_test
