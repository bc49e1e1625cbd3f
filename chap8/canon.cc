// canon.cc - the canon stages over a whole program (seed chapter8-*; canon.hh):
//
//   linearizeProgram   every PROC body := C_linearize(SEQ of its statements)
//   traceProgram       every PROC body := C_traceSchedule(C_basicBlocks(C_linearize(..)))
//                      (a body that is already canonical, as linearizeProgram leaves it,
//                      is not linearized again)
//
// With `verify`, checkCanonical, checkBlocks and checkTraces run after each step; the
// first failure is returned, naming the function. STRING fragments are not touched.
// The three algorithms live in linearize.cc, basic_blocks.cc and trace_schedule.cc.
#include "chap8/canon.hh"

#include "chap8/canon_check.hh"
#include "chap8/explain.hh"

namespace tiger::canon {
namespace {

std::string procName(const ir::ProcFrag& proc) {
  if (proc.frame && proc.frame->name().name) return proc.frame->name().str();
  return proc.sourceName;
}

std::optional<std::string> inProc(const ir::ProcFrag& proc,
                                  std::optional<std::string> problem) {
  if (!problem) return std::nullopt;
  return "in PROC " + procName(proc) + ": " + *problem;
}

// The PROC's body as one canonical list.
std::optional<std::string> linearizeProc(ir::ProcFrag& proc, Context& cx, bool verify) {
  if (cx.opts.explain) explain::note(*cx.opts.explain, "PROC " + procName(proc));
  proc.body = C_linearize(cx, cx.arena.SeqList(proc.body));
  return verify ? inProc(proc, checkCanonical(proc.body)) : std::nullopt;
}

} // namespace

std::optional<std::string> linearizeProgram(ir::Program& prog, Context& cx, bool verify) {
  for (ir::ProcFrag& proc : prog.procs)
    if (auto problem = linearizeProc(proc, cx, verify)) return problem;
  return std::nullopt;
}

std::optional<std::string> checkProgram(const ir::Program& prog, bool traces) {
  for (const ir::ProcFrag& proc : prog.procs) {
    auto problem = checkCanonical(proc.body);
    if (!problem && traces) problem = checkTraces(proc.body);
    if (problem) return inProc(proc, problem);
  }
  return std::nullopt;
}

std::optional<std::string> traceProgram(ir::Program& prog, Context& cx, bool verify) {
  for (ir::ProcFrag& proc : prog.procs) {
    if (isCanonical(proc.body)) {
      if (cx.opts.explain) explain::note(*cx.opts.explain, "PROC " + procName(proc));
    } else if (auto problem = linearizeProc(proc, cx, verify)) {
      return problem;
    }
    C_block blocks = C_basicBlocks(cx, proc.body);
    if (verify)
      if (auto problem = inProc(proc, checkBlocks(blocks))) return problem;
    proc.body = C_traceSchedule(cx, blocks);
    if (verify)
      if (auto problem = inProc(proc, checkTraces(proc.body))) return problem;
  }
  return std::nullopt;
}

} // namespace tiger::canon
