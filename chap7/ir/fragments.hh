// fragments.hh - what Translate produces (Appel, chapter 7, F_frag): one PROC
// fragment per function, including the main program, and one STRING fragment per
// string literal. Every later stage (canon, the interpreter) works on an ir::Program.
#pragma once

#include "chap7/ir/frame.hh"
#include "chap7/ir/temp.hh"
#include "chap7/ir/tree.hh"

#include <deque>
#include <memory>
#include <string>
#include <vector>

namespace tiger::ir {

// PROC(body, frame). `body` is a list of statements: after Translate it holds one
// tree; after C_linearize and C_traceSchedule it holds the canonical statement list.
struct ProcFrag {
  std::unique_ptr<frame::Frame> frame;
  std::vector<T_stm> body;
  std::string sourceName; // the Tiger name ("tigermain" for the main program)
};

// STRING(label, text)
struct StringFrag {
  Temp_label label;
  std::string text;
};

// Everything one compilation produced, with the arena and factory that own it.
// Frames refer to `temps`, so a Program stays where it was made (held by unique_ptr).
struct Program {
  Program() = default;
  Program(const Program&) = delete;
  Program& operator=(const Program&) = delete;

  tree::Arena arena;
  TempFactory temps;
  // procs[0] is the main program. A deque: one PROC per function of a program of 10^5
  // functions grows by blocks, not by copies at twice the size (the peak's memory).
  std::deque<ProcFrag> procs;
  std::vector<StringFrag> strings;
  Temp_label mainLabel; // "tigermain"
  // The bytes of a word, of a frame slot and of a record field: tigerc's 8, or the 4 of
  // another course's IR read back with its profile (docs/judge.md).
  int wordSize = frame::kWordSize;
  // The names another course's dump gave its temps, by temp number (tree_read.hh), so
  // that printing it in its dialect gives its bytes back; empty for tigerc's IR.
  std::vector<std::string> tempNames;
  // Another course's stack pointer, when its IR has no frame pointer of its own: a
  // runtime error names a frame's words from it (sp+8), not from fp.
  std::string stackPointer;
};

} // namespace tiger::ir
