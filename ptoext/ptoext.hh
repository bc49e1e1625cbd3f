// ptoext.hh - the public entry points of the ptoext stage (used by the driver and the
// tests). runPipeline (ptoext.cc) is the whole pipeline, every step in order:
//
//   checked AST (semant + escapes) -> lowerProgram    (stage Lowered, --emit=pto, pto-dot)
//       -> CtrlFlowTransform: continue, then break removed
//                                                 (stage Cft, --emit=pto-cft, pto-cft-dot)
//       -> ConvertToSSA: versions, phis, iter_args        (stage Ssa, --emit=pto-ssa)
//       -> emitMlir: func, arith, scf, llvm            (stage Mlir, --emit=mlir, --run-mlir)
//
// What each pass implements: docs/ctrl_flow_transform.md, docs/convert_to_ssa.md, and the
// PyPTO bugs it avoids, docs/pypto_bugs.md. With verifyEach, the pass manager checks each
// pass's required properties before it runs and verifies the properties it produces after
// it (pass_manager.hh).
#pragma once

#include "chap7/front/ast.hh"
#include "ptoext/mlir_emit.hh"
#include "ptoext/sir.hh"

#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>

namespace tiger {

enum class PtoStage { Lowered, Cft, Ssa, Mlir };

// Called with a stage's name ("lower", "CtrlFlowTransform", ...) as each one ends:
// --time-passes times them.
using StageDone = std::function<void(const std::string&)>;

// How emitPto shows the module: printed (sir_print.hh) or drawn (sir_dot.hh).
enum class PtoForm { Printed, Drawn };

// What runPipeline made: the module after the last stage it ran (null on a failure, with
// `error` saying what failed) and, at PtoStage::Mlir, the MLIR text.
struct PtoResult {
  std::unique_ptr<sir::Module> module;
  std::string mlir;
  std::string error;
};

// Runs every step of the pipeline up to `last`, the pass manager verifying in between
// when verifyEach is set; `done` is told each step's name as it ends. At PtoStage::Mlir,
// `mlir` says whether the text carries a run's hooks (clean by default, mlir_emit.hh).
PtoResult runPipeline(const ast::Program& prog, PtoStage last, bool verifyEach,
                      const StageDone& done = {}, pto::MlirOptions mlir = {});

// Runs the pipeline up to `stage` (not Mlir) and prints or draws the module to `out`.
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

// --emit=mlir for a checked program (escapes found): the pipeline up to PtoStage::Mlir.
// Returns the MLIR text (with a run's hooks when `mlir` asks), or nullopt with `*error`
// set on an internal failure.
std::optional<std::string> programToMlir(const ast::Program& prog, bool verifyEach,
                                         std::string* error, const StageDone& done = {},
                                         pto::MlirOptions mlir = {});

} // namespace tiger
