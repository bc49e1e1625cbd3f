// linearize.cc - C_linearize: ESEQ elimination, CALL hoisting and SEQ flattening
// (Appel 8.1; docs/canon.md, "Canonical trees").
//
// Input: a statement tree as Translate makes it: SEQ, ESEQ and CALL anywhere.
// Output: a list of canonical statements, in the order the tree evaluates them:
//   - no SEQ and no ESEQ anywhere;
//   - every CALL is the whole of EXP(CALL ...) or the source of MOVE(TEMP t, CALL ...).
// The input is never modified: a rewritten node is a new node from cx.arena; a subtree
// that needs no rewrite is shared with the input.
//
// The book's do_stm / do_exp / reorder / commute, with a vector of statements for its
// SEQs (the four functions of the canon lab; their helpers sit right after each):
//
//   doStm(s, out)    appends s's canonical statements to `out`. A work stack holds the
//                    statements still to do, so a SEQ spine of any shape and length
//                    (10^6 statements) is walked without recursion: this is `linear`.
//   doExp(e, out)    appends the statements e runs first; returns e without ESEQ/CALL.
//   reorder(es, out) runs doExp on the subexpressions of one node, left to right, then
//                    decides right to left which ones must be saved in a fresh temp
//                    because the statements pulled out of later ones do not commute.
//   commute(s, e)    whether e may be evaluated after the statements s sums up.
//
// reorder's rule, for a node whose operands e1, e2 leave statements s1, s2 and the
// values e1', e2' (doExp):
//
// clang-format off
//   node(e1, e2)  =>  s1; MOVE(TEMP t, e1'); s2; node(TEMP t, e2')
//                 =>  s1; s2; node(e1', e2')            when commute(s2, e1')
// clang-format on
//
// What makes it linear in the size of the tree sits outside those four functions and
// any version of them may use it or not: Effects and ExpSummaries (effects.hh: what
// statements and expressions may do, summed up once), saveSlots() (reorder's
// right-to-left decision).
// Recursion is only on expression depth, which the source's nesting bounds.
#include "chap8/linearize.hh"

#include "chap8/explain.hh"

#include <algorithm>
#include <ostream>

namespace tiger::canon {

using tree::cast;
using Stms = std::vector<T_stm>;

// ---------------------------------------------------------------- commute

// commute(s, e), the book's: isNop(s) || e is NAME || e is CONST; then this project's
// sharper test (linearize.hh says why each condition keeps the program's meaning).
bool commute(const Options& opts, const Effects& s, const tree::Exp* e,
             ExpSummaries* known) {
  // LAB canon BEGIN commute()
  if (!s.nonEmpty) return true;
  if (cast<tree::Const>(e) || cast<tree::Name>(e)) return true;
  if (opts.bookCommute || s.unknown || !e) return false;
  ExpSummary f = known ? known->of(e) : ExpSummary{};
  if (!known) {
    ExpFacts all = factsOf(e);
    f = {all.readsMemory, all.mayFault, all.hasCall, all.unknown, INT_MAX};
  }
  if (f.unknown || f.hasCall) return false;
  if (!s.temps.empty() && s.minTemp <= f.maxTemp)
    for (int t : factsOf(e).temps)
      if (s.temps.count(t)) return false;
  if (f.readsMemory && s.writesMemory) return false;
  return !(f.mayFault && s.loud);
  // LAB END
}

bool commute(const Options& opts, const std::vector<T_stm>& s, const tree::Exp* e) {
  Effects fx;
  for (const tree::Stm* x : s)
    if (!isNop(opts, x)) fx.add(x);
  return commute(opts, fx, e);
}

// ---------------------------------------------------------------- the rewriter

namespace {

using explain::Pattern;

const Pattern kBinop{"BINOP(op, $0, $1)", {"e1", "e2"}, false};
const Pattern kMem{"MEM($0)", {"e"}, false};
const Pattern kJump{"JUMP($0)", {"e"}, true};
const Pattern kCjump{"CJUMP(op, $0, $1, t, f)", {"e1", "e2"}, true};
const Pattern kMoveMem{"MOVE(MEM($0), $1)", {"e1", "e2"}, true};
const Pattern kMoveTemp{"MOVE(TEMP t, $0)", {"e"}, true};
const Pattern kExpStm{"EXP($0)", {"e"}, true};

class Linearizer {
public:
  explicit Linearizer(Context& cx) : cx_(cx), a_(cx.arena) {}
  void doStm(T_stm s, Stms& out);
  long nopsDropped() const { return nops_; }

private:
  // What reorder made of the subexpressions of one node.
  struct Reordered {
    std::vector<T_exp> exps; // cleaned; a saved one is now TEMP t
    std::vector<explain::SlotNote> notes;
    std::size_t begin = 0; // out[begin..] are the statements reorder appended
    bool changed = false;  // some exps[i] differs from the input's
  };
  // The book's four functions (commute is the free function above) and the
  // reference's helpers of doStm and doExp: the lab's regions.
  Reordered reorder(std::vector<T_exp> exps, Stms& out);
  T_exp doExp(T_exp e, Stms& out);
  T_exp doEseq(tree::Eseq* x, Stms& out);
  T_exp doCall(tree::Call* c, Stms& out);
  void doLeaf(T_stm s, Stms& work, Stms& out);
  void doMove(tree::Move* m, Stms& work, Stms& out);
  void doExpStm(tree::ExpStm* x, Stms& work, Stms& out);
  void peel(T_stm before, T_stm first, T_stm rest, const char* rule, Stms& work);
  template <class Make>
  void emitReordered(T_stm s, const Pattern& p, std::vector<T_exp> slots, Stms& out,
                     Make make);

