// tree_read.cc - reads the printtree format back into an ir::Program; see tree_read.hh
// for what is checked and chap7/README.md for the grammar.
//
// Two parts. A scanner cuts the text into tokens (names, integers, string literals,
// punctuation, and the `# formals:` header; any other `#` starts a comment, and a
// comment `# L:C` is noted on the token after it as a source position). A
// recursive-descent reader builds the trees in the program's arena, one function per
// rule of the grammar; it stops at the first syntax error. While it reads it notes
// every label, call, NAME value and temp with its location; `resolve` then checks them
// all and reports every problem it finds, not only the first. A statement (but SEQ)
// whose first token follows a `# L:C` comment has that position, and so has every node
// read with it that no nearer comment claims (as tree_print.cc writes them); a
// statement without one has none.
#include "chap7/ir/tree_read.hh"

#include "base/dump_read.hh"
#include "chap7/ir/runtime.hh"

#include <algorithm>
#include <charconv>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

namespace tiger::tree {
namespace {

// ---- scanner ----

enum class Tok {
  Name,
  Int,
  String,
  LParen,
  RParen,
  Comma,
  Semi,
  Colon,
  Plus,
  Formals,
  End
};

struct Token {
  Tok kind = Tok::End;
  std::string_view text; // the token as written (a string literal: with its quotes)
  Loc loc;
  std::int64_t value = 0; // Int
  std::string str;        // String, unescaped
  SrcPos mark;            // the position a `# L:C` comment right before it names
};

class Scanner {
public:
  Scanner(const std::string& text, const Dialect& d)
      : text_(text), tilde_(d.tildeNegatives), percent_(!d.isTigerc()) {}
  Token next();
  Pos pos() const { return pos_; }

private:
  char peek(std::size_t ahead = 0) const {
    return i_ + ahead < text_.size() ? text_[i_ + ahead] : '\0';
  }
  void advance();
  void skipSpaceAndComments(); // stops at "# formals:"
  bool atFormals() const;
  Token number(Token t);
  Token string(Token t);
  [[noreturn]] void fail(Pos at, const std::string& message) {
    throw ReadError{Loc{at, at}, message};
  }

  bool isNameChar(char c) const;

  const std::string& text_;
  const bool tilde_;   // ~5 is -5 (the ML edition)
  const bool percent_; // names may hold '%' (registers such as %rdi, in another dialect)
  std::size_t i_ = 0;
  Pos pos_;
  SrcPos mark_; // from the last `# L:C` comment since the last token
};

void Scanner::advance() {
  if (text_[i_++] == '\n')
    pos_ = Pos{pos_.line + 1, 1};
  else
    ++pos_.col;
}

bool isDigit(char c);

bool Scanner::isNameChar(char c) const {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || isDigit(c) || c == '_' ||
         c == '$' || c == '.' || (c == '%' && percent_);
}
bool isDigit(char c) {
  return c >= '0' && c <= '9';
}

// "#" then spaces then "formals:" is the frame header; any other "#" is a comment.
bool Scanner::atFormals() const {
  std::size_t j = i_ + 1;
  while (j < text_.size() && (text_[j] == ' ' || text_[j] == '\t'))
    ++j;
  return text_.compare(j, 8, "formals:") == 0;
}

// The position a comment's text (after its `#`) names: "L:C" between blanks, L and C
// positive; unknown for any other comment. Columns past 65535 are kept as 65535.
SrcPos positionComment(std::string_view text) {
  auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
  while (!text.empty() && blank(text.front()))
    text.remove_prefix(1);
  while (!text.empty() && blank(text.back()))
    text.remove_suffix(1);
  std::uint32_t line = 0, col = 0;
  auto [mid, e1] = std::from_chars(text.data(), text.data() + text.size(), line);
  if (e1 != std::errc() || mid == text.data() + text.size() || *mid != ':') return {};
  auto [end, e2] = std::from_chars(mid + 1, text.data() + text.size(), col);
  if (e2 != std::errc() || end != text.data() + text.size() || line == 0 || col == 0)
    return {};
  return {line, static_cast<std::uint16_t>(std::min<std::uint32_t>(col, 65535))};
}

void Scanner::skipSpaceAndComments() {
  for (;;) {
    char c = peek();
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      advance();
    } else if (c == '#' && !atFormals()) {
      std::size_t start = i_ + 1;
      while (i_ < text_.size() && peek() != '\n')
        advance();
      if (SrcPos p = positionComment(std::string_view(text_).substr(start, i_ - start));
          p.known())
        mark_ = p;
    } else {
      return;
    }
  }
}

Token Scanner::next() {
  skipSpaceAndComments();
  Token t;
  t.mark = mark_;
  mark_ = {};
  t.loc.begin = pos_;
  std::size_t start = i_;
  char c = peek();
  if (i_ >= text_.size()) {
    t.kind = Tok::End;
  } else if (c == '#') {
    while (peek() != ':')
      advance();
    advance();
    t.kind = Tok::Formals;
  } else if (isDigit(c) || ((c == '-' || (c == '~' && tilde_)) && isDigit(peek(1)))) {
    return number(std::move(t));
  } else if (c == '"') {
    return string(std::move(t));
  } else if (isNameChar(c)) {
    while (isNameChar(peek()))
      advance();
    t.kind = Tok::Name;
  } else {
    static constexpr std::string_view kPunct = "(),;:+";
    static constexpr Tok kKinds[] = {Tok::LParen, Tok::RParen, Tok::Comma,
                                     Tok::Semi,   Tok::Colon,  Tok::Plus};
    auto k = kPunct.find(c);
    if (k == std::string_view::npos) {
      bool printable = c >= 33 && c < 127;
      fail(pos_, printable ? std::string("unexpected character '") + c + "'"
                           : "unexpected byte " +
                                 std::to_string(static_cast<unsigned char>(c)));
    }
    advance();
    t.kind = kKinds[k];
  }
  t.text = std::string_view(text_).substr(start, i_ - start);
  t.loc.end = pos_;
  return t;
}

Token Scanner::number(Token t) {
  std::size_t start = i_;
  bool negative = peek() == '-' || peek() == '~';
  if (negative) advance();
  while (isDigit(peek()))
    advance();
  t.kind = Tok::Int;
  t.text = std::string_view(text_).substr(start, i_ - start);
  t.loc.end = pos_;
  std::string_view digits = t.text;
  std::string minus; // ~5 reads as -5
  if (digits[0] == '~') {
    minus.assign(digits);
    minus[0] = '-';
    digits = minus;
  }
  auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), t.value);
  if (ec != std::errc())
    fail(t.loc.begin, "integer " + std::string(t.text) + " is out of range");
  if (isNameChar(peek())) fail(pos_, "a number runs into a name");
  return t;
}

