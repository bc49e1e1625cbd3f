// convert_to_ssa.hh - ConvertToSSA (docs/convert_to_ssa.md).
//
// Input: a Module with no Break/Continue (StructuredCtrlFlow), pre-SSA, in which every
// use of a variable is reached by a definition on every path (lowering guarantees it:
// Tiger initialises each variable where it declares it). Output: the SSA form of
// sir.hh (property SSAForm): versions, phis as If return_vars with Yields, loop
// iter_args / init_values / return_vars.
#pragma once

#include "ptoext/sir.hh"

namespace tiger::pto {

// Throws PtoError on input it cannot convert (a Break left, or a use that no
// definition reaches on every path - e.g. a variable first defined in a loop body and
// used after the loop: it is NOT promoted with a made-up initial value).
void convertToSsa(sir::Module& m);

} // namespace tiger::pto
