// sir_verify.hh - the checkers of the structured IR, one per property the passes
// declare (pass_manager.hh):
//
//   TypeChecked         every VarId exists; operand and result types agree (INT64
//                       arithmetic and comparisons, BOOL conditions and Not/And/Or);
//                       Calls only as the whole value of an Assign or Eval; Return
//                       only last in a function body, exactly when it returns a value
//   StructuredCtrlFlow  no Break or Continue anywhere
//   SSAForm             each variable defined once (parameter, Assign, For index,
//                       iter_arg, return_var); every use sees a definition in scope
//                       (loop values only inside the loop, results only after it,
//                       a while body only the condValues of its condition block);
//                       Yield only last, ending each branch/body that has results,
//                       with one value per result; iter_args, init_values,
//                       return_vars and condValues of equal counts and types
//
// Each returns an empty string when the module holds, else the first violation found.
#pragma once

#include "ptoext/sir.hh"

#include <string>

namespace tiger::sir {

std::string verifyTypes(const Module& m);
std::string verifyStructured(const Module& m);
std::string verifySsa(const Module& m);

} // namespace tiger::sir
