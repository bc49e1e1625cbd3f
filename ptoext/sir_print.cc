// sir_print.cc - the Python-like printer of the structured IR; see sir_print.hh.
#include "ptoext/sir_print.hh"

#include <ostream>
#include <sstream>

namespace tiger::sir {
namespace {

const char* typeName(Type t) {
  return t == Type::Bool ? "pl.Scalar[pl.BOOL]" : "pl.Scalar[pl.INT64]";
}

const char* binOpSymbol(BinOp op) {
  switch (op) {
  case BinOp::Add: return "+";
  case BinOp::Sub: return "-";
  case BinOp::Mul: return "*";
  case BinOp::Div: return "/";
  case BinOp::And: return "and";
  case BinOp::Or: return "or";
  }
  return "?";
}

const char* cmpOpSymbol(CmpOp op) {
  switch (op) {
  case CmpOp::Eq: return "==";
  case CmpOp::Ne: return "!=";
  case CmpOp::Lt: return "<";
  case CmpOp::Le: return "<=";
  case CmpOp::Gt: return ">";
  case CmpOp::Ge: return ">=";
  }
  return "?";
}

// A string literal with C-style escapes, double-quoted.
std::string quote(const std::string& s) {
  std::string q = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\')
      q += std::string("\\") + static_cast<char>(c);
    else if (c == '\n')
      q += "\\n";
    else if (c == '\t')
      q += "\\t";
    else if (c < 32 || c >= 127) {
      static const char* hex = "0123456789abcdef";
      q += std::string("\\x") + hex[c >> 4] + hex[c & 15];
    } else
      q += static_cast<char>(c);
  }
  return q + "\"";
}

class Printer {
public:
  Printer(const Function& f, std::ostream& out) : f_(f), out_(out) {}
  void function();
  std::string head();
  std::string expr(const Expr& e);
  std::string text(const Stmt& s, const std::vector<VarId>* results);

private:
  std::string operand(const Expr& e);
  std::string names(const std::vector<VarId>& vs, bool tuple);
  std::string args(const std::vector<ExprPtr>& es);
  void line(int indent, const std::string& text);
  void block(const Block& b, int indent, const std::vector<VarId>* results);
  void stmt(const Stmt& s, int indent, const std::vector<VarId>* results);
  void ifStmt(const If& s, int indent);
  std::string forHead(const For& s);
  void forStmt(const For& s, int indent);
  void whileStmt(const While& s, int indent);

