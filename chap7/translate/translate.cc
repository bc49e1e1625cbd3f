// translate.cc - the AST walk of Translate (Appel, chapters 6 and 7): checked,
// escape-annotated AST -> PROC and STRING fragments.
//
// Input invariants (ast.hh): semant set types, bindings, callees, field indices and
// loops; findEscapes set VarBinding::escape. Output (translate.hh): procs[0] is
// "tigermain" (no formals, depth 0); one PROC per FunDec, in source order of the
// declarations (pre-order: a function before the functions nested in it); one STRING
// per distinct literal text, in order of first use. Temps (t100...) and labels (L0...)
// come from the Program's TempFactory as the walk meets them, so the same input gives
// the same dump.
//
// Frames and static links (chapter 6): the function at depth d receives as formal 0
// the frame pointer of its enclosing function (depth d-1); it escapes (InFrame 0).
// A variable declared at depth d, used at depth c, is reached from TEMP fp by
// following c-d static links:
//
//     MEM(BINOP(PLUS, ... MEM(BINOP(PLUS, TEMP fp, CONST 0)) ..., CONST 0))
//
// Expressions come back as Ex/Nx/Cx (translate_tr.hh) so conditions become jumps.
// The walk recurses once per level of AST nesting (capped by ast::kMaxNesting) but
// iterates over the elements of a sequence and the declarations of a let.
//
// Source positions (tree.hh): exp(), ex(), nx() and cx() (outside the lab's regions)
// hold the position of the AST expression they translate while they run, so every node
// is stamped with the innermost expression being translated (an operator's node with
// its operator's position, a Cx's jumps with the expression that asks for them) and
// unEx/unNx/unCx's statements with the expression converted; EXP(e) is where e is. A
// `var` initialisation is at its `var`, a function's MOVE(TEMP rv, ...) at its
// `function`. A lab answer gets the same positions: it builds its nodes inside these.
#include "chap7/translate/translate.hh"

#include "chap7/front/types.hh"
#include "chap7/ir/runtime.hh"
#include "chap7/translate/translate_tr.hh"

#include <algorithm>
#include <memory>
#include <unordered_map>
#include <utility>

namespace tiger {
namespace {

using translate::CondFn;
using translate::TrExp;
using tree::BinOp;
using tree::RelOp;

constexpr int kWord = frame::kWordSize;

// Where a node made for the AST node at `loc` comes from: where that node begins.
tree::SrcPos srcPos(const Loc& loc) {
  return tree::SrcPos::at(loc.begin.line, loc.begin.col);
}

// Is the type semant gave `e` of kind k (Unit: no value)?
bool hasKind(const ast::Exp& e, types::Kind k) {
  const types::Type* t = e.type ? types::actual(e.type) : nullptr;
  return t && t->kind == k;
}

class Translator {
public:
  // freeAst: the caller gave the AST up; each part is freed once translated (freeBody,
  // done).
  Translator(ir::Program& prog, bool freeAst)
      : p_(prog), A(prog.arena), temps_(prog.temps), freeAst_(freeAst) {}
  void program(const ast::Program& prog);

private:
  // Where a variable lives, and the depth of the function that declared it.
  struct VarInfo {
    frame::Access access;
    int depth;
  };
  struct FunInfo {
    Temp_label label;
    int depth;
  };
  // `continue` jumps to `next`, `break` to `done`.
  struct LoopLabels {
    Temp_label next, done;
  };
  // An if's test, already built to jump to t or f.
  struct Branch {
    T_stm test;
    Temp_label t, f;
  };

  TrExp exp(const ast::Exp& e);
  T_exp ex(const ast::Exp& e) {
    tree::PosScope here(A, srcPos(e.loc()));
    return translate::unEx(p_, exp(e));
  }
  T_stm nx(const ast::Exp& e) {
    tree::PosScope here(A, srcPos(e.loc()));
    return translate::unNx(p_, exp(e));
  }
  CondFn cx(const ast::Exp& e) {
    tree::PosScope here(A, srcPos(e.loc()));
    return translate::unCx(p_, exp(e));
  }

