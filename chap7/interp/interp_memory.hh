// interp_memory.hh - the memory of the tree-IR interpreter: a stack of frames, a heap
// of records and arrays, and a table of strings; plus the error the interpreter throws.
//
// Data model (README.md, "The data model"): every value is a 64-bit word; memory is
// addressed in bytes and read and written a word (8 bytes) at a time, at multiples of 8.
//
//   heap address  = block << 32 | byte offset
//     block 0       nothing: nil (0) and every small number are invalid addresses
//     block 2, 3..  one heap block per record or array (never freed, never reused)
//   frame address = 1 << 63 | depth << 43 | generation << 31 | byte offset
//     every call gets an address range of its own: `depth` is the call depth (main is
//     0), `generation` counts the calls made at that depth (mod 2^12), and its frame's
//     words sit at byte offsets [2^30, 2^30 + 8 * words), fp among them. So a frame
//     never shares an address with a live frame, even when it has no word at all (main
//     with no escaping local, or a dump's "frame: 0 bytes"), and a static link one hop
//     short lands outside every frame instead of in the caller's frame by luck.
//   string value  = kStringTag | index into the string table (not an address: MEM of a
//                   string is an invalid access; strings are read by the runtime only)
//
// Every load and store is checked: an unaligned address, an address outside every
// block and live frame is "invalid memory access" (saying which frame it is near), and
// an address in a frame that has returned is "read of a dead frame" ("write to ..."),
// naming its function, so a wrong tree is reported instead of corrupting the
// interpreter. A dead frame is recognised until 4096 more calls were made at its depth.
#pragma once

#include "base/builtins.hh"
#include "base/diag.hh"
#include "chap7/interp/interp.hh"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

namespace tiger::interp {

// Why a run stopped early: thrown by any part of the interpreter, caught by interpret().
struct Stop {
  ExitCode status;     // Ok (the program called exit), Runtime, Limit or Internal
  int exitCode;        // the process exit status
  std::string message; // empty for exit(n)
};

[[noreturn]] void runtimeError(std::string message);  // status Runtime, exit 70
[[noreturn]] void internalError(std::string message); // status Internal, exit 77
[[noreturn]] void outputError();                      // status Output, exit 73

// Before a Tiger call at nesting `depth` (both interpreters): stops the run (status
// Limit, exit 71, "out of stack at call depth N") when the calls would nest past
// Memory::kMaxFrameDepth or leave the C++ stack less than they may use (256 MiB of it
// on a big stack: what mlir-cpu-runner gets), so runaway recursion with --max-depth=0
// ends cleanly.
void checkCallStack(int depth);

// Runs `body` (which fills result.stats), turning a Stop or running out of memory into
// result's status, exit code and message. Then calls `flushOutput` (false: the output
// could not be written, status Output even after exit(n)) and, on an error,
// prints "runtime error: <message>" ("internal error: ..." for Internal, "error: ..."
// for Output) on `err`.
void runToStop(RunResult& result, std::ostream& err, const std::function<void()>& body,
               const std::function<bool()>& flushOutput);

class Memory {
public:
  static constexpr std::int64_t kStringTag = std::int64_t{1} << 62;
  // libtigerrt's limits too (base/builtins.hh); strings are never freed.
  static constexpr std::size_t kMaxHeapWords = builtins::kMaxHeapWords;
  static constexpr std::size_t kMaxStringBytes = builtins::kMaxStringBytes;
  static constexpr int kMaxFrameDepth = 1 << 20; // calls nested
  static constexpr std::int64_t kMaxFrameBytes = std::int64_t{1}
                                                 << 30; // as a dump's frames
  static constexpr int kDepthShift = 43;                // of a frame address: depth << 43
  static constexpr int kGenerationShift = 31;           // generation << 31
  static constexpr std::uint64_t kGenerationMask = (std::uint64_t{1} << 12) - 1;
  static constexpr std::uint64_t kFrameOffset = std::uint64_t{1} << 30; // of word 0
  static constexpr std::uint64_t kFirstHeapBlock = 2;
  static constexpr std::uint64_t kMaxOffset = std::uint64_t{1} << 32; // in a block

  // Words of 8 bytes (tigerc's IR) or 4 (another course's): addresses count bytes, and
  // a word's address is a multiple of its size. Set before the run, never during it.
  void setWordSize(int bytes) { wordShift_ = bytes == 4 ? 2 : 3; }
  int wordSize() const { return 1 << wordShift_; }
  // Runtime errors name a frame's words from fp (fp-8), or, given another course's
  // stack pointer, from it (sp+8): the frame's lowest word.
  void nameFramesFrom(std::string stackPointer) { frameBase_ = std::move(stackPointer); }

