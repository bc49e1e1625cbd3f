// interp.cc - the tree-IR interpreter; see interp.hh.
//
// Input: an ir::Program at any stage, decoded by compileProgram (interp_code.hh) into a
// flat sequence of stack-machine operations per function. Output: the program's effects
// on opts.out, and a RunResult.
//
// Execution (Appel, chapter 7 semantics of the trees):
//   - a function's operations run in a loop; each statement's first operation counts
//     it; a jump sets the position, and drops the values of the expressions it leaves
//     (a `break` out of an ESEQ);
//   - CALL(NAME f, args) evaluates the arguments left to right, pushes f's frame,
//     stores each formal where its Access says (the view shift), runs the body, and
//     yields TEMP rv of the callee; temps and the value stack belong to one activation;
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

class Machine {
public:
  Machine(const RunOptions& opts, std::istream& in, std::ostream& out)
      : opts_(opts), runtime_(mem_, in, out),
        maxCount_(opts.maxSteps == 0 ? ~std::uint64_t{0} : opts.maxSteps) {}
  void run(const ir::Program& prog);
  bool flushOutput() { return runtime_.flushOutput(); }
  RunStats stats() const {
    RunStats s = stats_;
    s.steps = count_ - s.calls;
    return s;
  }

private:
  std::int64_t callFunction(int index, std::size_t args);
  void exec(const Function& fn, std::size_t base);
  // maxSteps bounds the statements executed plus the calls made: count_.
  void countStep() {
    if (++count_ > maxCount_) [[unlikely]]
      stepLimit();
  }
  void countCall() {
    ++stats_.calls;
    countStep();
  }
  // `n` steps of statements without effects (labels) at once; the limit stops at the
  // same step as one at a time.
  void countSteps(std::int32_t n) {
    count_ += static_cast<std::uint64_t>(n);
    if (count_ > maxCount_) [[unlikely]] {
      count_ = maxCount_ + 1;
      stepLimit();
    }
  }
  void countMove() {
    countStep();
    ++stats_.moves;
  }
  void countCjump() {
    countStep();
    ++stats_.cjumps;
  }
  [[noreturn]] void stepLimit();
  [[noreturn]] void badJump(const Function& fn, const Target& t);
  void newTemps(std::size_t slots, std::size_t values);

