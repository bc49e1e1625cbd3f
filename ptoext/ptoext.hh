// ptoext.hh - the public entry points of the ptoext stage (used by the driver and by
// the MLIR emitter).
//
//   checked AST (semant + escapes) -> lowerProgram    (stage Lowered, --emit=pto, pto-dot)
//       -> CtrlFlowTransform: continue, then break removed
//                                                 (stage Cft, --emit=pto-cft, pto-cft-dot)
//       -> ConvertToSSA: versions, phis, iter_args        (stage Ssa, --emit=pto-ssa)
//
// Seeds: ctrl-flow-transform-pass.zh.txt, convert-to-ssa-pass.txt; guide ptoext.md.
// With verifyEach, the pass manager checks each pass's required properties before it
// runs and verifies the properties it produces after it (pass_manager.hh).
#pragma once

#include "chap7/front/ast.hh"
#include "ptoext/sir.hh"

#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>

namespace tiger {

enum class PtoStage { Lowered, Cft, Ssa };

// Called with a stage's name ("lower", "CtrlFlowTransform", ...) as each one ends:
// --time-passes times them.
using StageDone = std::function<void(const std::string&)>;

// How emitPto shows the module: printed (sir_print.hh) or drawn (sir_dot.hh).
enum class PtoForm { Printed, Drawn };

// Runs the pipeline up to `stage` and prints or draws the module to `out`.
// Returns an error message when a pass or a verifier reports an internal failure
// (nothing is written then).
std::optional<std::string> emitPto(const ast::Program& prog, PtoStage stage, PtoForm form,
                                   std::ostream& out, bool verifyEach,
                                   const StageDone& done = {});

// Runs the pipeline up to `stage` and returns the module; null with *error set on an
// internal failure.
std::unique_ptr<sir::Module> buildPtoModule(const ast::Program& prog, PtoStage stage,
                                            bool verifyEach, std::string* error,
                                            const StageDone& done = {});

// The SSA module the MLIR emitter starts from (buildPtoModule at PtoStage::Ssa).
std::unique_ptr<sir::Module> buildSsaModule(const ast::Program& prog, bool verifyEach,
                                            std::string* error,
                                            const StageDone& done = {});

} // namespace tiger
