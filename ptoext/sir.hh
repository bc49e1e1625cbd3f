// sir.hh - the structured IR of ptoext ("SIR"): functions of If/For/While/Break/
// Continue/Assign/... over 64-bit words, in the spirit of PyPTO's IR.
//
// Its passes: docs/ctrl_flow_transform.md, docs/convert_to_ssa.md, docs/pypto_bugs.md.
//
// Pipeline and the invariants of each stage:
//
//   typed AST --lowerProgram--> Lowered --CtrlFlowTransform--> Cft --ConvertToSSA--> Ssa
//
//   Lowered  Break/Continue may appear (each belongs to its innermost For/While).
//            Variables may be assigned many times. No SSA field is filled.
//   Cft      (StructuredCtrlFlow) no Break or Continue anywhere.
//   Ssa      (SSAForm) every VarId is defined exactly once: as a parameter, by an
//            Assign, as a For index, as an iter_arg, or as a return_var of an
//            If/For/While. Yields end every branch/body that has results.
//
// Values. Every Tiger value (int, string, record, array, nil) is an INT64 word:
// nil is 0; strings, records and arrays are handles returned by the runtime
// (String literals, allocRecord, initArray, concat, ...). BOOL appears only for
// conditions (Compare results, Not/And/Or, break flags). Unary ToInt widens a BOOL
// to 0/1 where Tiger uses a comparison as an int.
//
// Expressions are trees. A Call appears ONLY as the whole right-hand side of an
// Assign or as the expression of an Eval: every other expression is free of effects
// (Const, String, VarRef, Binary, Compare, Unary, Load). Binary Div may still fail:
// division by zero is a runtime error ("runtime error: division by zero", exit 70);
// the emitter must emit the check (the reference interpreter does it). Binary And/Or
// combine two BOOLs WITHOUT short-circuit: the passes only build them when the right
// operand cannot fail (mayFail below is false: it holds no Div; a Load cannot fail, the
// checks that guard it are statements before it); Tiger's `&`/`|` are lowered to If.
//
// Memory. Load(base, index) reads word `index` of the block whose handle is `base`;
// Store(base, index, value) writes it. Used for record fields (index = field number,
// after checkNil), array elements (after checkIndex) and frame slots.
//
// Frames and static links (Appel chapter 6). Every Tiger function becomes a top-level
// Function whose first parameter `_sl` is the static link: the frame handle of the
// enclosing function (the main program "tigermain" has no `_sl`). A function that has
// escaping variables or nested functions allocates its frame block on entry:
//     _fp = allocRecord(8 * (1 + number of escaping variables))
//     store(_fp, 0, _sl)           # slot 0: the static link (main stores 0)
// and keeps escaping variable k (k = 1, 2, ...) in slot k. A variable declared at
// depth d is reached from depth k >= d by: d == k -> _fp; d == k-1 -> _sl; each
// further level loads slot 0. Non-escaping variables are plain variables (VarIds).
//
// For. `For(index, lo, hi, body)` runs body with index = lo, lo+1, ..., hi: Tiger's
// INCLUSIVE upper bound, zero iterations when lo > hi. lo and hi are effect-free
// expressions evaluated exactly once, lo first, before the first iteration; changes
// to their variables in the body do not matter. The index is never incremented past
// hi, so hi = 2^63-1 does not overflow (an emitter must not compute hi + 1 blindly).
// The index is not assigned in the body. The step is always +1.
//
// While. `While(condStmts, cond, body)`: repeat { run condStmts; if not cond: leave;
// run body }. condStmts hold the effects of Tiger's condition and re-run every time.
//
// SSA fields (empty before ConvertToSSA):
//   If:    returnVars (phis); then and else both end in Yield(values), one per phi.
//   For:   iterArgs / initValues / returnVars, one each per loop-carried variable;
//          body ends in Yield (the next iteration's iterArgs). returnVars hold the
//          values after the last iteration (initValues when it runs zero times).
//   While: iterArgs / initValues / returnVars as For; condStmts and cond read the
//          iterArgs; condValues (one per iterArg) are the carried values after
//          condStmts: the body sees them (scf.while's after-region arguments; no other
//          value defined in condStmts is visible in the body) and returnVars receive
//          them when cond is false. body ends in Yield.
//
// Names. VarInfo::base is unique within a function (lowering renames shadowed
// variables). Generated names start with '_' so they never collide with Tiger
// identifiers (which start with a letter). varName() appends the SSA suffix of the
// role: x__ssa_v3, x__iter_v1, x__rv_v2, x__phi_v4, i__idx_v0; in SSA form every name
// carries exactly one suffix, so a user identifier that itself contains "__" (say
// `a__ssa_v0`, printed `a__ssa_v0__ssa_v1`) is still told apart by its last suffix.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace tiger::sir {

