// sir_verify.cc - the checkers of the structured IR; see sir_verify.hh.
//
// Each checker walks one function and throws at its first violation, with the
// statement it was looking at (the innermost one whose line says it: a use in an
// If's condition is the If's; a missing yield the If's or loop's that owns the block);
// checkTypes, checkStructured and checkSsa catch it, the verify* entry points run them
// on every function.
#include "ptoext/sir_verify.hh"

#include "chap7/ir/runtime.hh"

namespace tiger::sir {
namespace {

// What a checker walks and where it is: the statement being checked (null at the
// function's parameters and end). fail() throws the Violation there.
class Checker {
protected:
  explicit Checker(const Function& f) : f_(f) {}
  [[noreturn]] void fail(const std::string& message) const {
    throw Violation{message, at_};
  }
  Type typeOf(VarId v) const {
    if (v < 0 || v >= static_cast<VarId>(f_.vars.size()))
      fail("variable id " + std::to_string(v) + " does not exist");
    return f_.vars[static_cast<std::size_t>(v)].type;
  }
  // While it lives, the checker is at statement s; then where it was before.
  class At {
  public:
    At(Checker& c, const Stmt& s) : c_(c), outer_(c.at_) { c.at_ = &s; }
    ~At() { c_.at_ = outer_; }
    At(const At&) = delete;
    At& operator=(const At&) = delete;

  private:
    Checker& c_;
    const Stmt* outer_;
  };

  const Function& f_;

private:
  const Stmt* at_ = nullptr;
};

// ---- TypeChecked ----------------------------------------------------------------------

class TypeCheck : Checker {
public:
  TypeCheck(const Module& m, const Function& f) : Checker(f), m_(m) {}
  void function();

private:
  Type expr(const Expr& e, bool callAllowed);
  void expect(const Expr& e, Type t, const char* what);
  void call(const Call& c);
  void block(const Block& b, bool functionBody);
  void stmt(const Stmt& s);

