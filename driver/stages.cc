// stages.cc - see stages.hh.
#include "driver/stages.hh"

#include "chap7/interp/interp.hh"
#include "chap7/ir/tree_dot.hh"
#include "chap7/ir/tree_print.hh"
#include "chap8/explain.hh"
#include "grading/effect_log.hh"
#include "grading/input_split.hh"
#include "ptoext/mlir_run.hh"
#include "ptoext/ptoext.hh"
#include "ptoext/sir_dot.hh"
#include "ptoext/sir_interp.hh"
#include "ptoext/sir_print.hh"

#include <fstream>
#include <istream>
#include <memory>
#include <ostream>

namespace tiger::driver {

canon::Options canonOptions(const Options& opts, std::ostream& err) {
  canon::Options o;
  o.bookCommute = opts.bookCommute;
  o.bookTraces = opts.bookTraces;
  o.explain = opts.explainCanon ? &err : nullptr;
  if (o.explain) canon::explain::drawTrees(err, opts.explainDrawn);
  return o;
}

namespace {

// --effects=FILE and --effects-hash: the log the run records, if they ask for one.
struct EffectsOut {
  std::ofstream file;
  std::unique_ptr<grading::EffectLog> log;
};

// Opens --effects's file; false (after a message on err) when it cannot be written.
bool openEffects(const Options& opts, std::ostream& err, EffectsOut& e) {
  if (opts.effectsFile.empty() && !opts.effectsHash) return true;
  if (!opts.effectsFile.empty()) {
    e.file.open(opts.effectsFile, std::ios::binary);
    if (!e.file) {
      err << "tigerc: error: cannot write " << opts.effectsFile << "\n";
      return false;
    }
  }
  using View = grading::EffectLog::View;
  View view = opts.effectsView == "calls"      ? View::Calls
              : opts.effectsView == "builtins" ? View::Builtins
                                               : View::All;
  e.log =
      std::make_unique<grading::EffectLog>(e.file.is_open() ? &e.file : nullptr, view);
  return true;
}

// --inputs=DIR: from here on, one child process an input (grading/input_split.hh); the
// parent prints their records and exits, the child goes on with its input's step limit.
// DIR/K.limits holds "SECONDS BYTES [STEPS]". False (after a message) when DIR has no
// input or a limits file cannot be read.
bool splitByInputs(const Options& opts, const Streams& io, std::uint64_t& maxSteps) {
  std::vector<SplitInput> inputs = inputsOfFolder(opts.inputsDir);
  std::vector<std::uint64_t> steps(inputs.size(), maxSteps);
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    std::string path = opts.inputsDir + "/" + std::to_string(k) + ".limits";
    std::ifstream limits(path);
    if (!limits) continue;
    if (!(limits >> inputs[k].seconds >> inputs[k].bytes) || inputs[k].bytes < 0) {
      io.err << "tigerc: error: " << path << ": expected SECONDS BYTES [STEPS]\n";
      return false;
    }
    limits >> steps[k];
  }
  if (inputs.empty()) {
    io.err << "tigerc: error: --inputs=" << opts.inputsDir << ": no 0.in there\n";
    return false;
  }
  io.out.flush();
  io.err.flush();
  maxSteps = steps[static_cast<std::size_t>(splitForInputs(inputs))];
  return true;
}

} // namespace

namespace {

// What both interpreters run with: io's streams, the command line's limits.
RunOptions runOptions(const Options& opts, const Streams& io) {
  RunOptions ro;
  ro.in = &io.in;
  ro.out = &io.out;
  ro.err = &io.err;
  ro.maxSteps = opts.maxSteps;
  ro.maxDepth = opts.maxDepth;
  return ro;
}

} // namespace

// A run on either interpreter, with what the command line asks around it: --inputs
// splits it (one child an input), --effects and --effects-hash record it, --stats counts
// it. `interpret` runs the program with the options it is given.
template <typename Interpret>
int runWith(const Options& opts, const Streams& io, Interpret interpret) {
  RunOptions ro = runOptions(opts, io);
  if (!opts.inputsDir.empty() && !splitByInputs(opts, io, ro.maxSteps))
    return static_cast<int>(ExitCode::Input);
  EffectsOut effects;
  if (!openEffects(opts, io.err, effects)) return static_cast<int>(ExitCode::Output);
  ro.effects = effects.log.get();
  RunResult r = interpret(ro);
  io.out.flush();
  if (opts.stats) {
    const RunStats& s = r.stats;
    io.err << "stats: steps " << s.steps << ", moves " << s.moves << ", jumps " << s.jumps
           << ", cjumps " << s.cjumps << ", calls " << s.calls << "\n";
  }
  if (opts.effectsHash) io.err << effects.log->summary() << "\n";
  if (effects.file.is_open() && !effects.file.flush()) {
    io.err << "tigerc: error: cannot write " << opts.effectsFile << "\n";
    return static_cast<int>(ExitCode::Output);
  }
  return r.exitCode;
}

