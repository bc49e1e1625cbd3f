// interp_code.hh - the interpreter's form of a program: each PROC body made ready to run.
//
// Input: an ir::Program at any stage (Translate's nested trees, or canon's flat lists).
// Output: one Function per PROC, where
//   - every SEQ spine is flattened into a statement list (a Block): the body is block 0,
//     and the statement of each ESEQ gets its own block;
//   - every label is resolved to (block, index) of its LABEL statement, so a jump is
//     "go to that list, at that index" (the list is always the current one or one of
//     the lists whose execution encloses the jump: Translate never jumps into an ESEQ);
//   - every TEMP is resolved to a slot of the activation (fp is slot 0, rv slot 1);
//   - every CALL is resolved to a Function or a runtime function, every NAME of a
//     STRING fragment to its string value.
// The tree itself is not changed: the Code is a separate, resolved copy.
#pragma once

#include "chap7/interp/interp_memory.hh"
#include "chap7/ir/fragments.hh"

#include <cstdint>
#include <deque>
#include <string>
#include <vector>

namespace tiger::interp {

struct Block;

struct CExp {
  explicit CExp(tree::ExpKind k) : kind(k) {}
  tree::ExpKind kind;
  tree::BinOp op = tree::BinOp::PLUS; // BINOP
  tree::SrcPos pos;                   // CALL: where it is in the source (effects)
  std::int64_t value = 0;      // CONST: the value; TEMP: the slot; NAME: the string value
  const CExp* left = nullptr;  // BINOP left, MEM address, ESEQ result
  const CExp* right = nullptr; // BINOP right
  int block = -1;              // ESEQ: the block of its statement
  int function = -1;           // CALL: index of a Tiger function, or -1
  int runtime = -1;            // CALL: index of a runtime function (Runtime::find), or -1
  std::vector<const CExp*> args; // CALL
};

struct CStm {
  explicit CStm(tree::StmKind k) : kind(k) {}
  tree::StmKind kind;                // never SEQ
  tree::RelOp rel = tree::RelOp::EQ; // CJUMP
  tree::SrcPos pos;                  // MOVE: where it is in the source (effects)
  const CExp* left = nullptr;        // MOVE destination (TEMP or MEM), CJUMP left, EXP
  const CExp* right = nullptr;       // MOVE source, CJUMP right
  int target = -1;                   // JUMP target, CJUMP true target (label ids)
  int falseTarget = -1;              // CJUMP false target
};

struct Block {
  std::vector<CStm> stms;
};

// Where a LABEL stands; block == -1 when the function has no such label.
struct LabelSite {
  int block = -1;
  int index = -1;
  std::string name;
};

struct Formal {
  bool inFrame;
  std::int64_t
      offset; // InFrame: its word in the frame (0 is the lowest); InReg: the slot
};

struct Function {
  std::string name;          // the label, e.g. "tigermain", "f_3"
  std::vector<Block> blocks; // blocks[0] is the body
  std::vector<LabelSite> labels;
  std::vector<Formal> formals;
  int slots = 2;               // temps of one activation, fp and rv included
  std::int64_t frameWords = 0; // the frame spans [fp + lowOffset, fp + highOffset)
  std::int64_t fpWord = 0;     // fp is this many words above the frame's start
};

struct Code {
  std::vector<Function> functions; // functions[0] is procs[0], the main program
  std::deque<CExp> exps;           // owns every CExp
};

inline constexpr int kFpSlot = 0;
inline constexpr int kRvSlot = 1;

// Prepares `prog` to run; string fragments are added to `mem`. A malformed program
// (a CALL of an unknown function, a wrong argument count of a runtime function, a
// computed JUMP, a label defined twice) stops with an internal error (Stop).
Code compileProgram(const ir::Program& prog, Memory& mem);

} // namespace tiger::interp
