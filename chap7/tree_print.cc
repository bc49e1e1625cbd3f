// tree_print.cc - prints IR trees in the format of Appel's printtree.c (pr_stm,
// pr_tree_exp, printStmList); see tree_print.hh.
//
// A node at depth d is preceded by d spaces; a node's children are at depth d+1
// (CALL's arguments too), separated by ",\n", and the node closes with ")":
//
//   SEQ(            CJUMP(LT,          CALL(
//    LABEL L0,       TEMP t100,         NAME L2,
//    JUMP(           CONST 0,           TEMP fp,
//     NAME L0))      L1,L2)             CONST 1)
//
// Input: any tree (after Translate or canon). Output: the text above, deterministic.
// A long SEQ right spine (SEQ(s1, SEQ(s2, ... sn))) is printed by a loop, so 10^6
// statements in one SEQ chain do not overflow the stack; other nesting recurses.
// Indentation stops growing at kMaxIndent levels (as ptoext's MLIR printer does), so a
// program nested thousands deep prints in space linear in its size.
#include "chap7/tree_print.hh"

#include <algorithm>
#include <ostream>
#include <string_view>

namespace tiger::tree {
namespace {

constexpr int kMaxIndent = 40;

void indent(std::ostream& out, int d) {
  static constexpr std::string_view kSpaces = "                                ";
  d = std::min(d, kMaxIndent);
  for (; d > 0; d -= static_cast<int>(kSpaces.size()))
    out << kSpaces.substr(0, std::min<std::size_t>(d, kSpaces.size()));
}

// Tiger's escapes, so the text reads back as the literal it came from.
void printQuoted(std::ostream& out, const std::string& text) {
  out << '"';
  for (unsigned char c : text) {
    if (c == '"')
      out << "\\\"";
    else if (c == '\\')
      out << "\\\\";
    else if (c == '\n')
      out << "\\n";
    else if (c == '\t')
      out << "\\t";
    else if (c < 32 || c >= 127) {
      out << '\\' << static_cast<char>('0' + c / 100)
          << static_cast<char>('0' + c / 10 % 10) << static_cast<char>('0' + c % 10);
    } else
      out << c;
  }
  out << '"';
}

// "# formals: fp+0, t101; frame: 16 bytes" - where each formal lives, and the span of
// the frame [fp + lowOffset, fp + highOffset).
void printFrame(std::ostream& out, const frame::Frame& fr) {
  out << "# formals:";
  const char* sep = " ";
  for (const frame::Access& a : fr.formals()) {
    out << sep;
    if (a.kind == frame::Access::Kind::InFrame)
      out << "fp+" << a.offset;
    else
      out << TempFactory::tempName(a.temp);
    sep = ", ";
  }
  if (fr.formals().empty()) out << " none";
  out << "; frame: " << fr.highOffset() - fr.lowOffset() << " bytes\n";
}

// Any statement but SEQ, at depth d (indent already printed).
void printNonSeq(std::ostream& out, const Stm* s, int d) {
  switch (s->kind) {
  case StmKind::SEQ: break; // printStm's loop handles SEQ
  case StmKind::LABEL: out << "LABEL " << cast<Label>(s)->label.str(); break;
  case StmKind::JUMP:
    out << "JUMP(\n";
    printExp(out, cast<Jump>(s)->exp, d + 1);
    out << ")";
    break;
  case StmKind::CJUMP: {
    auto* c = cast<Cjump>(s);
    out << "CJUMP(" << name(c->op) << ",\n";
    printExp(out, c->left, d + 1);
    out << ",\n";
    printExp(out, c->right, d + 1);
    out << ",\n";
    indent(out, d + 1);
    out << c->t.str() << "," << c->f.str() << ")";
    break;
  }
  case StmKind::MOVE:
    out << "MOVE(\n";
    printExp(out, cast<Move>(s)->dst, d + 1);
    out << ",\n";
    printExp(out, cast<Move>(s)->src, d + 1);
    out << ")";
    break;
  case StmKind::EXP:
    out << "EXP(\n";
    printExp(out, cast<ExpStm>(s)->exp, d + 1);
    out << ")";
    break;
  }
}

} // namespace

// SEQ(a, SEQ(b, c)) prints as if recursing on the right child, but with a loop.
void printStm(std::ostream& out, const Stm* s, int d) {
  int open = 0;
  for (auto* q = cast<Seq>(s); q; q = cast<Seq>(s)) {
    indent(out, d);
    out << "SEQ(\n";
    printStm(out, q->left, d + 1);
    out << ",\n";
    s = q->right;
    ++d;
    ++open;
  }
  indent(out, d);
  if (s)
    printNonSeq(out, s, d);
  else
    out << "(null)"; // a half-built tree is printed, not crashed on
  for (; open > 0; --open)
    out << ")";
}

void printExp(std::ostream& out, const Exp* e, int d) {
  indent(out, d);
  if (!e) {
    out << "(null)";
    return;
  }
  switch (e->kind) {
  case ExpKind::BINOP: {
    auto* b = cast<Binop>(e);
    out << "BINOP(" << name(b->op) << ",\n";
    printExp(out, b->left, d + 1);
    out << ",\n";
    printExp(out, b->right, d + 1);
    out << ")";
    break;
  }
  case ExpKind::MEM:
    out << "MEM(\n";
    printExp(out, cast<Mem>(e)->addr, d + 1);
    out << ")";
    break;
  case ExpKind::TEMP: out << "TEMP " << TempFactory::tempName(cast<Temp>(e)->temp); break;
  case ExpKind::ESEQ:
    out << "ESEQ(\n";
    printStm(out, cast<Eseq>(e)->stm, d + 1);
    out << ",\n";
    printExp(out, cast<Eseq>(e)->exp, d + 1);
    out << ")";
    break;
  case ExpKind::NAME: out << "NAME " << cast<Name>(e)->label.str(); break;
  case ExpKind::CONST: out << "CONST " << cast<Const>(e)->value; break;
  case ExpKind::CALL: {
    auto* c = cast<Call>(e);
    out << "CALL(\n";
    printExp(out, c->fun, d + 1);
    for (const Exp* a : c->args) {
      out << ",\n";
      printExp(out, a, d + 1);
    }
    out << ")";
    break;
  }
  }
}

void printStmList(std::ostream& out, const std::vector<T_stm>& stms) {
  for (const Stm* s : stms) {
    printStm(out, s, 0);
    out << "\n";
  }
}

// PROC <label>
// # formals: ...; frame: N bytes
// <body statements>
// <blank line>
// ... then STRING <label> "<text>" per string fragment.
void printProgram(std::ostream& out, const ir::Program& prog) {
  for (const ir::ProcFrag& proc : prog.procs) {
    out << "PROC " << (proc.frame ? proc.frame->name().str() : proc.sourceName) << "\n";
    if (proc.frame) printFrame(out, *proc.frame);
    printStmList(out, proc.body);
    out << "\n";
  }
  for (const ir::StringFrag& s : prog.strings) {
    out << "STRING " << s.label.str() << " ";
    printQuoted(out, s.text);
    out << "\n";
  }
}

} // namespace tiger::tree
