// measure.cc - counts what --measure asks for on an ir::Program (measure.hh): the walk
// visits every node of every procedure's body once.
#include "grading/measure.hh"

#include <unordered_set>

namespace tiger::grading {
namespace {

using Temps = std::unordered_set<int>;

void visit(const tree::Exp* e, Temps& seen);

void visit(const tree::Stm* s, Temps& seen) {
  if (auto q = tree::cast<tree::Seq>(s)) {
    visit(q->left, seen);
    visit(q->right, seen);
  } else if (auto j = tree::cast<tree::Jump>(s)) {
    visit(j->exp, seen);
  } else if (auto c = tree::cast<tree::Cjump>(s)) {
    visit(c->left, seen);
    visit(c->right, seen);
  } else if (auto m = tree::cast<tree::Move>(s)) {
    visit(m->dst, seen);
    visit(m->src, seen);
  } else if (auto x = tree::cast<tree::ExpStm>(s)) {
    visit(x->exp, seen);
  }
}

void visit(const tree::Exp* e, Temps& seen) {
  if (auto b = tree::cast<tree::Binop>(e)) {
    visit(b->left, seen);
    visit(b->right, seen);
  } else if (auto m = tree::cast<tree::Mem>(e)) {
    visit(m->addr, seen);
  } else if (auto t = tree::cast<tree::Temp>(e)) {
    if (t->temp.num != Temp_temp::kFp && t->temp.num != Temp_temp::kRv)
      seen.insert(t->temp.num);
  } else if (auto q = tree::cast<tree::Eseq>(e)) {
    visit(q->stm, seen);
    visit(q->exp, seen);
  } else if (auto c = tree::cast<tree::Call>(e)) {
    visit(c->fun, seen);
    for (const tree::Exp* a : c->args)
      visit(a, seen);
  }
}

} // namespace

std::size_t countTemps(const ir::Program& prog) {
  Temps seen;
  for (const ir::ProcFrag& proc : prog.procs)
    for (const tree::Stm* s : proc.body)
      visit(s, seen);
  return seen.size();
}

} // namespace tiger::grading
