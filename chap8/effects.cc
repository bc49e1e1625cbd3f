// effects.cc - see effects.hh: the summaries commute() decides on (linearize.cc).
#include "chap8/effects.hh"

#include <algorithm>

namespace tiger::canon {

using tree::cast;

namespace {

// MEM(TEMP fp) or MEM(BINOP(PLUS, TEMP fp, CONST k)): a frame slot as Frame makes it,
// always a valid address.
bool isFrameSlot(const tree::Mem* m) {
  auto isFp = [](const tree::Exp* e) {
    auto* t = cast<tree::Temp>(e);
    return t && t->temp.num == Temp_temp::kFp;
  };
  if (isFp(m->addr)) return true;
  auto* b = cast<tree::Binop>(m->addr);
  return b && b->op == tree::BinOp::PLUS &&
         ((isFp(b->left) && cast<tree::Const>(b->right)) ||
          (isFp(b->right) && cast<tree::Const>(b->left)));
}

// DIVIDE faults on 0 (the interpreter reports it); any other operator never faults.
bool mayFault(const tree::Binop* b) {
  if (b->op != tree::BinOp::DIVIDE) return false;
  auto* c = cast<tree::Const>(b->right);
  return !c || c->value == 0;
}

void mergeSummary(ExpSummary& into, const ExpSummary& from) {
  into.readsMemory |= from.readsMemory;
  into.mayFault |= from.mayFault;
  into.hasCall |= from.hasCall;
  into.unknown |= from.unknown;
  into.maxTemp = std::max(into.maxTemp, from.maxTemp);
}

// The rules, for one node: what e does itself, merged with what child(c) says of each
// subexpression c it evaluates (an ESEQ's are not looked into: it is not canonical).
template <class Child> ExpSummary summarize(const tree::Exp* e, Child child) {
  ExpSummary s;
  switch (e ? e->kind : tree::ExpKind::CONST) {
  case tree::ExpKind::BINOP: {
    auto* b = cast<tree::Binop>(e);
    s.mayFault = mayFault(b);
    mergeSummary(s, child(b->left));
    mergeSummary(s, child(b->right));
    break;
  }
  case tree::ExpKind::MEM:
    s.readsMemory = true;
    s.mayFault = !isFrameSlot(cast<tree::Mem>(e));
    mergeSummary(s, child(cast<tree::Mem>(e)->addr));
    break;
  case tree::ExpKind::TEMP: s.maxTemp = cast<tree::Temp>(e)->temp.num; break;
  case tree::ExpKind::ESEQ: s.unknown = true; break;
  case tree::ExpKind::CALL:
    s.hasCall = true;
    for (const tree::Exp* a : cast<tree::Call>(e)->args)
      mergeSummary(s, child(a));
    break;
  case tree::ExpKind::NAME:
  case tree::ExpKind::CONST: break;
  }
  return s;
}

// The rules applied over the whole of e, collecting the temps it reads on the way.
ExpSummary scan(const tree::Exp* e, std::vector<int>& temps) {
  if (auto* t = cast<tree::Temp>(e)) temps.push_back(t->temp.num);
  return summarize(e, [&](const tree::Exp* c) { return scan(c, temps); });
}

// The rules applied over the whole of e, its temps not collected (no list to fill).
ExpSummary summaryOf(const tree::Exp* e) {
  return summarize(e, summaryOf);
}

} // namespace

ExpFacts factsOf(const tree::Exp* e) {
  ExpFacts f;
  static_cast<ExpSummary&>(f) = scan(e, f.temps);
  return f;
}

// The rules applied once per node, over the children's kept summaries.
const ExpSummary& ExpSummaries::of(const tree::Exp* e) {
  if (auto it = known_.find(e); it != known_.end()) return it->second;
  ExpSummary s = summarize(e, [&](const tree::Exp* c) { return of(c); });
  return known_[e] = s;
}

void Effects::addTemp(int t) {
  temps.insert(t);
  minTemp = std::min(minTemp, t);
}

bool isNop(const Options& opts, const tree::Stm* s) {
  auto* x = cast<tree::ExpStm>(s);
  if (!x || !x->exp) return false;
  if (x->exp->kind == tree::ExpKind::CONST) return true;
  return !opts.bookCommute &&
         (x->exp->kind == tree::ExpKind::NAME || x->exp->kind == tree::ExpKind::TEMP);
}

void Effects::addEvaluation(const tree::Exp* e) {
  ExpSummary f = summaryOf(e);
  nonEmpty = true;
  unknown |= f.unknown;
  writesMemory |= f.hasCall;
  loud |= f.hasCall || f.mayFault;
}

void Effects::merge(Effects&& other) {
  nonEmpty |= other.nonEmpty;
  writesMemory |= other.writesMemory;
  loud |= other.loud;
  unknown |= other.unknown;
  if (other.temps.size() > temps.size()) temps.swap(other.temps);
  temps.insert(other.temps.begin(), other.temps.end());
  minTemp = std::min(minTemp, other.minTemp);
}

void Effects::add(const tree::Stm* s) {
  if (!s) return;
  nonEmpty = true;
  switch (s->kind) {
  case tree::StmKind::LABEL: return;
  case tree::StmKind::JUMP: loud = true; return addEvaluation(cast<tree::Jump>(s)->exp);
  case tree::StmKind::CJUMP:
    loud = true;
    addEvaluation(cast<tree::Cjump>(s)->left);
    return addEvaluation(cast<tree::Cjump>(s)->right);
  case tree::StmKind::MOVE: {
    auto* m = cast<tree::Move>(s);
    if (auto* t = cast<tree::Temp>(m->dst))
      addTemp(t->temp.num);
    else if (auto* mem = cast<tree::Mem>(m->dst)) {
      writesMemory = loud = true;
      addEvaluation(mem->addr);
    } else
      unknown = true;
    return addEvaluation(m->src);
  }
  case tree::StmKind::EXP: return addEvaluation(cast<tree::ExpStm>(s)->exp);
  case tree::StmKind::SEQ: unknown = true; return;
  }
}

} // namespace tiger::canon
