// interp_runtime.hh - the runtime functions of runtime.hh, as the interpreter runs them.
//
// Input: the argument words of CALL(NAME f, args) where f is a runtime function.
// Output: the result word (0 for procedures). Errors stop the run (interp_memory.hh
// Stop) with the messages of base/builtins.hh, which libtigerrt prints too:
//
//   checkIndex     array index I out of range [0, N)
//   checkNil       field access through nil
//   chr            chr: character code out of range
//   substring      substring: range [F, F+N) out of range for a string of size S
//   initArray      negative array size N
//   DIVIDE         division by zero   (raised by the interpreter itself)
//
// exit(n) stops the run with status Ok and exit code n & 0xff. Output that cannot be
// written stops it with status Output (exit 73): "error: cannot write the output".
#pragma once

#include "chap7/interp/interp_memory.hh"
#include "chap7/ir/runtime.hh"

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string_view>

namespace tiger::interp {

class Runtime {
public:
  Runtime(Memory& mem, std::istream& in, std::ostream& out);

  // The index of runtime function `name`, or nullopt when it is not one.
  static std::optional<int> find(std::string_view name);
  static int arity(int fn);

  // Runs function `fn` on arity(fn) arguments.
  std::int64_t call(int fn, const std::int64_t* args);

  // checkIndex(arr, i): the length of arr is the word before element 0. Public and
  // inline: the interpreter calls it directly, the most frequent runtime call, with
  // its word size's log2 as a constant (kShift; 0: the word size set).
  template <int kShift = 0> std::int64_t checkIndex(const std::int64_t* a) {
    return checked(a[1], mem_.load<kShift>(lengthAddress<kShift>(a[0])));
  }
  // The same, returning the words that hold the length (Memory::Span), looked for
  // first in the block `cache` holds.
  template <int kShift>
  [[gnu::always_inline]] Memory::Span checkIndexNear(const std::int64_t* a,
                                                     Memory::BlockCache& cache) {
    std::int64_t at = lengthAddress<kShift>(a[0]);
    Memory::Span near = mem_.span<kShift>(at, cache);
    checked(a[1], near.data[near.index(at, kShift)]);
    return near;
  }
  static constexpr int kCheckIndex = builtins::index(builtins::Id::CheckIndex);

  // Writes what print wrote so far (before a runtime error is reported); false when the
  // output cannot be written.
  bool flushOutput();

private:
  template <int kShift> std::int64_t lengthAddress(std::int64_t array) const {
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(array) -
                                     (kShift ? 1 << kShift : mem_.wordSize()));
  }
  static std::int64_t checked(std::int64_t i, std::int64_t length) {
    if (i < 0 || i >= length) [[unlikely]]
      indexError(i, length);
    return i;
  }
  void checkOutput();
  std::int64_t charString(int c) const { return chars_[static_cast<unsigned char>(c)]; }

  // One member per runtime function, in the order of runtime::kFunctions (kMembers).
  std::int64_t print(const std::int64_t* a);
  std::int64_t printi(const std::int64_t* a);
  std::int64_t flush(const std::int64_t* a);
  std::int64_t getchar(const std::int64_t* a);
  std::int64_t ord(const std::int64_t* a);
  std::int64_t chr(const std::int64_t* a);
  std::int64_t size(const std::int64_t* a);
  std::int64_t substring(const std::int64_t* a);
  std::int64_t concat(const std::int64_t* a);
  std::int64_t notFn(const std::int64_t* a);
  std::int64_t exit(const std::int64_t* a);
  std::int64_t initArray(const std::int64_t* a);
  std::int64_t allocRecord(const std::int64_t* a);
  std::int64_t stringEqual(const std::int64_t* a);
  std::int64_t stringCompare(const std::int64_t* a);
  [[noreturn]] static void indexError(std::int64_t i, std::int64_t length);
  std::int64_t checkNil(const std::int64_t* a);

  using Member = std::int64_t (Runtime::*)(const std::int64_t*);
  static const Member kMembers[];

  Memory& mem_;
  std::istream& in_;
  std::ostream& out_;
  std::int64_t empty_;      // the string ""
  std::int64_t chars_[256]; // the one-character strings
};

} // namespace tiger::interp
