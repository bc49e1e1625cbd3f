// translate.hh - translation to IR trees (Appel, chapter 7): frames, static links,
// Ex/Nx/Cx with unEx/unNx/unCx, and the fragments PROC and STRING.
//
// Input: a checked AST with escapes found. Output: an ir::Program whose procs[0] is the
// main program ("tigermain"), each PROC body a single T_stm; labels and temps numbered
// in a deterministic order (a pre-order walk of the AST).
#pragma once

#include "chap7/front/ast.hh"
#include "chap7/ir/fragments.hh"

#include <memory>

namespace tiger {

std::unique_ptr<ir::Program> translateProgram(const ast::Program& prog);

// The same, for a caller that needs the AST no more (tigerc): each function's body and
// formals are freed as soon as its PROC exists, each element of a sequence as soon as
// its statement does, so the whole AST and the whole IR are never in memory at once;
// what is left of the AST dies with `prog`.
std::unique_ptr<ir::Program> translateProgram(std::unique_ptr<ast::Program> prog);

} // namespace tiger
