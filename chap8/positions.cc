// positions.cc - fillPositions: the rules are in positions.hh. Linear in the length of
// the list plus the size of the statements without a position (their expressions are
// walked, recursing on expression depth only, as C_linearize does); nothing is
// allocated for a list whose statements all have a position.
#include "chap8/positions.hh"

#include <algorithm>

namespace tiger::canon {
namespace {

using tree::cast;
using tree::SrcPos;

// The first known position in e's nodes, pre-order, left to right. Recursion is on
// expression depth only, as in C_linearize.
SrcPos firstIn(const tree::Exp* e) {
  if (!e || e->pos().known()) return e ? e->pos() : SrcPos{};
  if (auto* b = cast<tree::Binop>(e)) {
    SrcPos p = firstIn(b->left);
    return p.known() ? p : firstIn(b->right);
  }
  if (auto* m = cast<tree::Mem>(e)) return firstIn(m->addr);
  if (auto* x = cast<tree::Eseq>(e)) return firstIn(x->exp);
  if (auto* c = cast<tree::Call>(e)) {
    if (SrcPos p = firstIn(c->fun); p.known()) return p;
    for (const tree::Exp* a : c->args)
      if (SrcPos p = firstIn(a); p.known()) return p;
  }
  return {};
}

// Rule 1: the first known position among s's expressions.
SrcPos fromExpressions(const tree::Stm* s) {
  switch (s->kind) {
  case tree::StmKind::JUMP: return firstIn(cast<tree::Jump>(s)->exp);
  case tree::StmKind::CJUMP: {
    auto* c = cast<tree::Cjump>(s);
    SrcPos p = firstIn(c->left);
    return p.known() ? p : firstIn(c->right);
  }
  case tree::StmKind::MOVE: {
    auto* m = cast<tree::Move>(s);
    SrcPos p = firstIn(m->dst);
    return p.known() ? p : firstIn(m->src);
  }
  case tree::StmKind::EXP: return firstIn(cast<tree::ExpStm>(s)->exp);
  case tree::StmKind::SEQ:
  case tree::StmKind::LABEL: return {};
  }
  return {};
}

bool unknown(const tree::Stm* s) {
  return s && !s->pos().known();
}

bool isLabel(const tree::Stm* s) {
  return s->kind == tree::StmKind::LABEL;
}

} // namespace

// pos[i] is what rule 1 knows of stms[i]. A forward sweep gives each other statement
// the nearest pos before it; a backward sweep gives each LABEL the nearest pos after
// it (or, with none after, the last of all), and a statement with none before the
// nearest after.
void fillPositions(std::vector<T_stm>& stms) {
  if (std::none_of(stms.begin(), stms.end(), unknown)) return;
  std::vector<SrcPos> pos(stms.size());
  SrcPos prev;
  for (std::size_t i = 0; i < stms.size(); ++i) {
    if (!stms[i]) continue;
    pos[i] = unknown(stms[i]) ? fromExpressions(stms[i]) : stms[i]->pos();
    if (unknown(stms[i]) && (pos[i].known() || !isLabel(stms[i])))
      stms[i]->setPos(pos[i].known() ? pos[i] : prev);
    if (pos[i].known()) prev = pos[i];
  }
  SrcPos last = prev, next;
  for (std::size_t i = stms.size(); i-- > 0;) {
    if (unknown(stms[i]))
      stms[i]->setPos(isLabel(stms[i]) && !next.known() ? last : next);
    if (pos[i].known()) next = pos[i];
  }
}

void fillPositions(C_block& blocks) {
  for (std::vector<T_stm>& block : blocks.stmLists)
    fillPositions(block);
}

} // namespace tiger::canon
