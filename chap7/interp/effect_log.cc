// effect_log.cc - see effect_log.hh.
#include "chap7/interp/effect_log.hh"

#include "chap7/ir/runtime.hh"

#include <cstdio>
#include <ostream>

namespace tiger::interp {
namespace {

// The builtins of the language: the runtime functions before initArray (runtime.hh).
bool isBuiltin(std::string_view callee) {
  auto fn = runtime::find(callee);
  return fn && *fn < *runtime::find("initArray");
}

// A frame address (negative), a heap address (block 2 and up) or a string value.
bool isAddress(std::int64_t v) {
  return v < 0 || v >= (std::int64_t{2} << 32);
}

// The kinds of the effects, the first thing each mixes.
constexpr char kCall = 'c', kRet = 'r', kStore = 's', kExit = 'x';

// What the calls view hashes for an argument it prints as `_`.
constexpr std::uint64_t kHidden = 0x5f5f5f5f5f5f5f5f;

// A Tiger function's label without the number Translate gave it ("f_12" -> "f"): a
// translation may number its labels in another order.
std::string_view unnumbered(std::string_view label) {
  if (runtime::isRuntimeFunction(label)) return label;
  std::size_t end = label.find_last_not_of("0123456789");
  return end != std::string_view::npos && end + 1 < label.size() && label[end] == '_'
             ? label.substr(0, end)
             : label;
}

std::string hex(std::int64_t v) {
  char text[24];
  std::snprintf(text, sizeof text, "0x%llx",
                static_cast<unsigned long long>(static_cast<std::uint64_t>(v)));
  return text;
}

// A word as an effect line shows it: an address or a string in hex, a number in decimal.
std::string shown(std::int64_t v) {
  return isAddress(v) ? hex(v) : std::to_string(v);
}

} // namespace

int EffectLog::callee(std::string_view name) {
  bool calls = view_ == View::Calls;
  bool recorded = !calls || !runtime::isRuntimeFunction(name) || isBuiltin(name);
  std::string shown(calls ? unnumbered(name) : name);
  callees_.push_back({recorded, shown, ByteRun(kCall + shown)});
  return static_cast<int>(callees_.size() - 1);
}

void EffectLog::call(int key, const std::int64_t* args, std::size_t n, tree::SrcPos at) {
  const Callee& callee = callees_[static_cast<std::size_t>(key)];
  if (!callee.recorded) return;
  bool calls = view_ == View::Calls;
  ++count_;
  hash_ = callee.start.after(hash_);
  mix(n);
  for (std::size_t k = 0; k < n; ++k)
    mix(calls && isAddress(args[k]) ? kHidden : static_cast<std::uint64_t>(args[k]));
  if (!out_) return;
  *out_ << "call " << callee.shown << '(';
  for (std::size_t k = 0; k < n; ++k) {
    if (k) *out_ << ", ";
    *out_ << (calls && isAddress(args[k]) ? "_" : shown(args[k]));
  }
  *out_ << ')';
  endLine(at);
}

void EffectLog::ret(std::int64_t value) {
  if (view_ == View::Calls) return;
  begin(kRet);
  mix(static_cast<std::uint64_t>(value));
  if (!out_) return;
  *out_ << "ret " << shown(value);
  endLine({});
}

void EffectLog::store(std::int64_t address, std::int64_t value, tree::SrcPos at) {
  if (view_ == View::Calls) return;
  begin(kStore);
  mix(static_cast<std::uint64_t>(address));
  mix(static_cast<std::uint64_t>(value));
  if (!out_) return;
  *out_ << "store " << hex(address) << ' ' << shown(value);
  endLine(at);
}

void EffectLog::exit(int status) {
  begin(kExit);
  mix(static_cast<std::uint64_t>(status));
  if (!out_) return;
  *out_ << "exit " << status;
  endLine({});
}

// Every effect starts with its kind; then its words, as they are printed (an address
// the calls view hides as kHidden).
void EffectLog::begin(char kind) {
  ++count_;
  mix(static_cast<unsigned char>(kind));
}

// FNV-1a, a 64-bit word at a time.
void EffectLog::mix(std::uint64_t word) {
  hash_ = fnv(hash_, word);
}

void EffectLog::endLine(tree::SrcPos at) {
  if (at.known()) *out_ << "  # " << at.line << ':' << at.col;
  *out_ << '\n';
}

EffectLog::ByteRun::ByteRun(std::string_view bytes) {
  for (std::size_t k = 0; k < bytes.size(); ++k)
    power_ *= kPrime;
  for (std::uint64_t low = 0; low < rest_.size(); ++low) {
    std::uint64_t h = low;
    for (char c : bytes)
      h = fnv(h, static_cast<unsigned char>(c));
    rest_[low] = h - low * power_;
  }
}

std::string EffectLog::summary() const {
  char text[64];
  std::snprintf(text, sizeof text, "effects: %llu, hash %016llx",
                static_cast<unsigned long long>(count_),
                static_cast<unsigned long long>(hash_));
  return text;
}

} // namespace tiger::interp
