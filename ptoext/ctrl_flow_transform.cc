// ctrl_flow_transform.cc - CtrlFlowTransform; see ctrl_flow_transform.hh.
//
// Loops are transformed inner first, so when a loop's turn comes every Break/Continue
// left in its body (at any depth of Ifs) is its own. Per loop: phase 1 removes
// continue, phase 2 removes break (docs/ctrl_flow_transform.md, "Order": phase 1 keeps the loop kind,
// phase 2 may turn a For into a While).
//
// Both phases rewrite a block with one rule set, for the jump J (continue or break)
// and its flag F (`__continue_N` / `__break_N`, N counted per function):
//
//   A; J; B              =>  A; F = True                (B is dead; A is kept: bug B1, docs/pypto_bugs.md)
//   if c: T(J) else: E   =>  if c: T' else: E'; R       T always jumps, E never:
//   R                        =>  if c: T' else: E'; R     (R moves into the else: the
//                                                          documented form, no flag test)
//   if c: T(J) else: E   =>  if c: T' else: E'          some paths jump, others not:
//   R                        if not F: R'               (the rest is guarded at EVERY
//                                                          enclosing level: bug B2)
//
// Phase 1 (continue), the loop kind is kept:
//   body  =>  __continue_N = False; body'     (the flag and its assignments are removed
//                                              again when no `if not F` needed it)
// Phase 2 (break):
//   while (S; c): body   =>  __break_N = False
//                            while (not __break_N and c): body'         (S empty, c cannot fail)
//                            while (_condN = False; if not __break_N: S; _condN = c;
//                                   _condN): body'                        (otherwise)
//   The flag is tested FIRST: the condition is never evaluated after a break. "c cannot
//   fail": sir::mayFail(c) is false, c holds no Div (a Load cannot fail: its checks are
//   statements before it; docs/ctrl_flow_transform.md, "c cannot fail").
//
//   for i in [lo, hi]: body  =>  i = lo
//                                _hiN = hi              (hi evaluated once: kept in a variable)
//                                __break_N = False
//                                while not __break_N and i <= _hiN:
//                                    body'
//                                    if not __break_N:
//                                        if i < _hiN: i = i + 1
//                                        else: __break_N = True     (no overflow at 2^63-1)
//   When hi is a constant below the largest int, `_hiN` is the constant and the
//   increment is the documented plain `if not __break_N: i = i + 1`.
//
// A while nested in the loop whose condition S jumps out of that loop (both phases):
//   while (S; c): B; R   =>  while (_condN = False; S'; [if not F:] _condN = c; _condN): B
//                            if not F: R'
//
// Names: one counter per function each for __continue_N, __break_N, _condN, _hiN, from 0,
// in the order they are made (loops inner first, in source order; a for's _hiN before its
// __break_N; a removed __continue_N gives its number back): docs/ctrl_flow_transform.md.
#include "ptoext/ctrl_flow_transform.hh"

#include "ptoext/lower.hh"

#include <limits>

namespace tiger::pto {
namespace {
// LAB ptoext BEGIN the helpers of ctrlFlowTransform

using sir::Block;
using sir::ExprPtr;
using sir::StmtKind;
using sir::StmtPtr;
using sir::VarId;

constexpr VarId kNoFlag = sir::kNoVar;

// How a block can end with respect to the jump being removed.
enum class Exits { Never, Always, Maybe };

ExprPtr notVar(const sir::Function& f, VarId v) {
  return std::make_unique<sir::Unary>(sir::Type::Bool, sir::UnOp::Not, sir::varRef(f, v));
}
StmtPtr assign(VarId v, ExprPtr e) {
  return std::make_unique<sir::Assign>(v, std::move(e));
}

// Does the block hold a `kind` statement (looking into Ifs and into the condition
// statements of whiles, whose jumps belong to the enclosing loop; not into loop
// bodies, whose own jumps are gone by the time this is asked)?
bool containsJump(const Block& b, StmtKind kind) {
  for (const StmtPtr& s : b) {
    if (s->kind == kind) return true;
    if (s->kind == StmtKind::While &&
        containsJump(sir::as<sir::While>(s.get())->condStmts, kind))
      return true;
    if (s->kind != StmtKind::If) continue;
    auto* i = sir::as<sir::If>(s.get());
    if (containsJump(i->thenBody, kind) || containsJump(i->elseBody, kind)) return true;
  }
  return false;
}

Block tail(Block& b, std::size_t from) {
  Block rest;
  for (std::size_t k = from; k < b.size(); ++k)
    rest.push_back(std::move(b[k]));
  b.resize(from);
  return rest;
}

class FunctionCft {
public:
  explicit FunctionCft(sir::Function& f) : f_(f) {}
  void run() { loops(f_.body); }

private:
  void loops(Block& b);
  Block loop(StmtPtr s);
  void removeContinue(Block& body);
  Block breakWhile(std::unique_ptr<sir::While> w);
  Block breakFor(std::unique_ptr<sir::For> f);
  Exits rewrite(Block& b, StmtKind kind, VarId flag);
  Exits rewriteIf(Block& b, std::size_t k, StmtKind kind, VarId flag);
  Exits rewriteWhileTest(Block& b, std::size_t k, StmtKind kind, VarId flag);
  Exits guardRest(Block& b, Block rest, StmtKind kind, VarId flag);
  void condVariable(sir::While& w, Block test, VarId flag);
  void dropAssignments(Block& b, VarId flag);
  VarId newVar(const char* prefix, int& counter, sir::Type t) {
    return f_.newVar(prefix + std::to_string(counter++), t);
  }

