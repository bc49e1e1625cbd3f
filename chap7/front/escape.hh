// escape.hh - escape analysis (Appel, section 6.2, FindEscape).
//
// Input: a checked AST (semant.hh). Output: VarBinding::escape is true exactly for the
// variables used by a function nested deeper than the one declaring them.
#pragma once

#include "chap7/front/ast.hh"

namespace tiger {

void findEscapes(ast::Program& prog);

} // namespace tiger
