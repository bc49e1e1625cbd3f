// pto_dot.cc - the flowcharts of `--emit=pto-dot` and `--emit=pto-cft-dot` (sir_dot.hh).
// Expects, for a loop with a continue and a break: one cluster whose hexagon is entered
// T into the body and left F to what follows, the body's end going back to it dashed,
// the continue's red edge back to it and the break's red edge to what follows the loop;
// after CtrlFlowTransform no red edge and no break or continue node; a while's condition
// statements at the top of its loop; quotes and backslashes of a string escaped for
// dot; one digraph per function, the same text every time; and `dot -Tsvg` rendering
// each drawing without a warning (skipped when Graphviz is not installed).
#include "chap8/tests/canon_cfgdot_support.hh"
#include "ptoext/sir_dot.hh"
#include "ptoext/tests/pto_testing.hh"

#include <gtest/gtest.h>

#include <map>
#include <regex>

namespace tiger::pto_test {
namespace {

// The drawing of `text` at `stage` ("" with a test failure when it does not compile).
std::string drawingOf(const std::string& text, PtoStage stage) {
  Checked c(text);
  EXPECT_TRUE(c.ok) << c.errors();
  if (!c.ok) return "";
  std::unique_ptr<sir::Module> m = build(*c.prog, stage);
  std::ostringstream out;
  if (m) sir::drawModule(*m, out);
  return out.str();
}

// A drawing read back: each node's label and attributes, each edge's.
struct Graph {
  std::map<std::string, std::string> label, attrs; // by node id
  struct Edge {
    std::string from, to, attrs;
  };
  std::vector<Edge> edges;

