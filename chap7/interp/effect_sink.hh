// effect_sink.hh - what a run shows to whoever records its effects (RunOptions::effects):
// the tree interpreter and ptoext's structured-IR interpreter call these hooks, the
// grading layer implements them (grading/effect_log.hh: lines and a hash for
// `tigerc --effects`, `--effects-hash`). The interpreters know nothing of the grader.
//
// The hooks, in execution order: every CALL, of a Tiger function or a runtime function
// alike, once its arguments are evaluated; the value it returns (a call that never
// returns, exit() or a fault, has no ret); every MOVE(MEM(a), v) once it stored v (the
// runtime's own writes are not effects); and the exit status, last, however the run
// ended. `at` is the source position of the CALL or MOVE (unknown when the trees have
// none). With no sink (a null pointer) a run pays one test per hook.
#pragma once

#include "chap7/ir/tree.hh"

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace tiger::interp {

class EffectSink {
public:
  virtual ~EffectSink() = default;
  // Before the run, once per function: the key its calls give call(), so that what a
  // sink records about a callee is worked out once, not on every call.
  virtual int callee(std::string_view name) = 0;
  virtual void call(int key, const std::int64_t* args, std::size_t n,
                    const tree::SrcPos& at) = 0;
  virtual void ret(std::int64_t value) = 0;
  virtual void store(std::int64_t address, std::int64_t value,
                     const tree::SrcPos& at) = 0;
  virtual void exit(int status) = 0;
};

} // namespace tiger::interp
