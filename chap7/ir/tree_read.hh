// tree_read.hh - reads Appel's printtree format back into fragments: the inverse of
// tree_print.hh, for the dumps of `tigerc --emit=ir`, `--emit=linear` and
// `--emit=traces` (`tigerc --from=STAGE FILE`).
//
// A grader trusts only what a student's compiler prints: it reads that text with this
// reader and judges it with the reference's checkers and interpreter. The grammar is in
// chap7/README.md ("The dump format"); in short:
//
//   PROC tigermain
//   # formals: fp+0; frame: 16 bytes
//   MOVE(
//    TEMP t100,
//    CONST 1)
//
//   STRING L0 "hello\n"
//
// Input: any text. Output: an ir::Program whose PROC bodies hold the statements as
// printed (one tree after Translate, the canonical list after canon), procs[0] being
// tigermain, or nullptr after reporting every problem as `file:line:col: error: ...`
// through diag. Beyond the syntax it checks what would make the program meaningless:
// labels defined once, jumps to labels of their own PROC, calls to a PROC or a runtime
// function with the right number of arguments, NAME values that are strings, MOVE into
// TEMP or MEM, no temp read that nothing sets, frames that hold their formals. A
// comment `# L:C` right before a statement (as `tigerc --locations` prints it) is that
// statement's source position (tree.hh SrcPos); a dump without them reads the same. It
// can also say where each PROC and each of its statements is, for later reports.
#pragma once

#include "base/diag.hh"
#include "chap7/ir/dialect.hh"
#include "chap7/ir/fragments.hh"

#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

namespace tiger::tree {

// Trees nested deeper than this are refused with an error, not a stack overflow
// (a SEQ's right spine is read by a loop and does not count).
inline constexpr int kMaxReadDepth = 100'000;
// The largest frame a dump may declare: 16 MiB (2^21 words), far beyond what any Tiger
// function's escaping locals need, small enough that a frame called in a loop cannot
// make the run that judges a dump hold gigabytes (exit 66, like every reader error).
inline constexpr std::int64_t kMaxDumpFrameBytes = std::int64_t{1} << 24;

// Where a PROC of the dump is: its name, and the first token of each statement of its
// body, in order. A checker that finds statement i of a PROC broken reports it there.
struct ProcPlaces {
  Loc name;
  std::vector<Loc> stms;
};
using DumpPlaces = std::unordered_map<Temp_label, ProcPlaces>; // by the PROC's label

// With `places`, where each PROC read is goes there too. With a `dialect` other than
// tigerc's, the dump is another course's (dialect.hh, docs/judge.md): its words, its
// names of fp, rv, the main program and the runtime functions, its word size.
std::unique_ptr<ir::Program> readProgram(const SourceFile& src, Diagnostics& diag,
                                         DumpPlaces* places = nullptr,
                                         const Dialect& dialect = {});

} // namespace tiger::tree
