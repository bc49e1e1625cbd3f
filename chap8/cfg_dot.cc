// cfg_dot.cc - the control-flow graph of a function as Graphviz text (cfg_dot.hh).
//
// Input: the C_block of one function (every block LABEL first, JUMP/CJUMP last, the
// `done` label outside all blocks) and optionally C_traceSchedule's list of it.
// Output: one digraph, top-down, monospace, with
//   - a box per block listing its statements one per line (stmLine; with the program's
//     string table, a string literal's label shows as its text),
//   - an ellipse `done` for the exit, a dashed box for any label no block defines,
//   - JUMP edges solid; CJUMP edges "T" (green) to the true label and "F" (red,
//     dashed) to the false label.
//
// Blocks before tracing (scheduled == nullptr): the blocks of C_basicBlocks, "B0",
// "B1", ... in its order.
//
// Blocks after tracing: C_traceSchedule returns a flat list, not the traces, and its
// finishing-up rewrote it (CJUMPs negated, JUMPs to the next block deleted, new blocks
// `LABEL f'; JUMP f` added). So the blocks drawn are recovered from that list:
//   - a block starts at each LABEL (the trailing `LABEL done` is the exit node);
//   - a block that ends without a jump falls through into the next one, and so does a
//     CJUMP into the next block when that block starts with its false label;
//   - a trace is a maximal run of blocks each going on to the next one: by falling
//     through, or by a JUMP to it (which the book's layout keeps). A cluster "trace k"
//     holds them; every block is numbered #1, #2, ... in the final order; fall-through
//     edges are bold. Two of Algorithm 8.3's traces where the first ends with a JUMP
//     to the second, placed next, show as one: they run as one straight line of code.
#include "chap8/cfg_dot.hh"

#include "base/dot_text.hh"
#include "chap7/ir/temp.hh"

#include <cstdio>
#include <map>
#include <ostream>
#include <string>

