// interp_memory.hh - the memory of the tree-IR interpreter: a stack of frames, a heap
// of records and arrays, and a table of strings; plus the error the interpreter throws.
//
// Data model (architecture.md): every value is a 64-bit word; memory is addressed in
// bytes and read and written a word (8 bytes) at a time, at multiples of 8.
//
//   address = block << 32 | byte offset
//     block 0       nothing: nil (0) and every small number are invalid addresses
//     block 1       the stack: frames of the active calls, one after the other
//     block 2, 3..  one heap block per record or array (never freed, never reused)
//   string value  = kStringTag | index into the string table (not an address: MEM of a
//                   string is an invalid access; strings are read by the runtime only)
//
// Every load and store is checked: an unaligned address, an address outside every
// block, or a stack slot above the innermost frame is "invalid memory access", so a
// wrong tree is reported instead of corrupting the interpreter.
#pragma once

#include "chap7/diag.hh"
#include "chap7/interp.hh"

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

[[noreturn]] void runtimeError(std::string message); // status Runtime, exit 70
[[noreturn]] void internalError(std::string message); // status Internal, exit 77
[[noreturn]] void outputError();                      // status Output, exit 73

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
  static constexpr std::size_t kMaxHeapWords = std::size_t{1} << 27;   // 1 GiB
  static constexpr std::size_t kMaxStringBytes = std::size_t{1} << 30; // strings are never freed

  std::int64_t load(std::int64_t addr) const { return *slot(addr); }
  void store(std::int64_t addr, std::int64_t value) { *slot(addr) = value; }

  // A new heap block of `words` words, all `fill`; returns its address.
  std::int64_t allocHeap(std::int64_t words, std::int64_t fill);

  // Pushes a zeroed frame of `words` words; returns fp = its start + `fpWord` words.
  std::int64_t pushFrame(std::int64_t words, std::int64_t fpWord);
  // The stack height, to pop back to after a call.
  std::size_t stackMark() const { return sp_; }
  void popFrames(std::size_t mark) { sp_ = mark; }

  std::int64_t newString(std::string text);
  // The text of a string value; a runtime error when v is not a string (IR read back
  // from a dump may pass any word to print).
  const std::string& str(std::int64_t v) const;

private:
  const std::int64_t* slot(std::int64_t addr) const;
  std::int64_t* slot(std::int64_t addr) {
    return const_cast<std::int64_t*>(static_cast<const Memory*>(this)->slot(addr));
  }

  struct Block {
    std::size_t start; // first word in heap_
    std::size_t words;
  };
  std::vector<std::int64_t> stack_;
  std::size_t sp_ = 0; // words of stack_ in use
  std::vector<std::int64_t> heap_;
  std::vector<Block> blocks_; // heap block b + 2 is blocks_[b]
  std::vector<std::string> strings_;
  std::size_t stringBytes_ = 0;
};

} // namespace tiger::interp
