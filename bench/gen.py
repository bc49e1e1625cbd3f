#!/usr/bin/env python3
"""gen.py - generates Tiger programs for the benchmarks.

Usage: gen.py KIND N > prog.tig
  lines N    a program of about N lines: N/14 functions, each a let with records,
             arrays, a for loop, a while loop, ifs and calls (realistic front-end load)
  course N   a program of about N lines: N/6 functions of six lines, each a for loop,
             an if on an array element, a while whose short-circuit condition calls
             the function before (the shape of a course's random and stress programs)
  seq N      one function body of N assignment statements (canon on a long function)
  ifchain N  N if-statements one after another in one body
  ifnest N   N ifs nested inside each other (N <= 10000: the parser's nesting cap)
  loopseq N  N while loops one after another
  loopnest N N for loops nested inside each other (N <= 10000)
  funcs N    N small functions, each calling the one before
  deep N     operators nested N deep, a call at each level: f(1) + (f(2) * (... 0))
  chain N    a flat chain of N operators with calls: 0 + f(1) - f(2) + ... (left-deep)
  andchain N a flat chain of N `&` (each an if): x & x & ... & x
  nestcall N calls nested N deep: f(f(f(... 1)))
  nestlet N  lets nested N deep, each with a variable of the one outside
  nestrec N  records nested N deep: r{v = 1, next = r{v = 2, next = ... nil}}
  nestarr N  array indexes nested N deep: a[a[a[... 0]]]
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


COURSE = """function f{i}(n: int, a: ints): int =
  let var s := 0 in
    for k := 0 to n - 1 do
      if a[k] > {i} then s := s + a[k] else s := s - 1;
    while s > 0 & (n < 2 | f{prev}(n - 1, a) > s) do s := s / 2;
    s end
"""


def course(n):
    count = max(1, n // 6)
    out = ["let", "  type ints = array of int", "  var a := ints[8] of 3"]
    out += [COURSE.format(i=i, prev=max(i - 1, 0)) for i in range(count)]
    out.append("in")
    out.append("  printi(f%d(8, a))" % (count - 1))
    out.append("end")
    return "".join(line + "\n" for line in out[:3]) + "".join(out[3:-3]) + "\n".join(out[-3:])


def body(n, stmt):
    return "let var x := 0 var y := 1 in\n" + ";\n".join(stmt(i) for i in range(n)) + "\nend\n"


SHAPES = {
    "funcs": lambda n: "let\n" + "".join(
        "function f%d(x: int): int = %s\n" % (i, "x + 1" if i == 0 else "f%d(x) + %d" % (i - 1, i))
        for i in range(n)) + "in printi(f%d(0)) end" % (n - 1),
    "deep": lambda n: "let function f(x: int): int = x in printi(" +
        "".join("f(%d) %s (" % (i, "+-*"[i % 3]) for i in range(n)) + "0" + ")" * n + ") end",
    "chain": lambda n: "let function f(x: int): int = x in printi(0" +
        "".join(" %s f(%d)" % ("+-"[i % 2], i) for i in range(n)) + ") end",
    "andchain": lambda n: "let var x := 1 in printi(" + " & ".join(["x"] * n) + ") end",
    "nestcall": lambda n: "let function f(x: int): int = x + 1 in printi(" +
        "f(" * n + "1" + ")" * n + ") end",
    "nestlet": lambda n: "let var v0 := 1 in " +
        "".join("let var v%d := v%d + 1 in " % (i + 1, i) for i in range(n)) +
        "printi(v%d)" % n + " end" * n + " end",
    "nestrec": lambda n: "let type r = {v: int, next: r} var x := " +
        "".join("r{v = %d, next = " % i for i in range(n)) + "nil" + "}" * n +
        " in printi(x.next.v) end",
    "nestarr": lambda n: "let type a = array of int var a := a[8] of 0 in printi(" +
        "a[" * n + "0" + "]" * n + ") end",
}


def main():
    kind, n = sys.argv[1], int(sys.argv[2])
    if kind == "lines":
        print(lines(n))
    elif kind == "course":
        print(course(n))
    elif kind == "seq":
        print(body(n, lambda i: "x := x + %d * y" % (i % 7)))
    elif kind == "ifchain":
        print(body(n, lambda i: "if x < %d then x := x + 1 else y := y + 1" % i))
    elif kind == "loopseq":
        print(body(n, lambda i: "while x < %d do x := x + 1" % i))
    elif kind == "ifnest":
        print("let var x := 0 in\n" + "if x < 5 then " * n + "x := 1\nend")
    elif kind in SHAPES:
        print(SHAPES[kind](n))
    elif kind == "loopnest":
        print("let var x := 0 in\n" +
              "".join("for i%d := 0 to 0 do " % i for i in range(n)) + "x := x + 1\nend")
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
