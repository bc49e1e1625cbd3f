// sir_verify.hh - the checkers of the structured IR, one per property the passes
// declare (pass_manager.hh):
//
//   TypeChecked         every VarId exists; operand and result types agree (INT64
//                       arithmetic and comparisons, BOOL conditions and Not/And/Or);
//                       Calls only as the whole value of an Assign or Eval, to a
//                       function of the module or of the runtime, with as many
//                       arguments as it takes; Return only last in a function body,
//                       exactly when it returns a value
//   StructuredCtrlFlow  no Break or Continue anywhere
//   SSAForm             each variable defined once (parameter, Assign, For index,
//                       iter_arg, return_var); every use sees a definition in scope
//                       (loop values only inside the loop, results only after it,
//                       a while body only the condValues of its condition block);
//                       Yield only last, ending each branch/body that has results,
//                       with one value per result; iter_args, init_values,
//                       return_vars and condValues of equal counts and types
//
// The check* functions find the first violation in one function and say where it is (a
// reader of printed dumps reports it at its line: sir_read.hh); the verify* ones return
// an empty string when the whole module holds, else "in f: <its first violation>".
#pragma once

#include "ptoext/sir.hh"

#include <optional>
#include <string>

namespace tiger::sir {

// A broken rule, and the statement it is about: the innermost one the checker was
// looking at (an If's condition is the If's, a missing yield the If's or loop's that
// owns the block); null when it is about the function's parameters or its end.
struct Violation {
  std::string message;
  const Stmt* stmt = nullptr;
};

std::optional<Violation> checkTypes(const Module& m, const Function& f);
std::optional<Violation> checkStructured(const Function& f);
std::optional<Violation> checkSsa(const Function& f);

std::string verifyTypes(const Module& m);
std::string verifyStructured(const Module& m);
std::string verifySsa(const Module& m);

} // namespace tiger::sir