  const RunOptions& opts_;
  RunStats stats_;          // steps are count_ - calls
  std::uint64_t count_ = 0; // steps + calls
  Memory mem_;
  Runtime runtime_;
  Code code_;
  // The temps and value stack of every active call, innermost last.
  std::vector<std::int64_t> temps_;
  std::size_t tempsTop_ = 0; // temps_[0, tempsTop_) are in use; the rest is room
  int depth_ = 0;
  std::uint64_t maxCount_; // steps + calls may not exceed it
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

// DIVIDE on 64-bit words: INT64_MIN / -1 wraps, without UB.
std::int64_t divide(std::int64_t a, std::int64_t b) {
  if (b == 0) runtimeError("division by zero");
  if (b == -1) return static_cast<std::int64_t>(0 - static_cast<std::uint64_t>(a));
  return a / b;
}

// Two's complement arithmetic without UB.
std::int64_t wrap(std::uint64_t v) {
  return static_cast<std::int64_t>(v);
}
std::uint64_t u(std::int64_t v) {
  return static_cast<std::uint64_t>(v);
}

// Main gets zeros for its formals (its static link).
void Machine::run(const ir::Program& prog) {
  code_ = compileProgram(prog, mem_);
  newTemps(code_.functions[0].formals.size(), 0);
  callFunction(0, 0);
}

void Machine::stepLimit() {
  limit("step limit of " + std::to_string(opts_.maxSteps) +
        " reached; the program may loop forever (raise it with --max-steps)");
}

// Frame [fp + lowOffset, fp + highOffset) on the stack (an address range of its own,
// dead once the call returns), fresh temps, the view shift, the body, then TEMP rv.
// The arguments are temps_[args, args + formals).
std::int64_t Machine::callFunction(int index, std::size_t args) {
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
  std::size_t base = tempsTop_;
  newTemps(static_cast<std::size_t>(fn.slots), static_cast<std::size_t>(fn.maxStack));
  std::int64_t* temps = temps_.data() + base;
  temps[kFpSlot] = fp;
  for (std::size_t k = 0; k < fn.formals.size(); ++k) {
    const Formal& f = fn.formals[k];
    (f.inFrame ? frame : temps)[f.offset] = temps_[args + k];
  }
  exec(fn, base);
  std::int64_t rv = temps_[base + kRvSlot];
  tempsTop_ = base;
  mem_.popFrame();
  --depth_;
  return rv;
}

// `slots` zeroed temps above the caller's, then room for `values` values. temps_ only
// grows (vector::resize on every call and return cost 4% of a call-heavy run).
void Machine::newTemps(std::size_t slots, std::size_t values) {
  std::size_t top = tempsTop_ + slots + values;
  if (top > temps_.size()) temps_.resize(top + top / 2 + 64);
  std::fill_n(temps_.begin() + static_cast<std::ptrdiff_t>(tempsTop_), slots, 0);
  tempsTop_ = top;
}

[[noreturn]] void Machine::badJump(const Function& fn, const Target& t) {
  const std::string& label = fn.labels[static_cast<std::size_t>(t.label)];
  if (t.error == Target::Error::NotInFunction)
    runtimeError("jump to label " + label + ", which is not in " + fn.name);
  runtimeError("jump to label " + label + " in " + fn.name +
               ": the label is inside an ESEQ that the jump is not in");
}

// Runs fn's operations on the activation whose temps start at temps_[base]; its value
// stack lies above its temps. A call may move temps_, hence `reload`.
void Machine::exec(const Function& fn, std::size_t base) {
  const Ins* const code = fn.code.data();
  const Target* const targets = fn.targets.data();
  const Ins* pc = code;
  std::int64_t* temps = temps_.data() + base;
  std::int64_t* values = temps + fn.slots;
  std::int64_t* sp = values; // the next free value
  auto jump = [&](std::int32_t k) {
    const Target& t = targets[k];
    if (t.error != Target::Error::None) [[unlikely]]
      badJump(fn, t);
    pc = code + t.pc;
    sp = values + t.depth;
  };
  auto reload = [&](std::size_t spAt) {
    temps = temps_.data() + base;
    values = temps + fn.slots;
    sp = temps_.data() + spAt;
  };
  for (;;) {
    const Ins& i = *pc++;
    switch (i.op) {
    case Op::Label:
      countSteps(i.a);
      pc += i.a - 1;
      break;
    case Op::Stm: countStep(); break;
    case Op::Jump:
      countStep();
      ++stats_.jumps;
      jump(i.a);
      break;
    case Op::StmMove: countMove(); break;
    case Op::StmCjump: countCjump(); break;
    case Op::Const: *sp++ = i.b; break;
    case Op::Temp: *sp++ = temps[i.a]; break;
    case Op::Plus:
      --sp;
      sp[-1] = wrap(u(sp[-1]) + u(sp[0]));
      break;
    case Op::Minus:
      --sp;
      sp[-1] = wrap(u(sp[-1]) - u(sp[0]));
      break;
    case Op::Times:
      --sp;
      sp[-1] = wrap(u(sp[-1]) * u(sp[0]));
      break;
    case Op::Divide:
      --sp;
      sp[-1] = divide(sp[-1], sp[0]);
      break;
    case Op::And:
      --sp;
      sp[-1] &= sp[0];
      break;
    case Op::Or:
      --sp;
      sp[-1] |= sp[0];
      break;
    case Op::Xor:
      --sp;
      sp[-1] ^= sp[0];
      break;
    case Op::Lshift:
      --sp;
      sp[-1] = wrap(u(sp[-1]) << (u(sp[0]) & 63));
      break;
    case Op::Rshift:
      --sp;
      sp[-1] = wrap(u(sp[-1]) >> (u(sp[0]) & 63));
      break;
    case Op::Arshift:
      --sp;
      sp[-1] >>= (u(sp[0]) & 63);
      break;
    case Op::Load: sp[-1] = mem_.load(sp[-1]); break;
    case Op::Call: {
      sp -= i.a;
      auto at = static_cast<std::size_t>(sp - temps_.data());
      countCall();
      std::int64_t r = callFunction(static_cast<int>(i.b), at);
      reload(at);
      *sp++ = r;
      break;
    }
    case Op::CallRuntime:
      sp -= i.a;
      countCall();
      *sp = runtime_.call(static_cast<int>(i.b), sp);
      ++sp;
      break;
    case Op::CheckIndex:
      sp -= 2;
      countCall();
      *sp = runtime_.checkIndex(sp);
      ++sp;
      break;
    case Op::Pop: --sp; break;
    case Op::SetTemp: temps[i.a] = *--sp; break;
    case Op::Store:
      sp -= 2;
      mem_.store(sp[0], sp[1]);
      break;
    case Op::Cjump:
      sp -= 2;
      jump(tree::evalRel(i.rel, sp[0], sp[1]) ? i.a : i.c);
      break;
    case Op::Return: return;
    case Op::PlusConst: sp[-1] = wrap(u(sp[-1]) + u(i.b)); break;
    case Op::MinusConst: sp[-1] = wrap(u(sp[-1]) - u(i.b)); break;
    case Op::TimesConst: sp[-1] = wrap(u(sp[-1]) * u(i.b)); break;
    case Op::PlusTemp: sp[-1] = wrap(u(sp[-1]) + u(temps[i.a])); break;
    case Op::MinusTemp: sp[-1] = wrap(u(sp[-1]) - u(temps[i.a])); break;
    case Op::TimesTemp: sp[-1] = wrap(u(sp[-1]) * u(temps[i.a])); break;
    case Op::TempPlusConst: *sp++ = wrap(u(temps[i.a]) + u(i.b)); break;
    case Op::LoadPlusConst: sp[-1] = mem_.load(wrap(u(sp[-1]) + u(i.b))); break;
    case Op::LoadTempPlusConst: *sp++ = mem_.load(wrap(u(temps[i.a]) + u(i.b))); break;
    case Op::StoreConst: mem_.store(*--sp, i.b); break;
    case Op::MoveConst:
      countMove();
      temps[i.a] = i.b;
      break;
    case Op::MoveTemp:
      countMove();
      temps[i.a] = temps[i.d];
      break;
    case Op::MoveTempPlusConst:
      countMove();
      temps[i.a] = wrap(u(temps[i.d]) + u(i.b));
      break;
    case Op::MoveLoadTempPlusConst:
      countMove();
      temps[i.a] = mem_.load(wrap(u(temps[i.d]) + u(i.b)));
      break;
    case Op::CjumpTempTemp:
      countCjump();
      jump(tree::evalRel(i.rel, temps[i.d], temps[i.b]) ? i.a : i.c);
      break;
    case Op::CjumpTempConst:
      countCjump();
      jump(tree::evalRel(i.rel, temps[i.d], i.b) ? i.a : i.c);
      break;
    case Op::TempTimesConst: *sp++ = wrap(u(temps[i.a]) * u(i.b)); break;
    case Op::PlusTempTimesConst: sp[-1] = wrap(u(sp[-1]) + u(temps[i.a]) * u(i.b)); break;
    case Op::LoadPlusTempTimesConst:
      sp[-1] = mem_.load(wrap(u(sp[-1]) + u(temps[i.a]) * u(i.b)));
      break;
    case Op::CheckIndexTemp: {
      countCall();
      std::int64_t args[2] = {sp[-1], temps[i.a]};
      sp[-1] = runtime_.checkIndex(args);
      break;
    }
    case Op::CjumpConst:
      --sp;
      jump(tree::evalRel(i.rel, *sp, i.b) ? i.a : i.c);
      break;
    case Op::StmMoveTemp:
      countMove();
      *sp++ = temps[i.a];
      break;
    case Op::StmMoveLoadTempPlusConst:
      countMove();
      *sp++ = mem_.load(wrap(u(temps[i.a]) + u(i.b)));
      break;
    case Op::StmCjumpTemp:
      countCjump();
      *sp++ = temps[i.a];
      break;
    case Op::StmCjumpLoadTempPlusConst:
      countCjump();
      *sp++ = mem_.load(wrap(u(temps[i.a]) + u(i.b)));
      break;
    case Op::MoveLoadLoad: {
      countMove();
      std::int64_t link = mem_.load(wrap(u(temps[i.d]) + u(i.b)));
      temps[i.a] = mem_.load(wrap(u(link) + u(std::int64_t{i.c})));
      break;
    }
    case Op::MoveCheckIndex: {
      countMove();
      countCall();
      std::int64_t args[2] = {temps[i.d], temps[i.c]};
      temps[i.a] = runtime_.checkIndex(args);
      break;
    }
    default: __builtin_unreachable(); // every Op has its case: no range check
    }
  }
}

} // namespace
} // namespace interp

RunResult interpret(const ir::Program& prog, const RunOptions& opts) {
  RunResult result;
  std::istream& in = opts.in ? *opts.in : std::cin;
  std::ostream& out = opts.out ? *opts.out : std::cout;
  std::ostream& err = opts.err ? *opts.err : std::cerr;
  interp::Machine machine(opts, in, out);
  interp::runToStop(
      result, err, [&] { machine.run(prog); }, [&] { return machine.flushOutput(); });
  result.stats = machine.stats();
  return result;
}

} // namespace tiger
