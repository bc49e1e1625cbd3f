// trace_schedule.hh - the two halves of C_traceSchedule (declared in canon.hh):
// choosing the block order (Algorithm 8.3, or this project's loop layout) and
// "finishing up" a given order. finishUp is public so a test can hand it any order,
// e.g. one where a CJUMP's two targets are both placed before it.
#pragma once

#include "chap8/canon.hh"

namespace tiger::canon {

using Block = std::vector<T_stm>;

// Flattens `order` (blocks, each LABEL first and JUMP/CJUMP last) into one list:
//   - JUMP(NAME l) followed by LABEL l: deleted;
//   - CJUMP followed by its false label: kept;
//   - CJUMP followed by its true label: relation negated, labels swapped;
//   - CJUMP followed by neither: CJUMP(op, a, b, t, f'); LABEL f'; JUMP(NAME f);
//   - (improved mode only) JUMP(NAME l) to a block that is just LABEL l; CJUMP(...),
//     when the next block is one of that CJUMP's targets: a copy of the CJUMP.
// then LABEL done. Afterwards every CJUMP is followed by its false label.
std::vector<T_stm> finishUp(Context& cx, const std::vector<const Block*>& order,
                            Temp_label done);

} // namespace tiger::canon