enum class Type { Int64, Bool };

// A variable: an index into Function::vars.
using VarId = int;
inline constexpr VarId kNoVar = -1;

// The role of a variable in SSA form: it selects the printed suffix.
enum class VarRole { Plain, Ssa, Iter, Rv, Phi, Idx };

struct VarInfo {
  std::string base; // source name (unique per function), or a generated "_..." name
  Type type = Type::Int64;
  VarRole role = VarRole::Plain;
  int version = -1;      // SSA version, -1 for Plain
  VarId origin = kNoVar; // SSA: the pre-SSA variable it versions (kNoVar when Plain)
};

// ---- Expressions ------------------------------------------------------------------

enum class ExprKind { Const, String, VarRef, Binary, Compare, Unary, Call, Load };
enum class BinOp { Add, Sub, Mul, Div, And, Or }; // And/Or on BOOL, not short-circuit
enum class CmpOp { Eq, Ne, Lt, Le, Gt, Ge };      // signed INT64 -> BOOL
enum class UnOp { Not, ToInt };                   // Not: BOOL->BOOL; ToInt: BOOL->INT64
enum class Callee { User, Runtime };

struct Expr {
  const ExprKind kind;
  Type type;
  virtual ~Expr() = default;

protected:
  Expr(ExprKind k, Type t) : kind(k), type(t) {}
};
using ExprPtr = std::unique_ptr<Expr>;

// Checked-by-kind downcast, as in ast.hh: `as<Binary>(e)` when e->kind == Binary.
template <class T, class B> T* as(B* p) {
  return static_cast<T*>(p);
}
template <class T, class B> const T* as(const B* p) {
  return static_cast<const T*>(p);
}

// An INT64 constant, or a BOOL constant (0 = False, 1 = True).
struct Const : Expr {
  std::int64_t value;
  Const(Type t, std::int64_t v) : Expr(ExprKind::Const, t), value(v) {}
};

// A string literal: an INT64 handle to an immutable string.
struct String : Expr {
  std::string text; // the bytes, escapes decoded
  explicit String(std::string s)
      : Expr(ExprKind::String, Type::Int64), text(std::move(s)) {}
};

struct VarRef : Expr {
  VarId var;
  VarRef(Type t, VarId v) : Expr(ExprKind::VarRef, t), var(v) {}
};

struct Binary : Expr {
  BinOp op;
  ExprPtr left, right;
  Binary(Type t, BinOp o, ExprPtr a, ExprPtr b)
      : Expr(ExprKind::Binary, t), op(o), left(std::move(a)), right(std::move(b)) {}
};

struct Compare : Expr {
  CmpOp op;
  ExprPtr left, right; // INT64 operands
  Compare(CmpOp o, ExprPtr a, ExprPtr b)
      : Expr(ExprKind::Compare, Type::Bool), op(o), left(std::move(a)),
        right(std::move(b)) {}
};

struct Unary : Expr {
  UnOp op;
  ExprPtr operand;
  Unary(Type t, UnOp o, ExprPtr e)
      : Expr(ExprKind::Unary, t), op(o), operand(std::move(e)) {}
};

// name(args). User: a Function of the Module (args include the static link first).
// Runtime: a function of chap7/ir/runtime.hh (print, initArray, checkNil, ...).
// `type` is INT64; a callee without a result is only called from an Eval.
struct Call : Expr {
  Callee callee;
  std::string name;
  std::vector<ExprPtr> args;
  Call(Callee c, std::string n, std::vector<ExprPtr> a)
      : Expr(ExprKind::Call, Type::Int64), callee(c), name(std::move(n)),
        args(std::move(a)) {}
};

// Word `index` of the block `base`.
struct Load : Expr {
  ExprPtr base, index;
  Load(ExprPtr b, ExprPtr i)
      : Expr(ExprKind::Load, Type::Int64), base(std::move(b)), index(std::move(i)) {}
};

// ---- Statements -------------------------------------------------------------------

enum class StmtKind {
  Assign,
  Store,
  Eval,
  If,
  For,
  While,
  Break,
  Continue,
  Yield,
  Return
};

struct Stmt {
  const StmtKind kind;
  virtual ~Stmt() = default;

protected:
  explicit Stmt(StmtKind k) : kind(k) {}
};
using StmtPtr = std::unique_ptr<Stmt>;
using Block = std::vector<StmtPtr>;