  const Module& m_;
};

void TypeCheck::expect(const Expr& e, Type t, const char* what) {
  if (expr(e, false) != t)
    fail(std::string(what) + " must be " + (t == Type::Bool ? "BOOL" : "INT64"));
}

Type TypeCheck::expr(const Expr& e, bool callAllowed) {
  switch (e.kind) {
  case ExprKind::Const:
  case ExprKind::String: break;
  case ExprKind::VarRef:
    if (typeOf(as<VarRef>(&e)->var) != e.type)
      fail("variable reference of the wrong type");
    break;
  case ExprKind::Binary: {
    auto* b = as<Binary>(&e);
    Type t = (b->op == BinOp::And || b->op == BinOp::Or) ? Type::Bool : Type::Int64;
    expect(*b->left, t, "a binary operand");
    expect(*b->right, t, "a binary operand");
    if (e.type != t) fail("binary result of the wrong type");
    break;
  }
  case ExprKind::Compare:
    expect(*as<Compare>(&e)->left, Type::Int64, "a comparison operand");
    expect(*as<Compare>(&e)->right, Type::Int64, "a comparison operand");
    if (e.type != Type::Bool) fail("a comparison must be BOOL");
    break;
  case ExprKind::Unary: {
    auto* u = as<Unary>(&e);
    expect(*u->operand, Type::Bool, "the operand of not/int");
    if (e.type != (u->op == UnOp::Not ? Type::Bool : Type::Int64))
      fail("unary result of the wrong type");
    break;
  }
  case ExprKind::Call:
    if (!callAllowed)
      fail("a call inside an expression (calls are whole Assign/Eval values)");
    call(*as<Call>(&e));
    break;
  case ExprKind::Load:
    expect(*as<Load>(&e)->base, Type::Int64, "a load base");
    expect(*as<Load>(&e)->index, Type::Int64, "a load index");
    break;
  }
  return e.type;
}

void TypeCheck::call(const Call& c) {
  for (const ExprPtr& a : c.args)
    expect(*a, Type::Int64, "a call argument");
  if (c.callee == Callee::Runtime) {
    std::optional<int> rt = runtime::find(c.name);
    if (!rt) fail("unknown runtime function " + c.name);
    if (static_cast<std::size_t>(runtime::kFunctions[*rt].arity) != c.args.size())
      fail("wrong argument count calling rt." + c.name);
    return;
  }
  const Function* callee = m_.find(c.name);
  if (!callee) fail("call of unknown function " + c.name);
  if (callee->params.size() != c.args.size())
    fail("wrong argument count calling " + c.name);
}

void TypeCheck::block(const Block& b, bool functionBody) {
  for (std::size_t k = 0; k < b.size(); ++k) {
    At here(*this, *b[k]);
    if (b[k]->kind == StmtKind::Return && !(functionBody && k + 1 == b.size()))
      fail("return that is not the last statement of the function");
    stmt(*b[k]);
  }
}

void TypeCheck::stmt(const Stmt& s) {
  switch (s.kind) {
  case StmtKind::Assign:
    if (expr(*as<Assign>(&s)->expr, true) != typeOf(as<Assign>(&s)->var))
      fail("assignment of the wrong type to " + varName(f_, as<Assign>(&s)->var));
    return;
  case StmtKind::Store:
    for (const Expr* e : {as<Store>(&s)->base.get(), as<Store>(&s)->index.get(),
                          as<Store>(&s)->value.get()})
      expect(*e, Type::Int64, "a store operand");
    return;
  case StmtKind::Eval:
    if (as<Eval>(&s)->expr->kind != ExprKind::Call) fail("an Eval that is not a call");
    expr(*as<Eval>(&s)->expr, true);
    return;
  case StmtKind::If:
    expect(*as<If>(&s)->cond, Type::Bool, "an if condition");
    block(as<If>(&s)->thenBody, false);
    return block(as<If>(&s)->elseBody, false);
  case StmtKind::For:
    if (typeOf(as<For>(&s)->index) != Type::Int64) fail("a BOOL loop index");
    expect(*as<For>(&s)->lo, Type::Int64, "a for bound");
    expect(*as<For>(&s)->hi, Type::Int64, "a for bound");
    return block(as<For>(&s)->body, false);
  case StmtKind::While:
    block(as<While>(&s)->condStmts, false);
    expect(*as<While>(&s)->cond, Type::Bool, "a while condition");
    return block(as<While>(&s)->body, false);
  case StmtKind::Yield:
    for (VarId v : as<Yield>(&s)->values)
      typeOf(v);
    return;
  case StmtKind::Return:
    if (!f_.returnsValue || !as<Return>(&s)->value)
      fail("return without a value, or in a procedure");
    expect(*as<Return>(&s)->value, Type::Int64, "a returned value");
    return;
  case StmtKind::Break:
  case StmtKind::Continue: return;
  }
}

void TypeCheck::function() {
  for (VarId p : f_.params)
    typeOf(p);
  block(f_.body, true);
  if (f_.returnsValue && (f_.body.empty() || f_.body.back()->kind != StmtKind::Return))
    fail("a function with a result does not end in return");
}

// ---- StructuredCtrlFlow -----------------------------------------------------------------

void structured(const Block& b) {
  for (const StmtPtr& s : b) {
    switch (s->kind) {
    case StmtKind::Break: throw Violation{"break left", s.get()};
    case StmtKind::Continue: throw Violation{"continue left", s.get()};
    case StmtKind::If:
      structured(as<If>(s.get())->thenBody);
      structured(as<If>(s.get())->elseBody);
      break;
    case StmtKind::For: structured(as<For>(s.get())->body); break;
    case StmtKind::While:
      structured(as<While>(s.get())->condStmts);
      structured(as<While>(s.get())->body);
      break;
    default: break;
    }
  }
}

// ---- SSAForm ----------------------------------------------------------------------------

// Which variables a point of the program sees: a visible flag per variable, and the
// log of what each open scope made visible, undone when the scope closes.
class SsaCheck : Checker {
public:
  explicit SsaCheck(const Function& f)
      : Checker(f), defined_(f.vars.size(), 0), visible_(f.vars.size(), 0) {}
  void function();

private:
  std::size_t open() const { return shown_.size(); }
  void close(std::size_t mark);
  void show(VarId v);
  void define(VarId v);
  void use(VarId v);
  void uses(const Expr& e);
  void block(const Block& b, const std::vector<VarId>& results);
  void stmt(const Stmt& s);
  void sameTypes(const std::vector<VarId>& a, const std::vector<VarId>& b,
                 const char* what);
  void loop(const LoopCarried& l);
  void whileStmt(const While& w);

