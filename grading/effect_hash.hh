// effect_hash.hh - how a run's effects are counted, hashed and written, shared by the
// two places that record them: the tree interpreter (grading/effect_log.hh, the
// format of each line) and libtigerrt, the runtime of ptoext's MLIR
// (ptoext/runtime/effects.cc). A grader compares the two, so both must hash the same
// effect to the same value: they use this one definition.
//
// The hash is 64-bit FNV-1a over 64-bit words: each effect mixes its kind (a byte,
// kCall ...) and then its words as they are printed (a call: the callee's shown name
// byte after byte, the argument count, each argument; an exit: the status). An argument
// the calls view hides (an address or a string) mixes kHidden instead.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace tiger::effects {

// The kinds of the effects, the first thing each mixes.
inline constexpr char kCall = 'c', kRet = 'r', kStore = 's', kExit = 'x';
// What the calls view hashes for an argument it prints as `_`.
inline constexpr std::uint64_t kHidden = 0x5f5f5f5f5f5f5f5f;
inline constexpr std::uint64_t kPrime = 0x100000001b3;      // FNV-1a's, 64 bits
inline constexpr std::uint64_t kBasis = 0xcbf29ce484222325; // FNV-1a's offset basis

inline std::uint64_t fnv(std::uint64_t hash, std::uint64_t word) {
  return (hash ^ word) * kPrime;
}

// A frame address (negative), a heap address (block 2 and up) or a string value in the
// interpreter; in libtigerrt every heap address is above 2^33 too (a PIE's heap).
inline bool isAddress(std::int64_t v) {
  return v < 0 || v >= (std::int64_t{2} << 32);
}

// An argument as a call's hash mixes it: kHidden for an address when `hide` (the calls
// view), else the word itself.
inline std::uint64_t argumentWord(std::int64_t v, bool hide) {
  return hide && isAddress(v) ? kHidden : static_cast<std::uint64_t>(v);
}

// FNV-1a over a fixed run of bytes in one step, the same value as byte after byte:
// h ^ byte is h + d, d fixed by the low 8 bits of h, and the low 8 bits of
// (h + d) * prime by those of h alone; so the run takes any h to
// h * prime^length + rest[h & 0xff].
class ByteRun {
public:
  explicit ByteRun(std::string_view bytes);
  std::uint64_t after(std::uint64_t h) const { return h * power_ + rest_[h & 0xff]; }

private:
  std::uint64_t power_ = 1;
  std::array<std::uint64_t, 256> rest_;
};

// A Tiger function's label without the number Translate (or ptoext's lowering) gave it
// ("f_12" -> "f"): another translation may number its labels in another order.
std::string_view unnumbered(std::string_view label);

// A word as an effect line shows it: an address or a string in hex, a number in decimal.
std::string shown(std::int64_t v);
std::string hex(std::int64_t v);

// "call NAME(a, b)": each argument shown, or `_` for an address when `hide`.
std::string callLine(std::string_view name, const std::int64_t* args, std::size_t n,
                     bool hide);

// "effects: N, hash H" (H: 16 hex digits), as --effects-hash prints it.
std::string summary(std::uint64_t count, std::uint64_t hash);

} // namespace tiger::effects