namespace tiger::canon {

using tree::BinOp;
using tree::ExpKind;
using tree::StmKind;

// ---- one-line statements ----

namespace {

// Deeper expressions print as "...": a bound on recursion and on line length.
constexpr int kMaxDepth = 24;

std::string labelName(Temp_label l) {
  return l ? l.str() : "<no label>";
}

// A line being written, and the string literals NAMEs may refer to (or null).
struct Line {
  std::string text;
  const StringTable* strings = nullptr;
  Line& operator+=(const std::string& s) { return text += s, *this; }
  Line& operator+=(char c) { return text += c, *this; }
};

// A string literal in C syntax, cut after 20 characters: "abc\n", "a long te...".
std::string literal(const std::string& text) {
  constexpr std::size_t kShown = 20;
  std::string q = "\"";
  for (std::size_t i = 0; i < text.size() && i < kShown; ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c == '\n')
      q += "\\n";
    else if (c == '\t')
      q += "\\t";
    else if (c == '"' || c == '\\')
      q += std::string("\\") + static_cast<char>(c);
    else if (c >= 32 && c < 127)
      q += static_cast<char>(c);
    else {
      char octal[8];
      std::snprintf(octal, sizeof octal, "\\%03o", c);
      q += octal;
    }
  }
  return q + (text.size() > kShown ? "...\"" : "\"");
}

// NAME l: the literal when l labels a STRING fragment, else the label.
std::string nameText(const Line& out, Temp_label l) {
  if (out.strings && l) {
    auto it = out.strings->find(l);
    if (it != out.strings->end()) return literal(it->second);
  }
  return labelName(l);
}

// Java-like operators: >>> is the logical shift, >> the arithmetic one.
const char* symbol(BinOp op) {
  static const char* const symbols[] = {"+", "-",  "*",   "/",  "&",
                                        "|", "<<", ">>>", ">>", "^"};
  return symbols[static_cast<int>(op)];
}

void expLine(Line& out, const tree::Exp* e, int depth);

// An operand of BINOP: parenthesized when it is itself a BINOP.
void operandLine(Line& out, const tree::Exp* e, int depth) {
  bool paren = e && e->kind == ExpKind::BINOP;
  if (paren) out += '(';
  expLine(out, e, depth);
  if (paren) out += ')';
}

void callLine(Line& out, const tree::Call* c, int depth) {
  if (auto* n = tree::cast<tree::Name>(c->fun))
    out += labelName(n->label);
  else
    operandLine(out, c->fun, depth + 1);
  out += '(';
  for (std::size_t i = 0; i < c->args.size(); ++i) {
    if (i) out += ", ";
    expLine(out, c->args[i], depth + 1);
  }
  out += ')';
}

void stmLineTo(Line& out, const tree::Stm* s, int depth);

void expLine(Line& out, const tree::Exp* e, int depth) {
  if (!e) return void(out += "<null>");
  if (depth > kMaxDepth) return void(out += "...");
  switch (e->kind) {
  case ExpKind::BINOP: {
    auto* b = tree::cast<tree::Binop>(e);
    operandLine(out, b->left, depth + 1);
    out += std::string(" ") + symbol(b->op) + " ";
    return operandLine(out, b->right, depth + 1);
  }
  case ExpKind::MEM:
    out += "M[";
    expLine(out, tree::cast<tree::Mem>(e)->addr, depth + 1);
    return void(out += ']');
  case ExpKind::TEMP:
    out += TempFactory::tempName(tree::cast<tree::Temp>(e)->temp);
    return;
  case ExpKind::ESEQ: {
    auto* x = tree::cast<tree::Eseq>(e);
    out += "ESEQ{";
    stmLineTo(out, x->stm, depth + 1);
    out += "; ";
    expLine(out, x->exp, depth + 1);
    return void(out += '}');
  }
  case ExpKind::NAME: out += nameText(out, tree::cast<tree::Name>(e)->label); return;
  case ExpKind::CONST: out += std::to_string(tree::cast<tree::Const>(e)->value); return;
  case ExpKind::CALL: return callLine(out, tree::cast<tree::Call>(e), depth);
  }
}

// JUMP L  when the jump is JUMP(NAME L, [L]); else  JUMP e [L1, L2]
void jumpLine(Line& out, const tree::Jump* j, int depth) {
  out += "JUMP ";
  auto* n = tree::cast<tree::Name>(j->exp);
  if (n && j->jumps.size() == 1 && j->jumps[0] == n->label)
    return void(out += labelName(n->label));
  expLine(out, j->exp, depth + 1);
  out += " [";
  for (std::size_t i = 0; i < j->jumps.size(); ++i)
    out += (i ? ", " : "") + labelName(j->jumps[i]);
  out += ']';
}

void stmLineTo(Line& out, const tree::Stm* s, int depth) {
  if (!s) return void(out += "<null>");
  if (depth > kMaxDepth) return void(out += "...");
  switch (s->kind) {
  case StmKind::SEQ: {
    auto* q = tree::cast<tree::Seq>(s);
    stmLineTo(out, q->left, depth + 1);
    out += "; ";
    return stmLineTo(out, q->right, depth + 1);
  }
  case StmKind::LABEL:
    out += "LABEL " + labelName(tree::cast<tree::Label>(s)->label);
    return;
  case StmKind::JUMP: return jumpLine(out, tree::cast<tree::Jump>(s), depth);
  case StmKind::CJUMP: {
    auto* c = tree::cast<tree::Cjump>(s);
    out += std::string("CJUMP ") + tree::name(c->op) + " ";
    expLine(out, c->left, depth + 1);
    out += ", ";
    expLine(out, c->right, depth + 1);
    out += " -> " + labelName(c->t) + " | " + labelName(c->f);
    return;
  }
  case StmKind::MOVE: {
    auto* m = tree::cast<tree::Move>(s);
    expLine(out, m->dst, depth + 1);
    out += " <- ";
    return expLine(out, m->src, depth + 1);
  }
  case StmKind::EXP: return expLine(out, tree::cast<tree::ExpStm>(s)->exp, depth + 1);
  }
}

} // namespace

