// effects.hh - commute()'s bookkeeping (linearize.cc): what statements and expressions
// may do, summed up once so that C_linearize stays linear in the size of the tree.
//
// Input: canonical statements and expressions (an ESEQ or SEQ is "unknown": nothing is
// assumed of it). Output: Effects (what a list of statements may do), ExpSummary (what
// an expression may do, but which temps it reads), ExpFacts (the same with every temp)
// and isNop. This is given code in the canon lab: a student's commute() may use it.
#pragma once

#include "chap8/canon.hh"

#include <climits>
#include <unordered_map>
#include <unordered_set>
#include <vector>

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

// What evaluating one expression may do, with every temp it reads (a whole scan of e).
struct ExpFacts : ExpSummary {
  std::vector<int> temps;
};
ExpFacts factsOf(const tree::Exp* e);

} // namespace tiger::canon
