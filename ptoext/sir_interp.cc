// sir_interp.cc - the structured-IR interpreter; see sir_interp.hh.
//
// Execution: each call gets fresh variable slots (one per VarId); a block runs its
// statements in order and reports how it ended (Flow): normally, by break, by continue,
// or by return. A Yield stores its values in the activation; the owning If/For/While
// copies them into its return_vars or iter_args:
//   If      run a branch; return_vars := yielded
//   For     iter_args := init; for index in lo..hi (no overflow at the largest int):
//           run body; iter_args := yielded;  then return_vars := iter_args
//   While   iter_args := init; loop { condStmts; if not cond: return_vars := condValues,
//           stop; run body; iter_args := yielded }
//           (a break/continue in condStmts belongs to the enclosing loop: it leaves)
// Each Tiger call is one C++ recursion: callers run this on a big stack (big_stack.hh);
// --max-depth and the stack Tiger calls may use (interp::checkCallStack) stop runaway
// recursion with a clean limit error (exit 71), as in the tree interpreter.
//
// Effects (RunOptions::effects, grading/effect_log.hh): a call of a Tiger function
// once its arguments are evaluated, before the depth limit (tigermain's own start is no
// call), and a call of a runtime function before it runs; the exit status last. The
// structured IR has no stores of the tree IR's frames, so only the calls view means the
// same here as in the tree interpreter: the ptoext grader compares that view of a
// student's SSA form, run here, with the tree interpreter's run of the program.
#include "ptoext/sir_interp.hh"

#include "base/builtins.hh"
#include "chap7/interp/effect_sink.hh"
#include "chap7/interp/interp_memory.hh"
#include "chap7/interp/interp_runtime.hh"
#include "chap7/ir/runtime.hh"

#include <iostream>
#include <map>
#include <unordered_map>

namespace tiger::sir {
namespace {

using interp::internalError;
using interp::runtimeError;

enum class Flow { Normal, Break, Continue, Return };

// One call: the values of its variables, which are defined, and the last yield.
struct Activation {
  const Function& fn;
  std::vector<std::int64_t> vals;
  std::vector<char> defined;
  std::vector<std::int64_t> yielded;
  std::int64_t result = 0;
};

class Machine {
public:
  Machine(const Module& m, const RunOptions& opts, RunStats& stats, std::istream& in,
          std::ostream& out)
      : mod_(m), opts_(opts), stats_(stats), runtime_(mem_, in, out) {
    if (opts.effects) keyCallees(*opts.effects);
  }
  void run();
  bool flushOutput() { return runtime_.flushOutput(); }

private:
  void keyCallees(interp::EffectSink& log);
  void record(const std::string& name, const std::vector<std::int64_t>& args);
  std::int64_t callFunction(const std::string& name,
                            const std::vector<std::int64_t>& args);
  std::int64_t eval(const Expr& e, Activation& a);
  std::int64_t call(const Call& c, Activation& a);
  std::int64_t load(std::int64_t base, std::int64_t index);
  std::int64_t literal(const String& s);
  std::int64_t read(VarId v, Activation& a);
  void write(VarId v, std::int64_t x, Activation& a);
  void copy(const std::vector<VarId>& to, const std::vector<std::int64_t>& from,
            Activation& a);
  std::vector<std::int64_t> readAll(const std::vector<VarId>& vs, Activation& a);
  Flow block(const Block& b, Activation& a);
  Flow stmt(const Stmt& s, Activation& a);
  Flow ifStmt(const If& s, Activation& a);
  Flow forStmt(const For& s, Activation& a);
  Flow whileStmt(const While& s, Activation& a);
  void step();

