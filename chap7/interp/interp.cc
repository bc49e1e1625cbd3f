// interp.cc - the tree-IR interpreter; see interp.hh.
//
// Input: an ir::Program at any stage, decoded by compileProgram (interp_code.hh) into a
// flat sequence of stack-machine operations per function. Output: the program's effects
// on opts.out, and a RunResult.
//
// Execution (Appel, chapter 7 semantics of the trees):
//   - a function's operations run in a threaded loop; each statement's first operation
//     counts it; a jump counts the labels it lands on, sets the position, and drops the
//     values of the expressions it leaves (a `break` out of an ESEQ);
//   - a load or store first looks in the activation's own frame (`own`, a Span), the
//     innermost while its operations run, then searches the frames and the heap
//     (Memory), which check every other address; an array element checked by
//     checkIndex is looked for first in the block its length was found in, and each
//     checkIndex operation tries first the heap block of its last array (Ins::block:
//     blocks never move in the address space nor die); a static link's word is looked
//     for first in the words the last one was found in (`link_`, until a call);
//   - CALL(NAME f, args) evaluates the arguments left to right, pushes f's frame,
//     stores each formal where its Access says (the view shift), runs the body, and
//     yields TEMP rv of the callee; temps and the value stack belong to one activation;
//   - BINOP wraps in two's complement; DIVIDE by zero is a runtime error; shift
//     counts are taken mod 64.
// Each Tiger call is one C++ recursion (callers run this on a big stack, big_stack.hh);
// maxDepth, maxSteps and the stack turn runaway programs into a clean Limit error. Tiger
// calls get at most 256 MiB of the stack, as `--run-mlir` does, and never its last
// eighth (kept for the deepest expression of a call and the unwinding):
// CallStack, interp_memory.hh.
#include "chap7/interp/interp.hh"

#include "base/builtins.hh"
#include "chap7/interp/effect_sink.hh"
#include "chap7/interp/interp_code.hh"
#include "chap7/interp/interp_runtime.hh"

#include <algorithm>
#include <bit>
#include <iostream>
#include <limits>

