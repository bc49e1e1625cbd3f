// options.cc - parses tigerc's command line; see options.hh and README.md.
#include "driver/options.hh"

#include "grading/profile.hh"

#include <algorithm>
#include <charconv>
#include <string_view>
#include <utility>

namespace tiger::driver {

const char* const kUsage =
    R"(usage: tigerc [options] FILE.tig      (FILE "-" reads standard input)

  --emit=STAGE      print a stage and stop:
                      tokens ast ir ir-dot linear blocks traces cfg-dot blocks-dot
                      pto pto-dot pto-cft pto-cft-dot pto-ssa mlir
  --run             run the program on the tree-IR interpreter (at traces by default)
  --run-at=STAGE    run at ir, linear or traces; pto: ptoext's structured IR as
                      lowered from the AST, on its interpreter (no Translate needed)
  --dialect=D       with --from=ir|linear|traces, FILE is another course's dump (D:
                      appel-c, appel-ml, appel-java, tiger-cpp; tigerc by default);
                      with --emit=ir|linear|traces, print in D's words (docs/judge.md)
  --profile=FILE    the course profile of such a dump: names of fp, rv, main and the
                      runtime, word size (docs/judge.md); the dialect from its
                      "dialect", else --dialect, else the dump's words
  --from=STAGE      FILE is a dump printed by --emit=ir, linear, traces, pto-cft or
                      pto-ssa, not Tiger: read it back and go on from that stage (runs
                      there by default; pto-cft and pto-ssa on ptoext's structured-IR
                      interpreter)
  --run-mlir        run the ptoext MLIR through mlir-opt-19 and mlir-cpu-runner-19
                      (the MLIR of --mlir-hooks: the limits and effects need them)
  --mlir-hooks      with --emit=mlir: print the MLIR a run needs, each function's
                      calls of tig_arg, tig_enter and tig_leave and each loop
                      iteration's tig_step (the step and depth limits, the effects
                      and the inputs' split of libtigerrt); without it, clean SCF
  --stats           after a run, print what was executed on stderr
  --effects=FILE    with a run: write its effects to FILE, one a line (call f_0(3, 5),
                      ret 8, store 0x... 7, exit 0)
  --effects-hash    with a run: print "effects: N, hash H" (their count, a hash) on stderr
  --effects-view=all|calls|builtins   calls: only the calls of Tiger functions and
                      builtins, addresses as _, and the exit (what any translation
                      must keep); builtins: only the builtins' calls and the exit
  --measure=temps   at the end, print "measure: temps N" on stderr: the distinct
                      temps (not fp, rv) the program's IR trees name, as read
  --measure=iter-args   with --emit=pto-ssa or mlir, or --from=pto-ssa: print
                      "measure: iter_args N" on stderr, the for loops of the SSA form
                      that carry values (scf.for with iter_args in its MLIR)
  --verify          check every stage's invariants after each pass
  --locations       with --emit=ir, linear, blocks or traces: a line "# LINE:COL"
                      (the Tiger source position) before each statement that has
                      one; --from reads it back
  --time-passes     print each stage's time and the peak memory after it (stderr)
  --explain=canon   log each canon rewrite (rule, tree before and after) on stderr
  --explain=canon-dot   the same, each tree drawn as a Graphviz digraph
  --book            the book's commute() and trace layout (same as the two below)
  --commute=book|sharp   --layout=book|loops
  --max-steps=N     stop a run after N statements (default 100000000; 0 = no limit)
  --max-depth=N     stop a run at call depth N (default 10000; 0 = no limit)
  --inputs=DIR      run once per input DIR/0.in, DIR/1.in, ..., each in a process of
                      its own, limited by DIR/K.limits ("SECONDS BYTES [STEPS]"; else
                      10 s, 1 MiB, --max-steps); stdout: a record per input,
                      "tigerrt input K: exit N|signal N|timeout OUT ERR", then the
                      OUT bytes of its stdout and ERR of its stderr
  -h, --help        this text

exit status: 0 ok, 64 usage, 65 lexical error, 66 syntax error (also in a dump),
67 semantic error, 68 a dump read by --from breaks its stage's invariants (--verify),
70 runtime error, 71 step or depth limit, 74 unreadable input, 75 external tool failed,
77 internal error; a program's own exit(n) gives n.
)";

