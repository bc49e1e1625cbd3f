// profile.cc - see profile.hh. A small reader of the JSON a profile is (an object of
// strings, integers and one object of strings; no arrays, floats, true/false or null),
// then the keys into a tree::Dialect.
#include "grading/profile.hh"

#include "chap7/ir/runtime.hh"

#include <algorithm>
#include <cctype>
#include <map>

namespace tiger::grading {
namespace {

// ---- the shipped profiles (grading/profiles/*.json) ----

tree::Dialect appelC() { // Appel's C edition: printtree.c, temps "t" + number, 32 bits
  tree::Dialect d;
  d.name = "appel-c";
  d.wordSize = 4;
  return d;
}

tree::Dialect appelMl() { // the ML edition: printtree.sml, MUL and DIV, ~5
  tree::Dialect d = appelC();
  d.name = "appel-ml";
  d.binops[2] = "MUL", d.binops[3] = "DIV";
  d.tildeNegatives = true;
  return d;
}

tree::Dialect appelJava() { // the Java edition: Tree/Print.java, MUL and DIV
  tree::Dialect d = appelC();
  d.name = "appel-java";
  d.binops[2] = "MUL", d.binops[3] = "DIV";
  return d;
}

// The C++ lab skeletons (rainoftime/tiger-cpp): x86-64, 8-byte words, no frame pointer
// (fp = rsp + NAME f_framesize), rax the return value, the runtime's snake_case names.
tree::Dialect tigerCpp() {
  tree::Dialect d;
  d.name = "tiger-cpp";
  d.tempWord = "temp";
  d.fp = "";
  d.sp = "t115";
  d.rv = "t100";
  d.frameSizeSuffix = "_framesize";
  d.runtime = {{"init_array", "initArray", {}},
               {"alloc_record", "allocRecord", {}},
               {"string_equal", "stringEqual", {}}};
  return d;
}

// ---- a JSON object reader ----

struct Json {
  const std::string& path;
  const std::string& text;
  std::size_t i = 0;
  int line = 1, col = 1;
  std::string error;

  bool fail(const std::string& message) {
    if (error.empty())
      error = path + ":" + std::to_string(line) + ":" + std::to_string(col) +
              ": error: " + message;
    return false;
  }
  char peek() const { return i < text.size() ? text[i] : '\0'; }
  void advance() {
    if (text[i++] == '\n')
      ++line, col = 1;
    else
      ++col;
  }
  void blanks() {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(peek())))
      advance();
  }
  bool punct(char c) {
    blanks();
    if (peek() != c) return fail(std::string("expected '") + c + "'");
    advance();
    return true;
  }
  // A string without escapes but \" and \\ (a profile's names need no others).
  bool string(std::string& out) {
    blanks();
    if (peek() != '"') return fail("expected a string");
    advance();
    out.clear();
    while (i < text.size() && peek() != '"' && peek() != '\n') {
      if (peek() == '\\') advance();
      if (i < text.size()) out += peek(), advance();
    }
    if (peek() != '"') return fail("unterminated string");
    advance();
    return true;
  }
  bool integer(std::int64_t& out) {
    blanks();
    std::size_t start = i;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(peek())) &&
           i - start < 6)
      advance();
    if (i == start) return fail("expected a number");
    out = std::stoll(text.substr(start, i - start));
    return true;
  }
  // { "key": value, ... }: calls `member` at each value, which reads it.
  template <class F> bool object(F member) {
    if (!punct('{')) return false;
    blanks();
    if (peek() == '}') return advance(), true;
    for (;;) {
      std::string key;
      if (!string(key) || !punct(':') || !member(key)) return false;
      blanks();
      if (peek() == '}') return advance(), true;
      if (!punct(',')) return false;
    }
  }
};

// "initArray", "initArray(1, 2)" (the course's arguments it takes) or "getchar()"
// (none of them), of tigerc's runtime or derived from it (Dialect::kDerived); nullopt
// when it is neither.
std::optional<tree::Dialect::RuntimeName> runtimeName(const std::string& course,
                                                      const std::string& text) {
  tree::Dialect::RuntimeName r{course, text.substr(0, text.find('(')), {}, false};
  bool derived = std::find(tree::Dialect::kDerived.begin(), tree::Dialect::kDerived.end(),
                           r.tigerc) != tree::Dialect::kDerived.end();
  if (!derived && !runtime::isRuntimeFunction(r.tigerc)) return std::nullopt;
  if (r.tigerc.size() == text.size()) return r;
  std::string list = text.substr(r.tigerc.size());
  if (list.size() < 2 || list.back() != ')') return std::nullopt;
  r.pick = true;
  if (list.find_first_not_of(' ', 1) == list.size() - 1) return r; // "()": none
  std::size_t k = 1;
  while (k < list.size() - 1) {
    while (list[k] == ' ' || list[k] == ',')
      ++k;
    std::size_t end = k;
    while (std::isdigit(static_cast<unsigned char>(list[end])))
      ++end;
    if (end == k || end - k > 2) return std::nullopt;
    r.args.push_back(std::stoi(list.substr(k, end - k)));
    k = end;
    while (list[k] == ' ')
      ++k;
    if (list[k] != ',' && list[k] != ')') return std::nullopt;
  }
  return r;
}

