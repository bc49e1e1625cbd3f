// convert_to_ssa.cc - ConvertToSSA; see convert_to_ssa.hh.
//
// One walk over each function, in execution order, with an environment `env` mapping
// each source variable to its current SSA version (or none when no definition reaches
// here on every path). Each source variable has ONE version counter shared by all its
// roles, so x__ssa_v0, x__iter_v1, x__ssa_v2, x__rv_v3 number in order of creation.
//
//   x = e                  e renamed by env;  x__ssa_vN = e'
//   if c: T else: E        T and E renamed from copies of env; for every x whose version
//                          differs after T or after E (and that both define), sorted by
//                          name: a phi x__phi_vN; T and E end in yield(x after T/E)
//                          (a missing else yields the old values)
//   for i in [lo, hi]: B   carried = variables assigned in B and defined before, sorted
//                          by name; x__iter_vN (init: x's version before), i__idx_vN,
//                          B renamed, yield(x after B), x__rv_vN after the loop
//   while (S; c): B        carried = assigned in S or B and defined before; S and c read
//                          the iter_args; condValues = carried after S; B starts from
//                          them (and from the values before the loop), yields x after B;
//                          return_vars take the condValues
//
// Variables first defined inside a loop (or a branch) are not visible after it; a use
// there is an error, never a promotion with an invented initial value. In Tiger it
// cannot happen: a variable declared in a loop body is out of scope after the loop.
#include "ptoext/convert_to_ssa.hh"

#include "ptoext/lower.hh"

#include <algorithm>

namespace tiger::pto {
namespace {

using sir::Block;
using sir::StmtKind;
using sir::StmtPtr;
using sir::VarId;
using sir::VarRole;
using sir::kNoVar;

// Source variable -> its current SSA variable.
using Env = std::vector<VarId>;

class FunctionSsa {
public:
  explicit FunctionSsa(sir::Function& f)
      : f_(f), old_(f.vars), version_(f.vars.size(), 0) {}
  void run();

private:
  VarId fresh(VarId old, VarRole role);
  void rename(sir::Expr& e, const Env& env);
  void block(Block& b, Env& env);
  void stmt(sir::Stmt& s, Env& env);
  void ifStmt(sir::If& s, Env& env);
  void forStmt(sir::For& s, Env& env);
  void whileStmt(sir::While& s, Env& env);
  std::vector<VarId> carried(const std::vector<const Block*>& blocks, const Env& env) const;
  std::vector<VarId> enter(sir::LoopCarried& loop, const std::vector<VarId>& vars, Env& env);
  void leave(sir::LoopCarried& loop, const std::vector<VarId>& vars, Env& env, Env before);
  void sortByName(std::vector<VarId>& vars) const;
  std::vector<VarId> lookup(const std::vector<VarId>& vars, const Env& env) const;

