// convert_to_ssa.cc - ConvertToSSA; see convert_to_ssa.hh.
//
// One walk over each function, in execution order, with an environment `env` mapping
// each source variable to its current SSA version (or none when no definition reaches
// here on every path); an undo log restores it after each branch and loop body. Each source variable has ONE version counter shared by all its
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

#include "ptoext/pto_error.hh"

#include <algorithm>
#include <map>
#include <unordered_map>

namespace tiger::pto {
namespace {
// LAB ptoext BEGIN the helpers of convertToSsa

using sir::Block;
using sir::kNoVar;
using sir::StmtKind;
using sir::StmtPtr;
using sir::VarId;
using sir::VarRole;

using AssignedCache = std::unordered_map<const Block*, std::vector<VarId>>;

class FunctionSsa {
public:
  explicit FunctionSsa(sir::Function& f)
      : f_(f), old_(f.vars), version_(f.vars.size(), 0), env_(f.vars.size(), kNoVar) {}
  void run();

private:
  VarId fresh(VarId old, VarRole role);
  // The environment: source variable -> current SSA variable, with an undo log so a
  // branch or loop body is converted and then rolled back in time linear in its size.
  void set(VarId old, VarId now);
  std::size_t mark() const { return undo_.size(); }
  void rollback(std::size_t mark);
  std::map<VarId, VarId> changedSince(std::size_t mark) const;
  VarId current(VarId old) const { return env_[static_cast<std::size_t>(old)]; }

  void rename(sir::Expr& e);
  void block(Block& b);
  void stmt(sir::Stmt& s);
  void ifStmt(sir::If& s);
  void forStmt(sir::For& s);
  void whileStmt(sir::While& s);
  std::vector<VarId> carried(const std::vector<const Block*>& blocks) const;
  std::vector<VarId> enter(sir::LoopCarried& loop, const std::vector<VarId>& vars);
  void leave(sir::LoopCarried& loop, const std::vector<VarId>& vars, std::size_t before);
  void sortByName(std::vector<VarId>& vars) const;
  std::vector<VarId> lookup(const std::vector<VarId>& vars) const;

