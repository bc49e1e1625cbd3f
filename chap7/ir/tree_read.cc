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
  explicit Scanner(const std::string& text) : text_(text) {}
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

  const std::string& text_;
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

bool isNameChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         c == '_' || c == '$' || c == '.';
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
  } else if (isDigit(c) || (c == '-' && isDigit(peek(1)))) {
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
  if (peek() == '-') advance();
  while (isDigit(peek()))
    advance();
  t.kind = Tok::Int;
  t.text = std::string_view(text_).substr(start, i_ - start);
  t.loc.end = pos_;
  auto [end, ec] = std::from_chars(t.text.data(), t.text.data() + t.text.size(), t.value);
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
  Reader(const SourceFile& src, Diagnostics& diag, ir::Program& prog, DumpPlaces* places)
      : scan_(src.text()), diag_(diag), prog_(prog), arena_(prog.arena), places_(places) {
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
  std::int64_t integer(const char* what);
  void enter(int depth) const;
  // One of `ops` by its printed name, and the comma after it.
  template <class Op, std::size_t N> Op oper(const Op (&ops)[N], const char* what) {
    for (Op op : ops)
      if (tok_.kind == Tok::Name && tok_.text == name(op)) {
        shift();
        expect(Tok::Comma, "',' after the operator");
        return op;
      }
    expected(what);
  }

  // the grammar
  void proc();
  std::unique_ptr<frame::Frame> frameHeader(Temp_label name);
  frame::Access formal(std::size_t index);
  void string();
  T_stm stm(int depth);
  T_stm seq(int depth);
  T_stm nonSeq(int depth);
  T_stm cjump(int depth);
  T_stm move(int depth);
  T_exp moveDst(int depth);
  T_exp exp(int depth);
  T_exp call(int depth);
  LabelUse target(int depth, const char* what);

  Scanner scan_;
  Token tok_;
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
  proc.sourceName = name.str();
  for (const frame::Access& a : proc.frame->formals())
    if (a.kind == frame::Access::Kind::InReg) notes_.back().writes.insert(a.temp);
  ProcPlaces placed{nameLoc, {}};
  while (tok_.kind != Tok::End && !isName("PROC") && !isName("STRING")) {
    placed.stms.push_back(tok_.loc);
    proc.body.push_back(stm(0));
  }
  if (places_) places_->emplace(name, std::move(placed));
  prog_.procs.push_back(std::move(proc));
}

// frame-header := "# formals:" ( "none" | formal { "," formal } ) ";" "frame:" N "bytes"
std::unique_ptr<frame::Frame> Reader::frameHeader(Temp_label name) {
  if (tok_.kind != Tok::Formals)
    expected("the frame line '# formals: ...; frame: N bytes'");
  shift();
  std::vector<frame::Access> formals;
  if (isName("none"))
    shift();
  else
    for (formals.push_back(formal(0)); tok_.kind == Tok::Comma;) {
      shift();
      formals.push_back(formal(formals.size()));
    }
  expect(Tok::Semi, "';' after the formals");
  expectName("frame");
  expect(Tok::Colon, "':' after 'frame'");
  Loc sizeLoc = tok_.loc;
  std::int64_t bytes = integer("the frame size in bytes");
  expectName("bytes");
  std::int64_t formalBytes = frame::kWordSize * static_cast<std::int64_t>(formals.size());
  if (bytes > kMaxDumpFrameBytes)
    throw ReadError{sizeLoc, "a frame of " + std::to_string(bytes) +
                                 " bytes; a dump's frames are limited to 16 MiB"};
  if (bytes % frame::kWordSize != 0 || bytes < formalBytes)
    throw ReadError{sizeLoc, "the frame must span its formals and locals: a multiple of "
                             "8, at least " +
                                 std::to_string(formalBytes) + " bytes"};
  int locals = static_cast<int>((bytes - formalBytes) / frame::kWordSize);
  return std::make_unique<frame::Frame>(name, std::move(formals), locals, prog_.temps);
}

// formal := "fp" "+" offset | temp. Formal k in the frame sits at fp + 8k.
frame::Access Reader::formal(std::size_t index) {
  if (!isName("fp")) return frame::Access{frame::Access::Kind::InReg, 0, temp()};
  Loc at = tok_.loc;
  shift();
  expect(Tok::Plus, "'+' after fp (a formal in the frame is fp+OFFSET)");
  std::int64_t offset = integer("the formal's offset");
  if (offset != frame::kWordSize * static_cast<std::int64_t>(index))
    throw ReadError{at, "formal " + std::to_string(index) +
                            " in the frame must be at fp+" +
                            std::to_string(frame::kWordSize * index)};
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
  if (isName("TEMP")) {
    shift();
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
  if (!isName("MEM")) expected("TEMP, MEM or ESEQ as the destination of MOVE");
  return exp(depth);
}

T_exp Reader::exp(int depth) {
  enter(depth);
  if (isName("CONST")) {
    shift();
    return arena_.Const(integer("an integer after CONST"));
  }
  if (isName("TEMP")) {
    shift();
    Loc at = tok_.loc;
    Temp_temp t = temp();
    notes_.back().reads.emplace(t, at);
    return arena_.Temp(t);
  }
  if (isName("NAME")) {
    shift();
    Loc at = tok_.loc;
    Temp_label l = label();
    values_.push_back({l, at});
    return arena_.Name(l);
  }
  if (isName("CALL")) return call(depth);
  bool isBinop = isName("BINOP"), isMem = isName("MEM"), isEseq = isName("ESEQ");
  if (!isBinop && !isMem && !isEseq)
    expected("an expression (BINOP MEM TEMP ESEQ NAME CONST CALL)");
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
    BinOp op =
        oper(kBinOps,
             "an operator (PLUS MINUS TIMES DIVIDE AND OR LSHIFT RSHIFT ARSHIFT XOR)");
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
  calls_.push_back({f, at, args.size()});
  return arena_.Call(arena_.Name(f), std::move(args));
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
    for (const auto& [t, loc] : n.reads)
      if (t.num != Temp_temp::kFp && !n.writes.count(t)) unset.emplace_back(t, loc);
    std::sort(unset.begin(), unset.end(),
              [](auto& a, auto& b) { return a.first < b.first; });
    for (const auto& [t, loc] : unset)
      diag_.error(loc, "temp " + TempFactory::tempName(t) +
                           " is read but never set in PROC " + proc + " (no MOVE(TEMP " +
                           TempFactory::tempName(t) + ", ...) and not a formal)");
  }
  std::unordered_map<Temp_label, std::size_t> arity;
  for (const ir::ProcFrag& p : prog_.procs)
    arity[p.frame->name()] = p.frame->formals().size();
  for (const LabelUse& c : calls_) {
    auto it = arity.find(c.label);
    std::optional<int> rt = runtime::find(c.label.str());
    if (it == arity.end() && !rt) {
      diag_.error(c.loc, "call of " + c.label.str() +
                             ": no PROC and no runtime function has that name");
      continue;
    }
    std::size_t want = it != arity.end() ? it->second : runtime::kFunctions[*rt].arity;
    if (c.args != want)
      diag_.error(c.loc, "call of " + c.label.str() + " with " + std::to_string(c.args) +
                             " arguments; it takes " + std::to_string(want));
  }
  std::unordered_set<Temp_label> strings;
  for (const ir::StringFrag& s : prog_.strings)
    strings.insert(s.label);
  for (const LabelUse& v : values_)
    if (!strings.count(v.label))
      diag_.error(v.loc, "NAME " + v.label.str() + " is used as a value, but no STRING " +
                             v.label.str() + " exists");
}

// procs[0] must be the main program: move tigermain to the front.
bool putMainFirst(ir::Program& prog, const SourceFile& src, Diagnostics& diag) {
  prog.mainLabel = prog.temps.namedLabel("tigermain");
  auto it =
      std::find_if(prog.procs.begin(), prog.procs.end(), [&](const ir::ProcFrag& p) {
        return p.frame->name() == prog.mainLabel;
      });
  if (it == prog.procs.end()) {
    int lines = static_cast<int>(std::count(src.text().begin(), src.text().end(), '\n'));
    diag.error(Loc{{std::max(lines, 1), 1}, {}},
               "no PROC tigermain: the dump has no main program");
    return false;
  }
  std::rotate(prog.procs.begin(), it, it + 1);
  return true;
}

} // namespace

std::unique_ptr<ir::Program> readProgram(const SourceFile& src, Diagnostics& diag,
                                         DumpPlaces* places) {
  auto prog = std::make_unique<ir::Program>();
  Reader reader(src, diag, *prog, places);
  try {
    reader.readAll();
  } catch (const ReadError& e) {
    diag.error(e.loc, e.message);
    return nullptr;
  }
  reader.resolve();
  if (!putMainFirst(*prog, src, diag) || diag.errorCount() > 0) return nullptr;
  return prog;
}

} // namespace tiger::tree
