// stages.hh - the driver's helpers for single stages: running, printing blocks,
// drawing trees, and the ptoext branch. The order of stages is in pipeline.cc.
#pragma once

#include "chap7/front/ast.hh"
#include "chap7/ir/fragments.hh"
#include "chap8/canon.hh"
#include "driver/options.hh"
#include "driver/pass_clock.hh"
#include "ptoext/mlir_emit.hh"
#include "ptoext/sir.hh"

#include <iosfwd>
#include <optional>
#include <string>

namespace tiger::driver {

// The canon variants opts ask for; --explain=canon logs on `err`.
canon::Options canonOptions(const Options& opts, std::ostream& err);

// Runs the program on the interpreter at whatever stage `prog` is in, on io's streams;
// returns the exit status (the program's own, or a runtime/limit code).
int runProgram(const Options& opts, const Streams& io, const ir::Program& prog);

// --emit=blocks: every function's basic blocks (canonProc up to C_basicBlocks, checked
// with `verify`), one "BLOCK n" header each; `# L:C` lines with `locations`.
std::optional<std::string> printBlocks(std::ostream& out, const ir::Program& prog,
                                       canon::Context& cx, bool verify, bool locations);

// --emit=ir-dot: one digraph per PROC body tree.
void drawIrTrees(std::ostream& out, const ir::Program& prog);

// --run of a dump of ptoext's structured IR (--from=pto-cft|pto-ssa): on its
// interpreter (ptoext/sir_interp.hh), with the tree interpreter's --inputs, --effects,
// --effects-hash, --stats and limits; returns the exit status.
int runSir(const Options& opts, const Streams& io, const sir::Module& m);

// --measure=iter-args: "measure: iter_args N" on err, the for loops of the SSA form
// that carry values (sir::carryingForLoops): the ptoext lab's bonus number, counted on
// the reference's own reading of a dump.
void measureIterArgs(std::ostream& err, const sir::Module& m);

// What the MLIR carries: a run's hooks when it is run (--run-mlir) or --mlir-hooks asks,
// else the clean SCF (--emit=mlir).
pto::MlirOptions mlirOptions(const Options& opts);

// The MLIR text of a program: printed (--emit=mlir) or run (--run-mlir, a lap of
// `clock`); returns the exit status.
int mlirOutput(const Options& opts, const Streams& io, const std::string& mlir,
               PassClock& clock);

// Is the stage asked for (or --run-at=pto's run) one of ptoext's?
bool isPtoStage(const Options& opts);
// The ptoext stages: print pto/pto-cft/pto-ssa/mlir, draw pto-dot/pto-cft-dot, run the
// lowered structured IR (--run-at=pto), or run through MLIR.
// Each ptoext stage is a lap of `clock` (--time-passes).
int ptoBranch(const Options& opts, const Streams& io, const ast::Program& program,
              PassClock& clock);

} // namespace tiger::driver
