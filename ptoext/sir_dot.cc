// sir_dot.cc - the flowchart of each function of the structured IR; see sir_dot.hh.
//
// One walk over the statements in order. It carries the open ends: the nodes (with how
// they leave: on, T, F, or by a break) that the next thing drawn is entered from.
//
//   sum = 0                       [sum = 0]
//   for i in pl.range(1, 9):          |
//       if i == 3:                <for i in ...> <-------------+
//           break                   | T            \ F        |
//       sum = sum + i            <i == 3>           \         |
//   rt.printi(sum)             T /     \ F           |        |
//                          [break]  [sum = sum + i] -|- - - - +
//                              \ break               |
//                               +-------------> [rt.printi(sum)] -> (end)
//
// Nodes are written in the order they are made (a loop's inside a cluster), every
// edge after them: an edge written inside a cluster would pull its nodes into it.
#include "ptoext/sir_dot.hh"

#include "base/dot_text.hh"
#include "ptoext/sir_print.hh"

#include <ostream>
#include <string>
#include <vector>

namespace tiger::sir {
namespace {

// Light fills for loop clusters, by nesting depth.
const char* loopColor(std::size_t depth) {
  static const char* const colors[] = {"#e3ecfa", "#fbe7d6", "#e2f4e0"};
  return colors[depth % 3];
}

// How an open end leaves its node.
enum class Exit { On, True, False, Break };

struct End {
  int node;
  Exit exit;
};
using Ends = std::vector<End>;

// The label and colour of an edge leaving by `exit`.
std::string exitAttrs(Exit exit) {
  switch (exit) {
  case Exit::On: return "";
  case Exit::True: return "label=\"T\"";
  case Exit::False: return "label=\"F\"";
  case Exit::Break: return "label=\"break\", color=\"red\", fontcolor=\"red\"";
  }
  return "";
}

bool isSimple(const Stmt& s) {
  return s.kind != StmtKind::If && s.kind != StmtKind::For && s.kind != StmtKind::While &&
         s.kind != StmtKind::Break && s.kind != StmtKind::Continue;
}

class Flowchart {
public:
  Flowchart(const Function& f, std::ostream& out) : f_(f), out_(out) {}
  void draw();

private:
  struct Loop {
    int top;                 // where the body's end and a continue go back to
    std::vector<int> breaks; // its break nodes
  };

  std::string indent() const { return std::string(2 * (loops_.size() + 1), ' '); }
  int node(const std::string& label, const std::string& attrs = "");
  void edge(int from, int to, const std::string& attrs);
  void connect(const Ends& ends, int to, const std::string& more = "");
  Ends block(const Block& b, Ends ends);
  Ends run(std::vector<const Stmt*>& stmts, Ends ends);
  Ends compound(const Stmt& s, Ends ends);
  Ends ifStmt(const If& s, Ends ends);
  Ends loop(const Stmt& s, Ends ends);