  std::string nodeLabelled(const std::string& l) const {
    for (const auto& [id, text] : label)
      if (text == l) return id;
    return "";
  }
  std::vector<Edge> from(const std::string& id) const {
    std::vector<Edge> out;
    for (const Edge& e : edges)
      if (e.from == id) out.push_back(e);
    return out;
  }
};

Graph parse(const std::string& dot) {
  static const std::regex node(
      R"re(^\s*(n\d+) \[label="((?:[^"\\]|\\.)*)"(?:, (.*))?\];$)re");
  static const std::regex edge(R"re(^\s*(n\d+) -> (n\d+)(?: \[(.*)\])?;$)re");
  Graph g;
  std::istringstream lines(dot);
  std::smatch m;
  for (std::string line; std::getline(lines, line);) {
    if (std::regex_match(line, m, node)) {
      g.label[m[1]] = m[2];
      g.attrs[m[1]] = m[3];
    } else if (std::regex_match(line, m, edge)) {
      g.edges.push_back({m[1], m[2], m[3]});
    }
  }
  return g;
}

const char* const kBreakContinue = "let var sum := 0 in\n"
                                   "  for i := 1 to 100 do\n"
                                   "    (if i = 3 then continue;\n"
                                   "     if sum > 50 then break;\n"
                                   "     sum := sum + i);\n"
                                   "  printi(sum)\n"
                                   "end";

TEST(PtoDot, LoopWithContinueAndBreakBeforeTheTransform) {
  std::string dot = drawingOf(kBreakContinue, PtoStage::Lowered);
  Graph g = parse(dot);
  std::string head = g.nodeLabelled("for i in pl.range(1, 100, inclusive=True)");
  std::string cont = g.nodeLabelled("continue"), brk = g.nodeLabelled("break");
  std::string body = g.nodeLabelled("sum = sum + i\\l");
  std::string after = g.nodeLabelled("rt.printi(sum)\\l");
  ASSERT_TRUE(!head.empty() && !cont.empty() && !brk.empty() && !body.empty() &&
              !after.empty())
      << dot;
  EXPECT_EQ(g.attrs[head], "shape=hexagon");
  EXPECT_EQ(test::count(dot, "subgraph cluster_loop"), 1u) << dot;
  EXPECT_EQ(test::count(dot, "shape=diamond"), 2u) << dot;
  ASSERT_EQ(g.from(head).size(), 2u) << dot;
  EXPECT_EQ(g.from(head)[0].to, g.nodeLabelled("i == 3"));
  EXPECT_EQ(g.from(head)[0].attrs, "label=\"T\"");
  EXPECT_EQ(g.from(head)[1].to, after);
  EXPECT_EQ(g.from(head)[1].attrs, "label=\"F\"");
  ASSERT_EQ(g.from(cont).size(), 1u) << dot;
  EXPECT_EQ(g.from(cont)[0].to, head);
  EXPECT_EQ(g.from(cont)[0].attrs,
            "label=\"continue\", color=\"red\", fontcolor=\"red\", constraint=false");
  ASSERT_EQ(g.from(brk).size(), 1u) << dot;
  EXPECT_EQ(g.from(brk)[0].to, after);
  EXPECT_EQ(g.from(brk)[0].attrs, "label=\"break\", color=\"red\", fontcolor=\"red\"");
  ASSERT_EQ(g.from(body).size(), 1u) << dot;
  EXPECT_EQ(g.from(body)[0].to, head);
  EXPECT_EQ(g.from(body)[0].attrs, "style=dashed, constraint=false");
  EXPECT_EQ(g.from(after)[0].to, g.nodeLabelled("end"));
  test::expectDotRenders(dot);
}

// After CFT: a while with the flag, no jump across the nesting is left.
TEST(PtoDot, AfterTheTransformEveryEdgeFollowsTheNesting) {
  std::string dot = drawingOf(kBreakContinue, PtoStage::Cft);
  Graph g = parse(dot);
  EXPECT_EQ(test::count(dot, "red"), 0u) << dot;
  EXPECT_EQ(g.nodeLabelled("break"), "");
  EXPECT_EQ(g.nodeLabelled("continue"), "");
  std::string head = g.nodeLabelled("while (not __break_0) and (i <= 100)");
  ASSERT_FALSE(head.empty()) << dot;
  EXPECT_EQ(g.attrs[head], "shape=hexagon");
  EXPECT_EQ(g.label[g.from(head)[1].to], "rt.printi(sum)\\l");
  std::size_t back = 0;
  for (const Graph::Edge& e : g.edges)
    back += e.to == head && e.attrs.find("dashed") != std::string::npos;
  EXPECT_EQ(back, 2u) << dot; // from `i = i + 1` and from `not __break_0` false
  test::expectDotRenders(dot);
}

// The top of a while with condition statements is their box: the body goes back there.
TEST(PtoDot, WhileConditionStatementsOpenTheLoop) {
  std::string dot =
      drawingOf("let var i := 0 in while (print(\"c\"); i < 9) do i := i + 1 end",
                PtoStage::Lowered);
  Graph g = parse(dot);
  std::string cond = g.nodeLabelled("rt.print(\\\"c\\\")\\l");
  std::string head = g.nodeLabelled("while i < 9");
  std::string body = g.nodeLabelled("i = i + 1\\l");
  ASSERT_TRUE(!cond.empty() && !head.empty() && !body.empty()) << dot;
  EXPECT_EQ(g.from(cond)[0].to, head);
  EXPECT_EQ(g.from(body)[0].to, cond);
  EXPECT_LT(dot.find("subgraph cluster_loop"), dot.find(cond + " [")) << dot;
  test::expectDotRenders(dot);
}

// sir_print writes the string `say "hi"\` as "say \"hi\"\\"; dot needs each \ and "
// of that escaped once more.
TEST(PtoDot, QuotesAndBackslashesAreEscaped) {
  std::string dot = drawingOf(R"(print("say \"hi\"\\"))", PtoStage::Lowered);
  EXPECT_NE(dot.find(R"([label="rt.print(\"say \\\"hi\\\"\\\\\")\l"];)"),
            std::string::npos)
      << dot;
  test::expectDotRenders(dot);
}

TEST(PtoDot, OneDigraphPerFunctionTheSameEveryTime) {
  const char* text =
      "let function f(n: int): int = if n > 0 then n else 0 in printi(f(2)) end";
  std::string dot = drawingOf(text, PtoStage::Cft);
  EXPECT_EQ(test::count(dot, "digraph "), 2u) << dot;
  EXPECT_EQ(dot.find("digraph \"tigermain\" {\n"), 0u) << dot;
  EXPECT_NE(dot.find("digraph \"f_0\" {\n"), std::string::npos) << dot;
  EXPECT_EQ(dot, drawingOf(text, PtoStage::Cft));
  test::expectDotRenders(dot);
}

TEST(PtoDot, EmitPtoDrawsEachStage) {
  Checked c(kBreakContinue);
  ASSERT_TRUE(c.ok) << c.errors();
  for (PtoStage stage : {PtoStage::Lowered, PtoStage::Cft}) {
    std::ostringstream out;
    std::optional<std::string> err;
    runOnBigStack([&] { err = emitPto(*c.prog, stage, PtoForm::Drawn, out, true); });
    EXPECT_FALSE(err) << *err;
    EXPECT_EQ(out.str(), drawingOf(kBreakContinue, stage));
  }
}

} // namespace
} // namespace tiger::pto_test
