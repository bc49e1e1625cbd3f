// ast.hh - the abstract syntax of Tiger (Appel, appendix A and chapter 4's absyn.h).
//
// Input: built by the parser (parser.yy). Output invariants after semantic analysis
// (semant.hh) succeeds on a program:
//   - every Exp has `type` set (types::Type, never null; Unit for no value);
//   - every SimpleVar has `binding` set to the VarBinding of its declaration;
//   - every CallExp has `fun` set (null only for a builtin, then `builtin` is set);
//   - every FieldVar / RecordExp field has its index in the record type;
//   - every BreakExp / ContinueExp has `loop` set to its innermost WhileExp or ForExp.
// Escape analysis (escape.hh) then sets VarBinding::escape.
//
// Nodes own their children through std::unique_ptr; every name is a Symbol interned in
// the Program's table, compared and hashed as a pointer. Nodes have no vtable: 8 bytes
// a node less, which takes SimpleVar, OpExp and AssignExp down one of the allocator's
// 16-byte size classes (bench/gen.py's ifchain: 160 bytes a line less, bench/README.md).
// NodeDelete, the deleter of ExpPtr, VarPtr and DecPtr, frees a node as the type its
// kind names, and `make<T>` builds one. Depth is limited by the parser
// (kMaxNesting) so recursive passes over the AST stay within the stack.
#pragma once

#include "base/builtins.hh"
#include "base/diag.hh"
#include "base/symbol.hh"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace tiger::types {
struct Type;
}

