// interp_memory.cc - see interp_memory.hh.
#include "chap7/interp/interp_memory.hh"

#include "base/big_stack.hh"
#include "base/builtins.hh"

#include <algorithm>
#include <cstdio>
#include <new>
#include <ostream>

namespace tiger::interp {
namespace {

constexpr std::uint64_t kFirstHeapBlock = Memory::kFirstHeapBlock;
constexpr std::uint64_t kMaxOffset = Memory::kMaxOffset;

// A frame address: 1 << 63 | depth << 43 | generation << 31 | byte offset (see the .hh).
constexpr int kDepthShift = Memory::kDepthShift;
constexpr int kGenerationShift = Memory::kGenerationShift;
constexpr std::uint64_t kGenerationMask = Memory::kGenerationMask;
constexpr std::uint64_t kDepthMask = Memory::kMaxFrameDepth - 1;

std::int64_t makeAddress(std::uint64_t block) {
  return static_cast<std::int64_t>(block << 32);
}

std::string hex(std::int64_t addr) {
  char text[32];
  std::snprintf(text, sizeof text, "0x%llx", static_cast<unsigned long long>(addr));
  return text;
}

// "fp+8", "fp-16", "fp+0" (or "sp+8", from another register).
std::string fpPlus(std::int64_t bytes, const std::string& from = "fp") {
  return from + (bytes < 0 ? "" : "+") + std::to_string(bytes);
}

} // namespace

void runtimeError(std::string message) {
  throw Stop{ExitCode::Runtime, static_cast<int>(ExitCode::Runtime), std::move(message)};
}

void internalError(std::string message) {
  throw Stop{ExitCode::Internal, static_cast<int>(ExitCode::Internal),
             std::move(message)};
}

namespace {
Stop outputStop() {
  return Stop{ExitCode::Output, static_cast<int>(ExitCode::Output),
              std::string(builtins::kOutputError)};
}
} // namespace

void outputError() {
  throw outputStop();
}

namespace {

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

} // namespace

CallStack::CallStack() : floor_(stackFloor(callStackReserve())) {
}

void CallStack::outOfStack(int depth) {
  throw Stop{ExitCode::Limit, static_cast<int>(ExitCode::Limit),
             builtins::outOfStackError(depth)};
}

void checkCallStack(int depth) {
  CallStack().check(depth);
}

void runToStop(RunResult& result, std::ostream& err, const std::function<void()>& body,
               const std::function<bool()>& flushOutput) {
  Stop stop{ExitCode::Ok, 0, ""};
  try {
    body();
  } catch (Stop& s) {
    stop = std::move(s);
  } catch (const std::bad_alloc&) {
    stop = Stop{ExitCode::Runtime, static_cast<int>(ExitCode::Runtime),
                builtins::outOfMemoryError()};
  }
  if (!flushOutput() && stop.status == ExitCode::Ok) stop = outputStop();
  result.status = stop.status;
  result.exitCode = stop.exitCode;
  result.error = stop.message;
  if (stop.status == ExitCode::Ok) return;
  err << (stop.status == ExitCode::Internal ? "internal error: "
          : stop.status == ExitCode::Output ? "error: "
                                            : "runtime error: ")
      << stop.message << '\n';
}

void Memory::badAccess(std::int64_t addr, bool write) const {
  if (addr < 0 && addr % wordSize() == 0) {
    std::string frame = describeFrameAccess(static_cast<std::uint64_t>(addr), write);
    if (!frame.empty()) runtimeError(frame);
  }
  runtimeError("invalid memory access at " + hex(addr) + (addr == 0 ? " (nil)" : ""));
}

// What a frame address that is no live frame's word points to: outside a live frame,
// or into a dead one. Empty when it names no frame that ever was.
std::string Memory::describeFrameAccess(std::uint64_t a, bool write) const {
  std::uint64_t depth = a >> kDepthShift & kDepthMask;
  std::uint64_t generation = a >> kGenerationShift & kGenerationMask;
  bool live = false;
  const Frame* f = findFrame(depth, generation, live);
  std::string dead = std::string(write ? "write to" : "read of") + " a dead frame at " +
                     hex(static_cast<std::int64_t>(a)) + ": ";
  if (f && live)
    return "invalid memory access at " + hex(static_cast<std::int64_t>(a)) + ": " +
           describe(*f, depth, a);
  if (f) return dead + describe(*f, depth, a) + ", which has returned";
  const Frame* last = depth < frames_.size() ? &frames_[depth] : nullptr;
  if (!last || (last->generation <= kGenerationMask && generation > last->generation))
    return ""; // no call ever had this address
  return dead + "a frame at call depth " + std::to_string(depth) + " that has returned";
}

// "fp-8 of the frame of f_1 (call depth 2), outside its words [fp+0, fp+16)": where a
// lies in frame f, for a runtime error.
std::string Memory::describe(const Frame& f, std::uint64_t depth, std::uint64_t a) const {
  // From the frame pointer, or from the frame's lowest word when another course's IR
  // addresses it from its stack pointer.
  auto fpBytes =
      frameBase_.empty() ? static_cast<std::int64_t>(f.fpWord) * wordSize() : 0;
  const std::string& from = frameBase_.empty() ? std::string("fp") : frameBase_;
  auto fromFp = static_cast<std::int64_t>(a - f.base) - fpBytes;
  std::string where = fpPlus(fromFp, from) + " of the frame of " + *f.function +
                      " (call depth " + std::to_string(depth) + ")";
  if (a - f.base < std::uint64_t{f.words} * wordSize()) return where;
  return where + ", outside its words [" + fpPlus(-fpBytes, from) + ", " +
         fpPlus(std::int64_t{f.words} * wordSize() - fpBytes, from) + ")";
}

// The frame at (depth, generation mod 2^12): live, the last to return at that depth, or
// one of the last kReturned to return; null when unknown.
const Memory::Frame* Memory::findFrame(std::uint64_t depth, std::uint64_t generation,
                                       bool& live) const {
  std::uint64_t key = frameBase(depth, generation) >> kGenerationShift;
  auto same = [&](const Frame& f) {
    return f.function && f.base >> kGenerationShift == key;
  };
  if (depth < frames_.size() && same(frames_[depth])) {
    live = depth < depth_;
    return &frames_[depth];
  }
  for (std::size_t i = 0; i < std::min(returns_, kReturned); ++i) {
    const Frame& f = returned_[(returns_ - 1 - i) % kReturned];
    if (same(f)) return &f;
  }
  return nullptr;
}

std::int64_t Memory::allocHeap(std::int64_t words, std::int64_t fill) {
  if (words < 0 || static_cast<std::size_t>(words) > kMaxHeapWords - heap_.size())
    runtimeError(builtins::heapLimitError());
  if (blocks_.size() >= (std::uint64_t{1} << 30))
    runtimeError("out of memory: too many blocks");
  blocks_.push_back(Block{heap_.size(), static_cast<std::size_t>(words)});
  heap_.resize(heap_.size() + static_cast<std::size_t>(words), fill);
  return makeAddress(kFirstHeapBlock + blocks_.size() - 1);
}

// Grows the stack and the frame table for a frame of `words` words (the first frame at
// a depth then gets generation 0), or stops: frames are limited in size and depth.
void Memory::makeRoom(std::size_t words, const std::string* function) {
  if (words * 8 > static_cast<std::size_t>(kMaxFrameBytes))
    runtimeError("the frame of " + *function + " spans " + std::to_string(words * 8) +
                 " bytes; frames are limited to 1 GiB");
  if (depth_ >= static_cast<std::size_t>(kMaxFrameDepth))
    internalError("more than 2^20 calls nested");
  std::size_t top = sp_ + words;
  if (top >= kMaxOffset / 8) runtimeError("stack overflow: frames exceed 4 GiB");
  if (top > stack_.size()) { // std::uint64_t: size_t is 32 bits in WebAssembly
    stack_.resize(static_cast<std::size_t>(
        std::min<std::uint64_t>(top + top / 2 + 64, kMaxOffset / 8)));
    for (std::size_t d = 0; d < depth_; ++d)
      frames_[d].data = stack_.data() + frames_[d].start;
  }
  if (depth_ == frames_.size())
    frames_.push_back(Frame{0, nullptr, ~std::uint32_t{0}, 0, 0, 0, nullptr});
}

std::int64_t Memory::newString(std::string text) {
  stringBytes_ += text.size();
  if (stringBytes_ > kMaxStringBytes) runtimeError(builtins::stringLimitError());
  strings_.push_back(std::move(text));
  return kStringTag | static_cast<std::int64_t>(strings_.size() - 1);
}

const std::string& Memory::str(std::int64_t v) const {
  auto index = static_cast<std::uint64_t>(v ^ kStringTag);
  if ((v & kStringTag) == 0 || index >= strings_.size())
    runtimeError("a string was expected, got the word " + std::to_string(v));
  return strings_[index];
}

} // namespace tiger::interp