  sir::Function& f_;
  std::vector<sir::VarInfo> old_;  // the variables before SSA
  std::vector<sir::VarInfo> vars_; // the SSA variables being made
  std::vector<int> version_;       // per source variable
  std::vector<VarId> env_;         // per source variable; kNoVar: no definition reaches
  std::vector<std::pair<VarId, VarId>> undo_; // (source variable, its previous version)
  mutable AssignedCache assigned_; // each block's assigned variables (assignedIn)
};

VarId FunctionSsa::fresh(VarId old, VarRole role) {
  sir::VarInfo v = old_[static_cast<std::size_t>(old)];
  v.role = role;
  v.version = version_[static_cast<std::size_t>(old)]++;
  v.origin = old;
  vars_.push_back(v);
  return static_cast<VarId>(vars_.size() - 1);
}

void FunctionSsa::set(VarId old, VarId now) {
  undo_.emplace_back(old, current(old));
  env_[static_cast<std::size_t>(old)] = now;
}

void FunctionSsa::rollback(std::size_t mark) {
  for (; undo_.size() > mark; undo_.pop_back())
    env_[static_cast<std::size_t>(undo_.back().first)] = undo_.back().second;
}

// The source variables set since `mark`, with their current versions.
std::map<VarId, VarId> FunctionSsa::changedSince(std::size_t mark) const {
  std::map<VarId, VarId> changed;
  for (std::size_t k = mark; k < undo_.size(); ++k)
    changed[undo_[k].first] = current(undo_[k].first);
  return changed;
}

void FunctionSsa::rename(sir::Expr& e) {
  switch (e.kind) {
  case sir::ExprKind::VarRef: {
    auto* r = sir::as<sir::VarRef>(&e);
    if (r->var < 0 || static_cast<std::size_t>(r->var) >= env_.size())
      throw PtoError("ConvertToSSA: bad variable in " + f_.name);
    VarId now = current(r->var);
    if (now == kNoVar)
      throw PtoError("ConvertToSSA: '" + old_[static_cast<std::size_t>(r->var)].base +
                     "' in " + f_.name +
                     " is used where no definition reaches it on every path");
    r->var = now;
    return;
  }
  case sir::ExprKind::Binary:
    rename(*sir::as<sir::Binary>(&e)->left);
    return rename(*sir::as<sir::Binary>(&e)->right);
  case sir::ExprKind::Compare:
    rename(*sir::as<sir::Compare>(&e)->left);
    return rename(*sir::as<sir::Compare>(&e)->right);
  case sir::ExprKind::Unary: return rename(*sir::as<sir::Unary>(&e)->operand);
  case sir::ExprKind::Call:
    for (sir::ExprPtr& a : sir::as<sir::Call>(&e)->args)
      rename(*a);
    return;
  case sir::ExprKind::Load:
    rename(*sir::as<sir::Load>(&e)->base);
    return rename(*sir::as<sir::Load>(&e)->index);
  default: return;
  }
}

void FunctionSsa::block(Block& b) {
  for (StmtPtr& s : b)
    stmt(*s);
}

void FunctionSsa::stmt(sir::Stmt& s) {
  switch (s.kind) {
  case StmtKind::Assign: {
    auto* a = sir::as<sir::Assign>(&s);
    rename(*a->expr);
    VarId v = fresh(a->var, VarRole::Ssa);
    set(a->var, v);
    a->var = v;
    return;
  }
  case StmtKind::Store: {
    auto* st = sir::as<sir::Store>(&s);
    for (sir::Expr* e : {st->base.get(), st->index.get(), st->value.get()})
      rename(*e);
    return;
  }
  case StmtKind::Eval: return rename(*sir::as<sir::Eval>(&s)->expr);
  case StmtKind::If: return ifStmt(*sir::as<sir::If>(&s));
  case StmtKind::For: return forStmt(*sir::as<sir::For>(&s));
  case StmtKind::While: return whileStmt(*sir::as<sir::While>(&s));
  case StmtKind::Return:
    if (sir::as<sir::Return>(&s)->value) rename(*sir::as<sir::Return>(&s)->value);
    return;
  case StmtKind::Break:
  case StmtKind::Continue:
    throw PtoError("ConvertToSSA: break/continue left in " + f_.name +
                   " (run CtrlFlowTransform first)");
  case StmtKind::Yield: throw PtoError("ConvertToSSA: input is already in SSA form");
  }
}

void FunctionSsa::sortByName(std::vector<VarId>& vars) const {
  std::sort(vars.begin(), vars.end(), [&](VarId a, VarId b) {
    return old_[static_cast<std::size_t>(a)].base <
           old_[static_cast<std::size_t>(b)].base;
  });
}

std::vector<VarId> FunctionSsa::lookup(const std::vector<VarId>& vars) const {
  std::vector<VarId> out;
  for (VarId v : vars)
    out.push_back(current(v));
  return out;
}

// Phis for the variables either branch changed and both define.
void FunctionSsa::ifStmt(sir::If& s) {
  rename(*s.cond);
  std::size_t before = mark();
  block(s.thenBody);
  std::map<VarId, VarId> t = changedSince(before);
  rollback(before);
  block(s.elseBody);
  std::map<VarId, VarId> e = changedSince(before);
  rollback(before);
  std::map<VarId, VarId> changed = t; // the union, each with its value before the if
  changed.insert(e.begin(), e.end());
  std::vector<VarId> phis, thenValues, elseValues;
  for (auto& [v, unused] : changed) {
    VarId tv = t.count(v) ? t[v] : current(v), ev = e.count(v) ? e[v] : current(v);
    if (tv != kNoVar && ev != kNoVar)
      phis.push_back(v);
    else
      set(v, kNoVar); // defined on one path only: not visible after the if
  }
  if (phis.empty()) return;
  sortByName(phis);
  for (VarId v : phis) {
    thenValues.push_back(t.count(v) ? t[v] : current(v));
    elseValues.push_back(e.count(v) ? e[v] : current(v));
  }
  s.thenBody.push_back(std::make_unique<sir::Yield>(std::move(thenValues)));
  s.elseBody.push_back(std::make_unique<sir::Yield>(std::move(elseValues)));
  for (VarId v : phis) {
    VarId phi = fresh(v, VarRole::Phi);
    s.returnVars.push_back(phi);
    set(v, phi);
  }
}

// The variables assigned anywhere in `b`, sorted, each once. Every block's set is
// computed once and kept: the loops of a nest ask for their bodies' sets from the
// outside in, so a nest of N loops costs O(N), not O(N^2). Safe because ConvertToSSA
// only appends Yields: no block is freed or moved while the cache lives.
const std::vector<VarId>& assignedIn(const Block& b, AssignedCache& cache) {
  if (auto it = cache.find(&b); it != cache.end()) return it->second;
  std::vector<VarId> out;
  auto add = [&](const Block& inner) {
    const std::vector<VarId>& vars = assignedIn(inner, cache);
    out.insert(out.end(), vars.begin(), vars.end());
  };
  for (const StmtPtr& s : b) {
    switch (s->kind) {
    case StmtKind::Assign: out.push_back(sir::as<sir::Assign>(s.get())->var); break;
    case StmtKind::If:
      add(sir::as<sir::If>(s.get())->thenBody);
      add(sir::as<sir::If>(s.get())->elseBody);
      break;
    case StmtKind::For: add(sir::as<sir::For>(s.get())->body); break;
    case StmtKind::While:
      add(sir::as<sir::While>(s.get())->condStmts);
      add(sir::as<sir::While>(s.get())->body);
      break;
    default: break;
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return cache.emplace(&b, std::move(out)).first->second;
}

// Loop-carried: assigned in the loop and defined before it; sorted by name.
std::vector<VarId> FunctionSsa::carried(const std::vector<const Block*>& blocks) const {
  std::vector<VarId> assigned, vars;
  for (const Block* b : blocks) {
    const std::vector<VarId>& inBlock = assignedIn(*b, assigned_);
    assigned.insert(assigned.end(), inBlock.begin(), inBlock.end());
  }
  std::sort(assigned.begin(), assigned.end());
  assigned.erase(std::unique(assigned.begin(), assigned.end()), assigned.end());
  for (VarId v : assigned)
    if (v >= 0 && static_cast<std::size_t>(v) < env_.size() && current(v) != kNoVar)
      vars.push_back(v);
  sortByName(vars);
  return vars;
}

// iter_args for the carried variables, initialised with their versions before the loop.
std::vector<VarId> FunctionSsa::enter(sir::LoopCarried& loop,
                                      const std::vector<VarId>& vars) {
  loop.initValues = lookup(vars);
  for (VarId v : vars) {
    VarId iter = fresh(v, VarRole::Iter);
    loop.iterArgs.push_back(iter);
    set(v, iter);
  }
  return loop.iterArgs;
}

// return_vars after the loop; what the loop defined is not visible after it.
void FunctionSsa::leave(sir::LoopCarried& loop, const std::vector<VarId>& vars,
                        std::size_t before) {
  rollback(before);
  for (VarId v : vars) {
    VarId rv = fresh(v, VarRole::Rv);
    loop.returnVars.push_back(rv);
    set(v, rv);
  }
}

void FunctionSsa::forStmt(sir::For& s) {
  rename(*s.lo);
  rename(*s.hi);
  std::vector<VarId> vars = carried({&s.body});
  std::size_t before = mark();
  enter(s, vars);
  VarId index = s.index;
  s.index = fresh(index, VarRole::Idx);
  set(index, s.index);
  block(s.body);
  if (!vars.empty()) s.body.push_back(std::make_unique<sir::Yield>(lookup(vars)));
  leave(s, vars, before);
}

// The body sees the values from before the loop and the condValues, nothing else
// the condition statements defined.
void FunctionSsa::whileStmt(sir::While& s) {
  std::vector<VarId> vars = carried({&s.condStmts, &s.body});
  std::size_t before = mark();
  enter(s, vars);
  block(s.condStmts);
  rename(*s.cond);
  s.condValues = lookup(vars);
  rollback(before);
  for (std::size_t k = 0; k < vars.size(); ++k)
    set(vars[k], s.condValues[k]);
  block(s.body);
  if (!vars.empty()) s.body.push_back(std::make_unique<sir::Yield>(lookup(vars)));
  leave(s, vars, before);
}

void FunctionSsa::run() {
  for (VarId& p : f_.params) {
    if (p < 0 || static_cast<std::size_t>(p) >= env_.size())
      throw PtoError("ConvertToSSA: bad parameter in " + f_.name);
    VarId v = fresh(p, VarRole::Ssa);
    set(p, v);
    p = v;
  }
  block(f_.body);
  f_.vars = std::move(vars_);
}

// LAB END
} // namespace

void convertToSsa(sir::Module& m) {
  // LAB ptoext BEGIN convertToSsa()
  for (sir::Function& f : m.functions)
    FunctionSsa(f).run();
  // LAB END
}

} // namespace tiger::pto
