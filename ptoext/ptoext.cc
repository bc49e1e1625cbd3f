// ptoext.cc - the ptoext pipeline as one readable function; see ptoext.hh.
#include "ptoext/ptoext.hh"

#include "ptoext/lower.hh"
#include "ptoext/pass_manager.hh"
#include "ptoext/sir_dot.hh"
#include "ptoext/sir_print.hh"

#include <ostream>

namespace tiger {

std::unique_ptr<sir::Module> buildPtoModule(const ast::Program& prog, PtoStage stage,
                                            bool verifyEach, std::string* error,
                                            const StageDone& done) {
  std::string ignored;
  std::string& err = error ? *error : ignored;
  std::unique_ptr<sir::Module> m;
  try {
    m = pto::lowerProgram(prog);
  } catch (const pto::PtoError& e) {
    err = std::string("lowering: ") + e.what();
    return nullptr;
  }
  if (done) done("lower");
  pto::Properties held{pto::Property::TypeChecked};
  pto::PassManager pm(verifyEach, done);
  if (verifyEach) {
    std::string why = pto::verifyProperty(*m, pto::Property::TypeChecked);
    if (!why.empty()) {
      err = "after lowering: TypeChecked violated: " + why;
      return nullptr;
    }
  }
  if (stage != PtoStage::Lowered) pm.add(pto::ctrlFlowTransformPass());
  if (stage == PtoStage::Ssa) pm.add(pto::convertToSsaPass());
  if (auto failure = pm.run(*m, held)) {
    err = *failure;
    return nullptr;
  }
  return m;
}

std::unique_ptr<sir::Module> buildSsaModule(const ast::Program& prog, bool verifyEach,
                                            std::string* error, const StageDone& done) {
  return buildPtoModule(prog, PtoStage::Ssa, verifyEach, error, done);
}

std::optional<std::string> emitPto(const ast::Program& prog, PtoStage stage, PtoForm form,
                                   std::ostream& out, bool verifyEach,
                                   const StageDone& done) {
  std::string error;
  std::unique_ptr<sir::Module> m = buildPtoModule(prog, stage, verifyEach, &error, done);
  if (!m) return error;
  if (form == PtoForm::Drawn)
    sir::drawModule(*m, out);
  else
    sir::printModule(*m, out);
  return std::nullopt;
}

} // namespace tiger