// The escapes tree_print writes: \" \\ \n \t and \ddd (three decimal digits).
Token Scanner::string(Token t) {
  std::size_t start = i_;
  t.str = readStringLiteral(text_, i_, pos_, NumericEscape::Decimal);
  pos_.col += static_cast<int>(i_ - start); // a literal holds no newline
  t.kind = Tok::String;
  t.text = std::string_view(text_).substr(start, i_ - start);
  t.loc.end = pos_;
  return t;
}

// ---- reader ----

// What the reader noted for `resolve`.
struct LabelUse {
  Temp_label label;
  Loc loc;
  std::size_t args = 0; // a call's argument count
};
struct ProcNotes {
  std::unordered_map<Temp_label, Loc> labels; // LABEL definitions
  std::vector<LabelUse> jumps;                // JUMP and CJUMP targets
  std::unordered_map<Temp_temp, Loc> reads;   // first read of each temp
  std::unordered_set<Temp_temp> writes;       // MOVE(TEMP t, ...) and InReg formals
};

class Reader {
public:
  Reader(const SourceFile& src, Diagnostics& diag, ir::Program& prog, DumpPlaces* places,
         const Dialect& dialect)
      : scan_(src.text(), dialect), d_(dialect), diag_(diag), prog_(prog),
        arena_(prog.arena), places_(places) {
    prog.wordSize = dialect.wordSize;
    if (dialect.fp.empty()) prog.stackPointer = dialect.sp;
    for (const std::string& n : dialect.binops)
      binopsExpected_ += (binopsExpected_.empty() ? "an operator (" : " ") + n;
    binopsExpected_ += ")";
  }
  void readAll(); // throws ReadError
  void resolve(); // reports through diag_

private:
  // tokens
  void shift() { tok_ = scan_.next(); }
  bool isName(std::string_view word) const {
    return tok_.kind == Tok::Name && tok_.text == word;
  }
  [[noreturn]] void expected(const std::string& what) const;
  void expect(Tok kind, const char* what);
  void expectName(std::string_view word);
  Temp_label label();
  Temp_temp temp();
  Temp_temp courseTemp(); // a temp of another dialect: any name
  // A temp as the dump names it.
  std::string tempName(Temp_temp t) const {
    const auto& names = prog_.tempNames;
    auto k = static_cast<std::size_t>(t.num);
    return k < names.size() && !names[k].empty() ? names[k] : TempFactory::tempName(t);
  }
  std::int64_t integer(const char* what);
  void enter(int depth) const;
  // One of `ops` by its printed name, and the comma after it.
  template <class Op, std::size_t N>
  Op oper(const Op (&ops)[N], const std::string& what) {
    for (Op op : ops)
      if (tok_.kind == Tok::Name && tok_.text == printed(op)) {
        shift();
        expect(Tok::Comma, "',' after the operator");
        return op;
      }
    expected(what);
  }

