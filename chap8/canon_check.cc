// canon_check.cc - the invariant checkers of chapter 8 (docs/canon.md,
// "Canonical trees", "Basic blocks", "Traces"). They run after each canon step in the tests and with
// `verify` in linearizeProgram / traceProgram.
//
//   checkCanonical  no SEQ, no ESEQ; every CALL is EXP(CALL ...) or MOVE(TEMP t, CALL
//   ...)
//                   (so no CALL is an argument of a CALL); a MOVE writes TEMP or MEM
//   checkBlocks     each block: one LABEL, first; one JUMP/CJUMP, last; nothing of the
//                   kind in between; block labels unique, none of them the done label
//   checkTraces     every CJUMP is followed by LABEL of its false target; every label is
//                   defined once and every jump target is defined; the list ends with
//                   a LABEL (done)
//
// Input: any statements, even broken ones (null pointers too). Output: nullopt, or the
// first violation, with its statement's index, the source line it came from when its
// position is known (`statement 3 (from line 12)`), the rule and the statement printed;
// canonicalViolations and traceViolations list every one (tigerc --from --verify shows
// each at its line). Expressions are walked with an explicit stack.
#include "chap8/canon_check.hh"

#include "chap8/basic_blocks.hh"

#include "chap7/ir/tree_print.hh"

#include <sstream>
#include <unordered_map>

