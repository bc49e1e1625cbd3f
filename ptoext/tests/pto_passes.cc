// pto_passes.cc - the pass manager's property checks and each verifier on broken IR
// built by hand: every violation is reported as a message, never a crash.
#include "ptoext/tests/pto_testing.hh"

#include "ptoext/pass_manager.hh"
#include "ptoext/sir_verify.hh"

#include <gtest/gtest.h>

namespace tiger::pto_test {
namespace {

using namespace sir;

bool has(const std::string& text, const std::string& piece) {
  return text.find(piece) != std::string::npos;
}

StmtPtr printi(const Function& f, VarId v) {
  std::vector<ExprPtr> args;
  args.push_back(varRef(f, v));
  return std::make_unique<Eval>(
      std::make_unique<Call>(Callee::Runtime, "printi", std::move(args)));
}

// tigermain with one variable x and a for loop over i whose body is `body(f, i, x)`.
template <class Body> Module loopModule(Body body) {
  Module m;
  Function& f = m.functions.emplace_back();
  f.name = "tigermain";
  VarId i = f.newVar("i", Type::Int64), x = f.newVar("x", Type::Int64);
  f.body.push_back(std::make_unique<Assign>(x, intConst(0)));
  f.body.push_back(std::make_unique<For>(i, intConst(1), intConst(3), body(f, i, x)));
  return m;
}

Block breakBody(Function&, VarId, VarId) {
  Block b;
  b.push_back(std::make_unique<Break>());
  return b;
}

TEST(PtoPasses, MissingPropertyIsReportedBeforeThePass) {
  Module m = loopModule(breakBody);
  pto::PassManager pm(true);
  pm.add(pto::convertToSsaPass());
  pto::Properties held{pto::Property::TypeChecked};
  auto err = pm.run(m, held);
  ASSERT_TRUE(err);
  EXPECT_TRUE(has(*err, "ConvertToSSA requires StructuredCtrlFlow")) << *err;
}

TEST(PtoPasses, ClaimedButBrokenPropertyIsCaughtInVerifyMode) {
  Module m = loopModule(breakBody);
  pto::PassManager pm(true);
  pm.add(pto::convertToSsaPass());
  pto::Properties held{pto::Property::TypeChecked, pto::Property::StructuredCtrlFlow};
  auto err = pm.run(m, held);
  ASSERT_TRUE(err);
  EXPECT_TRUE(has(*err, "before ConvertToSSA: StructuredCtrlFlow violated")) << *err;
}

TEST(PtoPasses, PipelineProducesEveryProperty) {
  Module m = loopModule(breakBody);
  pto::PassManager pm(true);
  pm.add(pto::ctrlFlowTransformPass());
  pm.add(pto::convertToSsaPass());
  pto::Properties held{pto::Property::TypeChecked};
  auto err = pm.run(m, held);
  EXPECT_FALSE(err) << *err;
  EXPECT_TRUE(held.has(pto::Property::SSAForm));
  EXPECT_EQ(verifySsa(m), "");
  EXPECT_EQ(verifyStructured(m), "");
}

TEST(PtoPasses, StructuredCheckerFindsBreak) {
  Module m = loopModule(breakBody);
  EXPECT_TRUE(has(verifyStructured(m), "break left"));
}

TEST(PtoPasses, TypeCheckerRejectsCallInsideExpression) {
  Module m = loopModule([](Function& f, VarId, VarId x) {
    Block b;
    auto call =
        std::make_unique<Call>(Callee::Runtime, "getchar", std::vector<ExprPtr>{});
    b.push_back(std::make_unique<Assign>(
        x, std::make_unique<Binary>(Type::Int64, BinOp::Add, std::move(call),
                                    varRef(f, x))));
    return b;
  });
  EXPECT_TRUE(has(verifyTypes(m), "a call inside an expression"));
}

TEST(PtoPasses, TypeCheckerRejectsIntCondition) {
  Module m = loopModule([](Function& f, VarId i, VarId) {
    Block b;
    b.push_back(std::make_unique<If>(varRef(f, i), Block{}, Block{}));
    return b;
  });
  EXPECT_TRUE(has(verifyTypes(m), "an if condition must be BOOL"));
}

TEST(PtoPasses, SsaVerifierFindsDoubleDefinition) {
  Module m = loopModule([](Function&, VarId, VarId) { return Block{}; });
  Function& f = m.functions[0];
  f.body.push_back(std::make_unique<Assign>(1, intConst(5)));
  EXPECT_TRUE(has(verifySsa(m), "x is defined twice"));
}

TEST(PtoPasses, SsaVerifierFindsLoopValueUsedOutside) {
  Module m = loopModule([](Function& f, VarId i, VarId) {
    Block b;
    b.push_back(printi(f, i));
    return b;
  });
  Function& f = m.functions[0];
  f.body.push_back(printi(f, 0)); // the index, after the loop
  EXPECT_TRUE(has(verifySsa(m), "i is used out of its scope"));
}

TEST(PtoPasses, SsaVerifierFindsYieldCountMismatch) {
  Module m = loopModule([](Function&, VarId, VarId x) {
    Block b;
    b.push_back(std::make_unique<Yield>(std::vector<VarId>{x, x}));
    return b;
  });
  auto* loop = as<For>(m.functions[0].body.back().get());
  VarId it = m.functions[0].newVar("x_it", Type::Int64);
  VarId rv = m.functions[0].newVar("x_rv", Type::Int64);
  loop->iterArgs = {it};
  loop->initValues = {1};
  loop->returnVars = {rv};
  EXPECT_TRUE(has(verifySsa(m), "yield and results: counts differ"));
}

TEST(PtoPasses, SsaVerifierFindsMissingYield) {
  Module m = loopModule([](Function&, VarId, VarId) { return Block{}; });
  auto* loop = as<For>(m.functions[0].body.back().get());
  VarId it = m.functions[0].newVar("x_it", Type::Int64);
  VarId rv = m.functions[0].newVar("x_rv", Type::Int64);
  loop->iterArgs = {it};
  loop->initValues = {1};
  loop->returnVars = {rv};
  EXPECT_TRUE(has(verifySsa(m), "does not end in yield"));
}

// check* says which statement a violation is about: the innermost one, the owner of a
// block that misses its yield, none for a parameter.
TEST(PtoPasses, ViolationsNameTheirStatement) {
  Module broken = loopModule(breakBody);
  const Stmt* loop = broken.functions[0].body.back().get();
  auto v = checkStructured(broken.functions[0]);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->stmt, as<For>(loop)->body[0].get());
  Module twice = loopModule([](Function&, VarId, VarId) { return Block{}; });
  twice.functions[0].body.push_back(std::make_unique<Assign>(1, intConst(5)));
  v = checkSsa(twice.functions[0]);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->message, "x is defined twice");
  EXPECT_EQ(v->stmt, twice.functions[0].body.back().get());
  auto* owner = as<For>(twice.functions[0].body[1].get());
  owner->iterArgs = {twice.functions[0].newVar("x_it", Type::Int64)};
  owner->initValues = {1};
  owner->returnVars = {twice.functions[0].newVar("x_rv", Type::Int64)};
  v = checkSsa(twice.functions[0]);
  ASSERT_TRUE(v);
  EXPECT_TRUE(has(v->message, "does not end in yield")) << v->message;
  EXPECT_EQ(v->stmt, owner);
  twice.functions[0].params = {0, 0};
  v = checkSsa(twice.functions[0]);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->stmt, nullptr);
}

