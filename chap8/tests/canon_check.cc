// canon_check.cc - the checkers reject broken input with a message a student can act
// on: the checker, the statement's index (and block), the rule broken, and the
// statement printed by tree::printStm. Each test breaks one rule and expects the
// message to name it; null pointers are reported, never crashed on. The violation lists
// name every broken statement by its index.
#include "canon_testing.hh"

#include "chap8/canon_check.hh"

namespace tiger::canon_test {
namespace {

std::string problem(const std::optional<std::string>& p) {
  return p ? *p : "(accepted)";
}

// EXPECT_TRUE(has(message, part)) prints the whole message when the part is missing.
::testing::AssertionResult has(const std::string& text, const std::string& part) {
  if (text.find(part) != std::string::npos) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "missing \"" << part << "\" in:\n" << text;
}

TEST(Checkers, CanonicalRejectsSeqEseqAndNestedCalls) {
  Fixture f;
  T_stm seq = f.arena.Seq(f.move(f.t(0), f.c(1)), f.move(f.t(1), f.c(2)));
  EXPECT_TRUE(has(problem(canon::checkCanonical({f.arena.Label(f.label("A")), seq})),
                  "checkCanonical: statement 1: a SEQ is left"));
  T_stm eseq =
      f.move(f.t(0), f.plus(f.c(1), f.arena.Eseq(f.move(f.t(1), f.c(2)), f.t(1))));
  EXPECT_TRUE(
      has(problem(canon::checkCanonical({eseq})), "statement 0: an ESEQ is left"));
  T_stm nested = f.arena.Exp(f.call("f", {f.call("g", {})}));
  std::string msg = problem(canon::checkCanonical({nested}));
  EXPECT_TRUE(has(msg, "a CALL must be the whole of EXP(CALL ...) or the source of "
                       "MOVE(TEMP t, CALL ...)"));
  EXPECT_TRUE(has(msg, "  EXP(\n   CALL(\n    NAME f,")) << "the statement is printed";
  T_stm inBinop = f.move(f.t(0), f.plus(f.call("f", {}), f.c(1)));
  EXPECT_TRUE(has(problem(canon::checkCanonical({inBinop})), "a CALL must be"));
  T_stm toMem = f.move(f.arena.Mem(f.t(0)), f.call("f", {}));
  EXPECT_TRUE(has(problem(canon::checkCanonical({toMem})), "a CALL must be"));
}

// A body that was never linearized is one chain of SEQs: the message shows its first
// statement, not the whole chain.
TEST(Checkers, CanonicalShowsOnlyTheFirstStatementOfALongSeqChain) {
  Fixture f;
  std::vector<T_stm> stms(100'000, f.move(f.t(0), f.c(1)));
  std::string msg = problem(canon::checkCanonical({f.arena.SeqList(stms)}));
  EXPECT_TRUE(has(msg,
                  "statement 0: a SEQ is left (C_linearize must flatten SEQ into the "
                  "list); its first statement is\n  MOVE(\n   TEMP t100,\n   CONST 1)"));
  EXPECT_LT(msg.size(), 200u);
  EXPECT_FALSE(canon::isCanonical({f.arena.SeqList(stms)}));
}

TEST(Checkers, CanonicalAcceptsCallsOnTopAndReportsNulls) {
  Fixture f;
  EXPECT_FALSE(canon::checkCanonical(
      {f.arena.Exp(f.call("f", {f.t(0)})), f.move(f.t(1), f.call("g", {f.c(1)}))}));
  EXPECT_TRUE(has(problem(canon::checkCanonical({nullptr})), "a null statement"));
  EXPECT_TRUE(has(problem(canon::checkCanonical({f.move(f.t(0), nullptr)})),
                  "a null expression"));
  EXPECT_TRUE(has(problem(canon::checkCanonical({f.move(f.c(0), f.c(1))})),
                  "a MOVE must write TEMP t or MEM(e)"));
}

TEST(Checkers, BlocksRejectBadShapesAndDuplicateLabels) {
  Fixture f;
  Temp_label a = f.label("A"), b = f.label("B"), done = f.label("done");
  auto check = [&](std::vector<std::vector<T_stm>> blocks) {
    return problem(canon::checkBlocks(canon::C_block{std::move(blocks), done}));
  };
  EXPECT_TRUE(has(check({{f.move(f.t(0), f.c(1)), f.arena.Jump(done)}}),
                  "block 0, statement 0: a block must start with a LABEL"));
  EXPECT_TRUE(has(check({{f.arena.Label(a), f.move(f.t(0), f.c(1))}}),
                  "block 0, statement 1: a block must end with JUMP or CJUMP"));
  EXPECT_TRUE(has(check({{f.arena.Label(a), f.arena.Jump(b), f.arena.Jump(done)}}),
                  "block 0, statement 1: no LABEL, JUMP or CJUMP inside a block"));
  EXPECT_TRUE(has(check({{f.arena.Label(a), f.arena.Jump(done)},
                         {f.arena.Label(a), f.arena.Jump(done)}}),
                  "block 1, statement 0: label A already starts block 0"));
  EXPECT_TRUE(has(check({{f.arena.Label(done), f.arena.Jump(a)}}),
                  "must not define the done label"));
  EXPECT_TRUE(has(check({{}}), "block 0: a block is never empty"));
}

TEST(Checkers, TracesRejectCjumpNotFollowedByItsFalseLabel) {
  Fixture f;
  Temp_label t = f.label("T"), e = f.label("F"), done = f.label("done");
  // canon.c's defect: the new false label with no JUMP after it falls into T.
  std::vector<T_stm> bad{f.arena.Cjump(RelOp::LT, f.t(0), f.c(0), t, e), f.arena.Label(t),
                         f.arena.Label(e), f.arena.Label(done)};
  std::string msg = problem(canon::checkTraces(bad));
  EXPECT_TRUE(has(msg, "checkTraces: statement 0: a CJUMP must be followed by its false "
                       "label F, not by LABEL T"));
  EXPECT_TRUE(has(msg, "  CJUMP(LT,\n   TEMP t100,\n   CONST 0,\n   T,F)"));
}

TEST(Checkers, TracesRejectUndefinedTwiceDefinedAndMissingDone) {
  Fixture f;
  Temp_label a = f.label("A"), b = f.label("B");
  EXPECT_TRUE(has(problem(canon::checkTraces({f.arena.Jump(b), f.arena.Label(a)})),
                  "statement 0: jump target B is not defined by any LABEL"));
  EXPECT_TRUE(has(problem(canon::checkTraces({f.arena.Label(a), f.arena.Label(a)})),
                  "statement 1: label A is already defined at statement 0"));
  EXPECT_TRUE(has(problem(canon::checkTraces({f.arena.Label(a), f.arena.Jump(a)})),
                  "must end with LABEL done"));
  EXPECT_TRUE(has(problem(canon::checkTraces({})), "must end with LABEL done"));
}

// The lists behind the checkers (tigerc --from --verify shows each at its line): every
// broken statement in order, each with its index; the checker's message is the first.
TEST(Checkers, ViolationsListEveryBrokenStatementWithItsIndex) {
  Fixture f;
  T_stm eseq = f.move(f.t(0), f.arena.Eseq(f.move(f.t(1), f.c(2)), f.t(1)));
  std::vector<T_stm> stms{eseq, f.move(f.t(0), f.c(1)), eseq};
  auto broken = canon::canonicalViolations(stms, 10);
  ASSERT_EQ(broken.size(), 2u);
  EXPECT_EQ(broken[0].stm, 0u);
  EXPECT_EQ(broken[1].stm, 2u);
  EXPECT_EQ(broken[1].rule, "checkCanonical: statement 2: an ESEQ is left (C_linearize "
                            "must remove every ESEQ)");
  EXPECT_EQ(canon::canonicalViolations(stms, 1).size(), 1u);
  EXPECT_EQ(problem(canon::checkCanonical(stms)), broken[0].rule + broken[0].shown);
}

TEST(Checkers, TraceViolationsPlaceAMissingDoneLabelAtTheLastStatement) {
  Fixture f;
  Temp_label a = f.label("A"), b = f.label("B");
  std::vector<T_stm> stms{f.arena.Label(a), f.arena.Jump(b), f.arena.Label(a),
                          f.arena.Jump(a)};
  auto broken = canon::traceViolations(stms, 10);
  ASSERT_EQ(broken.size(), 3u);
  EXPECT_EQ(broken[0].stm, 3u);
  EXPECT_TRUE(has(broken[0].rule, "must end with LABEL done"));
  EXPECT_EQ(broken[1].stm, 2u);
  EXPECT_TRUE(has(broken[1].rule, "label A is already defined at statement 0"));
  EXPECT_EQ(broken[2].stm, 1u);
  EXPECT_TRUE(has(broken[2].rule, "jump target B is not defined"));
  EXPECT_EQ(canon::traceViolations({}, 10).front().stm, canon::kWholeList);
}

} // namespace
} // namespace tiger::canon_test
