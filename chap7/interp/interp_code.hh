// interp_code.hh - the interpreter's form of a program: each PROC body decoded once into
// a flat sequence of operations for a stack machine.
//
// Input: an ir::Program at any stage (Translate's nested trees, or canon's flat lists).
// Output: one Function per PROC, whose `code` is its body in execution order:
//   - SEQ spines are flattened; each statement starts with an operation that counts it
//     (Label, Jump, Stm, StmMove, StmCjump), then its operands' operations, operands in
//     the order the tree evaluates them, each pushing its value on the activation's
//     value stack, then the operation that consumes them (Pop, SetTemp, Store, Cjump);
//   - an ESEQ's statements stand inline where the ESEQ is evaluated, so the statement
//     list of an ESEQ is a stretch of the code run at a given value-stack depth;
//   - every jump goes to a Target: the operation after its LABEL's run of labels, the
//     steps of those labels (the jump counts them, so that only code falling into a
//     label runs a Label operation) and the value-stack depth there (a `break` out of
//     an ESEQ drops the values being computed), or a BadJump operation after the
//     body's Return that raises the jump's runtime error (a label of no list that
//     encloses the jump), so that no jump tests for an error;
//   - every TEMP is resolved to a slot of the activation (fp is slot 0, rv slot 1);
//   - every CALL is resolved to a Function or a runtime function, every NAME of a
//     STRING fragment to its string value.
// The tree itself is not changed: the Code is a separate, resolved copy.
#pragma once

#include "chap7/interp/interp_memory.hh"
#include "chap7/ir/fragments.hh"

#include <cstdint>
#include <string>
#include <vector>

