// interp.cc - the tree-IR interpreter; see interp.hh.
//
// Input: an ir::Program at any stage, prepared by compileProgram (interp_code.hh) into
// statement lists with resolved labels, temps and callees. Output: the program's effects
// on opts.out, and a RunResult.
//
// Execution (Appel, chapter 7 semantics of the trees):
//   - a statement list runs from an index; JUMP/CJUMP to a label of the same list sets
//     the index; a label of an enclosing list (a `break` inside an ESEQ) throws
//     JumpOut, which unwinds the expression evaluation to the runBlock of that list;
//   - CALL(NAME f, args) evaluates the arguments left to right, pushes f's frame,
//     stores each formal where its Access says (the view shift), runs the body, and
//     yields TEMP rv of the callee; temps belong to one activation;
//   - BINOP wraps in two's complement; DIVIDE by zero is a runtime error; shift
//     counts are taken mod 64.
// Each Tiger call is one C++ recursion (callers run this on a big stack, big_stack.hh);
// maxDepth, maxSteps and the stack turn runaway programs into a clean Limit error. Tiger
// calls get at most kCallStackBytes of the stack, as `--run-mlir` does, and never its
// last eighth (kept for the deepest expression of a call and the unwinding).
#include "chap7/interp/interp.hh"

#include "base/big_stack.hh"
#include "chap7/interp/interp_code.hh"
#include "chap7/interp/interp_runtime.hh"

#include <algorithm>
#include <iostream>

namespace tiger {
namespace interp {
namespace {

using tree::ExpKind;
using tree::StmKind;

// A jump to a label of a list that encloses the current one.
struct JumpOut {
  int label;
};

// One activation: its function and where its temps start in Machine::temps_.
struct Act {
  const Function* fn;
  std::size_t base;
};

class Machine {
public:
  Machine(const RunOptions& opts, RunStats& stats, std::istream& in, std::ostream& out)
      : opts_(opts), stats_(stats), runtime_(mem_, in, out) {}
  void run(const ir::Program& prog);
  bool flushOutput() { return runtime_.flushOutput(); }

private:
  std::int64_t callFunction(int index, const std::int64_t* args);
  void runBlock(int block, Act& act);
  int step(const CStm& s, Act& act);
  std::int64_t eval(const CExp* e, Act& act);
  std::int64_t call(const CExp* e, Act& act);
  std::int64_t recordedCall(const CExp* e, const std::int64_t* args);
  void countStep();
  void checkSteps();
  [[noreturn]] void badJump(const Function& fn, int label);
  void newTemps(std::size_t slots);

