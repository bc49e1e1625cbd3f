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

} // namespace

// A word as an effect line shows it: an address or a string in hex, a number in decimal.
std::string EffectLog::shown(std::int64_t v) {
  return isAddress(v) ? hex(v) : std::to_string(v);
}

int EffectLog::callee(std::string_view name) {
  bool calls = view_ == View::Calls;
  bool recorded = !calls || !runtime::isRuntimeFunction(name) || isBuiltin(name);
  std::string shown(calls ? unnumbered(name) : name);
  callees_.push_back({recorded, shown, ByteRun(kCall + shown)});
  return static_cast<int>(callees_.size() - 1);
}

void EffectLog::writeCall(const Callee& callee, const std::int64_t* args, std::size_t n,
                          const tree::SrcPos& at) {
  *out_ << "call " << callee.shown << '(';
  for (std::size_t k = 0; k < n; ++k) {
    if (k) *out_ << ", ";
    *out_ << (view_ == View::Calls && isAddress(args[k]) ? "_" : shown(args[k]));
  }
  *out_ << ')';
  endLine(at);
}

void EffectLog::writeRet(std::int64_t value) {
  *out_ << "ret " << shown(value);
  endLine({});
}

void EffectLog::writeStore(std::int64_t address, std::int64_t value,
                           const tree::SrcPos& at) {
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

void EffectLog::endLine(const tree::SrcPos& at) {
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
