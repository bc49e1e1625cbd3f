// sir_read.cc - reads the printed structured IR back into a Module; see sir_read.hh for
// what it is for.
//
// The grammar: what sir_print.cc writes. A line is one statement or one header,
// indented 4 spaces a level; blank lines are skipped; tokens are names (dotted ones
// like `pl.range`, `rt.print`), integers, string literals with the printer's escapes
// (\" \\ \n \t \xHH) and the symbols below.
//
//   dump      := function {function}
//   function  := "def" NAME "(" [param {"," param}] ")" ["->" type] ":" block(1)
//   param     := var ":" type
//   type      := "pl.Scalar" "[" ("pl.INT64" | "pl.BOOL") "]"
//   block(n)  := "pass" | stmt(n) {stmt(n)}               (lines indented n levels)
//   stmt(n)   := simple
//              | "if" expr ":" block(n+1) ["else" ":" block(n+1)]
//              | "for" var ["," tuple] "in" "pl.range" "(" expr "," expr ","
//                    "inclusive" "=" "True" ["," "init_values" "=" tuple] ")" ":" block(n+1)
//              | "while" expr ":" block(n+1)
//              | "while" ":" cond(n+1) block(n+1)
//              | "for" tuple "in" "pl.while_" "(" "init_values" "=" tuple ")" ":"
//                    cond(n+1) block(n+1)
//   cond(n)   := {stmt(n)} "pl.cond" "(" expr ["," "forward" "=" tuple] ")"
//   simple    := var "=" expr | [var {"," var} "="] "pl.yield_" "(" [var {"," var}] ")"
//              | "pl.store" "(" expr "," expr "," expr ")" | "return" [expr]
//              | "break" | "continue" | expr
//   tuple     := "(" var {"," var} [","] ")"
//   expr      := "not" operand | operand [binop operand]
//   binop     := "+" | "-" | "*" | "/" | "and" | "or" | "==" | "!=" | "<" | "<=" | ">" | ">="
//   operand   := "(" expr ")" | INT | "True" | "False" | STRING | var
//              | "int" "(" expr ")" | "pl.load" "(" expr "," expr ")"
//              | ["rt."]NAME "(" [expr {"," expr}] ")"
//   var       := NAME: a base, then the suffix of its role and version (x__ssa_v3,
//                x__iter_v1, x__rv_v2, x__phi_v4, i__idx_v0); without one, plain
//
// Invariants of what it makes:
//   - one VarId per distinct name in a function: a name defined twice is one variable
//     defined twice, a name never defined one never defined (the checkers say so);
//   - a variable's type is that its first definition gives it: a parameter's printed
//     type, an assignment's value, INT64 for a for index, an iter_arg its init value's,
//     an if's or loop's result the value its first yield gives it; a use read before
//     any definition is INT64 (valid SSA defines every name above its uses);
//   - the names left of `pl.yield_` are the return_vars of the if or loop whose block
//     the yield is in (an if's two branches share them): every such yield names the
//     same ones, and no other yield names any;
//   - a `while c:` has no condition statements and carries nothing; the condition
//     values are the iter_args unless `forward=` names others;
//   - the first function is `def tigermain():`, no two functions share a name;
//   - statements and expressions together nest at most ast::maxNesting() levels, so
//     neither this reader nor the stages after it recurse without bound.
// It stops at the first error.
#include "ptoext/sir_read.hh"

#include "base/dump_read.hh"
#include "chap7/front/ast.hh"

#include <algorithm>
#include <array>
#include <charconv>
#include <climits>
#include <optional>
#include <string_view>