  std::vector<char> defined_, visible_;
  std::vector<VarId> shown_;
};

void SsaCheck::close(std::size_t mark) {
  for (; shown_.size() > mark; shown_.pop_back())
    visible_[static_cast<std::size_t>(shown_.back())] = 0;
}

void SsaCheck::show(VarId v) {
  typeOf(v);
  if (visible_[static_cast<std::size_t>(v)]) return;
  visible_[static_cast<std::size_t>(v)] = 1;
  shown_.push_back(v);
}

void SsaCheck::define(VarId v) {
  typeOf(v);
  if (defined_[static_cast<std::size_t>(v)]) fail(varName(f_, v) + " is defined twice");
  defined_[static_cast<std::size_t>(v)] = 1;
  show(v);
}

void SsaCheck::use(VarId v) {
  typeOf(v);
  if (!visible_[static_cast<std::size_t>(v)])
    fail(varName(f_, v) + " is used out of its scope");
}

void SsaCheck::uses(const Expr& e) {
  switch (e.kind) {
  case ExprKind::VarRef: return use(as<VarRef>(&e)->var);
  case ExprKind::Binary: uses(*as<Binary>(&e)->left); return uses(*as<Binary>(&e)->right);
  case ExprKind::Compare:
    uses(*as<Compare>(&e)->left);
    return uses(*as<Compare>(&e)->right);
  case ExprKind::Unary: return uses(*as<Unary>(&e)->operand);
  case ExprKind::Call:
    for (const ExprPtr& a : as<Call>(&e)->args)
      uses(*a);
    return;
  case ExprKind::Load: uses(*as<Load>(&e)->base); return uses(*as<Load>(&e)->index);
  default: return;
  }
}

void SsaCheck::sameTypes(const std::vector<VarId>& a, const std::vector<VarId>& b,
                         const char* what) {
  if (a.size() != b.size()) fail(std::string(what) + ": counts differ");
  for (std::size_t i = 0; i < a.size(); ++i)
    if (typeOf(a[i]) != typeOf(b[i])) fail(std::string(what) + ": types differ");
}

// A block owning `results` ends in a Yield of as many values; no other Yield anywhere.
void SsaCheck::block(const Block& b, const std::vector<VarId>& results) {
  for (std::size_t k = 0; k < b.size(); ++k) {
    At here(*this, *b[k]);
    if (b[k]->kind != StmtKind::Yield) {
      stmt(*b[k]);
      continue;
    }
    if (k + 1 != b.size() || results.empty())
      fail("a yield that does not end a block with results");
    for (VarId v : as<Yield>(b[k].get())->values)
      use(v);
    sameTypes(as<Yield>(b[k].get())->values, results, "yield and results");
  }
  if (!results.empty() && (b.empty() || b.back()->kind != StmtKind::Yield))
    fail("a block with results does not end in yield");
}

void SsaCheck::loop(const LoopCarried& l) {
  for (VarId v : l.initValues)
    use(v);
  sameTypes(l.initValues, l.iterArgs, "init_values and iter_args");
  sameTypes(l.iterArgs, l.returnVars, "iter_args and return_vars");
}

// The condition block sees the iter_args; the body sees only the condValues of it.
void SsaCheck::whileStmt(const While& w) {
  loop(w);
  std::size_t mark = open();
  for (VarId v : w.iterArgs)
    define(v);
  block(w.condStmts, {});
  uses(*w.cond);
  for (VarId v : w.condValues)
    use(v);
  sameTypes(w.condValues, w.iterArgs, "condValues and iter_args");
  close(mark);
  for (VarId v : w.condValues)
    show(v);
  block(w.body, w.iterArgs);
  close(mark);
  for (VarId v : w.returnVars)
    define(v);
}

void SsaCheck::stmt(const Stmt& s) {
  switch (s.kind) {
  case StmtKind::Assign: uses(*as<Assign>(&s)->expr); return define(as<Assign>(&s)->var);
  case StmtKind::Store:
    for (const Expr* e : {as<Store>(&s)->base.get(), as<Store>(&s)->index.get(),
                          as<Store>(&s)->value.get()})
      uses(*e);
    return;
  case StmtKind::Eval: return uses(*as<Eval>(&s)->expr);
  case StmtKind::Return:
    if (as<Return>(&s)->value) uses(*as<Return>(&s)->value);
    return;
  case StmtKind::If: {
    auto* i = as<If>(&s);
    uses(*i->cond);
    std::size_t mark = open();
    block(i->thenBody, i->returnVars);
    close(mark);
    block(i->elseBody, i->returnVars);
    close(mark);
    for (VarId v : i->returnVars)
      define(v);
    return;
  }
  case StmtKind::For: {
    auto* f = as<For>(&s);
    uses(*f->lo);
    uses(*f->hi);
    loop(*f);
    std::size_t mark = open();
    define(f->index);
    for (VarId v : f->iterArgs)
      define(v);
    block(f->body, f->iterArgs);
    close(mark);
    for (VarId v : f->returnVars)
      define(v);
    return;
  }
  case StmtKind::While: return whileStmt(*as<While>(&s));
  case StmtKind::Yield: fail("a yield inside a block");
  case StmtKind::Break:
  case StmtKind::Continue: fail("break/continue in SSA form");
  }
}

void SsaCheck::function() {
  for (VarId p : f_.params)
    define(p);
  block(f_.body, {});
}

// The first violation `check` finds in f, or none.
template <class Check> std::optional<Violation> firstViolation(Check check) {
  try {
    check();
  } catch (const Violation& v) {
    return v;
  }
  return std::nullopt;
}

// "in f: <the first violation>" of the first function that has one, or "".
template <class Check> std::string eachFunction(const Module& m, Check check) {
  for (const Function& f : m.functions)
    if (std::optional<Violation> v = check(f)) return "in " + f.name + ": " + v->message;
  return "";
}

} // namespace

std::optional<Violation> checkTypes(const Module& m, const Function& f) {
  return firstViolation([&] { TypeCheck(m, f).function(); });
}

std::optional<Violation> checkStructured(const Function& f) {
  return firstViolation([&] { structured(f.body); });
}

std::optional<Violation> checkSsa(const Function& f) {
  return firstViolation([&] { SsaCheck(f).function(); });
}

std::string verifyTypes(const Module& m) {
  return eachFunction(m, [&](const Function& f) { return checkTypes(m, f); });
}

std::string verifyStructured(const Module& m) {
  return eachFunction(m, checkStructured);
}

std::string verifySsa(const Module& m) {
  return eachFunction(m, checkSsa);
}

} // namespace tiger::sir