  // The words of a heap block or of a live frame: the word at address addr is
  // data[index(addr, log2 of the word size)] when that index is below `words` (it is
  // huge for an address of no word of theirs). Valid until the next allocation or call.
  struct Span {
    std::uint64_t low; // the address of word 0
    std::uint64_t words;
    std::int64_t* data;
    std::uint64_t index(std::int64_t addr, int shift) const {
      return std::rotr(static_cast<std::uint64_t>(addr) - low, shift);
    }
  };

  // The word at addr. kShift, when given, is log2 of the word size: the interpreter's
  // loop, compiled once a word size, passes it as a constant.
  template <int kShift = 0> std::int64_t load(std::int64_t addr) const {
    return *slot<kShift>(addr, false);
  }
  template <int kShift = 0> void store(std::int64_t addr, std::int64_t value) {
    *slot<kShift>(addr, true) = value;
  }
  // The words that hold addr's word, for it and the accesses near it; read as load.
  template <int kShift> Span span(std::int64_t addr) const {
    auto a = static_cast<std::uint64_t>(addr);
    Span s = addr < 0 ? frameSpan<kShift>(a, false) : heapSpan<kShift>(a, false);
    if (s.index(addr, shift<kShift>()) >= s.words) [[unlikely]]
      badAccess(addr, false);
    return s;
  }

  // Where one site of the code found a heap block last: the block's Span but for its
  // words' storage, which moves as the heap grows. A block keeps its addresses and
  // length for the whole run, so an entry stays true; empty (no word) at first.
  struct BlockCache {
    std::uint64_t low = 0;
    std::uint64_t words = 0;
    std::size_t start = 0; // the block's word 0 in the heap's storage
  };
  // span(addr), the block in `cache` tried first, without a search of the blocks; a
  // heap block found by the search is kept there. Inline but for the search, which
  // returns no Span: each inlined call would keep one in the caller's frame (the
  // interpreter's loop, a C++ frame per Tiger call).
  template <int kShift>
  [[gnu::always_inline]] Span span(std::int64_t addr, BlockCache& cache) const {
    if (addr < 0) return found<kShift>(addr); // a frame: never cached
    if (Span s = cached(cache); s.index(addr, shift<kShift>()) < s.words) [[likely]]
      return s;
    remember<kShift>(addr, cache);
    return cached(cache);
  }

  // A new heap block of `words` words, all `fill`; returns its address.
  std::int64_t allocHeap(std::int64_t words, std::int64_t fill);

  // Pushes a zeroed frame of `words` words for a call of `function` (a name that must
  // outlive the run); returns fp = its start + `fpWord` words. At most kMaxFrameDepth
  // frames are live at once (the caller stops deeper recursion first). Inline: the hot
  // path of every call; makeRoom handles growth and limits out of line.
  std::int64_t pushFrame(std::int64_t words, std::int64_t fpWord,
                         const std::string* function) {
    std::size_t top = sp_ + static_cast<std::size_t>(words);
    bool grow =
        top > stack_.size() || depth_ == frames_.size() || words > kMaxFrameBytes / 8;
    if (grow) [[unlikely]]
      makeRoom(static_cast<std::size_t>(words), function);
    std::fill(stack_.begin() + static_cast<std::ptrdiff_t>(sp_),
              stack_.begin() + static_cast<std::ptrdiff_t>(top), 0);
    Frame& f = frames_[depth_];
    ++f.generation;
    f.base = frameBase(depth_, f.generation);
    f.function = function;
    f.fpWord = static_cast<std::uint32_t>(fpWord);
    f.start = static_cast<std::uint32_t>(sp_);
    f.words = static_cast<std::uint32_t>(words);
    f.data = stack_.data() + sp_;
    sp_ = top;
    ++depth_;
    return static_cast<std::int64_t>(f.base + (std::uint64_t{f.fpWord} << wordShift_));
  }
  // The words of the innermost frame, until the next pushFrame.
  std::int64_t* innermostFrame() { return frames_[depth_ - 1].data; }
  // Pops the innermost frame: its addresses are dead from now on.
  void popFrame() {
    const Frame& f = frames_[--depth_];
    sp_ = f.start;
    returned_[returns_++ % kReturned] = f;
  }

  std::int64_t newString(std::string text);
  // The text of a string value; a runtime error when v is not a string (IR read back
  // from a dump may pass any word to print).
  const std::string& str(std::int64_t v) const;

private:
  // A frame: live when its depth is below depth_, else the last one that returned there.
  struct Frame {
    std::uint64_t base = 0; // the address of its word 0
    const std::string* function = nullptr;
    std::uint32_t generation = 0; // calls made at this depth before this one
    std::uint32_t fpWord = 0;     // fp is this many words above word 0
    std::uint32_t start = 0;      // its word 0 in stack_
    std::uint32_t words = 0;
    std::int64_t* data = nullptr; // &stack_[start] while live (makeRoom moves it)
  };

