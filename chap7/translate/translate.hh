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

} // namespace tiger
