// tree_dot.cc - draws an IR tree as a Graphviz digraph; see tree_dot.hh.
//
// Input: any statement tree. Output: `digraph` text with one box per tree node, labelled
// as printtree.c names it ("SEQ", "BINOP PLUS", "TEMP t100", "CJUMP LT\nL1, L2", ...),
// and one edge per child, in the children's order (ordering=out keeps them left to
// right). Nodes are numbered n0, n1, ... in pre-order, so the text is deterministic.
// The walk uses an explicit stack: a SEQ chain of 10^6 statements draws without deep
// recursion.
#include "chap7/ir/tree_dot.hh"

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

std::string quoted(const std::string& s) {
  std::string q = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') q += '\\';
    if (c == '\n')
      q += "\\n";
    else
      q += c;
  }
  return q + "\"";
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

} // namespace

void drawStm(std::ostream& out, const Stm* s, const std::string& title) {
  out << "digraph " << quoted(title) << " {\n"
      << "  ordering=out;\n  node [shape=box, fontname=\"monospace\"];\n";
  std::vector<Item> todo{{s, nullptr, -1}};
  int next = 0;
  while (!todo.empty()) {
    Item it = todo.back();
    todo.pop_back();
    int id = next++;
    std::string label = it.stm   ? stmLabel(it.stm, id, todo)
                        : it.exp ? expLabel(it.exp, id, todo)
                                 : "(null)";
    out << "  n" << id << " [label=" << quoted(label) << "];\n";
    if (it.parent >= 0) out << "  n" << it.parent << " -> n" << id << ";\n";
  }
  out << "}\n";
}

} // namespace tiger::tree
