// semant_checker.hh - the state of one run of semantic analysis (private to semant).
//
// Appel's transVar / transExp / transDec / transTy, as methods of one Checker that
// carries the environments and the context of the expression being checked:
//   venv  variables and functions (builtins in the outermost scope, so users may
//         shadow them), tenv  type names (int and string outermost);
//   fun_/depth_  the enclosing function and its nesting depth (main program = 0);
//   loop_  the innermost loop a break/continue may leave (null outside any loop and
//          at the start of every function body: loops do not reach into functions).
// Expressions and variables live in semant.cc, declarations in semant_decs.cc.
//
// Every trans* returns the expression's type; the annotations it writes hold
// actual types (never a NameType). An expression in error gets error_, an unresolved
// NameType: types::actual() maps it to null and every check accepts null silently.
#pragma once

#include "base/diag.hh"
#include "chap7/front/ast.hh"
#include "chap7/front/semant_table.hh"
#include "chap7/front/types.hh"

#include <deque>
#include <string>
#include <unordered_map>
#include <vector>

namespace tiger::semant {

using types::Type;

// A function's formal parameter types and result type (unit for a procedure).
struct Signature {
  std::vector<const Type*> formals;
  const Type* result = nullptr;
};

// What a name in venv stands for: a variable (var set), or a function (sig set, and
// fun or builtin saying which).
struct ValueEntry {
  ast::VarBinding* var = nullptr;
  ast::FunDec* fun = nullptr;
  ast::Builtin builtin = ast::Builtin::None;
  const Signature* sig = nullptr;
};

inline std::string quote(const std::string& s) {
  return "'" + s + "'";
}

// Where an expression starts. An OpExp's loc is its operator (as in Appel), so a
// report about a whole expression goes to its leftmost operand instead.
inline Loc startOf(const ast::Exp& e) {
  const ast::Exp* p = &e;
  while (p->kind == ast::ExpKind::Op)
    p = ast::as<ast::OpExp>(p)->left.get();
  return p->loc();
}

class Checker {
public:
  Checker(types::TypeContext& types, Diagnostics& diag);
  void check(ast::Program& prog);

private:
  // ---- semant.cc: variables and expressions
  const Type* transVar(ast::Var& v);
  const Type* transSimpleVar(ast::SimpleVar& v);
  const Type* transFieldVar(ast::FieldVar& v);
  const Type* transSubscriptVar(ast::SubscriptVar& v);
  const Type* transExp(ast::Exp& e);
  const Type* transExpKind(ast::Exp& e);
  const Type* transCall(ast::CallExp& e);
  const ValueEntry* lookFunction(const ast::CallExp& e);
  const Type* transOp(ast::OpExp& e);
  void transOrder(ast::OpExp& e, const Type* l, const Type* r);
  void transEquality(ast::OpExp& e, const Type* l, const Type* r);
  const Type* transRecord(ast::RecordExp& e);
  void transFieldInit(ast::FieldInit& f, const types::RecordType* rec, std::size_t i);
  const Type* transSeq(ast::SeqExp& e);
  const Type* transAssign(ast::AssignExp& e);
  const Type* transIf(ast::IfExp& e);
  const Type* transWhile(ast::WhileExp& e);
  const Type* transFor(ast::ForExp& e);
  const Type* transJump(ast::Exp& e, ast::Exp*& loop, const char* what);
  const Type* transLet(ast::LetExp& e);
  const Type* transArray(ast::ArrayExp& e);
  void transLoopBody(ast::Exp& loop, ast::Exp& body, const char* what);

  // ---- semant_decs.cc: declarations
  void declareBuiltins(SymbolTable& symbols);
  void transDec(ast::Dec& d);
  void transVarDec(ast::VarDec& d);
  void transTypeDec(ast::TypeDec& d);
  const Type* transTy(const ast::Ty& ty, Symbol name);
  using NameIndex = std::unordered_map<const Type*, std::size_t>; // batch name -> i
  void breakTypeCycles(ast::TypeDec& d, const std::vector<types::NameType*>& names,
                       const NameIndex& index);
  void flattenNames(const std::vector<types::NameType*>& names, const NameIndex& index);
  void reportTypeCycle(ast::TypeDec& d, const std::vector<types::NameType*>& names,
                       const NameIndex& index, std::size_t j);
  void transFunctionDec(ast::FunctionDec& d);
  void transFunHeader(ast::FunDec& f);
  void transFunBody(ast::FunDec& f);

  // ---- checks shared by both files (semant.cc)
  void error(Loc loc, const std::string& message) { diag_.error(loc, message); }
  const Type* lookType(Symbol name, Loc loc);
  // actual(t), or error_ when t is unresolved: what annotations hold.
  const Type* resolved(const Type* t) const;
  int fieldIndex(const types::RecordType& rec, Symbol name);
  // The checks below report, unless the type is right (or already in error),
  //   expect:     "type mismatch in <what>: expected E, got V" (V not assignable to E)
  //   expectInt:  "<what> must be int, got T"
  //   expectUnit: "<what> must produce no value, got T"
  // `what` is a callable returning the text, run only when there is an error, so a
  // correct program builds no message strings.
  template <class What>
  void expect(const Type* expected, const Type* value, Loc loc, What what) {
    if (!types::assignable(expected, value))
      error(loc, "type mismatch in " + std::string(what()) + ": expected " +
                     types::describe(expected) + ", got " + types::describe(value));
  }
  template <class What> void expectInt(const Type* t, Loc loc, What what) {
    const Type* a = types::actual(t);
    if (a && a->kind != types::Kind::Int)
      error(loc, std::string(what()) + " must be int, got " + types::describe(a));
  }
  // The same at startOf(at), found only on an error: in a chain a+b+...+z the left
  // operand's start lies as deep as the chain is long.
  template <class What> void expectInt(const Type* t, const ast::Exp& at, What what) {
    const Type* a = types::actual(t);
    if (a && a->kind != types::Kind::Int) expectInt(t, startOf(at), what);
  }
  template <class What> void expectUnit(const Type* t, Loc loc, What what) {
    const Type* a = types::actual(t);
    if (a && a->kind != types::Kind::Unit)
      error(loc,
            std::string(what()) + " must produce no value, got " + types::describe(a));
  }

  // Names declared once per group (a batch, a function's formals, a record's fields):
  // a repeat gets "<kind> 'x' is declared twice in <group()>" and a note at the first.
  using FirstDeclarations = std::unordered_map<Symbol, Loc>;
  template <class Group>
  void declareOnce(FirstDeclarations& seen, Symbol name, Loc loc, const char* kind,
                   Group group) {
    auto [first, fresh] = seen.emplace(name, loc);
    if (fresh) return;
    error(loc, std::string(kind) + " " + quote(name) + " is declared twice in " +
                   std::string(group()));
    diag_.note(first->second, "the first " + quote(name) + " is declared here");
  }

  types::TypeContext& types_;
  Diagnostics& diag_;
  const Type* error_;
  ScopedTable<ValueEntry> venv_;
  ScopedTable<const Type*> tenv_;
  std::deque<Signature> sigs_; // the signatures venv points to
  ast::FunDec* fun_ = nullptr;
  int depth_ = 0;
  ast::Exp* loop_ = nullptr;
  int funCount_ = 0; // functions labelled so far, for FunDec::label
  // Name -> index tables of the records with many fields (see fieldIndex).
  std::unordered_map<const types::RecordType*, std::unordered_map<Symbol, int>>
      fieldTables_;
};

} // namespace tiger::semant