  sir::Function& f_;
  std::vector<sir::VarInfo> old_; // the variables before SSA
  std::vector<sir::VarInfo> vars_; // the SSA variables being made
  std::vector<int> version_;       // per source variable
};

VarId FunctionSsa::fresh(VarId old, VarRole role) {
  sir::VarInfo v = old_[static_cast<std::size_t>(old)];
  v.role = role;
  v.version = version_[static_cast<std::size_t>(old)]++;
  v.origin = old;
  vars_.push_back(v);
  return static_cast<VarId>(vars_.size() - 1);
}

void FunctionSsa::rename(sir::Expr& e, const Env& env) {
  switch (e.kind) {
  case sir::ExprKind::VarRef: {
    auto* r = sir::as<sir::VarRef>(&e);
    if (r->var < 0 || static_cast<std::size_t>(r->var) >= env.size())
      throw PtoError("ConvertToSSA: bad variable in " + f_.name);
    VarId now = env[static_cast<std::size_t>(r->var)];
    if (now == kNoVar)
      throw PtoError("ConvertToSSA: '" + old_[static_cast<std::size_t>(r->var)].base + "' in " +
                     f_.name + " is used where no definition reaches it on every path");
    r->var = now;
    return;
  }
  case sir::ExprKind::Binary:
    rename(*sir::as<sir::Binary>(&e)->left, env);
    return rename(*sir::as<sir::Binary>(&e)->right, env);
  case sir::ExprKind::Compare:
    rename(*sir::as<sir::Compare>(&e)->left, env);
    return rename(*sir::as<sir::Compare>(&e)->right, env);
  case sir::ExprKind::Unary: return rename(*sir::as<sir::Unary>(&e)->operand, env);
  case sir::ExprKind::Call:
    for (sir::ExprPtr& a : sir::as<sir::Call>(&e)->args) rename(*a, env);
    return;
  case sir::ExprKind::Load:
    rename(*sir::as<sir::Load>(&e)->base, env);
    return rename(*sir::as<sir::Load>(&e)->index, env);
  default: return;
  }
}

void FunctionSsa::block(Block& b, Env& env) {
  for (StmtPtr& s : b) stmt(*s, env);
}

void FunctionSsa::stmt(sir::Stmt& s, Env& env) {
  switch (s.kind) {
  case StmtKind::Assign: {
    auto* a = sir::as<sir::Assign>(&s);
    rename(*a->expr, env);
    VarId v = fresh(a->var, VarRole::Ssa);
    env[static_cast<std::size_t>(a->var)] = v;
    a->var = v;
    return;
  }
  case StmtKind::Store: {
    auto* st = sir::as<sir::Store>(&s);
    for (sir::Expr* e : {st->base.get(), st->index.get(), st->value.get()}) rename(*e, env);
    return;
  }
  case StmtKind::Eval: return rename(*sir::as<sir::Eval>(&s)->expr, env);
  case StmtKind::If: return ifStmt(*sir::as<sir::If>(&s), env);
  case StmtKind::For: return forStmt(*sir::as<sir::For>(&s), env);
  case StmtKind::While: return whileStmt(*sir::as<sir::While>(&s), env);
  case StmtKind::Return:
    if (sir::as<sir::Return>(&s)->value) rename(*sir::as<sir::Return>(&s)->value, env);
    return;
  case StmtKind::Break:
  case StmtKind::Continue:
    throw PtoError("ConvertToSSA: break/continue left in " + f_.name + " (run CtrlFlowTransform first)");
  case StmtKind::Yield: throw PtoError("ConvertToSSA: input is already in SSA form");
  }
}

void FunctionSsa::sortByName(std::vector<VarId>& vars) const {
  std::sort(vars.begin(), vars.end(), [&](VarId a, VarId b) {
    return old_[static_cast<std::size_t>(a)].base < old_[static_cast<std::size_t>(b)].base;
  });
}

std::vector<VarId> FunctionSsa::lookup(const std::vector<VarId>& vars, const Env& env) const {
  std::vector<VarId> out;
  for (VarId v : vars) out.push_back(env[static_cast<std::size_t>(v)]);
  return out;
}

// Phis for the variables either branch changed and both define.
void FunctionSsa::ifStmt(sir::If& s, Env& env) {
  rename(*s.cond, env);
  Env t = env, e = env;
  block(s.thenBody, t);
  block(s.elseBody, e);
  std::vector<VarId> phis;
  for (std::size_t v = 0; v < env.size(); ++v)
    if ((t[v] != env[v] || e[v] != env[v]) && t[v] != kNoVar && e[v] != kNoVar)
      phis.push_back(static_cast<VarId>(v));
  for (std::size_t v = 0; v < env.size(); ++v)
    if (t[v] != e[v]) env[v] = kNoVar; // defined on one path only: not visible after
  if (phis.empty()) return;
  sortByName(phis);
  s.thenBody.push_back(std::make_unique<sir::Yield>(lookup(phis, t)));
  s.elseBody.push_back(std::make_unique<sir::Yield>(lookup(phis, e)));
  for (VarId v : phis) {
    VarId phi = fresh(v, VarRole::Phi);
    s.returnVars.push_back(phi);
    env[static_cast<std::size_t>(v)] = phi;
  }
}

void assignedIn(const Block& b, std::vector<char>& out);

void assignedIn(const sir::Stmt& s, std::vector<char>& out) {
  auto mark = [&](VarId v) {
    if (v >= 0 && static_cast<std::size_t>(v) < out.size()) out[static_cast<std::size_t>(v)] = 1;
  };
  switch (s.kind) {
  case StmtKind::Assign: return mark(sir::as<sir::Assign>(&s)->var);
  case StmtKind::If:
    assignedIn(sir::as<sir::If>(&s)->thenBody, out);
    return assignedIn(sir::as<sir::If>(&s)->elseBody, out);
  case StmtKind::For: return assignedIn(sir::as<sir::For>(&s)->body, out);
  case StmtKind::While:
    assignedIn(sir::as<sir::While>(&s)->condStmts, out);
    return assignedIn(sir::as<sir::While>(&s)->body, out);
  default: return;
  }
}

void assignedIn(const Block& b, std::vector<char>& out) {
  for (const StmtPtr& s : b) assignedIn(*s, out);
}

// Loop-carried: assigned in the loop and defined before it; sorted by name.
std::vector<VarId> FunctionSsa::carried(const std::vector<const Block*>& blocks,
                                        const Env& env) const {
  std::vector<char> assigned(env.size(), 0);
  for (const Block* b : blocks) assignedIn(*b, assigned);
  std::vector<VarId> vars;
  for (std::size_t v = 0; v < env.size(); ++v)
    if (assigned[v] && env[v] != kNoVar) vars.push_back(static_cast<VarId>(v));
  sortByName(vars);
  return vars;
}

// iter_args for the carried variables, initialised with their versions before the loop.
std::vector<VarId> FunctionSsa::enter(sir::LoopCarried& loop, const std::vector<VarId>& vars,
                                      Env& env) {
  loop.initValues = lookup(vars, env);
  for (VarId v : vars) {
    VarId iter = fresh(v, VarRole::Iter);
    loop.iterArgs.push_back(iter);
    env[static_cast<std::size_t>(v)] = iter;
  }
  return loop.iterArgs;
}

// return_vars after the loop; what the loop body defined is not visible after it.
void FunctionSsa::leave(sir::LoopCarried& loop, const std::vector<VarId>& vars, Env& env,
                        Env before) {
  env = std::move(before);
  for (VarId v : vars) {
    VarId rv = fresh(v, VarRole::Rv);
    loop.returnVars.push_back(rv);
    env[static_cast<std::size_t>(v)] = rv;
  }
}

void FunctionSsa::forStmt(sir::For& s, Env& env) {
  rename(*s.lo, env);
  rename(*s.hi, env);
  std::vector<VarId> vars = carried({&s.body}, env);
  Env before = env, body = env;
  enter(s, vars, body);
  VarId index = s.index;
  s.index = fresh(index, VarRole::Idx);
  body[static_cast<std::size_t>(index)] = s.index;
  block(s.body, body);
  if (!vars.empty()) s.body.push_back(std::make_unique<sir::Yield>(lookup(vars, body)));
  leave(s, vars, env, std::move(before));
}

void FunctionSsa::whileStmt(sir::While& s, Env& env) {
  std::vector<VarId> vars = carried({&s.condStmts, &s.body}, env);
  Env before = env, cond = env;
  enter(s, vars, cond);
  block(s.condStmts, cond);
  rename(*s.cond, cond);
  s.condValues = lookup(vars, cond);
  Env body = env; // the body sees the values before the loop and the condValues
  for (VarId v : vars) body[static_cast<std::size_t>(v)] = cond[static_cast<std::size_t>(v)];
  block(s.body, body);
  if (!vars.empty()) s.body.push_back(std::make_unique<sir::Yield>(lookup(vars, body)));
  leave(s, vars, env, std::move(before));
}

void FunctionSsa::run() {
  Env env(old_.size(), kNoVar);
  for (VarId& p : f_.params) {
    VarId v = fresh(p, VarRole::Ssa);
    env[static_cast<std::size_t>(p)] = v;
    p = v;
  }
  block(f_.body, env);
  f_.vars = std::move(vars_);
}

} // namespace

void convertToSsa(sir::Module& m) {
  for (sir::Function& f : m.functions) FunctionSsa(f).run();
}

} // namespace tiger::pto
