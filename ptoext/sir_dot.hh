// sir_dot.hh - draws the structured IR as Graphviz text, one flowchart per function:
// `--emit=pto-dot` (the IR as lowered) and `--emit=pto-cft-dot` (after
// CtrlFlowTransform). docs/ctrl_flow_transform.md: the two
// drawings side by side show what the pass does. Before it, break and continue jump
// across the nesting (red edges); after it, no red edge is left and every edge follows
// the nesting of the statements.
//
// Input: a Module before ConvertToSSA (an SSA module draws too; its iter_args and phis
// are not shown). Output: one `digraph "NAME"` per function, in module order, several
// in one stream (`dot -Tsvg` renders each); deterministic: nodes n0, n1, ... in
// statement order, edges after all nodes in the order they were made.
//
//   a run of simple statements   one box, a line each, as sir_print.hh prints them
//   if c                         a diamond; T into the then branch, F into the else
//                                branch (or past the if when it has none)
//   for / while                  a shaded cluster whose head is a hexagon
//                                (`for i in pl.range(1, n, inclusive=True)`, `while c`):
//                                T into the body, F out of the loop, a dashed edge from
//                                the end of the body back to the top of the loop. A
//                                while's condition statements come first in the cluster.
//   break / continue             a red box; a red edge to what follows its loop / back
//                                to the top of its loop
//   end                          an ellipse after the function's last statement
#pragma once

#include "ptoext/sir.hh"

#include <iosfwd>

namespace tiger::sir {

void drawModule(const Module& m, std::ostream& out);
void drawFunction(const Function& f, std::ostream& out);

} // namespace tiger::sir
