// pipeline.cc - tigerc's pipeline, stage by stage, stopping at the one asked for.
//
//   read -> [tokens] -> parse -> checkProgram + findEscapes -> [ast]
//        -> ptoext branch: [pto pto-cft pto-ssa mlir], --run-mlir
//        -> translateProgram -> [ir ir-dot]        (run-at=ir)
//        -> C_linearize -> [linear]                (run-at=linear)
//        -> C_basicBlocks -> [blocks blocks-dot]
//        -> C_traceSchedule -> [traces cfg-dot]    (run-at=traces)
//
// With --from=STAGE the file is a dump: readProgram replaces everything up to that
// stage, and the pipeline goes on from there.
#include "driver/pipeline.hh"

#include "chap7/ast_print.hh"
#include "chap7/escape.hh"
#include "chap7/interp.hh"
#include "chap7/parse.hh"
#include "chap7/semant.hh"
#include "chap7/translate.hh"
#include "chap7/tree_dot.hh"
#include "chap7/tree_print.hh"
#include "chap7/tree_read.hh"
#include "chap8/canon.hh"
#include "chap8/cfg_dot.hh"
#include "driver/pass_clock.hh"
#include "driver/stages.hh"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <variant>

#ifdef TIGER_MIMALLOC
#include <mimalloc.h>
#endif