  sir::Function& f_;
  int breaks_ = 0, continues_ = 0, his_ = 0, conds_ = 0;
  bool flagRead_ = false;
};

// Transforms every loop of b (and of the Ifs in b), inner loops first.
void FunctionCft::loops(Block& b) {
  Block out;
  for (StmtPtr& s : b) {
    if (s->kind == StmtKind::If) {
      loops(sir::as<sir::If>(s.get())->thenBody);
      loops(sir::as<sir::If>(s.get())->elseBody);
    }
    if (s->kind != StmtKind::For && s->kind != StmtKind::While) {
      out.push_back(std::move(s));
      continue;
    }
    for (StmtPtr& t : loop(std::move(s)))
      out.push_back(std::move(t));
  }
  b = std::move(out);
}

Block FunctionCft::loop(StmtPtr s) {
  if (s->kind == StmtKind::While) {
    std::unique_ptr<sir::While> w(sir::as<sir::While>(s.release()));
    loops(w->condStmts);
    loops(w->body);
    removeContinue(w->body);
    return breakWhile(std::move(w));
  }
  std::unique_ptr<sir::For> f(sir::as<sir::For>(s.release()));
  loops(f->body);
  removeContinue(f->body);
  return breakFor(std::move(f));
}

// Phase 1. The flag only stays when a guard reads it.
void FunctionCft::removeContinue(Block& body) {
  if (!containsJump(body, StmtKind::Continue)) return;
  VarId flag = newVar("__continue_", continues_, sir::Type::Bool);
  flagRead_ = false;
  rewrite(body, StmtKind::Continue, flag);
  if (flagRead_) {
    body.insert(body.begin(), assign(flag, sir::boolConst(false)));
    return;
  }
  dropAssignments(body, flag);
  f_.vars.pop_back();
  --continues_;
}

void FunctionCft::dropAssignments(Block& b, VarId flag) {
  Block out;
  for (StmtPtr& s : b) {
    if (s->kind == StmtKind::Assign && sir::as<sir::Assign>(s.get())->var == flag)
      continue;
    if (s->kind == StmtKind::If) {
      dropAssignments(sir::as<sir::If>(s.get())->thenBody, flag);
      dropAssignments(sir::as<sir::If>(s.get())->elseBody, flag);
    }
    out.push_back(std::move(s));
  }
  b = std::move(out);
}

// The rules of the file comment, on one block.
Exits FunctionCft::rewrite(Block& b, StmtKind kind, VarId flag) {
  for (std::size_t k = 0; k < b.size(); ++k) {
    if (b[k]->kind == kind) {
      tail(b, k); // the jump and the dead statements after it
      b.push_back(assign(flag, sir::boolConst(true)));
      return Exits::Always;
    }
    if (b[k]->kind == StmtKind::While &&
        containsJump(sir::as<sir::While>(b[k].get())->condStmts, kind))
      return rewriteWhileTest(b, k, kind, flag);
    if (b[k]->kind != StmtKind::If) continue;
    auto* i = sir::as<sir::If>(b[k].get());
    if (containsJump(i->thenBody, kind) || containsJump(i->elseBody, kind))
      return rewriteIf(b, k, kind, flag);
  }
  return Exits::Never;
}

// b[k] is an If holding a jump: rewrite its branches, then place the rest of b.
Exits FunctionCft::rewriteIf(Block& b, std::size_t k, StmtKind kind, VarId flag) {
  auto* i = sir::as<sir::If>(b[k].get());
  Exits t = rewrite(i->thenBody, kind, flag);
  Exits e = rewrite(i->elseBody, kind, flag);
  Block rest = tail(b, k + 1);
  if (t == Exits::Always && e == Exits::Always) return Exits::Always;
  if (rest.empty()) return Exits::Maybe;
  if ((t == Exits::Always && e == Exits::Never) ||
      (e == Exits::Always && t == Exits::Never)) {
    Block& other = t == Exits::Always ? i->elseBody : i->thenBody;
    for (StmtPtr& s : rest)
      other.push_back(std::move(s));
    return rewrite(other, kind, flag) == Exits::Always ? Exits::Always : Exits::Maybe;
  }
  return guardRest(b, std::move(rest), kind, flag);
}

// b += [if not F: rest'] after a statement that may have jumped.
Exits FunctionCft::guardRest(Block& b, Block rest, StmtKind kind, VarId flag) {
  flagRead_ = true;
  if (rest.empty()) return Exits::Maybe;
  Exits r = rewrite(rest, kind, flag);
  b.push_back(std::make_unique<sir::If>(notVar(f_, flag), std::move(rest), Block{}));
  return r == Exits::Always ? Exits::Always : Exits::Maybe;
}

// b[k] is a while whose condition statements S jump out of the loop being rewritten
// (`while (if a: break; c) do ...` inside that loop):
//   while (S; c): body  =>  while (_condN = False; S'; [if not F:] _condN = c; _condN): body
//   rest                    if not F: rest'
// S' sets F instead of jumping; the while then stops, and the rest is skipped.
Exits FunctionCft::rewriteWhileTest(Block& b, std::size_t k, StmtKind kind, VarId flag) {
  auto* w = sir::as<sir::While>(b[k].get());
  Block test = std::move(w->condStmts);
  w->condStmts.clear();
  condVariable(*w, std::move(test), kNoFlag);
  rewrite(w->condStmts, kind, flag);
  return guardRest(b, tail(b, k + 1), kind, flag);
}

// The condition of w becomes a BOOL variable set by statements (file comment):
//   _condN = False; [if not guard:] test; _condN = cond     (no `if` when guard is none)
void FunctionCft::condVariable(sir::While& w, Block test, VarId guard) {
  VarId c = newVar("_cond", conds_, sir::Type::Bool);
  test.push_back(assign(c, std::move(w.cond)));
  w.condStmts.push_back(assign(c, sir::boolConst(false)));
  if (guard == kNoFlag) {
    for (StmtPtr& s : test)
      w.condStmts.push_back(std::move(s));
  } else {
    w.condStmts.push_back(
        std::make_unique<sir::If>(notVar(f_, guard), std::move(test), Block{}));
  }
  w.cond = sir::varRef(f_, c);
}

// Phase 2 for a while loop.
Block FunctionCft::breakWhile(std::unique_ptr<sir::While> w) {
  Block out;
  if (!containsJump(w->body, StmtKind::Break)) {
    out.push_back(std::move(w));
    return out;
  }
  VarId flag = newVar("__break_", breaks_, sir::Type::Bool);
  rewrite(w->body, StmtKind::Break, flag);
  out.push_back(assign(flag, sir::boolConst(false)));
  if (w->condStmts.empty() && !sir::mayFail(*w->cond)) {
    w->cond = std::make_unique<sir::Binary>(sir::Type::Bool, sir::BinOp::And,
                                            notVar(f_, flag), std::move(w->cond));
  } else {
    Block test = std::move(w->condStmts);
    w->condStmts.clear();
    condVariable(*w, std::move(test), flag);
  }
  out.push_back(std::move(w));
  return out;
}

// Phase 2 for a for loop: it becomes a while loop (file comment).
Block FunctionCft::breakFor(std::unique_ptr<sir::For> f) {
  Block out;
  if (!containsJump(f->body, StmtKind::Break)) {
    out.push_back(std::move(f));
    return out;
  }
  VarId i = f->index;
  out.push_back(assign(i, std::move(f->lo)));
  constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
  bool smallConst = f->hi->kind == sir::ExprKind::Const &&
                    sir::as<sir::Const>(f->hi.get())->value < kMax;
  ExprPtr hi = std::move(f->hi);
  if (!smallConst) {
    VarId h = newVar("_hi", his_, sir::Type::Int64);
    out.push_back(assign(h, std::move(hi)));
    hi = sir::varRef(f_, h);
  }
  VarId flag = newVar("__break_", breaks_, sir::Type::Bool);
  out.push_back(assign(flag, sir::boolConst(false)));
  Block body = std::move(f->body);
  rewrite(body, StmtKind::Break, flag);
  ExprPtr next = std::make_unique<sir::Binary>(sir::Type::Int64, sir::BinOp::Add,
                                               sir::varRef(f_, i), sir::intConst(1));
  Block step;
  step.push_back(assign(i, std::move(next)));
  if (!smallConst) {
    Block last;
    last.push_back(assign(flag, sir::boolConst(true)));
    ExprPtr below = std::make_unique<sir::Compare>(sir::CmpOp::Lt, sir::varRef(f_, i),
                                                   sir::cloneExpr(*hi));
    Block guarded;
    guarded.push_back(
        std::make_unique<sir::If>(std::move(below), std::move(step), std::move(last)));
    step = std::move(guarded);
  }
  body.push_back(std::make_unique<sir::If>(notVar(f_, flag), std::move(step), Block{}));
  ExprPtr inRange =
      std::make_unique<sir::Compare>(sir::CmpOp::Le, sir::varRef(f_, i), std::move(hi));
  ExprPtr cond = std::make_unique<sir::Binary>(sir::Type::Bool, sir::BinOp::And,
                                               notVar(f_, flag), std::move(inRange));
  out.push_back(std::make_unique<sir::While>(Block{}, std::move(cond), std::move(body)));
  return out;
}

// LAB END
} // namespace

void ctrlFlowTransform(sir::Module& m) {
  // LAB ptoext BEGIN ctrlFlowTransform()
  for (sir::Function& f : m.functions)
    FunctionCft(f).run();
  // LAB END
}

} // namespace tiger::pto
