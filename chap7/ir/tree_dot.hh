// tree_dot.hh - draws an IR tree as a Graphviz digraph (a node per tree node):
// `--emit=ir-dot` (each PROC body) and `--explain=canon-dot` (each rewrite's trees).
#pragma once

#include "chap7/ir/tree.hh"

#include <iosfwd>
#include <string>

namespace tiger::tree {

// How a drawing looks. Plain (`--emit=ir-dot`): boxes and arrows. Rewrite
// (`--explain=canon-dot`, the slides' pictures of one rewrite): rounded, bold, no
// arrowheads, and what chapter 8 rewrites coloured: SEQ orange, ESEQ red, the other
// statements blue, CALL green.
enum class Look { Plain, Rewrite };

void drawStm(std::ostream& out, const Stm* s, const std::string& title,
             Look look = Look::Plain);
void drawExp(std::ostream& out, const Exp* e, const std::string& title,
             Look look = Look::Plain);

} // namespace tiger::tree
