// ir_positions.cc - source positions in the IR (tree.hh SrcPos, translate.cc's rule):
// each statement Translate makes is on the line of the Tiger it translates, and the
// printer writes `# L:C` before a statement with a position only when asked.
//
// Expects:
//   - TranslatePositions (any answer of the translate lab passes them: the positions
//     come from the code around its functions): an assignment, a call and a `var` at
//     their first column; each branch of a multi-line `if` on its branch's line, its
//     test at the `if`; a function's MOVE(TEMP rv, ...) at `function`, its body's
//     BINOP at its operator;
//   - PrintPositions: the comment line, indented as its statement, for statements with
//     a known position only; without `locations` the printtree text alone.
#include "translate_testing.hh"

namespace tiger::irtest {
namespace {

using tree::SrcPos;

void collect(const tree::Stm* s, std::vector<const tree::Stm*>& out);

// The statements inside e's ESEQs, in order.
void collect(const tree::Exp* e, std::vector<const tree::Stm*>& out) {
  using namespace tree;
  if (auto* b = cast<Binop>(e)) {
    collect(b->left, out);
    collect(b->right, out);
  } else if (auto* m = cast<Mem>(e)) {
    collect(m->addr, out);
  } else if (auto* x = cast<Eseq>(e)) {
    collect(x->stm, out);
    collect(x->exp, out);
  } else if (auto* c = cast<Call>(e)) {
    for (const Exp* a : c->args)
      collect(a, out);
  }
}

// s and the statements in it, but SEQs, in order.
void collect(const tree::Stm* s, std::vector<const tree::Stm*>& out) {
  using namespace tree;
  if (auto* q = cast<Seq>(s)) return collect(q->left, out), collect(q->right, out);
  out.push_back(s);
  if (auto* m = cast<Move>(s)) {
    collect(m->dst, out);
    collect(m->src, out);
  } else if (auto* x = cast<ExpStm>(s)) {
    collect(x->exp, out);
  } else if (auto* c = cast<Cjump>(s)) {
    collect(c->left, out);
    collect(c->right, out);
  }
}

// The one statement of PROC `proc` whose flat form (translate_testing.hh) is `text`.
const tree::Stm* statement(const ir::Program& prog, std::size_t proc,
                           const std::string& text) {
  std::vector<const tree::Stm*> all;
  for (const tree::Stm* s : prog.procs.at(proc).body)
    collect(s, all);
  const tree::Stm* found = nullptr;
  for (const tree::Stm* s : all)
    if (flat(s) == text) {
      EXPECT_FALSE(found) << text << " is there twice";
      found = s;
    }
  if (!found) ADD_FAILURE() << "no statement " << text << " in\n" << dump(prog);
  return found;
}

// "line:col", or "unknown".
std::string where(const tree::Stm* s) {
  if (!s || !s->pos().known()) return "unknown";
  return std::to_string(s->pos().line) + ":" + std::to_string(s->pos().col);
}

// The label of the STRING fragment holding `text`.
std::string stringLabel(const ir::Program& prog, const std::string& text) {
  for (const ir::StringFrag& s : prog.strings)
    if (s.text == text) return s.label.str();
  ADD_FAILURE() << "no STRING " << text;
  return "";
}

TEST(TranslatePositions, EachStatementIsWhereItsTigerBegins) {
  auto prog = translateText("let var x := 0\n"
                            "in x := 1;\n"
                            "   print(\"a\");\n"
                            "   x := 2\n"
                            "end\n");
  ASSERT_TRUE(prog);
  std::string a = stringLabel(*prog, "a");
  EXPECT_EQ(where(statement(*prog, 0, "MOVE(t100,0)")), "1:5"); // at `var`
  EXPECT_EQ(where(statement(*prog, 0, "MOVE(t100,1)")), "2:4");
  EXPECT_EQ(where(statement(*prog, 0, "EXP(CALL(print," + a + "))")), "3:4");
  EXPECT_EQ(where(statement(*prog, 0, "MOVE(t100,2)")), "4:4");
}

TEST(TranslatePositions, EachBranchOfAnIfIsOnItsOwnLine) {
  auto prog = translateText("let var x := 0\n"
                            "in if x = 0\n"
                            "   then print(\"yes\")\n"
                            "   else print(\"no\")\n"
                            "end\n");
  ASSERT_TRUE(prog);
  std::string yes = stringLabel(*prog, "yes"), no = stringLabel(*prog, "no");
  EXPECT_EQ(where(statement(*prog, 0, "EXP(CALL(print," + yes + "))")), "3:9");
  EXPECT_EQ(where(statement(*prog, 0, "EXP(CALL(print," + no + "))")), "4:9");
  std::vector<const tree::Stm*> all;
  collect(prog->procs[0].body.at(0), all);
  int tests = 0;
  for (const tree::Stm* s : all) {
    if (s->kind != tree::StmKind::CJUMP) continue;
    ++tests;
    EXPECT_EQ(where(s), "2:4") << flat(s); // the test is the `if`'s
  }
  EXPECT_EQ(tests, 1);
}

TEST(TranslatePositions, AFunctionsResultIsAtTheFunctionItsValueAtItsOperator) {
  auto prog = translateText("let function f(a: int): int =\n"
                            "      a + 1\n"
                            "in printi(f(2))\n"
                            "end\n");
  ASSERT_TRUE(prog);
  std::size_t f = procNamed(*prog, "f");
  const tree::Stm* result = statement(*prog, f, "MOVE(rv,PLUS(t100,1))");
  EXPECT_EQ(where(result), "1:5");
  auto* move = tree::cast<tree::Move>(result);
  ASSERT_TRUE(move);
  EXPECT_EQ(move->src->pos(), SrcPos::at(2, 9)); // the `+`: OpExp's position
}

TEST(PrintPositions, ACommentLineBeforeEachStatementWithAPosition) {
  ir::Program prog;
  tree::Arena& A = prog.arena;
  Temp_temp t = prog.temps.newTemp();
  T_stm known, unknown = A.Exp(A.Const(0));
  {
    tree::PosScope at(A, SrcPos::at(12, 5));
    known = A.Move(A.Temp(t), A.Const(1));
  }
  std::ostringstream with, without;
  tree::printStmList(with, {A.Seq(known, unknown)}, true);
  tree::printStmList(without, {A.Seq(known, unknown)});
  EXPECT_EQ(with.str(),
            "SEQ(\n # 12:5\n MOVE(\n  TEMP t100,\n  CONST 1),\n EXP(\n  CONST 0))\n");
  EXPECT_EQ(without.str(),
            "SEQ(\n MOVE(\n  TEMP t100,\n  CONST 1),\n EXP(\n  CONST 0))\n");
}

TEST(PrintPositions, WithoutLocationsATranslatedProgramPrintsAsBefore) {
  auto prog = translateText("let var x := 0 in x := x + 1; printi(x) end");
  ASSERT_TRUE(prog);
  std::ostringstream with;
  tree::printProgram(with, *prog, true);
  std::string text = dump(*prog), kept;
  std::istringstream lines(with.str());
  for (std::string line; std::getline(lines, line);) {
    std::size_t first = line.find_first_not_of(' ');
    bool position = first != std::string::npos && line.compare(first, 2, "# ") == 0 &&
                    line.find(':') != std::string::npos &&
                    line.find("formals") == std::string::npos;
    if (!position) kept += line + "\n";
  }
  EXPECT_NE(with.str(), text); // it has positions
  EXPECT_EQ(kept, text);       // and nothing else changed
}

} // namespace
} // namespace tiger::irtest
