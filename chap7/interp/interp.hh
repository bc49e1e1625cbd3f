// interp.hh - the tree-IR interpreter: the oracle every test compares against.
//
// Runs an ir::Program at any stage: PROC bodies as Translate made them (SEQ, ESEQ and
// jumps to labels anywhere in the body's statement tree), after C_linearize, or after
// C_traceSchedule. Implements frames (fp, static links, the view shift of formals;
// each call's frame at addresses of its own, dead once it returns: interp_memory.hh),
// a word-addressed heap, string fragments and every runtime function of runtime.hh.
//
// Never crashes on any program Translate or canon can produce: a bad memory access,
// a jump to an unknown label or a missing function is reported as an error.
#pragma once

#include "base/diag.hh"
#include "chap7/ir/fragments.hh"

#include <cstdint>
#include <iosfwd>
#include <string>

namespace tiger {

namespace interp {
class EffectSink; // effect_sink.hh
}

struct RunOptions {
  std::istream* in = nullptr;            // getchar reads here
  std::ostream* out = nullptr;           // print writes here
  std::ostream* err = nullptr;           // runtime error messages go here
  std::uint64_t maxSteps = 100'000'000;  // statements executed + calls made; 0 = no limit
  int maxDepth = 10'000;                 // nested calls; 0 = no limit
  interp::EffectSink* effects = nullptr; // is shown the run's effects; null: none
};

// What the program executed, for --stats and for comparing layouts.
struct RunStats {
  std::uint64_t steps = 0;  // statements executed
  std::uint64_t jumps = 0;  // JUMPs executed
  std::uint64_t cjumps = 0; // CJUMPs executed
  std::uint64_t calls = 0;  // CALLs of Tiger functions and runtime functions
  std::uint64_t moves = 0;  // MOVEs executed
};

struct RunResult {
  ExitCode status = ExitCode::Ok; // Ok, Runtime, Limit or Internal
  int exitCode = 0;               // the process exit status to use
  RunStats stats;
  std::string error; // the message when status != Ok
};

// Runs procs[0]. On an error, prints "runtime error: <message>" (or "internal error: ..."
// for a malformed program) on opts.err after flushing opts.out. Null streams mean the
// standard ones. Deep recursion needs a big stack: call this inside runOnBigStack.
RunResult interpret(const ir::Program& prog, const RunOptions& opts);

} // namespace tiger
