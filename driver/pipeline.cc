// pipeline.cc - tigerc's pipeline, stage by stage, stopping at the one asked for.
//
//   read -> [tokens] -> parse -> checkProgram + findEscapes -> [ast]
//        -> ptoext branch: [pto pto-dot pto-cft pto-cft-dot pto-ssa mlir], --run-mlir
//        -> translateProgram -> [ir ir-dot]        (run-at=ir)
//        -> C_linearize -> [linear]                (run-at=linear)
//        -> C_basicBlocks -> [blocks blocks-dot]
//        -> C_traceSchedule -> [traces cfg-dot]    (run-at=traces)
//
// Each [stage] is a stop: the pipeline ends at the first one --emit or --run asks for.
// blocks, blocks-dot and cfg-dot show each procedure's own canon sequence
// (canon::canonProc) from its body as translated or read, so the whole-program
// C_linearize skips them, and they end the pipeline before any run.
//
// With --from=STAGE the file is a dump: readProgram replaces everything up to that
// stage, and the sequence goes on from there. --from=pto-cft and --from=pto-ssa read
// ptoext's structured IR after CtrlFlowTransform or in SSA form (sir::readModule) and go
// on along the ptoext branch:
//
//   read -> check (its stage's invariants) -> [pto-cft | pto-ssa] -> --run on the
//        structured-IR interpreter;  pto-ssa only: -> emitMlir -> [mlir], --run-mlir
//
// where the check runs before anything but printing the dump back (the interpreter and
// the MLIR emitter rely on those invariants), and with --verify before that too.
// runTigerc, at the end, is the command line around it all. --measure prints its count
// once the back end is done.
#include "driver/pipeline.hh"

#include "chap7/front/ast_print.hh"
#include "chap7/front/escape.hh"
#include "chap7/front/parse.hh"
#include "chap7/front/semant.hh"
#include "chap7/ir/tree_print.hh"
#include "chap7/ir/tree_read.hh"
#include "chap7/translate/translate.hh"
#include "chap8/canon.hh"
#include "chap8/cfg_dot.hh"
#include "driver/heap.hh"
#include "driver/pass_clock.hh"
#include "driver/stages.hh"
#include "grading/measure.hh"
#include "grading/profile.hh"
#include "ptoext/mlir_emit.hh"
#include "ptoext/pass_manager.hh"
#include "ptoext/sir_print.hh"
#include "ptoext/sir_read.hh"

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <istream>
#include <new>
#include <ostream>
#include <variant>

namespace tiger::driver {
namespace {

constexpr int code(ExitCode c) {
  return static_cast<int>(c);
}

// Reads the whole file (or `standardInput` for "-") as a stream, so /dev/stdin and pipes
// such as <(cmd) work too; nullopt when it cannot be read (a directory, no such file).
std::optional<std::string> readText(const std::string& file,
                                    std::istream& standardInput) {
  std::error_code ec;
  if (file != "-" && std::filesystem::is_directory(file, ec)) return std::nullopt;
  std::ifstream opened;
  if (file != "-") opened.open(file, std::ios::binary);
  std::istream& in = file == "-" ? standardInput : opened;
  if (!in) return std::nullopt;
  // Read in blocks into a string reserved at the file's size: the text is held until
  // Translate, and a doubling buffer would hold up to twice that (64 MiB for 47 MB).
  std::string text;
  std::uintmax_t size = file == "-" ? 0 : std::filesystem::file_size(file, ec);
  // A pipe or a terminal has no size: read as it comes. A file's size prepares the heap
  // first, so that the text's own pages are among those it reserves.
  if (!ec) {
    prepareHeap(size);
    text.reserve(size);
  }
  char block[1 << 16];
  while (in.read(block, sizeof block) || in.gcount() > 0)
    text.append(block, static_cast<std::size_t>(in.gcount()));
  if (in.bad()) return std::nullopt;
  text.shrink_to_fit(); // what grew by doubling
  return text;
}

// The outputs that show each procedure's canon sequence on its own.
bool showsProcedures(Emit e) {
  return e == Emit::Blocks || e == Emit::BlocksDot || e == Emit::CfgDot;
}

// The program's IR, or the exit status of a pipeline that ended before it.
using IrOrStatus = std::variant<int, std::unique_ptr<ir::Program>>;

// One run of the pipeline: its options, its streams and its clock. The program is
// destroyed before the clock, whose last lap ("free") is that destruction.
class Pipeline {
public:
  Pipeline(const Options& opts, const Streams& io)
      : opts_(opts), io_(io), clock_(opts.timePasses, io.err) {}
  int run();

private:
  IrOrStatus translate();
  IrOrStatus frontEnd();
  IrOrStatus readDump();
  int readSirDump();
  int sirStages(const sir::Module& m);
  std::optional<SourceFile> readSource();
  std::optional<int> chooseDialect(const std::string* dump);
  int backEnd(ir::Program& prog, RunStage from);
  int drawTraces(ir::Program& prog, canon::Context& cx, RunStage from);
  std::optional<RunStage> runStage() const;
  int checked(const std::optional<std::string>& problem);
  using Located = std::vector<std::pair<Loc, std::string>>; // violations at their lines
  int brokenDump(const std::string& problem);
  int brokenDump(const Located& broken, Diagnostics& diag);
  std::string sourceName() const { return opts_.file == "-" ? "<stdin>" : opts_.file; }
  std::string fromName() const {
    if (opts_.fromPto) return opts_.fromPto == Emit::PtoCft ? "pto-cft" : "pto-ssa";
    return std::string(stageName(*opts_.from));
  }

