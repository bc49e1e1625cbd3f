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
// With `locations`, each statement but SEQ whose position is known is preceded by a
// line `# L:C` (its source line and column), indented as the statement is:
//
//   # 12:5
//   MOVE(
//    TEMP t100,
//    CONST 1)
//
// tree_read.cc reads it back as that statement's position. Without it the output is
// printtree.c's alone.
//
// With a dialect other than tigerc's (dialect.hh, docs/judge.md) the same trees print
// in another course's words: its operators' names (MUL, DIV), its negatives (~5), its
// names of fp, rv, the main program and the runtime functions; tree_read.cc reads that
// back with the same dialect.
//
// Input: any tree (after Translate or canon). Output: the text above, deterministic.
// A long SEQ right spine (SEQ(s1, SEQ(s2, ... sn))) is printed by a loop, so 10^6
// statements in one SEQ chain do not overflow the stack; other nesting recurses.
// Indentation stops growing at kMaxIndent levels (as ptoext's MLIR printer does), so a
// program nested thousands deep prints in space linear in its size.
#include "chap7/ir/tree_print.hh"

#include <algorithm>
#include <charconv>
#include <concepts>
#include <cstring>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>

namespace tiger::tree {
namespace {

constexpr int kMaxIndent = 40;

// The text of a dump on its way to `dest`. std::ostream's << costs a sentry and a
// virtual call per piece, and a dump is millions of short pieces: they are copied into
// a 64 KiB block written out when full (a 10^6-line program's traces print ~2x faster;
// a plain array, not a std::string, whose append checks and terminates each piece).
class Text {
public:
  Text(std::ostream& dest, bool withLocations, const Dialect* d = nullptr,
       const std::vector<std::string>* names = nullptr)
      : locations(withLocations), dialect(d), tempNames(names), dest_(dest),
        buf_(new char[kBlock]) {}
  Text(const Text&) = delete;
  Text& operator=(const Text&) = delete;
  ~Text() { flush(); }
  Text& operator<<(std::string_view piece) {
    if (piece.size() > kBlock - used_) {
      flush();
      if (piece.size() > kBlock)
        return dest_.write(piece.data(), static_cast<std::streamsize>(piece.size())),
               *this;
    }
    std::memcpy(buf_.get() + used_, piece.data(), piece.size());
    used_ += piece.size();
    return *this;
  }
  Text& operator<<(char c) {
    if (used_ == kBlock) flush();
    buf_[used_++] = c;
    return *this;
  }
  Text& operator<<(std::integral auto v) { // no std::string per number
    char digits[24]; // (pointer, length): emscripten's libc++ has no (first, last)
    const char* end = std::to_chars(digits, digits + 24, v).ptr;
    return *this << std::string_view(digits, static_cast<std::size_t>(end - digits));
  }
  Text& operator<<(Temp_label l) { // no std::string per label either
    char text[16];
    return *this << l.text(text);
  }
  void spaces(int n) { // n <= kMaxIndent
    static constexpr std::string_view kSpaces =
        "                                        ";
    static_assert(kSpaces.size() == kMaxIndent);
    *this << kSpaces.substr(0, static_cast<std::size_t>(n));
  }
  const bool locations;   // print `# L:C` before each statement with a known position
  const Dialect* dialect; // null: tigerc's own words
  const std::vector<std::string>* tempNames; // a dump's own names of its temps, or null

private:
  static constexpr std::size_t kBlock = 1 << 16;
  void flush() {
    dest_.write(buf_.get(), static_cast<std::streamsize>(used_));
    used_ = 0;
  }
  std::ostream& dest_;
  std::unique_ptr<char[]> buf_;
  std::size_t used_ = 0;
};

void writeStm(Text& out, const Stm* s, int d);
void writeExp(Text& out, const Exp* e, int d);

void writeTemp(Text& out, Temp_temp t) {
  if (out.dialect && t.num == Temp_temp::kFp)
    out << out.dialect->fp;
  else if (out.dialect && t.num == Temp_temp::kRv)
    out << out.dialect->rv;
  else if (out.tempNames && static_cast<std::size_t>(t.num) < out.tempNames->size() &&
           !(*out.tempNames)[t.num].empty())
    out << (*out.tempNames)[t.num];
  else if (t.num == Temp_temp::kFp || t.num == Temp_temp::kRv)
    out << TempFactory::tempName(t);
  else
    out << 't' << t.num; // tempName's spelling, without a string per temp
}

void writeConst(Text& out, std::int64_t v) {
  if (v < 0 && out.dialect && out.dialect->tildeNegatives) {
    char digits[24];
    char* end = std::to_chars(digits, digits + 24, v).ptr;
    digits[0] = '~';
    out << std::string_view(digits, static_cast<std::size_t>(end - digits));
  } else {
    out << v;
  }
}

void indent(Text& out, int d) {
  out.spaces(std::min(d, kMaxIndent));
}

// Tiger's escapes, so the text reads back as the literal it came from.
void printQuoted(Text& out, const std::string& text) {
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
      out << static_cast<char>(c);
  }
  out << '"';
}

// Are formal k at fp + word * k when in the frame, and the frame's top at fp + word *
// (the number of formals)? (Translate's layout; another course's may differ.)
bool tigercLayout(const frame::Frame& fr, int word) {
  const auto& formals = fr.formals();
  for (std::size_t k = 0; k < formals.size(); ++k)
    if (formals[k].kind == frame::Access::Kind::InFrame &&
        formals[k].offset != word * static_cast<int>(k))
      return false;
  return fr.highOffset() == word * static_cast<int>(formals.size());
}

// "# formals: fp+0, t101; frame: 16 bytes" - where each formal lives, and the span of
// the frame [fp + lowOffset, fp + highOffset). A frame of another layout prints the
// bytes of its locals instead, "locals: 8 bytes": its top is above its highest formal.
void printFrame(Text& out, const frame::Frame& fr, int word) {
  out << "# formals:";
  const char* sep = " ";
  for (const frame::Access& a : fr.formals()) {
    out << sep;
    if (a.kind == frame::Access::Kind::InFrame)
      out << (a.offset < 0 ? "fp" : "fp+") << a.offset;
    else
      writeTemp(out, a.temp);
    sep = ", ";
  }
  if (fr.formals().empty()) out << " none";
  if (tigercLayout(fr, word))
    out << "; frame: " << fr.highOffset() - fr.lowOffset() << " bytes\n";
  else
    out << "; locals: " << -fr.lowOffset() << " bytes\n";
}

// Any statement but SEQ, at depth d (indent already printed).
void printNonSeq(Text& out, const Stm* s, int d) {
  switch (s->kind) {
  case StmKind::SEQ: break; // printStm's loop handles SEQ
  case StmKind::LABEL: out << "LABEL " << cast<Label>(s)->label; break;
  case StmKind::JUMP:
    out << "JUMP(\n";
    writeExp(out, cast<Jump>(s)->exp, d + 1);
    out << ")";
    break;
  case StmKind::CJUMP: {
    auto* c = cast<Cjump>(s);
    out << "CJUMP(" << name(c->op) << ",\n";
    writeExp(out, c->left, d + 1);
    out << ",\n";
    writeExp(out, c->right, d + 1);
    out << ",\n";
    indent(out, d + 1);
    out << c->t << "," << c->f << ")";
    break;
  }
  case StmKind::MOVE:
    out << "MOVE(\n";
    writeExp(out, cast<Move>(s)->dst, d + 1);
    out << ",\n";
    writeExp(out, cast<Move>(s)->src, d + 1);
    out << ")";
    break;
  case StmKind::EXP:
    out << "EXP(\n";
    writeExp(out, cast<ExpStm>(s)->exp, d + 1);
    out << ")";
    break;
  }
}

// SEQ(a, SEQ(b, c)) prints as if recursing on the right child, but with a loop.
void writeStm(Text& out, const Stm* s, int d) {
  int open = 0;
  for (auto* q = cast<Seq>(s); q; q = cast<Seq>(s)) {
    indent(out, d);
    out << "SEQ(\n";
    writeStm(out, q->left, d + 1);
    out << ",\n";
    s = q->right;
    ++d;
    ++open;
  }
  indent(out, d);
  if (s && out.locations && s->pos().known()) {
    out << "# " << s->pos().line << ':' << s->pos().col << '\n';
    indent(out, d);
  }
  if (s)
    printNonSeq(out, s, d);
  else
    out << "(null)"; // a half-built tree is printed, not crashed on
  for (; open > 0; --open)
    out << ")";
}

void writeExp(Text& out, const Exp* e, int d) {
  indent(out, d);
  if (!e) {
    out << "(null)";
    return;
  }
  switch (e->kind) {
  case ExpKind::BINOP: {
    auto* b = cast<Binop>(e);
    if (out.dialect)
      out << "BINOP(" << out.dialect->binopName(b->op) << ",\n";
    else
      out << "BINOP(" << name(b->op) << ",\n";
    writeExp(out, b->left, d + 1);
    out << ",\n";
    writeExp(out, b->right, d + 1);
    out << ")";
    break;
  }
  case ExpKind::MEM:
    out << "MEM(\n";
    writeExp(out, cast<Mem>(e)->addr, d + 1);
    out << ")";
    break;
  case ExpKind::TEMP:
    out << (out.dialect ? out.dialect->tempWord : "TEMP") << ' ';
    writeTemp(out, cast<Temp>(e)->temp);
    break;
  case ExpKind::ESEQ:
    out << "ESEQ(\n";
    writeStm(out, cast<Eseq>(e)->stm, d + 1);
    out << ",\n";
    writeExp(out, cast<Eseq>(e)->exp, d + 1);
    out << ")";
    break;
  case ExpKind::NAME: out << "NAME " << cast<Name>(e)->label; break;
  case ExpKind::CONST:
    out << "CONST ";
    writeConst(out, cast<Const>(e)->value);
    break;
  case ExpKind::CALL: {
    auto* c = cast<Call>(e);
    out << "CALL(\n";
    if (auto* f = cast<Name>(c->fun); f && out.dialect) { // the course's runtime names
      indent(out, d + 1);
      out << "NAME " << out.dialect->courseRuntimeName(f->label.str());
    } else {
      writeExp(out, c->fun, d + 1);
    }
    for (const Exp* a : c->args) {
      out << ",\n";
      writeExp(out, a, d + 1);
    }
    out << ")";
    break;
  }
  }
}

void writeStmList(Text& out, const std::vector<T_stm>& stms) {
  for (const Stm* s : stms) {
    writeStm(out, s, 0);
    out << '\n';
  }
}

} // namespace