TEST(PtoPasses, TypeCheckerCountsRuntimeArguments) {
  Module m = loopModule([](Function& f, VarId i, VarId) {
    Block b;
    b.push_back(printi(f, i));
    as<Call>(as<Eval>(b[0].get())->expr.get())->args.push_back(intConst(2));
    return b;
  });
  EXPECT_TRUE(has(verifyTypes(m), "wrong argument count calling rt.printi"));
}

TEST(PtoPasses, EmitPtoPrintsEachStage) {
  Checked c(
      "let var s := 0 in for i := 1 to 3 do (if i = 2 then continue; s := s + i) end");
  ASSERT_TRUE(c.ok) << c.errors();
  for (PtoStage stage : {PtoStage::Lowered, PtoStage::Cft, PtoStage::Ssa}) {
    std::ostringstream out;
    std::optional<std::string> err;
    runOnBigStack([&] { err = emitPto(*c.prog, stage, PtoForm::Printed, out, true); });
    EXPECT_FALSE(err) << *err;
    EXPECT_TRUE(has(out.str(), "def tigermain():\n"));
    EXPECT_EQ(has(out.str(), "continue"), stage == PtoStage::Lowered) << out.str();
    EXPECT_EQ(has(out.str(), "__ssa_v"), stage == PtoStage::Ssa) << out.str();
  }
}

} // namespace
} // namespace tiger::pto_test
