// dump_read.hh - what the readers of tigerc's printed dumps share: chap7/ir/tree_read.cc
// (--from=ir|linear|traces) and ptoext/sir_read.cc (--from=pto-ssa). Their input is any
// text, often a student's compiler's output: a syntax error ends the read as a
// ReadError, which the reader's entry reports through Diagnostics (`file:line:col:
// error: ...`, the line and a caret).
#pragma once

#include "base/diag.hh"

#include <cstddef>
#include <string>
#include <string_view>

namespace tiger {

// A syntax error of a dump: where, and what is wrong. Ends the read.
struct ReadError {
  Loc loc;
  std::string message;
};

// "expected WHAT, found 'TOKEN'" (clipped to 40 characters), or "expected WHAT, found
// END" when the token is empty (`end`: "the end of the file", "the end of the line").
std::string expectedFound(const std::string& what, std::string_view token,
                          std::string_view end);

// The numeric escape of a printer's string literals: tree dumps write \ddd (three
// decimal digits, at most 255; chap7/ir/tree_print.cc), pto dumps \xHH
// (ptoext/sir_print.cc).
enum class NumericEscape { Decimal, Hex };

// The string literal whose opening quote is text[i], at `at` (a literal holds no
// newline, so its columns follow from there): its bytes, with \" \\ \n \t and the
// numeric escape decoded. `i` ends past the closing quote. Throws a ReadError for an
// unterminated literal or another escape.
std::string readStringLiteral(const std::string& text, std::size_t& i, Pos at,
                              NumericEscape numeric);

} // namespace tiger