void printStm(std::ostream& out, const Stm* s, int depth) {
  Text text(out, false);
  writeStm(text, s, depth);
}

void printExp(std::ostream& out, const Exp* e, int depth) {
  Text text(out, false);
  writeExp(text, e, depth);
}

void printStmList(std::ostream& out, const std::vector<T_stm>& stms, bool locations) {
  Text text(out, locations);
  writeStmList(text, stms);
}

// PROC <label>
// # formals: ...; frame: N bytes
// <body statements>
// <blank line>
// ... then STRING <label> "<text>" per string fragment.
void printProgram(std::ostream& dest, const ir::Program& prog, bool locations,
                  const Dialect* dialect) {
  bool course = dialect && !dialect->isTigerc();
  Text out(dest, locations, course ? dialect : nullptr,
           course ? &prog.tempNames : nullptr);
  for (const ir::ProcFrag& proc : prog.procs) {
    std::string name = proc.frame ? proc.frame->name().str() : proc.sourceName;
    if (out.dialect && &proc == &prog.procs.front()) name = out.dialect->mainLabel;
    out << "PROC " << name << "\n";
    if (proc.frame) printFrame(out, *proc.frame, prog.wordSize);
    writeStmList(out, proc.body);
    out << "\n";
  }
  for (const ir::StringFrag& s : prog.strings) {
    out << "STRING " << s.label << " ";
    printQuoted(out, s.text);
    out << "\n";
  }
}

} // namespace tiger::tree
