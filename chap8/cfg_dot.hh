// cfg_dot.hh - draws the control-flow graph of each function as Graphviz text
// (--emit=cfg-dot): a node per basic block (Appel 8.2), an edge per jump target, and,
// after C_traceSchedule, the traces and the final block order (Appel 8.3).
//
// Output: one `digraph` per function, several in one stream (`dot -Tsvg` renders each
// graph of the stream). Deterministic: nodes and edges follow block order.
#pragma once

#include "chap7/ir/fragments.hh"
#include "chap8/canon.hh"

#include <iosfwd>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tiger::canon {

// The text of each STRING fragment by its label: with one, a NAME of a string literal
// shows as the literal ("abc\n"), cut after 20 characters.
using StringTable = std::map<Temp_label, std::string>;
StringTable stringTable(const ir::Program& prog);

// One digraph for function `funcName`. Without `scheduled`, the blocks of `blocks` as
// C_basicBlocks made them; with it (the output of C_traceSchedule(blocks)), the blocks
// of that final order, grouped by trace (see cfg_dot.cc for how they are recovered).
void drawCfg(std::ostream& out, const std::string& funcName, const C_block& blocks,
             const std::vector<T_stm>* scheduled, const StringTable* strings = nullptr);

// For every PROC: canonProc up to C_basicBlocks or, when `scheduled`, C_traceSchedule
// (each step followed by its checker), then drawCfg. PROC bodies are left unchanged.
// Returns nullopt, or the checker's message naming the function when a pass broke
// its invariant (nothing more is drawn then).
std::optional<std::string> emitCfgDot(std::ostream& out, ir::Program& prog, Context& cx,
                                      bool scheduled);

// For PROC bodies that already are trace-scheduled lists (a dump read by
// `--from=traces`): each drawn in its own order, the trailing LABEL being the exit.
// Returns nullopt, or checkTraces' message naming the function (nothing more drawn).
std::optional<std::string> emitScheduledDot(std::ostream& out, const ir::Program& prog);

// One statement on one line, as a CFG node shows it: "t100 <- t101 + 1",
// "M[fp + -8] <- 0", "CJUMP LT t100, 10 -> L3 | L4", "JUMP L5", "LABEL L3",
// "printi(t100)", "print(\"hello\")" (with `strings`). Nested expressions are
// parenthesized; very deep ones are cut ("...").
std::string stmLine(const tree::Stm* s, const StringTable* strings = nullptr);

} // namespace tiger::canon
