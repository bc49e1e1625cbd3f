// ast.cc - names of operators and builtins; see ast.hh.
#include "chap7/front/ast.hh"

#include "base/big_stack.hh"

namespace tiger::ast {

int maxNesting() {
  return nestingLimit(kMaxNesting);
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
  switch (b) {
  case Builtin::None: return "";
  case Builtin::Print: return "print";
  case Builtin::Printi: return "printi";
  case Builtin::Flush: return "flush";
  case Builtin::Getchar: return "getchar";
  case Builtin::Ord: return "ord";
  case Builtin::Chr: return "chr";
  case Builtin::Size: return "size";
  case Builtin::Substring: return "substring";
  case Builtin::Concat: return "concat";
  case Builtin::Not: return "not";
  case Builtin::Exit: return "exit";
  }
  return "";
}

} // namespace tiger::ast
