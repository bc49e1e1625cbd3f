// canon_cfgdot_render.cc - emitCfgDot on the builder's sample programs, before and
// after trace scheduling. Expects: `dot -Tsvg` exits 0 without warnings and renders one
// SVG per function; one digraph per function; one node per block as canon makes them
// (counted independently here); a T and an F edge per CJUMP; after scheduling, trace
// clusters and bold fall-through edges; and the program left unchanged.
#include "canon_builder_samples.hh"
#include "canon_cfgdot_support.hh"

#include "chap7/ir/tree_print.hh"
#include "chap8/canon.hh"
#include "chap8/cfg_dot.hh"

#include <gtest/gtest.h>

#include <sstream>

namespace tiger {
namespace {

// What the drawing must show, counted from canon's own output for a fresh program.
struct Expected {
  std::size_t blocks = 0; // nodes (not counting `done`)
  std::size_t cjumps = 0;
};

std::size_t cjumpsIn(const std::vector<T_stm>& stms) {
  std::size_t n = 0;
  for (T_stm s : stms)
    n += s->kind == tree::StmKind::CJUMP;
  return n;
}

Expected expected(const test::Sample& sample, bool scheduled) {
  auto prog = test::makeProgram(sample);
  canon::Context cx{prog->arena, prog->temps, {}, {}};
  Expected e;
  for (const ir::ProcFrag& proc : prog->procs) {
    auto linear = canon::C_linearize(cx, prog->arena.SeqList(proc.body));
    canon::C_block blocks = canon::C_basicBlocks(cx, linear);
    if (!scheduled) {
      e.blocks += blocks.stmLists.size();
      for (const auto& b : blocks.stmLists)
        e.cjumps += cjumpsIn(b);
      continue;
    }
    auto traced = canon::C_traceSchedule(cx, blocks);
    for (T_stm s : traced)
      e.blocks += s->kind == tree::StmKind::LABEL;
    e.blocks -= 1; // the final LABEL done
    e.cjumps += cjumpsIn(traced);
  }
  return e;
}

std::string printed(const ir::Program& prog) {
  std::ostringstream out;
  tree::printProgram(out, prog);
  return out.str();
}

class CfgDotRender : public testing::TestWithParam<test::Sample> {};

void expectDrawing(const test::Sample& sample, bool scheduled) {
  SCOPED_TRACE(sample.name + (scheduled ? " scheduled" : " blocks"));
  auto prog = test::makeProgram(sample);
  std::string before = printed(*prog);
  canon::Context cx{prog->arena, prog->temps, {}, {}};
  std::ostringstream out;
  auto broken = canon::emitCfgDot(out, *prog, cx, scheduled);
  ASSERT_FALSE(broken) << *broken;
  EXPECT_EQ(printed(*prog), before) << "emitCfgDot changed the program";

  std::string dot = out.str();
  Expected e = expected(sample, scheduled);
  EXPECT_EQ(test::count(dot, "digraph "), prog->procs.size()) << dot;
  EXPECT_EQ(test::count(dot, scheduled ? "[label=\"#" : "[label=\"B"), e.blocks) << dot;
  EXPECT_EQ(test::count(dot, "  done [shape=ellipse"), prog->procs.size()) << dot;
  EXPECT_EQ(test::count(dot, "[label=\"T\""), e.cjumps) << dot;
  EXPECT_EQ(test::count(dot, "[label=\"F\""), e.cjumps) << dot;
  EXPECT_EQ(test::count(dot, "cluster_trace1 "), scheduled ? prog->procs.size() : 0u)
      << dot;
  if (scheduled && e.cjumps > 0) {
    EXPECT_NE(dot.find("dashed,bold"), std::string::npos) << dot;
  }
  test::expectDotRenders(dot);
}

TEST_P(CfgDotRender, BasicBlocks) {
  expectDrawing(GetParam(), false);
}
TEST_P(CfgDotRender, Traces) {
  expectDrawing(GetParam(), true);
}

INSTANTIATE_TEST_SUITE_P(Samples, CfgDotRender, testing::ValuesIn(test::samples()),
                         test::sampleName);

// A for loop drawn after scheduling: blocks numbered in order, statements one per line.
TEST(CfgDotRender, ForLoopShowsOrderAndStatements) {
  auto prog = test::makeProgram(test::samples().front()); // ForContinue
  canon::Context cx{prog->arena, prog->temps, {}, {}};
  std::ostringstream out;
  ASSERT_FALSE(canon::emitCfgDot(out, *prog, cx, true));
  std::string dot = out.str();
  EXPECT_NE(dot.find("[label=\"#1\\l"), std::string::npos) << dot;
  EXPECT_NE(dot.find("CJUMP "), std::string::npos) << dot;
  EXPECT_NE(dot.find(" <- t"), std::string::npos) << dot;
  EXPECT_NE(dot.find("printi("), std::string::npos) << dot;
  test::expectDotRenders(dot);
}

// String literals show as text: print(" "), escaped for dot.
TEST(CfgDotRender, StringLiteralsShowTheirText) {
  for (const test::Sample& s : test::samples()) {
    if (s.name != "NestedBreak") continue;
    auto prog = test::makeProgram(s);
    canon::Context cx{prog->arena, prog->temps, {}, {}};
    std::ostringstream out;
    ASSERT_FALSE(canon::emitCfgDot(out, *prog, cx, false));
    EXPECT_NE(out.str().find(R"(\lprint(\" \")\l)"), std::string::npos) << out.str();
  }
}

} // namespace
} // namespace tiger
