// ast_print.cc - --emit=ast: the AST as text, in the style of Appel's prabsyn.c.
//
// Input: any Program, parsed or checked. Output: one node per line, children indented
// two spaces deeper than their parent, a node's attributes on its own line:
//
//   OpExp(PLUS,
//     IntExp(1),
//     VarExp(
//       SimpleVar(x)))
//
// Variable declarations show their escape flag (`VarDec(x, escape=false,`), which is
// meaningful after escape analysis. The output depends only on the tree.
#include "chap7/front/ast_print.hh"

#include <functional>
#include <ostream>
#include <string>
#include <vector>

namespace tiger::ast {
namespace {

const char* operName(Oper op) {
  switch (op) {
  case Oper::Plus: return "PLUS";
  case Oper::Minus: return "MINUS";
  case Oper::Times: return "TIMES";
  case Oper::Divide: return "DIVIDE";
  case Oper::Eq: return "EQ";
  case Oper::Neq: return "NEQ";
  case Oper::Lt: return "LT";
  case Oper::Le: return "LE";
  case Oper::Gt: return "GT";
  case Oper::Ge: return "GE";
  case Oper::And: return "AND";
  case Oper::Or: return "OR";
  }
  return "?";
}

std::string escapeAttr(const VarBinding& v) {
  return v.name.str() + ", escape=" + (v.escape ? "true" : "false");
}

class Printer {
public:
  explicit Printer(std::ostream& out) : out_(out) {}
  void exp(const Exp& e, int d);

private:
  // Prints a child at depth d.
  using Child = std::function<void(int d)>;

