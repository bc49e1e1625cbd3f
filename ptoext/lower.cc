// lower.cc - typed Tiger AST -> structured IR; see lower.hh and sir.hh.
//
// Each Tiger construct and what it becomes (e' is the lowered, effect-free value of e;
// "S(e)" the statements that compute it, in evaluation order):
//
//   e1 op e2          S(e1) [t = e1' if S(e2) not empty] S(e2)  ->  e1' op e2'
//   e1 & e2           S(e1); if e1' != 0: S(e2); t = e2'  else: t = 0        -> t
//   e1 | e2           S(e1); if e1' != 0: t = 1  else: S(e2); t = e2'        -> t
//   s1 = s2 (strings) t = stringEqual(s1', s2') -> t != 0   (<, <=, ...: stringCompare)
//   f(args)           S(args); t = f(sl, args')  (Eval when f has no result)  -> t
//   r.f               t = checkNil(r'); -> load(t, index of f)
//   a[i]              t = checkIndex(a', i') -> load(a', t)
//   x (escaping)      load(frame of x's function, slot of x)
//   T{f = e, ...}     t = allocRecord(8 n); S(e); store(t, index of f, e'); ... -> t
//   T[n] of v         t = initArray(n', v')                                     -> t
//   if/while/for      If / While(S(test); test' != 0) / For(i, lo', hi')
//
// The `[t = e1' ...]` rule keeps Tiger's left-to-right order: a value that reads a
// variable or memory is copied into a temporary before later operands run effects.
// A discarded value that may fail (it contains a division) is still computed.
#include "ptoext/lower.hh"

#include "chap7/front/types.hh"
#include "ptoext/pto_error.hh"

#include <algorithm>
#include <map>
#include <set>