  const Module& mod_;
  const RunOptions& opts_;
  RunStats& stats_;
  interp::Memory mem_;
  interp::Runtime runtime_;
  int depth_ = 0;
  std::map<const String*, std::int64_t> literals_; // each literal's string, made once
  std::unordered_map<std::string, int> keys_;      // opts_.effects' key of each callee
};

[[noreturn]] void limit(std::string message) {
  throw interp::Stop{ExitCode::Limit, static_cast<int>(ExitCode::Limit),
                     std::move(message)};
}

void Machine::step() {
  ++stats_.steps;
  if (opts_.maxSteps != 0 && stats_.steps + stats_.calls > opts_.maxSteps)
    limit(builtins::stepLimitError(opts_.maxSteps));
}

// Each function's and runtime function's key in the effect log, worked out once.
void Machine::keyCallees(interp::EffectSink& log) {
  for (const Function& f : mod_.functions)
    keys_.emplace(f.name, log.callee(f.name));
  for (const tiger::runtime::Function& f : tiger::runtime::kFunctions)
    keys_.emplace(std::string(f.name), log.callee(f.name));
}

// A call, given to the effect log (when there is one) once its arguments are evaluated.
void Machine::record(const std::string& name, const std::vector<std::int64_t>& args) {
  if (!opts_.effects) [[likely]]
    return;
  auto key = keys_.find(name);
  if (key != keys_.end())
    opts_.effects->call(key->second, args.data(), args.size(), tree::SrcPos{});
}

void Machine::run() {
  const Function* main = mod_.find(std::string(tiger::runtime::kMainLabel));
  if (!main) internalError("no function tigermain");
  callFunction(main->name, {});
}

std::int64_t Machine::callFunction(const std::string& name,
                                   const std::vector<std::int64_t>& args) {
  const Function* f = mod_.find(name);
  if (!f) internalError("call of unknown function " + name);
  if (f->params.size() != args.size()) internalError("wrong argument count for " + name);
  if (opts_.maxDepth != 0 && depth_ >= opts_.maxDepth)
    limit(builtins::callDepthLimitError(opts_.maxDepth));
  interp::checkCallStack(depth_);
  ++depth_;
  Activation a{*f,
               std::vector<std::int64_t>(f->vars.size()),
               std::vector<char>(f->vars.size()),
               {},
               0};
  copy(f->params, args, a);
  if (block(f->body, a) != Flow::Return && f->returnsValue)
    internalError(name + " ended without return");
  --depth_;
  return a.result;
}

std::int64_t Machine::read(VarId v, Activation& a) {
  if (v < 0 || static_cast<std::size_t>(v) >= a.vals.size() ||
      !a.defined[static_cast<std::size_t>(v)])
    internalError("read of undefined variable " + varName(a.fn, v) + " in " + a.fn.name);
  return a.vals[static_cast<std::size_t>(v)];
}

void Machine::write(VarId v, std::int64_t x, Activation& a) {
  if (v < 0 || static_cast<std::size_t>(v) >= a.vals.size())
    internalError("write of a bad variable in " + a.fn.name);
  a.vals[static_cast<std::size_t>(v)] = x;
  a.defined[static_cast<std::size_t>(v)] = 1;
}

void Machine::copy(const std::vector<VarId>& to, const std::vector<std::int64_t>& from,
                   Activation& a) {
  if (to.size() != from.size()) internalError("value count mismatch in " + a.fn.name);
  for (std::size_t i = 0; i < to.size(); ++i)
    write(to[i], from[i], a);
}

std::vector<std::int64_t> Machine::readAll(const std::vector<VarId>& vs, Activation& a) {
  std::vector<std::int64_t> out;
  for (VarId v : vs)
    out.push_back(read(v, a));
  return out;
}

// Word `index` of block `base`: byte address base + 8 * index (interp_memory.hh).
std::int64_t Machine::load(std::int64_t base, std::int64_t index) {
  return mem_.load(static_cast<std::int64_t>(static_cast<std::uint64_t>(base) +
                                             8 * static_cast<std::uint64_t>(index)));
}

std::int64_t Machine::literal(const String& s) {
  auto it = literals_.find(&s);
  if (it == literals_.end()) it = literals_.emplace(&s, mem_.newString(s.text)).first;
  return it->second;
}

// Arithmetic wraps in two's complement, as in chap7's interpreter.
std::int64_t binary(BinOp op, std::int64_t a, std::int64_t b) {
  auto ua = static_cast<std::uint64_t>(a), ub = static_cast<std::uint64_t>(b);
  switch (op) {
  case BinOp::Add: return static_cast<std::int64_t>(ua + ub);
  case BinOp::Sub: return static_cast<std::int64_t>(ua - ub);
  case BinOp::Mul: return static_cast<std::int64_t>(ua * ub);
  case BinOp::Div:
    if (b == 0) runtimeError(builtins::divisionByZeroError());
    if (b == -1) return static_cast<std::int64_t>(0 - ua); // INT64_MIN / -1 wraps
    return a / b;
  case BinOp::And: return (a && b) ? 1 : 0;
  case BinOp::Or: return (a || b) ? 1 : 0;
  }
  return 0;
}

bool compare(CmpOp op, std::int64_t a, std::int64_t b) {
  switch (op) {
  case CmpOp::Eq: return a == b;
  case CmpOp::Ne: return a != b;
  case CmpOp::Lt: return a < b;
  case CmpOp::Le: return a <= b;
  case CmpOp::Gt: return a > b;
  case CmpOp::Ge: return a >= b;
  }
  return false;
}

std::int64_t Machine::eval(const Expr& e, Activation& a) {
  switch (e.kind) {
  case ExprKind::Const: return as<Const>(&e)->value;
  case ExprKind::String: return literal(*as<String>(&e));
  case ExprKind::VarRef: return read(as<VarRef>(&e)->var, a);
  case ExprKind::Binary: {
    auto* b = as<Binary>(&e);
    std::int64_t l = eval(*b->left, a);
    return binary(b->op, l, eval(*b->right, a));
  }
  case ExprKind::Compare: {
    auto* c = as<Compare>(&e);
    std::int64_t l = eval(*c->left, a);
    return compare(c->op, l, eval(*c->right, a)) ? 1 : 0;
  }
  case ExprKind::Unary: {
    auto* u = as<Unary>(&e);
    std::int64_t v = eval(*u->operand, a);
    return u->op == UnOp::Not ? (v == 0 ? 1 : 0) : (v != 0 ? 1 : 0);
  }
  case ExprKind::Call: return call(*as<Call>(&e), a);
  case ExprKind::Load: {
    auto* l = as<Load>(&e);
    std::int64_t base = eval(*l->base, a);
    return load(base, eval(*l->index, a));
  }
  }
  internalError("unknown expression kind");
}

std::int64_t Machine::call(const Call& c, Activation& a) {
  std::vector<std::int64_t> args;
  for (const ExprPtr& x : c.args)
    args.push_back(eval(*x, a));
  ++stats_.calls;
  step();
  record(c.name, args);
  if (c.callee == Callee::User) return callFunction(c.name, args);
  std::optional<int> fn = interp::Runtime::find(c.name);
  if (!fn || interp::Runtime::arity(*fn) != static_cast<int>(args.size()))
    internalError("bad runtime call " + c.name);
  return runtime_.call(*fn, args.data());
}

Flow Machine::block(const Block& b, Activation& a) {
  for (const StmtPtr& s : b) {
    Flow f = stmt(*s, a);
    if (f != Flow::Normal) return f;
  }
  return Flow::Normal;
}

Flow Machine::stmt(const Stmt& s, Activation& a) {
  step();
  switch (s.kind) {
  case StmtKind::Assign:
    write(as<Assign>(&s)->var, eval(*as<Assign>(&s)->expr, a), a);
    break;
  case StmtKind::Store: {
    auto* st = as<Store>(&s);
    std::int64_t base = eval(*st->base, a), index = eval(*st->index, a);
    std::int64_t value = eval(*st->value, a);
    mem_.store(static_cast<std::int64_t>(static_cast<std::uint64_t>(base) +
                                         8 * static_cast<std::uint64_t>(index)),
               value);
    break;
  }
  case StmtKind::Eval: eval(*as<Eval>(&s)->expr, a); break;
  case StmtKind::If: return ifStmt(*as<If>(&s), a);
  case StmtKind::For: return forStmt(*as<For>(&s), a);
  case StmtKind::While: return whileStmt(*as<While>(&s), a);
  case StmtKind::Break: return Flow::Break;
  case StmtKind::Continue: return Flow::Continue;
  case StmtKind::Yield: a.yielded = readAll(as<Yield>(&s)->values, a); break;
  case StmtKind::Return: {
    auto* r = as<Return>(&s);
    if (r->value) a.result = eval(*r->value, a);
    return Flow::Return;
  }
  }
  return Flow::Normal;
}

Flow Machine::ifStmt(const If& s, Activation& a) {
  a.yielded.clear();
  Flow f = block(eval(*s.cond, a) ? s.thenBody : s.elseBody, a);
  if (f == Flow::Normal && !s.returnVars.empty()) copy(s.returnVars, a.yielded, a);
  return f;
}

// Tiger's for: lo and hi once; the index stops at hi without computing hi + 1.
Flow Machine::forStmt(const For& s, Activation& a) {
  std::int64_t lo = eval(*s.lo, a), hi = eval(*s.hi, a);
  copy(s.iterArgs, readAll(s.initValues, a), a);
  for (std::int64_t i = lo; lo <= hi; ++i) {
    step(); // each turn, so that an empty body still meets the step limit
    write(s.index, i, a);
    a.yielded.clear();
    Flow f = block(s.body, a);
    if (f == Flow::Break) break;
    if (f == Flow::Return) return f;
    if (!s.iterArgs.empty()) copy(s.iterArgs, a.yielded, a);
    if (i == hi) break;
  }
  copy(s.returnVars, readAll(s.iterArgs, a), a);
  return Flow::Normal;
}

Flow Machine::whileStmt(const While& s, Activation& a) {
  copy(s.iterArgs, readAll(s.initValues, a), a);
  for (;;) {
    step(); // each test, so that `while 1 do ()` still meets the step limit
    Flow test = block(s.condStmts, a);
    if (test != Flow::Normal) return test; // a jump of the enclosing loop
    if (!eval(*s.cond, a)) break;
    a.yielded.clear();
    Flow f = block(s.body, a);
    if (f == Flow::Break) return Flow::Normal;
    if (f == Flow::Return) return f;
    if (!s.iterArgs.empty()) copy(s.iterArgs, a.yielded, a);
  }
  copy(s.returnVars, readAll(s.condValues, a), a);
  return Flow::Normal;
}

} // namespace

RunResult interpret(const Module& m, const RunOptions& opts) {
  RunResult result;
  std::istream& in = opts.in ? *opts.in : std::cin;
  std::ostream& out = opts.out ? *opts.out : std::cout;
  std::ostream& err = opts.err ? *opts.err : std::cerr;
  Machine machine(m, opts, result.stats, in, out);
  // The same stop, flush and report as the tree interpreter's, so both print alike.
  interp::runToStop(
      result, err, [&] { machine.run(); }, [&] { return machine.flushOutput(); });
  if (opts.effects) opts.effects->exit(result.exitCode);
  return result;
}

} // namespace tiger::sir