std::string stmLine(const tree::Stm* s, const StringTable* strings) {
  Line out{"", strings};
  stmLineTo(out, s, 0);
  return out.text;
}

StringTable stringTable(const ir::Program& prog) {
  StringTable table;
  for (const ir::StringFrag& f : prog.strings)
    if (f.label) table.emplace(f.label, f.text);
  return table;
}

// ---- the graph ----

namespace {

// A block as drawn: its statements and, after scheduling, its trace (1, 2, ...).
struct Node {
  std::vector<T_stm> stms;
  int trace = 0;
};

enum class EdgeKind { Jump, True, False, Fall };
struct Edge {
  std::size_t from;
  std::string to; // a node id
  EdgeKind kind;
  bool fallThrough; // the target is the next block in the final order
};

// Two centred lines as a dot quoted string.
std::string dotCentred(const std::string& a, const std::string& b) {
  return dot::quote(a + "\n" + b);
}

const tree::Stm* last(const Node& n) {
  return n.stms.empty() ? nullptr : n.stms.back();
}

const tree::Label* leadingLabel(const Node& n) {
  return n.stms.empty() ? nullptr : tree::cast<tree::Label>(n.stms.front());
}

// Blocks after tracing: the scheduled list cut before every LABEL; the final
// `LABEL done` alone is the exit, not a block.
std::vector<Node> splitAtLabels(const std::vector<T_stm>& list, Temp_label done) {
  std::vector<Node> nodes;
  for (T_stm s : list) {
    if (nodes.empty() || (s && s->kind == StmKind::LABEL)) nodes.emplace_back();
    nodes.back().stms.push_back(s);
  }
  if (!nodes.empty() && nodes.back().stms.size() == 1) {
    const tree::Label* l = leadingLabel(nodes.back());
    if (l && l->label == done) nodes.pop_back();
  }
  return nodes;
}

// Does block i go on to block i + 1 (or to the exit when it is the last), the next
// block in the final order? Yes when it ends without a jump, with a CJUMP whose false
// label starts i + 1, or with a JUMP to that label (the book's layout keeps those).
bool goesOnToNext(const std::vector<Node>& nodes, std::size_t i, Temp_label done) {
  const tree::Stm* s = last(nodes[i]);
  Temp_label next = done;
  if (i + 1 < nodes.size()) {
    const tree::Label* l = leadingLabel(nodes[i + 1]);
    if (!l) return false;
    next = l->label;
  }
  if (auto* j = tree::cast<tree::Jump>(s))
    return j->jumps.size() == 1 && j->jumps[0] == next;
  if (auto* c = tree::cast<tree::Cjump>(s)) return c->f == next;
  return true;
}

// A trace is a maximal run of blocks each going on to the next.
void assignTraces(std::vector<Node>& nodes, Temp_label done) {
  int trace = 1;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    nodes[i].trace = trace;
    if (!goesOnToNext(nodes, i, done)) ++trace;
  }
}

// Light fills for the trace clusters, reused in turn.
const char* traceColor(int trace) {
  static const char* const colors[] = {"#e3ecfa", "#fbe7d6", "#e2f4e0",
                                       "#f6e1f0", "#fdf6cf", "#e0f3f5"};
  return colors[(trace - 1) % 6];
}

class CfgWriter {
public:
  CfgWriter(std::ostream& out, std::vector<Node> nodes, Temp_label done, bool scheduled,
            const StringTable* strings);
  void write(const std::string& funcName);

private:
  std::string nodeId(std::size_t i) const { return "B" + std::to_string(i); }
  std::string nextId(std::size_t i) const {
    return i + 1 < nodes_.size() ? nodeId(i + 1) : "done";
  }
  std::string target(Temp_label l);
  void collectEdges(std::size_t i);
  void writeNode(std::size_t i);
  void writeNodes();
  void writeEdge(const Edge& e);