namespace tiger::driver {
namespace {

constexpr int code(ExitCode c) { return static_cast<int>(c); }

// Reads the whole file (or stdin for "-") as a stream, so /dev/stdin and pipes such as
// <(cmd) work too; nullopt when it cannot be read (a directory, no such file).
std::optional<std::string> readSource(const std::string& file) {
  std::error_code ec;
  if (file != "-" && std::filesystem::is_directory(file, ec)) return std::nullopt;
  std::ifstream opened;
  if (file != "-") opened.open(file, std::ios::binary);
  std::istream& in = file == "-" ? std::cin : opened;
  if (!in) return std::nullopt;
  std::ostringstream text;
  if (in.peek() != std::char_traits<char>::eof() && !(text << in.rdbuf())) return std::nullopt;
  if (in.bad()) return std::nullopt;
  return std::move(text).str();
}

// Gives the memory the front end freed back to the system at once. mimalloc (when
// tigerc is linked with it, driver/CMakeLists.txt) would otherwise keep those pages a
// while, and canon's trees would be counted on top of them in the peak.
void releaseFreedMemory() {
#ifdef TIGER_MIMALLOC
  mi_collect(true);
#endif
}

// An internal failure: a checker rejected what a pass produced.
int internalError(const std::string& what) {
  std::cerr << "tigerc: internal error: " << what << "\n";
  return code(ExitCode::Internal);
}

// The chapter 8 stages on a program at stage `from` (Translate's trees unless it was
// read by --from); prints or runs what opts ask for.
int canonAndEmit(const Options& opts, ir::Program& prog, PassClock& clock, RunStage from) {
  canon::Context cx{prog.arena, prog.temps, canonOptions(opts), {}};
  if (opts.emit == Emit::Ir) return tree::printProgram(std::cout, prog), 0;
  if (opts.emit == Emit::IrDot) return drawIrTrees(std::cout, prog), 0;
  if (opts.emit == Emit::CfgDot || opts.emit == Emit::BlocksDot) {
    auto err = canon::emitCfgDot(std::cout, prog, cx, opts.emit == Emit::CfgDot);
    return err ? internalError(*err) : 0;
  }
  if (opts.emit == Emit::Blocks) {
    auto err = printBlocks(std::cout, prog, cx, opts.verify);
    return err ? internalError(*err) : 0;
  }
  if (opts.run && opts.runAt == RunStage::Ir) return runProgram(opts, prog);
  if (from == RunStage::Ir) {
    if (auto err = canon::linearizeProgram(prog, cx, opts.verify)) return internalError(*err);
    clock.lap("linearize");
  }
  if (opts.emit == Emit::Linear) return tree::printProgram(std::cout, prog), 0;
  if (opts.run && opts.runAt == RunStage::Linear) return runProgram(opts, prog);
  if (from != RunStage::Traces) {
    if (auto err = canon::traceProgram(prog, cx, opts.verify)) return internalError(*err);
    clock.lap("traces");
  }
  if (opts.emit == Emit::Traces) return tree::printProgram(std::cout, prog), 0;
  if (opts.run) return runProgram(opts, prog);
  return 0;
}

// canonAndEmit, its printing or running timed as the lap "output".
int backEnd(const Options& opts, ir::Program& prog, PassClock& clock,
            RunStage from = RunStage::Ir) {
  int status = canonAndEmit(opts, prog, clock, from);
  clock.lap("output");
  return status;
}

// --from: the dump in `src`, read back, checked against its stage's invariants when
// --verify asks (a student's canon or traces, judged by the reference's checkers),
// then the back end from that stage on.
int fromDump(const Options& opts, const SourceFile& src, Diagnostics& diag, PassClock& clock) {
  std::unique_ptr<ir::Program> prog = tree::readProgram(src, diag);
  if (!prog) return code(ExitCode::Syntax);
  clock.lap("read");
  auto broken = [&](const std::string& err) {
    std::cerr << src.name() << ": error: --from=" << stageName(*opts.from) << ": " << err;
    return code(ExitCode::BadIr);
  };
  if (opts.verify && opts.from != RunStage::Ir) // IR trees have no invariant to break
    if (auto err = canon::checkProgram(*prog, opts.from == RunStage::Traces)) return broken(*err);
  if (opts.emit == Emit::CfgDot && opts.from == RunStage::Traces) {
    auto err = canon::emitScheduledDot(std::cout, *prog); // the dump's own order
    return err ? broken(*err) : 0;
  }
  return backEnd(opts, *prog, clock, *opts.from);
}

// read -> parse -> check -> translate: the program's IR trees, or the exit status when
// the pipeline ends before them (an error, tokens/ast/ptoext printed, a --from dump
// handled). The source, the AST and the types die when this returns: the back end needs
// only the IR, so the peak memory never holds the AST and all of canon's trees at once.
std::variant<int, std::unique_ptr<ir::Program>> frontEnd(const Options& opts, PassClock& clock) {
  auto text = readSource(opts.file);
  if (!text) {
    std::cerr << "tigerc: cannot read '" << opts.file << "'\n";
    return code(ExitCode::Input);
  }
  clock.lap("read");
  SourceFile src(opts.file == "-" ? "<stdin>" : opts.file, std::move(*text));
  Diagnostics diag(src, std::cerr);
  if (opts.from) return fromDump(opts, src, diag, clock);
  if (opts.emit == Emit::Tokens)
    return dumpTokens(src, diag, std::cout) ? 0 : code(ExitCode::Lexical);

  ParseResult parsed = parse(src, diag);
  clock.lap("parse");
  if (!parsed.program)
    return code(parsed.failure == ParseFailure::Lexical ? ExitCode::Lexical : ExitCode::Syntax);
  ast::Program& program = *parsed.program;
  types::TypeContext types;
  if (!checkProgram(program, types, diag)) return code(ExitCode::Semantic);
  findEscapes(program);
  clock.lap("check");
  if (opts.emit == Emit::Ast) return ast::print(std::cout, program), 0;

  if (isPtoStage(opts) || opts.runMlir) return ptoBranch(opts, program, clock);
  return translateProgram(program);
}

} // namespace

int runPipeline(const Options& opts) {
  PassClock clock(opts.timePasses);
  auto front = frontEnd(opts, clock);
  if (const int* status = std::get_if<int>(&front)) return *status;
  releaseFreedMemory();
  clock.lap("translate"); // freeing the AST included
  return backEnd(opts, *std::get<std::unique_ptr<ir::Program>>(front), clock);
}

} // namespace tiger::driver
