// semant.cc - semantic analysis of Tiger variables and expressions (Appel, chapter 5,
// transVar and transExp; the Tiger manual of appendix A for the rules).
//
// Input: an AST from the parser. Output: the annotations of ast.hh (types, bindings,
// callees, field indices, loops) and one located error per mistake found; checking
// goes on after an error, with the error type silencing what follows from it.
// Declarations (let, type, var, function batches) are in semant_decs.cc.
//
// The rule each function applies sits above it. Summary:
//   int, string: literals; nil: assignable where a record type is expected;
//   + - * / & |  int x int -> int;   < <= > >=  int x int or string x string -> int;
//   = <>  two values of one type (int, string, record, array), or nil and a record;
//   nil = nil is refused (nothing says which record type to compare at).
#include "chap7/front/semant.hh"

#include "chap7/front/semant_checker.hh"

namespace tiger {

bool checkProgram(ast::Program& prog, types::TypeContext& types, Diagnostics& diag) {
  int before = diag.errorCount();
  semant::Checker(types, diag).check(prog);
  return diag.errorCount() == before;
}

namespace semant {

using ast::as;
using types::actual;
using types::describe;
using types::Kind;

Checker::Checker(types::TypeContext& types, Diagnostics& diag)
    : types_(types), diag_(diag) {
  types::NameType* err = types.newName(); // never bound: actual() gives null
  err->name = "error";
  error_ = err;
}

void Checker::check(ast::Program& prog) {
  declareBuiltins(prog.symbols);
  if (prog.body) transExp(*prog.body);
}

// ---- shared checks -------------------------------------------------------------------

const Type* Checker::resolved(const Type* t) const {
  const Type* a = actual(t);
  return a ? a : error_;
}

// type-id: its innermost declaration, as declared (possibly a NameType of the batch
// being declared); error_ when undeclared.
const Type* Checker::lookType(Symbol name, Loc loc) {
  const Type* const* t = tenv_.look(name);
  if (t) return *t;
  error(loc, "undefined type " + quote(name));
  return error_;
}

// rec.fieldIndex(name) in constant time: a record of many fields gets a table from
// name to index at its first use, so selecting fields of a record of 10^6 fields
// stays linear. (emplace keeps the first of two equal names, like fieldIndex.)
int Checker::fieldIndex(const types::RecordType& rec, Symbol name) {
  constexpr std::size_t kSmall = 8;
  if (rec.fields.size() <= kSmall) return rec.fieldIndex(name);
  auto [table, fresh] = fieldTables_.try_emplace(&rec);
  if (fresh)
    for (std::size_t i = 0; i < rec.fields.size(); ++i)
      table->second.emplace(rec.fields[i].name, static_cast<int>(i));
  auto it = table->second.find(name);
  return it == table->second.end() ? -1 : it->second;
}

// ---- variables -----------------------------------------------------------------------

const Type* Checker::transVar(ast::Var& v) {
  const Type* t = error_;
  switch (v.kind) {
  case ast::VarKind::Simple: t = transSimpleVar(*as<ast::SimpleVar>(&v)); break;
  case ast::VarKind::Field: t = transFieldVar(*as<ast::FieldVar>(&v)); break;
  case ast::VarKind::Subscript: t = transSubscriptVar(*as<ast::SubscriptVar>(&v)); break;
  }
  v.type = t;
  return t;
}

// x: the innermost declaration of x, which must be a variable.
const Type* Checker::transSimpleVar(ast::SimpleVar& v) {
  const ValueEntry* e = venv_.look(v.name);
  if (!e) {
    error(v.loc(), "undefined variable " + quote(v.name));
    return error_;
  }
  if (!e->var) {
    error(v.loc(), quote(v.name) + " is a function, not a variable");
    return error_;
  }
  v.binding = e->var;
  return resolved(e->var->type);
}

// lvalue.field: lvalue is a record whose type has `field`.
const Type* Checker::transFieldVar(ast::FieldVar& v) {
  const Type* a = actual(transVar(*v.var));
  if (!a) return error_;
  if (a->kind != Kind::Record) {
    error(v.loc(), "not a record: cannot select field " + quote(v.field) +
                       " of a value of type " + describe(a));
    return error_;
  }
  auto* rec = static_cast<const types::RecordType*>(a);
  v.fieldIndex = fieldIndex(*rec, v.field);
  if (v.fieldIndex < 0) {
    error(v.loc(), "record type " + quote(rec->name) + " has no field " + quote(v.field));
    return error_;
  }
  return resolved(rec->fields[v.fieldIndex].type);
}

// lvalue[exp]: lvalue is an array, exp an int.
const Type* Checker::transSubscriptVar(ast::SubscriptVar& v) {
  const Type* a = actual(transVar(*v.var));
  expectInt(transExp(*v.index), startOf(*v.index), [] { return "an array index"; });
  if (!a) return error_;
  if (a->kind != Kind::Array) {
    error(v.loc(), "not an array: cannot subscript a value of type " + describe(a));
    return error_;
  }
  return resolved(static_cast<const types::ArrayType*>(a)->elem);
}

// ---- expressions ---------------------------------------------------------------------

const Type* Checker::transExp(ast::Exp& e) {
  const Type* t = transExpKind(e);
  e.type = t;
  return t;
}

const Type* Checker::transExpKind(ast::Exp& e) {
  switch (e.kind) {
  case ast::ExpKind::Var: return transVar(*as<ast::VarExp>(&e)->var);
  case ast::ExpKind::Nil: return types_.nilType();
  case ast::ExpKind::Int: return types_.intType();
  case ast::ExpKind::String: return types_.stringType();
  case ast::ExpKind::Call: return transCall(*as<ast::CallExp>(&e));
  case ast::ExpKind::Op: return transOp(*as<ast::OpExp>(&e));
  case ast::ExpKind::Record: return transRecord(*as<ast::RecordExp>(&e));
  case ast::ExpKind::Seq: return transSeq(*as<ast::SeqExp>(&e));
  case ast::ExpKind::Assign: return transAssign(*as<ast::AssignExp>(&e));
  case ast::ExpKind::If: return transIf(*as<ast::IfExp>(&e));
  case ast::ExpKind::While: return transWhile(*as<ast::WhileExp>(&e));
  case ast::ExpKind::For: return transFor(*as<ast::ForExp>(&e));
  case ast::ExpKind::Break: return transJump(e, as<ast::BreakExp>(&e)->loop, "break");
  case ast::ExpKind::Continue:
    return transJump(e, as<ast::ContinueExp>(&e)->loop, "continue");
  case ast::ExpKind::Let: return transLet(*as<ast::LetExp>(&e));
  case ast::ExpKind::Array: return transArray(*as<ast::ArrayExp>(&e));
  }
  return error_;
}

// f(e1, ..., en): f is a function of n formals and each ei is assignable to its formal.
// The call has f's result type (unit for a procedure).
const Type* Checker::transCall(ast::CallExp& e) {
  const ValueEntry* f = lookFunction(e);
  for (auto& a : e.args)
    transExp(*a);
  if (!f) return error_;
  e.fun = f->fun;
  e.builtin = f->builtin;
  const std::vector<const Type*>& formals = f->sig->formals;
  if (e.args.size() != formals.size())
    error(e.loc(), std::string(e.args.size() < formals.size() ? "too few" : "too many") +
                       " arguments to " + quote(e.func) + ": expected " +
                       std::to_string(formals.size()) + ", got " +
                       std::to_string(e.args.size()));
  for (std::size_t i = 0; i < e.args.size() && i < formals.size(); ++i)
    expect(formals[i], e.args[i]->type, startOf(*e.args[i]),
           [&] { return "argument " + std::to_string(i + 1) + " of " + quote(e.func); });
  return resolved(f->sig->result);
}

// The operator of e as written, quoted: "'+'".
static std::string opName(const ast::OpExp& e) {
  return quote(ast::operSymbol(e.op));
}

// f in f(...): its innermost declaration, which must be a function; null (after a
// report) otherwise.
const ValueEntry* Checker::lookFunction(const ast::CallExp& e) {
  const ValueEntry* f = venv_.look(e.func);
  if (!f)
    error(e.loc(), "undefined function " + quote(e.func));
  else if (!f->sig)
    error(e.loc(), quote(e.func) + " is a variable, not a function");
  return f && f->sig ? f : nullptr;
}

// e1 op e2 (see the summary at the top). Every operator yields int.
const Type* Checker::transOp(ast::OpExp& e) {
  const Type* l = transExp(*e.left);
  const Type* r = transExp(*e.right);
  switch (e.op) {
  case ast::Oper::Eq:
  case ast::Oper::Neq: transEquality(e, l, r); break;
  case ast::Oper::Lt:
  case ast::Oper::Le:
  case ast::Oper::Gt:
  case ast::Oper::Ge: transOrder(e, l, r); break;
  default:
    expectInt(l, *e.left, [&] { return "the left operand of " + opName(e); });
    expectInt(r, *e.right, [&] { return "the right operand of " + opName(e); });
  }
  return types_.intType();
}

// e1 < e2 (<=, >, >=): two ints or two strings.
void Checker::transOrder(ast::OpExp& e, const Type* l, const Type* r) {
  const Type* a = actual(l);
  const Type* b = actual(r);
  if (!a || !b) return;
  if (a == b && (a->kind == Kind::Int || a->kind == Kind::String)) return;
  error(e.loc(), "operator " + opName(e) + " needs two ints or two strings, got " +
                     describe(a) + " and " + describe(b));
}

// e1 = e2, e1 <> e2: one type for both sides (nil joins a record), and not unit.
void Checker::transEquality(ast::OpExp& e, const Type* l, const Type* r) {
  const Type* a = actual(l);
  const Type* b = actual(r);
  if (!a || !b) return;
  if (a->kind == Kind::Nil && b->kind == Kind::Nil)
    error(e.loc(),
          "operator " + opName(e) + " cannot compare nil with nil: no record type");
  else if (a->kind == Kind::Unit || b->kind == Kind::Unit)
    error(e.loc(), "operator " + opName(e) + " cannot compare a value of type unit");
  else if (!types::assignable(a, b) && !types::assignable(b, a))
    error(e.loc(), "operator " + opName(e) + " cannot compare " + describe(a) + " with " +
                       describe(b));
}

// type-id {f1 = e1, ..., fn = en}: type-id is a record type whose fields are exactly
// f1 ... fn in this order, and each ei is assignable to its field.
const Type* Checker::transRecord(ast::RecordExp& e) {
  const Type* a = actual(lookType(e.typeName, e.loc()));
  const types::RecordType* rec = nullptr;
  if (a && a->kind == Kind::Record)
    rec = static_cast<const types::RecordType*>(a);
  else if (a)
    error(e.loc(), quote(e.typeName) + " is not a record type");
  for (std::size_t i = 0; i < e.fields.size(); ++i)
    transFieldInit(e.fields[i], rec, i);
  if (rec && e.fields.size() < rec->fields.size())
    error(e.loc(), "missing field " + quote(rec->fields[e.fields.size()].name) +
                       " in the creation of record " + quote(rec->name));
  return rec ? static_cast<const Type*>(rec) : error_;
}

// fi = ei, the i-th field written: it must be the i-th field of the record type.
void Checker::transFieldInit(ast::FieldInit& f, const types::RecordType* rec,
                             std::size_t i) {
  const Type* t = transExp(*f.init);
  if (!rec) return;
  f.fieldIndex = fieldIndex(*rec, f.name);
  if (f.fieldIndex < 0)
    error(f.loc, "record type " + quote(rec->name) + " has no field " + quote(f.name));
  else if (i >= rec->fields.size())
    error(f.loc, "extra field " + quote(f.name) + ": record " + quote(rec->name) +
                     " has " + std::to_string(rec->fields.size()) + " fields");
  else if (static_cast<std::size_t>(f.fieldIndex) != i)
    error(f.loc, "field " + quote(f.name) + " out of order: record " + quote(rec->name) +
                     " expects " + quote(rec->fields[i].name) + " here");
  else
    expect(rec->fields[i].type, t, startOf(*f.init),
           [&] { return "field " + quote(f.name) + " of " + quote(rec->name); });
}

// (e1; ...; en) has en's type, () has none. A loop, not recursion: a sequence may
// hold a million expressions.
const Type* Checker::transSeq(ast::SeqExp& e) {
  const Type* t = types_.unitType();
  for (auto& x : e.exps)
    t = transExp(*x);
  return t;
}

// lvalue := exp: exp is assignable to the lvalue, which is not a for index (not even
// from a function declared inside the loop). No value.
const Type* Checker::transAssign(ast::AssignExp& e) {
  const Type* v = transVar(*e.var);
  if (e.var->kind == ast::VarKind::Simple) {
    auto* s = as<ast::SimpleVar>(e.var.get());
    if (s->binding && s->binding->readOnly)
      error(e.var->loc(), "cannot assign to the for-loop index " + quote(s->name));
  }
  const Type* x = transExp(*e.exp);
  expect(v, x, startOf(*e.exp), [] { return "assignment"; });
  return types_.unitType();
}

// if c then a: c int, a no value.  if c then a else b: c int, a and b of one type
// (nil joins a record type), which is the if's type.
const Type* Checker::transIf(ast::IfExp& e) {
  expectInt(transExp(*e.test), startOf(*e.test), [] { return "the if condition"; });
  const Type* a = transExp(*e.thenE);
  if (!e.elseE) {
    expectUnit(a, startOf(*e.thenE),
               [] { return "the body of an if-then without else"; });
    return types_.unitType();
  }
  const Type* b = transExp(*e.elseE);
  if (types::assignable(a, b)) return a;
  if (types::assignable(b, a)) return b;
  error(startOf(*e.elseE), "then and else branches have different types: " + describe(a) +
                               " and " + describe(b));
  return error_;
}

// while c do body: c int, body no value. Only body is inside the loop: a break in c
// (like one in a for's bounds) belongs to an enclosing loop, as in Appel's Translate.
const Type* Checker::transWhile(ast::WhileExp& e) {
  expectInt(transExp(*e.test), startOf(*e.test), [] { return "the while condition"; });
  transLoopBody(e, *e.body, "a while body");
  return types_.unitType();
}

// for i := lo to hi do body: lo and hi int; i a read-only int seen by body only.
const Type* Checker::transFor(ast::ForExp& e) {
  expectInt(transExp(*e.lo), startOf(*e.lo), [] { return "the for loop's lower bound"; });
  expectInt(transExp(*e.hi), startOf(*e.hi), [] { return "the for loop's upper bound"; });
  e.var.type = types_.intType();
  e.var.readOnly = true;
  e.var.depth = depth_;
  venv_.beginScope();
  venv_.bind(e.var.name, ValueEntry{&e.var});
  transLoopBody(e, *e.body, "a for body");
  venv_.endScope();
  return types_.unitType();
}

void Checker::transLoopBody(ast::Exp& loop, ast::Exp& body, const char* what) {
  ast::Exp* outer = loop_;
  loop_ = &loop;
  const Type* t = transExp(body);
  loop_ = outer;
  expectUnit(t, startOf(body), [&] { return what; });
}

// break, continue: inside a loop of the same function; `loop` records which.
const Type* Checker::transJump(ast::Exp& e, ast::Exp*& loop, const char* what) {
  if (loop_)
    loop = loop_;
  else
    error(e.loc(), std::string(what) + " outside a loop");
  return types_.unitType();
}

// let decs in body end: decs in order, each seeing those before it; the let has the
// body's type. Its declarations end with it.
const Type* Checker::transLet(ast::LetExp& e) {
  venv_.beginScope();
  tenv_.beginScope();
  for (auto& d : e.decs)
    transDec(*d);
  const Type* t = e.body ? transExp(*e.body) : types_.unitType();
  tenv_.endScope();
  venv_.endScope();
  return t;
}

// type-id [size] of init: type-id an array type, size int, init assignable to its
// elements (nil included, for an array of records).
const Type* Checker::transArray(ast::ArrayExp& e) {
  const Type* a = actual(lookType(e.typeName, e.loc()));
  expectInt(transExp(*e.size), startOf(*e.size), [] { return "an array size"; });
  const Type* init = transExp(*e.init);
  if (!a) return error_;
  if (a->kind != Kind::Array) {
    error(e.loc(), quote(e.typeName) + " is not an array type");
    return error_;
  }
  expect(static_cast<const types::ArrayType*>(a)->elem, init, startOf(*e.init),
         [&] { return "the initial value of an array " + quote(e.typeName); });
  return a;
}

} // namespace semant
} // namespace tiger