  std::ostream& out_;
  std::vector<Node> nodes_;
  Temp_label done_;
  bool scheduled_;
  const StringTable* strings_;
  std::map<std::string, std::string> idOfLabel_; // label name -> node id (lookup only)
  std::vector<std::string> missing_;             // labels no block defines, in order met
  std::vector<Edge> edges_;
};

CfgWriter::CfgWriter(std::ostream& out, std::vector<Node> nodes, Temp_label done,
                     bool scheduled, const StringTable* strings)
    : out_(out), nodes_(std::move(nodes)), done_(done), scheduled_(scheduled),
      strings_(strings) {
  for (std::size_t i = 0; i < nodes_.size(); ++i)
    if (const tree::Label* l = leadingLabel(nodes_[i]))
      idOfLabel_.emplace(labelName(l->label), nodeId(i)); // the first definition wins
  idOfLabel_.emplace(labelName(done_), "done");
}

// The node a jump to `l` reaches; a label no block defines gets a node of its own.
std::string CfgWriter::target(Temp_label l) {
  std::string name = labelName(l);
  auto it = idOfLabel_.find(name);
  if (it != idOfLabel_.end()) return it->second;
  std::string id = "X" + std::to_string(missing_.size());
  missing_.push_back(name);
  idOfLabel_.emplace(name, id);
  return id;
}

// JUMP: an edge per target. CJUMP: a T and an F edge. No jump: on into the next block.
void CfgWriter::collectEdges(std::size_t i) {
  const tree::Stm* s = last(nodes_[i]);
  if (auto* j = tree::cast<tree::Jump>(s)) {
    for (Temp_label l : j->jumps)
      edges_.push_back({i, target(l), EdgeKind::Jump, false});
  } else if (auto* c = tree::cast<tree::Cjump>(s)) {
    edges_.push_back({i, target(c->t), EdgeKind::True, false});
    std::string f = target(c->f);
    edges_.push_back({i, f, EdgeKind::False, scheduled_ && f == nextId(i)});
  } else {
    edges_.push_back({i, nextId(i), EdgeKind::Fall, true});
  }
}

// A box: "#k" (its place in the final order) or "Bk", then a line per statement.
void CfgWriter::writeNode(std::size_t i) {
  std::vector<std::string> lines{scheduled_ ? "#" + std::to_string(i + 1) : nodeId(i)};
  for (T_stm s : nodes_[i].stms)
    lines.push_back(stmLine(s, strings_));
  out_ << (scheduled_ ? "    " : "  ") << nodeId(i) << " [label=" << dot::lines(lines)
       << "];\n";
}

// Before tracing, the blocks in order; after it, each trace's blocks in a cluster.
void CfgWriter::writeNodes() {
  for (std::size_t i = 0; i < nodes_.size(); ++i) {
    int trace = nodes_[i].trace;
    bool opens = scheduled_ && (i == 0 || nodes_[i - 1].trace != trace);
    bool closes = scheduled_ && (i + 1 == nodes_.size() || nodes_[i + 1].trace != trace);
    if (opens)
      out_ << "  subgraph cluster_trace" << trace << " {\n    label=\"trace " << trace
           << "\"; style=filled; color=\"#8899aa\"; fillcolor=\"" << traceColor(trace)
           << "\";\n";
    writeNode(i);
    if (closes) out_ << "  }\n";
  }
  out_ << "  done [shape=ellipse, label=" << dotCentred("done", labelName(done_))
       << "];\n";
  for (std::size_t k = 0; k < missing_.size(); ++k)
    out_ << "  X" << k
         << " [style=dashed, label=" << dotCentred(missing_[k], "(no block)") << "];\n";
}

