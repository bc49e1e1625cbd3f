// diag.cc - see diag.hh.
#include "base/diag.hh"

#include <ostream>
#include <string>

namespace tiger {

SourceFile::SourceFile(std::string name, std::string text)
    : name_(std::move(name)), text_(std::move(text)) {
}

std::string SourceFile::line(int line) const {
  if (lineStarts_.empty()) { // the first report: the lines are indexed now
    lineStarts_.push_back(0);
    for (std::size_t i = 0; i < text_.size(); ++i)
      if (text_[i] == '\n') lineStarts_.push_back(i + 1);
  }
  if (line < 1 || static_cast<std::size_t>(line) > lineStarts_.size()) return "";
  std::size_t b = lineStarts_[line - 1];
  std::size_t e = text_.find('\n', b);
  if (e == std::string::npos) e = text_.size();
  std::string s = text_.substr(b, e - b);
  if (!s.empty() && s.back() == '\r') s.pop_back();
  // Keep the report readable on binary junk: show non-printing bytes as '?'.
  for (char& c : s)
    if ((static_cast<unsigned char>(c) < 32 && c != '\t') || c == 127) c = '?';
  if (s.size() > 200) s = s.substr(0, 200) + "...";
  return s;
}

void Diagnostics::error(Loc loc, const std::string& message) {
  ++errors_;
  if (errors_ <= maxErrors_)
    report(loc, "error", message);
  else if (errors_ == maxErrors_ + 1)
    out_ << src_.name() << ": note: too many errors, the rest are not shown\n";
}

void Diagnostics::note(Loc loc, const std::string& message) {
  if (errors_ <= maxErrors_) report(loc, "note", message);
}

void Diagnostics::report(Loc loc, const char* severity, const std::string& message) {
  out_ << src_.name() << ':' << loc.begin.line << ':' << loc.begin.col << ": " << severity
       << ": " << message << '\n';
  std::string text = src_.line(loc.begin.line);
  out_ << "  " << text << '\n' << "  ";
  // The caret sits under the column; tabs in the line are copied so it lines up.
  for (int i = 1; i < loc.begin.col && i <= static_cast<int>(text.size()); ++i)
    out_ << (text[i - 1] == '\t' ? '\t' : ' ');
  out_ << "^\n";
}

} // namespace tiger
