// interp_read_positions.cc - the `# L:C` comments of a dump (`tigerc --locations`) read
// back by tree::readProgram as the positions of the statements after them.
//
// Expects:
//   - a comment `# L:C` gives its position to the statement that follows it and to the
//     nodes read with that statement; a statement without one has none; any other
//     comment (`# 9:1 and words`, `# note`) and a position before an expression change
//     nothing;
//   - Translate's dump of a program, printed with positions, read back and printed
//     again, is the same text (nested statements of ESEQs included), and every
//     statement kept its position;
//   - the same dump without positions reads back with none.
#include "interp_testing.hh"

#include "chap7/translate/tests/translate_testing.hh"

namespace tiger::interp_test {
namespace {

using tree::SrcPos;

std::string located(const ir::Program& prog) {
  std::ostringstream out;
  tree::printProgram(out, prog, true);
  return out.str();
}

TEST(ReadPositions, ACommentGivesItsPositionToTheStatementAfterIt) {
  Read r = readText("PROC tigermain\n# formals: none; frame: 0 bytes\n"
                    "# 3:7\n"
                    "MOVE(TEMP t100,\n"
                    "  # 4:4\n"
                    "  CONST 1)\n"
                    "EXP(CALL(NAME printi, TEMP t100))\n"
                    "# note\n"
                    "# 9:1 and words\n"
                    "# 5:2\n"
                    "LABEL L0\n");
  ASSERT_TRUE(r.prog) << r.errors;
  const std::vector<T_stm>& body = r.prog->procs.at(0).body;
  ASSERT_EQ(body.size(), 3u);
  EXPECT_EQ(body[0]->pos(), SrcPos::at(3, 7));
  EXPECT_EQ(tree::cast<tree::Move>(body[0])->src->pos(), SrcPos::at(3, 7)); // not 4:4
  EXPECT_FALSE(body[1]->pos().known());
  EXPECT_FALSE(tree::cast<tree::ExpStm>(body[1])->exp->pos().known());
  EXPECT_EQ(body[2]->pos(), SrcPos::at(5, 2));
}

TEST(ReadPositions, ATranslatedDumpRoundTripsWithItsPositions) {
  auto translated = irtest::translateText(
      "let var x := 0\n"
      "    function f(a: int): int = let var b := a * 2 in b + x end\n"
      "in x := f(3) + (print(\"s\"); 1);\n"
      "   printi(x)\n"
      "end\n");
  ASSERT_TRUE(translated);
  std::string text = located(*translated);
  Read r = readText(text);
  ASSERT_TRUE(r.prog) << r.errors;
  EXPECT_EQ(located(*r.prog), text);
  EXPECT_NE(text.find("# 2:35\n"), std::string::npos) << text; // `var b`, in an ESEQ
  EXPECT_NE(text.find("# 4:4\n"), std::string::npos) << text;  // printi(x)
}

TEST(ReadPositions, ADumpWithoutCommentsHasNoPositions) {
  auto translated = irtest::translateText("let var x := 1 in printi(x) end");
  ASSERT_TRUE(translated);
  Read r = readText(irtest::dump(*translated));
  ASSERT_TRUE(r.prog) << r.errors;
  EXPECT_EQ(located(*r.prog), irtest::dump(*translated));
}

} // namespace
} // namespace tiger::interp_test
