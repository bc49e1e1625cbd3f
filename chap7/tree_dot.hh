// tree_dot.hh - draws an IR tree as a Graphviz digraph (a node per tree node):
// `--emit=ir-dot` (each PROC body) and `--explain=canon-dot` (each rewrite's trees).
#pragma once

#include "chap7/tree.hh"

#include <iosfwd>
#include <string>

namespace tiger::tree {

void drawStm(std::ostream& out, const Stm* s, const std::string& title);
void drawExp(std::ostream& out, const Exp* e, const std::string& title);

} // namespace tiger::tree