  const RunOptions& opts_;
  RunStats& stats_;
  Memory mem_;
  Runtime runtime_;
  Code code_;
  std::vector<std::int64_t> temps_; // the temps of every active call, innermost last
  std::size_t tempsTop_ = 0;        // temps_[0, tempsTop_) are in use; the rest is room
  int depth_ = 0;
};

// The stack Tiger calls may use: the 256 MiB mlir-cpu-runner runs with (mlir_run.cc).
// On tigerc's 2 GiB stack, a runaway recursion with --max-depth=0 then stops at about
// 400000 calls, and unwinding them takes about a second instead of fifteen. Under
// AddressSanitizer, 48 MiB: it cannot clean more than 64 MiB of stack that an exception
// unwinds (google/sanitizers#189), and would report false overflows after it.
#ifdef __SANITIZE_ADDRESS__
constexpr std::size_t kCallStackBytes = std::size_t{48} << 20;
#else
constexpr std::size_t kCallStackBytes = std::size_t{256} << 20;
#endif

// How much of the stack must be left when a call starts: the part beyond
// kCallStackBytes, and at least an eighth.
std::size_t callStackReserve() {
  std::size_t size = stackSize();
  return std::max(size / 8, size > kCallStackBytes ? size - kCallStackBytes : 0);
}

[[noreturn]] void limit(std::string message) {
  throw Stop{ExitCode::Limit, static_cast<int>(ExitCode::Limit), std::move(message)};
}

// BINOP(op, a, b) on 64-bit words: unsigned arithmetic, so overflow wraps without UB.
std::int64_t binop(tree::BinOp op, std::int64_t a, std::int64_t b) {
  auto ua = static_cast<std::uint64_t>(a), ub = static_cast<std::uint64_t>(b);
  switch (op) {
  case tree::BinOp::PLUS: return static_cast<std::int64_t>(ua + ub);
  case tree::BinOp::MINUS: return static_cast<std::int64_t>(ua - ub);
  case tree::BinOp::TIMES: return static_cast<std::int64_t>(ua * ub);
  case tree::BinOp::DIVIDE:
    if (b == 0) runtimeError("division by zero");
    if (b == -1) return static_cast<std::int64_t>(0 - ua); // INT64_MIN / -1 wraps
    return a / b;
  case tree::BinOp::AND: return a & b;
  case tree::BinOp::OR: return a | b;
  case tree::BinOp::XOR: return a ^ b;
  case tree::BinOp::LSHIFT: return static_cast<std::int64_t>(ua << (ub & 63));
  case tree::BinOp::RSHIFT: return static_cast<std::int64_t>(ua >> (ub & 63));
  case tree::BinOp::ARSHIFT: return a >> (ub & 63);
  }
  internalError("unknown BINOP operator");
}

void Machine::run(const ir::Program& prog) {
  code_ = compileProgram(prog, mem_);
  std::vector<std::int64_t> zeros(code_.functions[0].formals.size(), 0);
  callFunction(0, zeros.data());
}

void Machine::countStep() {
  ++stats_.steps;
  checkSteps();
}

// maxSteps bounds the statements executed plus the calls made.
void Machine::checkSteps() {
  if (opts_.maxSteps != 0 && stats_.steps + stats_.calls > opts_.maxSteps)
    limit("step limit of " + std::to_string(opts_.maxSteps) +
          " reached; the program may loop forever (raise it with --max-steps)");
}

// Frame [fp + lowOffset, fp + highOffset) on the stack (an address range of its own,
// dead once the call returns), fresh temps, the view shift, the body, then TEMP rv.
std::int64_t Machine::callFunction(int index, const std::int64_t* args) {
  const Function& fn = code_.functions[static_cast<std::size_t>(index)];
  if (opts_.maxDepth != 0 && depth_ >= opts_.maxDepth)
    limit("call depth limit of " + std::to_string(opts_.maxDepth) +
          " reached; infinite recursion? (raise it with --max-depth)");
  if (depth_ >= Memory::kMaxFrameDepth || stackExhausted(callStackReserve()))
    limit("out of stack at call depth " + std::to_string(depth_) +
          "; infinite recursion?");
  ++depth_;
  std::int64_t fp = mem_.pushFrame(fn.frameWords, fn.fpWord, &fn.name);
  std::int64_t* frame = mem_.innermostFrame();
  Act act{&fn, tempsTop_};
  newTemps(static_cast<std::size_t>(fn.slots));
  temps_[act.base + kFpSlot] = fp;
  for (std::size_t k = 0; k < fn.formals.size(); ++k) {
    const Formal& f = fn.formals[k];
    std::int64_t* to = f.inFrame ? frame : &temps_[act.base];
    to[f.offset] = args[k];
  }
  try {
    runBlock(0, act);
  } catch (const JumpOut& j) {
    runtimeError("jump to label " + fn.labels[static_cast<std::size_t>(j.label)].name +
                 " in " + fn.name +
                 ": the label is inside an ESEQ that the jump is not in");
  }
  std::int64_t rv = temps_[act.base + kRvSlot];
  tempsTop_ = act.base;
  mem_.popFrame();
  --depth_;
  return rv;
}

// `slots` zeroed temps above the caller's. temps_ only grows (vector::resize on every
// call and return cost 4% of a call-heavy run).
void Machine::newTemps(std::size_t slots) {
  std::size_t top = tempsTop_ + slots;
  if (top > temps_.size()) temps_.resize(top + top / 2 + 64);
  std::fill(temps_.begin() + static_cast<std::ptrdiff_t>(tempsTop_),
            temps_.begin() + static_cast<std::ptrdiff_t>(top), 0);
  tempsTop_ = top;
}

// Runs list `block` of the activation's function from its start. A jump to a label of
// this list continues here; a jump elsewhere leaves (JumpOut) to an enclosing list.
void Machine::runBlock(int block, Act& act) {
  const Function& fn = *act.fn;
  const std::vector<CStm>& stms = fn.blocks[static_cast<std::size_t>(block)].stms;
  std::size_t pc = 0;
  while (pc < stms.size()) {
    try {
      while (pc < stms.size()) {
        int target = step(stms[pc++], act);
        if (target < 0) continue;
        const LabelSite& site = fn.labels[static_cast<std::size_t>(target)];
        if (site.block < 0) badJump(fn, target);
        if (site.block != block) throw JumpOut{target};
        pc = static_cast<std::size_t>(site.index);
      }
    } catch (const JumpOut& j) {
      const LabelSite& site = fn.labels[static_cast<std::size_t>(j.label)];
      if (site.block != block) throw;
      pc = static_cast<std::size_t>(site.index);
    }
  }
}

[[noreturn]] void Machine::badJump(const Function& fn, int label) {
  runtimeError("jump to label " + fn.labels[static_cast<std::size_t>(label)].name +
               ", which is not in " + fn.name);
}

// Executes one statement; returns the label to jump to, or -1 to go on.
int Machine::step(const CStm& s, Act& act) {
  countStep();
  switch (s.kind) {
  case StmKind::LABEL: return -1;
  case StmKind::EXP: eval(s.left, act); return -1;
  case StmKind::JUMP: ++stats_.jumps; return s.target;
  case StmKind::CJUMP: {
    ++stats_.cjumps;
    std::int64_t a = eval(s.left, act);
    std::int64_t b = eval(s.right, act);
    return tree::evalRel(s.rel, a, b) ? s.target : s.falseTarget;
  }
  case StmKind::MOVE: {
    ++stats_.moves;
    // MOVE(TEMP t, e): evaluate e, then set t. MOVE(MEM(a), e): evaluate a, then e.
    if (s.left->kind == ExpKind::TEMP) {
      std::int64_t v = eval(s.right, act);
      temps_[act.base + static_cast<std::size_t>(s.left->value)] = v;
    } else {
      std::int64_t addr = eval(s.left->left, act);
      std::int64_t v = eval(s.right, act);
      mem_.store(addr, v);
      if (opts_.effects) [[unlikely]]
        opts_.effects->store(addr, v, s.pos);
    }
    return -1;
  }
  case StmKind::SEQ: break;
  }
  internalError("SEQ left in a statement list");
}

std::int64_t Machine::eval(const CExp* e, Act& act) {
  switch (e->kind) {
  case ExpKind::CONST:
  case ExpKind::NAME: return e->value;
  case ExpKind::TEMP: return temps_[act.base + static_cast<std::size_t>(e->value)];
  case ExpKind::BINOP: {
    std::int64_t a = eval(e->left, act);
    return binop(e->op, a, eval(e->right, act));
  }
  case ExpKind::MEM: return mem_.load(eval(e->left, act));
  case ExpKind::ESEQ: runBlock(e->block, act); return eval(e->left, act);
  case ExpKind::CALL: return call(e, act);
  }
  internalError("unknown expression kind");
}

// CALL(NAME f, args): arguments left to right, then f (a Tiger or a runtime function).
std::int64_t Machine::call(const CExp* e, Act& act) {
  constexpr std::size_t kSmall = 8;
  std::int64_t small[kSmall];
  std::vector<std::int64_t> big;
  std::int64_t* args = small;
  if (e->args.size() > kSmall) {
    big.resize(e->args.size());
    args = big.data();
  }
  for (std::size_t i = 0; i < e->args.size(); ++i)
    args[i] = eval(e->args[i], act);
  ++stats_.calls;
  checkSteps();
  if (opts_.effects) [[unlikely]]
    return recordedCall(e, args);
  if (e->runtime >= 0) return runtime_.call(e->runtime, args);
  return callFunction(e->function, args);
}

// call() with the call and what it returns given to opts_.effects.
std::int64_t Machine::recordedCall(const CExp* e, const std::int64_t* args) {
  std::string_view callee =
      e->runtime >= 0 ? Runtime::name(e->runtime)
                      : code_.functions[static_cast<std::size_t>(e->function)].name;
  opts_.effects->call(callee, args, e->args.size(), e->pos);
  std::int64_t rv =
      e->runtime >= 0 ? runtime_.call(e->runtime, args) : callFunction(e->function, args);
  opts_.effects->ret(rv);
  return rv;
}

} // namespace
} // namespace interp

RunResult interpret(const ir::Program& prog, const RunOptions& opts) {
  RunResult result;
  std::istream& in = opts.in ? *opts.in : std::cin;
  std::ostream& out = opts.out ? *opts.out : std::cout;
  std::ostream& err = opts.err ? *opts.err : std::cerr;
  interp::Machine machine(opts, result.stats, in, out);
  interp::runToStop(
      result, err, [&] { machine.run(prog); }, [&] { return machine.flushOutput(); });
  if (opts.effects) opts.effects->exit(result.exitCode);
  return result;
}

} // namespace tiger
