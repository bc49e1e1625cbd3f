// pass_manager.cc - see pass_manager.hh.
#include "ptoext/pass_manager.hh"

#include "ptoext/convert_to_ssa.hh"
#include "ptoext/ctrl_flow_transform.hh"
#include "ptoext/pto_error.hh"
#include "ptoext/sir_verify.hh"

namespace tiger::pto {

static constexpr Property kAll[] = {Property::TypeChecked, Property::StructuredCtrlFlow,
                                    Property::SSAForm};

const char* propertyName(Property p) {
  switch (p) {
  case Property::TypeChecked: return "TypeChecked";
  case Property::StructuredCtrlFlow: return "StructuredCtrlFlow";
  case Property::SSAForm: return "SSAForm";
  }
  return "?";
}

std::string verifyProperty(const sir::Module& m, Property p) {
  switch (p) {
  case Property::TypeChecked: return sir::verifyTypes(m);
  case Property::StructuredCtrlFlow: return sir::verifyStructured(m);
  case Property::SSAForm: return sir::verifySsa(m);
  }
  return "unknown property";
}

std::optional<std::string> PassManager::check(const sir::Module& m, Properties ps,
                                              const std::string& when) const {
  for (Property p : kAll) {
    if (!ps.has(p)) continue;
    std::string why = verifyProperty(m, p);
    if (!why.empty()) return when + ": " + propertyName(p) + " violated: " + why;
  }
  return std::nullopt;
}

std::optional<std::string> PassManager::run(sir::Module& m, Properties& held) const {
  for (const Pass& pass : passes_) {
    for (Property p : kAll)
      if (pass.required.has(p) && !held.has(p))
        return pass.name + " requires " + propertyName(p) +
               ", which the module does not hold";
    if (verifyEach_)
      if (auto err = check(m, pass.required, "before " + pass.name)) return err;
    try {
      pass.run(m);
    } catch (const PtoError& e) {
      return pass.name + ": " + e.what();
    }
    held.add(pass.produced);
    if (verifyEach_)
      if (auto err = check(m, pass.produced, "after " + pass.name)) return err;
    if (done_) done_(pass.name);
  }
  return std::nullopt;
}

// The first violation of property p in function f of m.
static std::optional<sir::Violation> firstViolation(const sir::Module& m,
                                                    const sir::Function& f, Property p) {
  switch (p) {
  case Property::TypeChecked: return sir::checkTypes(m, f);
  case Property::StructuredCtrlFlow: return sir::checkStructured(f);
  case Property::SSAForm: return sir::checkSsa(f);
  }
  return std::nullopt;
}

namespace {

// The first of `order`'s properties that each function of m breaks.
template <std::size_t N>
std::vector<FunctionViolation> stageViolations(const sir::Module& m,
                                               const Property (&order)[N]) {
  std::vector<FunctionViolation> out;
  for (std::size_t k = 0; k < m.functions.size(); ++k)
    for (Property p : order)
      if (std::optional<sir::Violation> v = firstViolation(m, m.functions[k], p)) {
        out.push_back({k, std::string(propertyName(p)) + ": " + v->message, v->stmt});
        break;
      }
  return out;
}

} // namespace

std::vector<FunctionViolation> ssaStageViolations(const sir::Module& m) {
  static constexpr Property kOrder[] = {Property::StructuredCtrlFlow, Property::SSAForm,
                                        Property::TypeChecked};
  return stageViolations(m, kOrder);
}

std::vector<FunctionViolation> cftStageViolations(const sir::Module& m) {
  static constexpr Property kOrder[] = {Property::StructuredCtrlFlow,
                                        Property::TypeChecked};
  return stageViolations(m, kOrder);
}

Pass ctrlFlowTransformPass() {
  return Pass{"CtrlFlowTransform",
              {Property::TypeChecked},
              {Property::TypeChecked, Property::StructuredCtrlFlow},
              ctrlFlowTransform};
}

// Our ConvertToSSA also needs StructuredCtrlFlow: it runs on CtrlFlowTransform's output.
Pass convertToSsaPass() {
  return Pass{"ConvertToSSA",
              {Property::TypeChecked, Property::StructuredCtrlFlow},
              {Property::TypeChecked, Property::StructuredCtrlFlow, Property::SSAForm},
              convertToSsa};
}

} // namespace tiger::pto
