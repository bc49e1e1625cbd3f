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

#include <climits>
#include <unordered_map>
#include <unordered_set>

namespace tiger::canon {

// A statement that does nothing: EXP(CONST) in the book; EXP(CONST | NAME | TEMP) in
// the sharp mode (evaluating a NAME or a TEMP can neither fault nor change anything).
bool isNop(const Options& opts, const tree::Stm* s);

// What a list of statements may do, as far as commute() needs to know.
struct Effects {
  Effects() = default;   // not an aggregate: commute(opts, {stm, ...}, e) means a list
  bool nonEmpty = false; // some statement that is not a no-op
  bool writesMemory = false;     // a MOVE(MEM ...) or a CALL
  bool loud = false;             // a CALL, a MEM write, a JUMP/CJUMP, or a possible fault
  bool unknown = false;          // a SEQ or ESEQ: not canonical, so nothing is assumed
  std::unordered_set<int> temps; // temps MOVEd to (looked up, never iterated)
  int minTemp = INT_MAX;         // the lowest of them

  void addTemp(int t);

  void add(const tree::Stm* s);
  // The effects of evaluating e (for the MOVE(TEMP t, e) that saves e in a fresh t).
  void addEvaluation(const tree::Exp* e);
  // Adds what `other` summarizes (its temps are moved, the smaller set into the larger).
  void merge(Effects&& other);
};

// Whether e, evaluated after the statements summarized in s, yields the same value
// and the program behaves the same as when e is evaluated before them.
bool commute(const Options& opts, const std::vector<T_stm>& s, const tree::Exp* e);
// What evaluating an expression may do, but the temps it reads: their highest number.
struct ExpSummary {
  bool readsMemory = false;
  bool mayFault = false;
  bool hasCall = false;
  bool unknown = false; // an ESEQ
  int maxTemp = -1;
};

// The ExpSummary of each expression asked about, kept: an expression built over
// summarized ones costs O(1) (trees are never modified, so the answers stay true).
class ExpSummaries {
public:
  const ExpSummary& of(const tree::Exp* e);

private:
  std::unordered_map<const tree::Exp*, ExpSummary> known_;
};

// The same, for statements already summarized (reorder keeps a running summary).
// With `known`, e's temps are only scanned when some temp s writes is not above them
// all, so asking about ever larger expressions built from the last stays linear.
bool commute(const Options& opts, const Effects& s, const tree::Exp* e,
             ExpSummaries* known = nullptr);

} // namespace tiger::canon
