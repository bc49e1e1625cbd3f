// interp_runtime.cc - see interp_runtime.hh; the contract of each function is runtime.hh.
#include "chap7/interp/interp_runtime.hh"

#include "base/builtins.hh"
#include "chap7/ir/runtime.hh"

#include <iostream>
#include <iterator>
#include <string>

namespace tiger::interp {

// Function k of base/builtins.hh's table (runtime::kFunctions) is kMembers[k].
const Runtime::Member Runtime::kMembers[] = {
    &Runtime::print,        &Runtime::printi,      &Runtime::flush,
    &Runtime::getchar,      &Runtime::ord,         &Runtime::chr,
    &Runtime::size,         &Runtime::substring,   &Runtime::concat,
    &Runtime::notFn,        &Runtime::exit,        &Runtime::initArray,
    &Runtime::allocRecord,  &Runtime::stringEqual, &Runtime::stringCompare,
    &Runtime::checkIndex<>, &Runtime::checkNil,
};

Runtime::Runtime(Memory& mem, std::istream& in, std::ostream& out)
    : mem_(mem), in_(in), out_(out), empty_(mem.newString("")) {
  for (int c = 0; c < 256; ++c)
    chars_[c] = mem.newString(std::string(1, static_cast<char>(c)));
}

std::optional<int> Runtime::find(std::string_view name) {
  return runtime::find(name);
}
int Runtime::arity(int fn) {
  return runtime::kFunctions[fn].arity;
}

std::int64_t Runtime::call(int fn, const std::int64_t* args) {
  static_assert(std::size(kMembers) == std::size(runtime::kFunctions));
  return (this->*kMembers[fn])(args);
}

bool Runtime::flushOutput() {
  return static_cast<bool>(out_.flush());
}

// ---- the Tiger builtins ----

// A write that fails (disk full, closed stdout) stops the run: its output is lost.
void Runtime::checkOutput() {
  if (!out_) outputError();
}

std::int64_t Runtime::print(const std::int64_t* a) {
  out_ << mem_.str(a[0]);
  checkOutput();
  return 0;
}

std::int64_t Runtime::printi(const std::int64_t* a) {
  out_ << a[0];
  checkOutput();
  return 0;
}

std::int64_t Runtime::flush(const std::int64_t*) {
  out_.flush();
  checkOutput();
  return 0;
}

// getchar(): the next character of the input, "" at end of input.
std::int64_t Runtime::getchar(const std::int64_t*) {
  int c = in_.get();
  return c == std::char_traits<char>::eof() ? empty_ : charString(c);
}

// ord(s): the code (0..255) of the first character of s, -1 for "".
std::int64_t Runtime::ord(const std::int64_t* a) {
  const std::string& s = mem_.str(a[0]);
  return s.empty() ? -1 : static_cast<unsigned char>(s[0]);
}

std::int64_t Runtime::chr(const std::int64_t* a) {
  if (a[0] < 0 || a[0] > 255) runtimeError(builtins::chrRangeError());
  return charString(static_cast<int>(a[0]));
}

std::int64_t Runtime::size(const std::int64_t* a) {
  return static_cast<std::int64_t>(mem_.str(a[0]).size());
}

// substring(s, first, n): the n characters of s from index first.
std::int64_t Runtime::substring(const std::int64_t* a) {
  const std::string& s = mem_.str(a[0]);
  std::int64_t first = a[1], n = a[2], len = static_cast<std::int64_t>(s.size());
  if (first < 0 || n < 0 || first > len || n > len - first)
    runtimeError(builtins::substringRangeError(first, n, len));
  if (n == 1) return charString(s[static_cast<std::size_t>(first)]);
  return mem_.newString(
      s.substr(static_cast<std::size_t>(first), static_cast<std::size_t>(n)));
}

std::int64_t Runtime::concat(const std::int64_t* a) {
  const std::string& x = mem_.str(a[0]);
  const std::string& y = mem_.str(a[1]);
  if (x.empty()) return a[1];
  if (y.empty()) return a[0];
  return mem_.newString(x + y);
}

std::int64_t Runtime::notFn(const std::int64_t* a) {
  return a[0] == 0 ? 1 : 0;
}

std::int64_t Runtime::exit(const std::int64_t* a) {
  out_.flush();
  throw Stop{ExitCode::Ok, static_cast<int>(a[0] & 0xff), ""};
}

// ---- the helpers Translate calls ----

// initArray(n, init): n + 1 words, the length first; returns the address of element 0.
// allocRecord(bytes): bytes / the word size words, nil.
std::int64_t Runtime::initArray(const std::int64_t* a) {
  if (a[0] < 0) runtimeError(builtins::negativeArraySizeError(a[0]));
  if (a[0] >= builtins::kMaxHeapWords) runtimeError(builtins::arrayTooLargeError(a[0]));
  std::int64_t base = mem_.allocHeap(a[0] + 1, a[1]);
  mem_.store(base, a[0]);
  return base + mem_.wordSize();
}

std::int64_t Runtime::allocRecord(const std::int64_t* a) {
  int word = mem_.wordSize();
  if (a[0] < 0 || a[0] % word != 0) runtimeError(builtins::allocRecordSizeError(a[0]));
  return mem_.allocHeap(a[0] / word, 0);
}

std::int64_t Runtime::stringEqual(const std::int64_t* a) {
  return mem_.str(a[0]) == mem_.str(a[1]) ? 1 : 0;
}

// Bytes compare as unsigned char, as C's memcmp and std::string::compare do.
std::int64_t Runtime::stringCompare(const std::int64_t* a) {
  int c = mem_.str(a[0]).compare(mem_.str(a[1]));
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}

void Runtime::indexError(std::int64_t i, std::int64_t length) {
  runtimeError(builtins::indexError(i, length));
}

std::int64_t Runtime::checkNil(const std::int64_t* a) {
  if (a[0] == 0) runtimeError(builtins::nilError());
  return a[0];
}

} // namespace tiger::interp
