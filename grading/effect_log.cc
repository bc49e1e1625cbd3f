// effect_log.cc - see effect_log.hh.
#include "grading/effect_log.hh"

#include "base/builtins.hh"
#include "chap7/ir/runtime.hh"

#include <ostream>

namespace tiger::grading {

int EffectLog::callee(std::string_view name) {
  bool calls = view_ != View::All;
  // The calls view records Tiger's functions and builtins, not Translate's helpers
  // (base/builtins.hh); the builtins view the builtins alone.
  bool builtin = runtime::isRuntimeFunction(name) && builtins::isTigerBuiltin(name);
  bool recorded = view_ == View::All || builtin ||
                  (view_ == View::Calls && !runtime::isRuntimeFunction(name));
  std::string shown(calls ? effects::unnumbered(name) : name);
  callees_.push_back({recorded, shown, effects::ByteRun(effects::kCall + shown)});
  return static_cast<int>(callees_.size() - 1);
}

void EffectLog::writeCall(const Callee& callee, const std::int64_t* args, std::size_t n,
                          const tree::SrcPos& at) {
  *out_ << effects::callLine(callee.shown, args, n, view_ != View::All);
  endLine(at);
}

void EffectLog::writeRet(std::int64_t value) {
  *out_ << "ret " << effects::shown(value);
  endLine({});
}

void EffectLog::writeStore(std::int64_t address, std::int64_t value,
                           const tree::SrcPos& at) {
  *out_ << "store " << effects::hex(address) << ' ' << effects::shown(value);
  endLine(at);
}

void EffectLog::exit(int status) {
  begin(effects::kExit);
  mix(static_cast<std::uint64_t>(status));
  if (!out_) return;
  *out_ << "exit " << status;
  endLine({});
}

void EffectLog::endLine(const tree::SrcPos& at) {
  if (at.known()) *out_ << "  # " << at.line << ':' << at.col;
  *out_ << '\n';
}

std::string EffectLog::summary() const {
  return effects::summary(count_, hash_);
}

} // namespace tiger::grading