  // the grammar
  void proc();
  std::unique_ptr<frame::Frame> frameHeader(Temp_label name);
  std::unique_ptr<frame::Frame>
  frameSpan(Temp_label name, std::vector<frame::Access> formals, bool localsOnly);
  frame::Access formal();
  const std::string& printed(BinOp op) const { return d_.binopName(op); }
  static const char* printed(RelOp op) { return name(op); }
  void string();
  T_stm stm(int depth);
  T_stm seq(int depth);
  T_stm nonSeq(int depth);
  T_stm cjump(int depth);
  T_stm move(int depth);
  T_exp moveDst(int depth);
  T_exp exp(int depth);
  T_exp call(int depth);
  T_exp courseCall(const Dialect::RuntimeName& r, std::vector<T_exp> args, Loc at);
  std::vector<T_stm> splitDerived(T_stm s);
  T_exp stackPointer();
  LabelUse target(int depth, const char* what);

  Scanner scan_;
  Token tok_;
  const Dialect& d_;
  std::string binopsExpected_; // "an operator (PLUS MINUS ...)" in the dialect's words
  std::unordered_map<std::string, Temp_temp> courseTemps_; // another dialect's, by name
  std::unordered_set<const Exp*> derived_; // ESEQs made for a derived runtime call
  std::int64_t frameLow_ = 0;              // the PROC being read: its lowOffset()
  struct FrameSizeUse {
    Const* node;
    Temp_label proc;
    Loc loc;
  };
  std::vector<FrameSizeUse> frameSizes_; // NAME <proc><frameSizeSuffix>
  Diagnostics& diag_;
  ir::Program& prog_;
  Arena& arena_;
  std::vector<ProcNotes> notes_; // one per PROC, in order
  std::vector<LabelUse> calls_;  // CALL(NAME f, ...), checked once all PROCs are read
  std::vector<LabelUse> values_; // NAME L as a value: must be a STRING
  std::unordered_map<Temp_label, Loc> fragments_; // PROC and STRING labels
  DumpPlaces* places_;                            // null: not asked for
};

void Reader::expected(const std::string& what) const {
  std::string_view found = tok_.kind == Tok::End ? "" : tok_.text;
  throw ReadError{tok_.loc, expectedFound(what, found, "the end of the file")};
}

void Reader::expect(Tok kind, const char* what) {
  if (tok_.kind != kind) expected(what);
  shift();
}

void Reader::expectName(std::string_view word) {
  if (!isName(word)) expected("'" + std::string(word) + "'");
  shift();
}

void Reader::enter(int depth) const {
  if (depth > kMaxReadDepth)
    throw ReadError{tok_.loc, "trees nested deeper than " +
                                  std::to_string(kMaxReadDepth) + " levels are not read"};
}

Temp_label Reader::label() {
  if (tok_.kind != Tok::Name) expected("a label");
  Temp_label l = prog_.temps.namedLabel(std::string(tok_.text));
  shift();
  return l;
}

// "fp", "rv" or "t<N>" with N >= 2 (t0 and t1 would print as fp and rv).
Temp_temp Reader::temp() {
  if (!d_.isTigerc()) return courseTemp();
  if (isName("fp") || isName("rv")) {
    Temp_temp t{isName("fp") ? Temp_temp::kFp : Temp_temp::kRv};
    shift();
    return t;
  }
  std::string_view s = tok_.text;
  int n = -1;
  bool ok = tok_.kind == Tok::Name && s.size() > 1 && s.size() <= 10 && s[0] == 't' &&
            std::all_of(s.begin() + 1, s.end(), isDigit) &&
            std::from_chars(s.data() + 1, s.data() + s.size(), n).ec == std::errc();
  if (!ok) expected("a temp (fp, rv or t<number>)");
  if (n < 2)
    throw ReadError{tok_.loc, "temps t0 and t1 are reserved (they are fp and rv)"};
  prog_.temps.reserve(Temp_temp{n});
  shift();
  return Temp_temp{n};
}

// Another dialect's temp: its frame pointer, its return value, or any other name, which
// gets a tigerc temp of its own (the same one wherever it is written).
Temp_temp Reader::courseTemp() {
  if (tok_.kind != Tok::Name) expected("a temp");
  std::string name(tok_.text);
  shift();
  if (name == d_.fp) return Temp_temp{Temp_temp::kFp};
  if (name == d_.rv) return Temp_temp{Temp_temp::kRv};
  auto [it, fresh] = courseTemps_.emplace(name, Temp_temp{});
  if (fresh) {
    it->second = prog_.temps.newTemp();
    auto& names = prog_.tempNames;
    names.resize(std::max<std::size_t>(names.size(), it->second.num + 1));
    names[it->second.num] = name;
  }
  return it->second;
}

