// canon_explain.cc - the --explain=canon log. Expects, for each rewrite, the rule of the
// book's table with the node's slot names and the commute decision ("save e1 in t104"),
// then the tree before and after in printtree.c format; notes for blocks, traces and
// finishing up; the same text on every run; and no text at all when explain is off.
// With drawTrees (--explain=canon-dot): the same entries, each tree a digraph indented
// like the printed one, and the printed form again once it is turned off.
#include "canon_testing.hh"

#include "chap8/explain.hh"

namespace tiger::canon_test {
namespace {

::testing::AssertionResult has(const std::string& text, const std::string& part) {
  if (text.find(part) != std::string::npos) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "missing \"" << part << "\" in:\n" << text;
}

// t100 := t101 + (t101 := 7; f(t101)), traced with the log on (its trees drawn).
std::string explainRun(canon::Options o, bool drawn = false) {
  std::ostringstream log;
  canon::explain::drawTrees(log, drawn);
  o.explain = &log;
  Fixture f(o);
  T_exp right = f.arena.Eseq(f.move(f.t(1), f.c(7)), f.call("f", {f.t(1)}));
  f.traced(f.move(f.t(0), f.plus(f.t(1), right)));
  return log.str();
}

TEST(Explain, NamesTheRuleTheCommuteDecisionAndShowsBothTrees) {
  std::string log = explainRun({});
  EXPECT_TRUE(has(log,
                  "canon: CALL(f, args) => ESEQ(MOVE(TEMP t, CALL(f, args)), TEMP t) "
                  "with t = t104\n  before:\n  CALL(\n   NAME f,\n   TEMP t101)\n"));
  EXPECT_TRUE(has(log,
                  "canon: BINOP(op, e1, ESEQ(s, e2)) with commute(e1, s) false: save e1 "
                  "in t105\n       => ESEQ(MOVE(TEMP t105, e1), ESEQ(s, BINOP(op, TEMP "
                  "t105, e2)))\n  before:\n  BINOP(PLUS,\n   TEMP t101,\n   ESEQ(\n"));
  EXPECT_TRUE(has(
      log, "  after:\n  ESEQ(\n   SEQ(\n    MOVE(\n     TEMP t105,\n     TEMP t101),"));
  EXPECT_TRUE(has(log, "canon: linear: 4 canonical statements"));
  EXPECT_TRUE(has(log, "canon: basic blocks: 1 blocks, done label L0"));
  EXPECT_TRUE(has(log, "canon: trace 1: L1"));
}

TEST(Explain, StatementRulesAndChainsAreNamed) {
  std::ostringstream log;
  canon::Options o;
  o.explain = &log;
  Fixture f(o);
  T_exp chain =
      f.arena.Eseq(f.move(f.t(1), f.c(1)), f.arena.Eseq(f.move(f.t(2), f.c(2)), f.t(1)));
  f.linear(f.move(f.arena.Eseq(f.move(f.t(3), f.c(3)), f.arena.Mem(f.t(3))), chain));
  std::string text = log.str();
  EXPECT_TRUE(has(text, "canon: MOVE(ESEQ(s, e1), e2) => SEQ(s, MOVE(e1, e2))\n"));
  EXPECT_TRUE(has(text, "canon: ESEQ(s1, ESEQ(s2, e)) => ESEQ(SEQ(s1, s2), e)\n"));
  EXPECT_TRUE(has(text, "canon: MOVE(MEM(e1), ESEQ(s, e2)) with commute(e1, s) true\n"
                        "       => SEQ(s, MOVE(MEM(e1), e2))\n"));
}

// The lines of `log` that are not part of a tree: the rules, notes and headings.
std::string withoutTrees(const std::string& log) {
  std::istringstream lines(log);
  std::string kept;
  for (std::string line; std::getline(lines, line);)
    if (line.rfind("canon: ", 0) == 0 || line.rfind("       => ", 0) == 0 ||
        line == "  before:" || line == "  after:")
      kept += line + "\n";
  return kept;
}

TEST(Explain, DrawnTreesAreTheSameEntriesAsDigraphs) {
  std::string printed = explainRun({}), drawn = explainRun({}, true);
  EXPECT_EQ(withoutTrees(drawn), withoutTrees(printed));
  std::size_t rewrites = 0;
  for (auto at = printed.find("  before:\n"); at != std::string::npos;
       at = printed.find("  before:\n", at + 1))
    ++rewrites;
  ASSERT_GT(rewrites, 0u);
  EXPECT_TRUE(has(drawn, "  before:\n  digraph \"before\" {\n"));
  EXPECT_TRUE(has(drawn, "  }\n  after:\n  digraph \"after\" {\n"));
  EXPECT_TRUE(has(drawn, "    n0 [label=\"CALL\", fillcolor=\"#e2f3d4\"];\n"
                         "    n1 [label=\"NAME f\"];\n    n0 -> n1;\n"));
  EXPECT_TRUE(has(drawn, "    n0 [label=\"ESEQ\", fillcolor=\"#f9c0c0\"];\n"));
  EXPECT_EQ(drawn.find("BINOP(PLUS"), std::string::npos) << drawn;
  std::ostringstream log;
  canon::explain::drawTrees(log, true);
  canon::explain::drawTrees(log, false);
  canon::Options o;
  o.explain = &log;
  Fixture f(o);
  f.traced(f.move(f.t(0), f.plus(f.t(1), f.call("f", {f.t(1)}))));
  EXPECT_TRUE(has(log.str(), "  before:\n  CALL(\n")) << "printed again once turned off";
}

TEST(Explain, IsDeterministicAndSilentWhenOff) {
  EXPECT_EQ(explainRun({}), explainRun({}));
  EXPECT_EQ(explainRun(canon::Options::book()), explainRun(canon::Options::book()));
  Fixture f;
  testing::internal::CaptureStdout();
  testing::internal::CaptureStderr();
  f.traced(f.move(f.t(0), f.plus(f.t(1), f.arena.Eseq(f.move(f.t(1), f.c(7)), f.t(1)))));
  EXPECT_EQ(testing::internal::GetCapturedStdout(), "");
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
}

} // namespace
} // namespace tiger::canon_test