  const Function& f_;
  std::ostream& out_;
};

std::string Printer::names(const std::vector<VarId>& vs, bool tuple) {
  std::string s;
  for (std::size_t i = 0; i < vs.size(); ++i)
    s += (i ? ", " : "") + varName(f_, vs[i]);
  if (!tuple) return s;
  return "(" + s + (vs.size() == 1 ? ",)" : ")");
}

std::string Printer::args(const std::vector<ExprPtr>& es) {
  std::string s;
  for (std::size_t i = 0; i < es.size(); ++i)
    s += (i ? ", " : "") + expr(*es[i]);
  return s;
}

// Compound operands are parenthesized, so the printed form never depends on precedence.
std::string Printer::operand(const Expr& e) {
  bool compound = e.kind == ExprKind::Binary || e.kind == ExprKind::Compare ||
                  (e.kind == ExprKind::Unary && as<Unary>(&e)->op == UnOp::Not);
  return compound ? "(" + expr(e) + ")" : expr(e);
}

std::string Printer::expr(const Expr& e) {
  switch (e.kind) {
  case ExprKind::Const: {
    std::int64_t v = as<Const>(&e)->value;
    if (e.type == Type::Bool) return v ? "True" : "False";
    return std::to_string(v);
  }
  case ExprKind::String: return quote(as<String>(&e)->text);
  case ExprKind::VarRef: return varName(f_, as<VarRef>(&e)->var);
  case ExprKind::Binary: {
    auto* b = as<Binary>(&e);
    return operand(*b->left) + " " + binOpSymbol(b->op) + " " + operand(*b->right);
  }
  case ExprKind::Compare: {
    auto* c = as<Compare>(&e);
    return operand(*c->left) + " " + cmpOpSymbol(c->op) + " " + operand(*c->right);
  }
  case ExprKind::Unary: {
    auto* u = as<Unary>(&e);
    if (u->op == UnOp::Not) return "not " + operand(*u->operand);
    return "int(" + expr(*u->operand) + ")";
  }
  case ExprKind::Call: {
    auto* c = as<Call>(&e);
    return (c->callee == Callee::Runtime ? "rt." : "") + c->name + "(" + args(c->args) +
           ")";
  }
  case ExprKind::Load:
    return "pl.load(" + expr(*as<Load>(&e)->base) + ", " + expr(*as<Load>(&e)->index) +
           ")";
  }
  return "?";
}

void Printer::line(int indent, const std::string& text) {
  out_ << std::string(static_cast<std::size_t>(indent) * 4, ' ') << text << '\n';
}

// `results`: the return_vars of the statement owning this block, printed on its Yield.
void Printer::block(const Block& b, int indent, const std::vector<VarId>* results) {
  if (b.empty()) line(indent, "pass");
  for (const StmtPtr& s : b)
    stmt(*s, indent, results);
}

void Printer::stmt(const Stmt& s, int indent, const std::vector<VarId>* results) {
  switch (s.kind) {
  case StmtKind::If: return ifStmt(*as<If>(&s), indent);
  case StmtKind::For: return forStmt(*as<For>(&s), indent);
  case StmtKind::While: return whileStmt(*as<While>(&s), indent);
  default: return line(indent, text(s, results));
  }
}

// The one line of a statement: a simple one whole; an If, For or While its header
// without the colon, a While's the plain `while c` form. `results`: as in block().
std::string Printer::text(const Stmt& s, const std::vector<VarId>* results) {
  switch (s.kind) {
  case StmtKind::Assign: {
    auto* a = as<Assign>(&s);
    return varName(f_, a->var) + " = " + expr(*a->expr);
  }
  case StmtKind::Store: {
    auto* st = as<Store>(&s);
    return "pl.store(" + expr(*st->base) + ", " + expr(*st->index) + ", " +
           expr(*st->value) + ")";
  }
  case StmtKind::Eval: return expr(*as<Eval>(&s)->expr);
  case StmtKind::If: return "if " + expr(*as<If>(&s)->cond);
  case StmtKind::For: return forHead(*as<For>(&s));
  case StmtKind::While: return "while " + expr(*as<While>(&s)->cond);
  case StmtKind::Break: return "break";
  case StmtKind::Continue: return "continue";
  case StmtKind::Yield: {
    std::string call = "pl.yield_(" + names(as<Yield>(&s)->values, false) + ")";
    if (results && !results->empty()) call = names(*results, false) + " = " + call;
    return call;
  }
  case StmtKind::Return: {
    auto* r = as<Return>(&s);
    return r->value ? "return " + expr(*r->value) : "return";
  }
  }
  return "?";
}

void Printer::ifStmt(const If& s, int indent) {
  line(indent, text(s, nullptr) + ":");
  block(s.thenBody, indent + 1, &s.returnVars);
  if (s.elseBody.empty() && s.returnVars.empty()) return;
  line(indent, "else:");
  block(s.elseBody, indent + 1, &s.returnVars);
}

std::string Printer::forHead(const For& s) {
  std::string head = "for " + varName(f_, s.index);
  std::string range = "pl.range(" + expr(*s.lo) + ", " + expr(*s.hi) + ", inclusive=True";
  if (!s.iterArgs.empty()) {
    head += ", " + names(s.iterArgs, true);
    range += ", init_values=" + names(s.initValues, true);
  }
  return head + " in " + range + ")";
}

void Printer::forStmt(const For& s, int indent) {
  line(indent, forHead(s) + ":");
  block(s.body, indent + 1, &s.returnVars);
}

void Printer::whileStmt(const While& s, int indent) {
  if (s.iterArgs.empty() && s.condStmts.empty()) {
    line(indent, text(s, nullptr) + ":");
    return block(s.body, indent + 1, &s.returnVars);
  }
  if (s.iterArgs.empty())
    line(indent, "while:");
  else
    line(indent, "for " + names(s.iterArgs, true) +
                     " in pl.while_(init_values=" + names(s.initValues, true) + "):");
  for (const StmtPtr& c : s.condStmts)
    stmt(*c, indent + 1, nullptr);
  std::string cond = "pl.cond(" + expr(*s.cond);
  if (s.condValues != s.iterArgs) cond += ", forward=" + names(s.condValues, true);
  line(indent + 1, cond + ")");
  block(s.body, indent + 1, &s.returnVars);
}

std::string Printer::head() {
  std::string head = "def " + f_.name + "(";
  for (std::size_t i = 0; i < f_.params.size(); ++i) {
    VarId p = f_.params[i];
    head += (i ? ", " : "") + varName(f_, p) + ": " +
            typeName(f_.vars[static_cast<std::size_t>(p)].type);
  }
  head += ")";
  if (f_.returnsValue) head += std::string(" -> ") + typeName(Type::Int64);
  return head;
}

void Printer::function() {
  line(0, head() + ":");
  block(f_.body, 1, nullptr);
}

} // namespace

void printFunction(const Function& f, std::ostream& out) {
  Printer(f, out).function();
}

void printModule(const Module& m, std::ostream& out) {
  for (std::size_t i = 0; i < m.functions.size(); ++i) {
    if (i) out << '\n';
    printFunction(m.functions[i], out);
  }
}

// The one-line forms print nothing: their Printer's stream stays empty.
std::string exprToString(const Function& f, const Expr& e) {
  std::ostringstream unused;
  return Printer(f, unused).expr(e);
}

std::string stmtToString(const Function& f, const Stmt& s) {
  std::ostringstream unused;
  return Printer(f, unused).text(s, nullptr);
}

std::string functionHead(const Function& f) {
  std::ostringstream unused;
  return Printer(f, unused).head();
}

} // namespace tiger::sir