namespace tiger {
namespace interp {
namespace {

using Span = Memory::Span;

class Machine {
public:
  Machine(const RunOptions& opts, std::istream& in, std::ostream& out)
      : opts_(opts), effects_(opts.effects), runtime_(mem_, in, out),
        maxCount_(opts.maxSteps == 0 ? ~std::uint64_t{0} : opts.maxSteps),
        maxDepth_(opts.maxDepth == 0 ? std::numeric_limits<int>::max() : opts.maxDepth) {
    counts_.left = maxCount_;
  }
  void run(const ir::Program& prog);
  bool flushOutput() { return runtime_.flushOutput(); }
  RunStats stats() const {
    std::uint64_t count = maxCount_ - counts_.left; // maxCount_ + 1 once over it
    return RunStats{count - counts_.calls, counts_.jumps, counts_.cjumps, counts_.calls,
                    counts_.moves};
  }

private:
  // What --stats counts; maxSteps bounds the statements executed plus the calls made,
  // counted down in `left`. (A copy in exec's locals would not stay in registers: the
  // threaded loop keeps too many values live, and its spills cost more than these.)
  struct Counts {
    std::uint64_t left = 0; // steps + calls allowed before the limit; ~0 once over it
    std::uint64_t calls = 0;
    std::uint64_t moves = 0;
    std::uint64_t cjumps = 0;
    std::uint64_t jumps = 0;
  };
  std::int64_t callFunction(int index, std::size_t args);
  // One instantiation a word size (2^kShift bytes): the shift is a constant of the
  // loop, as fast as tigerc's 8 bytes were before other courses' 4.
  template <int kShift> void exec(Function& fn, std::size_t base);
  void countStep() { countSteps(1); }
  void countCall() {
    ++counts_.calls;
    countStep();
  }
  // `k` steps of statements without effects (labels) at once; the limit stops at the
  // same step as one at a time.
  void countSteps(std::int32_t k) {
    if (counts_.left < static_cast<std::uint64_t>(k)) [[unlikely]] {
      counts_.left = ~std::uint64_t{0};
      stepLimit();
    }
    counts_.left -= static_cast<std::uint64_t>(k);
  }
  void countMove() {
    countStep();
    ++counts_.moves;
  }
  void countCjump() {
    countStep();
    ++counts_.cjumps;
  }
  [[noreturn]] void stepLimit();
  [[noreturn]] void depthLimit();
  // A call, given to effects_ with its result when it records; `callee` gives its key
  // (functionKeys_, runtimeKeys_) and `at` is its index in fn.positions, looked up only
  // then. Inlined, and checkIndex too: GCC would call them, and the plain run would pay.
  template <class Key, class Run>
  [[gnu::always_inline]] std::int64_t recorded(Key callee, const std::int64_t* args,
                                               int n, const Function& fn, std::int64_t at,
                                               Run run) {
    if (!effects_) [[likely]]
      return run();
    recordCall(callee(), args, n, fn, at);
    std::int64_t rv = run();
    recordRet(rv);
    return rv;
  }
  // The hooks, each a call of the sink, kept out of the loop: inlined there, they
  // would cost the plain run instructions (1.6% more on alloc).
  [[gnu::noinline]] void recordCall(int key, const std::int64_t* args, int n,
                                    const Function& fn, std::int64_t at) {
    effects_->call(key, args, static_cast<std::size_t>(n), position(fn, at));
  }
  [[gnu::noinline]] void recordRet(std::int64_t rv) { effects_->ret(rv); }
  [[gnu::noinline]] void recordStore(std::int64_t addr, std::int64_t v,
                                     const Function& fn, std::int64_t at) {
    effects_->store(addr, v, position(fn, at));
  }
  static const tree::SrcPos& position(const Function& fn, std::int64_t at) {
    return fn.positions[static_cast<std::size_t>(at)];
  }
  // checkIndex(args[0], args[1]) at `check`, the operation, which tries first the block
  // it found the array's length in last (Ins::block).
  template <int kShift>
  [[gnu::always_inline]] std::int64_t checkIndex(const std::int64_t* args,
                                                 const Function& fn, std::int64_t at,
                                                 const Ins& check) {
    checkIndexNear<kShift>(args, fn, at, check);
    return args[1];
  }
  // The same, returning the words that hold the array's length.
  template <int kShift>
  [[gnu::always_inline]] Span checkIndexNear(const std::int64_t* args, const Function& fn,
                                             std::int64_t at, const Ins& check) {
    if (!effects_) [[likely]]
      return runtime_.checkIndexNear<kShift>(args, check.block);
    recordCall(runtimeKeys_[Runtime::kCheckIndex], args, 2, fn, at);
    Span near = runtime_.checkIndexNear<kShift>(args, check.block);
    recordRet(args[1]);
    return near;
  }
  // The word at addr, looked for in `near` (the activation's own frame, the block of an
  // array's length) before the frames and the heap.
  template <int kShift> std::int64_t load(const Span& near, std::int64_t addr) const {
    std::uint64_t w = near.index(addr, kShift);
    return w < near.words ? near.data[w] : mem_.load<kShift>(addr);
  }
  // The word at addr of a static link (LOAD_LOAD), looked for first in link_, which
  // becomes the words it is in when it was not there.
  template <int kShift> std::int64_t loadLink(std::int64_t addr) {
    std::uint64_t w = link_.index(addr, kShift);
    if (w >= link_.words) [[unlikely]] {
      findLink<kShift>(addr);
      w = link_.index(addr, kShift);
    }
    return link_.data[w];
  }
  // Out of line, returning nothing: a Span returned to each inlined caller would have
  // words of its own in exec's frame, which every Tiger call pays for.
  template <int kShift> [[gnu::noinline]] void findLink(std::int64_t addr) {
    link_ = mem_.span<kShift>(addr);
  }
  // MOVE(MEM(addr), v), given to effects_ once stored.
  template <int kShift>
  void store(const Span& near, std::int64_t addr, std::int64_t v, const Function& fn,
             std::int64_t at) {
    if (std::uint64_t w = near.index(addr, kShift); w < near.words)
      near.data[w] = v;
    else
      mem_.store<kShift>(addr, v);
    stored(addr, v, fn, at);
  }
  void stored(std::int64_t addr, std::int64_t v, const Function& fn, std::int64_t at) {
    if (effects_) [[unlikely]]
      recordStore(addr, v, fn, at);
  }
  // A jump to t: the steps of the labels it lands on (none before a BadJump). Inlined:
  // GCC would call it from each of the many jumps.
  [[gnu::always_inline]] const Target& reach(const Target& t) {
    countSteps(t.steps);
    return t;
  }
  // A JUMP, or a CJUMP whose operands cannot fail: its step, its count (`kind`) and the
  // steps of the labels it lands on at once, as nothing happens between them; near the
  // limit, one after the other.
  [[gnu::always_inline]] const Target& jumpTo(const Target& t, std::uint64_t& kind) {
    auto steps = static_cast<std::uint64_t>(t.steps) + 1;
    if (counts_.left < steps) [[unlikely]] {
      countStep();
      ++kind;
      return reach(t);
    }
    counts_.left -= steps;
    ++kind;
    return t;
  }
  [[noreturn]] void badJump(const Function& fn, const Ins& bad);
  // `slots` zeroed temps above the caller's, then room for `values` values. temps_ only
  // grows (vector::resize on every call and return cost 4% of a call-heavy run).
  // Inline: on the path of every call.
  void newTemps(std::size_t slots, std::size_t values) {
    std::size_t top = tempsTop_ + slots + values;
    if (top > temps_.size()) temps_.resize(top + top / 2 + 64);
    std::fill_n(temps_.begin() + static_cast<std::ptrdiff_t>(tempsTop_), slots, 0);
    tempsTop_ = top;
  }
  void keyCallees();

