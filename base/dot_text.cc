// dot_text.cc - Graphviz's quoted strings; see dot_text.hh.
#include "base/dot_text.hh"

namespace tiger::dot {
namespace {

std::string escaped(const std::string& text) {
  std::string e;
  for (char c : text) {
    if (c == '"' || c == '\\') e += '\\';
    if (c == '\n')
      e += "\\n";
    else
      e += c;
  }
  return e;
}

} // namespace

std::string quote(const std::string& text) {
  return '"' + escaped(text) + '"';
}

std::string lines(const std::vector<std::string>& text) {
  std::string q = "\"";
  for (const std::string& line : text)
    q += escaped(line) + "\\l";
  return q + '"';
}

} // namespace tiger::dot
