// ast_print.hh - --emit=ast: prints the AST, one node per line, indented by depth,
// in the style of Appel's prabsyn.c (e.g. `OpExp(PLUS,`, `IntExp(1)`, `SimpleVar(x)`).
// After semantic analysis the printer also shows each escaping variable's `escape`.
#pragma once

#include "chap7/front/ast.hh"

#include <iosfwd>
#include <string>

namespace tiger::ast {

void print(std::ostream& out, const Program& prog);

// A string's value written back as a Tiger literal: double quotes, \" \\ \n \t, and
// \ddd for other non-printing bytes (also used by --emit=tokens).
std::string quoted(const std::string& value);

} // namespace tiger::ast
