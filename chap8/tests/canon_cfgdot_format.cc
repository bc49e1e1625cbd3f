// canon_cfgdot_format.cc - drawCfg on hand-made blocks and traces (no canon pass
// runs): the exact Graphviz text of a small if-then-else before and after tracing,
// how traces are recovered from a scheduled list, labels no block defines, and the
// one-line statement form, string literals included. Expects the goldens below; dot must
// accept each output.
#include "chap8/cfg_dot.hh"

#include "canon_cfgdot_support.hh"

#include <gtest/gtest.h>

#include <sstream>

namespace tiger {
namespace {

using tree::RelOp;

// if t100 < 10 then t100 := 2 else t100 := 1, as blocks:
//   B0: LABEL L0; CJUMP LT t100, 10 -> L1 | L2
//   B1: LABEL L1; t100 <- 2; JUMP L3
//   B2: LABEL L2; t100 <- 1; JUMP L3
//   B3: LABEL L3; JUMP L4            (L4 is `done`)
struct IfElse {
  tree::Arena a;
  TempFactory temps;
  Temp_label l[5];
  T_exp x;
  canon::C_block blocks;

  IfElse() {
    for (auto& label : l)
      label = temps.newLabel();
    x = a.Temp(temps.newTemp());
    blocks.label = l[4];
    blocks.stmLists = {
        {a.Label(l[0]), a.Cjump(RelOp::LT, x, a.Const(10), l[1], l[2])},
        {a.Label(l[1]), a.Move(x, a.Const(2)), a.Jump(l[3])},
        {a.Label(l[2]), a.Move(x, a.Const(1)), a.Jump(l[3])},
        {a.Label(l[3]), a.Jump(l[4])},
    };
  }
  // The order L0 L2 L3 L1 done: L0 falls into L2, and L2 into L3 (its JUMP L3 deleted).
  std::vector<T_stm> scheduled() {
    auto& b = blocks.stmLists;
    return {b[0][0], b[0][1], b[2][0], b[2][1], b[3][0],
            b[3][1], b[1][0], b[1][1], b[1][2], a.Label(l[4])};
  }
};

const char* const kBlocksGolden = R"(digraph "f" {
  graph [label="f: basic blocks", labelloc=t, fontname="monospace"];
  node [shape=box, style=filled, fillcolor=white, fontname="monospace", fontsize=10];
  edge [fontname="monospace", fontsize=10];
  B0 [label="B0\lLABEL L0\lCJUMP LT t100, 10 -> L1 | L2\l"];
  B1 [label="B1\lLABEL L1\lt100 <- 2\lJUMP L3\l"];
  B2 [label="B2\lLABEL L2\lt100 <- 1\lJUMP L3\l"];
  B3 [label="B3\lLABEL L3\lJUMP L4\l"];
  done [shape=ellipse, label="done\nL4"];
  B0 -> B1 [label="T", color="darkgreen", fontcolor="darkgreen"];
  B0 -> B2 [label="F", color="red", fontcolor="red", style="dashed"];
  B1 -> B3;
  B2 -> B3;
  B3 -> done;
}
)";

TEST(CfgDotFormat, BlocksBeforeTracing) {
  IfElse p;
  std::ostringstream out;
  canon::drawCfg(out, "f", p.blocks, nullptr);
  EXPECT_EQ(out.str(), kBlocksGolden);
  test::expectDotRenders(out.str());
}

const char* const kTracesGolden = R"(digraph "f" {
  graph [label="f: traces, in final order", labelloc=t, fontname="monospace"];
  node [shape=box, style=filled, fillcolor=white, fontname="monospace", fontsize=10];
  edge [fontname="monospace", fontsize=10];
  subgraph cluster_trace1 {
    label="trace 1"; style=filled; color="#8899aa"; fillcolor="#e3ecfa";
    B0 [label="#1\lLABEL L0\lCJUMP LT t100, 10 -> L1 | L2\l"];
    B1 [label="#2\lLABEL L2\lt100 <- 1\l"];
    B2 [label="#3\lLABEL L3\lJUMP L4\l"];
  }
  subgraph cluster_trace2 {
    label="trace 2"; style=filled; color="#8899aa"; fillcolor="#fbe7d6";
    B3 [label="#4\lLABEL L1\lt100 <- 2\lJUMP L3\l"];
  }
  done [shape=ellipse, label="done\nL4"];
  B0 -> B3 [label="T", color="darkgreen", fontcolor="darkgreen"];
  B0 -> B1 [label="F", color="red", fontcolor="red", style="dashed,bold"];
  B1 -> B2 [style="bold"];
  B2 -> done;
  B3 -> B2;
}
)";

TEST(CfgDotFormat, TracesFollowFallThroughs) {
  IfElse p;
  std::vector<T_stm> list = p.scheduled();
  std::ostringstream out;
  canon::drawCfg(out, "f", p.blocks, &list);
  EXPECT_EQ(out.str(), kTracesGolden);
  test::expectDotRenders(out.str());
}

