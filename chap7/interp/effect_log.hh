// effect_log.hh - an EffectSink (interp.hh) that writes a run's effects as text and
// keeps a hash of them, for `tigerc --effects=FILE` and `--effects-hash`.
//
// Input: the effects of one run, in order. Output: one line per effect on `out` (when
// given), and their count and a 64-bit FNV-1a hash of what the lines say (each
// effect's kind and words, positions excluded; the same with or without `out`):
//
//   call f_0(0x8000...0, 3, 5)  # 9:5   a CALL once its arguments are evaluated (# L:C
//   ret 8                      when the trees have positions); the value it returned
//   store 0x200000010 7        MOVE(MEM(a), v): the address, the value
// Addresses and strings (frame and heap addresses, string values) are written in hex.
//   exit 0                     the exit status, last
//
// View::Calls keeps only what the Tiger language itself fixes, whatever the IR that
// made it: the calls of Tiger functions (their labels without Translate's number,
// f_12 as f) and of the builtins (print ... exit), no
// ret, no store, not the helpers Translate chooses (initArray, checkIndex, ...), and
// each argument that is an address or a string (a frame, a heap block, a string value)
// written `_`; plus the exit.
#pragma once

#include "chap7/interp/interp.hh"

#include <array>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

namespace tiger::interp {

class EffectLog final : public EffectSink {
public:
  enum class View { All, Calls };
  EffectLog(std::ostream* out, View view) : out_(out), view_(view) {}

  int callee(std::string_view name) override;
  void call(int callee, const std::int64_t* args, std::size_t n,
            tree::SrcPos at) override;
  void ret(std::int64_t value) override;
  void store(std::int64_t address, std::int64_t value, tree::SrcPos at) override;
  void exit(int status) override;

  std::uint64_t count() const { return count_; }
  std::uint64_t hash() const { return hash_; }
  // "effects: N, hash H" (H: 16 hex digits), as --effects-hash prints it.
  std::string summary() const;

private:
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

  // A callee as the view records its calls, worked out once by callee().
  struct Callee {
    bool recorded;     // false: the calls view leaves its calls out
    std::string shown; // its name on the lines
    ByteRun start;     // mixes the kind of a call and `shown`, as begin and mix would
  };

  static constexpr std::uint64_t kPrime = 0x100000001b3; // FNV-1a's, 64 bits
  static std::uint64_t fnv(std::uint64_t hash, std::uint64_t word) {
    return (hash ^ word) * kPrime;
  }
  void begin(char kind);
  void mix(std::uint64_t word);
  void endLine(tree::SrcPos at);

  std::ostream* out_;
  View view_;
  std::vector<Callee> callees_; // by key
  std::uint64_t count_ = 0;
  std::uint64_t hash_ = 0xcbf29ce484222325; // FNV-1a's offset basis
};

} // namespace tiger::interp
