// canon.hh - the canon module (Appel, chapter 8: 8.1 canonical trees, 8.2 basic blocks,
// 8.3 traces):
//
//   C_linearize     ESEQ elimination, CALL hoisting, SEQ flattening -> canonical trees
//   C_basicBlocks   label-first, jump-last blocks, ending at the `done` label
//   C_traceSchedule Algorithm 8.3 + finishing up: every CJUMP followed by its false label
//
// The book's interface, with std::vector for its cons lists. Every function iterates
// over statements and blocks (never recursing once per statement), so a function of
// 10^6 statements does not overflow the stack.
#pragma once

#include "chap7/ir/fragments.hh"
#include "chap7/ir/temp.hh"
#include "chap7/ir/tree.hh"

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace tiger::canon {

// Which variant of each algorithm to run. The defaults are this project's improved
// versions; Options::book() gives the book's, for students to compare.
struct Options {
  bool bookCommute = false; // commute() exactly as the book: EXP(CONST) or CONST/NAME
  bool bookTraces =
      false; // Algorithm 8.3 and its finishing up as written, no loop layout
  std::ostream* explain = nullptr; // --explain=canon: log each rewrite applied
  static Options book() { return Options{true, true, nullptr}; }
};

// What a pass changed, for the report comparing the book's version with ours.
struct Counters {
  long tempsIntroduced = 0; // fresh temps made by reorder and CALL hoisting
  long movesIntroduced = 0; // MOVEs made by reorder and CALL hoisting
};

// The environment a canon pass works in: where new nodes, temps and labels come from.
struct Context {
  tree::Arena& arena;
  TempFactory& temps;
  Options opts;
  Counters counters;
};

struct C_block {
  std::vector<std::vector<T_stm>> stmLists; // each: LABEL first, JUMP/CJUMP last
  Temp_label label;                         // the `done` label the last block jumps to
};

std::vector<T_stm> C_linearize(Context& cx, T_stm stm);
C_block C_basicBlocks(Context& cx, const std::vector<T_stm>& stmList);
std::vector<T_stm> C_traceSchedule(Context& cx, const C_block& b);

// Invariant checkers. Each returns nullopt when the invariant holds, or a message that
// names the rule broken and shows the offending statement (its index and its tree).
std::optional<std::string> checkCanonical(const std::vector<T_stm>& stms);
std::optional<std::string> checkBlocks(const C_block& b);
std::optional<std::string> checkTraces(const std::vector<T_stm>& stms);

// One broken invariant, as the checkers find it: the PROC (its index in Program::procs;
// 0 for a lone list), the statement (its index in the list; kWholeList when the rule is
// about the list as a whole), the rule ("checkTraces: statement 4: a CJUMP must be
// followed by ...") and the rest of the checker's message (the statement printed).
inline constexpr std::size_t kWholeList = static_cast<std::size_t>(-1);
struct Violation {
  std::size_t proc = 0;
  std::size_t stm = kWholeList;
  std::string rule;
  std::string shown;
};

// ---- The canon sequence of one procedure: the one place it is run ----

// How far canonProc goes: C_linearize, then C_basicBlocks, then C_traceSchedule.
enum class Step { Linear, Blocks, Traces };

// Which checkers canonProc runs, each right after its step.
struct Checks {
  bool canonical = false; // checkCanonical after C_linearize
  bool blocks = false;    // checkBlocks after C_basicBlocks
  bool traces = false;    // checkTraces after C_traceSchedule
  static Checks all(bool on) { return Checks{on, on, on}; }
};

// Every intermediate of one procedure's canon sequence, as far as it went.
struct CanonSteps {
  std::vector<T_stm> linear;          // C_linearize's canonical list
  C_block blocks;                     // C_basicBlocks(linear), with its `done` label
  std::vector<T_stm> traces;          // C_traceSchedule(blocks)
  std::optional<std::string> problem; // a checker's message: no step ran after it
};

// C_linearize (of the SEQ of the body), C_basicBlocks, C_traceSchedule on `proc`'s body,
// up to `last`, each followed by its checker when `checks` asks; the body is not changed.
// With `linearBody` the body already is canonical: it is the linear list as it is, and
// neither C_linearize nor checkCanonical runs.
CanonSteps canonProc(Context& cx, const ir::ProcFrag& proc, Step last, Checks checks,
                     bool linearBody = false);

// Whole-program stages, as the driver and the tests run them: every PROC body is
// replaced by its linearized (or linearized, blocked and scheduled) statement list,
// canonProc's, after a "PROC name" note on the explain log. With `verify`, the checkers
// run after each step; a failure is returned as a message naming the PROC.
std::optional<std::string> linearizeProgram(ir::Program& prog, Context& cx, bool verify);
std::optional<std::string> traceProgram(ir::Program& prog, Context& cx, bool verify);

// The checkers over bodies read back from a dump (`tigerc --from --verify`): every PROC
// canonical and, with `traces`, trace-scheduled too (a PROC that is not canonical is
// not checked for traces). Every violation, in PROC order, its rule naming the PROC.
std::vector<Violation> checkProgram(const ir::Program& prog, bool traces);

} // namespace tiger::canon
