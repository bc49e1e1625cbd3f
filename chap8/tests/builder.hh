// builder.hh - a small API to build Tree IR by hand, for the canon tests beside it (the
// style of PyPTO's explicit control flow API: docs/canon.md, "The test builder"). Test
// code only: compiled into canon_tests, never into tiger_canon.
//
// A test states its control flow with closures, and the builder emits the LABELs,
// JUMPs and CJUMPs of Appel's chapter 7 translation directly, so the test reads like
// the program it builds:
//
//   ir::Program& p = ...; build::Builder b(p.arena, p.temps);
//   T_exp i = b.temp(), sum = b.temp();
//   b.move(sum, b.cnst(0));
//   b.For(i, b.cnst(1), b.cnst(10), [&] {
//     b.If(b.rel(RelOp::EQ, i, b.cnst(5)), [&] { b.Continue(); });
//     b.move(sum, b.add(sum, i));
//   });
//   b.callProc("printi", {sum});
//   T_stm body = b.finish();
//
// Input: expressions made by the builder (or by the arena). Every expression is copied
// when a statement uses it, so a T_exp such as `i` above may be used any number of
// times and the emitted trees never share a node (each test owns the trees it builds; canon
// never modifies its input).
// Output: statements in emission order, as one SEQ tree (finish) or a list
// (finishList). The constructs emit only trees Translate could produce. And/Or take
// fresh labels at each use; an eseq is copied at each use, so one whose statements
// define labels, used twice, defines them twice.
// Errors: Break/Continue outside a loop, or a function added inside a loop, throw
// std::logic_error with a message.
#pragma once

#include "chap7/ir/fragments.hh"
#include "chap7/ir/temp.hh"
#include "chap7/ir/tree.hh"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace tiger::build {

// A condition, as Translate's Cx: given a true and a false label, it emits the
// CJUMPs (and the labels between them) that end at one or the other.
using Cond = std::function<void(Temp_label t, Temp_label f)>;
// A piece of code: it emits statements through the builder.
using Body = std::function<void()>;

class Builder {
public:
  Builder(tree::Arena& arena, TempFactory& temps) : arena_(arena), temps_(temps) {}

  // ---- expressions ----
  T_exp temp();            // TEMP of a fresh temp
  T_exp temp(Temp_temp t); // TEMP t
  T_exp rv();              // TEMP rv, where a function leaves its result
  T_exp fp();              // TEMP fp
  T_exp cnst(std::int64_t v);
  T_exp binop(tree::BinOp op, T_exp l, T_exp r);
  T_exp add(T_exp l, T_exp r) { return binop(tree::BinOp::PLUS, l, r); }
  T_exp sub(T_exp l, T_exp r) { return binop(tree::BinOp::MINUS, l, r); }
  T_exp mul(T_exp l, T_exp r) { return binop(tree::BinOp::TIMES, l, r); }
  T_exp div(T_exp l, T_exp r) { return binop(tree::BinOp::DIVIDE, l, r); }
  T_exp mem(T_exp addr);
  T_exp name(Temp_label l);
  // CALL(NAME fun, args): a runtime function (runtime.hh) or a PROC added by addFunction.
  T_exp call(const std::string& fun, std::vector<T_exp> args);
  // ESEQ(s, e) where s is what `body` emits (a SEQ of it; EXP(CONST 0) if nothing).
  T_exp eseq(const Body& body, T_exp e);

  // ---- statements ----
  void move(T_exp dst, T_exp src);                                // MOVE(dst, src)
  void exp(T_exp e);                                              // EXP(e)
  void callProc(const std::string& fun, std::vector<T_exp> args); // EXP(CALL(...))
  void label(Temp_label l);                                       // LABEL l
  void jump(Temp_label l);                                        // JUMP(NAME l, [l])
  void emit(T_stm s);                                             // any statement, as is
  Temp_label newLabel() { return temps_.newLabel(); }

  // ---- conditions ----
  Cond rel(tree::RelOp op, T_exp l, T_exp r); // CJUMP(op, l, r, t, f)
  Cond And(Cond a, Cond b);                   // a && b, b only when a holds
  Cond Or(Cond a, Cond b);                    // a || b, b only when a fails
  Cond Not(Cond a);                           // a with t and f swapped
  Cond isTrue(T_exp e);                       // e <> 0, as Translate's unCx of an Ex

  // ---- structured control flow ----
  void If(const Cond& c, const Body& then);
  void If(const Cond& c, const Body& then, const Body& otherwise);
  // if c then a else b as a value (Translate's unEx): an ESEQ that leaves the value
  // of the arm taken in a fresh temp. Only that arm runs: statements an arm emits
  // before returning its value run in that arm.
  T_exp IfExp(const Cond& c, const std::function<T_exp()>& then,
              const std::function<T_exp()>& otherwise);
  // `cond` runs once, at the loop's test label: statements it emits run before every
  // test, and the Cond it returns decides whether the body runs again.
  void While(const std::function<Cond()>& cond, const Body& body);
  void While(const Cond& c, const Body& body);
  // Tiger's `for var := lo to hi do body`: lo then hi evaluated once, inclusive bounds,
  // tested before the increment so hi = the largest int does not overflow.
  void For(T_exp var, T_exp lo, T_exp hi, const Body& body);
  void Break();    // JUMP to the exit of the innermost loop
  void Continue(); // JUMP to the innermost loop's test (While) or increment (For)
  bool inLoop() const { return !loops_.empty(); }

  // Runs `body` with a fresh list of statements and returns what it emitted.
  std::vector<T_stm> capture(const Body& body);
  // Everything emitted so far, as SEQ(s1, SEQ(s2, ...)); the builder starts empty again.
  T_stm finish();
  std::vector<T_stm> finishList();

  tree::Arena& arena() { return arena_; }
  TempFactory& temps() { return temps_; }

private:
  struct Loop {
    Temp_label next; // where Continue goes
    Temp_label exit; // where Break goes
  };
  void loopBody(const Loop& loop, const Body& body);
  T_exp use(T_exp e) { return arena_.copy(e); }

  tree::Arena& arena_;
  TempFactory& temps_;
  std::vector<T_stm> stms_;
  std::vector<T_stm>* sink_ = &stms_; // where emitted statements go
  std::vector<Loop> loops_;           // enclosing loops, innermost last
};

// ---- whole programs, for interpret() and the canon pipeline ----

// A program whose procs[0] is PROC tigermain (a frame with no formals), body empty.
std::unique_ptr<ir::Program> newProgram();
// A STRING fragment holding `text`; returns its label (use b.name(label) to pass it).
Temp_label addString(ir::Program& prog, const std::string& text);
// Makes tigermain's body what `b` emitted (b.finish()).
void setMain(ir::Program& prog, Builder& b);
// Adds PROC `name`, with one formal per entry of `escapes`. `emitBody` gets the
// formals as expressions (TEMP t or MEM(fp + 8k)) and emits the body through `b`;
// a function returns its result with b.move(b.rv(), ...). Statements `b` had
// emitted before stay pending for the caller. Throws std::logic_error in a loop.
void addFunction(ir::Program& prog, Builder& b, const std::string& name,
                 const std::vector<bool>& escapes,
                 const std::function<void(const std::vector<T_exp>& formals)>& emitBody);

} // namespace tiger::build
