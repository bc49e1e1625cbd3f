// positions.cc - fillPositions: the rules are in positions.hh. Linear in the size of
// the statements without a position (their expressions are walked with a stack) plus
// the length of the list.
#include "chap8/positions.hh"

namespace tiger::canon {
namespace {

using tree::cast;
using tree::SrcPos;

// The first known position in e's nodes, pre-order, left to right.
SrcPos firstIn(const tree::Exp* root) {
  std::vector<const tree::Exp*> work{root};
  while (!work.empty()) {
    const tree::Exp* e = work.back();
    work.pop_back();
    if (!e) continue;
    if (e->pos().known()) return e->pos();
    if (auto* b = cast<tree::Binop>(e)) {
      work.push_back(b->right);
      work.push_back(b->left);
    } else if (auto* m = cast<tree::Mem>(e)) {
      work.push_back(m->addr);
    } else if (auto* x = cast<tree::Eseq>(e)) {
      work.push_back(x->exp);
    } else if (auto* c = cast<tree::Call>(e)) {
      for (auto a = c->args.rbegin(); a != c->args.rend(); ++a)
        work.push_back(*a);
      work.push_back(c->fun);
    }
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

} // namespace

void fillPositions(std::vector<T_stm>& stms) {
  std::size_t n = stms.size();
  std::vector<SrcPos> pos(n);
  for (std::size_t i = 0; i < n; ++i)
    if (stms[i])
      pos[i] = stms[i]->pos().known() ? stms[i]->pos() : fromExpressions(stms[i]);
  // Rule 2: before[i] and after[i], the nearest positions rule 1 left on each side.
  std::vector<SrcPos> before(n), after(n);
  for (std::size_t i = 1; i < n; ++i)
    before[i] = pos[i - 1].known() ? pos[i - 1] : before[i - 1];
  for (std::size_t i = n; i-- > 1;)
    after[i - 1] = pos[i].known() ? pos[i] : after[i];
  for (std::size_t i = 0; i < n; ++i) {
    if (!stms[i] || stms[i]->pos().known()) continue;
    bool label = stms[i]->kind == tree::StmKind::LABEL;
    SrcPos near = label ? after[i] : before[i], far = label ? before[i] : after[i];
    stms[i]->setPos(pos[i].known() ? pos[i] : near.known() ? near : far);
  }
}

void fillPositions(C_block& blocks) {
  for (std::vector<T_stm>& block : blocks.stmLists)
    fillPositions(block);
}

} // namespace tiger::canon