namespace tiger::interp {

// The operations. Binop operations come in tree::BinOp's order, from Plus. The fused
// operations (compileProgram's peephole: Const and Temp have no effect, so they can be
// folded into the operation that uses them) do what the sequence they replace does.
enum class Op : std::uint8_t {
  Label,    // a run of `a` LABEL statements: `a` steps, then the statement after them
  Jump,     // a JUMP: a step and a jump to targets[a]
  Stm,      // an EXP statement starts: a step
  StmMove,  // a MOVE starts: a step and a move
  StmCjump, // a CJUMP starts: a step and a cjump
  Const,    // push b (a CONST, or the string value of a NAME)
  Temp,     // push slot a
  Plus,     // pop y, x; push x op y
  Minus,
  Times,
  Divide,
  And,
  Or,
  Lshift,
  Rshift,
  Arshift,
  Xor,
  Load,        // pop an address; push the word there
  Call,        // pop a arguments; call functions[b]; push its result; at positions[c]
  CallRuntime, // pop a arguments; call runtime function b; push its result; at c
  CheckIndex,  // CallRuntime of checkIndex, called directly
  Pop,         // pop the value of an EXP statement
  SetTemp,     // pop a value into slot a
  Store,       // pop a value, then an address; store the value there; at positions[c]
  Cjump,       // pop y, x; relation `rel`: jump to targets[a] if x rel y, else targets[c]
  Return,      // the end of the body
  // Fused: Const b then Plus, Minus, Times; Temp a then Plus, Minus, Times.
  PlusConst,
  MinusConst,
  TimesConst,
  PlusTemp,
  MinusTemp,
  TimesTemp,
  TempPlusConst,          // Temp a, PlusConst b
  LoadPlusConst,          // PlusConst b, Load
  LoadTempPlusConst,      // TempPlusConst, Load
  StoreConst,             // Const b, Store
  TempTimesConst,         // Temp a, TimesConst b
  PlusTempTimesConst,     // TempTimesConst a, b, Plus: an array element's address
  LoadPlusTempTimesConst, // PlusTempTimesConst a, b, Load
  CheckIndexTemp,         // Temp a, CheckIndex
  CjumpConst,             // Const b, Cjump
  // Fused statement starts: StmMove or StmCjump, then Temp a or LoadTempPlusConst a, b.
  StmMoveTemp,
  StmMoveLoadTempPlusConst,
  StmCjumpTemp,
  StmCjumpLoadTempPlusConst,
  // Fused whole statements into slot a: StmMove, the operation, SetTemp a.
  MoveConst,             // Const b
  MoveTemp,              // Temp d
  MoveTempPlusConst,     // TempPlusConst d, b
  MoveLoadTempPlusConst, // LoadTempPlusConst d, b
  MoveLoadLoad,          // LoadLoad d, b, c
  MoveCheckIndex,        // Temp d, checkIndex of it and temps[c] + temps[e], at
                         // positions[b] (e kZeroSlot: Temp d, CheckIndexTemp c)
  // StmCjump, Temp d, Temp b (or Const b), Cjump.
  CjumpTempTemp,
  CjumpTempConst,
  TempPlusTemp,      // Temp a, PlusTemp d
  CheckIndexSetTemp, // CheckIndex at positions[c], SetTemp a
  // Fused whole statements on an array element, the address temps[d] + 8 * temps[e]:
  CjumpLoadIndexConst, // StmCjumpTemp d, LoadPlusTempTimesConst e, 8, CjumpConst b
  StoreIndexConst,     // StmMoveTemp d, PlusTempTimesConst e, 8, StoreConst b
  // The three most frequent cjumps on a signed EQ, LT or LE (NE, GE and GT swap their
  // targets): an operation a relation, without a switch on it.
  CjumpTempTempEq,
  CjumpTempTempLt,
  CjumpTempTempLe,
  CjumpTempConstEq,
  CjumpTempConstLt,
  CjumpTempConstLe,
  CjumpLoadIndexConstEq,
  CjumpLoadIndexConstLt,
  CjumpLoadIndexConstLe,
  // A checkIndex statement, then the statement after it (pc[1], whose operands it reads
  // and goes past) on an array element: the element is looked for first in the words
  // that held the array's length.
  MoveCheckIndexCjumpEq,    // MoveCheckIndex, CjumpLoadIndexConstEq
  MoveCheckIndexStore,      // MoveCheckIndex, StoreIndexConst
  CheckIndexSetTempCjumpEq, // CheckIndexSetTemp, CjumpLoadIndexConstEq
  CheckIndexSetTempStore,   // CheckIndexSetTemp, StoreIndexConst
  // An operation, then the next one (pc[1], still an operation of its own) without a
  // dispatch: the frequent pairs of a statement falling into a label, and of a static
  // link's word loaded for the statement after it.
  MoveTempPlusConstLabel,          // MoveTempPlusConst, Label
  SetTempLabel,                    // SetTemp, Label
  MoveLoadLoadMoveCheckIndexStore, // MoveLoadLoad, MoveCheckIndexStore
  MoveLoadLoadStmMoveTemp,         // MoveLoadLoad, StmMoveTemp
  // MoveLoadLoad into slot a, then MoveCheckIndexCjumpEq (pc[1], pc[2]) on the array
  // in slot a and the index it checks: both pass in registers, not through the slots.
  MoveLoadLoadCheckedCjumpEq,
  LoadLoad,    // LoadTempPlusConst a, b, LoadPlusConst c: a static link's word; the
               // LoadLoads' e: the frame's word MEM(fp + b) always reads, or -1
  DivideConst, // Const b, Divide
  // The arithmetic of an index such as r + n - 1 - c:
  PlusLoadLoad,     // LoadLoad a, b, c, Plus
  TempPlusLoadLoad, // Temp d, PlusLoadLoad a, b, c
  MinusConstTemp,   // MinusConst b, MinusTemp a
  BadJump, // a jump's runtime error: to labels[a], which it may not reach (Error c)
};

struct Ins {
  Op op;
  tree::RelOp rel = tree::RelOp::EQ; // Cjump
  const void* run = nullptr;         // the interpreter's code for op, once it ran
  std::int32_t a = 0;
  std::int32_t c = 0;
  std::int32_t d = 0;
  std::int32_t e = 0;
  std::int64_t b = 0;
  // A checkIndex's: the block it found its array's length in last, tried first on its
  // next run (Memory::span). Written while the code runs: a cache, not the program.
  mutable Memory::BlockCache block{};
};

// Where a jump goes: to a BadJump operation when its label is not one it may reach.
struct Target {
  enum class Error : std::uint8_t { None, NotInFunction, InsideEseq }; // BadJump's c
  std::int32_t label = -1; // its index in Function::labels
  std::int32_t pc = 0;     // the operation after the label's run of Label operations
  std::int32_t steps = 0;  // the labels of that run from this one on
  std::int32_t depth = 0;  // the value-stack depth of the list the label is in
};

struct Formal {
  bool inFrame;
  std::int64_t
      offset; // InFrame: its word in the frame (0 is the lowest); InReg: the slot
};

struct Function {
  std::string name; // the label, e.g. "tigermain", "f_3"
  std::vector<Ins> code;
  std::vector<Target> targets;
  std::vector<std::string> labels; // the names of the labels its jumps name
  std::vector<Formal> formals;
  std::vector<tree::SrcPos> positions; // of its CALLs and MOVE(MEM)s (effects)
  int slots = 2;                       // temps of one activation, fp and rv included
  int maxStack = 0;                    // the deepest its value stack gets
  std::int64_t frameWords = 0; // the frame spans [fp + lowOffset, fp + highOffset)
  std::int64_t fpWord = 0;     // fp is this many words above the frame's start
};

struct Code {
  std::vector<Function> functions; // functions[0] is procs[0], the main program
};

inline constexpr int kFpSlot = 0;
inline constexpr int kRvSlot = 1;
inline constexpr int kZeroSlot = 2; // no temp's: 0 in every activation

// Prepares `prog` to run; string fragments are added to `mem`. A malformed program
// (a CALL of an unknown function, a wrong argument count of a runtime function, a
// computed JUMP, a label defined twice) stops with an internal error (Stop).
Code compileProgram(const ir::Program& prog, Memory& mem);

} // namespace tiger::interp
