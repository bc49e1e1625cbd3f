// tree_dot.hh - draws an IR tree as a Graphviz digraph (a node per tree node).
#pragma once

#include "chap7/ir/tree.hh"

#include <iosfwd>
#include <string>

namespace tiger::tree {

void drawStm(std::ostream& out, const Stm* s, const std::string& title);

} // namespace tiger::tree