namespace tiger::pto {
namespace {

using sir::Block;
using sir::ExprPtr;
using sir::intConst;
using sir::kNoVar;
using sir::VarId;

// Where a Tiger variable lives: a plain variable, or slot `slot` of the frame of the
// function at depth `depth` (slot 0 is the static link, so a frame slot is >= 1).
struct Location {
  VarId var = kNoVar; // plain variable; also set for parameters and for indices
  int slot = 0;       // > 0 when the variable escapes
  int depth = 0;
};

// The variables a function declares at its own level, and whether it nests functions.
struct FunctionScan {
  std::vector<const ast::VarBinding*> vars;
  bool hasNested = false;
};

void scanExp(const ast::Exp* e, FunctionScan& scan);

void scanVar(const ast::Var& v, FunctionScan& scan) {
  if (v.kind == ast::VarKind::Field) scanVar(*ast::as<ast::FieldVar>(&v)->var, scan);
  if (v.kind != ast::VarKind::Subscript) return;
  auto* s = ast::as<ast::SubscriptVar>(&v);
  scanVar(*s->var, scan);
  scanExp(s->index.get(), scan);
}

void scanLet(const ast::LetExp& let, FunctionScan& scan) {
  for (const ast::DecPtr& d : let.decs) {
    if (d->kind == ast::DecKind::Function) scan.hasNested = true;
    if (d->kind != ast::DecKind::Var) continue;
    auto* vd = ast::as<ast::VarDec>(d.get());
    scanExp(vd->init.get(), scan);
    scan.vars.push_back(&vd->var);
  }
  scanExp(let.body.get(), scan);
}

// Collects the declarations of one function body (not of the functions it nests).
void scanExp(const ast::Exp* e, FunctionScan& scan) {
  if (!e) return;
  switch (e->kind) {
  case ast::ExpKind::Var: scanVar(*ast::as<ast::VarExp>(e)->var, scan); return;
  case ast::ExpKind::Call:
    for (const ast::ExpPtr& a : ast::as<ast::CallExp>(e)->args)
      scanExp(a.get(), scan);
    return;
  case ast::ExpKind::Op:
    scanExp(ast::as<ast::OpExp>(e)->left.get(), scan);
    scanExp(ast::as<ast::OpExp>(e)->right.get(), scan);
    return;
  case ast::ExpKind::Record:
    for (const ast::FieldInit& f : ast::as<ast::RecordExp>(e)->fields)
      scanExp(f.init.get(), scan);
    return;
  case ast::ExpKind::Seq:
    for (const ast::ExpPtr& x : ast::as<ast::SeqExp>(e)->exps)
      scanExp(x.get(), scan);
    return;
  case ast::ExpKind::Assign:
    scanVar(*ast::as<ast::AssignExp>(e)->var, scan);
    scanExp(ast::as<ast::AssignExp>(e)->exp.get(), scan);
    return;
  case ast::ExpKind::If: {
    auto* i = ast::as<ast::IfExp>(e);
    for (const ast::Exp* x : {i->test.get(), i->thenE.get(), i->elseE.get()})
      scanExp(x, scan);
    return;
  }
  case ast::ExpKind::While:
    scanExp(ast::as<ast::WhileExp>(e)->test.get(), scan);
    scanExp(ast::as<ast::WhileExp>(e)->body.get(), scan);
    return;
  case ast::ExpKind::For: {
    auto* f = ast::as<ast::ForExp>(e);
    for (const ast::Exp* x : {f->lo.get(), f->hi.get()})
      scanExp(x, scan);
    scan.vars.push_back(&f->var);
    scanExp(f->body.get(), scan);
    return;
  }
  case ast::ExpKind::Let: scanLet(*ast::as<ast::LetExp>(e), scan); return;
  case ast::ExpKind::Array:
    scanExp(ast::as<ast::ArrayExp>(e)->size.get(), scan);
    scanExp(ast::as<ast::ArrayExp>(e)->init.get(), scan);
    return;
  default: return;
  }
}

bool isUnit(const types::Type* t) {
  if (!t) throw PtoError("expression without a type (semant did not run?)");
  const types::Type* a = types::actual(t);
  return a && a->kind == types::Kind::Unit;
}

bool isString(const types::Type* t) {
  const types::Type* a = t ? types::actual(t) : nullptr;
  return a && a->kind == types::Kind::String;
}

ExprPtr runtimeCall(const char* name, std::vector<ExprPtr> args) {
  return std::make_unique<sir::Call>(sir::Callee::Runtime, name, std::move(args));
}

template <class... E> std::vector<ExprPtr> exprs(E... e) {
  std::vector<ExprPtr> v;
  (v.push_back(std::move(e)), ...);
  return v;
}

// Everything the functions of one module share: the module and variable locations.
struct ModuleCtx {
  sir::Module& mod;
  std::map<const ast::VarBinding*, Location> locations;
};

// Lowers one Tiger function (or the main program) into one sir::Function.
class FunctionLowering {
public:
  FunctionLowering(ModuleCtx& ctx, const ast::FunDec* fun)
      : ctx_(ctx), fun_(fun), depth_(fun ? fun->depth : 0) {}
  sir::Function run(const ast::Exp& body);

private:
  // Names and locations.
  std::string uniqueBase(const std::string& name);
  void declare(const ast::VarBinding& b, bool needsVar);
  void prologue(const FunctionScan& scan);
  const Location& where(const ast::VarBinding* b) const;
  ExprPtr frameAt(int depth) const;
  // Temporaries and evaluation order.
  VarId newVar(std::string base, bool isStable);
  VarId newTemp();
  ExprPtr temp(ExprPtr value, Block& out);
  bool isStable(const sir::Expr& e) const;
  ExprPtr stable(ExprPtr e, Block& out);
  ExprPtr atomic(ExprPtr e, Block& out);
  ExprPtr later(const std::vector<ExprPtr*>& prior, const ast::Exp& e, Block& out);
  ExprPtr need(ExprPtr e) const;
  std::vector<ExprPtr> operands(const std::vector<const ast::Exp*>& es, Block& out);
  void discard(ExprPtr e, Block& out);
  void assignTo(VarId v, ExprPtr e, Block& out);
  // Expressions.
  ExprPtr exp(const ast::Exp& e, Block& out);
  ExprPtr cond(const ast::Exp& e, Block& out);
  ExprPtr var(const ast::Var& v, Block& out);
  ExprPtr subscriptAddress(const ast::SubscriptVar& s, ExprPtr* base, Block& out);
  ExprPtr call(const ast::CallExp& c, Block& out);
  ExprPtr op(const ast::OpExp& o, Block& out);
  ExprPtr shortCircuit(const ast::OpExp& o, Block& out);
  ExprPtr record(const ast::RecordExp& r, Block& out);
  ExprPtr seq(const ast::SeqExp& s, Block& out);
  void assign(const ast::AssignExp& a, Block& out);
  ExprPtr ifExp(const ast::IfExp& i, Block& out);
  void whileExp(const ast::WhileExp& w, Block& out);
  void forExp(const ast::ForExp& f, Block& out);
  ExprPtr let(const ast::LetExp& l, Block& out);
  void varDec(const ast::VarDec& d, Block& out);