  // Frames, variables, calls.
  int depth() const { return static_cast<int>(levels_.size()) - 1; }
  T_exp framePtr(int declDepth);
  T_exp varAccess(const ast::VarBinding& b);
  T_exp declareVar(const ast::VarBinding& b);
  T_exp var(const ast::Var& v);
  T_exp subscriptVar(const ast::SubscriptVar& v);
  TrExp callExp(const ast::CallExp& e);
  void functionDec(const ast::FunctionDec& d);
  void funBody(const ast::FunDec& f);
  void procBody(const ast::FunDec& f);
  void freeBody(ast::FunDec& f);
  void done(const ast::ExpPtr& e);

  // Expressions.
  TrExp stringExp(const ast::StringExp& e);
  TrExp opExp(const ast::OpExp& e);
  TrExp arith(const ast::OpExp& e, BinOp op);
  TrExp compare(const ast::OpExp& e, RelOp op);
  TrExp shortCircuit(const ast::OpExp& e);
  TrExp recordExp(const ast::RecordExp& e);
  TrExp arrayExp(const ast::ArrayExp& e);
  TrExp seqExp(const ast::SeqExp& e);
  TrExp ifExp(const ast::IfExp& e);
  TrExp ifThenElse(const Branch& br, TrExp a, TrExp b);
  TrExp ifCond(const Branch& br, TrExp a, TrExp b);
  TrExp ifValue(const Branch& br, TrExp a, TrExp b);
  TrExp whileExp(const ast::WhileExp& e);
  TrExp forExp(const ast::ForExp& e);
  TrExp leaveLoop(const ast::Exp& loop, TrExp t);
  TrExp jumpTo(const ast::Exp* loop, bool toDone);
  TrExp letExp(const ast::LetExp& e);
  TrExp withStms(std::vector<T_stm> stms, TrExp last);