std::int64_t Reader::integer(const char* what) {
  if (tok_.kind != Tok::Int) expected(what);
  std::int64_t v = tok_.value;
  shift();
  return v;
}

// dump := { PROC ... } { STRING ... }, in any order.
void Reader::readAll() {
  shift();
  while (tok_.kind != Tok::End) {
    if (isName("PROC"))
      proc();
    else if (isName("STRING"))
      string();
    else
      expected("PROC or STRING");
  }
}

// proc := "PROC" label frame-header { stm }   (canon may leave no statement at all)
void Reader::proc() {
  shift();
  Loc nameLoc = tok_.loc;
  Temp_label name = label();
  if (!fragments_.emplace(name, nameLoc).second)
    diag_.error(nameLoc, "a fragment named " + name.str() + " is already defined");
  notes_.emplace_back();
  ir::ProcFrag proc;
  proc.frame = frameHeader(name);
  frameLow_ = proc.frame->lowOffset();
  proc.sourceName = name.str();
  for (const frame::Access& a : proc.frame->formals())
    if (a.kind == frame::Access::Kind::InReg) notes_.back().writes.insert(a.temp);
  ProcPlaces placed{nameLoc, {}};
  while (tok_.kind != Tok::End && !isName("PROC") && !isName("STRING")) {
    Loc at = tok_.loc;
    for (T_stm s : splitDerived(stm(0))) {
      placed.stms.push_back(at);
      proc.body.push_back(s);
    }
  }
  if (places_) places_->emplace(name, std::move(placed));
  prog_.procs.push_back(std::move(proc));
}

// frame-header := "# formals:" ( "none" | formal { "," formal } ) ";"
//                 ( "frame:" | "locals:" ) N "bytes"
// With "frame:", N spans the formals (a word each, formal k in the frame at fp + word*k)
// and the locals below fp; with "locals:" (docs/judge.md), N is the locals' bytes and
// the formals in the frame may be at any word, fp-4 as well as fp+8: the frame spans
// the locals and every formal.
std::unique_ptr<frame::Frame> Reader::frameHeader(Temp_label name) {
  if (tok_.kind != Tok::Formals)
    expected("the frame line '# formals: ...; frame: N bytes'");
  shift();
  std::vector<frame::Access> formals;
  std::vector<Loc> places;
  if (isName("none"))
    shift();
  else
    do {
      if (!formals.empty()) shift();
      places.push_back(tok_.loc);
      formals.push_back(formal());
    } while (tok_.kind == Tok::Comma);
  expect(Tok::Semi, "';' after the formals");
  bool localsOnly = isName("locals");
  if (localsOnly)
    shift();
  else
    expectName("frame");
  expect(Tok::Colon, localsOnly ? "':' after 'locals'" : "':' after 'frame'");
  const std::int64_t word = d_.wordSize;
  for (std::size_t k = 0; k < formals.size(); ++k) {
    std::int64_t offset = formals[k].offset, want = word * static_cast<std::int64_t>(k);
    if (formals[k].kind != frame::Access::Kind::InFrame) continue;
    if (localsOnly && offset % word != 0)
      throw ReadError{places[k], "formal " + std::to_string(k) + " at fp" +
                                     (offset < 0 ? "" : "+") + std::to_string(offset) +
                                     ": not a word (a multiple of " +
                                     std::to_string(word) + " bytes)"};
    if (!localsOnly && offset != want)
      throw ReadError{places[k], "formal " + std::to_string(k) +
                                     " in the frame must be at fp+" +
                                     std::to_string(want)};
  }
  return frameSpan(name, std::move(formals), localsOnly);
}

