// front_parse_fuzz.cc - the front end on junk: random bytes, random token soup, and
// book-like programs with random edits (a fixed seed, so every run is the same).
//
// Expects: no crash, no hang, and a consistent result - a program exactly when no
// error was reported, otherwise a failure and at least one "error:" line; a Lexical
// failure exactly when the token dump also fails (up to where the parse stopped).
#include "front_parse_util.hh"

#include <random>

namespace tiger::test {
namespace {

void expectConsistent(const std::string& text) {
  Parsed p = parseText(text, false);
  if (p.failure == ParseFailure::None) {
    EXPECT_NE(p.program, nullptr);
    EXPECT_EQ(p.errors, "");
  } else {
    EXPECT_EQ(p.program, nullptr);
    EXPECT_NE(p.errors.find("error:"), std::string::npos);
  }
  // The parse may stop at a syntax error before a later lexical one; the token dump
  // scans everything.
  Lexed l = lexText(text);
  if (p.failure == ParseFailure::Lexical) {
    EXPECT_FALSE(l.ok);
  }
  if (l.ok) {
    EXPECT_NE(p.failure, ParseFailure::Lexical);
  }
}

TEST(ParseFuzz, RandomBytes) {
  std::mt19937 rng(7);
  for (int i = 0; i < 300; ++i) {
    std::string text(rng() % 400, '\0');
    for (char& c : text)
      c = static_cast<char>(rng() & 255);
    expectConsistent(text);
  }
}

TEST(ParseFuzz, RandomTokenSoup) {
  const char* pieces[] = {
      "let",   "in", "end",   "var", "function", "type", "if", "then",  "else",
      "while", "do", "for",   "to",  "break",    "nil",  "of", "array", "x",
      "f",     "42", "\"s\"", "(",   ")",        "[",    "]",  "{",     "}",
      ",",     ":",  ";",     ".",   "+",        "-",    "*",  "/",     "=",
      "<>",    "<",  ":=",    "&",   "|",        "/*",   "*/", "\"",    "\\"};
  std::mt19937 rng(11);
  for (int i = 0; i < 2000; ++i) {
    std::string text;
    for (int n = rng() % 60; n > 0; --n)
      text += std::string(pieces[rng() % 45]) + " ";
    expectConsistent(text);
  }
}

TEST(ParseFuzz, EditedPrograms) {
  const std::string base =
      "let type list = {head: int, tail: list}\n"
      "    type arr = array of int\n"
      "    var a := arr [10] of -1\n"
      "    function len(l: list): int = if l = nil then 0 else 1 + len(l.tail)\n"
      "in for i := 0 to 9 do (a[i] := i * 2; if a[i] > 5 then break);\n"
      "   print(\"done\\n\"); len(list{head = 1, tail = nil}) end\n";
  expectConsistent(base);
  std::mt19937 rng(3);
  for (int i = 0; i < 2000; ++i) {
    std::string text = base;
    for (int edits = 1 + rng() % 3; edits > 0; --edits) {
      std::size_t at = rng() % text.size();
      switch (rng() % 3) {
      case 0: text.erase(at, 1 + rng() % 4); break;
      case 1: text.insert(at, 1, base[rng() % base.size()]); break;
      default: std::swap(text[at], text[rng() % text.size()]); break;
      }
      if (text.empty()) text = "x";
    }
    expectConsistent(text);
  }
}

} // namespace
} // namespace tiger::test
