// explain.hh - the log of `--explain=canon` (Options::explain): which rule of the book's
// rewrite table (Appel 8.1; docs/canon.md, "Pulling ESEQs up") each step applied, with
// the tree before and after it, for a teacher to show in class.
//
// Input: what linearize.cc, basic_blocks.cc and trace_schedule.cc decided.
// Output: text on the explain stream, in the order the rewrites happen (children
// before their parent); deterministic, since temps and labels are numbered per
// compilation. Each entry looks like
//
//   canon: BINOP(op, e1, ESEQ(s, e2)) with commute(e1, s) false: save e1 in t103
//          => ESEQ(MOVE(TEMP t103, e1), ESEQ(s, BINOP(op, TEMP t103, e2)))
//     before:
//     <tree, printed as printtree.c does>
//     after:
//     <tree>
//
// With `--explain=canon-dot` (drawTrees) each tree is drawn instead: a Graphviz
// `digraph "before"` / `digraph "after"` (tree_dot.hh), every line of it indented by
// two spaces as the printed trees are. The entries are the same, in the same order.
#pragma once

#include "chap7/ir/temp.hh"
#include "chap7/ir/tree.hh"

#include <iosfwd>
#include <string>
#include <vector>

namespace tiger::canon::explain {

// A node as the book's table writes it: "BINOP(op, $0, $1)", slots {"e1", "e2"}.
// `stm` says whether the node is a statement (statements pulled out of it are joined
// with SEQ) or an expression (ESEQ).
struct Pattern {
  std::string form;
  std::vector<std::string> slots;
  bool stm = false;
};

// CALL(f, e1, ..., en) with `args` arguments, as reorder sees it (f is slot $0),
// inside `outer` at its `%` ("MOVE(TEMP t, %)" for a CALL kept on top of a MOVE).
Pattern callPattern(std::size_t args, const std::string& outer = "%", bool stm = false);

// What reorder did with one subexpression slot of a node.
struct SlotNote {
  bool lifted = false;  // statements came out of it (an ESEQ or a hoisted CALL)
  bool decided = false; // statements of later slots go before it: commute was asked
  bool saved = false;   // commute was false: its value was saved in `temp`
  Temp_temp temp;
};

// The rule lines for one reorder of the node `p` (one line per lifted slot, with the
// commute decisions of the slots to its left).
std::string reorderRules(const Pattern& p, const std::vector<SlotNote>& notes);

// One entry: the rule (possibly several lines), the tree before and after.
void log(std::ostream& out, const std::string& rule, const tree::Stm* before,
         const tree::Stm* after);
void log(std::ostream& out, const std::string& rule, const tree::Exp* before,
         const tree::Exp* after);
// A one-line note (block and trace decisions).
void note(std::ostream& out, const std::string& text);

// Whether the entries logged on `out` from now on draw their trees (`drawn`) or print
// them. The choice is kept on the stream itself (std::ios_base::iword), so the canon
// passes, which hand log() only the stream, log either form unchanged.
void drawTrees(std::ostream& out, bool drawn);

} // namespace tiger::canon::explain
