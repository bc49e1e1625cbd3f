// lower.hh - typed Tiger AST -> structured IR (sir.hh), stage "Lowered".
//
// Input: a program checked by semant (every annotation of ast.hh set) whose escapes
// were found (escape.hh). Output: a Module whose first Function is "tigermain"; each
// Tiger function becomes a top-level Function named by its FunDec::label, with the
// static link `_sl` as first parameter. Effects inside expressions are flattened into
// statements in evaluation order; temporaries are `_t0`, `_t1`, ... per function.
#pragma once

#include "chap7/front/ast.hh"
#include "ptoext/sir.hh"

#include <memory>

namespace tiger::pto {

// Throws PtoError (pto_error.hh) when the AST lacks an annotation semant should have set.
std::unique_ptr<sir::Module> lowerProgram(const ast::Program& prog);

} // namespace tiger::pto