void CfgWriter::writeEdge(const Edge& e) {
  out_ << "  " << nodeId(e.from) << " -> " << e.to;
  switch (e.kind) {
  case EdgeKind::Jump: break;
  case EdgeKind::True:
    out_ << " [label=\"T\", color=\"darkgreen\", fontcolor=\"darkgreen\"]";
    break;
  case EdgeKind::False:
    out_ << " [label=\"F\", color=\"red\", fontcolor=\"red\", style=\""
         << (e.fallThrough ? "dashed,bold" : "dashed") << "\"]";
    break;
  case EdgeKind::Fall: out_ << " [style=\"bold\"]"; break;
  }
  out_ << ";\n";
}

void CfgWriter::write(const std::string& funcName) {
  for (std::size_t i = 0; i < nodes_.size(); ++i)
    collectEdges(i);
  std::string title =
      funcName + (scheduled_ ? ": traces, in final order" : ": basic blocks");
  out_ << "digraph " << dot::quote(funcName) << " {\n"
       << "  graph [label=" << dot::quote(title)
       << ", labelloc=t, fontname=\"monospace\"];\n"
       << "  node [shape=box, style=filled, fillcolor=white, fontname=\"monospace\", "
          "fontsize=10];\n"
       << "  edge [fontname=\"monospace\", fontsize=10];\n";
  writeNodes();
  for (const Edge& e : edges_)
    writeEdge(e);
  out_ << "}\n";
}

} // namespace

void drawCfg(std::ostream& out, const std::string& funcName, const C_block& blocks,
             const std::vector<T_stm>* scheduled, const StringTable* strings) {
  std::vector<Node> nodes;
  if (scheduled) {
    nodes = splitAtLabels(*scheduled, blocks.label);
    assignTraces(nodes, blocks.label);
  } else {
    for (const auto& stms : blocks.stmLists)
      nodes.push_back(Node{stms, 0});
  }
  CfgWriter(out, std::move(nodes), blocks.label, scheduled != nullptr, strings)
      .write(funcName);
}

namespace {

// "cfg-dot: f_3: <message>" when a checker found a broken invariant.
std::optional<std::string> named(const std::string& func,
                                 std::optional<std::string> msg) {
  if (msg) return "cfg-dot: " + func + ": " + *msg;
  return std::nullopt;
}

std::optional<std::string> drawProc(std::ostream& out, const ir::ProcFrag& proc,
                                    Context& cx, bool scheduled,
                                    const StringTable& strings) {
  std::string func = proc.frame ? labelName(proc.frame->name()) : proc.sourceName;
  CanonSteps steps =
      canonProc(cx, proc, scheduled ? Step::Traces : Step::Blocks, Checks::all(true));
  if (auto msg = named(func, steps.problem)) return msg;
  drawCfg(out, func, steps.blocks, scheduled ? &steps.traces : nullptr, &strings);
  return std::nullopt;
}

} // namespace

std::optional<std::string> emitCfgDot(std::ostream& out, ir::Program& prog, Context& cx,
                                      bool scheduled) {
  StringTable strings = stringTable(prog);
  for (const ir::ProcFrag& proc : prog.procs)
    if (auto msg = drawProc(out, proc, cx, scheduled, strings)) return msg;
  return std::nullopt;
}

std::optional<std::string> emitScheduledDot(std::ostream& out, const ir::Program& prog) {
  StringTable strings = stringTable(prog);
  for (const ir::ProcFrag& proc : prog.procs) {
    std::string func = labelName(proc.frame->name());
    if (auto msg = named(func, checkTraces(proc.body))) return msg;
    C_block exit{{}, tree::cast<tree::Label>(proc.body.back())->label};
    drawCfg(out, func, exit, &proc.body, &strings);
  }
  return std::nullopt;
}

} // namespace tiger::canon