  ir::Program& p_;
  tree::Arena& A;
  TempFactory& temps_;
  std::vector<frame::Frame*> levels_; // levels_[d]: the frame of the function at depth d
  // Lookups only: nothing below is iterated, so pointer keys do not affect the output.
  // vars_ and loops_ hold only what the code being translated can still name: funBody
  // drops its function's locals (declared_ lists them) when done, leaveLoop a loop's
  // labels, so the maps stay small instead of growing with the program.
  std::unordered_map<const ast::VarBinding*, VarInfo> vars_;
  std::unordered_map<const ast::FunDec*, FunInfo> funs_;
  std::unordered_map<const ast::Exp*, LoopLabels> loops_;
  std::vector<const ast::VarBinding*> declared_; // declareVar's keys, innermost last
  std::unordered_map<std::string, Temp_label> strings_;
  const bool freeAst_;
};

// ---- The program and its functions ------------------------------------------------

// PROC tigermain: no formals, depth 0; its body's value is discarded.
void Translator::program(const ast::Program& prog) {
  p_.mainLabel = temps_.namedLabel(std::string(runtime::kMainLabel));
  p_.procs.emplace_back();
  p_.procs[0].frame =
      std::make_unique<frame::Frame>(p_.mainLabel, std::vector<bool>{}, temps_);
  p_.procs[0].sourceName = std::string(runtime::kMainLabel);
  levels_.push_back(p_.procs[0].frame.get());
  T_stm body = prog.body ? nx(*prog.body) : A.Exp(A.Const(0));
  p_.procs[0].body = {body};
}

// A batch of (mutually recursive) functions: all are callable from every body.
void Translator::functionDec(const ast::FunctionDec& d) {
  for (const auto& f : d.funs) {
    Temp_label l = f->label.empty() ? temps_.newLabel() : temps_.namedLabel(f->label);
    funs_[f.get()] = FunInfo{l, depth() + 1};
  }
  for (const auto& f : d.funs) {
    funBody(*f);
    if (freeAst_) freeBody(*f);
  }
}

// Frees what only f's own PROC needed: its body and its formals (and their accesses).
// Calls to f find it by its FunDec, which stays.
void Translator::freeBody(ast::FunDec& f) {
  for (const ast::Formal& param : f.params)
    vars_.erase(&param.var);
  std::vector<ast::Formal>().swap(f.params); // `= {}` would keep the capacity
  f.body.reset();
}

// Frees an expression of the AST once its statement is made (a Cx or Ex still to be
// converted is never freed), when the caller gave the AST up: the tree it moved in is
// not const, only seen through const here, so the cast is sound.
void Translator::done(const ast::ExpPtr& e) {
  if (freeAst_) const_cast<ast::ExpPtr&>(e).reset();
}

// f's PROC (procBody); the body's locals are dropped after it.
void Translator::funBody(const ast::FunDec& f) {
  std::size_t outerLocals = declared_.size();
  procBody(f);
  for (std::size_t k = outerLocals; k < declared_.size(); ++k)
    vars_.erase(declared_[k]);
  declared_.resize(outerLocals);
}

// PROC(body, frame) with formals [static link, params...]; the static link escapes.
//   function f(...): t = e   =>   MOVE(TEMP rv, unEx(e))
//   function p(...) = e      =>   unNx(e)
void Translator::procBody(const ast::FunDec& f) {
  std::size_t slot = p_.procs.size();
  p_.procs.emplace_back(); // reserved now: functions nested in f come after it
  std::vector<bool> escapes{true};
  for (const ast::Formal& param : f.params)
    escapes.push_back(param.var.escape);
  auto fr = std::make_unique<frame::Frame>(funs_[&f].label, escapes, temps_);
  for (std::size_t k = 0; k < f.params.size(); ++k)
    vars_[&f.params[k].var] = VarInfo{fr->formals()[k + 1], depth() + 1};
  levels_.push_back(fr.get());
  tree::PosScope here(A, srcPos(f.loc));
  T_stm body = A.Exp(A.Const(0));
  if (f.body && f.resultName.empty())
    body = nx(*f.body);
  else if (f.body)
    body = A.Move(A.Temp(temps_.rv()), ex(*f.body));
  levels_.pop_back();
  ir::ProcFrag& proc = p_.procs[slot];
  proc.frame = std::move(fr);
  proc.body = {body};
  proc.sourceName = f.name;
}

// The frame pointer of the function at depth `declDepth`, seen from the current one:
// TEMP fp followed by one static link (formal 0) per level in between.
T_exp Translator::framePtr(int declDepth) {
  // LAB translate BEGIN framePtr()
  T_exp fp = A.Temp(temps_.fp());
  for (int d = depth(); d > declDepth && d > 0; --d)
    fp = frame::accessExp(A, levels_[d]->formals()[0], fp);
  return fp;
  // LAB END
}

// A user function's call: CALL(NAME f, [static link, args...]), where the static link
// is the frame pointer of f's parent (depth d-1). A builtin or runtime function takes
// no static link: CALL(NAME print, [args...]).
TrExp Translator::callExp(const ast::CallExp& e) {
  // LAB translate BEGIN callExp()
  std::vector<T_exp> args;
  auto it = e.fun ? funs_.find(e.fun) : funs_.end();
  Temp_label label;
  if (it != funs_.end()) {
    label = it->second.label;
    args.push_back(framePtr(it->second.depth - 1));
  } else {
    bool builtin = e.builtin != ast::Builtin::None;
    label = temps_.namedLabel(builtin ? ast::builtinName(e.builtin) : e.func.str());
  }
  for (const ast::ExpPtr& a : e.args)
    args.push_back(ex(*a));
  return TrExp::Ex(A.Call(A.Name(label), std::move(args)));
  // LAB END
}

// ---- Variables ----------------------------------------------------------------------

T_exp Translator::varAccess(const ast::VarBinding& b) {
  auto it = vars_.find(&b);
  if (it == vars_.end()) return declareVar(b); // unreachable after semant; stays sound
  const frame::Access& a = it->second.access;
  // A temp needs no frame pointer: none is built (it would be garbage in the arena).
  if (a.kind == frame::Access::Kind::InReg) return frame::accessExp(A, a, nullptr);
  return frame::accessExp(A, a, framePtr(it->second.depth));
}

// A new local of the current function: InFrame when it escapes, else InReg.
T_exp Translator::declareVar(const ast::VarBinding& b) {
  frame::Access acc = levels_.back()->allocLocal(b.escape);
  vars_[&b] = VarInfo{acc, depth()};
  declared_.push_back(&b);
  return varAccess(b);
}

// x      => its access, through static links when declared in an outer function
// r.f    => MEM(BINOP(PLUS, CALL(NAME checkNil, [r]), CONST 8i))
// a[i]   => see subscriptVar
T_exp Translator::var(const ast::Var& v) {
  // LAB translate BEGIN var()
  switch (v.kind) {
  case ast::VarKind::Simple: {
    const auto& s = *ast::as<ast::SimpleVar>(&v);
    return s.binding ? varAccess(*s.binding) : A.Const(0);
  }
  case ast::VarKind::Field: {
    const auto& f = *ast::as<ast::FieldVar>(&v);
    T_exp rec = A.Call(A.Name(temps_.namedLabel("checkNil")), {var(*f.var)});
    return A.Mem(A.Binop(BinOp::PLUS, rec, A.Const(kWord * f.fieldIndex)));
  }
  case ast::VarKind::Subscript: return subscriptVar(*ast::as<ast::SubscriptVar>(&v));
  }
  return A.Const(0);
  // LAB END
}

// a[i] => MEM(BINOP(PLUS, TEMP ta,
//                 BINOP(TIMES, CALL(NAME checkIndex, [TEMP ta, i]), CONST 8)))
// where a is read into TEMP ta first (ESEQ(MOVE(TEMP ta, a), ...)) unless it already is
// a TEMP. Both reads of ta come before i, so the order stays a, then i.
T_exp Translator::subscriptVar(const ast::SubscriptVar& v) {
  // LAB translate BEGIN subscriptVar()
  T_exp arr = var(*v.var);
  T_stm save = nullptr;
  Temp_temp ta;
  if (auto* t = tree::cast<tree::Temp>(arr)) {
    ta = t->temp;
  } else {
    ta = temps_.newTemp();
    save = A.Move(A.Temp(ta), arr);
  }
  T_exp checked =
      A.Call(A.Name(temps_.namedLabel("checkIndex")), {A.Temp(ta), ex(*v.index)});
  T_exp offset = A.Binop(BinOp::TIMES, checked, A.Const(kWord));
  T_exp elem = A.Mem(A.Binop(BinOp::PLUS, A.Temp(ta), offset));
  return save ? A.Eseq(save, elem) : elem;
  // LAB END
}

// ---- Expressions ----------------------------------------------------------------------

TrExp Translator::exp(const ast::Exp& e) {
  tree::PosScope here(A, srcPos(e.loc()));
  switch (e.kind) {
  case ast::ExpKind::Var: return TrExp::Ex(var(*ast::as<ast::VarExp>(&e)->var));
  case ast::ExpKind::Nil: return TrExp::Ex(A.Const(0));
  case ast::ExpKind::Int: return TrExp::Ex(A.Const(ast::as<ast::IntExp>(&e)->value));
  case ast::ExpKind::String: return stringExp(*ast::as<ast::StringExp>(&e));
  case ast::ExpKind::Call: return callExp(*ast::as<ast::CallExp>(&e));
  case ast::ExpKind::Op: return opExp(*ast::as<ast::OpExp>(&e));
  case ast::ExpKind::Record: return recordExp(*ast::as<ast::RecordExp>(&e));
  case ast::ExpKind::Seq: return seqExp(*ast::as<ast::SeqExp>(&e));
  case ast::ExpKind::Assign: {
    // lvalue := e  =>  MOVE(lvalue, e)
    const auto& a = *ast::as<ast::AssignExp>(&e);
    T_exp dst = var(*a.var);
    return TrExp::Nx(A.Move(dst, ex(*a.exp)));
  }
  case ast::ExpKind::If: return ifExp(*ast::as<ast::IfExp>(&e));
  case ast::ExpKind::While: return leaveLoop(e, whileExp(*ast::as<ast::WhileExp>(&e)));
  case ast::ExpKind::For: return leaveLoop(e, forExp(*ast::as<ast::ForExp>(&e)));
  case ast::ExpKind::Break: return jumpTo(ast::as<ast::BreakExp>(&e)->loop, true);
  case ast::ExpKind::Continue: return jumpTo(ast::as<ast::ContinueExp>(&e)->loop, false);
  case ast::ExpKind::Let: return letExp(*ast::as<ast::LetExp>(&e));
  case ast::ExpKind::Array: return arrayExp(*ast::as<ast::ArrayExp>(&e));
  }
  return TrExp::Ex(A.Const(0));
}

// A loop's labels serve only the breaks inside it: they are dropped once it is
// translated, so loops_ holds just the loops around what is being translated.
TrExp Translator::leaveLoop(const ast::Exp& loop, TrExp t) {
  loops_.erase(&loop);
  return t;
}

// "text" => NAME L, with one STRING(L, "text") fragment per distinct text.
TrExp Translator::stringExp(const ast::StringExp& e) {
  auto [it, fresh] = strings_.try_emplace(e.value);
  if (fresh) {
    it->second = temps_.newLabel();
    p_.strings.push_back(ir::StringFrag{it->second, e.value});
  }
  return TrExp::Ex(A.Name(it->second));
}

// Arithmetic => BINOP(op, l, r); comparisons => Cx; & and | => short-circuit Cx.
TrExp Translator::opExp(const ast::OpExp& e) {
  // LAB translate BEGIN opExp()
  switch (e.op) {
  case ast::Oper::Plus: return arith(e, BinOp::PLUS);
  case ast::Oper::Minus: return arith(e, BinOp::MINUS);
  case ast::Oper::Times: return arith(e, BinOp::TIMES);
  case ast::Oper::Divide: return arith(e, BinOp::DIVIDE);
  case ast::Oper::Eq: return compare(e, RelOp::EQ);
  case ast::Oper::Neq: return compare(e, RelOp::NE);
  case ast::Oper::Lt: return compare(e, RelOp::LT);
  case ast::Oper::Le: return compare(e, RelOp::LE);
  case ast::Oper::Gt: return compare(e, RelOp::GT);
  case ast::Oper::Ge: return compare(e, RelOp::GE);
  case ast::Oper::And:
  case ast::Oper::Or: return shortCircuit(e);
  }
  return TrExp::Ex(A.Const(0));
  // LAB END
}

// l op r => BINOP(op, l, r). The left operand is translated first, in its own statement:
// as two arguments of one call, the C++ compiler would pick the order, and the labels
// and temps the operands make would be numbered differently by g++ and clang.
TrExp Translator::arith(const ast::OpExp& e, BinOp op) {
  T_exp l = ex(*e.left);
  T_exp r = ex(*e.right);
  return TrExp::Ex(A.Binop(op, l, r));
}

// int, record, array, nil (records and arrays compare addresses):
//   l op r   =>  CJUMP(op, l, r, t, f)
// string = and <>:
//   l op r   =>  CJUMP(op, CALL(NAME stringEqual, [l, r]), CONST 1, t, f)
// string < <= > >=:
//   l op r   =>  CJUMP(op, CALL(NAME stringCompare, [l, r]), CONST 0, t, f)
TrExp Translator::compare(const ast::OpExp& e, RelOp op) {
  // LAB translate BEGIN compare()
  T_exp l = ex(*e.left), r = ex(*e.right);
  if (hasKind(*e.left, types::Kind::String) || hasKind(*e.right, types::Kind::String)) {
    bool eq = op == RelOp::EQ || op == RelOp::NE;
    Temp_label fn = temps_.namedLabel(eq ? "stringEqual" : "stringCompare");
    l = A.Call(A.Name(fn), {l, r});
    r = A.Const(eq ? 1 : 0);
  }
  return TrExp::Cx(
      [this, op, l, r](Temp_label t, Temp_label f) { return A.Cjump(op, l, r, t, f); });
  // LAB END
}

// a & b  is  if a then b else 0:  (t, f) => SEQ(a(z, f), SEQ(LABEL z, b(t, f)))
// a | b  is  if a then 1 else b:  (t, f) => SEQ(a(t, z), SEQ(LABEL z, b(t, f)))
// b runs only when a did not decide. Used as a value when b is not 0 or 1 (2 & 3 is 3),
// it is the if's value (ifValue). Shared pointers let either form take a and b.
TrExp Translator::shortCircuit(const ast::OpExp& e) {
  // LAB translate BEGIN shortCircuit()
  bool isAnd = e.op == ast::Oper::And;
  Temp_label z = temps_.newLabel();
  auto a = std::make_shared<CondFn>(cx(*e.left));
  auto b = std::make_shared<TrExp>(exp(*e.right));
  CondFn cond = [this, isAnd, a, b, z](Temp_label t, Temp_label f) {
    T_stm first = isAnd ? (*a)(z, f) : (*a)(t, z);
    return A.Seq(first, A.Seq(A.Label(z), translate::unCx(p_, std::move(*b))(t, f)));
  };
  if (translate::isBoolean(*b)) return TrExp::Cx(std::move(cond));
  auto value = [this, isAnd, a, b] {
    Branch br{nullptr, temps_.newLabel(), temps_.newLabel()};
    br.test = (*a)(br.t, br.f);
    TrExp other = TrExp::Ex(A.Const(isAnd ? 0 : 1));
    TrExp v = isAnd ? ifValue(br, std::move(*b), std::move(other))
                    : ifValue(br, std::move(other), std::move(*b));
    return v.ex;
  };
  return TrExp::Cx(std::move(cond), std::move(value));
  // LAB END
}

// T{f1 = e1, ..., fn = en} =>
//   ESEQ(SEQ(MOVE(TEMP r, CALL(NAME allocRecord, [CONST 8n])),
//            MOVE(MEM(BINOP(PLUS, TEMP r, CONST 8i)), e_i) ...   in source order),
//        TEMP r)
TrExp Translator::recordExp(const ast::RecordExp& e) {
  // LAB translate BEGIN recordExp()
  const types::Type* t = e.type ? types::actual(e.type) : nullptr;
  std::size_t n = e.fields.size();
  if (t && t->kind == types::Kind::Record)
    n = std::max(n, static_cast<const types::RecordType*>(t)->fields.size());
  Temp_temp r = temps_.newTemp();
  T_exp bytes = A.Const(static_cast<std::int64_t>(kWord * n));
  std::vector<T_stm> stms{
      A.Move(A.Temp(r), A.Call(A.Name(temps_.namedLabel("allocRecord")), {bytes}))};
  for (std::size_t k = 0; k < e.fields.size(); ++k) {
    const ast::FieldInit& fi = e.fields[k];
    int i = fi.fieldIndex >= 0 ? fi.fieldIndex : static_cast<int>(k);
    T_exp slot = A.Mem(A.Binop(BinOp::PLUS, A.Temp(r), A.Const(kWord * i)));
    stms.push_back(A.Move(slot, fi.init ? ex(*fi.init) : A.Const(0)));
  }
  return TrExp::Ex(A.Eseq(A.SeqList(stms), A.Temp(r)));
  // LAB END
}

// T[size] of init => CALL(NAME initArray, [size, init])   (size evaluated first)
TrExp Translator::arrayExp(const ast::ArrayExp& e) {
  // LAB translate BEGIN arrayExp()
  T_exp size = ex(*e.size);
  T_exp init = ex(*e.init);
  return TrExp::Ex(A.Call(A.Name(temps_.namedLabel("initArray")), {size, init}));
  // LAB END
}

// (e1; ...; en) => SEQ(unNx e1, ... unNx e(n-1)) then en; () => Nx(EXP(CONST 0)).
// Iterates over the elements: a sequence of 10^6 expressions needs no deep recursion.
TrExp Translator::seqExp(const ast::SeqExp& e) {
  if (e.exps.empty()) return TrExp::Nx(A.Exp(A.Const(0)));
  std::vector<T_stm> stms;
  stms.reserve(e.exps.size());
  for (std::size_t k = 0; k + 1 < e.exps.size(); ++k) {
    stms.push_back(nx(*e.exps[k]));
    done(e.exps[k]);
  }
  return withStms(std::move(stms), exp(*e.exps.back()));
}

// stms then `last`:  Nx(SEQ(stms..., s))  or  Ex(ESEQ(SEQ(stms...), unEx last)).
TrExp Translator::withStms(std::vector<T_stm> stms, TrExp last) {
  if (stms.empty()) return last;
  if (last.kind == TrExp::Kind::Nx) {
    stms.push_back(last.nx);
    return TrExp::Nx(A.SeqList(stms));
  }
  T_exp value = translate::unEx(p_, std::move(last));
  return TrExp::Ex(A.Eseq(A.SeqList(stms), value));
}

// ---- Control ------------------------------------------------------------------------

// The book's care with `if`: the shape of the result follows the shapes of the branches.
// t and f are made first, and the test, jumping to them, is built at once.
//   if a then b  =>  SEQ(a(t, f), LABEL t, unNx b, LABEL f)
TrExp Translator::ifExp(const ast::IfExp& e) {
  // LAB translate BEGIN ifExp()
  Branch br{nullptr, temps_.newLabel(), temps_.newLabel()};
  br.test = cx(*e.test)(br.t, br.f);
  TrExp a = exp(*e.thenE);
  if (!e.elseE)
    return TrExp::Nx(A.SeqList(
        {br.test, A.Label(br.t), translate::unNx(p_, std::move(a)), A.Label(br.f)}));
  TrExp b = exp(*e.elseE);
  if (hasKind(e, types::Kind::Unit)) return ifThenElse(br, std::move(a), std::move(b));
  if (a.kind == TrExp::Kind::Cx || b.kind == TrExp::Kind::Cx)
    return ifCond(br, std::move(a), std::move(b));
  return ifValue(br, std::move(a), std::move(b));
  // LAB END
}

// if a then b else c (no value)
//   => SEQ(a(t, f), LABEL t, unNx b, JUMP join, LABEL f, unNx c, LABEL join)
TrExp Translator::ifThenElse(const Branch& br, TrExp a, TrExp b) {
  // LAB translate BEGIN ifThenElse()
  Temp_label join = temps_.newLabel();
  T_stm sa = translate::unNx(p_, std::move(a));
  T_stm sb = translate::unNx(p_, std::move(b));
  return TrExp::Nx(A.SeqList(
      {br.test, A.Label(br.t), sa, A.Jump(join), A.Label(br.f), sb, A.Label(join)}));
  // LAB END
}

// if a then b else c, b or c a condition (as `x < y & y < z` becomes): a condition,
//   (T, F) => SEQ(a(t, f), LABEL t, b(T, F), LABEL f, c(T, F))
// so no 0/1 value is made only to be tested again. Its value, unless b and c are both
// 0 or 1, is the if's value (ifValue).
TrExp Translator::ifCond(const Branch& br, TrExp a, TrExp b) {
  // LAB translate BEGIN ifCond()
  bool boolean = translate::isBoolean(a) && translate::isBoolean(b);
  auto pa = std::make_shared<TrExp>(std::move(a)),
       pb = std::make_shared<TrExp>(std::move(b));
  CondFn cond = [this, br, pa, pb](Temp_label T, Temp_label F) {
    T_stm sa = translate::unCx(p_, std::move(*pa))(T, F);
    T_stm sb = translate::unCx(p_, std::move(*pb))(T, F);
    return A.SeqList({br.test, A.Label(br.t), sa, A.Label(br.f), sb});
  };
  if (boolean) return TrExp::Cx(std::move(cond));
  auto value = [this, br, pa, pb] {
    return ifValue(br, std::move(*pa), std::move(*pb)).ex;
  };
  return TrExp::Cx(std::move(cond), std::move(value));
  // LAB END
}

// if a then b else c (a value)
//   => ESEQ(SEQ(a(t, f), LABEL t, MOVE(TEMP r, b), JUMP join,
//               LABEL f, MOVE(TEMP r, c), LABEL join), TEMP r)
TrExp Translator::ifValue(const Branch& br, TrExp a, TrExp b) {
  // LAB translate BEGIN ifValue()
  Temp_temp r = temps_.newTemp();
  Temp_label join = temps_.newLabel();
  T_exp va = translate::unEx(p_, std::move(a));
  T_exp vb = translate::unEx(p_, std::move(b));
  T_stm s = A.SeqList({br.test, A.Label(br.t), A.Move(A.Temp(r), va), A.Jump(join),
                       A.Label(br.f), A.Move(A.Temp(r), vb), A.Label(join)});
  return TrExp::Ex(A.Eseq(s, A.Temp(r)));
  // LAB END
}

// while a do b  =>  LABEL test; a(body, done); LABEL body; unNx b; JUMP test; LABEL done
// (continue => JUMP test, break => JUMP done)
TrExp Translator::whileExp(const ast::WhileExp& e) {
  // LAB translate BEGIN whileExp()
  Temp_label test = temps_.newLabel(), body = temps_.newLabel(), done = temps_.newLabel();
  loops_[&e] = LoopLabels{test, done};
  CondFn cond = cx(*e.test);
  T_stm b = nx(*e.body);
  return TrExp::Nx(A.SeqList(
      {A.Label(test), cond(body, done), A.Label(body), b, A.Jump(test), A.Label(done)}));
  // LAB END
}

// for i := lo to hi do b =>
//     MOVE(i, lo); MOVE(TEMP limit, hi)
//     CJUMP(GT, i, TEMP limit, done, body)
//   LABEL body; unNx b
//   LABEL next                                   (continue => JUMP next)
//     CJUMP(GE, i, TEMP limit, done, incr)       (stop before i + 1 could overflow)
//   LABEL incr; MOVE(i, BINOP(PLUS, i, CONST 1)); JUMP body
//   LABEL done                                   (break => JUMP done)
TrExp Translator::forExp(const ast::ForExp& e) {
  // LAB translate BEGIN forExp()
  T_exp i = declareVar(e.var);
  Temp_temp limit = temps_.newTemp();
  Temp_label body = temps_.newLabel(), next = temps_.newLabel(), incr = temps_.newLabel(),
             done = temps_.newLabel();
  loops_[&e] = LoopLabels{next, done};
  T_exp lo = ex(*e.lo); // the index is not in scope in lo and hi
  T_exp hi = ex(*e.hi);
  T_stm b = nx(*e.body);
  auto index = [&] { return varAccess(e.var); };
  return TrExp::Nx(A.SeqList(
      {A.Move(i, lo), A.Move(A.Temp(limit), hi),
       A.Cjump(RelOp::GT, index(), A.Temp(limit), done, body), A.Label(body), b,
       A.Label(next), A.Cjump(RelOp::GE, index(), A.Temp(limit), done, incr),
       A.Label(incr), A.Move(index(), A.Binop(BinOp::PLUS, index(), A.Const(1))),
       A.Jump(body), A.Label(done)}));
  // LAB END
}

// break => JUMP done, continue => JUMP next, of the loop semant found.
TrExp Translator::jumpTo(const ast::Exp* loop, bool toDone) {
  // LAB translate BEGIN jumpTo()
  auto it = loop ? loops_.find(loop) : loops_.end();
  if (it == loops_.end()) return TrExp::Nx(A.Exp(A.Const(0))); // semant rejects this
  return TrExp::Nx(A.Jump(toDone ? it->second.done : it->second.next));
  // LAB END
}

// let decs in body end => SEQ(var initialisations in order) then body. Function decs
// become PROC fragments; type decs produce no code. Iterates over the declarations.
//   var x := e  =>  MOVE(access of x, e)
TrExp Translator::letExp(const ast::LetExp& e) {
  std::vector<T_stm> stms;
  for (const ast::DecPtr& d : e.decs) {
    if (d->kind == ast::DecKind::Function) {
      functionDec(*ast::as<ast::FunctionDec>(d.get()));
    } else if (d->kind == ast::DecKind::Var) {
      const auto& v = *ast::as<ast::VarDec>(d.get());
      tree::PosScope here(A, srcPos(v.loc));
      T_exp dst = declareVar(v.var); // `var x := x` reads the outer x: semant bound it
      stms.push_back(A.Move(dst, v.init ? ex(*v.init) : A.Const(0)));
    }
  }
  TrExp body = e.body ? exp(*e.body) : TrExp::Nx(A.Exp(A.Const(0)));
  return withStms(std::move(stms), std::move(body));
}

} // namespace

std::unique_ptr<ir::Program> translateProgram(const ast::Program& prog) {
  auto out = std::make_unique<ir::Program>();
  Translator(*out, false).program(prog);
  return out;
}

std::unique_ptr<ir::Program> translateProgram(std::unique_ptr<ast::Program> prog) {
  auto out = std::make_unique<ir::Program>();
  Translator(*out, true).program(*prog);
  return out;
}

} // namespace tiger
