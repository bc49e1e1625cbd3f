// sir_print.hh - prints the structured IR in PyPTO's Python-like form (docs/dumps.md,
// "The structured IR"): `--emit=pto`, `--emit=pto-cft` and `--emit=pto-ssa` all use it, and the
// drawings of `--emit=pto-dot`/`pto-cft-dot` label their nodes with its lines.
//
//   def f_1(_sl: pl.Scalar[pl.INT64], n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
//       for i, (s__iter_v1,) in pl.range(1, n__ssa_v0, inclusive=True, init_values=(s__ssa_v0,)):
//           s__ssa_v2 = s__iter_v1 + i__idx_v0
//           s__rv_v3 = pl.yield_(s__ssa_v2)
//       return s__rv_v3
//
// Output is a function of the IR alone (no addresses), so it is deterministic.
// Runtime functions print as `rt.name(...)`, memory as `pl.load(b, i)` and
// `pl.store(b, i, v)`, Div as `/` (truncating), ToInt as `int(c)`, an empty block as
// `pass`. A for loop prints its inclusive bound as `inclusive=True`. A while loop:
//   `while c:`                                  no condition statements, no carried values
//   `while:` + condition statements + `pl.cond(c)`   condition statements, nothing carried
//   `for (a__iter_v1,) in pl.while_(init_values=(a__ssa_v0,)):` + condition statements +
//   `pl.cond(c)` (`pl.cond(c, forward=(...))` when condValues differ from the iter_args)
// The loop's return_vars are printed on the yield at the end of its body, PyPTO style.
#pragma once

#include "ptoext/sir.hh"

#include <iosfwd>
#include <string>

namespace tiger::sir {

void printModule(const Module& m, std::ostream& out);
void printFunction(const Function& f, std::ostream& out);
std::string exprToString(const Function& f, const Expr& e);
// One statement's line as printed, unindented: a simple statement whole; an If, For or
// While its header without the colon (`if c`, `for i in pl.range(1, n, inclusive=True)`,
// and `while c` for every While, whatever its condition statements).
std::string stmtToString(const Function& f, const Stmt& s);
// The function's `def` line without the colon: `def f_1(_sl: pl.Scalar[pl.INT64])`.
std::string functionHead(const Function& f);

} // namespace tiger::sir
