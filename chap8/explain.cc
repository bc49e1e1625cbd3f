// explain.cc - the text of `--explain=canon`; see explain.hh.
//
// Input: a node pattern and what reorder did with each of its slots.
// Output: the book's rule, instantiated with the node's slot names, e.g. for
// BINOP(op, $0, $1) with slot 1 lifted and slot 0 saved in t103:
//
//   canon: BINOP(op, e1, ESEQ(s, e2)) with commute(e1, s) false: save e1 in t103
//          => ESEQ(MOVE(TEMP t103, e1), ESEQ(s, BINOP(op, TEMP t103, e2)))
#include "chap8/explain.hh"

#include "chap7/ir/tree_dot.hh"
#include "chap7/ir/tree_print.hh"

#include <cctype>
#include <ostream>
#include <sstream>

namespace tiger::canon::explain {
namespace {

// The pattern's form with each "$k" replaced by args[k].
std::string fill(const Pattern& p, const std::vector<std::string>& args) {
  std::string out;
  for (std::size_t i = 0; i < p.form.size(); ++i) {
    if (p.form[i] != '$' || i + 1 == p.form.size() ||
        !std::isdigit(static_cast<unsigned char>(p.form[i + 1]))) {
      out += p.form[i];
      continue;
    }
    std::size_t k = 0;
    while (i + 1 < p.form.size() &&
           std::isdigit(static_cast<unsigned char>(p.form[i + 1])))
      k = k * 10 + static_cast<std::size_t>(p.form[++i] - '0');
    out += k < args.size() ? args[k] : "?";
  }
  return out;
}

std::string wrap(const Pattern& p, const std::string& s, const std::string& rest) {
  return (p.stm ? "SEQ(" : "ESEQ(") + s + ", " + rest + ")";
}

// The rule for the ESEQ lifted out of slot i, past the slots `before` (those to its
// left whose commute decision it caused).
std::string ruleLine(const Pattern& p, const std::vector<SlotNote>& notes, std::size_t i,
                     const std::vector<std::size_t>& before) {
  std::vector<std::string> lhs = p.slots, rhs = p.slots, moves;
  lhs[i] = "ESEQ(s, " + p.slots[i] + ")";
  std::string line = "canon: " + fill(p, lhs);
  const char* sep = " with ";
  for (std::size_t j : before) {
    const std::string& e = p.slots[j];
    line += sep + ("commute(" + e + ", s) ");
    sep = "; ";
    if (!notes[j].saved) {
      line += "true";
      continue;
    }
    std::string t = TempFactory::tempName(notes[j].temp);
    line += "false: save " + e + " in " + t;
    rhs[j] = "TEMP " + t;
    moves.push_back("MOVE(TEMP " + t + ", " + e + ")");
  }
  std::string result = wrap(p, "s", fill(p, rhs));
  for (auto m = moves.rbegin(); m != moves.rend(); ++m)
    result = wrap(p, *m, result);
  return line + "\n       => " + result + "\n";
}

} // namespace

Pattern callPattern(std::size_t args, const std::string& outer, bool stm) {
  Pattern p{"CALL($0", {"f"}, stm};
  for (std::size_t k = 1; k <= args; ++k) {
    p.form += ", $" + std::to_string(k);
    p.slots.push_back("e" + std::to_string(k));
  }
  p.form += ")";
  std::size_t hole = outer.find('%');
  if (hole != std::string::npos)
    p.form = outer.substr(0, hole) + p.form + outer.substr(hole + 1);
  return p;
}

// Each decided slot is credited to the first lifted slot on its right: that ESEQ's
// statements are the `s` it had to commute with.
std::string reorderRules(const Pattern& p, const std::vector<SlotNote>& notes) {
  std::string out;
  std::vector<std::size_t> waiting;
  for (std::size_t i = 0; i < notes.size() && i < p.slots.size(); ++i) {
    if (notes[i].lifted) {
      out += ruleLine(p, notes, i, waiting);
      waiting.clear();
    }
    if (notes[i].decided) waiting.push_back(i);
  }
  return out;
}

namespace {

// The stream's slot that holds drawTrees' choice (0, its initial value: printed).
int drawnSlot() {
  static const int slot = std::ios_base::xalloc();
  return slot;
}

void printIndented(std::ostream& out, const tree::Stm* s) {
  tree::printStm(out, s, 2);
}
void printIndented(std::ostream& out, const tree::Exp* e) {
  tree::printExp(out, e, 2);
}

void draw(std::ostream& out, const tree::Stm* s, const std::string& title) {
  tree::drawStm(out, s, title, tree::Look::Rewrite);
}
void draw(std::ostream& out, const tree::Exp* e, const std::string& title) {
  tree::drawExp(out, e, title, tree::Look::Rewrite);
}

// The digraph of `node` titled `title`, each of its lines indented by two spaces.
template <class Node>
void drawIndented(std::ostream& out, const Node* node, const std::string& title) {
  std::ostringstream text;
  draw(text, node, title);
  std::istringstream lines(text.str());
  for (std::string line; std::getline(lines, line);)
    out << "  " << line << "\n";
}

template <class Node>
void logTrees(std::ostream& out, const std::string& rule, const Node* before,
              const Node* after) {
  out << rule << "  before:\n";
  if (out.iword(drawnSlot())) {
    drawIndented(out, before, "before");
    out << "  after:\n";
    return drawIndented(out, after, "after");
  }
  printIndented(out, before);
  out << "\n  after:\n";
  printIndented(out, after);
  out << "\n";
}

} // namespace

void log(std::ostream& out, const std::string& rule, const tree::Stm* before,
         const tree::Stm* after) {
  logTrees(out, rule, before, after);
}

void log(std::ostream& out, const std::string& rule, const tree::Exp* before,
         const tree::Exp* after) {
  logTrees(out, rule, before, after);
}

void note(std::ostream& out, const std::string& text) {
  out << "canon: " << text << "\n";
}

void drawTrees(std::ostream& out, bool drawn) {
  out.iword(drawnSlot()) = drawn;
}

} // namespace tiger::canon::explain
