// interp_memory.cc - see interp_memory.hh.
#include "chap7/interp_memory.hh"

#include <algorithm>
#include <cstdio>
#include <new>
#include <ostream>

namespace tiger::interp {
namespace {

constexpr std::uint64_t kStackBlock = 1;
constexpr std::uint64_t kFirstHeapBlock = 2;
constexpr std::uint64_t kMaxOffset = std::uint64_t{1} << 32;

std::int64_t makeAddress(std::uint64_t block, std::uint64_t wordIndex) {
  return static_cast<std::int64_t>(block << 32 | wordIndex * 8);
}

[[noreturn]] void invalidAccess(std::int64_t addr) {
  char hex[32];
  std::snprintf(hex, sizeof hex, "0x%llx", static_cast<unsigned long long>(addr));
  runtimeError(std::string("invalid memory access at ") + hex +
               (addr == 0 ? " (nil)" : ""));
}

} // namespace

void runtimeError(std::string message) {
  throw Stop{ExitCode::Runtime, static_cast<int>(ExitCode::Runtime), std::move(message)};
}

void internalError(std::string message) {
  throw Stop{ExitCode::Internal, static_cast<int>(ExitCode::Internal), std::move(message)};
}

namespace {
Stop outputStop() {
  return Stop{ExitCode::Output, static_cast<int>(ExitCode::Output), "cannot write the output"};
}
} // namespace

void outputError() { throw outputStop(); }

void runToStop(RunResult& result, std::ostream& err, const std::function<void()>& body,
               const std::function<bool()>& flushOutput) {
  Stop stop{ExitCode::Ok, 0, ""};
  try {
    body();
  } catch (Stop& s) {
    stop = std::move(s);
  } catch (const std::bad_alloc&) {
    stop = Stop{ExitCode::Runtime, static_cast<int>(ExitCode::Runtime), "out of memory"};
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

// block << 32 | offset: the stack holds the words below sp_, a heap block its own words.
const std::int64_t* Memory::slot(std::int64_t addr) const {
  auto a = static_cast<std::uint64_t>(addr);
  std::uint64_t block = a >> 32, offset = a & (kMaxOffset - 1);
  if (offset % 8 != 0) invalidAccess(addr);
  std::uint64_t word = offset / 8;
  if (block == kStackBlock && word < sp_) return &stack_[word];
  if (block >= kFirstHeapBlock && block - kFirstHeapBlock < blocks_.size()) {
    const Block& b = blocks_[block - kFirstHeapBlock];
    if (word < b.words) return &heap_[b.start + word];
  }
  invalidAccess(addr);
}

std::int64_t Memory::allocHeap(std::int64_t words, std::int64_t fill) {
  if (words < 0 || static_cast<std::size_t>(words) > kMaxHeapWords - heap_.size())
    runtimeError("out of memory: the heap is limited to " + std::to_string(kMaxHeapWords) +
                 " words");
  if (blocks_.size() >= (std::uint64_t{1} << 31)) runtimeError("out of memory: too many blocks");
  blocks_.push_back(Block{heap_.size(), static_cast<std::size_t>(words)});
  heap_.resize(heap_.size() + static_cast<std::size_t>(words), fill);
  return makeAddress(kFirstHeapBlock + blocks_.size() - 1, 0);
}

std::int64_t Memory::pushFrame(std::int64_t words, std::int64_t fpWord) {
  std::size_t top = sp_ + static_cast<std::size_t>(words);
  if (top >= kMaxOffset / 8) runtimeError("stack overflow: frames exceed 4 GiB");
  if (top > stack_.size()) stack_.resize(top + top / 2 + 64);
  std::fill(stack_.begin() + static_cast<std::ptrdiff_t>(sp_),
            stack_.begin() + static_cast<std::ptrdiff_t>(top), 0);
  std::int64_t fp = makeAddress(kStackBlock, sp_ + static_cast<std::size_t>(fpWord));
  sp_ = top;
  return fp;
}

std::int64_t Memory::newString(std::string text) {
  stringBytes_ += text.size();
  if (stringBytes_ > kMaxStringBytes)
    runtimeError("out of memory: strings are limited to " + std::to_string(kMaxStringBytes) +
                 " bytes in all");
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