  ModuleCtx& ctx_;
  const ast::FunDec* fun_;
  int depth_;
  sir::Function f_;
  VarId sl_ = kNoVar, fp_ = kNoVar;
  int nextTemp_ = 0, nextSlot_ = 1;
  std::set<std::string> userNames_, usedBases_;
  std::map<std::string, int> nextSuffix_; // per name: the last N tried by uniqueBase
  std::vector<bool> stable_; // per VarId: never reassigned once defined (temps, indices)
};

// ---- Names and locations ------------------------------------------------------------

// A shadowed name gets the next `name_N` that no variable of the function uses
// (the search for each name resumes where it stopped: linear in the declarations).
std::string FunctionLowering::uniqueBase(const std::string& name) {
  std::string base = name;
  int& n = nextSuffix_[name];
  while (usedBases_.count(base) || (base != name && userNames_.count(base)))
    base = name + "_" + std::to_string(++n);
  usedBases_.insert(base);
  return base;
}

void FunctionLowering::declare(const ast::VarBinding& b, bool needsVar) {
  Location loc;
  loc.depth = depth_;
  if (b.escape) loc.slot = nextSlot_++;
  if (!b.escape || needsVar) loc.var = newVar(uniqueBase(b.name), b.readOnly);
  ctx_.locations[&b] = loc;
}

// Declares parameters and locals; allocates the frame when something escapes or a
// nested function needs this function's frame as its static link.
void FunctionLowering::prologue(const FunctionScan& scan) {
  for (const ast::VarBinding* b : scan.vars)
    userNames_.insert(b->name);
  if (fun_) {
    for (const ast::Formal& p : fun_->params)
      userNames_.insert(p.var.name);
    sl_ = newVar("_sl", true);
    f_.params.push_back(sl_);
    for (const ast::Formal& p : fun_->params) {
      declare(p.var, true);
      f_.params.push_back(ctx_.locations[&p.var].var);
    }
  }
  for (const ast::VarBinding* b : scan.vars)
    declare(*b, b->readOnly);
  if (nextSlot_ == 1 && !scan.hasNested) return;
  fp_ = newVar("_fp", true);
  f_.body.push_back(std::make_unique<sir::Assign>(
      fp_, runtimeCall("allocRecord", exprs(intConst(8 * std::int64_t{nextSlot_})))));
  ExprPtr link =
      fun_ ? ExprPtr(std::make_unique<sir::VarRef>(sir::Type::Int64, sl_)) : intConst(0);
  f_.body.push_back(
      std::make_unique<sir::Store>(frameAt(depth_), intConst(0), std::move(link)));
  if (!fun_) return;
  for (const ast::Formal& p : fun_->params) {
    const Location& loc = where(&p.var);
    if (loc.slot == 0) continue;
    f_.body.push_back(std::make_unique<sir::Store>(
        frameAt(depth_), intConst(loc.slot),
        std::make_unique<sir::VarRef>(sir::Type::Int64, loc.var)));
  }
}

const Location& FunctionLowering::where(const ast::VarBinding* b) const {
  auto it = b ? ctx_.locations.find(b) : ctx_.locations.end();
  if (it == ctx_.locations.end())
    throw PtoError("variable without a binding (semant did not run?)");
  return it->second;
}

// The frame of the enclosing function at `depth`, through static links (Appel 6.2):
// our own _fp, then _sl, then slot 0 of each frame further out.
ExprPtr FunctionLowering::frameAt(int depth) const {
  if (depth > depth_ || depth < 0) throw PtoError("bad static-link depth");
  if (depth == depth_) {
    if (fp_ == kNoVar) throw PtoError("frame used but not allocated");
    return std::make_unique<sir::VarRef>(sir::Type::Int64, fp_);
  }
  if (sl_ == kNoVar) throw PtoError("static link missing");
  ExprPtr frame = std::make_unique<sir::VarRef>(sir::Type::Int64, sl_);
  for (int d = depth_ - 1; d > depth; --d)
    frame = std::make_unique<sir::Load>(std::move(frame), intConst(0));
  return frame;
}

// ---- Temporaries and evaluation order ------------------------------------------------

VarId FunctionLowering::newVar(std::string base, bool isStable) {
  stable_.push_back(isStable);
  return f_.newVar(std::move(base), sir::Type::Int64);
}

VarId FunctionLowering::newTemp() {
  return newVar("_t" + std::to_string(nextTemp_++), true);
}

ExprPtr FunctionLowering::temp(ExprPtr value, Block& out) {
  VarId t = newTemp();
  out.push_back(std::make_unique<sir::Assign>(t, std::move(value)));
  return std::make_unique<sir::VarRef>(sir::Type::Int64, t);
}

// A value that later effects cannot change: constants and temporaries stay, anything
// reading a variable or memory is copied.
bool FunctionLowering::isStable(const sir::Expr& e) const {
  if (e.kind == sir::ExprKind::Const || e.kind == sir::ExprKind::String) return true;
  return e.kind == sir::ExprKind::VarRef &&
         stable_[static_cast<std::size_t>(sir::as<sir::VarRef>(&e)->var)];
}

ExprPtr FunctionLowering::stable(ExprPtr e, Block& out) {
  return isStable(*e) ? std::move(e) : temp(std::move(e), out);
}

// A constant or a variable, so it can be used twice.
ExprPtr FunctionLowering::atomic(ExprPtr e, Block& out) {
  if (e->kind == sir::ExprKind::Const || e->kind == sir::ExprKind::VarRef) return e;
  return temp(std::move(e), out);
}

// Lowers `e`, a later operand, after the earlier operands' values `prior`: when e adds
// statements, those values are made stable before them (the rule e1 op e2 above). Their
// temporaries are made after e's, and their assignments fill slots kept empty in `out`
// while e is lowered there: e's statements are never moved, so right-nested operands
// a + (b + (c + ...)) lower in linear time, not once per level.
ExprPtr FunctionLowering::later(const std::vector<ExprPtr*>& prior, const ast::Exp& e,
                                Block& out) {
  std::size_t slot = out.size();
  std::size_t saves = static_cast<std::size_t>(std::count_if(
      prior.begin(), prior.end(), [&](ExprPtr* p) { return !isStable(**p); }));
  out.resize(slot + saves); // the empty slots
  ExprPtr v = need(exp(e, out));
  if (out.size() ==
      slot + saves) { // e added nothing: the earlier values stay as they are
    out.resize(slot);
    return v;
  }
  Block made;
  for (ExprPtr* p : prior)
    *p = stable(std::move(*p), made);
  std::move(made.begin(), made.end(), out.begin() + static_cast<std::ptrdiff_t>(slot));
  return v;
}

ExprPtr FunctionLowering::need(ExprPtr e) const {
  if (!e) throw PtoError("a value of type unit is used");
  return e;
}

// Lowers operands left to right (the rule e1 op e2 above, for any number).
std::vector<ExprPtr> FunctionLowering::operands(const std::vector<const ast::Exp*>& es,
                                                Block& out) {
  std::vector<ExprPtr> vals;
  vals.reserve(es.size()); // `prior` points into vals
  std::vector<ExprPtr*> prior;
  for (const ast::Exp* e : es) {
    vals.push_back(vals.empty() ? need(exp(*e, out)) : later(prior, *e, out));
    prior.push_back(&vals.back());
  }
  return vals;
}

void FunctionLowering::discard(ExprPtr e, Block& out) {
  if (e && sir::mayFail(*e)) temp(std::move(e), out);
}

// v = e; when e is the temporary the last statement just computed, that statement
// assigns v directly (`_t3 = f(x); v = _t3` becomes `v = f(x)`).
void FunctionLowering::assignTo(VarId v, ExprPtr e, Block& out) {
  if (e->kind == sir::ExprKind::VarRef && !out.empty() &&
      out.back() && // not a slot of later()
      out.back()->kind == sir::StmtKind::Assign) {
    auto* last = sir::as<sir::Assign>(out.back().get());
    VarId t = sir::as<sir::VarRef>(e.get())->var;
    if (last->var == t && t == static_cast<VarId>(f_.vars.size()) - 1 &&
        f_.vars.back().base.rfind("_t", 0) == 0) {
      last->var = v;
      f_.vars.pop_back(); // the temporary is no longer used: reuse its number
      stable_.pop_back();
      --nextTemp_;
      return;
    }
  }
  out.push_back(std::make_unique<sir::Assign>(v, std::move(e)));
}

// ---- Expressions --------------------------------------------------------------------

ExprPtr FunctionLowering::exp(const ast::Exp& e, Block& out) {
  switch (e.kind) {
  case ast::ExpKind::Var: return var(*ast::as<ast::VarExp>(&e)->var, out);
  case ast::ExpKind::Nil: return intConst(0);
  case ast::ExpKind::Int: return intConst(ast::as<ast::IntExp>(&e)->value);
  case ast::ExpKind::String:
    return std::make_unique<sir::String>(ast::as<ast::StringExp>(&e)->value);
  case ast::ExpKind::Call: return call(*ast::as<ast::CallExp>(&e), out);
  case ast::ExpKind::Op: return op(*ast::as<ast::OpExp>(&e), out);
  case ast::ExpKind::Record: return record(*ast::as<ast::RecordExp>(&e), out);
  case ast::ExpKind::Seq: return seq(*ast::as<ast::SeqExp>(&e), out);
  case ast::ExpKind::Assign: assign(*ast::as<ast::AssignExp>(&e), out); return nullptr;
  case ast::ExpKind::If: return ifExp(*ast::as<ast::IfExp>(&e), out);
  case ast::ExpKind::While: whileExp(*ast::as<ast::WhileExp>(&e), out); return nullptr;
  case ast::ExpKind::For: forExp(*ast::as<ast::ForExp>(&e), out); return nullptr;
  case ast::ExpKind::Break: out.push_back(std::make_unique<sir::Break>()); return nullptr;
  case ast::ExpKind::Continue:
    out.push_back(std::make_unique<sir::Continue>());
    return nullptr;
  case ast::ExpKind::Let: return let(*ast::as<ast::LetExp>(&e), out);
  case ast::ExpKind::Array: {
    auto* a = ast::as<ast::ArrayExp>(&e);
    return temp(runtimeCall("initArray", operands({a->size.get(), a->init.get()}, out)),
                out);
  }
  }
  throw PtoError("unknown expression kind");
}

// A Tiger test as a BOOL: a comparison directly, anything else `e' != 0`.
ExprPtr FunctionLowering::cond(const ast::Exp& e, Block& out) {
  ExprPtr v = need(exp(e, out));
  if (v->kind == sir::ExprKind::Unary &&
      sir::as<sir::Unary>(v.get())->op == sir::UnOp::ToInt)
    return std::move(sir::as<sir::Unary>(v.get())->operand);
  return std::make_unique<sir::Compare>(sir::CmpOp::Ne, std::move(v), intConst(0));
}

ExprPtr FunctionLowering::var(const ast::Var& v, Block& out) {
  switch (v.kind) {
  case ast::VarKind::Simple: {
    const Location& loc = where(ast::as<ast::SimpleVar>(&v)->binding);
    if (loc.slot == 0) return std::make_unique<sir::VarRef>(sir::Type::Int64, loc.var);
    return std::make_unique<sir::Load>(frameAt(loc.depth), intConst(loc.slot));
  }
  case ast::VarKind::Field: {
    auto* fv = ast::as<ast::FieldVar>(&v);
    ExprPtr rec = temp(runtimeCall("checkNil", exprs(var(*fv->var, out))), out);
    return std::make_unique<sir::Load>(std::move(rec), intConst(fv->fieldIndex));
  }
  case ast::VarKind::Subscript: {
    ExprPtr base;
    ExprPtr index = subscriptAddress(*ast::as<ast::SubscriptVar>(&v), &base, out);
    return std::make_unique<sir::Load>(std::move(base), std::move(index));
  }
  }
  throw PtoError("unknown variable kind");
}

// a[i]: computes the array `*base` (a constant or variable) and returns the checked index.
ExprPtr FunctionLowering::subscriptAddress(const ast::SubscriptVar& s, ExprPtr* base,
                                           Block& out) {
  ExprPtr arr = var(*s.var, out);
  ExprPtr index = later({&arr}, *s.index, out);
  *base = atomic(std::move(arr), out);
  return temp(runtimeCall("checkIndex", exprs(sir::cloneExpr(**base), std::move(index))),
              out);
}

ExprPtr FunctionLowering::call(const ast::CallExp& c, Block& out) {
  std::vector<const ast::Exp*> argExps;
  for (const ast::ExpPtr& a : c.args)
    argExps.push_back(a.get());
  std::vector<ExprPtr> args = operands(argExps, out);
  ExprPtr callee;
  if (c.fun) {
    args.insert(args.begin(), frameAt(c.fun->depth - 1)); // the static link
    callee =
        std::make_unique<sir::Call>(sir::Callee::User, c.fun->label, std::move(args));
  } else if (c.builtin != ast::Builtin::None) {
    callee = runtimeCall(ast::builtinName(c.builtin), std::move(args));
  } else {
    throw PtoError("call of '" + c.func.str() +
                   "' without a callee (semant did not run?)");
  }
  if (!isUnit(c.type)) return temp(std::move(callee), out);
  out.push_back(std::make_unique<sir::Eval>(std::move(callee)));
  return nullptr;
}

ExprPtr FunctionLowering::op(const ast::OpExp& o, Block& out) {
  if (o.op == ast::Oper::And || o.op == ast::Oper::Or) return shortCircuit(o, out);
  std::vector<ExprPtr> v = operands({o.left.get(), o.right.get()}, out);
  static const sir::BinOp arith[] = {sir::BinOp::Add, sir::BinOp::Sub, sir::BinOp::Mul,
                                     sir::BinOp::Div};
  static const sir::CmpOp cmp[] = {sir::CmpOp::Eq, sir::CmpOp::Ne, sir::CmpOp::Lt,
                                   sir::CmpOp::Le, sir::CmpOp::Gt, sir::CmpOp::Ge};
  int k = static_cast<int>(o.op);
  if (k <= static_cast<int>(ast::Oper::Divide))
    return std::make_unique<sir::Binary>(sir::Type::Int64, arith[k], std::move(v[0]),
                                         std::move(v[1]));
  sir::CmpOp c = cmp[k - static_cast<int>(ast::Oper::Eq)];
  if (isString(o.left->type)) {
    // s1 = s2 -> stringEqual(s1, s2) != 0;  s1 < s2 -> stringCompare(s1, s2) < 0
    bool eq = c == sir::CmpOp::Eq || c == sir::CmpOp::Ne;
    ExprPtr r =
        temp(runtimeCall(eq ? "stringEqual" : "stringCompare", std::move(v)), out);
    if (eq) c = c == sir::CmpOp::Eq ? sir::CmpOp::Ne : sir::CmpOp::Eq;
    v = exprs(std::move(r), intConst(0));
  }
  return std::make_unique<sir::Unary>(
      sir::Type::Int64, sir::UnOp::ToInt,
      std::make_unique<sir::Compare>(c, std::move(v[0]), std::move(v[1])));
}

// e1 & e2 = if e1 then e2 else 0;  e1 | e2 = if e1 then 1 else e2  (short-circuit)
ExprPtr FunctionLowering::shortCircuit(const ast::OpExp& o, Block& out) {
  ExprPtr c = cond(*o.left, out);
  VarId t = newTemp();
  Block rhs, other;
  ExprPtr r = need(exp(*o.right, rhs));
  rhs.push_back(std::make_unique<sir::Assign>(t, std::move(r)));
  bool isAnd = o.op == ast::Oper::And;
  other.push_back(std::make_unique<sir::Assign>(t, intConst(isAnd ? 0 : 1)));
  out.push_back(std::make_unique<sir::If>(std::move(c), std::move(isAnd ? rhs : other),
                                          std::move(isAnd ? other : rhs)));
  return std::make_unique<sir::VarRef>(sir::Type::Int64, t);
}

ExprPtr FunctionLowering::record(const ast::RecordExp& r, Block& out) {
  std::int64_t words = static_cast<std::int64_t>(r.fields.size());
  ExprPtr rec = temp(runtimeCall("allocRecord", exprs(intConst(8 * words))), out);
  for (const ast::FieldInit& f : r.fields) {
    ExprPtr v = need(exp(*f.init, out));
    out.push_back(std::make_unique<sir::Store>(sir::cloneExpr(*rec),
                                               intConst(f.fieldIndex), std::move(v)));
  }
  return rec;
}

ExprPtr FunctionLowering::seq(const ast::SeqExp& s, Block& out) {
  ExprPtr last;
  for (const ast::ExpPtr& e : s.exps) {
    discard(std::move(last), out);
    last = exp(*e, out);
  }
  return last;
}

// lvalue := e. The place (frame, record, array + index) is computed before e.
void FunctionLowering::assign(const ast::AssignExp& a, Block& out) {
  ExprPtr base, index;
  if (a.var->kind == ast::VarKind::Simple) {
    const Location& loc = where(ast::as<ast::SimpleVar>(a.var.get())->binding);
    if (loc.slot == 0) return assignTo(loc.var, need(exp(*a.exp, out)), out);
    base = frameAt(loc.depth);
    index = intConst(loc.slot);
  } else if (a.var->kind == ast::VarKind::Field) {
    auto* fv = ast::as<ast::FieldVar>(a.var.get());
    base = temp(runtimeCall("checkNil", exprs(var(*fv->var, out))), out);
    index = intConst(fv->fieldIndex);
  } else {
    index = subscriptAddress(*ast::as<ast::SubscriptVar>(a.var.get()), &base, out);
  }
  ExprPtr v = later({&base}, *a.exp, out);
  out.push_back(
      std::make_unique<sir::Store>(std::move(base), std::move(index), std::move(v)));
}

ExprPtr FunctionLowering::ifExp(const ast::IfExp& i, Block& out) {
  ExprPtr c = cond(*i.test, out);
  Block thenB, elseB;
  ExprPtr a = exp(*i.thenE, thenB);
  ExprPtr b = i.elseE ? exp(*i.elseE, elseB) : nullptr;
  VarId t = kNoVar;
  if (i.elseE && !isUnit(i.type)) {
    t = newTemp();
    thenB.push_back(std::make_unique<sir::Assign>(t, need(std::move(a))));
    elseB.push_back(std::make_unique<sir::Assign>(t, need(std::move(b))));
  } else {
    discard(std::move(a), thenB);
    discard(std::move(b), elseB);
  }
  out.push_back(
      std::make_unique<sir::If>(std::move(c), std::move(thenB), std::move(elseB)));
  if (t == kNoVar) return nullptr;
  return std::make_unique<sir::VarRef>(sir::Type::Int64, t);
}

void FunctionLowering::whileExp(const ast::WhileExp& w, Block& out) {
  Block condStmts, body;
  ExprPtr c = cond(*w.test, condStmts);
  discard(exp(*w.body, body), body);
  out.push_back(
      std::make_unique<sir::While>(std::move(condStmts), std::move(c), std::move(body)));
}

// for i := lo to hi do body: lo and hi once, in order; an escaping index is copied
// into its frame slot at the start of every iteration.
void FunctionLowering::forExp(const ast::ForExp& f, Block& out) {
  std::vector<ExprPtr> bounds = operands({f.lo.get(), f.hi.get()}, out);
  const Location& loc = where(&f.var);
  Block body;
  if (loc.slot != 0)
    body.push_back(std::make_unique<sir::Store>(
        frameAt(depth_), intConst(loc.slot),
        std::make_unique<sir::VarRef>(sir::Type::Int64, loc.var)));
  discard(exp(*f.body, body), body);
  out.push_back(std::make_unique<sir::For>(loc.var, std::move(bounds[0]),
                                           std::move(bounds[1]), std::move(body)));
}

ExprPtr FunctionLowering::let(const ast::LetExp& l, Block& out) {
  for (const ast::DecPtr& d : l.decs) {
    if (d->kind == ast::DecKind::Var) varDec(*ast::as<ast::VarDec>(d.get()), out);
    if (d->kind != ast::DecKind::Function) continue;
    for (const auto& fd : ast::as<ast::FunctionDec>(d.get())->funs) {
      if (!fd->body) throw PtoError("function without a body");
      std::size_t slot = ctx_.mod.functions.size();
      ctx_.mod.functions.emplace_back();
      sir::Function nested = FunctionLowering(ctx_, fd.get()).run(*fd->body);
      ctx_.mod.functions[slot] = std::move(nested);
    }
  }
  return exp(*l.body, out);
}

void FunctionLowering::varDec(const ast::VarDec& d, Block& out) {
  const Location& loc = where(&d.var);
  ExprPtr v = need(exp(*d.init, out));
  if (loc.slot == 0) return assignTo(loc.var, std::move(v), out);
  out.push_back(
      std::make_unique<sir::Store>(frameAt(loc.depth), intConst(loc.slot), std::move(v)));
}

sir::Function FunctionLowering::run(const ast::Exp& body) {
  FunctionScan scan;
  scanExp(&body, scan);
  f_.name = fun_ ? fun_->label : "tigermain";
  prologue(scan);
  ExprPtr v = exp(body, f_.body);
  f_.returnsValue = fun_ && fun_->resultType && !isUnit(fun_->resultType);
  if (f_.returnsValue)
    f_.body.push_back(std::make_unique<sir::Return>(need(std::move(v))));
  else
    discard(std::move(v), f_.body);
  return std::move(f_);
}

} // namespace

std::unique_ptr<sir::Module> lowerProgram(const ast::Program& prog) {
  auto mod = std::make_unique<sir::Module>();
  if (!prog.body) throw PtoError("empty program");
  ModuleCtx ctx{*mod, {}};
  mod->functions.emplace_back();
  sir::Function main = FunctionLowering(ctx, nullptr).run(*prog.body);
  mod->functions[0] = std::move(main);
  return mod;
}

} // namespace tiger::pto