// The book's layout keeps `JUMP L3` before LABEL L3: the same traces, the edge not bold.
TEST(CfgDotFormat, JumpToTheNextBlockStaysInTheTrace) {
  IfElse p;
  std::vector<T_stm> list = p.scheduled();
  list.insert(list.begin() + 4, p.blocks.stmLists[2][2]); // L2's JUMP L3
  std::ostringstream withJump;
  canon::drawCfg(withJump, "f", p.blocks, &list);
  std::string golden = kTracesGolden;
  golden.replace(golden.find("t100 <- 1\\l"), 11, "t100 <- 1\\lJUMP L3\\l");
  golden.replace(golden.find("B1 -> B2 [style=\"bold\"]"), 23, "B1 -> B2");
  EXPECT_EQ(withJump.str(), golden);
}

// A CJUMP whose false label is not next starts a new trace; a last block without a
// jump falls into `done`.
TEST(CfgDotFormat, CjumpNotFollowedByItsFalseLabelEndsATrace) {
  IfElse p;
  auto& a = p.a;
  std::vector<T_stm> list = {
      a.Label(p.l[0]), a.Cjump(RelOp::LT, p.x, a.Const(1), p.l[1], p.l[2]),
      a.Label(p.l[1]), a.Jump(p.l[0]),
      a.Label(p.l[2]), a.Move(p.x, a.Const(3)),
      a.Label(p.l[4])};
  std::ostringstream out;
  canon::drawCfg(out, "g", p.blocks, &list);
  std::string dot = out.str();
  EXPECT_NE(dot.find("cluster_trace3"), std::string::npos) << dot;
  EXPECT_NE(
      dot.find(
          "B0 -> B2 [label=\"F\", color=\"red\", fontcolor=\"red\", style=\"dashed\"]"),
      std::string::npos)
      << dot;
  EXPECT_NE(dot.find("B2 -> done [style=\"bold\"]"), std::string::npos) << dot;
  test::expectDotRenders(dot);
}

TEST(CfgDotFormat, UndefinedLabelGetsADashedNode) {
  IfElse p;
  Temp_label nowhere = p.temps.namedLabel("nowhere");
  p.blocks.stmLists[3].back() = p.a.Jump(nowhere);
  std::ostringstream out;
  canon::drawCfg(out, "h\"q", p.blocks, nullptr);
  std::string dot = out.str();
  EXPECT_NE(dot.find("X0 [style=dashed, label=\"nowhere\\n(no block)\"];"),
            std::string::npos)
      << dot;
  EXPECT_NE(dot.find("B3 -> X0;"), std::string::npos) << dot;
  EXPECT_NE(dot.find("digraph \"h\\\"q\" {"), std::string::npos) << dot;
  test::expectDotRenders(dot);
}

TEST(CfgDotFormat, EmptyFunctionHasOnlyDone) {
  IfElse p;
  p.blocks.stmLists.clear();
  std::vector<T_stm> list = {p.a.Label(p.l[4])};
  for (auto* sched : {static_cast<std::vector<T_stm>*>(nullptr), &list}) {
    std::ostringstream out;
    canon::drawCfg(out, "e", p.blocks, sched);
    EXPECT_EQ(test::count(out.str(), "[label=\"#"), 0u);
    test::expectDotRenders(out.str());
  }
}

TEST(CfgDotFormat, StatementLines) {
  tree::Arena a;
  TempFactory temps;
  Temp_label f = temps.namedLabel("f_1"), l = temps.newLabel();
  T_exp t = a.Temp(temps.newTemp());
  auto line = [](T_stm s) { return canon::stmLine(s); };
  EXPECT_EQ(line(a.Move(t, a.Binop(tree::BinOp::TIMES,
                                   a.Binop(tree::BinOp::PLUS, t, a.Const(1)),
                                   a.Mem(a.Temp(temps.fp()))))),
            "t100 <- (t100 + 1) * M[fp]");
  EXPECT_EQ(line(a.Exp(a.Call(a.Name(f), {a.Name(l), t}))), "f_1(L0, t100)");
  EXPECT_EQ(line(a.Jump(a.Temp(temps.rv()), {l, f})), "JUMP rv [L0, f_1]");
  EXPECT_EQ(line(a.Seq(a.Label(l), a.Exp(a.Eseq(a.Jump(l), a.Const(0))))),
            "LABEL L0; ESEQ{JUMP L0; 0}");
  // A NAME of a STRING fragment shows as its literal, C-escaped and cut.
  canon::StringTable strings{{l, "a\"b\\\n\t\x01" + std::string(30, 'z')}};
  EXPECT_EQ(canon::stmLine(a.Exp(a.Call(a.Name(f), {a.Name(l)})), &strings),
            R"(f_1("a\"b\\\n\t\001zzzzzzzzzzzzz..."))");
  // A chain deeper than the line shows ends in "...", without recursing further.
  T_exp deep = t;
  for (int i = 0; i < 100000; ++i)
    deep = a.Binop(tree::BinOp::MINUS, deep, a.Const(1));
  std::string s = line(a.Exp(deep));
  EXPECT_NE(s.find("..."), std::string::npos);
  EXPECT_LT(s.size(), 1000u);
}

} // namespace
} // namespace tiger
