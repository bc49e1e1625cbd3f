// front_parse_book.cc - the book's test programs (tiger/book/*.tig of the shared folder,
// base/shared_dir.hh).
//
// Expects: every program parses except test49.tig, which fails as Syntax at line 5
// (`rectype nil`). Skipped when the shared folder is absent.
#include "front_parse_util.hh"

#include "base/shared_dir.hh"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace tiger::test {
namespace {

namespace fs = std::filesystem;

fs::path bookDir() {
  return tiger::sharedDir() / "tiger" / "book";
}

std::string readFile(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(ParseBook, EveryProgramButTest49Parses) {
  if (!fs::is_directory(bookDir())) GTEST_SKIP() << tiger::sharedAbsent(bookDir());
  int count = 0;
  for (const auto& entry : fs::directory_iterator(bookDir())) {
    if (entry.path().extension() != ".tig" || entry.path().filename() == "test49.tig")
      continue;
    Parsed p = parseText(readFile(entry.path()));
    EXPECT_EQ(p.failure, ParseFailure::None) << entry.path() << "\n" << p.errors;
    ++count;
  }
  EXPECT_GE(count, 48);
}

TEST(ParseBook, Test49IsASyntaxErrorAtLine5) {
  fs::path test49 = bookDir() / "test49.tig";
  if (!fs::exists(test49)) GTEST_SKIP() << tiger::sharedAbsent(test49);
  Parsed p = parseText(readFile(test49));
  EXPECT_EQ(p.failure, ParseFailure::Syntax);
  EXPECT_EQ(p.errors.rfind("t.tig:5:", 0), 0u) << p.errors;
}

} // namespace
} // namespace tiger::test