  // Given to any version of the lab ([[maybe_unused]]: one may do without them).
  [[maybe_unused]] void saveSlots(Reordered& r, const std::vector<std::size_t>& mark,
                                  Stms& out);
  [[maybe_unused]] void insertSaves(Reordered& r, const std::vector<bool>& save,
                                    const std::vector<std::size_t>& mark, Stms& out,
                                    Effects& fx);
  [[maybe_unused]] Effects effectsOf(const Stms& out, std::size_t from, std::size_t to);
  [[maybe_unused]] T_exp rebuildCall(const std::vector<T_exp>& exps);
  [[maybe_unused]] void emit(Stms& out, T_stm s);
  [[maybe_unused]] Temp_temp freshTemp();
  [[maybe_unused]] void explainExp(const Pattern& p, const Reordered& r, const Stms& out,
                                   T_exp before, T_exp after);
  [[maybe_unused]] void explainStm(const Pattern& p, const Reordered& r, const Stms& out,
                                   T_stm before, T_stm after);

  // The effects of out[begin, end), made by a reorder that has returned: an enclosing
  // reorder takes them instead of scanning those statements again (which made nested
  // expressions cost the square of their depth). Sorted by begin; each lies after all
  // statements a pending reorder had when it began, so a reorder's are on top.
  struct Summary {
    std::size_t begin, end;
    Effects fx;
  };
  std::vector<Summary> summaries_;
  ExpSummaries known_;