// "N bytes" of a frame line, and the frame it describes.
std::unique_ptr<frame::Frame>
Reader::frameSpan(Temp_label name, std::vector<frame::Access> formals, bool localsOnly) {
  const std::int64_t word = d_.wordSize;
  Loc sizeLoc = tok_.loc;
  std::int64_t bytes = integer("the frame size in bytes");
  expectName("bytes");
  std::int64_t high = word * static_cast<std::int64_t>(formals.size());
  std::int64_t low = 0; // the lowest formal, when one is below fp (with "locals:")
  if (localsOnly) {
    high = 0;
    for (const frame::Access& a : formals)
      if (a.kind == frame::Access::Kind::InFrame) {
        high = std::max<std::int64_t>(high, a.offset + word);
        low = std::min<std::int64_t>(low, a.offset);
      }
  }
  std::int64_t counted = localsOnly ? 0 : high; // of the bytes above fp, what N counts
  if (bytes > kMaxDumpFrameBytes || high > kMaxDumpFrameBytes)
    throw ReadError{sizeLoc, "a frame of " + std::to_string(bytes + high - counted) +
                                 " bytes; a dump's frames are limited to 16 MiB"};
  if (bytes % word != 0 || bytes < counted)
    throw ReadError{sizeLoc,
                    localsOnly ? "the locals must be a number of words: a multiple of " +
                                     std::to_string(word)
                               : "the frame must span its formals and locals: a multiple "
                                 "of " +
                                     std::to_string(word) + ", at least " +
                                     std::to_string(counted) + " bytes"};
  return std::make_unique<frame::Frame>(name, std::move(formals),
                                        static_cast<int>(std::min(counted - bytes, low)),
                                        static_cast<int>(high), prog_.temps);
}

// formal := "fp" "+" offset | "fp" "-" offset | temp   (frameHeader checks the offset)
frame::Access Reader::formal() {
  if (!isName("fp")) return frame::Access{frame::Access::Kind::InReg, 0, temp()};
  shift();
  bool below = tok_.kind == Tok::Int && tok_.text[0] == '-'; // fp-4 scans as fp, -4
  if (!below) expect(Tok::Plus, "'+' after fp (a formal in the frame is fp+OFFSET)");
  Loc at = tok_.loc;
  std::int64_t offset = integer("the formal's offset");
  if (offset < -kMaxDumpFrameBytes || offset > kMaxDumpFrameBytes)
    throw ReadError{at, "a formal at fp+" + std::to_string(offset) +
                            ": a dump's frames are limited to 16 MiB"};
  return frame::Access{frame::Access::Kind::InFrame, static_cast<int>(offset), {}};
}

// string := "STRING" label string-literal
void Reader::string() {
  shift();
  Loc at = tok_.loc;
  Temp_label l = label();
  if (!fragments_.emplace(l, at).second)
    diag_.error(at, "a fragment named " + l.str() + " is already defined");
  if (tok_.kind != Tok::String) expected("a string literal");
  prog_.strings.push_back(ir::StringFrag{l, std::move(tok_.str)});
  shift();
}

T_stm Reader::stm(int depth) {
  enter(depth);
  if (isName("SEQ")) return seq(depth);
  return nonSeq(depth);
}

// SEQ(a, SEQ(b, c)): the right spine is read by a loop, like tree_print writes it.
T_stm Reader::seq(int depth) {
  std::vector<T_stm> lefts;
  do {
    shift();
    expect(Tok::LParen, "'(' after SEQ");
    lefts.push_back(stm(depth + 1));
    expect(Tok::Comma, "',' between the two statements of SEQ");
  } while (isName("SEQ"));
  T_stm s = nonSeq(depth + 1);
  for (std::size_t k = lefts.size(); k-- > 0;) {
    expect(Tok::RParen, "')' closing SEQ");
    s = arena_.Seq(lefts[k], s);
  }
  return s;
}

T_stm Reader::nonSeq(int depth) {
  enter(depth);
  if (isName("SEQ")) return seq(depth);
  PosScope here(arena_, tok_.mark);
  if (isName("LABEL")) {
    shift();
    Loc at = tok_.loc;
    Temp_label l = label();
    if (!notes_.back().labels.emplace(l, at).second)
      diag_.error(at, "label " + l.str() + " is defined twice in this PROC");
    return arena_.Label(l);
  }
  if (isName("JUMP")) {
    shift();
    expect(Tok::LParen, "'(' after JUMP");
    LabelUse j = target(depth + 1, "JUMP");
    notes_.back().jumps.push_back(j);
    expect(Tok::RParen, "')' closing JUMP");
    return arena_.Jump(j.label);
  }
  if (isName("CJUMP")) return cjump(depth);
  if (isName("MOVE")) return move(depth);
  if (isName("EXP")) {
    shift();
    expect(Tok::LParen, "'(' after EXP");
    T_exp e = exp(depth + 1);
    expect(Tok::RParen, "')' closing EXP");
    return arena_.Exp(e);
  }
  expected("a statement (SEQ LABEL JUMP CJUMP MOVE EXP)");
}

// The label of JUMP(NAME L) or of a CALL's NAME f, and where it is: computed targets
// are not run.
LabelUse Reader::target(int depth, const char* what) {
  enter(depth);
  if (!isName("NAME"))
    expected(std::string("NAME L (") + what + " of a computed address is not supported)");
  shift();
  Loc at = tok_.loc;
  return {label(), at};
}