  // Name(attrs)  or  Name(attrs,\n child,\n child)  with children at depth d+1.
  void node(int d, const char* name, const std::string& attrs,
            const std::vector<Child>& kids);
  Child of(const Exp& e) {
    return [this, &e](int d) { exp(e, d); };
  }
  Child of(const Var& v) {
    return [this, &v](int d) { var(v, d); };
  }
  void var(const Var& v, int d);
  void dec(const Dec& dec, int d);
  void funDec(const FunDec& f, int d);
  void ty(const Ty& t, int d);
  void call(const CallExp& e, int d);
  void record(const RecordExp& e, int d);
  void let(const LetExp& e, int d);
  std::ostream& out_;
};

void Printer::node(int d, const char* name, const std::string& attrs,
                   const std::vector<Child>& kids) {
  out_ << std::string(2 * d, ' ') << name << '(' << attrs;
  if (!kids.empty() && !attrs.empty()) out_ << ',';
  for (std::size_t i = 0; i < kids.size(); ++i) {
    out_ << (i == 0 ? "\n" : ",\n");
    kids[i](d + 1);
  }
  out_ << ')';
}

void Printer::var(const Var& v, int d) {
  switch (v.kind) {
  case VarKind::Simple: return node(d, "SimpleVar", as<SimpleVar>(&v)->name, {});
  case VarKind::Field: {
    auto* f = as<FieldVar>(&v);
    return node(d, "FieldVar", f->field, {of(*f->var)});
  }
  case VarKind::Subscript: {
    auto* s = as<SubscriptVar>(&v);
    return node(d, "SubscriptVar", "", {of(*s->var), of(*s->index)});
  }
  }
}

void Printer::exp(const Exp& e, int d) {
  switch (e.kind) {
  case ExpKind::Var: return node(d, "VarExp", "", {of(*as<VarExp>(&e)->var)});
  case ExpKind::Nil: return node(d, "NilExp", "", {});
  case ExpKind::Int: return node(d, "IntExp", std::to_string(as<IntExp>(&e)->value), {});
  case ExpKind::String: return node(d, "StringExp", quoted(as<StringExp>(&e)->value), {});
  case ExpKind::Call: return call(*as<CallExp>(&e), d);
  case ExpKind::Op: {
    auto* o = as<OpExp>(&e);
    return node(d, "OpExp", operName(o->op), {of(*o->left), of(*o->right)});
  }
  case ExpKind::Record: return record(*as<RecordExp>(&e), d);
  case ExpKind::Seq: {
    std::vector<Child> kids;
    for (auto& x : as<SeqExp>(&e)->exps)
      kids.push_back(of(*x));
    return node(d, "SeqExp", "", kids);
  }
  case ExpKind::Assign: {
    auto* a = as<AssignExp>(&e);
    return node(d, "AssignExp", "", {of(*a->var), of(*a->exp)});
  }
  case ExpKind::If: {
    auto* i = as<IfExp>(&e);
    std::vector<Child> kids{of(*i->test), of(*i->thenE)};
    if (i->elseE) kids.push_back(of(*i->elseE));
    return node(d, "IfExp", "", kids);
  }
  case ExpKind::While: {
    auto* w = as<WhileExp>(&e);
    return node(d, "WhileExp", "", {of(*w->test), of(*w->body)});
  }
  case ExpKind::For: {
    auto* f = as<ForExp>(&e);
    return node(d, "ForExp", escapeAttr(f->var), {of(*f->lo), of(*f->hi), of(*f->body)});
  }
  case ExpKind::Break: return node(d, "BreakExp", "", {});
  case ExpKind::Continue: return node(d, "ContinueExp", "", {});
  case ExpKind::Let: return let(*as<LetExp>(&e), d);
  case ExpKind::Array: {
    auto* a = as<ArrayExp>(&e);
    return node(d, "ArrayExp", a->typeName, {of(*a->size), of(*a->init)});
  }
  }
}

void Printer::call(const CallExp& e, int d) {
  std::vector<Child> kids;
  for (auto& a : e.args)
    kids.push_back(of(*a));
  node(d, "CallExp", e.func, kids);
}

// RecordExp(type, Field(name, exp), ...)
void Printer::record(const RecordExp& e, int d) {
  std::vector<Child> kids;
  for (auto& f : e.fields)
    kids.push_back([this, &f](int k) { node(k, "Field", f.name, {of(*f.init)}); });
  node(d, "RecordExp", e.typeName, kids);
}

// LetExp(DecList(decs...), body)
void Printer::let(const LetExp& e, int d) {
  std::vector<Child> decs;
  for (auto& x : e.decs)
    decs.push_back([this, &x](int k) { dec(*x, k); });
  Child decList = [this, &decs](int k) { node(k, "DecList", "", decs); };
  node(d, "LetExp", "", {decList, of(*e.body)});
}

void Printer::dec(const Dec& x, int d) {
  switch (x.kind) {
  case DecKind::Function: {
    std::vector<Child> kids;
    for (auto& f : as<FunctionDec>(&x)->funs)
      kids.push_back([this, &f](int k) { funDec(*f, k); });
    return node(d, "FunctionDec", "", kids);
  }
  case DecKind::Var: {
    auto* v = as<VarDec>(&x);
    std::string attrs = escapeAttr(v->var);
    if (!v->typeName.empty()) attrs += ", type=" + v->typeName.str();
    return node(d, "VarDec", attrs, {of(*v->init)});
  }
  case DecKind::Type: {
    std::vector<Child> kids;
    for (auto& t : as<TypeDec>(&x)->types)
      kids.push_back([this, &t](int k) {
        node(k, "TypeDecl", t.name, {[this, &t](int j) { ty(t.ty, j); }});
      });
    return node(d, "TypeDec", "", kids);
  }
  }
}

// FunDec(name[, result=type], Formal(a, escape=false, type), ..., body)
void Printer::funDec(const FunDec& f, int d) {
  std::string attrs = f.name;
  if (!f.resultName.empty()) attrs += ", result=" + f.resultName.str();
  std::vector<Child> kids;
  for (auto& p : f.params)
    kids.push_back([this, &p](int k) {
      node(k, "Formal", escapeAttr(p.var) + ", " + p.typeName.str(), {});
    });
  kids.push_back(of(*f.body));
  node(d, "FunDec", attrs, kids);
}

// NameTy(t) | RecordTy(Field(a, t), ...) | ArrayTy(t)
void Printer::ty(const Ty& t, int d) {
  switch (t.kind) {
  case TyKind::Name: return node(d, "NameTy", t.name, {});
  case TyKind::Array: return node(d, "ArrayTy", t.name, {});
  case TyKind::Record: {
    std::vector<Child> kids;
    for (auto& f : t.fields)
      kids.push_back([this, &f](int k) {
        node(k, "Field", f.name.str() + ", " + f.typeName.str(), {});
      });
    return node(d, "RecordTy", "", kids);
  }
  }
}

} // namespace

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\')
      out += {'\\', static_cast<char>(c)};
    else if (c == '\n')
      out += "\\n";
    else if (c == '\t')
      out += "\\t";
    else if (c < 32 || c >= 127) {
      out += '\\';
      out += {static_cast<char>('0' + c / 100), static_cast<char>('0' + c / 10 % 10),
              static_cast<char>('0' + c % 10)};
    } else
      out += static_cast<char>(c);
  }
  return out + '"';
}

void print(std::ostream& out, const Program& prog) {
  if (prog.body) Printer(out).exp(*prog.body, 0);
  out << '\n';
}

} // namespace tiger::ast
