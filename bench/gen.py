#!/usr/bin/env python3
"""gen.py - generates Tiger programs for the benchmarks.

Usage: gen.py KIND N > prog.tig
  lines N    a program of about N lines: N/20 functions, each a let with records,
             arrays, a for loop, a while loop, ifs and calls (realistic front-end load)
  seq N      one function body of N assignment statements (canon on a long function)
  ifchain N  N if-statements one after another in one body
  ifnest N   N ifs nested inside each other (N <= 10000: the parser's nesting cap)
  loopseq N  N while loops one after another
  loopnest N N for loops nested inside each other (N <= 10000)
"""
import sys

FUNC = """function f{i}(n: int) : int =
  let
    var total := 0
    var r := point{{x = n, y = {i}}}
    var a := ints[8] of n
  in
    for k := 0 to 7 do
      a[k] := a[k] + k * r.x;
    while total < 100 & n > 0 do
      (total := total + a[total - total / 8 * 8];
       if total > 50 then total := total + 1 else total := total + 2);
    if n > 1 then total + f{i}(n - 1) + r.y else total
  end
"""


def lines(n):
    count = max(1, n // 14)  # FUNC is 14 lines with its blank line
    out = ["let", "  type point = {x: int, y: int}", "  type ints = array of int"]
    out += [FUNC.format(i=i) for i in range(count)]
    out.append("in")
    out.append("  printi(" + " + ".join("f%d(2)" % i for i in range(min(count, 50))) + ")")
    out.append("end")
    return "\n".join(out)


def body(n, stmt):
    return "let var x := 0 var y := 1 in\n" + ";\n".join(stmt(i) for i in range(n)) + "\nend\n"


def main():
    kind, n = sys.argv[1], int(sys.argv[2])
    if kind == "lines":
        print(lines(n))
    elif kind == "seq":
        print(body(n, lambda i: "x := x + %d * y" % (i % 7)))
    elif kind == "ifchain":
        print(body(n, lambda i: "if x < %d then x := x + 1 else y := y + 1" % i))
    elif kind == "loopseq":
        print(body(n, lambda i: "while x < %d do x := x + 1" % i))
    elif kind == "ifnest":
        print("let var x := 0 in\n" + "if x < 5 then " * n + "x := 1\nend")
    elif kind == "loopnest":
        print("let var x := 0 in\n" +
              "".join("for i%d := 0 to 0 do " % i for i in range(n)) + "x := x + 1\nend")
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
