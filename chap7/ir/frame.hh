// frame.hh - activation records (Appel, chapter 6, frame.h), for a 64-bit machine.
//
// Word size 8. Every Tiger function's first formal is its static link, which escapes.
// An escaping variable lives in the frame (InFrame(offset): MEM(BINOP(PLUS, TEMP fp,
// CONST offset))); any other lives in a temp (InReg(t): TEMP t).
//
// Layout, relative to the frame pointer fp:
//
//     fp + 8k   formal k, when it escapes (k = 0 is the static link)
//     fp - 8    first escaping local
//     fp - 8m   m-th escaping local
//
// The caller hands the arguments over; at entry the callee stores each escaping formal
// at fp + 8k and each other formal in its temp (the "view shift", which the
// interpreter performs from `formals`). A function returns by leaving its result in
// TEMP rv: a PROC body is MOVE(TEMP rv, body) or the statement itself for a procedure.
#pragma once

#include "chap7/ir/temp.hh"
#include "chap7/ir/tree.hh"

#include <utility>
#include <vector>

namespace tiger::frame {

inline constexpr int kWordSize = 8;

struct Access {
  enum class Kind { InFrame, InReg } kind;
  int offset = 0; // InFrame: byte offset from fp
  Temp_temp temp; // InReg
};

class Frame {
public:
  // A frame for the function at `name`; escapes[k] tells whether formal k escapes.
  Frame(Temp_label name, const std::vector<bool>& escapes, TempFactory& temps);
  // A frame as a dump describes it (tree_read.hh): these formals, spanning the bytes
  // [fp + lowOffset, fp + highOffset) (another course's frame may put its formals
  // anywhere above fp and use words of 4 bytes: docs/judge.md).
  Frame(Temp_label name, std::vector<Access> formals, int lowOffset, int highOffset,
        TempFactory& temps)
      : name_(name), formals_(std::move(formals)), low_(lowOffset), high_(highOffset),
        temps_(temps) {}
  Temp_label name() const { return name_; }
  const std::vector<Access>& formals() const { return formals_; }
  // A new local: InFrame when it escapes, otherwise InReg.
  Access allocLocal(bool escape);
  // Bytes the frame spans: [fp + lowOffset(), fp + highOffset()).
  int lowOffset() const { return low_; }
  int highOffset() const { return high_; }

private:
  Temp_label name_;
  std::vector<Access> formals_;
  int low_ = 0;  // -8 per escaping local
  int high_ = 0; // 8 per formal
  TempFactory& temps_;
};

// The tree for reading an access, given the address of its frame (TEMP fp or a chain of
// static links): MEM(BINOP(PLUS, framePtr, CONST k)) or TEMP t.
T_exp accessExp(tree::Arena& arena, const Access& a, T_exp framePtr);

} // namespace tiger::frame
