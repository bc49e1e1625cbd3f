// tree_dot.cc - draws an IR tree as a Graphviz digraph; see tree_dot.hh.
//
// Input: any statement or expression tree. Output: `digraph` text with one box per
// tree node, labelled as printtree.c names it ("SEQ", "BINOP PLUS", "TEMP t100",
// "CJUMP LT\nL1, L2", ...), and one edge per child, in the children's order
// (ordering=out keeps them left to right). In the Rewrite look what chapter 8 rewrites
// stands out: SEQ is orange, ESEQ red, the other statements blue, CALL green; the rest
// white. Nodes are numbered n0, n1, ... in pre-order, so the text is deterministic.
// The walk uses an explicit stack: a SEQ chain of 10^6 statements draws without deep
// recursion.
#include "chap7/ir/tree_dot.hh"

#include "base/dot_text.hh"

#include <ostream>
#include <string>
#include <vector>

namespace tiger::tree {
namespace {

// One node still to draw: a statement or an expression, and its parent's number.
struct Item {
  const Stm* stm;
  const Exp* exp;
  int parent; // -1 for the root
};

// The fill of a node: SEQ orange, the other statements blue, ESEQ red, CALL green;
// null for white.
const char* fill(const Item& it) {
  if (it.stm) return it.stm->kind == StmKind::SEQ ? "#fde2c8" : "#d7e8fb";
  if (it.exp && it.exp->kind == ExpKind::ESEQ) return "#f9c0c0";
  if (it.exp && it.exp->kind == ExpKind::CALL) return "#e2f3d4";
  return nullptr;
}

// The label of a statement node; pushes its children (in reverse, to pop in order).
std::string stmLabel(const Stm* s, int id, std::vector<Item>& todo) {
  switch (s->kind) {
  case StmKind::SEQ:
    todo.push_back({cast<Seq>(s)->right, nullptr, id});
    todo.push_back({cast<Seq>(s)->left, nullptr, id});
    return "SEQ";
  case StmKind::LABEL: return "LABEL " + cast<Label>(s)->label.str();
  case StmKind::JUMP: todo.push_back({nullptr, cast<Jump>(s)->exp, id}); return "JUMP";
  case StmKind::CJUMP: {
    auto* c = cast<Cjump>(s);
    todo.push_back({nullptr, c->right, id});
    todo.push_back({nullptr, c->left, id});
    return std::string("CJUMP ") + name(c->op) + "\n" + c->t.str() + ", " + c->f.str();
  }
  case StmKind::MOVE:
    todo.push_back({nullptr, cast<Move>(s)->src, id});
    todo.push_back({nullptr, cast<Move>(s)->dst, id});
    return "MOVE";
  case StmKind::EXP: todo.push_back({nullptr, cast<ExpStm>(s)->exp, id}); return "EXP";
  }
  return "?";
}

// The label of an expression node; pushes its children (in reverse).
std::string expLabel(const Exp* e, int id, std::vector<Item>& todo) {
  switch (e->kind) {
  case ExpKind::BINOP: {
    auto* b = cast<Binop>(e);
    todo.push_back({nullptr, b->right, id});
    todo.push_back({nullptr, b->left, id});
    return std::string("BINOP ") + name(b->op);
  }
  case ExpKind::MEM: todo.push_back({nullptr, cast<Mem>(e)->addr, id}); return "MEM";
  case ExpKind::TEMP: return "TEMP " + TempFactory::tempName(cast<Temp>(e)->temp);
  case ExpKind::ESEQ:
    todo.push_back({nullptr, cast<Eseq>(e)->exp, id});
    todo.push_back({cast<Eseq>(e)->stm, nullptr, id});
    return "ESEQ";
  case ExpKind::NAME: return "NAME " + cast<Name>(e)->label.str();
  case ExpKind::CONST: return "CONST " + std::to_string(cast<Const>(e)->value);
  case ExpKind::CALL: {
    auto* c = cast<Call>(e);
    for (auto it = c->args.rbegin(); it != c->args.rend(); ++it)
      todo.push_back({nullptr, *it, id});
    todo.push_back({nullptr, c->fun, id});
    return "CALL";
  }
  }
  return "?";
}

// The attributes every node and edge of a drawing share.
const char* defaults(Look look) {
  if (look == Look::Plain) return "  node [shape=box, fontname=\"monospace\"];\n";
  return "  graph [nodesep=0.12, ranksep=0.22];\n"
         "  node [shape=box, style=\"rounded,filled\", fillcolor=white, "
         "fontname=\"monospace bold\", fontsize=20, margin=\"0.06,0.03\", height=0.3];\n"
         "  edge [arrowhead=none];\n";
}

// Draws the tree whose root is `root`, titled `title`.
void draw(std::ostream& out, Item root, const std::string& title, Look look) {
  out << "digraph " << dot::quote(title) << " {\n  ordering=out;\n" << defaults(look);
  std::vector<Item> todo{root};
  int next = 0;
  while (!todo.empty()) {
    Item it = todo.back();
    todo.pop_back();
    int id = next++;
    std::string label = it.stm   ? stmLabel(it.stm, id, todo)
                        : it.exp ? expLabel(it.exp, id, todo)
                                 : "(null)";
    const char* color = look == Look::Rewrite ? fill(it) : nullptr;
    out << "  n" << id << " [label=" << dot::quote(label);
    if (color) out << ", fillcolor=\"" << color << '"';
    out << "];\n";
    if (it.parent >= 0) out << "  n" << it.parent << " -> n" << id << ";\n";
  }
  out << "}\n";
}

} // namespace

void drawStm(std::ostream& out, const Stm* s, const std::string& title, Look look) {
  draw(out, {s, nullptr, -1}, title, look);
}

void drawExp(std::ostream& out, const Exp* e, const std::string& title, Look look) {
  draw(out, {nullptr, e, -1}, title, look);
}

} // namespace tiger::tree
