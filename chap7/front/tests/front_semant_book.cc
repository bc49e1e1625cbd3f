// front_semant_book.cc - the 51 programs of Appel's book (tiger/book of the shared folder,
// base/shared_dir.hh) through parse + semantic analysis, each with the verdict the
// book gives it (the list in testcases/run_book.py).
//
// Expects: the 20 valid programs check without error; test49 fails to parse; each of
// the 30 semantic-error programs fails with the named error at the named line.
// Skips when the shared folder is absent.
#include "front_semant_util.hh"

#include "base/shared_dir.hh"

#include <fstream>
#include <iterator>

namespace tiger::test {
namespace {

std::string bookDir() {
  return (tiger::sharedDir() / "tiger" / "book").string() + "/";
}

bool readBook(const std::string& name, std::string& text) {
  std::ifstream in(bookDir() + name + ".tig", std::ios::binary);
  if (!in) return false;
  text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return true;
}

// True when some report is on `line` and contains `message`.
bool errorOnLine(const Checked& c, int line, const std::string& message) {
  std::istringstream lines(c.errors());
  std::string head = "t.tig:" + std::to_string(line) + ":";
  for (std::string l; std::getline(lines, l);)
    if (l.rfind(head, 0) == 0 && l.find(": error: ") != std::string::npos &&
        l.find(message) != std::string::npos)
      return true;
  return false;
}

class BookValid : public testing::TestWithParam<const char*> {};

TEST_P(BookValid, Checks) {
  std::string text;
  if (!readBook(GetParam(), text)) GTEST_SKIP() << tiger::sharedAbsent(bookDir());
  Checked c(text);
  ASSERT_TRUE(c.parsed) << c.errors();
  EXPECT_TRUE(c.ok) << c.errors();
}

INSTANTIATE_TEST_SUITE_P(Book, BookValid,
                         testing::Values("test1", "test2", "test3", "test4", "test5",
                                         "test6", "test7", "test8", "test12", "test27",
                                         "test30", "test37", "test41", "test42", "test44",
                                         "test46", "test47", "test48", "queens",
                                         "merge"));

struct BookError {
  const char* name;
  int line;
  const char* message;
};

class BookSemanticError : public testing::TestWithParam<BookError> {};

TEST_P(BookSemanticError, IsReportedAtItsLine) {
  const BookError& b = GetParam();
  std::string text;
  if (!readBook(b.name, text)) GTEST_SKIP() << tiger::sharedAbsent(bookDir());
  Checked c(text);
  ASSERT_TRUE(c.parsed) << c.errors();
  EXPECT_FALSE(c.ok);
  EXPECT_TRUE(errorOnLine(c, b.line, b.message))
      << b.name << ": wanted line " << b.line << ": " << b.message << "\ngot:\n"
      << c.errors();
}

INSTANTIATE_TEST_SUITE_P(
    Book, BookSemanticError,
    testing::Values(
        BookError{"test9", 3, "then and else branches have different types"},
        BookError{"test10", 2, "while body must produce no value"},
        BookError{"test11", 2, "upper bound must be int, got string"},
        BookError{"test11", 3, "cannot assign to the for-loop index 'i'"},
        BookError{"test13", 3, "needs two ints or two strings"},
        BookError{"test14", 12, "cannot compare rectype with arrtype"},
        BookError{"test15", 3, "if-then without else must produce no value"},
        BookError{"test16", 4, "illegal type cycle a = c = d = a"},
        BookError{"test17", 4, "undefined type 'treelist'"},
        BookError{"test18", 5, "undefined function 'do_nothing2'"},
        BookError{"test19", 8, "undefined variable 'a'"},
        BookError{"test20", 3, "undefined variable 'i'"},
        BookError{"test21", 6, "the body of procedure 'nfactor' must produce no value"},
        BookError{"test21", 8, "right operand of '*' must be int, got unit"},
        BookError{"test22", 7, "has no field 'nam'"},
        BookError{"test23", 7, "type mismatch in assignment: expected string, got int"},
        BookError{"test23", 8, "type mismatch in assignment: expected int, got string"},
        BookError{"test24", 5, "not an array"}, BookError{"test25", 5, "not a record"},
        BookError{"test26", 3, "right operand of '+' must be int, got string"},
        BookError{"test28", 7, "expected rectype1, got rectype2"},
        BookError{"test29", 7, "expected arrtype1, got arrtype2"},
        BookError{"test31", 3, "type mismatch in the initial value of 'a'"},
        BookError{"test32", 6, "expected int, got string"},
        BookError{"test33", 3, "undefined type 'rectype'"},
        BookError{"test34", 5, "argument 1 of 'g': expected int, got string"},
        BookError{"test35", 5, "too few arguments to 'g'"},
        BookError{"test36", 5, "too many arguments to 'g'"},
        BookError{"test38", 6, "type 'a' is declared twice"},
        BookError{"test39", 6, "function 'g' is declared twice"},
        BookError{"test40", 3, "the body of procedure 'g' must produce no value"},
        BookError{"test43", 6, "left operand of '+' must be int, got unit"},
        BookError{"test45", 5, "cannot give 'a' the type of nil"}),
    [](const testing::TestParamInfo<BookError>& p) {
      return std::string(p.param.name) + "_line" + std::to_string(p.param.line);
    });

TEST(Book, Test49IsASyntaxError) {
  std::string text;
  if (!readBook("test49", text)) GTEST_SKIP() << tiger::sharedAbsent(bookDir());
  Checked c(text);
  EXPECT_FALSE(c.parsed);
}

} // namespace
} // namespace tiger::test
