// pass_manager.hh - runs the passes of ptoext in order, with properties as in PyPTO:
// each pass declares the properties it requires and the ones it produces; in verify
// mode the manager checks the required ones before a pass (they must be held AND
// verify) and verifies the produced ones after it (PyPTO's verification instrument;
// QBE's ssacheck between passes). Tests always run in verify mode.
//
//   Property             verifier (sir_verify.hh)
//   TypeChecked          verifyTypes
//   StructuredCtrlFlow   verifyStructured
//   SSAForm              verifySsa
#pragma once

#include "ptoext/pto_error.hh"
#include "ptoext/sir.hh"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace tiger::pto {

enum class Property : unsigned { TypeChecked = 1, StructuredCtrlFlow = 2, SSAForm = 4 };

// A set of properties (a bit mask of Property values).
struct Properties {
  unsigned bits = 0;
  Properties() = default;
  Properties(std::initializer_list<Property> ps) {
    for (Property p : ps)
      bits |= static_cast<unsigned>(p);
  }
  bool has(Property p) const { return bits & static_cast<unsigned>(p); }
  void add(Properties o) { bits |= o.bits; }
};

const char* propertyName(Property p);

// "" when module m has property p, else what breaks it.
std::string verifyProperty(const sir::Module& m, Property p);

struct Pass {
  std::string name;
  Properties required, produced;
  std::function<void(sir::Module&)> run; // may throw PtoError
};

class PassManager {
public:
  // `done`, when set, is called with each pass's name after it ran (and was verified).
  explicit PassManager(bool verifyEach, std::function<void(const std::string&)> done = {})
      : verifyEach_(verifyEach), done_(std::move(done)) {}
  void add(Pass p) { passes_.push_back(std::move(p)); }
  // Runs every pass on m, which holds `held` on entry (updated). Returns the error
  // message of the first failure: a missing or broken property, or a pass's PtoError.
  std::optional<std::string> run(sir::Module& m, Properties& held) const;

private:
  std::optional<std::string> check(const sir::Module& m, Properties ps,
                                   const std::string& when) const;
  bool verifyEach_;
  std::function<void(const std::string&)> done_;
  std::vector<Pass> passes_;
};

// What the checkers find in a module read from a dump (tigerc --from=pto-ssa): the
// first violation in each function of the Ssa stage's properties, tried in the order
// that names a broken ConvertToSSA best: StructuredCtrlFlow, SSAForm, then TypeChecked
// (the reader types a use that nothing defines INT64, so the types would blame the use
// rather than the missing definition). Each as "Property: rule", with the statement it
// is about (null: the function's parameters or end; sir_verify.hh).
struct FunctionViolation {
  std::size_t function; // its index in the module
  std::string rule;
  const sir::Stmt* stmt;
};
std::vector<FunctionViolation> ssaStageViolations(const sir::Module& m);
// The same for a module read from a dump of the Cft stage (tigerc --from=pto-cft):
// StructuredCtrlFlow (no break or continue left), then TypeChecked.
std::vector<FunctionViolation> cftStageViolations(const sir::Module& m);

// The passes of the pipeline.
Pass ctrlFlowTransformPass();
Pass convertToSsaPass();

} // namespace tiger::pto
