// escape.cc - escape analysis (Appel, section 6.2, FindEscape).
//
// Input: a checked AST: every SimpleVar points to its VarBinding, and every binding
// knows the depth of the function declaring it (semant). Output: binding->escape is
// true iff some use (read or write) of it sits in a function nested deeper:
//
//   let var x := 0                      x: depth 0
//       function f() = x := x + 1       uses at depth 1 > 0: x escapes (lives in the
//   in f() end                          frame, reached through static links)
//
// So the walk needs only the depth of the function it is in. Each declaration site is
// reset to false before its uses are met (declarations precede their scope), so a
// second run gives the same answer. Sequences and declaration lists are loops; only
// nesting recurses, and the parser bounds nesting.
#include "chap7/front/escape.hh"

namespace tiger {
namespace {

using ast::as;

class EscapeFinder {
public:
  void exp(ast::Exp& e);

private:
  void var(ast::Var& v);
  void dec(ast::Dec& d);
  void declare(ast::VarBinding& b) { b.escape = false; }
  void operands(ast::Exp& e);
  int depth_ = 0; // depth of the function being walked (main program = 0)
};

// A use deeper than its declaration escapes.
void EscapeFinder::var(ast::Var& v) {
  switch (v.kind) {
  case ast::VarKind::Simple: {
    auto* s = as<ast::SimpleVar>(&v);
    if (s->binding && depth_ > s->binding->depth) s->binding->escape = true;
    break;
  }
  case ast::VarKind::Field: var(*as<ast::FieldVar>(&v)->var); break;
  case ast::VarKind::Subscript: {
    auto* s = as<ast::SubscriptVar>(&v);
    var(*s->var);
    exp(*s->index);
    break;
  }
  }
}

// Function bodies are walked at their own depth.
void EscapeFinder::dec(ast::Dec& d) {
  switch (d.kind) {
  case ast::DecKind::Var: {
    auto* v = as<ast::VarDec>(&d);
    exp(*v->init);
    declare(v->var);
    break;
  }
  case ast::DecKind::Function:
    for (auto& f : as<ast::FunctionDec>(&d)->funs) {
      for (ast::Formal& p : f->params)
        declare(p.var);
      int outer = depth_;
      depth_ = f->depth;
      if (f->body) exp(*f->body);
      depth_ = outer;
    }
    break;
  case ast::DecKind::Type: break;
  }
}

// Variables and the constructs that declare them; the rest just walk their operands.
void EscapeFinder::exp(ast::Exp& e) {
  switch (e.kind) {
  case ast::ExpKind::Var: var(*as<ast::VarExp>(&e)->var); break;
  case ast::ExpKind::Assign:
    var(*as<ast::AssignExp>(&e)->var);
    exp(*as<ast::AssignExp>(&e)->exp);
    break;
  case ast::ExpKind::Let: {
    auto* l = as<ast::LetExp>(&e);
    for (auto& d : l->decs)
      dec(*d);
    if (l->body) exp(*l->body);
    break;
  }
  case ast::ExpKind::For: {
    auto* f = as<ast::ForExp>(&e);
    exp(*f->lo);
    exp(*f->hi);
    declare(f->var);
    exp(*f->body);
    break;
  }
  default: operands(e);
  }
}

// Expressions that declare and name no variable themselves.
void EscapeFinder::operands(ast::Exp& e) {
  switch (e.kind) {
  case ast::ExpKind::Call:
    for (auto& a : as<ast::CallExp>(&e)->args)
      exp(*a);
    break;
  case ast::ExpKind::Op:
    exp(*as<ast::OpExp>(&e)->left);
    exp(*as<ast::OpExp>(&e)->right);
    break;
  case ast::ExpKind::Record:
    for (auto& f : as<ast::RecordExp>(&e)->fields)
      exp(*f.init);
    break;
  case ast::ExpKind::Seq:
    for (auto& x : as<ast::SeqExp>(&e)->exps)
      exp(*x);
    break;
  case ast::ExpKind::Array:
    exp(*as<ast::ArrayExp>(&e)->size);
    exp(*as<ast::ArrayExp>(&e)->init);
    break;
  case ast::ExpKind::If: {
    auto* i = as<ast::IfExp>(&e);
    exp(*i->test);
    exp(*i->thenE);
    if (i->elseE) exp(*i->elseE);
    break;
  }
  case ast::ExpKind::While:
    exp(*as<ast::WhileExp>(&e)->test);
    exp(*as<ast::WhileExp>(&e)->body);
    break;
  default: break; // nil, int, string, break, continue
  }
}

} // namespace

void findEscapes(ast::Program& prog) {
  if (prog.body) EscapeFinder().exp(*prog.body);
}

} // namespace tiger
