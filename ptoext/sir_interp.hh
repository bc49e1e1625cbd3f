// sir_interp.hh - a reference interpreter for the structured IR (sir.hh) at any stage:
// as lowered (Break/Continue), after CtrlFlowTransform, and in SSA form (yields,
// iter_args, return_vars, phis).
//
// It shares the tree-IR interpreter's memory and runtime (chap7/interp/interp_memory.hh,
// interp_runtime.hh), so output, exit codes and error messages agree with chap7's
// interpreter: runtime errors print "runtime error: <message>" on opts.err and give
// exit status 70; a broken IR (an undefined variable read, a yield count mismatch, an
// unknown callee) is an "internal error:" with status 77. With opts.effects it records
// the calls view of the run's effects (grading/effect_log.hh): the tree
// interpreter's for the same program (ptoext/tests/effects_agree.py checks).
#pragma once

#include "chap7/interp/interp.hh"
#include "ptoext/sir.hh"

namespace tiger::sir {

RunResult interpret(const Module& m, const RunOptions& opts);

} // namespace tiger::sir
