// tree_print.hh - prints IR trees in the format of Appel's printtree.c:
// pre-order, one node per line, each level indented one more space, e.g.
//
//   MOVE(
//    TEMP t100,
//    BINOP(PLUS,
//     TEMP t101,
//     CONST 1))
//
// printProgram prints every fragment (--emit=ir|linear|traces). With `locations`
// (--locations), each statement (but SEQ) with a known source position is preceded by
// a comment line `# LINE:COL`, which tree_read.hh reads back as its position.
#pragma once

#include "chap7/ir/dialect.hh"
#include "chap7/ir/fragments.hh"
#include "chap7/ir/tree.hh"

#include <iosfwd>
#include <vector>

namespace tiger::tree {

void printStm(std::ostream& out, const Stm* s, int depth = 0);
void printExp(std::ostream& out, const Exp* e, int depth = 0);
// Each statement on its own, followed by a newline (printStmList in the book).
void printStmList(std::ostream& out, const std::vector<T_stm>& stms,
                  bool locations = false);
// Every fragment: "PROC name" headers, bodies, then "STRING L0 \"text\""; in another
// course's words with `dialect` (dialect.hh; its word size must be the program's).
void printProgram(std::ostream& out, const ir::Program& prog, bool locations = false,
                  const Dialect* dialect = nullptr);

} // namespace tiger::tree
