// ast.cc - freeing a node by its kind, names of operators and builtins; see ast.hh.
#include "chap7/front/ast.hh"

#include "base/big_stack.hh"

namespace tiger::ast {

int maxNesting() {
  return nestingLimit(kMaxNesting);
}

// A node is deleted as the type its kind names (its children then by their own kinds).
void NodeDelete::operator()(Exp* e) const {
  switch (e->kind) {
  case ExpKind::Var: delete as<VarExp>(e); return;
  case ExpKind::Nil: delete as<NilExp>(e); return;
  case ExpKind::Int: delete as<IntExp>(e); return;
  case ExpKind::String: delete as<StringExp>(e); return;
  case ExpKind::Call: delete as<CallExp>(e); return;
  case ExpKind::Op: delete as<OpExp>(e); return;
  case ExpKind::Record: delete as<RecordExp>(e); return;
  case ExpKind::Seq: delete as<SeqExp>(e); return;
  case ExpKind::Assign: delete as<AssignExp>(e); return;
  case ExpKind::If: delete as<IfExp>(e); return;
  case ExpKind::While: delete as<WhileExp>(e); return;
  case ExpKind::For: delete as<ForExp>(e); return;
  case ExpKind::Break: delete as<BreakExp>(e); return;
  case ExpKind::Continue: delete as<ContinueExp>(e); return;
  case ExpKind::Let: delete as<LetExp>(e); return;
  case ExpKind::Array: delete as<ArrayExp>(e); return;
  }
}

void NodeDelete::operator()(Var* v) const {
  switch (v->kind) {
  case VarKind::Simple: delete as<SimpleVar>(v); return;
  case VarKind::Field: delete as<FieldVar>(v); return;
  case VarKind::Subscript: delete as<SubscriptVar>(v); return;
  }
}

void NodeDelete::operator()(Dec* d) const {
  switch (d->kind) {
  case DecKind::Function: delete as<FunctionDec>(d); return;
  case DecKind::Var: delete as<VarDec>(d); return;
  case DecKind::Type: delete as<TypeDec>(d); return;
  }
}

const char* operSymbol(Oper op) {
  switch (op) {
  case Oper::Plus: return "+";
  case Oper::Minus: return "-";
  case Oper::Times: return "*";
  case Oper::Divide: return "/";
  case Oper::Eq: return "=";
  case Oper::Neq: return "<>";
  case Oper::Lt: return "<";
  case Oper::Le: return "<=";
  case Oper::Gt: return ">";
  case Oper::Ge: return ">=";
  case Oper::And: return "&";
  case Oper::Or: return "|";
  }
  return "?";
}

const char* builtinName(Builtin b) {
  return b == Builtin::None ? "" : builtins::name(b).data();
}

} // namespace tiger::ast