constexpr RelOp kRelOps[] = {RelOp::EQ, RelOp::NE,  RelOp::LT,  RelOp::GT,  RelOp::LE,
                             RelOp::GE, RelOp::ULT, RelOp::ULE, RelOp::UGT, RelOp::UGE};
constexpr BinOp kBinOps[] = {BinOp::PLUS,    BinOp::MINUS, BinOp::TIMES,  BinOp::DIVIDE,
                             BinOp::AND,     BinOp::OR,    BinOp::LSHIFT, BinOp::RSHIFT,
                             BinOp::ARSHIFT, BinOp::XOR};

// CJUMP(op, left, right, t, f)
T_stm Reader::cjump(int depth) {
  shift();
  expect(Tok::LParen, "'(' after CJUMP");
  RelOp op = oper(kRelOps, "a relation (EQ NE LT GT LE GE ULT ULE UGT UGE)");
  T_exp l = exp(depth + 1);
  expect(Tok::Comma, "',' after CJUMP's left operand");
  T_exp r = exp(depth + 1);
  expect(Tok::Comma, "',' after CJUMP's right operand");
  Loc tAt = tok_.loc;
  Temp_label t = label();
  expect(Tok::Comma, "',' between CJUMP's true and false labels");
  Loc fAt = tok_.loc;
  Temp_label f = label();
  expect(Tok::RParen, "')' closing CJUMP");
  notes_.back().jumps.push_back({t, tAt});
  notes_.back().jumps.push_back({f, fAt});
  return arena_.Cjump(op, l, r, t, f);
}

// MOVE(dst, src)
T_stm Reader::move(int depth) {
  shift();
  expect(Tok::LParen, "'(' after MOVE");
  T_exp dst = moveDst(depth + 1);
  expect(Tok::Comma, "',' between MOVE's destination and source");
  T_exp src = exp(depth + 1);
  expect(Tok::RParen, "')' closing MOVE");
  return arena_.Move(dst, src);
}

// A MOVE writes TEMP t, MEM(e) or, before canon, ESEQ(s, one of these).
T_exp Reader::moveDst(int depth) {
  enter(depth);
  if (isName(d_.tempWord)) {
    shift();
    if (!d_.sp.empty() && isName(d_.sp))
      throw ReadError{tok_.loc, "MOVE into the stack pointer " + d_.sp +
                                    ": the judge gives it its value at each call "
                                    "(docs/judge.md)"};
    Temp_temp t = temp();
    notes_.back().writes.insert(t);
    return arena_.Temp(t);
  }
  if (isName("ESEQ")) {
    shift();
    expect(Tok::LParen, "'(' after ESEQ");
    T_stm s = stm(depth + 1);
    expect(Tok::Comma, "',' between ESEQ's statement and expression");
    T_exp e = moveDst(depth + 1);
    expect(Tok::RParen, "')' closing ESEQ");
    return arena_.Eseq(s, e);
  }
  if (!isName("MEM")) expected(d_.tempWord + ", MEM or ESEQ as the destination of MOVE");
  return exp(depth);
}

T_exp Reader::exp(int depth) {
  enter(depth);
  if (isName("CONST")) {
    shift();
    return arena_.Const(integer("an integer after CONST"));
  }
  if (isName(d_.tempWord)) {
    shift();
    if (!d_.sp.empty() && isName(d_.sp)) return stackPointer();
    Loc at = tok_.loc;
    Temp_temp t = temp();
    notes_.back().reads.emplace(t, at);
    return arena_.Temp(t);
  }
  if (isName("NAME")) {
    shift();
    Loc at = tok_.loc;
    Temp_label l = label();
    const std::string& suffix = d_.frameSizeSuffix;
    if (!suffix.empty() && l.str().size() > suffix.size() && l.str().ends_with(suffix)) {
      std::string proc = l.str().substr(0, l.str().size() - suffix.size());
      Const* size = cast<Const>(arena_.Const(0));
      frameSizes_.push_back({size, prog_.temps.namedLabel(proc), at});
      return size;
    }
    values_.push_back({l, at});
    return arena_.Name(l);
  }
  if (isName("CALL")) return call(depth);
  bool isBinop = isName("BINOP"), isMem = isName("MEM"), isEseq = isName("ESEQ");
  if (!isBinop && !isMem && !isEseq)
    expected("an expression (BINOP MEM " + d_.tempWord + " ESEQ NAME CONST CALL)");
  std::string_view word = tok_.text;
  shift();
  expect(Tok::LParen, isBinop ? "'(' after BINOP"
                      : isMem ? "'(' after MEM"
                              : "'(' after ESEQ");
  T_exp e = nullptr;
  if (isMem) {
    e = arena_.Mem(exp(depth + 1));
  } else if (isEseq) {
    T_stm s = stm(depth + 1);
    expect(Tok::Comma, "',' between ESEQ's statement and expression");
    e = arena_.Eseq(s, exp(depth + 1));
  } else {
    BinOp op = oper(kBinOps, binopsExpected_);
    T_exp l = exp(depth + 1);
    expect(Tok::Comma, "',' between BINOP's operands");
    e = arena_.Binop(op, l, exp(depth + 1));
  }
  if (tok_.kind != Tok::RParen) expected("')' closing " + std::string(word));
  shift();
  return e;
}