int runProgram(const Options& opts, const Streams& io, const ir::Program& prog) {
  return runWith(opts, io, [&](const RunOptions& ro) { return interpret(prog, ro); });
}

int runSir(const Options& opts, const Streams& io, const sir::Module& m) {
  return runWith(opts, io, [&](const RunOptions& ro) { return sir::interpret(m, ro); });
}

void measureIterArgs(std::ostream& err, const sir::Module& m) {
  err << "measure: iter_args " << sir::carryingForLoops(m) << "\n";
}

std::optional<std::string> printBlocks(std::ostream& out, const ir::Program& prog,
                                       canon::Context& cx, bool verify, bool locations) {
  for (const ir::ProcFrag& proc : prog.procs) {
    canon::CanonSteps steps =
        canon::canonProc(cx, proc, canon::Step::Blocks, canon::Checks{.blocks = verify});
    if (steps.problem) return proc.frame->name().str() + ": " + *steps.problem;
    const canon::C_block& blocks = steps.blocks;
    out << "PROC " << proc.frame->name().str() << "  # done label " << blocks.label.str()
        << "\n";
    for (std::size_t i = 0; i < blocks.stmLists.size(); ++i) {
      out << "BLOCK " << i << "\n";
      tree::printStmList(out, blocks.stmLists[i], locations);
    }
    out << "\n";
  }
  return std::nullopt;
}

void drawIrTrees(std::ostream& out, const ir::Program& prog) {
  for (const ir::ProcFrag& proc : prog.procs)
    for (T_stm s : proc.body)
      tree::drawStm(out, s, proc.frame->name().str());
}

namespace {

// The ptoext stage after which an --emit of the structured IR prints or draws it.
std::optional<PtoStage> sirStage(Emit e) {
  switch (e) {
  case Emit::Pto:
  case Emit::PtoDot: return PtoStage::Lowered;
  case Emit::PtoCft:
  case Emit::PtoCftDot: return PtoStage::Cft;
  case Emit::PtoSsa: return PtoStage::Ssa;
  default: return std::nullopt;
  }
}

} // namespace

bool isPtoStage(const Options& opts) {
  return sirStage(opts.emit) || opts.emit == Emit::Mlir || opts.runPto;
}

int ptoBranch(const Options& opts, const Streams& io, const ast::Program& program,
              PassClock& clock) {
  StageDone done = [&](const std::string& stage) { clock.lap(stage.c_str()); };
  auto internal = [&](const std::string& what) {
    io.err << "tigerc: internal error: " << what << "\n";
    return static_cast<int>(ExitCode::Internal);
  };
  std::optional<PtoStage> stage = opts.runPto ? PtoStage::Lowered : sirStage(opts.emit);
  PtoResult r = runPipeline(program, stage.value_or(PtoStage::Mlir), opts.verify, done,
                            mlirOptions(opts));
  if (!r.module) return internal(r.error);
  if (opts.runPto) return runSir(opts, io, *r.module);
  if (opts.measureIterArgs) measureIterArgs(io.err, *r.module);
  if (!stage) return mlirOutput(opts, io, r.mlir, clock);
  if (opts.emit == Emit::PtoDot || opts.emit == Emit::PtoCftDot)
    sir::drawModule(*r.module, io.out);
  else
    sir::printModule(*r.module, io.out);
  return 0;
}

pto::MlirOptions mlirOptions(const Options& opts) {
  pto::MlirOptions o;
  o.hooks = opts.mlirHooks || opts.emit != Emit::Mlir;
  return o;
}

int mlirOutput(const Options& opts, const Streams& io, const std::string& mlir,
               PassClock& clock) {
  if (opts.emit == Emit::Mlir) {
    io.out << mlir;
    return 0;
  }
  io.out.flush();
  pto::MlirRunOptions run;
  run.messages = &io.err;
  run.maxDepth = opts.maxDepth;
  run.maxSteps = opts.maxSteps;
  int status = pto::runMlir(mlir, run);
  clock.lap("run-mlir");
  return status;
}

} // namespace tiger::driver
