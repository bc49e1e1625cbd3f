// ir_print.cc - the tree printer (printtree.c format) and the Graphviz drawing, on
// hand-built trees: exact golden text, fragments with their frame comment and escaped
// strings, the drawing's colours by node kind, and SEQ chains too long for a recursive
// printer on a small stack.
#include "base/big_stack.hh"
#include "chap7/ir/fragments.hh"
#include "chap7/ir/tree_dot.hh"
#include "chap7/ir/tree_print.hh"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

namespace tiger {
namespace {

using tree::BinOp;
using tree::RelOp;

struct PrintTest : ::testing::Test {
  ir::Program prog;
  tree::Arena& A = prog.arena;
  Temp_label l(const char* n) { return prog.temps.namedLabel(n); }
  std::string str(const tree::Stm* s) {
    std::ostringstream out;
    tree::printStm(out, s);
    return out.str();
  }
};

TEST_F(PrintTest, EveryStatementAndExpressionKind) {
  Temp_temp t = prog.temps.newTemp();
  T_exp call = A.Call(A.Name(l("f_1")), {A.Temp(prog.temps.fp()),
                                         A.Eseq(A.Exp(A.Const(0)), A.Name(l("L0")))});
  T_stm s = A.SeqList({
      A.Label(l("L0")),
      A.Cjump(RelOp::LT, A.Temp(t), A.Const(5), l("L1"), l("L2")),
      A.Move(A.Mem(A.Binop(BinOp::PLUS, A.Temp(prog.temps.fp()), A.Const(-8))), call),
      A.Jump(l("L0")),
      A.Exp(A.Temp(prog.temps.rv())),
  });
  EXPECT_EQ(str(s), "SEQ(\n"
                    " LABEL L0,\n"
                    " SEQ(\n"
                    "  CJUMP(LT,\n"
                    "   TEMP t100,\n"
                    "   CONST 5,\n"
                    "   L1,L2),\n"
                    "  SEQ(\n"
                    "   MOVE(\n"
                    "    MEM(\n"
                    "     BINOP(PLUS,\n"
                    "      TEMP fp,\n"
                    "      CONST -8)),\n"
                    "    CALL(\n"
                    "     NAME f_1,\n"
                    "     TEMP fp,\n"
                    "     ESEQ(\n"
                    "      EXP(\n"
                    "       CONST 0),\n"
                    "      NAME L0))),\n"
                    "   SEQ(\n"
                    "    JUMP(\n"
                    "     NAME L0),\n"
                    "    EXP(\n"
                    "     TEMP rv)))))");
}

TEST_F(PrintTest, StmListEndsEachStatementWithANewline) {
  std::ostringstream out;
  tree::printStmList(out, {A.Label(l("L7")), A.Jump(l("L7"))});
  EXPECT_EQ(out.str(), "LABEL L7\nJUMP(\n NAME L7)\n");
}

TEST_F(PrintTest, ProgramShowsFramesThenEscapedStrings) {
  Temp_label main = l("tigermain"), f = l("f_0");
  auto mainFrame = std::make_unique<frame::Frame>(main, std::vector<bool>{}, prog.temps);
  auto fFrame =
      std::make_unique<frame::Frame>(f, std::vector<bool>{true, false}, prog.temps);
  fFrame->allocLocal(true);
  prog.procs.push_back(
      ir::ProcFrag{std::move(mainFrame), {A.Exp(A.Const(0))}, "tigermain"});
  prog.procs.push_back(ir::ProcFrag{
      std::move(fFrame), {A.Move(A.Temp(prog.temps.rv()), A.Const(1))}, "f"});
  prog.strings.push_back(ir::StringFrag{l("L0"), "a\"b\\c\n\t\x01"});
  std::ostringstream out;
  tree::printProgram(out, prog);
  EXPECT_EQ(out.str(), "PROC tigermain\n"
                       "# formals: none; frame: 0 bytes\n"
                       "EXP(\n CONST 0)\n"
                       "\n"
                       "PROC f_0\n"
                       "# formals: fp+0, t100; frame: 24 bytes\n"
                       "MOVE(\n TEMP rv,\n CONST 1)\n"
                       "\n"
                       "STRING L0 \"a\\\"b\\\\c\\n\\t\\001\"\n");
}

// A recursive printer needs a stack frame per SEQ: 5000 of them do not fit in 128 KiB.
TEST_F(PrintTest, LongSeqChainPrintsWithoutRecursion) {
  const int n = 5000;
  std::vector<T_stm> stms(n, nullptr);
  for (auto& s : stms)
    s = A.Label(l("L0"));
  T_stm chain = A.SeqList(stms);
  std::string text;
  runOnBigStack([&] { text = str(chain); }, std::size_t{128} << 10);
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 2 * (n - 1));
  EXPECT_EQ(text.substr(text.size() - 10), std::string(n - 1, ')').substr(0, 10));
  EXPECT_EQ(text.substr(0, 15), "SEQ(\n LABEL L0,");
}

// Depth d is indented d spaces up to 40, then 40: a program nested n deep prints in
// O(n) characters, not O(n^2).
TEST_F(PrintTest, IndentationStopsGrowingAtFortyLevels) {
  std::vector<T_stm> stms(100, nullptr);
  for (auto& s : stms)
    s = A.Label(l("L0"));
  std::istringstream lines(str(A.SeqList(stms)));
  std::vector<std::size_t> indents;
  for (std::string line; std::getline(lines, line);)
    indents.push_back(line.find_first_not_of(' '));
  ASSERT_EQ(indents.size(), 2u * 99 + 1);
  for (std::size_t i = 0; i + 1 < indents.size(); i += 2) { // "SEQ(" then its LABEL
    EXPECT_EQ(indents[i], std::min<std::size_t>(i / 2, 40)) << "line " << i;
    EXPECT_EQ(indents[i + 1], std::min<std::size_t>(i / 2 + 1, 40)) << "line " << i + 1;
  }
  EXPECT_EQ(indents.back(), 40u); // the last LABEL, at depth 99
}

TEST_F(PrintTest, DotDrawsOneNodePerTreeNodeInPreOrder) {
  T_stm s = A.Cjump(RelOp::GE, A.Binop(BinOp::TIMES, A.Const(2), A.Const(3)), A.Const(1),
                    l("L1"), l("L2"));
  std::ostringstream out;
  tree::drawStm(out, s, "a \"tree\"");
  EXPECT_EQ(out.str(), "digraph \"a \\\"tree\\\"\" {\n"
                       "  ordering=out;\n"
                       "  node [shape=box, fontname=\"monospace\"];\n"
                       "  n0 [label=\"CJUMP GE\\nL1, L2\"];\n"
                       "  n1 [label=\"BINOP TIMES\"];\n"
                       "  n0 -> n1;\n"
                       "  n2 [label=\"CONST 2\"];\n"
                       "  n1 -> n2;\n"
                       "  n3 [label=\"CONST 3\"];\n"
                       "  n1 -> n3;\n"
                       "  n4 [label=\"CONST 1\"];\n"
                       "  n0 -> n4;\n"
                       "}\n");
}

// An expression tree draws from its root; in the Rewrite look what canon rewrites has
// its own colour: ESEQ red, SEQ orange, the other statements blue, CALL green, the
// rest white.
TEST_F(PrintTest, DotDrawsAnExpressionWithRewrittenKindsColoured) {
  T_exp e = A.Eseq(A.Seq(A.Label(l("L1")), A.Exp(A.Const(0))),
                   A.Call(A.Name(l("f")), {A.Const(1)}));
  std::ostringstream out;
  tree::drawExp(out, e, "e", tree::Look::Rewrite);
  std::string dot = out.str();
  EXPECT_EQ(dot.find("digraph \"e\" {\n"), 0u) << dot;
  for (const char* node :
       {"  n0 [label=\"ESEQ\", fillcolor=\"#f9c0c0\"];\n",
        "  n1 [label=\"SEQ\", fillcolor=\"#fde2c8\"];\n",
        "  n2 [label=\"LABEL L1\", fillcolor=\"#d7e8fb\"];\n",
        "  n3 [label=\"EXP\", fillcolor=\"#d7e8fb\"];\n", "  n4 [label=\"CONST 0\"];\n",
        "  n5 [label=\"CALL\", fillcolor=\"#e2f3d4\"];\n", "  n6 [label=\"NAME f\"];\n",
        "  n7 [label=\"CONST 1\"];\n"})
    EXPECT_NE(dot.find(node), std::string::npos) << node << " in\n" << dot;
  for (const char* edge : {"n0 -> n1;", "n1 -> n2;", "n1 -> n3;", "n3 -> n4;",
                           "n0 -> n5;", "n5 -> n6;", "n5 -> n7;"})
    EXPECT_NE(dot.find(edge), std::string::npos) << edge << " in\n" << dot;
}

TEST_F(PrintTest, DotDrawsALongChainOnASmallStack) {
  const int n = 100'000;
  std::vector<T_stm> stms(n, nullptr);
  for (auto& s : stms)
    s = A.Exp(A.Const(1));
  T_stm chain = A.SeqList(stms);
  std::ostringstream out;
  runOnBigStack([&] { tree::drawStm(out, chain, "chain"); }, std::size_t{128} << 10);
  std::string text = out.str();
  // SEQs: n-1, EXPs: n, CONSTs: n; one edge per node but the root; 3 header lines.
  long nodes = 3L * n - 1;
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 2 * nodes - 1 + 3 + 1);
}

} // namespace
} // namespace tiger