  const Options& opts_;
  Streams io_;
  PassClock clock_;
  tree::Dialect dialect_; // of the dump read and the dumps printed: tigerc's by default
};

// Translate's trees, or the dump --from reads; then the back end from that stage on.
int Pipeline::run() {
  if (opts_.fromPto) return readSirDump();
  if (!opts_.from)
    if (std::optional<int> status = chooseDialect(nullptr)) return *status;
  IrOrStatus ir = opts_.from ? readDump() : translate();
  if (const int* status = std::get_if<int>(&ir)) return *status;
  int status = backEnd(*std::get<1>(ir), opts_.from.value_or(RunStage::Ir));
  clock_.lap("output");
  if (opts_.measureTemps)
    io_.err << "measure: temps " << grading::countTemps(*std::get<1>(ir)) << "\n";
  return status;
}

// frontEnd, then the memory it freed given back: the back end needs only the IR, so
// the peak memory never holds the AST and all of canon's trees at once.
IrOrStatus Pipeline::translate() {
  IrOrStatus ir = frontEnd();
  if (std::holds_alternative<int>(ir)) return ir;
  releaseFreedMemory();
  clock_.lap("translate"); // freeing the AST included
  return ir;
}

// read -> [tokens] -> parse -> check -> [ast] -> ptoext -> translateProgram: the IR
// trees, or the exit status when the pipeline ends before them (an error; tokens, the
// AST or a ptoext stage printed; --run-mlir). The source, the AST and the types die here.
IrOrStatus Pipeline::frontEnd() {
  std::optional<SourceFile> src = readSource();
  if (!src) return code(ExitCode::Input);
  Diagnostics diag(*src, io_.err);
  if (opts_.emit == Emit::Tokens)
    return dumpTokens(*src, diag, io_.out) ? 0 : code(ExitCode::Lexical);
  ParseResult parsed = parse(*src, diag);
  clock_.lap("parse");
  if (!parsed.program)
    return code(parsed.failure == ParseFailure::Lexical ? ExitCode::Lexical
                                                        : ExitCode::Syntax);
  ast::Program& program = *parsed.program;
  types::TypeContext types;
  if (!checkProgram(program, types, diag)) return code(ExitCode::Semantic);
  findEscapes(program);
  clock_.lap("check");
  if (opts_.emit == Emit::Ast) return ast::print(io_.out, program), 0;
  if (isPtoStage(opts_) || opts_.runMlir) return ptoBranch(opts_, io_, program, clock_);
  return translateProgram(std::move(parsed.program)); // frees the AST as it goes
}

// --from: the dump read back, checked against its stage's invariants when --verify asks
// (a student's canon or traces, judged by the reference's checkers).
IrOrStatus Pipeline::readDump() {
  std::optional<SourceFile> src = readSource();
  if (!src) return code(ExitCode::Input);
  if (std::optional<int> status = chooseDialect(&src->text())) return *status;
  Diagnostics diag(*src, io_.err);
  tree::DumpPlaces places;
  std::unique_ptr<ir::Program> prog = tree::readProgram(*src, diag, &places, dialect_);
  if (!prog) return code(ExitCode::Syntax);
  clock_.lap("read");
  if (!opts_.verify || opts_.from == RunStage::Ir) // IR trees have no invariant to break
    return prog;
  Located broken;
  for (const canon::Violation& v :
       canon::checkProgram(*prog, opts_.from == RunStage::Traces)) {
    const tree::ProcPlaces& at = places.at(prog->procs[v.proc].frame->name());
    broken.emplace_back(v.stm < at.stms.size() ? at.stms[v.stm] : at.name, v.rule);
  }
  if (!broken.empty()) return brokenDump(broken, diag);
  return prog;
}

// --from=pto-cft|pto-ssa: the structured IR read back, checked against its stage's
// invariants (see the top), then its stages.
int Pipeline::readSirDump() {
  std::optional<SourceFile> src = readSource();
  if (!src) return code(ExitCode::Input);
  Diagnostics diag(*src, io_.err);
  sir::DumpPlaces places;
  std::unique_ptr<sir::Module> m = sir::readModule(*src, diag, &places);
  if (!m) return code(ExitCode::Syntax);
  clock_.lap("read");
  if (opts_.verify || opts_.emit != *opts_.fromPto) {
    Located broken;
    bool ssa = opts_.fromPto == Emit::PtoSsa;
    for (const pto::FunctionViolation& v :
         ssa ? pto::ssaStageViolations(*m) : pto::cftStageViolations(*m))
      broken.emplace_back(places.at(v.function, v.stmt),
                          "in " + m->functions[v.function].name + ": " + v.rule);
    if (!broken.empty()) return brokenDump(broken, diag);
    clock_.lap("verify");
  }
  int status = sirStages(*m);
  clock_.lap("output");
  if (opts_.measureIterArgs) measureIterArgs(io_.err, *m);
  return status;
}

// [pto-cft | pto-ssa] -> --run (structured-IR interpreter) -> emitMlir -> [mlir],
// --run-mlir
int Pipeline::sirStages(const sir::Module& m) {
  if (opts_.emit == *opts_.fromPto) return sir::printModule(m, io_.out), 0;
  if (opts_.run) return runSir(opts_, io_, m);
  if (opts_.emit != Emit::Mlir && !opts_.runMlir) return 0;
  std::string mlir;
  try {
    mlir = pto::emitMlir(m, mlirOptions(opts_));
  } catch (const pto::PtoError& e) { // a rule the checkers do not know: still the dump's
    return brokenDump(std::string(e.what()) + "\n");
  }
  clock_.lap("emit-mlir");
  return mlirOutput(opts_, io_, mlir, clock_);
}

// The source file, read whole; nullopt, reported, when it cannot be read.
std::optional<SourceFile> Pipeline::readSource() {
  auto text = readText(opts_.file, io_.in);
  if (!text) {
    io_.err << "tigerc: cannot read '" << opts_.file << "'\n";
    return std::nullopt;
  }
  clock_.lap("read");
  return SourceFile(sourceName(), std::move(*text));
}

// dialect_ from --profile and --dialect (docs/judge.md): a profile's own "dialect", else
// --dialect's, else the words of the `dump` read; nullopt, or the exit status of a
// profile that cannot be read (74) or is wrong (64), or of tigerc's 8-byte IR printed
// with another word size (64).
std::optional<int> Pipeline::chooseDialect(const std::string* dump) {
  if (opts_.profile.empty()) {
    dialect_ = grading::builtinProfile(opts_.dialect.empty() ? "tigerc" : opts_.dialect)
                   .value_or(tree::Dialect{});
  } else {
    std::optional<std::string> text = readText(opts_.profile, io_.in);
    if (!text) {
      io_.err << "tigerc: cannot read the profile '" << opts_.profile << "'\n";
      return static_cast<int>(ExitCode::Input);
    }
    std::string error;
    std::optional<tree::Dialect> d = grading::readProfile(opts_.profile, *text, error);
    if (!d) return io_.err << error << "\n", static_cast<int>(ExitCode::Usage);
    dialect_ = *d;
    if (!opts_.dialect.empty()) grading::setSpelling(dialect_, opts_.dialect);
    if (dialect_.name.empty())
      grading::setSpelling(dialect_, dump ? grading::detectDialect(*dump) : "appel-c");
  }
  if (!dump && dialect_.fp.empty()) {
    io_.err << "tigerc: error: the profile names no frame pointer (\"fp\": \"\"); "
               "tigerc's IR has one (print it in a profile that names it)\n";
    return static_cast<int>(ExitCode::Usage);
  }
  if (!dump && dialect_.wordSize != frame::kWordSize) {
    io_.err << "tigerc: error: the profile's words are " << dialect_.wordSize
            << " bytes; tigerc's IR has words of " << frame::kWordSize
            << " (print it in a profile of word_size 8)\n";
    return static_cast<int>(ExitCode::Usage);
  }
  return std::nullopt;
}

// The stages from `from` on (Translate's trees, or a dump), each stop where the diagram
// at the top has it.
int Pipeline::backEnd(ir::Program& prog, RunStage from) {
  const Emit emit = opts_.emit;
  const std::optional<RunStage> runAt = runStage();
  // translateProgram -> [ir ir-dot] (run-at=ir)
  if (emit == Emit::Ir)
    return tree::printProgram(io_.out, prog, opts_.locations, &dialect_), 0;
  if (emit == Emit::IrDot) return drawIrTrees(io_.out, prog), 0;
  if (runAt == RunStage::Ir) return runProgram(opts_, io_, prog);
  // C_linearize -> [linear] (run-at=linear)
  canon::Context cx{prog.arena, prog.temps, canonOptions(opts_, io_.err), {}};
  if (from == RunStage::Ir && !showsProcedures(emit)) {
    if (auto err = canon::linearizeProgram(prog, cx, opts_.verify)) return checked(err);
    clock_.lap("linearize");
  }
  if (emit == Emit::Linear)
    return tree::printProgram(io_.out, prog, opts_.locations, &dialect_), 0;
  if (runAt == RunStage::Linear) return runProgram(opts_, io_, prog);
  // C_basicBlocks -> [blocks blocks-dot]
  if (emit == Emit::Blocks)
    return checked(printBlocks(io_.out, prog, cx, opts_.verify, opts_.locations));
  if (emit == Emit::BlocksDot)
    return checked(canon::emitCfgDot(io_.out, prog, cx, false));
  // C_traceSchedule -> [traces cfg-dot] (run-at=traces)
  if (emit == Emit::CfgDot) return drawTraces(prog, cx, from);
  if (from != RunStage::Traces) {
    if (auto err = canon::traceProgram(prog, cx, opts_.verify)) return checked(err);
    clock_.lap("traces");
  }
  if (emit == Emit::Traces)
    return tree::printProgram(io_.out, prog, opts_.locations, &dialect_), 0;
  if (runAt) return runProgram(opts_, io_, prog);
  return 0;
}

// [cfg-dot]: each procedure's blocks grouped by trace; a traces dump in its own order.
int Pipeline::drawTraces(ir::Program& prog, canon::Context& cx, RunStage from) {
  if (from != RunStage::Traces)
    return checked(canon::emitCfgDot(io_.out, prog, cx, true));
  auto err = canon::emitScheduledDot(io_.out, prog);
  return err ? brokenDump(*err) : 0;
}

// The stage --run runs at, if it runs: an --emit that shows procedures stops first.
std::optional<RunStage> Pipeline::runStage() const {
  if (!opts_.run || showsProcedures(opts_.emit)) return std::nullopt;
  return opts_.runAt;
}

// 0, or the internal error of a checker that rejected what a pass produced.
int Pipeline::checked(const std::optional<std::string>& problem) {
  if (!problem) return 0;
  io_.err << "tigerc: internal error: " << *problem << "\n";
  return code(ExitCode::Internal);
}

// A dump read by --from that breaks its stage's invariants: each violation at the line
// of its statement (of its PROC's name, or its function's def, when the rule is about
// the whole body), as `file:line:col: error: --from=STAGE: in PROC f: <checker>: <rule>`
// (`in f: <property>: <rule>` for pto-ssa) and that line.
int Pipeline::brokenDump(const Located& broken, Diagnostics& diag) {
  for (const auto& [at, rule] : broken)
    diag.error(at, "--from=" + fromName() + ": " + rule);
  return code(ExitCode::BadIr);
}

// A dump read by --from that breaks its stage's invariants where no line says it.
int Pipeline::brokenDump(const std::string& problem) {
  io_.err << sourceName() << ": error: --from=" << fromName() << ": " << problem;
  return code(ExitCode::BadIr);
}

} // namespace

int runPipeline(const Options& opts, const Streams& io) {
  return Pipeline(opts, io).run();
}

int runTigerc(const std::vector<std::string>& args, std::istream& in, std::ostream& out,
              std::ostream& err) {
  Options opts;
  if (auto problem = parseOptions(args, opts)) {
    err << "tigerc: " << *problem << "\n" << kUsage;
    return code(ExitCode::Usage);
  }
  if (opts.help) return out << kUsage, 0;
  int status = 0;
  try {
    status = runPipeline(opts, Streams{in, out, err});
  } catch (const std::bad_alloc&) { // what the pipeline made is freed on the way here
    err << "tigerc: error: out of memory (the program needs more than the memory limit "
           "allows)\n";
    return code(ExitCode::OutOfMemory);
  }
  if (out.flush() || status != 0) return status;
  err << "tigerc: error: cannot write the output\n";
  return code(ExitCode::Output);
}

} // namespace tiger::driver
