// ptoext.cc - the ptoext pipeline as one readable function (runPipeline); see ptoext.hh.
#include "ptoext/ptoext.hh"

#include "ptoext/lower.hh"
#include "ptoext/mlir_emit.hh"
#include "ptoext/pass_manager.hh"
#include "ptoext/sir_dot.hh"
#include "ptoext/sir_print.hh"

#include <ostream>

namespace tiger {

// Every step of ptoext, in order, up to `last`: lower, CtrlFlowTransform, ConvertToSSA
// (through the pass manager, which checks their properties), then the MLIR text.
PtoResult runPipeline(const ast::Program& prog, PtoStage last, bool verifyEach,
                      const StageDone& done, pto::MlirOptions mlir) {
  PtoResult r;
  try {
    r.module = pto::lowerProgram(prog);
  } catch (const pto::PtoError& e) {
    r.error = std::string("lowering: ") + e.what();
    return r;
  }
  if (done) done("lower");
  pto::Properties held{pto::Property::TypeChecked};
  if (verifyEach) {
    std::string why = pto::verifyProperty(*r.module, pto::Property::TypeChecked);
    if (!why.empty())
      return PtoResult{nullptr, "", "after lowering: TypeChecked violated: " + why};
  }
  pto::PassManager pm(verifyEach, done);
  if (last != PtoStage::Lowered) pm.add(pto::ctrlFlowTransformPass());
  if (last == PtoStage::Ssa || last == PtoStage::Mlir) pm.add(pto::convertToSsaPass());
  if (auto failure = pm.run(*r.module, held)) return PtoResult{nullptr, "", *failure};
  if (last != PtoStage::Mlir) return r;
  try {
    r.mlir = pto::emitMlir(*r.module, mlir);
  } catch (const pto::PtoError& e) {
    return PtoResult{nullptr, "", e.what()};
  }
  if (done) done("emit-mlir");
  return r;
}

std::unique_ptr<sir::Module> buildPtoModule(const ast::Program& prog, PtoStage stage,
                                            bool verifyEach, std::string* error,
                                            const StageDone& done) {
  PtoResult r = runPipeline(prog, stage, verifyEach, done);
  if (!r.module && error) *error = r.error;
  return std::move(r.module);
}

std::optional<std::string> emitPto(const ast::Program& prog, PtoStage stage, PtoForm form,
                                   std::ostream& out, bool verifyEach,
                                   const StageDone& done) {
  PtoResult r = runPipeline(prog, stage, verifyEach, done);
  if (!r.module) return r.error;
  if (form == PtoForm::Drawn)
    sir::drawModule(*r.module, out);
  else
    sir::printModule(*r.module, out);
  return std::nullopt;
}

std::optional<std::string> programToMlir(const ast::Program& prog, bool verifyEach,
                                         std::string* error, const StageDone& done,
                                         pto::MlirOptions mlir) {
  PtoResult r = runPipeline(prog, PtoStage::Mlir, verifyEach, done, mlir);
  if (!r.module) {
    *error = r.error;
    return std::nullopt;
  }
  return std::move(r.mlir);
}

} // namespace tiger
