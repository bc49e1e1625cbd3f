// sir_read.hh - reads the structured IR back from its printed form (sir_print.hh): the
// inverse of `tigerc --emit=pto-ssa`, for `tigerc --from=pto-ssa FILE`.
//
// A grader trusts only what a student's compiler prints: when the student's MLIR is
// rejected, it reads the student's --emit=pto-ssa with this reader and judges it with
// the reference's checkers (sir_verify.hh), which name the broken invariant at its line.
// The grammar is at the top of sir_read.cc; in short, the printer's own lines:
//
//   def f_1(_sl__ssa_v0: pl.Scalar[pl.INT64], n__ssa_v0: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
//       for i__idx_v0, (s__iter_v1,) in pl.range(1, n__ssa_v0, inclusive=True, init_values=(s__ssa_v0,)):
//           s__ssa_v2 = s__iter_v1 + i__idx_v0
//           s__rv_v3 = pl.yield_(s__ssa_v2)
//       return s__rv_v3
//
// Input: any text. Output: a Module in which each distinct printed name of a function
// is one variable, with the role and version its suffix says (x__phi_v4: sir.hh,
// "Names") and the type its first definition gives it; printed again (printModule) it
// is the text read, byte for byte, for every dump tigerc prints. Or nullptr, after
// reporting the first problem as `file:line:col: error: ...` through diag. The reader
// checks the syntax and what the printed form cannot say otherwise (every yield of one
// if or loop names the same results; the first function is `def tigermain():`; function
// names are unique; versions and integers in range; nesting bounded); whether the
// module holds its stage's invariants is the checkers' to say. It can also say where
// each function and statement is, for the checkers' reports.
#pragma once

#include "base/diag.hh"
#include "ptoext/sir.hh"

#include <memory>
#include <unordered_map>
#include <vector>

namespace tiger::sir {

// Where the parts of a dump are: the name of each function's `def` line, in the
// module's order, and the first token of each statement.
struct DumpPlaces {
  std::vector<Loc> functions;
  std::unordered_map<const Stmt*, Loc> stmts;
  // Where a checker's violation in function `function` is (sir_verify.hh): its
  // statement's line, or the function's `def` line when it names no statement.
  Loc at(std::size_t function, const Stmt* s) const;
};

// With `places`, where each function and statement read is goes there too.
std::unique_ptr<Module> readModule(const SourceFile& src, Diagnostics& diag,
                                   DumpPlaces* places = nullptr);

} // namespace tiger::sir
