// tree.cc - operator names and facts, and the arena's helpers (lists, copies that keep
// positions); see tree.hh.
#include "chap7/ir/tree.hh"

namespace tiger::tree {

const char* name(BinOp op) {
  static const char* const names[] = {"PLUS", "MINUS",  "TIMES",  "DIVIDE",  "AND",
                                      "OR",   "LSHIFT", "RSHIFT", "ARSHIFT", "XOR"};
  return names[static_cast<int>(op)];
}

const char* name(RelOp op) {
  static const char* const names[] = {"EQ", "NE",  "LT",  "GT",  "LE",
                                      "GE", "ULT", "ULE", "UGT", "UGE"};
  return names[static_cast<int>(op)];
}

RelOp notRel(RelOp op) {
  switch (op) {
  case RelOp::EQ: return RelOp::NE;
  case RelOp::NE: return RelOp::EQ;
  case RelOp::LT: return RelOp::GE;
  case RelOp::GE: return RelOp::LT;
  case RelOp::GT: return RelOp::LE;
  case RelOp::LE: return RelOp::GT;
  case RelOp::ULT: return RelOp::UGE;
  case RelOp::UGE: return RelOp::ULT;
  case RelOp::UGT: return RelOp::ULE;
  case RelOp::ULE: return RelOp::UGT;
  }
  return op;
}

RelOp commuteRel(RelOp op) {
  switch (op) {
  case RelOp::EQ:
  case RelOp::NE: return op;
  case RelOp::LT: return RelOp::GT;
  case RelOp::GT: return RelOp::LT;
  case RelOp::LE: return RelOp::GE;
  case RelOp::GE: return RelOp::LE;
  case RelOp::ULT: return RelOp::UGT;
  case RelOp::UGT: return RelOp::ULT;
  case RelOp::ULE: return RelOp::UGE;
  case RelOp::UGE: return RelOp::ULE;
  }
  return op;
}

void* Arena::grow(Chunks& to, std::size_t bytes) {
  if (bytes > to.size) { // a long list: a chunk of its own, before the one in use
    auto own = std::make_unique<std::byte[]>(bytes);
    std::byte* p = own.get();
    to.list.insert(to.list.empty() ? to.list.end() : to.list.end() - 1, std::move(own));
    return p;
  }
  to.list.emplace_back(new std::byte[to.size]); // not zeroed: nodes are built in place
  to.used = bytes;
  return to.list.back().get();
}

T_stm Arena::SeqList(const std::vector<T_stm>& stms) {
  if (stms.empty()) return Exp(Const(0));
  T_stm s = stms.back();
  for (auto it = stms.rbegin() + 1; it != stms.rend(); ++it)
    s = Seq(*it, s);
  return s;
}

T_exp Arena::copy(const tree::Exp* e) {
  T_exp c = copyNode(e);
  c->setPos(e->pos());
  return c;
}

T_stm Arena::copy(const tree::Stm* s) {
  T_stm c = copyNode(s);
  c->setPos(s->pos());
  return c;
}

T_exp Arena::copyNode(const tree::Exp* e) {
  switch (e->kind) {
  case ExpKind::BINOP: {
    auto* b = cast<tree::Binop>(e);
    return Binop(b->op, copy(b->left), copy(b->right));
  }
  case ExpKind::MEM: return Mem(copy(cast<tree::Mem>(e)->addr));
  case ExpKind::TEMP: return Temp(cast<tree::Temp>(e)->temp);
  case ExpKind::ESEQ: {
    auto* x = cast<tree::Eseq>(e);
    return Eseq(copy(x->stm), copy(x->exp));
  }
  case ExpKind::NAME: return Name(cast<tree::Name>(e)->label);
  case ExpKind::CONST: return Const(cast<tree::Const>(e)->value);
  case ExpKind::CALL: {
    auto* c = cast<tree::Call>(e);
    std::vector<T_exp> args;
    for (const tree::Exp* a : c->args)
      args.push_back(copy(a));
    return Call(copy(c->fun), std::move(args));
  }
  }
  return nullptr;
}

T_stm Arena::copyNode(const tree::Stm* s) {
  switch (s->kind) {
  case StmKind::SEQ: {
    auto* q = cast<tree::Seq>(s);
    return Seq(copy(q->left), copy(q->right));
  }
  case StmKind::LABEL: return Label(cast<tree::Label>(s)->label);
  case StmKind::JUMP: {
    auto* j = cast<tree::Jump>(s);
    return Jump(copy(j->exp), j->jumps);
  }
  case StmKind::CJUMP: {
    auto* c = cast<tree::Cjump>(s);
    return Cjump(c->op, copy(c->left), copy(c->right), c->t, c->f);
  }
  case StmKind::MOVE: {
    auto* m = cast<tree::Move>(s);
    return Move(copy(m->dst), copy(m->src));
  }
  case StmKind::EXP: return Exp(copy(cast<tree::ExpStm>(s)->exp));
  }
  return nullptr;
}

} // namespace tiger::tree
