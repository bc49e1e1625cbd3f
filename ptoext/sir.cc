// sir.cc - the small helpers of the structured IR (see sir.hh): variables, lookup,
// printed names and deep copies of expressions.
#include "ptoext/sir.hh"

namespace tiger::sir {

VarId Function::newVar(std::string base, Type t) {
  vars.push_back(VarInfo{std::move(base), t, VarRole::Plain, -1, kNoVar});
  return static_cast<VarId>(vars.size() - 1);
}

void Module::reindex() const {
  index_.clear();
  for (std::size_t i = 0; i < functions.size(); ++i)
    index_.emplace(functions[i].name, i);
  indexed_ = functions.size();
}

const Function* Module::find(const std::string& name) const {
  if (indexed_ != functions.size()) reindex();
  auto it = index_.find(name);
  if (it != index_.end() && functions[it->second].name == name)
    return &functions[it->second];
  // Absent, or a function was renamed in place since the index was made: look and see.
  for (const Function& f : functions)
    if (f.name == name) return reindex(), &f;
  return nullptr;
}

// The suffix of each SSA role, as docs/convert_to_ssa.md names them.
static const char* roleSuffix(VarRole r) {
  switch (r) {
  case VarRole::Plain: return "";
  case VarRole::Ssa: return "__ssa_v";
  case VarRole::Iter: return "__iter_v";
  case VarRole::Rv: return "__rv_v";
  case VarRole::Phi: return "__phi_v";
  case VarRole::Idx: return "__idx_v";
  }
  return "";
}

std::string varName(const Function& f, VarId v) {
  if (v < 0 || v >= static_cast<VarId>(f.vars.size()))
    return "<bad-var-" + std::to_string(v) + ">";
  const VarInfo& info = f.vars[static_cast<std::size_t>(v)];
  if (info.role == VarRole::Plain) return info.base;
  return info.base + roleSuffix(info.role) + std::to_string(info.version);
}

static std::vector<ExprPtr> cloneAll(const std::vector<ExprPtr>& es) {
  std::vector<ExprPtr> out;
  for (const ExprPtr& e : es)
    out.push_back(cloneExpr(*e));
  return out;
}

ExprPtr cloneExpr(const Expr& e) {
  switch (e.kind) {
  case ExprKind::Const: return std::make_unique<Const>(e.type, as<Const>(&e)->value);
  case ExprKind::String: return std::make_unique<String>(as<String>(&e)->text);
  case ExprKind::VarRef: return std::make_unique<VarRef>(e.type, as<VarRef>(&e)->var);
  case ExprKind::Binary: {
    auto* b = as<Binary>(&e);
    return std::make_unique<Binary>(e.type, b->op, cloneExpr(*b->left),
                                    cloneExpr(*b->right));
  }
  case ExprKind::Compare: {
    auto* c = as<Compare>(&e);
    return std::make_unique<Compare>(c->op, cloneExpr(*c->left), cloneExpr(*c->right));
  }
  case ExprKind::Unary: {
    auto* u = as<Unary>(&e);
    return std::make_unique<Unary>(e.type, u->op, cloneExpr(*u->operand));
  }
  case ExprKind::Call: {
    auto* c = as<Call>(&e);
    return std::make_unique<Call>(c->callee, c->name, cloneAll(c->args));
  }
  case ExprKind::Load: {
    auto* l = as<Load>(&e);
    return std::make_unique<Load>(cloneExpr(*l->base), cloneExpr(*l->index));
  }
  }
  return nullptr;
}

bool mayFail(const Expr& e) {
  switch (e.kind) {
  case ExprKind::Binary: {
    auto* b = as<Binary>(&e);
    return b->op == BinOp::Div || mayFail(*b->left) || mayFail(*b->right);
  }
  case ExprKind::Compare:
    return mayFail(*as<Compare>(&e)->left) || mayFail(*as<Compare>(&e)->right);
  case ExprKind::Unary: return mayFail(*as<Unary>(&e)->operand);
  case ExprKind::Load:
    return mayFail(*as<Load>(&e)->base) || mayFail(*as<Load>(&e)->index);
  default: return false;
  }
}

ExprPtr intConst(std::int64_t v) {
  return std::make_unique<Const>(Type::Int64, v);
}
ExprPtr boolConst(bool b) {
  return std::make_unique<Const>(Type::Bool, b ? 1 : 0);
}

ExprPtr varRef(const Function& f, VarId v) {
  bool ok = v >= 0 && v < static_cast<VarId>(f.vars.size());
  return std::make_unique<VarRef>(
      ok ? f.vars[static_cast<std::size_t>(v)].type : Type::Int64, v);
}

namespace {

std::size_t carryingForLoops(const Block& b) {
  std::size_t n = 0;
  for (const StmtPtr& s : b) {
    if (s->kind == StmtKind::If) {
      auto* i = as<If>(s.get());
      n += carryingForLoops(i->thenBody) + carryingForLoops(i->elseBody);
    } else if (s->kind == StmtKind::For) {
      auto* f = as<For>(s.get());
      n += (f->iterArgs.empty() ? 0 : 1) + carryingForLoops(f->body);
    } else if (s->kind == StmtKind::While) {
      auto* w = as<While>(s.get());
      n += carryingForLoops(w->condStmts) + carryingForLoops(w->body);
    }
  }
  return n;
}

} // namespace

std::size_t carryingForLoops(const Module& m) {
  std::size_t n = 0;
  for (const Function& f : m.functions)
    n += carryingForLoops(f.body);
  return n;
}

} // namespace tiger::sir