  Context& cx_;
  tree::Arena& a_;
  long nops_ = 0;
};

Temp_temp Linearizer::freshTemp() {
  ++cx_.counters.tempsIntroduced;
  ++cx_.counters.movesIntroduced;
  return cx_.temps.newTemp();
}

// seq(): a no-op (EXP(CONST)) is dropped.
void Linearizer::emit(Stms& out, T_stm s) {
  if (isNop(cx_.opts, s))
    ++nops_;
  else
    out.push_back(s);
}

// reorder([e1, ..., en]): each ei's statements, in order; then saveSlots.
Linearizer::Reordered Linearizer::reorder(std::vector<T_exp> exps, Stms& out) {
  // LAB canon BEGIN reorder()
  Reordered r{std::move(exps), {}, out.size(), false};
  std::size_t n = r.exps.size();
  std::vector<std::size_t> mark(n + 1);
  r.notes.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    mark[i] = out.size();
    T_exp clean = doExp(r.exps[i], out);
    r.changed |= clean != r.exps[i];
    r.exps[i] = clean;
    r.notes[i].lifted = out.size() > mark[i];
  }
  mark[n] = out.size();
  saveSlots(r, mark, out);
  return r;
  // LAB END
}

// Right to left: ei must be saved in a fresh temp unless it commutes with all that now
// runs between it and the node, the statements out of e(i+1)..en and their saves.
// The saves are then inserted after each ei's own statements, temps numbered left to
// right. What all of out[mark[0]..] does is left in summaries_ for an enclosing reorder.
void Linearizer::saveSlots(Reordered& r, const std::vector<std::size_t>& mark,
                           Stms& out) {
  // Nothing came out of any slot (most nodes): nothing runs between a slot and the
  // node, so no slot is saved and there is nothing to sum up.
  if (out.size() == mark[0]) return;
  std::size_t n = r.exps.size();
  std::vector<bool> save(n, false);
  Effects after;
  for (std::size_t i = n; i-- > 0;) {
    r.notes[i].decided = after.nonEmpty;
    save[i] = !commute(cx_.opts, after, r.exps[i], &known_);
    if (save[i]) after.addEvaluation(r.exps[i]);
    after.merge(effectsOf(out, mark[i], mark[i + 1]));
  }
  if (std::find(save.begin(), save.end(), true) != save.end())
    insertSaves(r, save, mark, out, after);
  if (out.size() > mark[0]) summaries_.push_back({mark[0], out.size(), std::move(after)});
}

void Linearizer::insertSaves(Reordered& r, const std::vector<bool>& save,
                             const std::vector<std::size_t>& mark, Stms& out,
                             Effects& fx) {
  std::size_t n = r.exps.size();
  Stms tail(out.begin() + static_cast<std::ptrdiff_t>(mark[0]), out.end());
  out.resize(mark[0]);
  for (std::size_t i = 0; i < n; ++i) {
    out.insert(out.end(), tail.begin() + static_cast<std::ptrdiff_t>(mark[i] - mark[0]),
               tail.begin() + static_cast<std::ptrdiff_t>(mark[i + 1] - mark[0]));
    if (!save[i]) continue;
    Temp_temp t = freshTemp();
    out.push_back(a_.Move(a_.Temp(t), r.exps[i]));
    fx.addTemp(t.num);
    r.exps[i] = a_.Temp(t);
    r.notes[i].saved = r.changed = true;
    r.notes[i].temp = t;
  }
}

// The effects of out[from, to): the summaries of reorders that made part of it, and
// each statement no summary covers.
Effects Linearizer::effectsOf(const Stms& out, std::size_t from, std::size_t to) {
  Effects fx;
  std::size_t k = to;
  while (k > from) {
    if (!summaries_.empty() && summaries_.back().end == k &&
        summaries_.back().begin >= from) {
      fx.merge(std::move(summaries_.back().fx));
      k = summaries_.back().begin;
      summaries_.pop_back();
    } else {
      fx.add(out[--k]);
    }
  }
  while (!summaries_.empty() && summaries_.back().begin >= from)
    summaries_.pop_back();
  return fx;
}

T_exp Linearizer::rebuildCall(const std::vector<T_exp>& exps) {
  return a_.Call(exps[0], std::vector<T_exp>(exps.begin() + 1, exps.end()));
}

[[maybe_unused]] std::vector<T_exp> callSlots(const tree::Call* c) {
  std::vector<T_exp> slots{c->fun};
  slots.insert(slots.end(), c->args.begin(), c->args.end());
  return slots;
}

// `linear`: SEQ(SEQ(a, b), c) = SEQ(a, SEQ(b, c)); the work stack holds what is left.
void Linearizer::doStm(T_stm s, Stms& out) {
  // LAB canon BEGIN doStm()
  Stms work{s};
  while (!work.empty()) {
    T_stm top = work.back();
    work.pop_back();
    if (!top) continue;
    if (auto* q = cast<tree::Seq>(top)) {
      // SEQ(a, b): a, then b
      work.push_back(q->right);
      work.push_back(q->left);
      continue;
    }
    doLeaf(top, work, out);
  }
  // LAB END
}

// LAB canon BEGIN the helpers of doStm(): doLeaf(), doMove(), doExpStm()

template <class Make>
void Linearizer::emitReordered(T_stm s, const Pattern& p, std::vector<T_exp> slots,
                               Stms& out, Make make) {
  Reordered r = reorder(std::move(slots), out);
  T_stm node = r.changed ? make(r.exps) : s;
  explainStm(p, r, out, s, node);
  emit(out, node);
}

void Linearizer::doLeaf(T_stm s, Stms& work, Stms& out) {
  switch (s->kind) {
  case tree::StmKind::JUMP: {
    // JUMP(ESEQ(s, e)) => SEQ(s, JUMP(e))
    auto* j = cast<tree::Jump>(s);
    return emitReordered(s, kJump, {j->exp}, out, [&](const std::vector<T_exp>& e) {
      return a_.Jump(e[0], j->jumps);
    });
  }
  case tree::StmKind::CJUMP: {
    // CJUMP(op, ESEQ(s, e1), e2, t, f) => SEQ(s, CJUMP(op, e1, e2, t, f))
    // CJUMP(op, e1, ESEQ(s, e2), t, f)
    //   => SEQ(MOVE(TEMP t', e1), SEQ(s, CJUMP(op, TEMP t', e2, t, f)))
    //   or SEQ(s, CJUMP(op, e1, e2, t, f))   when commute(e1, s)
    auto* c = cast<tree::Cjump>(s);
    return emitReordered(s, kCjump, {c->left, c->right}, out,
                         [&](const std::vector<T_exp>& e) {
                           return a_.Cjump(c->op, e[0], e[1], c->t, c->f);
                         });
  }
  case tree::StmKind::MOVE: return doMove(cast<tree::Move>(s), work, out);
  case tree::StmKind::EXP: return doExpStm(cast<tree::ExpStm>(s), work, out);
  case tree::StmKind::LABEL:
  case tree::StmKind::SEQ: return emit(out, s);
  }
}

// A rule that turns `before` into SEQ(first, rest): both go on the work stack.
void Linearizer::peel(T_stm before, T_stm first, T_stm rest, const char* rule,
                      Stms& work) {
  if (cx_.opts.explain)
    explain::log(*cx_.opts.explain, std::string("canon: ") + rule + "\n", before,
                 a_.Seq(first, rest));
  work.push_back(rest);
  work.push_back(first);
}

void Linearizer::doMove(tree::Move* m, Stms& work, Stms& out) {
  if (auto* d = cast<tree::Eseq>(m->dst))
    return peel(m, d->stm, a_.Move(d->exp, m->src),
                "MOVE(ESEQ(s, e1), e2) => SEQ(s, MOVE(e1, e2))", work);
  auto make = [&](T_exp dst) {
    return [this, dst](const std::vector<T_exp>& e) { return a_.Move(dst, e[0]); };
  };
  if (cast<tree::Temp>(m->dst)) {
    if (auto* x = cast<tree::Eseq>(m->src))
      return peel(m, x->stm, a_.Move(m->dst, x->exp),
                  "MOVE(TEMP t, ESEQ(s, e)) => SEQ(s, MOVE(TEMP t, e))", work);
    // MOVE(TEMP t, CALL(f, args)): the CALL stays on top; reorder [f, args]
    if (auto* c = cast<tree::Call>(m->src))
      return emitReordered(
          m, explain::callPattern(c->args.size(), "MOVE(TEMP t, %)", true), callSlots(c),
          out,
          [&](const std::vector<T_exp>& e) { return a_.Move(m->dst, rebuildCall(e)); });
    // MOVE(TEMP t, ESEQ(s, e)) is above; any other source: reorder [e]
    return emitReordered(m, kMoveTemp, {m->src}, out, make(m->dst));
  }
  // MOVE(MEM(e1), e2): reorder [e1, e2], the address (not MEM(e1)) first, then e2
  if (auto* d = cast<tree::Mem>(m->dst))
    return emitReordered(
        m, kMoveMem, {d->addr, m->src}, out,
        [&](const std::vector<T_exp>& e) { return a_.Move(a_.Mem(e[0]), e[1]); });
  // Not a destination Translate makes: reorder the source; checkCanonical reports it.
  emitReordered(m, kMoveTemp, {m->src}, out, make(m->dst));
}

void Linearizer::doExpStm(tree::ExpStm* x, Stms& work, Stms& out) {
  if (auto* q = cast<tree::Eseq>(x->exp))
    return peel(x, q->stm, a_.Exp(q->exp), "EXP(ESEQ(s, e)) => SEQ(s, EXP(e))", work);
  // EXP(CALL(f, args)): the CALL stays on top; reorder [f, args]
  if (auto* c = cast<tree::Call>(x->exp))
    return emitReordered(
        x, explain::callPattern(c->args.size(), "EXP(%)", true), callSlots(c), out,
        [&](const std::vector<T_exp>& e) { return a_.Exp(rebuildCall(e)); });
  // EXP(e): reorder [e]
  emitReordered(x, kExpStm, {x->exp}, out,
                [&](const std::vector<T_exp>& e) { return a_.Exp(e[0]); });
}
// LAB END

T_exp Linearizer::doExp(T_exp e, Stms& out) {
  // LAB canon BEGIN doExp()
  if (!e) return e;
  switch (e->kind) {
  case tree::ExpKind::BINOP: {
    // clang-format off
    // BINOP(op, ESEQ(s, e1), e2) => ESEQ(s, BINOP(op, e1, e2))
    // BINOP(op, e1, ESEQ(s, e2)) => ESEQ(MOVE(TEMP t, e1), ESEQ(s, BINOP(op, TEMP t, e2)))
    //                            or ESEQ(s, BINOP(op, e1, e2))   when commute(e1, s)
    // clang-format on
    auto* b = cast<tree::Binop>(e);
    Reordered r = reorder({b->left, b->right}, out);
    if (!r.changed) return e;
    T_exp result = a_.Binop(b->op, r.exps[0], r.exps[1]);
    explainExp(kBinop, r, out, e, result);
    return result;
  }
  case tree::ExpKind::MEM: {
    // MEM(ESEQ(s, e)) => ESEQ(s, MEM(e))
    Reordered r = reorder({cast<tree::Mem>(e)->addr}, out);
    if (!r.changed) return e;
    T_exp result = a_.Mem(r.exps[0]);
    explainExp(kMem, r, out, e, result);
    return result;
  }
  case tree::ExpKind::ESEQ: return doEseq(cast<tree::Eseq>(e), out);
  case tree::ExpKind::CALL: return doCall(cast<tree::Call>(e), out);
  case tree::ExpKind::TEMP:
  case tree::ExpKind::NAME:
  case tree::ExpKind::CONST: return e;
  }
  return e;
  // LAB END
}

// LAB canon BEGIN the helpers of doExp(): doEseq(), doCall()

// ESEQ(s1, ESEQ(s2, e)) => ESEQ(SEQ(s1, s2), e): a chain of ESEQs is walked by a loop;
// its statements go out in order, then e is cleaned.
T_exp Linearizer::doEseq(tree::Eseq* x, Stms& out) {
  Stms chain;
  T_exp e = x;
  for (auto* q = x; q; q = cast<tree::Eseq>(e)) {
    chain.push_back(q->stm);
    e = q->exp;
  }
  if (cx_.opts.explain && chain.size() > 1)
    explain::log(*cx_.opts.explain,
                 "canon: ESEQ(s1, ESEQ(s2, e)) => ESEQ(SEQ(s1, s2), e)\n", x,
                 a_.Eseq(a_.SeqList(chain), e));
  for (T_stm s : chain)
    doStm(s, out);
  return doExp(e, out);
}

// CALL(f, args) => ESEQ(MOVE(TEMP t, CALL(f, args)), TEMP t): the result is saved at
// once, so no later CALL overwrites it and the CALL's parent is MOVE(TEMP t, ...).
// Every CALL reached here is hoisted, also one that came out of an ESEQ.
T_exp Linearizer::doCall(tree::Call* c, Stms& out) {
  Reordered r = reorder(callSlots(c), out);
  T_exp call = c;
  if (r.changed) {
    call = rebuildCall(r.exps);
    explainExp(explain::callPattern(c->args.size()), r, out, c, call);
  }
  Temp_temp t = freshTemp();
  T_stm move = a_.Move(a_.Temp(t), call);
  out.push_back(move);
  T_exp result = a_.Temp(t);
  if (cx_.opts.explain)
    explain::log(
        *cx_.opts.explain,
        "canon: CALL(f, args) => ESEQ(MOVE(TEMP t, CALL(f, args)), TEMP t) with t = " +
            TempFactory::tempName(t) + "\n",
        call, a_.Eseq(move, result));
  return result;
}
// LAB END

// The explain log of one reorder: only when statements came out of a slot.
void Linearizer::explainExp(const Pattern& p, const Reordered& r, const Stms& out,
                            T_exp before, T_exp after) {
  if (!cx_.opts.explain || out.size() == r.begin) return;
  Stms pulled(out.begin() + static_cast<std::ptrdiff_t>(r.begin), out.end());
  explain::log(*cx_.opts.explain, explain::reorderRules(p, r.notes), before,
               a_.Eseq(a_.SeqList(pulled), after));
}

void Linearizer::explainStm(const Pattern& p, const Reordered& r, const Stms& out,
                            T_stm before, T_stm after) {
  if (!cx_.opts.explain || out.size() == r.begin) return;
  Stms pulled(out.begin() + static_cast<std::ptrdiff_t>(r.begin), out.end());
  pulled.push_back(after);
  explain::log(*cx_.opts.explain, explain::reorderRules(p, r.notes), before,
               a_.SeqList(pulled));
}

} // namespace

std::vector<T_stm> C_linearize(Context& cx, T_stm stm) {
  Linearizer lin(cx);
  Stms out;
  lin.doStm(stm, out);
  if (cx.opts.explain)
    explain::note(*cx.opts.explain,
                  "linear: " + std::to_string(out.size()) + " canonical statements, " +
                      std::to_string(lin.nopsDropped()) + " no-ops dropped");
  return out;
}

} // namespace tiger::canon
