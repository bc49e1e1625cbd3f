// canon.cc - the canon sequence of one procedure, and the canon stages over a whole
// program (docs/canon.md; canon.hh):
//
//   canonProc          C_linearize -> C_basicBlocks -> C_traceSchedule on one PROC body,
//                      as far as asked, each step's checker after it when asked; returns
//                      every intermediate (the driver's outputs and the CFG drawing too)
//   linearizeProgram   every PROC body := canonProc's linear list
//   traceProgram       every PROC body := its traces (a body that is already canonical,
//                      as linearizeProgram leaves it, is not linearized again); the body
//                      is handed over, and each step's list freed once the next exists;
//                      when every body is canonical, the arena's SEQs and ESEQs first
//
// With `verify`, checkCanonical, checkBlocks and checkTraces run after each step; the
// first failure is returned, naming the function. STRING fragments are not touched.
// The steps run with the arena's position unknown; after each, fillPositions gives the
// statements it made the positions positions.hh describes (before its checker, so a
// checker's message names the source line of what it rejects).
// checkProgram judges bodies read from a dump: every violation, each naming its PROC.
// The three algorithms live in linearize.cc, basic_blocks.cc and trace_schedule.cc.
#include "chap8/canon.hh"

#include "chap8/canon_check.hh"
#include "chap8/explain.hh"
#include "chap8/positions.hh"

#include <algorithm>
#include <limits>

namespace tiger::canon {
namespace {

std::string procName(const ir::ProcFrag& proc) {
  if (proc.frame && proc.frame->name()) return proc.frame->name().str();
  return proc.sourceName;
}

std::optional<std::string> inProc(const ir::ProcFrag& proc,
                                  std::optional<std::string> problem) {
  if (!problem) return std::nullopt;
  return "in PROC " + procName(proc) + ": " + *problem;
}

// The line that starts a PROC's part of the --explain=canon log.
void noteProc(Context& cx, const ir::ProcFrag& proc) {
  if (cx.opts.explain) explain::note(*cx.opts.explain, "PROC " + procName(proc));
}

// The canon sequence on `body` (a copy of a PROC's, or the body itself when the caller
// needs it no more). With `lastOnly`, each step's input is freed as soon as its output
// exists, so a long function never holds its linear list, its blocks and its traces at
// once: only the last step's list is left in the CanonSteps.
CanonSteps canonBody(Context& cx, std::vector<T_stm> body, Step last, Checks checks,
                     bool linearBody, bool lastOnly) {
  CanonSteps s;
  tree::PosScope unknown(cx.arena, {});
  s.linear = linearBody ? std::move(body) : C_linearize(cx, cx.arena.SeqList(body));
  fillPositions(s.linear);
  if (!linearBody && checks.canonical) s.problem = checkCanonical(s.linear);
  if (s.problem || last == Step::Linear) return s;
  s.blocks = C_basicBlocks(cx, s.linear);
  if (lastOnly) s.linear = std::vector<T_stm>(); // not `= {}`, which keeps the capacity
  fillPositions(s.blocks);
  if (checks.blocks) s.problem = checkBlocks(s.blocks);
  if (s.problem || last == Step::Blocks) return s;
  s.traces = C_traceSchedule(cx, s.blocks);
  if (lastOnly) s.blocks = {};
  fillPositions(s.traces);
  if (checks.traces) s.problem = checkTraces(s.traces);
  return s;
}

} // namespace

CanonSteps canonProc(Context& cx, const ir::ProcFrag& proc, Step last, Checks checks,
                     bool linearBody) {
  return canonBody(cx, proc.body, last, checks, linearBody, false);
}

std::optional<std::string> linearizeProgram(ir::Program& prog, Context& cx, bool verify) {
  for (ir::ProcFrag& proc : prog.procs) {
    noteProc(cx, proc);
    CanonSteps steps = canonProc(cx, proc, Step::Linear, Checks::all(verify));
    proc.body = std::move(steps.linear);
    if (steps.problem) return inProc(proc, steps.problem);
  }
  return std::nullopt;
}

std::vector<Violation> checkProgram(const ir::Program& prog, bool traces) {
  constexpr std::size_t every = std::numeric_limits<std::size_t>::max();
  std::vector<Violation> found;
  for (std::size_t p = 0; p < prog.procs.size(); ++p) {
    const ir::ProcFrag& proc = prog.procs[p];
    std::vector<Violation> broken = canonicalViolations(proc.body, every);
    if (broken.empty() && traces) broken = traceViolations(proc.body, every);
    for (Violation& v : broken) {
      v.proc = p;
      v.rule = *inProc(proc, v.rule);
      found.push_back(std::move(v));
    }
  }
  return found;
}

std::optional<std::string> traceProgram(ir::Program& prog, Context& cx, bool verify) {
  bool allLinear = std::all_of(prog.procs.begin(), prog.procs.end(),
                               [](const ir::ProcFrag& p) { return isCanonical(p.body); });
  if (allLinear) prog.arena.freeSequences(); // Translate's SEQs and ESEQs: unreachable
  for (ir::ProcFrag& proc : prog.procs) {
    noteProc(cx, proc);
    bool linear = allLinear || isCanonical(proc.body);
    CanonSteps steps = canonBody(cx, std::move(proc.body), Step::Traces,
                                 Checks::all(verify), linear, true);
    if (steps.problem) return inProc(proc, steps.problem);
    proc.body = std::move(steps.traces);
  }
  return std::nullopt;
}

} // namespace tiger::canon
