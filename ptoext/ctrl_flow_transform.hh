// ctrl_flow_transform.hh - CtrlFlowTransform: removes Break and Continue from the
// structured IR (docs/ctrl_flow_transform.md; docs/pypto_bugs.md lists the PyPTO bugs it
// avoids).
//
// Input: a Module as lowered (pre-SSA; property TypeChecked). Output: the same program
// with no Break or Continue (property StructuredCtrlFlow), still pre-SSA:
// ConvertToSSA creates every phi afterwards.
#pragma once

#include "ptoext/sir.hh"

namespace tiger::pto {

// A break or continue in a while's condition statements belongs to the loop around
// that while (semant's rule), and is removed with that loop's.
void ctrlFlowTransform(sir::Module& m);

} // namespace tiger::pto