namespace tiger::ast {

// The parser refuses programs nested deeper than this (parentheses, lets, ifs, ...).
inline constexpr int kMaxNesting = 10000;
// kMaxNesting, or what the current thread's stack holds when it is smaller than the
// one runOnBigStack makes (big_stack.hh): the limit the parser enforces.
int maxNesting();

struct Exp;
struct Var;
struct Dec;
struct FunDec;

// Frees a node through its kind (ast.cc); the bases' destructors are protected, so no
// node is deleted as its base by mistake.
struct NodeDelete {
  void operator()(Exp* e) const;
  void operator()(Var* v) const;
  void operator()(Dec* d) const;
};
using ExpPtr = std::unique_ptr<Exp, NodeDelete>;
using VarPtr = std::unique_ptr<Var, NodeDelete>;
using DecPtr = std::unique_ptr<Dec, NodeDelete>;

// A new node of type T, owned as ExpPtr, VarPtr or DecPtr are.
template <class T, class... A> std::unique_ptr<T, NodeDelete> make(A&&... a) {
  return std::unique_ptr<T, NodeDelete>(new T(std::forward<A>(a)...));
}

// A variable's declaration site: a `var`, a formal parameter, or a `for` index.
// Semantic analysis points every use (SimpleVar) here; escape analysis marks it.
struct VarBinding {
  Symbol name;
  Loc loc;
  bool escape = false;   // used by a function nested deeper than its declaration
  bool readOnly = false; // a for-loop index
  int depth = 0;         // function nesting depth of the declaring function (main = 0)
  const types::Type* type = nullptr;
};

// ---- Variables (lvalues) ----------------------------------------------------------

enum class VarKind : std::uint8_t { Simple, Field, Subscript };

// Where a variable or an expression begins, with its kind, in 8 bytes: the line in 32
// bits, the kind in 8 and the column in 24 (a column past 16,777,215 is kept as that).
// With `type`, the header of Var and Exp is 16 bytes, and SimpleVar, AssignExp, IntExp
// and VarExp fit mimalloc's 32-byte size class (its classes are 16 bytes apart),
// IfExp its 48-byte one: a third less memory for a line such as bench/gen.py's
// ifchain. Only the beginning is kept: every message points there.
template <class Kind> struct Header {
  const types::Type* type = nullptr; // set by semant
  // [begin, begin): the node's place in a message.
  Loc loc() const {
    Pos p{static_cast<int>(line_), static_cast<int>(col_)};
    return {p, p};
  }

private:
  std::uint32_t line_;

public:
  const Kind kind : 8;

private:
  std::uint32_t col_ : 24;

protected:
  Header(Kind k, Loc l)
      : line_(static_cast<std::uint32_t>(l.begin.line)), kind(k),
        col_(static_cast<std::uint32_t>(std::min(l.begin.col, kMaxCol))) {}
  ~Header() = default;
  static constexpr int kMaxCol = (1 << 24) - 1;
};

struct Var : Header<VarKind> {
protected:
  Var(VarKind k, Loc l) : Header(k, l) {}
  ~Var() = default;
};

// x
struct SimpleVar : Var {
  Symbol name;
  VarBinding* binding = nullptr; // set by semant
  SimpleVar(Loc l, Symbol n) : Var(VarKind::Simple, l), name(n) {}
};

// lvalue.field
struct FieldVar : Var {
  int fieldIndex = -1; // set by semant: position of `field` in the record type
  VarPtr var;
  Symbol field;
  FieldVar(Loc l, VarPtr v, Symbol f)
      : Var(VarKind::Field, l), var(std::move(v)), field(f) {}
};

// lvalue[exp]
struct SubscriptVar : Var {
  VarPtr var;
  ExpPtr index;
  SubscriptVar(Loc l, VarPtr v, ExpPtr i);
};

// ---- Expressions ------------------------------------------------------------------

enum class ExpKind : std::uint8_t {
  Var,
  Nil,
  Int,
  String,
  Call,
  Op,
  Record,
  Seq,
  Assign,
  If,
  While,
  For,
  Break,
  Continue,
  Let,
  Array
};

enum class Oper { Plus, Minus, Times, Divide, Eq, Neq, Lt, Le, Gt, Ge, And, Or };

struct Exp : Header<ExpKind> {
protected:
  Exp(ExpKind k, Loc l) : Header(k, l) {}
  ~Exp() = default;
};

// Checked downcast: `as<IfExp>(e)` where e->kind == ExpKind::If.
template <class T, class B> T* as(B* p) {
  return static_cast<T*>(p);
}
template <class T, class B> const T* as(const B* p) {
  return static_cast<const T*>(p);
}

struct VarExp : Exp {
  VarPtr var;
  VarExp(Loc l, VarPtr v) : Exp(ExpKind::Var, l), var(std::move(v)) {}
};

struct NilExp : Exp {
  explicit NilExp(Loc l) : Exp(ExpKind::Nil, l) {}
};

struct IntExp : Exp {
  std::int64_t value;
  IntExp(Loc l, std::int64_t v) : Exp(ExpKind::Int, l), value(v) {}
};

// A string literal, escapes already decoded.
struct StringExp : Exp {
  std::string value;
  StringExp(Loc l, std::string v) : Exp(ExpKind::String, l), value(std::move(v)) {}
};

// Which builtin a call calls: a Tiger builtin of base/builtins.hh, or None for a
// function of the program.
using Builtin = builtins::Id;

// f(args)
struct CallExp : Exp {
  Builtin builtin = Builtin::None; // set by semant when the callee is a builtin
  Symbol func;
  std::vector<ExpPtr> args;
  FunDec* fun = nullptr; // set by semant: the callee, null for a builtin
  CallExp(Loc l, Symbol f, std::vector<ExpPtr> a)
      : Exp(ExpKind::Call, l), func(f), args(std::move(a)) {}
};

// left op right. `&` and `|` are kept as And/Or (short-circuit, Translate expands them).
// Unary minus is parsed as Minus(IntExp 0, e).
struct OpExp : Exp {
  Oper op;
  ExpPtr left, right;
  OpExp(Loc l, Oper o, ExpPtr a, ExpPtr b)
      : Exp(ExpKind::Op, l), op(o), left(std::move(a)), right(std::move(b)) {}
};

// type-id { f1 = e1, ... }
struct FieldInit {
  Loc loc;
  Symbol name;
  ExpPtr init;
  int fieldIndex = -1; // set by semant
};
struct RecordExp : Exp {
  Symbol typeName;
  std::vector<FieldInit> fields; // in source (= evaluation) order
  RecordExp(Loc l, Symbol t, std::vector<FieldInit> f)
      : Exp(ExpKind::Record, l), typeName(t), fields(std::move(f)) {}
};

// (e1; e2; ...; en), also () with no element. Its value is en's.
struct SeqExp : Exp {
  std::vector<ExpPtr> exps;
  SeqExp(Loc l, std::vector<ExpPtr> e) : Exp(ExpKind::Seq, l), exps(std::move(e)) {}
};

// lvalue := exp
struct AssignExp : Exp {
  VarPtr var;
  ExpPtr exp;
  AssignExp(Loc l, VarPtr v, ExpPtr e)
      : Exp(ExpKind::Assign, l), var(std::move(v)), exp(std::move(e)) {}
};

// if test then thenE [else elseE]; elseE is null when absent.
struct IfExp : Exp {
  ExpPtr test, thenE, elseE;
  IfExp(Loc l, ExpPtr t, ExpPtr a, ExpPtr b)
      : Exp(ExpKind::If, l), test(std::move(t)), thenE(std::move(a)),
        elseE(std::move(b)) {}
};

// while test do body
struct WhileExp : Exp {
  ExpPtr test, body;
  WhileExp(Loc l, ExpPtr t, ExpPtr b)
      : Exp(ExpKind::While, l), test(std::move(t)), body(std::move(b)) {}
};

// for var := lo to hi do body   (lo then hi evaluated once each; inclusive)
struct ForExp : Exp {
  VarBinding var; // the index: read-only inside the body
  ExpPtr lo, hi, body;
  ForExp(Loc l, VarBinding v, ExpPtr a, ExpPtr b, ExpPtr c)
      : Exp(ExpKind::For, l), var(std::move(v)), lo(std::move(a)), hi(std::move(b)),
        body(std::move(c)) {}
};

struct BreakExp : Exp {
  Exp* loop = nullptr; // set by semant: innermost enclosing WhileExp or ForExp
  explicit BreakExp(Loc l) : Exp(ExpKind::Break, l) {}
};

// `continue`: this project's extension; in a for loop it goes to the increment.
struct ContinueExp : Exp {
  Exp* loop = nullptr; // set by semant
  explicit ContinueExp(Loc l) : Exp(ExpKind::Continue, l) {}
};

// type-id [size] of init
struct ArrayExp : Exp {
  Symbol typeName;
  ExpPtr size, init;
  ArrayExp(Loc l, Symbol t, ExpPtr s, ExpPtr i)
      : Exp(ExpKind::Array, l), typeName(t), size(std::move(s)), init(std::move(i)) {}
};

// ---- Declarations -----------------------------------------------------------------

enum class DecKind { Function, Var, Type };

struct Dec {
  const DecKind kind;
  Loc loc;

protected:
  Dec(DecKind k, Loc l) : kind(k), loc(l) {}
  ~Dec() = default;
};

// A formal parameter `name: type`.
struct Formal {
  VarBinding var;
  Symbol typeName;
  Loc typeLoc;
};

// function name(formals) [: result] = body
struct FunDec {
  Loc loc;
  Symbol name;
  std::vector<Formal> params;
  Symbol resultName; // empty for a procedure
  Loc resultLoc;
  ExpPtr body;
  // Set by semant / escape / translate.
  const types::Type* resultType = nullptr;
  int depth = 0;            // nesting depth: 1 for functions declared in the main program
  FunDec* parent = nullptr; // enclosing function, null at depth 1
  std::string label;        // its code label, chosen by semant (unique per compilation)
};

// A batch of adjacent function declarations (mutually recursive).
struct FunctionDec : Dec {
  std::vector<std::unique_ptr<FunDec>> funs;
  FunctionDec(Loc l, std::vector<std::unique_ptr<FunDec>> f)
      : Dec(DecKind::Function, l), funs(std::move(f)) {}
};

// var name [: type] := init
struct VarDec : Dec {
  VarBinding var;
  Symbol typeName; // empty when not written
  Loc typeLoc;
  ExpPtr init;
  VarDec(Loc l, VarBinding v, Symbol t, Loc tl, ExpPtr i)
      : Dec(DecKind::Var, l), var(std::move(v)), typeName(t), typeLoc(tl),
        init(std::move(i)) {}
};

// Type expressions: name, { fields }, array of name.
enum class TyKind { Name, Record, Array };
struct TyField {
  Loc loc;
  Symbol name;
  Symbol typeName;
};
struct Ty {
  TyKind kind;
  Loc loc;
  Symbol name;                 // Name: the type; Array: the element type
  std::vector<TyField> fields; // Record
};

struct TypeDecl {
  Loc loc;
  Symbol name;
  Ty ty;
};

// A batch of adjacent type declarations (mutually recursive).
struct TypeDec : Dec {
  std::vector<TypeDecl> types;
  TypeDec(Loc l, std::vector<TypeDecl> t) : Dec(DecKind::Type, l), types(std::move(t)) {}
};

// let decs in body end. Adjacent function (type) declarations are grouped into one
// FunctionDec (TypeDec) batch by the parser.
struct LetExp : Exp {
  std::vector<DecPtr> decs;
  ExpPtr body; // a SeqExp
  LetExp(Loc l, std::vector<DecPtr> d, ExpPtr b)
      : Exp(ExpKind::Let, l), decs(std::move(d)), body(std::move(b)) {}
};

inline SubscriptVar::SubscriptVar(Loc l, VarPtr v, ExpPtr i)
    : Var(VarKind::Subscript, l), var(std::move(v)), index(std::move(i)) {
}

// A whole program: one expression, and the table its names are interned in (every
// Symbol of the AST points into it: the AST lives no longer than its Program).
struct Program {
  SymbolTable symbols;
  ExpPtr body;
};

// Name of an operator as written in Tiger ("+", "<>", "&", ...).
const char* operSymbol(Oper op);
// Name of a builtin as written in Tiger (base/builtins.hh), "" for Builtin::None.
const char* builtinName(Builtin b);

} // namespace tiger::ast