  const RunOptions& opts_;
  EffectSink* const effects_; // opts_.effects
  Counts counts_;
  // The words a static link's word was found in last (LOAD_LOAD), tried first: a frame
  // that outlives the running activation's operations, or a heap block. Emptied when a
  // call starts and when it returns, and by a runtime call: those may move them.
  Span link_{0, 0, nullptr};
  Memory mem_;
  Runtime runtime_;
  Code code_;
  // The temps and value stack of every active call, innermost last.
  std::vector<std::int64_t> temps_;
  std::size_t tempsTop_ = 0; // temps_[0, tempsTop_) are in use; the rest is room
  int depth_ = 0;
  // effects_'s keys of code_.functions and of the runtime functions, by index.
  std::vector<int> functionKeys_;
  std::vector<int> runtimeKeys_;
  std::uint64_t maxCount_; // steps + calls may not exceed it
  int maxDepth_;           // calls may nest this deep: opts_.maxDepth, or any depth
  CallStack callStack_;    // whether the stack has room for one more call
};

[[noreturn]] void limit(std::string message) {
  throw Stop{ExitCode::Limit, static_cast<int>(ExitCode::Limit), std::move(message)};
}

// DIVIDE on 64-bit words: INT64_MIN / -1 wraps, without UB.
std::int64_t divide(std::int64_t a, std::int64_t b) {
  if (b == 0) runtimeError(builtins::divisionByZeroError());
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

// The address of word `index` of the array at `base`, words of 2^shift bytes.
std::int64_t element(std::int64_t base, std::int64_t index, int shift) {
  return wrap(u(base) + (u(index) << shift));
}

// Main gets zeros for its formals (its static link).
void Machine::run(const ir::Program& prog) {
  mem_.setWordSize(prog.wordSize);
  mem_.nameFramesFrom(prog.stackPointer);
  code_ = compileProgram(prog, mem_);
  if (effects_) keyCallees();
  newTemps(code_.functions[0].formals.size(), 0);
  callFunction(0, 0);
}

// The sink works out what it records of a callee here, not on each of its calls.
void Machine::keyCallees() {
  for (const Function& f : code_.functions)
    functionKeys_.push_back(effects_->callee(f.name));
  for (const runtime::Function& f : runtime::kFunctions)
    runtimeKeys_.push_back(effects_->callee(f.name));
}

void Machine::stepLimit() {
  limit(builtins::stepLimitError(opts_.maxSteps));
}

// Out of line, as stepLimit: its message's strings would make every call's frame larger.
void Machine::depthLimit() {
  limit(builtins::callDepthLimitError(opts_.maxDepth));
}

// Frame [fp + lowOffset, fp + highOffset) on the stack (an address range of its own,
// dead once the call returns), fresh temps, the view shift, the body, then TEMP rv.
// The arguments are temps_[args, args + formals).
std::int64_t Machine::callFunction(int index, std::size_t args) {
  Function& fn = code_.functions[static_cast<std::size_t>(index)];
  if (depth_ >= maxDepth_) [[unlikely]]
    depthLimit();
  callStack_.check(depth_);
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
  if (mem_.wordSize() == 8)
    exec<3>(fn, base);
  else
    exec<2>(fn, base);
  std::int64_t rv = temps_[base + kRvSlot];
  tempsTop_ = base;
  mem_.popFrame();
  --depth_;
  return rv;
}

[[noreturn]] void Machine::badJump(const Function& fn, const Ins& bad) {
  const std::string& label = fn.labels[static_cast<std::size_t>(bad.a)];
  if (static_cast<Target::Error>(bad.c) == Target::Error::NotInFunction)
    runtimeError("jump to label " + label + ", which is not in " + fn.name);
  runtimeError("jump to label " + label + " in " + fn.name +
               ": the label is inside an ESEQ that the jump is not in");
}

// Runs fn's operations on the activation whose temps start at temps_[base]; its value
// stack lies above its temps. A call may move temps_ and the frames: after one, exec
// finds its temps and frame again.
template <int kShift> void Machine::exec(Function& fn, std::size_t base) {
  const Ins* const code = fn.code.data();
  const Target* const targets = fn.targets.data();
  const Ins* pc = code;
  std::int64_t* temps = temps_.data() + base;
  std::int64_t* values = temps + fn.slots;
  std::int64_t* sp = values; // the next free value
  // The arguments of a checkIndex of temps, one array for all: each would have its own
  // words in exec's frame, and each Tiger call's C++ stack would be larger.
  std::int64_t args[2];
  // The frame of the activation, innermost while its operations run: a load or store
  // there needs no search of the frames. A call may move its words (`data`).
  Span own{u(temps[kFpSlot]) - (u(fn.fpWord) << kShift), u(fn.frameWords),
           mem_.innermostFrame()};
  link_.words = 0; // the call may have moved the frames
  // No lambda captures pc, sp or temps: GCC would keep them in memory.
#define GO(target)                                                                       \
  {                                                                                      \
    const Target& t = target;                                                            \
    pc = code + t.pc - 1; /* NEXT runs code[t.pc], after its Label (t.pc > 0) */         \
    sp = values + t.depth;                                                               \
  }
#define JUMP(k) GO(reach(targets[k]))
  // A jump that counts its own statement too (jumpTo), a JUMP or a CJUMP.
#define COUNTED_JUMP(k, kind) GO(jumpTo(targets[k], counts_.kind))
  // Threaded dispatch (GCC and Clang's labels as values): each operation jumps to the
  // next one's code, its `run` (kOps in Op's order, set on fn's first run); a branch of
  // its own per operation.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpedantic"
  static const void* const kOps[] = {&&opLabel,
                                     &&opJump,
                                     &&opStm,
                                     &&opStmMove,
                                     &&opStmCjump,
                                     &&opConst,
                                     &&opTemp,
                                     &&opPlus,
                                     &&opMinus,
                                     &&opTimes,
                                     &&opDivide,
                                     &&opAnd,
                                     &&opOr,
                                     &&opLshift,
                                     &&opRshift,
                                     &&opArshift,
                                     &&opXor,
                                     &&opLoad,
                                     &&opCall,
                                     &&opCallRuntime,
                                     &&opCheckIndex,
                                     &&opPop,
                                     &&opSetTemp,
                                     &&opStore,
                                     &&opCjump,
                                     &&opReturn,
                                     &&opPlusConst,
                                     &&opMinusConst,
                                     &&opTimesConst,
                                     &&opPlusTemp,
                                     &&opMinusTemp,
                                     &&opTimesTemp,
                                     &&opTempPlusConst,
                                     &&opLoadPlusConst,
                                     &&opLoadTempPlusConst,
                                     &&opStoreConst,
                                     &&opTempTimesConst,
                                     &&opPlusTempTimesConst,
                                     &&opLoadPlusTempTimesConst,
                                     &&opCheckIndexTemp,
                                     &&opCjumpConst,
                                     &&opStmMoveTemp,
                                     &&opStmMoveLoadTempPlusConst,
                                     &&opStmCjumpTemp,
                                     &&opStmCjumpLoadTempPlusConst,
                                     &&opMoveConst,
                                     &&opMoveTemp,
                                     &&opMoveTempPlusConst,
                                     &&opMoveLoadTempPlusConst,
                                     &&opMoveLoadLoad,
                                     &&opMoveCheckIndex,
                                     &&opCjumpTempTemp,
                                     &&opCjumpTempConst,
                                     &&opTempPlusTemp,
                                     &&opCheckIndexSetTemp,
                                     &&opCjumpLoadIndexConst,
                                     &&opStoreIndexConst,
                                     &&opCjumpTempTempEq,
                                     &&opCjumpTempTempLt,
                                     &&opCjumpTempTempLe,
                                     &&opCjumpTempConstEq,
                                     &&opCjumpTempConstLt,
                                     &&opCjumpTempConstLe,
                                     &&opCjumpLoadIndexConstEq,
                                     &&opCjumpLoadIndexConstLt,
                                     &&opCjumpLoadIndexConstLe,
                                     &&opMoveCheckIndexCjumpEq,
                                     &&opMoveCheckIndexStore,
                                     &&opCheckIndexSetTempCjumpEq,
                                     &&opCheckIndexSetTempStore,
                                     &&opMoveTempPlusConstLabel,
                                     &&opSetTempLabel,
                                     &&opMoveLoadLoadMoveCheckIndexStore,
                                     &&opMoveLoadLoadStmMoveTemp,
                                     &&opMoveLoadLoadCheckedCjumpEq,
                                     &&opLoadLoad,
                                     &&opDivideConst,
                                     &&opPlusLoadLoad,
                                     &&opTempPlusLoadLoad,
                                     &&opMinusConstTemp,
                                     &&opBadJump};
  static_assert(std::size(kOps) == static_cast<std::size_t>(Op::BadJump) + 1);
  if (!code->run) [[unlikely]] {
    for (Ins& i : fn.code)
      i.run = kOps[static_cast<std::size_t>(i.op)];
  }
  // pc is the operation running; NEXT runs the one after it.
#define NEXT goto*(++pc)->run
  // The end of a specialized cjump: a branch, and a dispatch for each way it goes;
  // COUNTED_BRANCH counts the cjump's statement too, when its operands cannot fail.
#define BRANCH(holds)                                                                    \
  if (holds) {                                                                           \
    JUMP(pc->a);                                                                         \
    NEXT;                                                                                \
  }                                                                                      \
  JUMP(pc->c);                                                                           \
  NEXT
#define COUNTED_BRANCH(holds)                                                            \
  if (holds) {                                                                           \
    COUNTED_JUMP(pc->a, cjumps);                                                         \
    NEXT;                                                                                \
  }                                                                                      \
  COUNTED_JUMP(pc->c, cjumps);                                                           \
  NEXT
  // Runs the next operation, whose code is `label`, without a dispatch.
#define THEN(label)                                                                      \
  ++pc;                                                                                  \
  goto label
  // Operations that several run.
#define MOVE_TEMP_PLUS_CONST                                                             \
  countMove();                                                                           \
  temps[pc->a] = wrap(u(temps[pc->d]) + u(pc->b))
#define LOAD_LOAD(slot)                                                                  \
  loadLink<kShift>(                                                                      \
      wrap(u(pc->e >= 0 ? own.data[pc->e]                                                \
                        : load<kShift>(own, wrap(u(temps[slot]) + u(pc->b)))) +          \
           u(std::int64_t{pc->c})))
  // The index a MoveCheckIndex checks.
#define CHECKED_INDEX wrap(u(temps[pc->c]) + u(temps[pc->e]))
#define MOVE_LOAD_LOAD                                                                   \
  countMove();                                                                           \
  temps[pc->a] = LOAD_LOAD(pc->d)
  goto * pc->run;
  {
  opLabel:
    countSteps(pc->a);
    pc += pc->a - 1;
    NEXT;
  opStm:
    countStep();
    NEXT;
  opJump:
    COUNTED_JUMP(pc->a, jumps);
    NEXT;
  opStmMove:
    countMove();
    NEXT;
  opStmCjump:
    countCjump();
    NEXT;
  opConst:
    *sp++ = pc->b;
    NEXT;
  opTemp:
    *sp++ = temps[pc->a];
    NEXT;
  opPlus:
    --sp;
    sp[-1] = wrap(u(sp[-1]) + u(sp[0]));
    NEXT;
  opMinus:
    --sp;
    sp[-1] = wrap(u(sp[-1]) - u(sp[0]));
    NEXT;
  opTimes:
    --sp;
    sp[-1] = wrap(u(sp[-1]) * u(sp[0]));
    NEXT;
  opDivide:
    --sp;
    sp[-1] = divide(sp[-1], sp[0]);
    NEXT;
  opAnd:
    --sp;
    sp[-1] &= sp[0];
    NEXT;
  opOr:
    --sp;
    sp[-1] |= sp[0];
    NEXT;
  opXor:
    --sp;
    sp[-1] ^= sp[0];
    NEXT;
  opLshift:
    --sp;
    sp[-1] = wrap(u(sp[-1]) << (u(sp[0]) & 63));
    NEXT;
  opRshift:
    --sp;
    sp[-1] = wrap(u(sp[-1]) >> (u(sp[0]) & 63));
    NEXT;
  opArshift:
    --sp;
    sp[-1] >>= (u(sp[0]) & 63);
    NEXT;
  opLoad:
    sp[-1] = mem_.load<kShift>(sp[-1]);
    NEXT;
  opCall : {
    sp -= pc->a;
    auto at = static_cast<std::size_t>(sp - temps_.data());
    countCall();
    auto index = static_cast<int>(pc->b);
    std::int64_t r = recorded(
        [this, index] { return functionKeys_[static_cast<std::size_t>(index)]; }, sp,
        pc->a, fn, pc->c, [this, index, at] { return callFunction(index, at); });
    own.data = mem_.innermostFrame();
    link_.words = 0;
    temps = temps_.data() + base;
    values = temps + fn.slots;
    sp = temps_.data() + at;
    *sp++ = r;
    NEXT;
  }
  opCallRuntime:
    link_.words = 0; // an allocation may move the heap
    sp -= pc->a;
    countCall();
    *sp = recorded(
        [this, id = static_cast<std::size_t>(pc->b)] { return runtimeKeys_[id]; }, sp,
        pc->a, fn, pc->c,
        [this, id = static_cast<int>(pc->b), args = sp] {
          return runtime_.call(id, args);
        });
    ++sp;
    NEXT;
  opCheckIndex:
    sp -= 2;
    countCall();
    *sp = checkIndex<kShift>(sp, fn, pc->c, *pc);
    ++sp;
    NEXT;
  opPop:
    --sp;
    NEXT;
  opSetTemp:
    temps[pc->a] = *--sp;
    NEXT;
  opSetTempLabel:
    temps[pc->a] = *--sp;
    THEN(opLabel);
  opStore:
    sp -= 2;
    store<kShift>(own, sp[0], sp[1], fn, pc->c);
    NEXT;
  opCjump:
    sp -= 2;
    JUMP(tree::evalRel(pc->rel, sp[0], sp[1]) ? pc->a : pc->c);
    NEXT;
  opReturn:
    return;
  opBadJump:
    badJump(fn, *pc);
  opPlusConst:
    sp[-1] = wrap(u(sp[-1]) + u(pc->b));
    NEXT;
  opMinusConst:
    sp[-1] = wrap(u(sp[-1]) - u(pc->b));
    NEXT;
  opTimesConst:
    sp[-1] = wrap(u(sp[-1]) * u(pc->b));
    NEXT;
  opDivideConst:
    sp[-1] = divide(sp[-1], pc->b);
    NEXT;
  opPlusTemp:
    sp[-1] = wrap(u(sp[-1]) + u(temps[pc->a]));
    NEXT;
  opMinusTemp:
    sp[-1] = wrap(u(sp[-1]) - u(temps[pc->a]));
    NEXT;
  opTimesTemp:
    sp[-1] = wrap(u(sp[-1]) * u(temps[pc->a]));
    NEXT;
  opTempPlusConst:
    *sp++ = wrap(u(temps[pc->a]) + u(pc->b));
    NEXT;
  opLoadPlusConst:
    sp[-1] = mem_.load<kShift>(wrap(u(sp[-1]) + u(pc->b)));
    NEXT;
  opLoadTempPlusConst:
    *sp++ = load<kShift>(own, wrap(u(temps[pc->a]) + u(pc->b)));
    NEXT;
  opStoreConst:
    store<kShift>(own, *--sp, pc->b, fn, pc->c);
    NEXT;
  opMoveConst:
    countMove();
    temps[pc->a] = pc->b;
    NEXT;
  opMoveTemp:
    countMove();
    temps[pc->a] = temps[pc->d];
    NEXT;
  opMoveTempPlusConst:
    MOVE_TEMP_PLUS_CONST;
    NEXT;
  opMoveTempPlusConstLabel:
    MOVE_TEMP_PLUS_CONST;
    THEN(opLabel);
  opMoveLoadTempPlusConst:
    countMove();
    temps[pc->a] = load<kShift>(own, wrap(u(temps[pc->d]) + u(pc->b)));
    NEXT;
  opCjumpTempTemp:
    COUNTED_JUMP(tree::evalRel(pc->rel, temps[pc->d], temps[pc->b]) ? pc->a : pc->c,
                 cjumps);
    NEXT;
  opCjumpTempConst:
    COUNTED_JUMP(tree::evalRel(pc->rel, temps[pc->d], pc->b) ? pc->a : pc->c, cjumps);
    NEXT;
  opTempTimesConst:
    *sp++ = wrap(u(temps[pc->a]) * u(pc->b));
    NEXT;
  opPlusTempTimesConst:
    sp[-1] = wrap(u(sp[-1]) + u(temps[pc->a]) * u(pc->b));
    NEXT;
  opLoadPlusTempTimesConst:
    sp[-1] = mem_.load<kShift>(wrap(u(sp[-1]) + u(temps[pc->a]) * u(pc->b)));
    NEXT;
  opCheckIndexTemp : {
    countCall();
    args[0] = sp[-1];
    args[1] = temps[pc->a];
    sp[-1] = checkIndex<kShift>(args, fn, pc->c, *pc);
    NEXT;
  }
  opCjumpConst:
    --sp;
    JUMP(tree::evalRel(pc->rel, *sp, pc->b) ? pc->a : pc->c);
    NEXT;
  opStmMoveTemp:
    countMove();
    *sp++ = temps[pc->a];
    NEXT;
  opStmMoveLoadTempPlusConst:
    countMove();
    *sp++ = load<kShift>(own, wrap(u(temps[pc->a]) + u(pc->b)));
    NEXT;
  opStmCjumpTemp:
    countCjump();
    *sp++ = temps[pc->a];
    NEXT;
  opStmCjumpLoadTempPlusConst:
    countCjump();
    *sp++ = load<kShift>(own, wrap(u(temps[pc->a]) + u(pc->b)));
    NEXT;
  opMoveLoadLoad:
    MOVE_LOAD_LOAD;
    NEXT;
  opLoadLoad:
    *sp++ = LOAD_LOAD(pc->a);
    NEXT;
  opPlusLoadLoad:
    sp[-1] = wrap(u(sp[-1]) + u(LOAD_LOAD(pc->a)));
    NEXT;
  opTempPlusLoadLoad:
    *sp++ = wrap(u(temps[pc->d]) + u(LOAD_LOAD(pc->a)));
    NEXT;
  opMinusConstTemp:
    sp[-1] = wrap(u(sp[-1]) - u(pc->b) - u(temps[pc->a]));
    NEXT;
  opMoveLoadLoadCheckedCjumpEq : {
    countMove();
    // A local, not temps[pc->a] read back: each count's store might change a temp for
    // all GCC knows, and the test would wait for that read.
    std::int64_t array = LOAD_LOAD(pc->d);
    temps[pc->a] = array;
    ++pc;
    countMove();
    countCall();
    std::int64_t index = CHECKED_INDEX;
    args[0] = array;
    args[1] = index;
    Span near = checkIndexNear<kShift>(args, fn, pc->b, *pc);
    temps[pc->a] = index;
    ++pc;
    countCjump();
    BRANCH(load<kShift>(near, element(array, index, kShift)) == pc->b);
  }
  opMoveLoadLoadMoveCheckIndexStore:
    MOVE_LOAD_LOAD;
    THEN(opMoveCheckIndexStore);
  opMoveLoadLoadStmMoveTemp:
    MOVE_LOAD_LOAD;
    THEN(opStmMoveTemp);
  opMoveCheckIndex : {
    countMove();
    countCall();
    args[0] = temps[pc->d];
    args[1] = CHECKED_INDEX;
    temps[pc->a] = checkIndex<kShift>(args, fn, pc->b, *pc);
    NEXT;
  }
  opTempPlusTemp:
    *sp++ = wrap(u(temps[pc->a]) + u(temps[pc->d]));
    NEXT;
  opCheckIndexSetTemp:
    sp -= 2;
    countCall();
    temps[pc->a] = checkIndex<kShift>(sp, fn, pc->c, *pc);
    NEXT;
  opCjumpLoadIndexConst:
    countCjump();
    JUMP(tree::evalRel(pc->rel,
                       mem_.load<kShift>(element(temps[pc->d], temps[pc->e], kShift)),
                       pc->b)
             ? pc->a
             : pc->c);
    NEXT;
  opStoreIndexConst : {
    countMove();
    std::int64_t addr = element(temps[pc->d], temps[pc->e], kShift);
    mem_.store<kShift>(addr, pc->b);
    stored(addr, pc->b, fn, pc->c);
    NEXT;
  }
  opCjumpTempTempEq:
    COUNTED_BRANCH(temps[pc->d] == temps[pc->b]);
  opCjumpTempTempLt:
    COUNTED_BRANCH(temps[pc->d] < temps[pc->b]);
  opCjumpTempTempLe:
    COUNTED_BRANCH(temps[pc->d] <= temps[pc->b]);
  opCjumpTempConstEq:
    COUNTED_BRANCH(temps[pc->d] == pc->b);
  opCjumpTempConstLt:
    COUNTED_BRANCH(temps[pc->d] < pc->b);
  opCjumpTempConstLe:
    COUNTED_BRANCH(temps[pc->d] <= pc->b);
  opCjumpLoadIndexConstEq:
    countCjump();
    BRANCH(mem_.load<kShift>(element(temps[pc->d], temps[pc->e], kShift)) == pc->b);
  opCjumpLoadIndexConstLt:
    countCjump();
    BRANCH(mem_.load<kShift>(element(temps[pc->d], temps[pc->e], kShift)) < pc->b);
  opCjumpLoadIndexConstLe:
    countCjump();
    BRANCH(mem_.load<kShift>(element(temps[pc->d], temps[pc->e], kShift)) <= pc->b);
    // checkIndex into `near` (the words that hold the array's length), then the next
    // operation's statement on the element it checked, looked for there first. The
    // index, and a MoveCheckIndex's array, stay in registers (fuseChecked saw that the
    // statement reads them from the temps the check read or set).
#define MOVE_CHECK_INDEX                                                                 \
  countMove();                                                                           \
  countCall();                                                                           \
  std::int64_t array = temps[pc->d], index = CHECKED_INDEX;                              \
  args[0] = array;                                                                       \
  args[1] = index;                                                                       \
  Span near = checkIndexNear<kShift>(args, fn, pc->b, *pc);                              \
  temps[pc->a] = index;                                                                  \
  ++pc
#define CHECK_INDEX_SET_TEMP                                                             \
  sp -= 2;                                                                               \
  countCall();                                                                           \
  Span near = checkIndexNear<kShift>(sp, fn, pc->c, *pc);                                \
  std::int64_t index = sp[1];                                                            \
  temps[pc->a] = index;                                                                  \
  ++pc;                                                                                  \
  std::int64_t array = temps[pc->d]
#define CHECKED_CJUMP_EQ                                                                 \
  countCjump();                                                                          \
  BRANCH(load<kShift>(near, element(array, index, kShift)) == pc->b)
#define CHECKED_STORE                                                                    \
  countMove();                                                                           \
  store<kShift>(near, element(array, index, kShift), pc->b, fn, pc->c);                  \
  NEXT
  opMoveCheckIndexCjumpEq : {
    MOVE_CHECK_INDEX;
    CHECKED_CJUMP_EQ;
  }
  opMoveCheckIndexStore : {
    MOVE_CHECK_INDEX;
    CHECKED_STORE;
  }
  opCheckIndexSetTempCjumpEq : {
    CHECK_INDEX_SET_TEMP;
    CHECKED_CJUMP_EQ;
  }
  opCheckIndexSetTempStore : {
    CHECK_INDEX_SET_TEMP;
    CHECKED_STORE;
  }
  }
#undef MOVE_LOAD_LOAD
#undef CHECKED_INDEX
#undef LOAD_LOAD
#undef MOVE_TEMP_PLUS_CONST
#undef THEN
#undef CHECKED_STORE
#undef CHECKED_CJUMP_EQ
#undef CHECK_INDEX_SET_TEMP
#undef MOVE_CHECK_INDEX
#undef COUNTED_BRANCH
#undef BRANCH
#undef COUNTED_JUMP
#undef JUMP
#undef GO
#undef NEXT
#pragma GCC diagnostic pop
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
  if (opts.effects) opts.effects->exit(result.exitCode);
  return result;
}

} // namespace tiger