// CALL(NAME f, args...)
T_exp Reader::call(int depth) {
  shift();
  expect(Tok::LParen, "'(' after CALL");
  Loc at = tok_.loc;
  Temp_label f = target(depth + 1, "CALL").label;
  std::vector<T_exp> args;
  while (tok_.kind == Tok::Comma) {
    shift();
    args.push_back(exp(depth + 1));
  }
  expect(Tok::RParen, "')' closing CALL");
  if (const Dialect::RuntimeName* r = d_.courseRuntime(f.str()))
    return courseCall(*r, std::move(args), at);
  calls_.push_back({f, at, args.size()});
  return arena_.Call(arena_.Name(f), std::move(args));
}

// TEMP sp, the stack pointer of another course's IR: the lowest address of the frame,
// fp + lowOffset (the judge's frame pointer, the top of the locals).
T_exp Reader::stackPointer() {
  shift();
  return arena_.Binop(BinOp::PLUS, arena_.Temp(Temp_temp{Temp_temp::kFp}),
                      arena_.Const(frameLow_));
}

// A call of the course's runtime function r: tigerc's, with the arguments r picks (an
// argument that is not there is an error of the call's arity), or a comparison of
// strings from tigerc's stringEqual or stringCompare c, as ESEQ(MOVE(TEMP x, CALL c),
// e) for splitDerived to make two statements of:
//   stringNotEqual      1 - x                     (x = stringEqual(a, b))
//   stringLess          (x >> 63) & 1             (x = stringCompare(a, b): -1, 0, 1)
//   stringGreater       ((0 - x) >> 63) & 1
//   stringLessEqual     1 - stringGreater's       stringGreaterEqual   1 - stringLess's
T_exp Reader::courseCall(const Dialect::RuntimeName& r, std::vector<T_exp> args, Loc at) {
  std::vector<T_exp> picked;
  for (int k : r.args)
    if (k >= 1 && static_cast<std::size_t>(k) <= args.size())
      picked.push_back(args[k - 1]);
  if (!r.pick) picked = std::move(args);
  if (r.pick && picked.size() != r.args.size())
    diag_.error(at, "call of " + r.course + " with " + std::to_string(args.size()) +
                        " arguments; the profile takes argument " +
                        std::to_string(r.args.back()) + " of it");
  auto it = std::find(Dialect::kDerived.begin(), Dialect::kDerived.end(), r.tigerc);
  if (it == Dialect::kDerived.end()) {
    Temp_label f = prog_.temps.namedLabel(r.tigerc);
    calls_.push_back({f, at, picked.size()});
    return arena_.Call(arena_.Name(f), std::move(picked));
  }
  bool equal = r.tigerc == "stringNotEqual";
  Temp_label f = prog_.temps.namedLabel(equal ? "stringEqual" : "stringCompare");
  calls_.push_back({f, at, picked.size()});
  Temp_temp x = prog_.temps.newTemp();
  notes_.back().writes.insert(x);
  auto one = [&] { return arena_.Const(1); };
  auto lessBit = [&](T_exp v) {
    return arena_.Binop(BinOp::AND, arena_.Binop(BinOp::ARSHIFT, v, arena_.Const(63)),
                        one());
  };
  T_exp v = arena_.Temp(x);
  T_exp e = equal ? arena_.Binop(BinOp::MINUS, one(), v)
            : r.tigerc == "stringLess" || r.tigerc == "stringGreaterEqual"
                ? lessBit(v)
                : lessBit(arena_.Binop(BinOp::MINUS, arena_.Const(0), v));
  if (r.tigerc == "stringLessEqual" || r.tigerc == "stringGreaterEqual")
    e = arena_.Binop(BinOp::MINUS, one(), e);
  T_exp call = arena_.Eseq(
      arena_.Move(arena_.Temp(x), arena_.Call(arena_.Name(f), std::move(picked))), e);
  derived_.insert(call);
  return call;
}