namespace tiger::canon {

using tree::cast;

namespace {

using Problem = std::optional<std::string>;

// A newline and the statement printed by tree::printStm, indented: how a checker's
// message ends.
std::string printed(const tree::Stm* s) {
  std::ostringstream out;
  out << "\n";
  tree::printStm(out, s, 2);
  return out.str();
}

// Where statement s is: `where`, and the source line s came from when it is known.
std::string located(const std::string& where, const tree::Stm* s) {
  if (!s || !s->pos().known()) return where;
  return where + " (from line " + std::to_string(s->pos().line) + ")";
}

// The violations found so far, at most `most` of them.
class Found {
public:
  explicit Found(std::size_t most) : most_(most) {}
  bool full() const { return list_.size() >= most_; }
  void add(std::size_t stm, std::string rule, std::string shown) {
    if (!full()) list_.push_back(Violation{0, stm, std::move(rule), std::move(shown)});
  }
  std::vector<Violation> take() { return std::move(list_); }

private:
  std::size_t most_;
  std::vector<Violation> list_;
};

// A checker's message: the first violation's rule and statement.
std::optional<std::string> first(const std::vector<Violation>& found) {
  if (found.empty()) return std::nullopt;
  return found.front().rule + found.front().shown;
}

} // namespace

std::string violation(const std::string& checker, const std::string& where,
                      const std::string& rule, const tree::Stm* s) {
  return checker + ": " + located(where, s) + ": " + rule + printed(s);
}

namespace {

// The first ESEQ, CALL or null pointer in e (e itself included), as a rule broken.
// Left operands first: it recurses on them (on expression depth, as C_linearize does)
// and walks down right operands and addresses in a loop, with no list allocated.
Problem badExp(const tree::Exp* e) {
  while (true) {
    if (!e) return "a null expression";
    switch (e->kind) {
    case tree::ExpKind::ESEQ:
      return "an ESEQ is left (C_linearize must remove every ESEQ)";
    case tree::ExpKind::CALL:
      return "a CALL must be the whole of EXP(CALL ...) or the source of MOVE(TEMP t, "
             "CALL ...)";
    case tree::ExpKind::BINOP:
      if (Problem p = badExp(cast<tree::Binop>(e)->left)) return p;
      e = cast<tree::Binop>(e)->right;
      break;
    case tree::ExpKind::MEM: e = cast<tree::Mem>(e)->addr; break;
    case tree::ExpKind::TEMP:
    case tree::ExpKind::NAME:
    case tree::ExpKind::CONST: return std::nullopt;
    }
  }
}

// A CALL allowed where it is: its function and arguments must be clean.
Problem badCall(const tree::Call* c) {
  if (Problem p = badExp(c->fun)) return p;
  for (const tree::Exp* a : c->args)
    if (Problem p = badExp(a)) return p;
  return std::nullopt;
}

Problem badMove(const tree::Move* m) {
  if (auto* mem = cast<tree::Mem>(m->dst)) {
    if (Problem p = badExp(mem->addr)) return p;
    return badExp(m->src);
  }
  if (!cast<tree::Temp>(m->dst)) return "a MOVE must write TEMP t or MEM(e)";
  if (auto* c = cast<tree::Call>(m->src)) return badCall(c);
  return badExp(m->src);
}

Problem badCanonical(const tree::Stm* s) {
  if (!s) return "a null statement";
  switch (s->kind) {
  case tree::StmKind::SEQ:
    return "a SEQ is left (C_linearize must flatten SEQ into the list)";
  case tree::StmKind::LABEL: return std::nullopt;
  case tree::StmKind::JUMP: return badExp(cast<tree::Jump>(s)->exp);
  case tree::StmKind::CJUMP: {
    auto* c = cast<tree::Cjump>(s);
    if (Problem p = badExp(c->left)) return p;
    return badExp(c->right);
  }
  case tree::StmKind::MOVE: return badMove(cast<tree::Move>(s));
  case tree::StmKind::EXP: {
    auto* x = cast<tree::ExpStm>(s);
    if (auto* c = cast<tree::Call>(x->exp)) return badCall(c);
    return badExp(x->exp);
  }
  }
  return std::nullopt;
}

std::string where(std::size_t i) {
  return "statement " + std::to_string(i);
}
std::string where(std::size_t block, std::size_t i) {
  return "block " + std::to_string(block) + ", statement " + std::to_string(i);
}

Problem badBlockShape(const std::vector<T_stm>& block, std::size_t k) {
  const char* check = "checkBlocks";
  if (block.empty())
    return "checkBlocks: block " + std::to_string(k) + ": a block is never empty\n";
  if (!cast<tree::Label>(block.front()))
    return violation(check, where(k, 0), "a block must start with a LABEL",
                     block.front());
  if (!isJump(block.back()))
    return violation(check, where(k, block.size() - 1),
                     "a block must end with JUMP or CJUMP", block.back());
  for (std::size_t i = 1; i + 1 < block.size(); ++i)
    if (!block[i] || isJump(block[i]) || cast<tree::Label>(block[i]))
      return violation(check, where(k, i),
                       "no LABEL, JUMP or CJUMP inside a block (nor a null statement)",
                       block[i]);
  return std::nullopt;
}

// The labels a jump may go to.
std::vector<Temp_label> targets(const tree::Stm* s) {
  if (auto* c = cast<tree::Cjump>(s)) return {c->t, c->f};
  if (auto* j = cast<tree::Jump>(s)) {
    std::vector<Temp_label> out(j->jumps.begin(), j->jumps.end());
    if (auto* n = cast<tree::Name>(j->exp)) out.push_back(n->label);
    return out;
  }
  return {};
}

std::string labelText(Temp_label l) {
  return l ? l.str() : "(null label)";
}

// Every LABEL once: the index of each, by label name (looked up, never iterated); a
// second definition is found broken.
void collectLabels(const std::vector<T_stm>& stms,
                   std::unordered_map<Temp_label, std::size_t>& defined, Found& found) {
  for (std::size_t i = 0; i < stms.size() && !found.full(); ++i) {
    auto* l = cast<tree::Label>(stms[i]);
    if (!l) continue;
    auto [it, fresh] = defined.emplace(l->label, i);
    if (!fresh)
      found.add(i,
                "checkTraces: " + located(where(i), l) + ": label " +
                    labelText(l->label) + " is already defined at statement " +
                    std::to_string(it->second),
                printed(stms[i]));
  }
}

// The rule statement i of a trace breaks: a jump to a label no LABEL defines, or a
// CJUMP not followed by its false label.
Problem badTraceJump(const std::vector<T_stm>& stms, std::size_t i,
                     const std::unordered_map<Temp_label, std::size_t>& defined) {
  for (Temp_label l : targets(stms[i]))
    if (!l || !defined.count(l))
      return "jump target " + labelText(l) + " is not defined by any LABEL";
  auto* c = cast<tree::Cjump>(stms[i]);
  if (!c) return std::nullopt;
  auto* next = i + 1 < stms.size() ? cast<tree::Label>(stms[i + 1]) : nullptr;
  if (next && next->label == c->f) return std::nullopt;
  return "a CJUMP must be followed by its false label " + labelText(c->f) +
         (next ? ", not by LABEL " + labelText(next->label)
               : ", but the next statement is not a LABEL");
}

} // namespace

bool isCanonical(const std::vector<T_stm>& stms) {
  for (const tree::Stm* s : stms)
    if (badCanonical(s)) return false;
  return true;
}

// A SEQ left in the list may be a whole function body: only its first statement is
// printed (printing a chain of n SEQs takes n^2 characters of indentation).
std::vector<Violation> canonicalViolations(const std::vector<T_stm>& stms,
                                           std::size_t most) {
  Found found(most);
  for (std::size_t i = 0; i < stms.size() && !found.full(); ++i) {
    Problem p = badCanonical(stms[i]);
    if (!p) continue;
    const tree::Stm* shown = stms[i];
    while (auto* q = cast<tree::Seq>(shown))
      shown = q->left;
    std::string lead = shown != stms[i] ? "; its first statement is" : "";
    found.add(i, "checkCanonical: " + located(where(i), shown) + ": " + *p,
              lead + printed(shown));
  }
  return found.take();
}

std::optional<std::string> checkCanonical(const std::vector<T_stm>& stms) {
  return first(canonicalViolations(stms, 1));
}

std::optional<std::string> checkBlocks(const C_block& b) {
  if (!b.label) return "checkBlocks: the C_block has no done label\n";
  std::unordered_map<Temp_label, std::size_t> first; // looked up, never iterated
  for (std::size_t k = 0; k < b.stmLists.size(); ++k) {
    const std::vector<T_stm>& block = b.stmLists[k];
    if (Problem p = badBlockShape(block, k)) return p;
    Temp_label l = blockLabel(block);
    if (l == b.label)
      return violation("checkBlocks", where(k, 0),
                       "a block must not define the done label", block.front());
    auto [it, fresh] = first.emplace(l, k);
    if (!fresh)
      return violation("checkBlocks", where(k, 0),
                       "label " + labelText(l) + " already starts block " +
                           std::to_string(it->second),
                       block.front());
  }
  return std::nullopt;
}

// A list that does not end with a LABEL is broken at its last statement.
std::vector<Violation> traceViolations(const std::vector<T_stm>& stms, std::size_t most) {
  Found found(most);
  if (stms.empty() || !cast<tree::Label>(stms.back()))
    found.add(stms.empty() ? kWholeList : stms.size() - 1,
              "checkTraces: the list must end with LABEL done (C_traceSchedule adds it)",
              "\n");
  std::unordered_map<Temp_label, std::size_t> defined;
  collectLabels(stms, defined, found);
  for (std::size_t i = 0; i < stms.size() && !found.full(); ++i)
    if (Problem p = badTraceJump(stms, i, defined))
      found.add(i, "checkTraces: " + located(where(i), stms[i]) + ": " + *p,
                printed(stms[i]));
  return found.take();
}

std::optional<std::string> checkTraces(const std::vector<T_stm>& stms) {
  return first(traceViolations(stms, 1));
}

} // namespace tiger::canon