bool member(Json& in, const std::string& key, tree::Dialect& d, bool& dialectSeen) {
  std::string s;
  if (key == "dialect") {
    if (dialectSeen) return in.fail("\"dialect\" must come first");
    if (!in.string(s)) return false;
    std::optional<tree::Dialect> base = builtinProfile(s);
    if (!base) return in.fail("unknown dialect \"" + s + "\"");
    d = *base;
    return true;
  }
  dialectSeen = true;
  if (key == "description") return in.string(s);
  if (key == "fp") return in.string(d.fp);
  if (key == "sp") return in.string(d.sp);
  if (key == "frame_size_suffix") return in.string(d.frameSizeSuffix);
  if (key == "rv") return in.string(d.rv);
  if (key == "main") return in.string(d.mainLabel);
  if (key == "word_size") {
    std::int64_t w = 0;
    if (!in.integer(w)) return false;
    if (w != 4 && w != 8) return in.fail("word_size must be 4 or 8");
    d.wordSize = static_cast<int>(w);
    return true;
  }
  if (key == "runtime") {
    d.runtime.clear();
    return in.object([&](const std::string& course) {
      std::string ours;
      if (!in.string(ours)) return false;
      std::optional<tree::Dialect::RuntimeName> r = runtimeName(course, ours);
      if (!r) return in.fail("\"" + ours + "\" is not a runtime function of tigerc");
      if (course != ours) d.runtime.push_back(*r);
      return true;
    });
  }
  return in.fail("unknown key \"" + key + "\"");
}

} // namespace

const std::vector<std::string_view>& dialectNames() {
  static const std::vector<std::string_view> names = {"tigerc", "appel-c", "appel-ml",
                                                      "appel-java", "tiger-cpp"};
  return names;
}

std::optional<tree::Dialect> builtinProfile(std::string_view name) {
  if (name == "tigerc") return tree::Dialect{};
  if (name == "appel-c") return appelC();
  if (name == "appel-ml") return appelMl();
  if (name == "appel-java") return appelJava();
  if (name == "tiger-cpp") return tigerCpp();
  return std::nullopt;
}

std::optional<tree::Dialect> readProfile(const std::string& path, const std::string& text,
                                         std::string& error) {
  Json in{path, text, 0, 1, 1, {}};
  tree::Dialect d;
  d.name.clear(); // until "dialect" names one
  bool dialectSeen = false;
  bool ok =
      in.object([&](const std::string& key) { return member(in, key, d, dialectSeen); });
  in.blanks();
  if (ok && in.i < text.size()) ok = in.fail("text after the profile's object");
  if (!ok) {
    error = in.error;
    return std::nullopt;
  }
  return d;
}

void setSpelling(tree::Dialect& profile, std::string_view dialect) {
  tree::Dialect spelling = builtinProfile(dialect).value_or(tree::Dialect{});
  profile.name = spelling.name;
  profile.binops = spelling.binops;
  profile.tildeNegatives = spelling.tildeNegatives;
  profile.tempWord = spelling.tempWord;
}

std::string_view detectDialect(std::string_view dump) {
  auto word = [&](std::string_view w) {
    for (std::size_t at = dump.find(w); at != std::string_view::npos;
         at = dump.find(w, at + 1)) {
      bool before = at == 0 || !std::isalnum(static_cast<unsigned char>(dump[at - 1]));
      std::size_t end = at + w.size();
      bool after =
          end == dump.size() || !std::isalnum(static_cast<unsigned char>(dump[end]));
      if (before && after) return true;
    }
    return false;
  };
  for (std::size_t at = dump.find('~'); at != std::string_view::npos;
       at = dump.find('~', at + 1))
    if (at + 1 < dump.size() && std::isdigit(static_cast<unsigned char>(dump[at + 1])))
      return "appel-ml";
  if (word("MUL") || word("DIV")) return "appel-ml";
  if (word("temp")) return "tiger-cpp";
  return "appel-c";
}

} // namespace tiger::grading
