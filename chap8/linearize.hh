// linearize.hh - the parts of C_linearize (linearize.cc) that tests and reports look
// at on their own: no-ops and the two commute() tests (Appel 8.1, "commute").
//
//   book   (Options::bookCommute): commute(s, e) = isNop(s) || e is CONST or NAME.
//   sharp  (default): also true when nothing s does can change e's value or the
//          program's visible behaviour if e is evaluated after s instead of before:
//          s writes no temp e reads; if e reads memory, s writes none (no MOVE(MEM),
//          no CALL); if e may fault (a MEM outside the frame, a DIVIDE by a
//          non-constant), s has no visible effect (no CALL, no MEM write, no jump, no
//          fault of its own). A CALL writes no temp of its caller: temps belong to one
//          activation.
#pragma once

#include "chap8/canon.hh"
#include "chap8/effects.hh"

#include <vector>

namespace tiger::canon {

// Whether e, evaluated after the statements summarized in s, yields the same value
// and the program behaves the same as when e is evaluated before them.
bool commute(const Options& opts, const std::vector<T_stm>& s, const tree::Exp* e);
// The same, for statements already summarized (reorder keeps a running summary).
// With `known`, e's temps are only scanned when some temp s writes is not above them
// all, so asking about ever larger expressions built from the last stays linear.
bool commute(const Options& opts, const Effects& s, const tree::Exp* e,
             ExpSummaries* known = nullptr);

} // namespace tiger::canon