namespace tiger::sir {
namespace {

// ---- scanner ----

enum class Tok { Name, Int, String, Symbol, End };

struct Token {
  Tok kind = Tok::End;
  std::string_view text; // as written (a string literal with its quotes)
  Loc loc;
  std::int64_t value = 0; // Int
  std::string str;        // String, unescaped
};

// One line that is not blank: its indentation in levels and its tokens, End last. At
// the end of the text: level -1 and End alone.
struct Line {
  int level = -1;
  std::vector<Token> toks;
};

std::string nestingTooDeep(int limit) {
  return "nesting too deep (more than " + std::to_string(limit) + " levels)";
}

bool isNameStart(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
bool isDigit(char c) {
  return c >= '0' && c <= '9';
}
bool isNameChar(char c) {
  return isNameStart(c) || isDigit(c);
}
bool isBlank(char c) {
  return c == ' ' || c == '\t' || c == '\r';
}

class Scanner {
public:
  Scanner(const std::string& text, int maxLevel) : text_(text), maxLevel_(maxLevel) {}
  void next(Line& line); // the next line that is not blank (or the end)

private:
  char peek(std::size_t ahead = 0) const {
    return i_ + ahead < text_.size() ? text_[i_ + ahead] : '\0';
  }
  Pos pos() const { return Pos{line_, static_cast<int>(i_ - lineStart_ + 1)}; }
  Pos endOfText() const;
  bool blankRest() const;
  int indentation();
  void tokens(std::vector<Token>& toks);
  Token token();
  Token name(Token t);
  Token number(Token t);
  Token string(Token t);
  Token symbol(Token t);
  [[noreturn]] void fail(Pos at, const std::string& message) const {
    throw ReadError{Loc{at, at}, message};
  }

  const std::string& text_;
  const int maxLevel_;
  std::size_t i_ = 0, lineStart_ = 0;
  int line_ = 0;
};

Pos Scanner::endOfText() const {
  if (text_.empty()) return Pos{1, 1};
  if (text_.back() == '\n') return Pos{line_ + 1, 1};
  return pos();
}

bool Scanner::blankRest() const {
  std::size_t j = i_;
  while (j < text_.size() && isBlank(text_[j]))
    ++j;
  return j == text_.size() || text_[j] == '\n';
}

// The leading spaces of a line, in levels of 4; a tab or a partial level is an error.
int Scanner::indentation() {
  while (peek() == ' ')
    ++i_;
  std::size_t spaces = i_ - lineStart_;
  if (peek() == '\t')
    fail(pos(), "a tab in the indentation: a dump indents 4 spaces a level");
  if (spaces % 4 != 0)
    fail(pos(), std::to_string(spaces) +
                    " spaces of indentation: a dump indents 4 spaces a level");
  if (spaces / 4 > static_cast<std::size_t>(maxLevel_))
    fail(pos(), nestingTooDeep(maxLevel_));
  return static_cast<int>(spaces / 4);
}

void Scanner::next(Line& line) {
  line.toks.clear();
  while (i_ < text_.size()) {
    ++line_;
    lineStart_ = i_;
    bool blank = blankRest();
    if (!blank) {
      line.level = indentation();
      tokens(line.toks);
    }
    while (i_ < text_.size() && text_[i_] != '\n')
      ++i_;
    if (i_ < text_.size()) ++i_; // the newline
    if (!blank) return;
  }
  line.level = -1;
  line.toks.push_back(Token{Tok::End, {}, Loc{endOfText(), endOfText()}, 0, {}});
}

// The tokens of the rest of the line, End last.
void Scanner::tokens(std::vector<Token>& toks) {
  for (;;) {
    while (isBlank(peek()))
      ++i_;
    if (i_ >= text_.size() || peek() == '\n') break;
    toks.push_back(token());
  }
  toks.push_back(Token{Tok::End, {}, Loc{pos(), pos()}, 0, {}});
}

Token Scanner::token() {
  Token t;
  t.loc.begin = pos();
  char c = peek();
  if (isNameStart(c)) return name(std::move(t));
  if (isDigit(c) || (c == '-' && isDigit(peek(1)))) return number(std::move(t));
  if (c == '"') return string(std::move(t));
  return symbol(std::move(t));
}

// NAME {"." NAME}: `x__ssa_v0`, `pl.range`, `rt.print`.
Token Scanner::name(Token t) {
  std::size_t start = i_;
  do {
    ++i_;
    while (isNameChar(peek()))
      ++i_;
  } while (peek() == '.' && isNameStart(peek(1)));
  t.kind = Tok::Name;
  t.text = std::string_view(text_).substr(start, i_ - start);
  t.loc.end = pos();
  return t;
}

Token Scanner::number(Token t) {
  std::size_t start = i_;
  if (peek() == '-') ++i_;
  while (isDigit(peek()))
    ++i_;
  t.kind = Tok::Int;
  t.text = std::string_view(text_).substr(start, i_ - start);
  t.loc.end = pos();
  auto [end, ec] = std::from_chars(t.text.data(), t.text.data() + t.text.size(), t.value);
  if (ec != std::errc())
    fail(t.loc.begin, "integer " + std::string(t.text) + " is out of range");
  if (isNameChar(peek()) || peek() == '.') fail(pos(), "a number runs into a name");
  return t;
}

// The escapes sir_print writes: \" \\ \n \t and \xHH.
Token Scanner::string(Token t) {
  std::size_t start = i_;
  t.str = readStringLiteral(text_, i_, pos(), NumericEscape::Hex);
  t.kind = Tok::String;
  t.text = std::string_view(text_).substr(start, i_ - start);
  t.loc.end = pos();
  return t;
}

Token Scanner::symbol(Token t) {
  static constexpr std::array<std::string_view, 5> kPairs = {
      "==", "!=", "<=", ">=", "->"};
  static constexpr std::string_view kSingles = "=<>+-*/(),:[]";
  std::size_t length = 0;
  for (std::string_view pair : kPairs)
    if (text_.compare(i_, 2, pair) == 0) length = 2;
  if (!length && kSingles.find(peek()) != std::string_view::npos) length = 1;
  if (!length) {
    char c = peek();
    fail(pos(), c >= 33 && c < 127
                    ? std::string("unexpected character '") + c + "'"
                    : "unexpected byte " + std::to_string(static_cast<unsigned char>(c)));
  }
  t.kind = Tok::Symbol;
  t.text = std::string_view(text_).substr(i_, length);
  i_ += length;
  t.loc.end = pos();
  return t;
}

// ---- names ----

// The words of the format: never a variable.
bool isReserved(std::string_view w) {
  static constexpr std::string_view kWords[] = {
      "def",  "if",  "else", "for", "in",   "while", "return", "break",
      "pass", "not", "and",  "or",  "True", "False", "int",    "continue"};
  for (std::string_view k : kWords)
    if (w == k) return true;
  return false;
}

// A printed name as base, role and version: the last suffix of a role, when a base
// comes before it and a version without a leading zero that fits an int follows it;
// else the whole name, plain. A version past INT_MAX is an error.
VarInfo nameInfo(std::string_view name, Loc at) {
  static constexpr std::pair<std::string_view, VarRole> kSuffixes[] = {
      {"__ssa_v", VarRole::Ssa},
      {"__iter_v", VarRole::Iter},
      {"__rv_v", VarRole::Rv},
      {"__phi_v", VarRole::Phi},
      {"__idx_v", VarRole::Idx}};
  std::size_t digits = name.size();
  while (digits > 0 && isDigit(name[digits - 1]))
    --digits;
  std::string_view version = name.substr(digits), head = name.substr(0, digits);
  VarInfo plain{std::string(name), Type::Int64, VarRole::Plain, -1, kNoVar};
  if (version.empty() || (version.size() > 1 && version[0] == '0')) return plain;
  for (const auto& [suffix, role] : kSuffixes) {
    if (head.size() <= suffix.size() || !head.ends_with(suffix)) continue;
    int v = 0;
    auto [end, ec] = std::from_chars(version.data(), version.data() + version.size(), v);
    if (ec != std::errc())
      throw ReadError{at, "version " + std::string(version) + " of " + std::string(name) +
                              " is out of range (at most " + std::to_string(INT_MAX) +
                              ")"};
    return VarInfo{std::string(head.substr(0, head.size() - suffix.size())), Type::Int64,
                   role, v, kNoVar};
  }
  return plain;
}

// ---- reader ----

// The if or loop whose blocks a yield ends: the results its yields name (its
// return_vars), fixed by the first of them.
struct Owner {
  std::vector<VarId> results;
  std::optional<Loc> first;
};

struct Operator {
  std::string_view text;
  bool compare;
  BinOp bin;
  CmpOp cmp;
};
constexpr Operator kOperators[] = {
    {"+", false, BinOp::Add, {}},   {"-", false, BinOp::Sub, {}},
    {"*", false, BinOp::Mul, {}},   {"/", false, BinOp::Div, {}},
    {"and", false, BinOp::And, {}}, {"or", false, BinOp::Or, {}},
    {"==", true, {}, CmpOp::Eq},    {"!=", true, {}, CmpOp::Ne},
    {"<", true, {}, CmpOp::Lt},     {"<=", true, {}, CmpOp::Le},
    {">", true, {}, CmpOp::Gt},     {">=", true, {}, CmpOp::Ge}};

class Reader {
public:
  Reader(const SourceFile& src, Module& m, DumpPlaces* places)
      : maxDepth_(ast::maxNesting()), scan_(src.text(), maxDepth_), m_(m),
        places_(places) {}
  void readAll(); // throws ReadError

private:
  // lines and tokens
  const Token& tok() const { return line_.toks[k_]; }
  const Token& ahead() const {
    return line_.toks[std::min(k_ + 1, line_.toks.size() - 1)];
  }
  bool at(std::string_view text) const {
    return (tok().kind == Tok::Name || tok().kind == Tok::Symbol) && tok().text == text;
  }
  bool atLevel(int level) const { return line_.level == level; }
  bool lineIs(int level, std::string_view first) const {
    return atLevel(level) && k_ == 0 && at(first);
  }
  void shift() { k_ += tok().kind != Tok::End; }
  bool skip(std::string_view text) { // shifts past `text` when it is there
    return at(text) ? (shift(), true) : false;
  }
  void nextLine() {
    scan_.next(line_);
    k_ = 0;
  }
  [[noreturn]] void expected(const std::string& what) const;
  [[noreturn]] void fail(Loc at, const std::string& message) const {
    throw ReadError{at, message};
  }
  void expect(std::string_view text);
  void endLine();
  void enter(int depth) const;

  // the grammar
  void function();
  void header(Function& f);
  Type type();
  Block block(int level, Owner* owner);
  Block statements(int level, Owner* owner, bool untilCond);
  StmtPtr stmt(int level, Owner* owner);
  StmtPtr simple(int level, Owner* owner);
  StmtPtr store(int level);
  StmtPtr yield(std::vector<VarId> results, Owner* owner, Loc where);
  StmtPtr ifStmt(int level);
  StmtPtr forStmt(int level);
  StmtPtr rangeLoop(int level);
  StmtPtr whileStmt(int level);
  StmtPtr conditioned(int level, std::vector<VarId> iterArgs, std::vector<VarId> inits);
  std::vector<VarId> named(std::string_view word);
  std::vector<VarId> tuple();
  std::vector<VarId> names(std::string_view closer);
  ExprPtr expr(int depth);
  ExprPtr operand(int depth);
  ExprPtr applied(int depth);
  std::vector<ExprPtr> arguments(int depth);

  // variables
  VarId var();
  Type typeOf(VarId v) const { return f_->vars[static_cast<std::size_t>(v)].type; }
  void define(VarId v, Type t);
  void defineLike(const std::vector<VarId>& vs, const std::vector<VarId>& values);
  void own(Owner& o, std::vector<VarId> results, const std::vector<VarId>& values,
           Loc where);

  const int maxDepth_;
  Scanner scan_;
  Line line_;
  std::size_t k_ = 0; // the current token of line_
  Module& m_;
  DumpPlaces* places_;
  Function* f_ = nullptr;                        // the function being read
  std::unordered_map<std::string, VarId> vars_;  // its variables by printed name
  std::vector<char> typed_;                      // by VarId: a definition gave its type
  std::unordered_map<std::string, int> defined_; // function name -> its def's line
};

void Reader::expected(const std::string& what) const {
  fail(tok().loc,
       expectedFound(what, tok().text,
                     line_.level < 0 ? "the end of the file" : "the end of the line"));
}

void Reader::expect(std::string_view text) {
  if (!at(text)) expected("'" + std::string(text) + "'");
  shift();
}

void Reader::endLine() {
  if (tok().kind != Tok::End) expected("the end of the line");
  nextLine();
}

void Reader::enter(int depth) const {
  if (depth > maxDepth_) fail(tok().loc, nestingTooDeep(maxDepth_));
}

// dump := function {function}
void Reader::readAll() {
  nextLine();
  while (!atLevel(-1))
    function();
  if (m_.functions.empty())
    fail(tok().loc, "no def tigermain: the dump has no main program");
}

// function := "def" NAME "(" [param {"," param}] ")" ["->" type] ":" block(1)
void Reader::function() {
  if (!lineIs(0, "def")) expected("'def' starting a function");
  shift();
  Loc where = tok().loc;
  if (tok().kind != Tok::Name || tok().text.find('.') != std::string_view::npos ||
      isReserved(tok().text))
    expected("the function's name");
  auto [seen, added] = defined_.emplace(std::string(tok().text), where.begin.line);
  if (!added)
    fail(where, "a function named " + seen->first + " is already defined (line " +
                    std::to_string(seen->second) + ")");
  f_ = &m_.functions.emplace_back();
  f_->name = seen->first;
  vars_.clear();
  typed_.clear();
  shift();
  header(*f_);
  if (m_.functions.size() == 1 &&
      (f_->name != "tigermain" || !f_->params.empty() || f_->returnsValue))
    fail(where, "the first function of a dump is the main program: def tigermain():");
  if (places_) places_->functions.push_back(where);
  f_->body = block(1, nullptr);
}

// "(" [param {"," param}] ")" ["->" type] ":", where param := var ":" type
void Reader::header(Function& f) {
  expect("(");
  while (!at(")")) {
    if (!f.params.empty()) expect(",");
    VarId p = var();
    expect(":");
    define(p, type());
    f.params.push_back(p);
  }
  shift();
  if (at("->")) {
    shift();
    Loc where = tok().loc;
    if (type() != Type::Int64)
      fail(where, "a function returns pl.Scalar[pl.INT64] or nothing");
    f.returnsValue = true;
  }
  expect(":");
  endLine();
}

// type := "pl.Scalar" "[" ("pl.INT64" | "pl.BOOL") "]"
Type Reader::type() {
  expect("pl.Scalar");
  expect("[");
  if (!at("pl.INT64") && !at("pl.BOOL")) expected("pl.INT64 or pl.BOOL");
  Type t = at("pl.BOOL") ? Type::Bool : Type::Int64;
  shift();
  expect("]");
  return t;
}

// block(n) := "pass" | stmt(n) {stmt(n)}
Block Reader::block(int level, Owner* owner) {
  if (line_.level > level) fail(tok().loc, "unexpected indentation");
  if (!atLevel(level)) expected("an indented block (pass when it is empty)");
  if (!at("pass")) return statements(level, owner, false);
  shift();
  endLine();
  if (atLevel(level)) fail(tok().loc, "pass stands alone in its block");
  return {};
}

// The statements of lines at `level`, up to a shallower line (or, when `untilCond`, a
// pl.cond line of that level, left for the caller).
Block Reader::statements(int level, Owner* owner, bool untilCond) {
  Block b;
  while (atLevel(level) && !(untilCond && at("pl.cond")))
    b.push_back(stmt(level, owner));
  if (line_.level > level) fail(tok().loc, "unexpected indentation");
  return b;
}

StmtPtr Reader::stmt(int level, Owner* owner) {
  Loc where = tok().loc;
  StmtPtr s;
  if (at("if"))
    s = ifStmt(level);
  else if (at("for"))
    s = forStmt(level);
  else if (at("while"))
    s = whileStmt(level);
  else
    s = simple(level, owner);
  if (places_) places_->stmts.emplace(s.get(), where);
  return s;
}

// simple := var "=" expr | [var {"," var} "="] "pl.yield_" "(" [vars] ")"
//         | "pl.store" "(" expr "," expr "," expr ")" | "return" [expr]
//         | "break" | "continue" | expr
StmtPtr Reader::simple(int level, Owner* owner) {
  Loc where = tok().loc;
  StmtPtr s;
  if (at("else")) fail(where, "else without an if just above it, at its level");
  if (at("pass")) fail(where, "pass stands alone in its block");
  if (at("pl.cond")) fail(where, "pl.cond(...) only ends a while's condition statements");
  if (at("def")) fail(where, "def inside a function (a dump's functions are not nested)");
  if (at("break") || at("continue")) {
    s = at("break") ? StmtPtr(std::make_unique<Break>()) : std::make_unique<Continue>();
    shift();
  } else if (at("return")) {
    shift();
    s = std::make_unique<Return>(tok().kind == Tok::End ? nullptr : expr(level));
  } else if (at("pl.store")) {
    s = store(level);
  } else if (at("pl.yield_")) {
    s = yield({}, owner, where);
  } else if (tok().kind == Tok::Name && (ahead().text == "=" || ahead().text == ",")) {
    std::vector<VarId> left = names("'='");
    expect("=");
    if (at("pl.yield_")) {
      s = yield(std::move(left), owner, where);
    } else {
      if (left.size() != 1) expected("pl.yield_ (only a yield assigns several names)");
      ExprPtr e = expr(level);
      define(left[0], e->type);
      s = std::make_unique<Assign>(left[0], std::move(e));
    }
  } else {
    s = std::make_unique<Eval>(expr(level));
  }
  endLine();
  return s;
}

// "pl.store" "(" expr "," expr "," expr ")"
StmtPtr Reader::store(int level) {
  shift();
  expect("(");
  ExprPtr base = expr(level);
  expect(",");
  ExprPtr index = expr(level);
  expect(",");
  ExprPtr value = expr(level);
  expect(")");
  return std::make_unique<Store>(std::move(base), std::move(index), std::move(value));
}

// "pl.yield_" "(" [var {"," var}] ")", whose left side `results` the owner's yields share.
StmtPtr Reader::yield(std::vector<VarId> results, Owner* owner, Loc where) {
  shift();
  expect("(");
  std::vector<VarId> values = names("')'");
  expect(")");
  if (owner)
    own(*owner, std::move(results), values, where);
  else if (!results.empty())
    fail(where, "results on a yield that ends no if branch and no loop body");
  return std::make_unique<Yield>(std::move(values));
}

// The first yield of an if or loop names its results; the others must name the same.
void Reader::own(Owner& o, std::vector<VarId> results, const std::vector<VarId>& values,
                 Loc where) {
  if (o.first) {
    if (results != o.results)
      fail(where, "the results of this yield differ from those of the yield at line " +
                      std::to_string(o.first->begin.line) +
                      " (an if or loop has one list)");
    return;
  }
  o.first = where;
  defineLike(results, values);
  o.results = std::move(results);
}

// "if" expr ":" block(n+1) ["else" ":" block(n+1)]
StmtPtr Reader::ifStmt(int level) {
  shift();
  ExprPtr cond = expr(level);
  expect(":");
  endLine();
  Owner owner;
  Block then = block(level + 1, &owner), otherwise;
  if (lineIs(level, "else")) {
    shift();
    expect(":");
    endLine();
    otherwise = block(level + 1, &owner);
  }
  auto s = std::make_unique<If>(std::move(cond), std::move(then), std::move(otherwise));
  s->returnVars = std::move(owner.results);
  return s;
}

// "for" tuple "in" "pl.while_" "(" "init_values" "=" tuple ")" ":" cond(n+1) block(n+1)
// or a rangeLoop.
StmtPtr Reader::forStmt(int level) {
  shift();
  if (!at("(")) return rangeLoop(level);
  std::vector<VarId> iterArgs = tuple();
  expect("in");
  expect("pl.while_");
  expect("(");
  std::vector<VarId> inits = named("init_values");
  expect(")");
  expect(":");
  endLine();
  defineLike(iterArgs, inits);
  return conditioned(level, std::move(iterArgs), std::move(inits));
}

// "for" var ["," tuple] "in" "pl.range" "(" expr "," expr "," "inclusive" "=" "True"
//     ["," "init_values" "=" tuple] ")" ":" block(n+1)
StmtPtr Reader::rangeLoop(int level) {
  VarId index = var();
  std::vector<VarId> iterArgs, inits;
  if (skip(",")) iterArgs = tuple();
  expect("in");
  expect("pl.range");
  expect("(");
  ExprPtr lo = expr(level);
  expect(",");
  ExprPtr hi = expr(level);
  for (std::string_view word : {",", "inclusive", "=", "True"})
    expect(word);
  if (skip(",")) inits = named("init_values");
  expect(")");
  expect(":");
  endLine();
  define(index, Type::Int64);
  defineLike(iterArgs, inits);
  Owner owner;
  Block body = block(level + 1, &owner);
  auto s = std::make_unique<For>(index, std::move(lo), std::move(hi), std::move(body));
  s->iterArgs = std::move(iterArgs);
  s->initValues = std::move(inits);
  s->returnVars = std::move(owner.results);
  return s;
}

// "while" expr ":" block(n+1) | "while" ":" cond(n+1) block(n+1)
StmtPtr Reader::whileStmt(int level) {
  shift();
  if (at(":")) {
    shift();
    endLine();
    return conditioned(level, {}, {});
  }
  ExprPtr cond = expr(level);
  expect(":");
  endLine();
  Owner owner;
  Block body = block(level + 1, &owner);
  auto s = std::make_unique<While>(Block{}, std::move(cond), std::move(body));
  s->returnVars = std::move(owner.results);
  return s;
}

// cond(n+1) block(n+1), where cond(n) := {stmt(n)} "pl.cond" "(" expr
// ["," "forward" "=" tuple] ")"
StmtPtr Reader::conditioned(int level, std::vector<VarId> iterArgs,
                            std::vector<VarId> inits) {
  Block condStmts = statements(level + 1, nullptr, true);
  if (!lineIs(level + 1, "pl.cond"))
    expected("pl.cond(...) ending the while's condition statements");
  shift();
  expect("(");
  ExprPtr cond = expr(level + 1);
  std::vector<VarId> condValues = iterArgs;
  if (skip(",")) condValues = named("forward");
  expect(")");
  endLine();
  Owner owner;
  Block body = block(level + 1, &owner);
  auto s =
      std::make_unique<While>(std::move(condStmts), std::move(cond), std::move(body));
  s->iterArgs = std::move(iterArgs);
  s->initValues = std::move(inits);
  s->condValues = std::move(condValues);
  s->returnVars = std::move(owner.results);
  return s;
}

// word "=" tuple: init_values=(...), forward=(...)
std::vector<VarId> Reader::named(std::string_view word) {
  expect(word);
  expect("=");
  return tuple();
}

// tuple := "(" var {"," var} [","] ")"
std::vector<VarId> Reader::tuple() {
  expect("(");
  std::vector<VarId> vs = names("')'");
  if (vs.size() == 1 && at(",")) shift();
  expect(")");
  return vs;
}

// [var {"," var}], up to `closer` (what may follow, for the message).
std::vector<VarId> Reader::names(std::string_view closer) {
  std::vector<VarId> vs;
  if (tok().kind != Tok::Name) return vs;
  for (vs.push_back(var()); at(",") && ahead().kind == Tok::Name;) {
    shift();
    vs.push_back(var());
  }
  if (at(",") && vs.size() > 1) expected("a variable or " + std::string(closer));
  return vs;
}

// expr := "not" operand | operand [binop operand]
ExprPtr Reader::expr(int depth) {
  enter(depth);
  if (at("not")) {
    shift();
    return std::make_unique<Unary>(Type::Bool, UnOp::Not, operand(depth));
  }
  ExprPtr left = operand(depth);
  for (const Operator& op : kOperators) {
    if (!at(op.text)) continue;
    shift();
    ExprPtr right = operand(depth);
    if (op.compare)
      return std::make_unique<Compare>(op.cmp, std::move(left), std::move(right));
    Type t = op.bin == BinOp::And || op.bin == BinOp::Or ? Type::Bool : Type::Int64;
    return std::make_unique<Binary>(t, op.bin, std::move(left), std::move(right));
  }
  return left;
}

// operand := "(" expr ")" | INT | "True" | "False" | STRING | var | applied
// (a parenthesis, a call or a load is a level deeper; an operator is not: its
// operands that are operations are parenthesized)
ExprPtr Reader::operand(int depth) {
  Token t = tok();
  if (at("(")) {
    shift();
    ExprPtr e = expr(depth + 1);
    expect(")");
    return e;
  }
  if (t.kind == Tok::Int || at("True") || at("False")) {
    shift();
    if (t.kind == Tok::Int) return intConst(t.value);
    return boolConst(t.text == "True");
  }
  if (t.kind == Tok::String) {
    shift();
    return std::make_unique<String>(std::move(t.str));
  }
  if (t.kind != Tok::Name) expected("an expression");
  if (ahead().text == "(") return applied(depth);
  VarId v = var();
  return std::make_unique<VarRef>(typeOf(v), v);
}

// "int" "(" expr ")" | "pl.load" "(" expr "," expr ")" | ["rt."]NAME "(" [args] ")"
ExprPtr Reader::applied(int depth) {
  std::string_view name = tok().text;
  if (name.find('.') != std::string_view::npos && name != "pl.load" &&
      !name.starts_with("rt."))
    expected("an expression (" + std::string(name) + "(...) is not a value)");
  if (isReserved(name) && name != "int") expected("an expression");
  shift();
  if (name == "pl.load" || name == "int") {
    expect("(");
    ExprPtr a = expr(depth + 1);
    if (name == "int") {
      expect(")");
      return std::make_unique<Unary>(Type::Int64, UnOp::ToInt, std::move(a));
    }
    expect(",");
    ExprPtr b = expr(depth + 1);
    expect(")");
    return std::make_unique<Load>(std::move(a), std::move(b));
  }
  bool runtime = name.starts_with("rt.");
  return std::make_unique<Call>(runtime ? Callee::Runtime : Callee::User,
                                std::string(runtime ? name.substr(3) : name),
                                arguments(depth));
}

// "(" [expr {"," expr}] ")"
std::vector<ExprPtr> Reader::arguments(int depth) {
  expect("(");
  std::vector<ExprPtr> args;
  while (!at(")")) {
    if (!args.empty()) expect(",");
    args.push_back(expr(depth + 1));
  }
  shift();
  return args;
}

// var := NAME: the function's variable of that printed name, made on first sight.
VarId Reader::var() {
  const Token& t = tok();
  if (t.kind != Tok::Name || t.text.find('.') != std::string_view::npos ||
      isReserved(t.text))
    expected("a variable");
  auto [it, added] =
      vars_.emplace(std::string(t.text), static_cast<VarId>(typed_.size()));
  if (added) {
    f_->vars.push_back(nameInfo(t.text, t.loc));
    typed_.push_back(0);
  }
  shift();
  return it->second;
}

// The first definition of a variable gives it its type.
void Reader::define(VarId v, Type t) {
  if (typed_[static_cast<std::size_t>(v)]) return;
  typed_[static_cast<std::size_t>(v)] = 1;
  f_->vars[static_cast<std::size_t>(v)].type = t;
}

// vs[k] defined with the type of values[k] (INT64 past the end of values).
void Reader::defineLike(const std::vector<VarId>& vs, const std::vector<VarId>& values) {
  for (std::size_t k = 0; k < vs.size(); ++k)
    define(vs[k], k < values.size() ? typeOf(values[k]) : Type::Int64);
}

} // namespace

Loc DumpPlaces::at(std::size_t function, const Stmt* s) const {
  auto it = s ? stmts.find(s) : stmts.end();
  if (it != stmts.end()) return it->second;
  return function < functions.size() ? functions[function] : Loc{};
}

std::unique_ptr<Module> readModule(const SourceFile& src, Diagnostics& diag,
                                   DumpPlaces* places) {
  auto m = std::make_unique<Module>();
  try {
    Reader(src, *m, places).readAll();
  } catch (const ReadError& e) {
    diag.error(e.loc, e.message);
    return nullptr;
  }
  return m;
}

} // namespace tiger::sir
