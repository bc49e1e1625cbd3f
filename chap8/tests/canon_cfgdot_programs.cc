// canon_cfgdot_programs.cc - emitCfgDot on real Tiger programs: every program of
// testcases/valid and the valid book programs (tiger/book of the shared folder, base/shared_dir.hh; skipped when
// absent; the list is book-tests.md's), before and after trace scheduling. All the
// drawings of one mode go to one stream, as `tigerc --emit=cfg-dot` of many functions
// does. Expects: no checker failure, one digraph per PROC, and `dot -Tsvg` on the whole
// stream exits 0 without warnings and renders one SVG per digraph.
#include "canon_cfgdot_support.hh"

#include "base/shared_dir.hh"

#include "chap7/translate/tests/translate_testing.hh"
#include "chap8/cfg_dot.hh"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace tiger {
namespace {

namespace fs = std::filesystem;

std::vector<fs::path> validPrograms() {
  std::vector<fs::path> files;
  for (const auto& entry :
       fs::directory_iterator(fs::path(TIGER_SOURCE_DIR) / "testcases/valid"))
    if (entry.path().extension() == ".tig") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  fs::path book = tiger::sharedDir() / "tiger" / "book";
  for (const char* name :
       {"test1",  "test2",  "test3",  "test4",  "test5",  "test6",  "test7",
        "test8",  "test12", "test27", "test30", "test37", "test41", "test42",
        "test44", "test46", "test47", "test48", "queens", "merge"})
    if (fs::exists(book / (std::string(name) + ".tig")))
      files.push_back(book / (std::string(name) + ".tig"));
  return files;
}

// Draws every program into one stream; returns how many functions were drawn.
std::size_t drawAll(std::ostream& out, bool scheduled) {
  std::size_t procs = 0;
  for (const fs::path& file : validPrograms()) {
    SCOPED_TRACE(file.string());
    std::ostringstream text;
    text << std::ifstream(file).rdbuf();
    auto prog = irtest::translateText(text.str());
    if (!prog) continue;
    canon::Context cx{prog->arena, prog->temps, {}, {}};
    std::optional<std::string> broken;
    runOnBigStack([&] { broken = canon::emitCfgDot(out, *prog, cx, scheduled); });
    EXPECT_FALSE(broken) << *broken;
    procs += prog->procs.size();
  }
  return procs;
}

void expectAllRender(bool scheduled) {
  std::ostringstream out;
  std::size_t procs = drawAll(out, scheduled);
  ASSERT_GT(procs, 0u);
  EXPECT_EQ(test::count(out.str(), "digraph "), procs);
  test::expectDotRenders(out.str());
}

TEST(CfgDotPrograms, BasicBlocksOfEveryValidProgramRender) {
  expectAllRender(false);
}
TEST(CfgDotPrograms, TracesOfEveryValidProgramRender) {
  expectAllRender(true);
}

} // namespace
} // namespace tiger