  const Function& f_;
  std::ostream& out_;
  std::vector<std::string> nodes_; // node and cluster lines, in order
  std::vector<std::string> edges_;
  std::vector<Loop> loops_; // the loops around the statement being drawn
  int count_ = 0;
};

// A new node n<k>; `label` is a dot quoted string (dot_text.hh).
int Flowchart::node(const std::string& label, const std::string& attrs) {
  nodes_.push_back(indent() + "n" + std::to_string(count_) + " [label=" + label +
                   (attrs.empty() ? "" : ", " + attrs) + "];");
  return count_++;
}

void Flowchart::edge(int from, int to, const std::string& attrs) {
  edges_.push_back("  n" + std::to_string(from) + " -> n" + std::to_string(to) +
                   (attrs.empty() ? "" : " [" + attrs + "]") + ";");
}

// An edge from every open end to `to`, labelled by how it leaves; `more` attributes.
void Flowchart::connect(const Ends& ends, int to, const std::string& more) {
  for (const End& e : ends) {
    std::string attrs = exitAttrs(e.exit);
    if (!more.empty()) attrs += (attrs.empty() ? "" : ", ") + more;
    edge(e.node, to, attrs);
  }
}

// The statements of b after the open ends `ends`; returns the ends after them.
Ends Flowchart::block(const Block& b, Ends ends) {
  std::vector<const Stmt*> stmts;
  for (const StmtPtr& s : b) {
    if (isSimple(*s)) {
      stmts.push_back(s.get());
      continue;
    }
    ends = compound(*s, run(stmts, std::move(ends)));
  }
  return run(stmts, std::move(ends));
}

// A run of simple statements as one box, a left-justified line each; emptied.
Ends Flowchart::run(std::vector<const Stmt*>& stmts, Ends ends) {
  if (stmts.empty()) return ends;
  std::vector<std::string> lines;
  for (const Stmt* s : stmts)
    lines.push_back(stmtToString(f_, *s));
  stmts.clear();
  int me = node(dot::lines(lines));
  connect(ends, me);
  return {{me, Exit::On}};
}

// break: its loop's exit takes it; continue: back to its loop's top. Nothing follows.
Ends Flowchart::compound(const Stmt& s, Ends ends) {
  if (s.kind == StmtKind::If) return ifStmt(*as<If>(&s), std::move(ends));
  if (s.kind == StmtKind::For || s.kind == StmtKind::While)
    return loop(s, std::move(ends));
  int me = node(dot::quote(stmtToString(f_, s)), "fillcolor=\"#f9c0c0\"");
  connect(ends, me);
  if (s.kind == StmtKind::Break)
    loops_.back().breaks.push_back(me);
  else
    edge(me, loops_.back().top,
         "label=\"continue\", color=\"red\", fontcolor=\"red\", constraint=false");
  return {};
}

Ends Flowchart::ifStmt(const If& s, Ends ends) {
  int test =
      node(dot::quote(exprToString(f_, *s.cond)), "shape=diamond, fillcolor=\"#fff5c0\"");
  connect(ends, test);
  Ends out = block(s.thenBody, {{test, Exit::True}});
  Ends other = block(s.elseBody, {{test, Exit::False}});
  out.insert(out.end(), other.begin(), other.end());
  return out;
}

// A cluster: a while's condition statements, the head, the body. The top is the first
// node made in it; the body's ends go back to it, dashed, without ranking it below them.
Ends Flowchart::loop(const Stmt& s, Ends ends) {
  nodes_.push_back(indent() + "subgraph cluster_loop" + std::to_string(count_) + " {");
  nodes_.push_back(indent() + "  style=filled; color=\"#8899aa\"; fillcolor=\"" +
                   loopColor(loops_.size()) + "\"; label=\"\";");
  loops_.push_back({count_, {}});
  if (s.kind == StmtKind::While) ends = block(as<While>(&s)->condStmts, std::move(ends));
  int head = node(dot::quote(stmtToString(f_, s)), "shape=hexagon");
  connect(ends, head);
  const Block& body = s.kind == StmtKind::For ? as<For>(&s)->body : as<While>(&s)->body;
  Ends back = block(body, {{head, Exit::True}});
  connect(back, loops_.back().top, "style=dashed, constraint=false");
  Loop done = std::move(loops_.back());
  loops_.pop_back();
  nodes_.push_back(indent() + "}");
  Ends out{{head, Exit::False}};
  for (int b : done.breaks)
    out.push_back({b, Exit::Break});
  return out;
}

// The function's statements, then `end`: the graph titled with the function's name.
void Flowchart::draw() {
  Ends ends = block(f_.body, {});
  connect(ends, node("\"end\"", "shape=ellipse"));
  out_
      << "digraph " << dot::quote(f_.name) << " {\n"
      << "  graph [label=" << dot::quote(functionHead(f_) + ":")
      << ", labelloc=t, fontname=\"monospace\", fontsize=18, nodesep=0.2, ranksep=0.3];\n"
      << "  node [shape=box, style=filled, fillcolor=white, fontname=\"monospace\", "
         "fontsize=18, margin=\"0.08,0.03\"];\n"
      << "  edge [fontname=\"monospace\", fontsize=16];\n";
  for (const std::string& line : nodes_)
    out_ << line << "\n";
  for (const std::string& line : edges_)
    out_ << line << "\n";
  out_ << "}\n";
}

} // namespace

void drawFunction(const Function& f, std::ostream& out) {
  Flowchart(f, out).draw();
}

void drawModule(const Module& m, std::ostream& out) {
  for (const Function& f : m.functions)
    drawFunction(f, out);
}

} // namespace tiger::sir