// MOVE(dst, ESEQ(s, e)) and EXP(ESEQ(s, e)) of a derived call (courseCall) are the two
// statements s, MOVE(dst, e) (EXP(e)), as canonical as the course's call was.
std::vector<T_stm> Reader::splitDerived(T_stm s) {
  auto* m = cast<Move>(s);
  auto* x = cast<ExpStm>(s);
  auto* e = cast<Eseq>(m ? m->src : x ? x->exp : nullptr);
  if (!e || !derived_.count(e)) return {s};
  return {e->stm, m ? arena_.Move(m->dst, e->exp) : arena_.Exp(e->exp)};
}

// The checks that need the whole PROC or the whole program.
void Reader::resolve() {
  for (std::size_t i = 0; i < notes_.size(); ++i) {
    const ProcNotes& n = notes_[i];
    const std::string& proc = prog_.procs[i].sourceName;
    for (const LabelUse& j : n.jumps)
      if (!n.labels.count(j.label))
        diag_.error(j.loc, "jump to " + j.label.str() + ", which no LABEL of PROC " +
                               proc + " defines");
    std::vector<std::pair<Temp_temp, Loc>> unset;
    for (const auto& [t, loc] : n.reads) // another course's registers may be read unset
      if (t.num != Temp_temp::kFp && !n.writes.count(t) && d_.isTigerc())
        unset.emplace_back(t, loc);
    std::sort(unset.begin(), unset.end(),
              [](auto& a, auto& b) { return a.first < b.first; });
    for (const auto& [t, loc] : unset)
      diag_.error(loc, "temp " + tempName(t) + " is read but never set in PROC " + proc +
                           " (no MOVE(TEMP " + tempName(t) + ", ...) and not a formal)");
  }
  std::unordered_map<Temp_label, const frame::Frame*> frames; // the PROCs', by label
  for (const ir::ProcFrag& p : prog_.procs) {
    frames[p.frame->name()] = p.frame.get();
    if (d_.courseRuntime(p.sourceName))
      diag_.error(fragments_[p.frame->name()],
                  "PROC " + p.sourceName + " has the name of a runtime function of the " +
                      d_.name + " profile");
  }
  for (const LabelUse& c : calls_) {
    auto it = frames.find(c.label);
    std::optional<int> rt = runtime::find(c.label.str());
    if (it == frames.end() && !rt) {
      diag_.error(c.loc, "call of " + c.label.str() +
                             ": no PROC and no runtime function has that name");
      continue;
    }
    std::size_t want = it != frames.end() ? it->second->formals().size()
                                          : runtime::kFunctions[*rt].arity;
    if (c.args != want)
      diag_.error(c.loc, "call of " + c.label.str() + " with " + std::to_string(c.args) +
                             " arguments; it takes " + std::to_string(want));
  }
  for (const FrameSizeUse& u : frameSizes_) {
    auto p = frames.find(u.proc);
    if (p == frames.end())
      diag_.error(u.loc, "NAME " + u.proc.str() + d_.frameSizeSuffix + ": no PROC " +
                             u.proc.str() + " has a frame of that name");
    else
      u.node->value = -p->second->lowOffset();
  }
  std::unordered_set<Temp_label> strings;
  for (const ir::StringFrag& s : prog_.strings)
    strings.insert(s.label);
  for (const LabelUse& v : values_)
    if (!strings.count(v.label))
      diag_.error(v.loc, "NAME " + v.label.str() + " is used as a value, but no STRING " +
                             v.label.str() + " exists");
}

// procs[0] must be the main program: move tigermain (the dialect's name of it) to the
// front.
bool putMainFirst(ir::Program& prog, const SourceFile& src, Diagnostics& diag,
                  const Dialect& dialect) {
  prog.mainLabel = prog.temps.namedLabel(dialect.mainLabel);
  auto it =
      std::find_if(prog.procs.begin(), prog.procs.end(), [&](const ir::ProcFrag& p) {
        return p.frame->name() == prog.mainLabel;
      });
  if (it == prog.procs.end()) {
    int lines = static_cast<int>(std::count(src.text().begin(), src.text().end(), '\n'));
    diag.error(Loc{{std::max(lines, 1), 1}, {}},
               "no PROC " + dialect.mainLabel + ": the dump has no main program");
    return false;
  }
  std::rotate(prog.procs.begin(), it, it + 1);
  return true;
}

} // namespace

std::unique_ptr<ir::Program> readProgram(const SourceFile& src, Diagnostics& diag,
                                         DumpPlaces* places, const Dialect& dialect) {
  auto prog = std::make_unique<ir::Program>();
  Reader reader(src, diag, *prog, places, dialect);
  try {
    reader.readAll();
  } catch (const ReadError& e) {
    diag.error(e.loc, e.message);
    return nullptr;
  }
  reader.resolve();
  if (!putMainFirst(*prog, src, diag, dialect) || diag.errorCount() > 0) return nullptr;
  return prog;
}

} // namespace tiger::tree