namespace {

const std::pair<std::string_view, Emit> kEmits[] = {{"tokens", Emit::Tokens},
                                                    {"ast", Emit::Ast},
                                                    {"ir", Emit::Ir},
                                                    {"ir-dot", Emit::IrDot},
                                                    {"linear", Emit::Linear},
                                                    {"blocks", Emit::Blocks},
                                                    {"traces", Emit::Traces},
                                                    {"cfg-dot", Emit::CfgDot},
                                                    {"blocks-dot", Emit::BlocksDot},
                                                    {"pto", Emit::Pto},
                                                    {"pto-dot", Emit::PtoDot},
                                                    {"pto-cft", Emit::PtoCft},
                                                    {"pto-cft-dot", Emit::PtoCftDot},
                                                    {"pto-ssa", Emit::PtoSsa},
                                                    {"mlir", Emit::Mlir}};

const std::pair<std::string_view, RunStage> kRunStages[] = {
    {"ir", RunStage::Ir}, {"linear", RunStage::Linear}, {"traces", RunStage::Traces}};

template <class T, std::size_t N>
std::optional<T> lookup(const std::pair<std::string_view, T> (&table)[N],
                        std::string_view k) {
  for (const auto& [name, value] : table)
    if (name == k) return value;
  return std::nullopt;
}

template <class N> bool parseNumber(std::string_view text, N& out) {
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size() && out >= 0;
}

// Handles one "--name=value" or "--flag" argument; returns an error message.
std::optional<std::string> parseOne(std::string_view arg, Options& o, bool& runAtGiven) {
  auto eq = arg.find('=');
  std::string_view name = arg.substr(0, eq);
  std::string_view value = eq == std::string_view::npos ? "" : arg.substr(eq + 1);
  auto bad = [&] {
    return "bad value '" + std::string(value) + "' for " + std::string(name);
  };
  if (name == "--emit") {
    auto e = lookup(kEmits, value);
    if (!e) return bad();
    o.emit = *e;
  } else if (name == "--run-at" && value == "pto") {
    o.run = o.runPto = runAtGiven = true;
  } else if (name == "--run-at") {
    auto s = lookup(kRunStages, value);
    if (!s) return bad();
    o.run = true;
    o.runAt = *s;
    runAtGiven = true;
  } else if (name == "--from") {
    auto s = lookup(kRunStages, value);
    if (s)
      o.from = s;
    else if (value == "pto-cft" || value == "pto-ssa")
      o.fromPto = value == "pto-cft" ? Emit::PtoCft : Emit::PtoSsa;
    else
      return bad();
  } else if (name == "--dialect") {
    const auto& names = grading::dialectNames();
    if (std::find(names.begin(), names.end(), value) == names.end()) return bad();
    o.dialect = value;
  } else if (name == "--profile") {
    if (value.empty()) return bad();
    o.profile = value;
  } else if (name == "--explain") {
    if (value != "canon" && value != "canon-dot") return bad();
    o.explainCanon = true;
    o.explainDrawn = value == "canon-dot";
  } else if (name == "--commute") {
    if (value != "book" && value != "sharp") return bad();
    o.bookCommute = value == "book";
  } else if (name == "--layout") {
    if (value != "book" && value != "loops") return bad();
    o.bookTraces = value == "book";
  } else if (name == "--effects") {
    if (value.empty()) return bad();
    o.effectsFile = value;
  } else if (name == "--effects-view") {
    if (value != "all" && value != "calls" && value != "builtins") return bad();
    o.effectsView = value;
  } else if (name == "--measure") {
    if (value != "temps" && value != "iter-args") return bad();
    (value == "temps" ? o.measureTemps : o.measureIterArgs) = true;
  } else if (name == "--max-steps") {
    if (!parseNumber(value, o.maxSteps)) return bad();
  } else if (name == "--max-depth") {
    if (!parseNumber(value, o.maxDepth)) return bad();
  } else if (name == "--inputs") {
    if (value.empty()) return bad();
    o.inputsDir = value;
  } else if (arg == "--run")
    o.run = true;
  else if (arg == "--run-mlir")
    o.runMlir = true;
  else if (arg == "--mlir-hooks")
    o.mlirHooks = true;
  else if (arg == "--stats")
    o.stats = true;
  else if (arg == "--effects-hash")
    o.effectsHash = true;
  else if (arg == "--time-passes")
    o.timePasses = true;
  else if (arg == "--verify")
    o.verify = true;
  else if (arg == "--locations")
    o.locations = true;
  else if (arg == "--book")
    o.bookCommute = o.bookTraces = true;
  else if (arg == "-h" || arg == "--help")
    o.help = true;
  else
    return "unknown option '" + std::string(arg) + "'";
  return std::nullopt;
}

} // namespace

std::string_view stageName(RunStage s) {
  for (const auto& [name, stage] : kRunStages)
    if (stage == s) return name;
  return "?";
}

