// semant.hh - semantic analysis (Appel, chapter 5): types, scopes, and the checks of
// the book's test suite, annotating the AST as ast.hh describes.
//
// Keeps going after an error where it can, so a student sees several at once; an
// expression in error gets a type that silences follow-on errors.
#pragma once

#include "base/diag.hh"
#include "chap7/front/ast.hh"
#include "chap7/front/types.hh"

namespace tiger {

// Checks `prog`, annotating it. Returns true when no error was reported.
// `types` owns the types the annotations point to and must outlive the AST's use.
bool checkProgram(ast::Program& prog, types::TypeContext& types, Diagnostics& diag);

} // namespace tiger
