// translate_tr.hh - the three shapes of a translated expression (Appel, section 7.2,
// Tr_exp) and the conversions between them.
//
//   Ex(e)   an expression that computes a value: a T_exp
//   Nx(s)   a statement that computes no value: a T_stm
//   Cx(c)   a condition: given a true label t and a false label f, c(t, f) is a
//           statement that jumps to t or f
//
// The book keeps a Cx as a statement with "patch lists" of label holes; here a Cx is a
// function that builds its statement once the labels are known. A CondFn places its
// subtrees in the statement it returns, so it is called exactly once.
//
// The value of a Cx is 1 or 0, except for the Cx of `if a then b else c` whose branches
// are not both conditions: `2 & 3` (if 2 then 3 else 0) is 3. Such a Cx carries a
// `value` function that unEx calls instead; a TrExp uses either cx or value, once.
//
// Input: trees built in `prog.arena`. Output: new trees in the same arena; fresh temps
// and labels from `prog.temps`.
#pragma once

#include "chap7/ir/fragments.hh"

#include <functional>

namespace tiger::translate {

// c(t, f): a statement jumping to t when the condition holds, to f otherwise.
using CondFn = std::function<T_stm(Temp_label t, Temp_label f)>;

struct TrExp {
  enum class Kind { Ex, Nx, Cx } kind;
  T_exp ex = nullptr;           // Ex
  T_stm nx = nullptr;           // Nx
  CondFn cx;                    // Cx
  std::function<T_exp()> value; // Cx: its value when not simply 1 or 0 (may be empty)

  static TrExp Ex(T_exp e) { return TrExp{Kind::Ex, e, nullptr, {}, {}}; }
  static TrExp Nx(T_stm s) { return TrExp{Kind::Nx, nullptr, s, {}, {}}; }
  static TrExp Cx(CondFn c, std::function<T_exp()> v = {}) {
    return TrExp{Kind::Cx, nullptr, nullptr, std::move(c), std::move(v)};
  }
};

// Is the value of e always 0 or 1 (a plain condition, or CONST 0 or 1)?
bool isBoolean(const TrExp& e);

// The value of any TrExp (a statement alone has value 0).
T_exp unEx(ir::Program& prog, TrExp e);
// The effect of any TrExp, value discarded.
T_stm unNx(ir::Program& prog, TrExp e);
// Any TrExp as a condition (nonzero is true).
CondFn unCx(ir::Program& prog, TrExp e);

} // namespace tiger::translate
