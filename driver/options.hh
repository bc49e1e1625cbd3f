// options.hh - tigerc's command line (the contract graders and tests call).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tiger::driver {

// What to print. Each stage pulls in the ones before it.
enum class Emit {
  None,
  Tokens,
  Ast,
  Ir,
  IrDot,
  Linear,
  Blocks,
  Traces,
  CfgDot,
  BlocksDot,
  Pto,
  PtoDot,
  PtoCft,
  PtoCftDot,
  PtoSsa,
  Mlir
};

// Which IR the interpreter runs.
enum class RunStage { Ir, Linear, Traces };

struct Options {
  std::string file; // "-" reads standard input
  Emit emit = Emit::None;
  bool run = false;
  RunStage runAt = RunStage::Traces; // with --from and no --run-at: the stage read
  std::optional<RunStage> from;      // --from: read a dump printed at this stage
  // --from=pto-cft|pto-ssa (Emit::PtoCft, PtoSsa): a dump of ptoext's structured IR
  std::optional<Emit> fromPto;
  // --run-at=pto: ptoext's structured IR as lowered from the AST, on its interpreter (a
  // run that needs no code of Translate or canon: the translate handout's oracle)
  bool runPto = false;
  bool runMlir = false;
  // --mlir-hooks: --emit=mlir prints the MLIR --run-mlir runs, with the runtime's hooks
  // (tig_enter, tig_leave, tig_arg, tig_step); without it the clean SCF
  bool mlirHooks = false;
  bool stats = false;       // print execution counts to stderr after --run
  std::string effectsFile;  // --effects=FILE: write the run's effects there
  bool effectsHash = false; // --effects-hash: their count and hash on stderr
  // --effects-view=calls: only what the language fixes; builtins: only the builtins'
  // calls and the exit, what any compiler's IR of the program shares
  std::string effectsView = "all";
  bool measureTemps = false; // --measure=temps: the temps the IR names, on stderr
  // --measure=iter-args: the for loops of the SSA form that carry values, on stderr
  bool measureIterArgs = false;
  bool timePasses = false;   // print each stage's time and peak memory to stderr
  bool verify = false;       // run the checkers after every pass
  bool locations = false;    // ir/linear/blocks/traces dumps: `# L:C` per statement
  bool explainCanon = false; // log every canon rewrite to stderr
  bool explainDrawn = false; // --explain=canon-dot: its trees as Graphviz digraphs
  bool bookCommute = false;  // the book's commute() instead of the sharper one
  bool bookTraces = false;   // Algorithm 8.3 as written instead of the loop layout
  std::uint64_t maxSteps = 100'000'000;
  int maxDepth = 10'000;
  std::string inputsDir; // --inputs=DIR: the run once per input DIR/K.in, in a child each
  // --dialect=D, --profile=FILE: another course's Tree IR dumps (docs/judge.md)
  std::string dialect;
  std::string profile;
  bool help = false;
};

// Where one run of tigerc reads and writes: `in` is the source when the file is "-" and
// what a run program reads; `out` gets every dump and a run's output; `err` every message.
struct Streams {
  std::istream& in;
  std::ostream& out;
  std::ostream& err;
};

extern const char* const kUsage;

// "ir", "linear" or "traces", as --run-at and --from spell it.
std::string_view stageName(RunStage s);

// Fills `opts` from the arguments (argv without the program's name); returns an error
// message for a bad command line.
std::optional<std::string> parseOptions(const std::vector<std::string>& args,
                                        Options& opts);

} // namespace tiger::driver