namespace {

// How far down the pipeline an --emit stage or a --from/--run-at stage is: a dump read
// by --from can be printed, drawn and run at its own stage and the later ones only.
int rank(Emit e) {
  switch (e) {
  case Emit::Ir:
  case Emit::IrDot: return 0;
  case Emit::Linear: return 1;
  case Emit::Blocks:
  case Emit::BlocksDot: return 2;
  case Emit::Traces:
  case Emit::CfgDot:
  case Emit::None: return 3;
  // tokens, ast and the ptoext stages need Tiger source
  case Emit::Tokens:
  case Emit::Ast:
  case Emit::Pto:
  case Emit::PtoDot:
  case Emit::PtoCft:
  case Emit::PtoCftDot:
  case Emit::PtoSsa:
  case Emit::Mlir: return -1;
  }
  return -1;
}
int rank(RunStage s) {
  return s == RunStage::Ir ? 0 : s == RunStage::Linear ? 1 : 3;
}

std::optional<std::string> checkFrom(Options& o, bool runAtGiven) {
  std::string from(stageName(*o.from));
  if (!runAtGiven) o.runAt = *o.from;
  if (rank(o.emit) < 0 || o.runMlir)
    return "--from=" + from + " reads IR; this output needs Tiger source";
  if (rank(o.emit) < rank(*o.from))
    return "--from=" + from + ": cannot print a stage before the one read";
  if (o.run && rank(o.runAt) < rank(*o.from))
    return "--from=" + from + ": cannot run at a stage before the one read";
  return std::nullopt;
}

// --from=pto-cft and --from=pto-ssa go on along ptoext's branch: print the stage read
// back, run it on the structured-IR interpreter (its effects, inputs and counts as the
// tree interpreter's), and from pto-ssa on to [mlir] and --run-mlir.
std::optional<std::string> checkFromPto(const Options& o, bool runAtGiven) {
  std::string from = *o.fromPto == Emit::PtoCft ? "pto-cft" : "pto-ssa";
  bool ssa = *o.fromPto == Emit::PtoSsa;
  if (o.emit != Emit::None && o.emit != *o.fromPto && !(ssa && o.emit == Emit::Mlir))
    return "--from=" + from + " reads ptoext's structured IR: it prints " +
           (ssa ? "pto-ssa or mlir" : "pto-cft");
  if (runAtGiven)
    return "--from=" + from + " runs the structured IR it reads: no --run-at";
  if (o.runMlir && !ssa) return "--from=pto-cft: --run-mlir needs the SSA form";
  if (o.measureTemps) return "--from=" + from + ": --measure=temps counts IR trees";
  return std::nullopt;
}

} // namespace

std::optional<std::string> parseOptions(const std::vector<std::string>& args,
                                        Options& o) {
  bool runAtGiven = false;
  for (std::string_view arg : args) {
    if (arg.size() > 1 && arg[0] == '-' && arg != "-") {
      if (auto err = parseOne(arg, o, runAtGiven)) return err;
    } else if (o.file.empty()) {
      o.file = arg;
    } else {
      return "more than one input file";
    }
  }
  if (o.file.empty() && !o.help) return "no input file";
  if (o.locations && o.emit != Emit::Ir && o.emit != Emit::Linear &&
      o.emit != Emit::Blocks && o.emit != Emit::Traces)
    return "--locations prints positions in --emit=ir, linear, blocks or traces only";
  if (o.from) {
    if (auto err = checkFrom(o, runAtGiven)) return err;
  }
  if (o.fromPto) {
    if (auto err = checkFromPto(o, runAtGiven)) return err;
  }
  if (o.runPto && (o.from || o.fromPto || o.emit != Emit::None || o.runMlir ||
                   o.measureTemps || o.measureIterArgs))
    return "--run-at=pto runs Tiger source on ptoext's interpreter: no --from, --emit, "
           "--run-mlir or --measure";
  if (o.measureIterArgs && o.fromPto != Emit::PtoSsa && o.emit != Emit::PtoSsa &&
      o.emit != Emit::Mlir)
    return "--measure=iter-args counts ptoext's SSA form: add --emit=pto-ssa or "
           "--emit=mlir, or read one with --from=pto-ssa";
  if (o.mlirHooks && o.emit != Emit::Mlir)
    return "--mlir-hooks prints the MLIR a run needs: add --emit=mlir (--run-mlir "
           "always runs it)";
  bool treeDump = o.emit == Emit::Ir || o.emit == Emit::Linear || o.emit == Emit::Traces;
  if ((!o.dialect.empty() || !o.profile.empty()) && !o.from && !treeDump)
    return "--dialect and --profile read or print Tree IR dumps: add --from=ir|linear|"
           "traces or --emit=ir|linear|traces";
  if ((!o.effectsFile.empty() || o.effectsHash) && !o.run)
    return "--effects and --effects-hash record a run: add --run or --run-at";
  if (!o.inputsDir.empty() && (!o.run || !o.effectsFile.empty() || o.file == "-"))
    return "--inputs runs a program read from a file, without --effects=FILE: add --run";
  return std::nullopt;
}

} // namespace tiger::driver