// var = expr
struct Assign : Stmt {
  VarId var;
  ExprPtr expr;
  Assign(VarId v, ExprPtr e) : Stmt(StmtKind::Assign), var(v), expr(std::move(e)) {}
};

// store(base, index, value): word `index` of block `base` := value
struct Store : Stmt {
  ExprPtr base, index, value;
  Store(ExprPtr b, ExprPtr i, ExprPtr v)
      : Stmt(StmtKind::Store), base(std::move(b)), index(std::move(i)),
        value(std::move(v)) {}
};

// expr, for its effect (a Call)
struct Eval : Stmt {
  ExprPtr expr;
  explicit Eval(ExprPtr e) : Stmt(StmtKind::Eval), expr(std::move(e)) {}
};

// if cond: thenBody else: elseBody   (cond is BOOL)
struct If : Stmt {
  ExprPtr cond;
  Block thenBody, elseBody;
  std::vector<VarId> returnVars; // SSA phis
  If(ExprPtr c, Block t, Block e)
      : Stmt(StmtKind::If), cond(std::move(c)), thenBody(std::move(t)),
        elseBody(std::move(e)) {}
};

// Carried-value fields shared by For and While (SSA form only).
struct LoopCarried {
  std::vector<VarId> iterArgs;
  std::vector<VarId> initValues;
  std::vector<VarId> returnVars;
};

// for index in [lo, hi] (inclusive, step +1; see the file comment)
struct For : Stmt, LoopCarried {
  VarId index;
  ExprPtr lo, hi;
  Block body;
  For(VarId i, ExprPtr l, ExprPtr h, Block b)
      : Stmt(StmtKind::For), index(i), lo(std::move(l)), hi(std::move(h)),
        body(std::move(b)) {}
};

// while (condStmts; cond): body
struct While : Stmt, LoopCarried {
  Block condStmts;
  ExprPtr cond; // BOOL
  Block body;
  std::vector<VarId> condValues; // SSA: carried values after condStmts
  While(Block cs, ExprPtr c, Block b)
      : Stmt(StmtKind::While), condStmts(std::move(cs)), cond(std::move(c)),
        body(std::move(b)) {}
};

struct Break : Stmt {
  Break() : Stmt(StmtKind::Break) {}
};

struct Continue : Stmt {
  Continue() : Stmt(StmtKind::Continue) {}
};

// Ends an If branch or a loop body in SSA form: the values of its results.
struct Yield : Stmt {
  std::vector<VarId> values;
  explicit Yield(std::vector<VarId> v) : Stmt(StmtKind::Yield), values(std::move(v)) {}
};

// return [value]: only as the last statement of a Function body.
struct Return : Stmt {
  ExprPtr value; // null for a procedure
  explicit Return(ExprPtr v) : Stmt(StmtKind::Return), value(std::move(v)) {}
};

// ---- Functions and modules --------------------------------------------------------

struct Function {
  std::string name;          // the FunDec label, or "tigermain"
  std::vector<VarId> params; // `_sl` first for Tiger functions
  bool returnsValue = false; // false: a procedure (and the main program)
  Block body;                // ends in Return when returnsValue
  std::vector<VarInfo> vars; // every variable, indexed by VarId

  VarId newVar(std::string base, Type t);
};

struct Module {
  std::vector<Function> functions; // the main program "tigermain" first
  // The function named `name` (the first of several), or null: a hash lookup in an index
  // made on first use and remade when `functions` changes length; a name not in the
  // index (absent, or renamed in place since) is looked for in `functions`.
  const Function* find(const std::string& name) const;

private:
  void reindex() const;
  mutable std::unordered_map<std::string, std::size_t> index_;
  mutable std::size_t indexed_ = 0; // functions.size() when index_ was made
};

// The printed name of a variable: base plus the suffix of its SSA role.
std::string varName(const Function& f, VarId v);

// The for loops of m that carry values (a For with iter_args): each becomes one scf.for
// with iter_args in the MLIR (mlir_emit.hh). The ptoext lab's bonus number
// (tigerc --measure=iter-args).
std::size_t carryingForLoops(const Module& m);

// Deep copy of an expression (passes duplicate conditions and bounds).
ExprPtr cloneExpr(const Expr& e);

// Can evaluating this effect-free expression fail: does it contain a Div? (A Load
// cannot: checkNil/checkIndex ran before it.) The one meaning of "c cannot fail" in the
// passes, lowering and the lab's handout (docs/ctrl_flow_transform.md).
bool mayFail(const Expr& e);

// Small builders.
ExprPtr intConst(std::int64_t v);
ExprPtr boolConst(bool b);
ExprPtr varRef(const Function& f, VarId v); // typed as the variable

} // namespace tiger::sir
