// mlir_emit.hh - --emit=mlir: an SSA-form SIR module (sir.hh, stage Ssa) as MLIR text in
// the dialects PTO codegen uses (docs/dumps.md, "MLIR"): func, arith, scf, plus the
// llvm dialect for memory words and string literals.
//
// The last stage of the pipeline (ptoext.cc, runPipeline at PtoStage::Mlir).
// Input: a Module after ConvertToSSA (every VarId defined once, yields in place).
// Output: one `module { ... }` that mlir-opt-19 verifies and mlir_run.hh runs:
//   - func.func @<label> per Function, every Tiger value an i64, conditions i1;
//   - @main() calls @tigermain and returns nothing (mlir-cpu-runner's entry point);
//   - For -> scf.for (Tiger's inclusive bound made exclusive without overflow),
//     While -> scf.while, If -> scf.if whose results are the phis, Yield -> scf.yield;
//   - runtime functions -> func.call of `tig_<name>` declared private (libtigerrt.so);
//   - Div -> func.call @tig_divide, defined in the module: a zero divisor calls
//     @tig_divisionByZero (runtime error, exit 70); INT64_MIN / -1 wraps to INT64_MIN;
//   - with MlirOptions::hooks only, a run's hooks: every function calls tig_arg with each
//     parameter and tig_enter with its name (an @<label>.name global) first, tig_leave
//     before it returns, every loop iteration tig_step: the depth and step limits, the
//     effects a grader compares and the split by inputs (runtime/hooks.h) need them.
// The text is a function of the IR and the options alone: the same module prints the
// same bytes, and the clean form is the instrumented one minus the hook lines.
#pragma once

#include "ptoext/sir.hh"

#include <iosfwd>
#include <string>

namespace tiger::pto {

// What the MLIR carries beside the program. Clean by default (`tigerc --emit=mlir`: the
// PTO-style SCF a student reads); `hooks` adds the calls of the runtime's limits and
// effects (`--emit=mlir --mlir-hooks`, and always what `--run-mlir` runs).
struct MlirOptions {
  bool hooks = false;
};

// Prints `m` as MLIR. Throws PtoError (pto_error.hh) when `m` breaks an SSA invariant the
// emitter relies on (a variable used before its definition, an unknown callee, ...).
void emitMlir(const sir::Module& m, std::ostream& out, MlirOptions opts = {});
std::string emitMlir(const sir::Module& m, MlirOptions opts = {});

} // namespace tiger::pto
