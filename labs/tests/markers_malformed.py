#!/usr/bin/env python3
"""markers.py - the LAB marker grammar of labs/README.md is enforced.

Expects: each malformed text below gives its error (`python3 -m labs.cut --check`, the
other half of the ctest labs_markers, checks this tree's own sources): a region that starts in one function and ends in another, a region
with a STUB that is not a function's whole body, END without BEGIN, BEGIN inside a
region, a region with no END, an unknown `// LAB` line, a stub naming another
function; and a function's body with no STUB line gets the default stub, which passes
the function's parameters (a multi-line head, templates, defaults, an unnamed one) so that
-Wunused-parameter stays quiet; a file given a stub includes grading/lab_stub.hh, sorted
into its quoted includes after its own header, and a file whose regions stay solution
does not. Exit 1 when any expectation fails.
"""
import sys

from ..handout import markers as lab_markers

STUB = '  // LAB STUB tiger::labUnwritten("canon", "f()", "x.cc");'
CASES = [
    ("spans two functions", ["void f() {", "  // LAB canon BEGIN f()", STUB, "  a();",
                             "}", "void g() {", "  b();", "  // LAB END", "}"],
     "braces do not balance"),
    ("stub not a body", ["// LAB canon BEGIN f()", STUB, "void f() {}", "// LAB END",
                         "int x;"], "must be a function's whole body"),
    ("END alone", ["// LAB END"], "END without BEGIN"),
    ("nested", ["// LAB canon BEGIN f()", "// LAB canon BEGIN g()", "// LAB END"],
     "BEGIN inside the region"),
    ("no END", ["// LAB canon BEGIN helpers", "int x;"], "has no END"),
    ("unknown marker", ["// LAB canon START f()"], "not a marker"),
    ("stub names another", ["void f() {", "  // LAB canon BEGIN f()",
                            '  // LAB STUB tiger::labUnwritten("canon", "g()", "x.cc");',
                            "  // LAB END", "}"], "stub names"),
]
DEFAULT_STUB = ["void f() {", "  // LAB canon BEGIN f()", "  a();", "  // LAB END", "}"]
PARAMS_STUB = ["T_exp L::f(std::vector<std::pair<int, T_exp>> exps,", "         Stms& out, int,",
               "         const tree::Exp* e = nullptr, [[maybe_unused]] bool keep = f(1, 2)) {",
               "  // LAB canon BEGIN f()", "  a();", "  // LAB END", "}"]
PARAMS_WANT = '  tiger::labUnwritten("canon", "f()", "x.cc", exps, out, e, keep);'
GOOD = ["void f() {", "  // LAB canon BEGIN f()", STUB, '  if (s == "{") { a(); }',
        "  // LAB END", "}", "// LAB canon BEGIN the helpers of f()",
        "int g() { return 1; }", "struct H {", "  int k;", "};", "// LAB END"]

INCLUDES = ['// x.cc - a file.', '#include "chap8/x.hh"', '', '#include "chap8/a.hh"',
            '#include "chap8/z.hh"', '', '#include <vector>', '']


def include_problems():
    """The stub's include: where a stubbed file gets it, and that others do not."""
    text = "\n".join(INCLUDES + DEFAULT_STUB)
    cut = lab_markers.cut("x.cc", text, "canon").split("\n")
    want = INCLUDES[:5] + [lab_markers.STUB_INCLUDE] + INCLUDES[5:]  # chap8/ < grading/
    problems = []
    if cut[:len(want)] != want:
        problems.append("the stub's include is not among the quoted includes: %r" % cut[:9])
    if "lab_stub" in lab_markers.cut("x.cc", text, "traces"):
        problems.append("a file whose regions stay solution includes lab_stub.hh")
    alone = lab_markers.cut("x.cc", "\n".join(INCLUDES[:3] + DEFAULT_STUB), "canon")
    if alone.split("\n")[:5] != INCLUDES[:2] + ["", lab_markers.STUB_INCLUDE, ""]:
        problems.append("with only its own header, the include is not a block of its own: "
                        "%r" % alone.split("\n")[:5])
    return problems


def main():
    problems = []
    for name, lines, want in CASES:
        errors = lab_markers.parse("x.cc", "\n".join(lines))[1]
        if not any(want in e for e in errors):
            problems.append("%s: expected an error with %r, got %r" % (name, want, errors))
    errors = lab_markers.parse("x.cc", "\n".join(GOOD))[1]
    if errors:
        problems.append("well-formed text rejected: %r" % errors)
    cut = lab_markers.cut("x.cc", "\n".join(DEFAULT_STUB), "canon")
    if '  tiger::labUnwritten("canon", "f()", "x.cc");' not in cut.split("\n"):
        problems.append("a body with no STUB line lost its default stub: %r" % cut)
    cut = lab_markers.cut("x.cc", "\n".join(PARAMS_STUB), "canon")
    if PARAMS_WANT not in cut.split("\n"):
        problems.append("the default stub does not pass the parameters: %r" % cut)
    problems += include_problems()
    for p in problems:
        print("FAIL " + p)
    print("markers: %d malformed texts, %s" % (
        len(CASES), "%d problem(s)" % len(problems) if problems else "ok"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
