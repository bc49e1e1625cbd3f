// dump_read.cc - see dump_read.hh.
#include "base/dump_read.hh"

namespace tiger {
namespace {

int hexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

bool isDigit(char c) {
  return c >= '0' && c <= '9';
}

// The byte a numeric escape at text[i] (after its backslash) stands for, or -1 when
// none is there; the escape's length in `length`. Past 255 is an error at `at`.
int numericEscape(const std::string& text, std::size_t i, NumericEscape numeric,
                  std::size_t& length, Pos at) {
  auto peek = [&](std::size_t k) { return i + k < text.size() ? text[i + k] : '\0'; };
  length = 3;
  if (numeric == NumericEscape::Hex) {
    if (peek(0) != 'x' || hexDigit(peek(1)) < 0 || hexDigit(peek(2)) < 0) return -1;
    return hexDigit(peek(1)) * 16 + hexDigit(peek(2));
  }
  if (!isDigit(peek(0)) || !isDigit(peek(1)) || !isDigit(peek(2))) return -1;
  int code = (peek(0) - '0') * 100 + (peek(1) - '0') * 10 + (peek(2) - '0');
  if (code > 255)
    throw ReadError{Loc{at, at},
                    "character code \\" + std::to_string(code) + " is over 255"};
  return code;
}

} // namespace

std::string expectedFound(const std::string& what, std::string_view token,
                          std::string_view end) {
  std::string found = token.empty() ? std::string(end) : "'" + std::string(token) + "'";
  if (!token.empty() && found.size() > 40) found = found.substr(0, 37) + "...'";
  return "expected " + what + ", found " + found;
}

std::string readStringLiteral(const std::string& text, std::size_t& i, Pos at,
                              NumericEscape numeric) {
  const std::size_t start = i++;
  auto here = [&] { return Pos{at.line, at.col + static_cast<int>(i - start)}; };
  std::string bytes;
  for (;;) {
    if (i >= text.size() || text[i] == '\n')
      throw ReadError{Loc{at, at}, "unterminated string literal"};
    char c = text[i++];
    if (c == '"') return bytes;
    if (c != '\\') {
      bytes += c;
      continue;
    }
    char e = i < text.size() ? text[i] : '\0';
    std::size_t length = 1;
    if (e == 'n' || e == 't' || e == '"' || e == '\\') {
      bytes += e == 'n' ? '\n' : e == 't' ? '\t' : e;
    } else if (int code = numericEscape(text, i, numeric, length, here()); code >= 0) {
      bytes += static_cast<char>(code);
    } else {
      throw ReadError{Loc{here(), here()},
                      std::string("unknown escape in a string literal (use \\n \\t \\\" "
                                  "\\\\ or ") +
                          (numeric == NumericEscape::Hex ? "\\xHH)" : "\\ddd)")};
    }
    i += length;
  }
}

} // namespace tiger
