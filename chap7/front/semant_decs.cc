// semant_decs.cc - semantic analysis of Tiger declarations (Appel, sections 5.3-5.4,
// transDec and transTy; the recursive batches of section 5.4).
//
// Input: the declarations of a let, in order. Output: venv/tenv bindings visible to
// the later declarations and the let body; the annotations of ast.hh on VarDec,
// Formal and FunDec (depth, parent, label, resultType, binding types).
//
// A batch is a run of adjacent type (function) declarations; the parser groups them.
// Its names are all bound before any right-hand side (body) is checked, so they may
// refer to each other. A var declaration ends a batch: after it a second `type a`
// (`function g`) shadows the first instead of clashing with it (test38 vs test47).
#include "chap7/front/semant_checker.hh"

#include <limits>
#include <unordered_map>

namespace tiger::semant {

using ast::as;
using types::actual;
using types::Kind;

// The Tiger builtins of base/builtins.hh's table, with its types, in the outermost
// scope so a program may shadow them; their names join the program's symbols.
void Checker::declareBuiltins(SymbolTable& symbols) {
  const Type* i = types_.intType();
  const Type* s = types_.stringType();
  const Type* u = types_.unitType();
  tenv_.bind(symbols.intern("int"), i);
  tenv_.bind(symbols.intern("string"), s);
  auto type = [&](builtins::Type t) {
    return t == builtins::Type::String ? s : t == builtins::Type::Void ? u : i;
  };
  for (int k = 0; k < builtins::kTigerBuiltins; ++k) {
    const builtins::Function& f = builtins::kFunctions[k];
    Signature sig{{}, type(f.result)};
    for (int p = 0; p < f.arity; ++p)
      sig.formals.push_back(type(f.params[p]));
    sigs_.push_back(std::move(sig));
    venv_.bind(symbols.intern(f.name), ValueEntry{nullptr, nullptr, f.id, &sigs_.back()});
  }
}

void Checker::transDec(ast::Dec& d) {
  switch (d.kind) {
  case ast::DecKind::Function: transFunctionDec(*as<ast::FunctionDec>(&d)); break;
  case ast::DecKind::Var: transVarDec(*as<ast::VarDec>(&d)); break;
  case ast::DecKind::Type: transTypeDec(*as<ast::TypeDec>(&d)); break;
  }
}

// var x : type-id := exp   exp is assignable to type-id, which is x's type.
// var x := exp             x has exp's type, which must not be nil (test45): nothing
//                          would say which record type x holds.
void Checker::transVarDec(ast::VarDec& d) {
  const Type* declared =
      d.typeName.empty() ? nullptr : resolved(lookType(d.typeName, d.typeLoc));
  const Type* init = transExp(*d.init);
  const Type* t = declared ? declared : init;
  if (declared) {
    expect(t, init, startOf(*d.init),
           [&] { return "the initial value of " + quote(d.var.name); });
  } else if (const Type* a = actual(init); a && a->kind == Kind::Nil) {
    error(startOf(*d.init), "cannot give " + quote(d.var.name) +
                                " the type of nil: declare it with a record type, "
                                "var " +
                                d.var.name.str() + " : T := nil");
    t = error_;
  }
  d.var.type = t;
  d.var.depth = depth_;
  d.var.readOnly = false;
  venv_.bind(d.var.name, ValueEntry{&d.var});
}

// ---- type declarations
// -----------------------------------------------------------------

// type t1 = ty1 ... type tn = tyn, one batch: a NameType per name is bound first,
// so each ty may name any ti; then each NameType is bound to its ty's type. A name
// may appear once per batch (test38).
void Checker::transTypeDec(ast::TypeDec& d) {
  std::vector<types::NameType*> names;
  NameIndex index;
  FirstDeclarations seen;
  names.reserve(d.types.size());
  index.reserve(d.types.size());
  seen.reserve(d.types.size());
  for (const ast::TypeDecl& td : d.types) {
    declareOnce(seen, td.name, td.loc, "type",
                [] { return "one batch of mutually recursive types"; });
    types::NameType* n = types_.newName();
    n->name = td.name;
    index.emplace(n, names.size());
    names.push_back(n);
    tenv_.bind(td.name, n);
  }
  for (std::size_t i = 0; i < names.size(); ++i)
    names[i]->binding = transTy(d.types[i].ty, d.types[i].name);
  breakTypeCycles(d, names, index);
  flattenNames(names, index);
}

// ty -> type-id               the type it names (maybe a NameType of this batch)
//     | { f1: t1, ..., fn: tn } a new record type (name equivalence)
//     | array of type-id      a new array type
const Type* Checker::transTy(const ast::Ty& ty, Symbol name) {
  switch (ty.kind) {
  case ast::TyKind::Name: return lookType(ty.name, ty.loc);
  case ast::TyKind::Record: {
    types::RecordType* rec = types_.newRecord();
    rec->name = name;
    FirstDeclarations seen;
    for (const ast::TyField& f : ty.fields) {
      declareOnce(seen, f.name, f.loc, "field", [&] { return "record " + quote(name); });
      rec->fields.push_back({f.name, lookType(f.typeName, f.loc)});
    }
    return rec;
  }
  case ast::TyKind::Array: {
    types::ArrayType* arr = types_.newArray();
    arr->name = name;
    arr->elem = lookType(ty.name, ty.loc);
    return arr;
  }
  }
  return error_;
}

// A chain of names must reach a type that is not a name of the batch (a record, an
// array, or a type declared before); `type a = b  type b = a` never does (test16).
// Walk i follows the chain from name i, stamping each name it meets with i; meeting
// a name stamped i again closes a cycle. Each cycle is reported once and its names
// unbound, so they (and names leading into them) read as the error type.
void Checker::breakTypeCycles(ast::TypeDec& d, const std::vector<types::NameType*>& names,
                              const NameIndex& index) {
  constexpr std::size_t kUnseen = std::numeric_limits<std::size_t>::max();
  std::vector<std::size_t> stamp(names.size(), kUnseen);
  for (std::size_t i = 0; i < names.size(); ++i) {
    auto it = index.find(names[i]);
    while (it != index.end() && stamp[it->second] == kUnseen) {
      stamp[it->second] = i;
      it = index.find(names[it->second]->binding);
    }
    if (it != index.end() && stamp[it->second] == i)
      reportTypeCycle(d, names, index, it->second);
  }
}

// Reports the cycle through name j ("a = c = d = a") and unbinds its names.
void Checker::reportTypeCycle(ast::TypeDec& d, const std::vector<types::NameType*>& names,
                              const NameIndex& index, std::size_t j) {
  std::vector<std::size_t> cycle{j};
  for (std::size_t k = index.at(names[j]->binding); k != j;
       k = index.at(names[k]->binding))
    cycle.push_back(k);
  std::string path;
  for (std::size_t k : cycle)
    path += names[k]->name + " = ";
  error(d.types[j].loc, "illegal type cycle " + path + names[j]->name +
                            ": a recursive type must pass through a record or array");
  for (std::size_t k : cycle)
    names[k]->binding = nullptr;
}

// Points every name of the batch straight at its actual type (null for a broken
// cycle), so actual() takes one step at each later use: a chain t1 = t0, t2 = t1, ...
// would otherwise cost its length at every use. Each name is rebound once.
void Checker::flattenNames(const std::vector<types::NameType*>& names,
                           const NameIndex& index) {
  std::vector<std::size_t> chain;
  for (std::size_t i = 0; i < names.size(); ++i) {
    const Type* t = names[i];
    for (auto it = index.find(t); it != index.end(); it = index.find(t)) {
      chain.push_back(it->second);
      t = names[it->second]->binding;
    }
    const Type* a = actual(t); // t is outside the batch: already flat
    for (std::size_t k : chain)
      names[k]->binding = a;
    chain.clear();
  }
}

// ---- function declarations
// -------------------------------------------------------------

// function f1(...) ... function fn(...), one batch: every header first, so each body
// may call any fi; then the bodies. A name may appear once per batch (test39).
void Checker::transFunctionDec(ast::FunctionDec& d) {
  FirstDeclarations seen;
  seen.reserve(d.funs.size());
  for (auto& f : d.funs) {
    declareOnce(seen, f->name, f->loc, "function",
                [] { return "one batch of mutually recursive functions"; });
    transFunHeader(*f);
  }
  for (auto& f : d.funs)
    transFunBody(*f);
}

// function f(a1: t1, ..., an: tn) [: r]: the signature (t1 ... tn) -> r (unit when r
// is absent); f sits one level deeper than the function declaring it.
void Checker::transFunHeader(ast::FunDec& f) {
  Signature& sig = sigs_.emplace_back();
  FirstDeclarations seen;
  for (ast::Formal& p : f.params) {
    declareOnce(seen, p.var.name, p.var.loc, "parameter", [&] { return quote(f.name); });
    p.var.type = resolved(lookType(p.typeName, p.typeLoc));
    p.var.depth = depth_ + 1;
    p.var.readOnly = false;
    sig.formals.push_back(p.var.type);
  }
  sig.result = f.resultName.empty() ? types_.unitType()
                                    : resolved(lookType(f.resultName, f.resultLoc));
  f.resultType = sig.result;
  f.depth = depth_ + 1;
  f.parent = fun_;
  venv_.bind(f.name, ValueEntry{nullptr, &f, ast::Builtin::None, &sig});
}

// The body sees the formals, no enclosing loop (break cannot leave a function), and
// runs at f's depth. A procedure's body has no value (test40); a function's body is
// assignable to its result type. Labels number functions in source order.
void Checker::transFunBody(ast::FunDec& f) {
  f.label = f.name.str() + "_" + std::to_string(funCount_++);
  ast::FunDec* outerFun = fun_;
  ast::Exp* outerLoop = loop_;
  fun_ = &f;
  depth_ = f.depth;
  loop_ = nullptr;
  venv_.beginScope();
  for (ast::Formal& p : f.params)
    venv_.bind(p.var.name, ValueEntry{&p.var});
  const Type* t = f.body ? transExp(*f.body) : types_.unitType();
  venv_.endScope();
  fun_ = outerFun;
  depth_ = f.depth - 1;
  loop_ = outerLoop;
  if (!f.body) return;
  if (f.resultName.empty())
    expectUnit(t, startOf(*f.body),
               [&] { return "the body of procedure " + quote(f.name); });
  else
    expect(f.resultType, t, startOf(*f.body),
           [&] { return "the result of " + quote(f.name); });
}

} // namespace tiger::semant
