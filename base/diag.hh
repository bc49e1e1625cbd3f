// diag.hh - source files, locations, error reports and the exit codes of tigerc.
//
// Every stage reports problems through a Diagnostics object, which prints
//
//   prog.tig:3:14: error: undefined variable 'x'
//       y := x + 1
//            ^
//
// (file:line:col, the source line, a caret under the column) and counts errors so a
// stage can keep going and show a student several problems at once.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

namespace tiger {

// Exit status of tigerc, one per failure class (documented in README.md).
// A Tiger program's own exit(n) gives n.
enum class ExitCode : int {
  Ok = 0,
  Usage = 64,       // bad command line
  Lexical = 65,     // the scanner rejected the program
  Syntax = 66,      // the parser rejected the program
  Semantic = 67,    // type or scope error
  BadIr = 68,       // a dump read by --from breaks its stage's invariants (--verify)
  Runtime = 70,     // index out of range, field of nil, division by zero, ...
  Limit = 71,       // step or call-depth limit reached (a runaway program)
  Output = 73,      // standard output cannot be written (disk full, closed)
  Input = 74,       // the source file cannot be read
  ToolFailure = 75, // an external tool (mlir-opt-19, dot) failed
  OutOfMemory = 76, // tigerc itself ran out of memory (a limit such as `ulimit -v`)
  Internal = 77,    // a checker caught a compiler bug
  LabStub = 78,     // a lab handout's function is still a stub (labs/README.md)
};

// A position in the source: 1-based line and column.
struct Pos {
  int line = 1;
  int col = 1;
};

// A source range [begin, end). Bison uses it as its location type.
struct Loc {
  Pos begin;
  Pos end;
};

// The text of one source file, its line starts indexed by the first error report (8
// bytes a line that a program without errors never needs).
class SourceFile {
public:
  SourceFile(std::string name, std::string text);
  const std::string& name() const { return name_; }
  const std::string& text() const { return text_; }
  // The text of line `line` (1-based), without its newline; "" when out of range.
  std::string line(int line) const;

private:
  std::string name_;
  std::string text_;
  mutable std::vector<std::size_t> lineStarts_; // filled by the first line()
};

// Collects and prints errors of one compilation.
class Diagnostics {
public:
  Diagnostics(const SourceFile& src, std::ostream& out) : src_(src), out_(out) {}
  // Prints "file:line:col: error: message", the source line and a caret.
  void error(Loc loc, const std::string& message);
  // Same with "note:" (extra context for the previous error).
  void note(Loc loc, const std::string& message);
  int errorCount() const { return errors_; }
  // Stops printing after this many errors (the count still grows).
  void setMaxErrors(int n) { maxErrors_ = n; }
  const SourceFile& source() const { return src_; }

private:
  void report(Loc loc, const char* severity, const std::string& message);
  const SourceFile& src_;
  std::ostream& out_;
  int errors_ = 0;
  int maxErrors_ = 50;
};

} // namespace tiger