  // The word at addr; when addr is no word of a live frame or a heap block, the run
  // stops there (badAccess; `write`: a store), with no null pointer to test after. A
  // heap word's index is that of its offset in the block (a & ~low: cheaper than a - low).
  // Always inlined: every load and store of the interpreter's loop is one (at -O2, GCC
  // would call it from some).
  template <int kShift>
  [[gnu::always_inline]] std::int64_t* slot(std::int64_t addr, bool write) const {
    auto a = static_cast<std::uint64_t>(addr);
    Span s = addr < 0 ? frameSpan<kShift>(a, write) : heapSpan<kShift>(a, write);
    std::uint64_t word =
        std::rotr(addr < 0 ? a - s.low : a & (kMaxOffset - 1), shift<kShift>());
    if (word >= s.words) [[unlikely]]
      badAccess(addr, write);
    return s.data + word;
  }
  // The index of a word is huge when its offset is not a multiple of the word size
  // (its low bits rotated to the top), so that one comparison checks alignment and
  // bounds. kShift 0: the word size set.
  template <int kShift> int shift() const { return kShift ? kShift : wordShift_; }
  // A live frame: the depth finds it, and a - base is below 8 * words only for its own
  // words (another generation or depth is 2^30 bytes away or more).
  template <int kShift> Span frameSpan(std::uint64_t a, bool write) const {
    std::uint64_t depth = a >> kDepthShift & (kMaxFrameDepth - 1);
    if (depth >= depth_) [[unlikely]]
      badAccess(static_cast<std::int64_t>(a), write);
    const Frame& f = frames_[depth];
    return Span{f.base, f.words, f.data};
  }
  // block << 32 | offset: a heap block (blocks 0 and 1 wrap to a huge index).
  template <int kShift> Span heapSpan(std::uint64_t a, bool write) const {
    std::uint64_t index = (a >> 32) - kFirstHeapBlock;
    if (index >= blocks_.size()) [[unlikely]]
      badAccess(static_cast<std::int64_t>(a), write);
    const Block& b = blocks_[index];
    return Span{a & ~(kMaxOffset - 1), b.words, heapData() + b.start};
  }
  std::int64_t* heapData() const { return const_cast<std::int64_t*>(heap_.data()); }
  Span cached(const BlockCache& c) const {
    return {c.low, c.words, heapData() + c.start};
  }
  // span(addr), out of line, kept in found_ and returned by reference: not as a Span,
  // which would take words of its own in each inlined caller's frame.
  template <int kShift> [[gnu::noinline]] const Span& found(std::int64_t addr) const {
    found_ = span<kShift>(addr);
    return found_;
  }
  // The heap block of addr into `cache` (or the run stops, as span(addr)).
  template <int kShift>
  [[gnu::noinline]] void remember(std::int64_t addr, BlockCache& cache) const {
    Span s = span<kShift>(addr);
    cache = {s.low, s.words, static_cast<std::size_t>(s.data - heapData())};
  }
  // The address of word 0 of the frame at (depth, generation).
  static std::uint64_t frameBase(std::uint64_t depth, std::uint64_t generation) {
    return std::uint64_t{1} << 63 | depth << kDepthShift |
           (generation & kGenerationMask) << kGenerationShift | kFrameOffset;
  }
  [[noreturn]] void badAccess(std::int64_t addr, bool write) const;
  void makeRoom(std::size_t words, const std::string* function);
  std::string describeFrameAccess(std::uint64_t a, bool write) const;
  std::string describe(const Frame& f, std::uint64_t depth, std::uint64_t a) const;
  const Frame* findFrame(std::uint64_t depth, std::uint64_t generation, bool& live) const;

  struct Block {
    std::size_t start; // first word in heap_
    std::size_t words;
  };
  std::vector<std::int64_t> stack_;
  std::size_t sp_ = 0;        // words of stack_ in use
  std::vector<Frame> frames_; // by depth
  std::size_t depth_ = 0;     // frames_[0, depth_) are live
  static constexpr std::size_t kReturned = 64;
  std::array<Frame, kReturned> returned_; // the last frames that returned, a ring
  std::size_t returns_ = 0;
  std::vector<std::int64_t> heap_;
  std::vector<Block> blocks_; // heap block b + 2 is blocks_[b]
  std::vector<std::string> strings_;
  std::size_t stringBytes_ = 0;
  int wordShift_ = 3;     // log2 of the word size
  mutable Span found_{};  // see found
  std::string frameBase_; // see nameFramesFrom
};

// checkCallStack's test, the stack's bounds worked out once: the same stop at the cost
// of a comparison a call. Inlined into the recursion, so that `here` is its frame.
class CallStack {
public:
  CallStack();
  [[gnu::always_inline]] void check(int depth) const {
    char here;
    if (depth >= Memory::kMaxFrameDepth ||
        reinterpret_cast<std::uintptr_t>(&here) < floor_) [[unlikely]]
      outOfStack(depth);
  }

private:
  [[noreturn]] static void outOfStack(int depth);
  std::uintptr_t floor_; // the lowest address a call may start at; 0: any
};

} // namespace tiger::interp
