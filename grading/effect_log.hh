// effect_log.hh - the effects of a run (RunOptions::effects), written as text and
// hashed (grading/effect_hash.hh), for `tigerc --effects=FILE` and `--effects-hash`.
//
// Input: the hooks of an interpreter's run (chap7/interp/effect_sink.hh), in execution
// order: calls once their arguments are evaluated, their results, stores to memory and
// the exit status, with the source position of each CALL and MOVE (unknown when the
// trees have none). Output: one line per effect on `out` (when
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
//
// View::Builtins keeps what any compiler's IR of the program shares, whoever wrote it:
// the calls of the builtins only (a foreign compiler names its Tiger functions L0, L1,
// ...), their arguments as View::Calls writes them, and the exit. The graders judge a
// course's own compiler with it (labs/grader/README.md, "Foreign submissions").
//
// call, ret and store hash inline; they write a line out of line, and only when asked.
#pragma once

#include "chap7/interp/effect_sink.hh"
#include "grading/effect_hash.hh"

#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace tiger::grading {

class EffectLog final : public interp::EffectSink {
public:
  enum class View { All, Calls, Builtins };
  EffectLog(std::ostream* out, View view) : out_(out), view_(view) {}

  int callee(std::string_view name) override;
  void call(int key, const std::int64_t* args, std::size_t n,
            const tree::SrcPos& at) override {
    const Callee& callee = callees_[static_cast<std::size_t>(key)];
    if (!callee.recorded) return;
    ++count_;
    hash_ = callee.start.after(hash_);
    mix(n);
    for (std::size_t k = 0; k < n; ++k)
      mix(hashed(args[k]));
    if (out_) [[unlikely]]
      writeCall(callee, args, n, at);
  }
  void ret(std::int64_t value) override {
    if (view_ != View::All) return;
    begin(effects::kRet);
    mix(static_cast<std::uint64_t>(value));
    if (out_) [[unlikely]]
      writeRet(value);
  }
  void store(std::int64_t address, std::int64_t value, const tree::SrcPos& at) override {
    if (view_ != View::All) return;
    begin(effects::kStore);
    mix(static_cast<std::uint64_t>(address));
    mix(static_cast<std::uint64_t>(value));
    if (out_) [[unlikely]]
      writeStore(address, value, at);
  }
  void exit(int status) override;

  std::uint64_t count() const { return count_; }
  std::uint64_t hash() const { return hash_; }
  // "effects: N, hash H" (H: 16 hex digits), as --effects-hash prints it.
  std::string summary() const;

private:
  // A callee as the view records its calls, worked out once by callee().
  struct Callee {
    bool recorded;     // false: the view leaves its calls out
    std::string shown; // its name on the lines
    effects::ByteRun
        start; // mixes the kind of a call and `shown`, as begin and mix would
  };

  // Every effect starts with its kind; then its words, as they are printed.
  void begin(char kind) {
    ++count_;
    mix(static_cast<unsigned char>(kind));
  }
  // FNV-1a, a 64-bit word at a time.
  void mix(std::uint64_t word) { hash_ = effects::fnv(hash_, word); }
  // An argument as the view hashes it: kHidden for one the calls and builtins views hide.
  std::uint64_t hashed(std::int64_t arg) const {
    return effects::argumentWord(arg, view_ != View::All);
  }
  void writeCall(const Callee& callee, const std::int64_t* args, std::size_t n,
                 const tree::SrcPos& at);
  void writeRet(std::int64_t value);
  void writeStore(std::int64_t address, std::int64_t value, const tree::SrcPos& at);
  void endLine(const tree::SrcPos& at);

  std::ostream* out_;
  View view_;
  std::vector<Callee> callees_; // by key
  std::uint64_t count_ = 0;
  std::uint64_t hash_ = effects::kBasis;
};

} // namespace tiger::grading
