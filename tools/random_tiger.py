#!/usr/bin/env python3
"""random_tiger.py - random Tiger programs that type-check, terminate and print what
they compute, aimed at the mistakes of each lab; and the tree they are made of, which
the graders shrink (labs/grader/shrink.py).

Usage: random_tiger.py SEED [COUNT] [OUTDIR] [--lab LAB] [--book]
  With OUTDIR, writes COUNT programs rand_SEED+k.tig there; otherwise prints one.
  --book: the book's Tiger only, for a course's own compiler (labs/grader/foreign.py):
  no `continue` (break where it would be) and no loop at the int limits (their literals
  need a 64-bit int); the other programs of a seed are the same with or without it.

A program is a `let` of int, string, array and record variables and of functions
nested up to three deep, then statements; r0 and r1, which no function names, live in
registers, the others in memory. Its hazards, each lab's classic mistakes:
  - conditions that are any int (`if v1 then`, `while c < 3 & v0 do`), `&` and `|` on
    values other than 0 and 1, `if` as a value whose branches differ in kind;
  - functions nested three deep whose locals escape to the inner ones or not, calling
    their ancestors, their siblings and themselves (every function takes a depth `n`
    and calls only with `n - 1` below `if n > 0`, so recursion ends);
  - variables assigned inside expressions and call arguments, calls in every operand
    position (arithmetic, comparisons, indexes, fields, arguments);
  - statements whose value is dropped but may fault (`(v0 / v1; ())`), functions whose
    body starts with a loop that may not run;
  - `break` and `continue` in every nesting (else branches, nested ifs, `for` with
    both, `while` tests with side effects);
  - runtime errors (exit 70: a bad index, a division by zero, a nil record) and
    `exit(n)`, rarely;
  - comparisons used as statements whose operands print, call or fault; operands that
    assign what the other reads, in both orders; `for` bounds that both print and
    assign; strings built at run time compared by content; `for` loops with `break`
    or `continue` next to the largest and the smallest int; with `--lab traces`, `for`
    loops whose body leaves by `break` on every path.
Loops have small constant bounds and a `while` counts up first thing, so every program
ends. Everything computed is printed, so a wrong order or value shows in the output.
`--lab` weighs the hazards toward one lab (translate, canon, traces, ptoext). The seed
alone decides the program (Python's random.Random), so a failing one can be named.
"""
import os
import random
import sys

ARITH = ["+", "-", "*"]
COMPARE = ["=", "<>", "<", ">", "<=", ">="]
LABS = ("translate", "canon", "traces", "ptoext")


class Node:
    """A piece of program text of one kind ("int", "str", "unit", "decl", "list"),
    made of strings and other Nodes. A "list" joins its items with `sep`."""
    __slots__ = ("kind", "parts", "sep")

    def __init__(self, kind, *parts, sep=None):
        self.kind, self.parts, self.sep = kind, list(parts), sep

    def text(self):
        if self.kind == "list":
            return self.sep.join(p.text() for p in self.parts)
        return "".join(p.text() if isinstance(p, Node) else p for p in self.parts)

    def children(self):
        return [p for p in self.parts if isinstance(p, Node)]


def lst(items, sep):
    return Node("list", *items, sep=sep)


class Scope:
    """What a point of the program may name: int variables (assignable or not), the
    functions callable from here (name, arity, depth-parameter name or None)."""

    def __init__(self, ints, funcs, depth=None):
        self.ints, self.funcs, self.depth = ints, funcs, depth

    def with_ints(self, names):
        return Scope(self.ints + names, self.funcs, self.depth)


class Gen:
    def __init__(self, seed, lab=None, book=False):
        self.rng = random.Random(seed)
        self.lab, self.book = lab, book
        self.loop = 0       # loop nesting: break/continue allowed when > 0
        self.count = 0
        w = {"cond": 1.0, "call": 1.0, "assign": 1.0, "loop": 1.0, "jump": 1.0, "nest": 1.0,
             "shape": 1.0}
        w.update({"translate": {"cond": 2.0, "nest": 2.0},
                  "canon": {"call": 2.0, "assign": 2.0, "shape": 1.5},
                  "traces": {"loop": 2.0, "cond": 1.5, "jump": 1.5, "shape": 1.5},
                  "ptoext": {"loop": 2.5, "jump": 2.5, "shape": 1.5}}.get(lab, {}))
        self.w = w

    def chance(self, p, knob=None):
        return self.rng.random() < min(0.95, p * (self.w[knob] if knob else 1.0))

    def pick(self, xs):
        return self.rng.choice(xs)

    def fresh(self, base):
        self.count += 1
        return "%s%d" % (base, self.count)

    # ---------------------------------------------------------------- int values
    def atom(self, sc):
        if sc.ints and self.chance(0.7):
            return Node("int", self.pick(sc.ints))
        return Node("int", str(self.rng.randrange(-3, 10)))

    def int_exp(self, sc, d):
        if d <= 0 or self.chance(0.2):
            return self.atom(sc)
        r = self.rng.random()
        if r < 0.25:
            return Node("int", "(", self.int_exp(sc, d - 1), " %s " % self.pick(ARITH),
                        self.int_exp(sc, d - 1), ")")
        if r < 0.35:
            return Node("int", "(", self.int_exp(sc, d - 1), " %s " % self.pick(COMPARE),
                        self.int_exp(sc, d - 1), ")")
        if r < 0.42:  # & and | on any int, not just 0 and 1
            return Node("int", "(", self.int_exp(sc, d - 1), " %s " % self.pick("&|"),
                        self.int_exp(sc, d - 1), ")")
        if r < 0.47:  # a divisor that is never 0 (x | 1 is x, or 1 when x is 0)
            return Node("int", "(", self.int_exp(sc, d - 1), " / (", self.int_exp(sc, d - 1),
                        " | 1))")
        if r < 0.60 and sc.funcs and self.chance(0.6, "call"):
            return self.call(sc, d)
        if r < 0.68:
            return Node("int", "(if ", self.cond(sc, d - 1), " then ", self.int_exp(sc, d - 1),
                        " else ", self.int_exp(sc, d - 1), ")")
        if r < 0.76 and self.chance(0.5, "assign"):  # assigned inside an expression
            v = self.assignable(sc)
            if v and self.chance(0.5):  # read, then assigned by the right operand
                return Node("int", "(%s %s (%s := " % (v, self.pick(ARITH), v),
                            self.int_exp(sc, d - 1), "; ", self.int_exp(sc, d - 1), "))")
            if v:
                return Node("int", "(%s := " % v, self.int_exp(sc, d - 1), "; %s)" % v)
        if r < 0.82:
            return Node("int", "(", self.stm(sc, d - 1), "; ", self.int_exp(sc, d - 1), ")")
        if r < 0.88:
            return Node("int", "arr[", self.index(sc, d - 1), "]")
        if r < 0.93:
            return Node("int", "rec.%s" % self.pick("xy"))
        if r < 0.97:
            return Node("int", "size(", self.str_exp(sc, d - 1), ")")
        return Node("int", "(printi(", self.int_exp(sc, d - 1), "); ", self.int_exp(sc, d - 1),
                    ")")

    def index(self, sc, d):
        if self.chance(0.01):
            return Node("int", "4")  # out of range: exit 70
        if self.chance(0.3, "call") and sc.funcs:
            return Node("int", "(", self.call(sc, d), " & 0 | %d)" % self.rng.randrange(4))
        return Node("int", str(self.rng.randrange(4)))

    def cond(self, sc, d):
        """A condition: often a comparison, often any int (0 is false, else true)."""
        if self.chance(0.45, "cond"):
            return self.int_exp(sc, d)
        return Node("int", "(", self.int_exp(sc, d), " %s " % self.pick(COMPARE),
                    self.int_exp(sc, d), ")")

    def assignable(self, sc):
        names = [n for n in sc.ints if not n.startswith(("i", "n", "c"))]
        return self.pick(names) if names else None

    def call(self, sc, d):
        name, arity, depth = self.pick(sc.funcs)
        args = [self.int_exp(sc, d - 1) for _ in range(arity)]
        if arity and self.chance(0.3, "shape"):
            args = self.clobbering_args(sc, d, arity)
        elif self.chance(0.3, "assign"):
            v = self.assignable(sc)
            if v and args:
                args[0] = Node("int", "(%s := " % v, args[0], "; %s)" % v)
        parts = []
        for k, a in enumerate(args):
            parts += [", "] if k else []
            parts.append(a)
        n = "%s - 1" % sc.depth if sc.depth else str(self.rng.randrange(0, 3))
        inner = Node("int", "%s(%s" % (name, n), *(([", "] + parts) if parts else []), ")")
        if sc.depth:  # below a depth guard, so recursion ends
            return Node("int", "(if %s > 0 then " % sc.depth, inner, " else ",
                        self.atom(sc), ")")
        return inner

    # ---------------------------------------------------------------- strings
    def str_exp(self, sc, d):
        r = self.rng.random()
        if d <= 0 or r < 0.3:
            return Node("str", self.pick(['s', '"ab"', '"tiger"', '""']))
        if r < 0.5:
            return Node("str", "concat(", self.str_exp(sc, d - 1), ", ", self.str_exp(sc, d - 1),
                        ")")
        if r < 0.65:
            return Node("str", "chr(", "(", self.int_exp(sc, d - 1), " & 0 | %d)" %
                        self.rng.randrange(97, 123), ")")
        if r < 0.8:
            return Node("str", "substring(s, 0, 1)")
        return Node("str", "(if ", self.cond(sc, d - 1), " then ", self.str_exp(sc, d - 1),
                    " else ", self.str_exp(sc, d - 1), ")")

    # ---------------------------------------------------------------- statements
    def stm(self, sc, d):
        if d > 0 and self.chance(0.12, "shape"):
            return self.shape(sc, d)
        r = self.rng.random()
        v = self.assignable(sc)
        if d <= 0 or r < 0.22:
            if v and self.chance(0.5):
                return Node("unit", "%s := " % v, self.int_exp(sc, d))
            return Node("unit", "(printi(", self.int_exp(sc, d), '); print(" "))')
        if r < 0.36:
            return Node("unit", "(if ", self.cond(sc, d - 1), " then ", self.stm(sc, d - 1),
                        " else ", self.stm(sc, d - 1), ")")
        if r < 0.42:
            return Node("unit", "arr[", self.index(sc, d - 1), "] := ", self.int_exp(sc, d - 1))
        if r < 0.46:
            return Node("unit", "rec.%s := " % self.pick("xy"), self.int_exp(sc, d - 1))
        if r < 0.58 and self.chance(0.6, "loop"):
            return self.for_loop(sc, d)
        if r < 0.68 and self.chance(0.6, "loop"):
            return self.while_loop(sc, d)
        if self.loop and r < 0.80 and self.chance(0.6, "jump"):
            return self.jump(sc, d)
        if r < 0.84:  # a value dropped that must still be computed, and may fault
            divisor = self.atom(sc) if self.chance(0.1) else Node("int", "(", self.atom(sc),
                                                                     " | 1)")
            return Node("unit", "(", self.int_exp(sc, d - 1), " / ", divisor, "; ())")
        if r < 0.87:
            return Node("unit", "(print(", self.str_exp(sc, d - 1), '); print(" "))')
        if r < 0.885:
            return Node("unit", "(if ", self.cond(sc, d - 1), " > 7 then exit(%d))" %
                        self.rng.randrange(1, 5))
        if r < 0.895:
            return Node("unit", "(if ", self.cond(sc, d - 1), " > 8 then (nil_rec.x; ()))")
        return Node("unit", "(", lst([self.stm(sc, d - 1) for _ in range(2)], "; "), ")")

    def jump_word(self):
        """break or continue (the book's Tiger: break only, the same draw made)."""
        word = self.pick(["break", "continue"])
        return "break" if self.book else word

    def jump(self, sc, d):
        word = self.jump_word()
        if self.chance(0.4):
            return Node("unit", "(if ", self.cond(sc, d - 1), " then ", self.stm(sc, d - 1),
                        " else (", self.stm(sc, d - 1), "; %s))" % word)
        if self.chance(0.3):
            return Node("unit", "(if ", self.cond(sc, d - 1), " then (if ", self.cond(sc, d - 1),
                        " then %s))" % word)
        return Node("unit", "(if ", self.cond(sc, d - 1), " then %s)" % word)

    def loop_body(self, sc, d):
        self.loop += 1
        items = [self.stm(sc, d - 1) for _ in range(self.rng.randrange(1, 3))]
        if self.chance(0.3, "jump"):
            items.insert(self.rng.randrange(len(items) + 1), self.jump(sc, d - 1))
        self.loop -= 1
        return lst(items, "; ")

    def for_loop(self, sc, d):
        i = self.fresh("i")
        lo, hi = self.rng.randrange(-1, 3), self.rng.randrange(-1, 4)
        inner = sc.with_ints([i])
        return Node("unit", "for %s := %d to %d do (printi(%s); " % (i, lo, hi, i),
                    self.loop_body(inner, d), ")")

    def while_loop(self, sc, d):
        c = self.fresh("c")
        inner = sc.with_ints([c])
        test = Node("int", "%s < %d" % (c, self.rng.randrange(1, 4)))
        if self.chance(0.3, "cond"):
            test = Node("int", "%s & " % test.text(), self.int_exp(sc, 1))
        if self.chance(0.3, "loop"):
            test = Node("int", '(print("t"); ', test, ")")
        return Node("unit", "let var %s := 0 in while " % c, test,
                    " do (%s := %s + 1; " % (c, c), self.loop_body(inner, d), ") end")

    # ---------------------------------------------------------------- shapes of issue 25
    # Each one a statement (or a call's arguments) that the output alone used to hide
    # a mistake on; stm() and call() reach them through the "shape" knob.
    def shape(self, sc, d):
        makers = [self.empty_if, self.same_if, self.effects_in_places, self.andor_values,
                  self.while_assigning, self.for_with_break, self.idle_while,
                  self.compare_dropped, self.conflicting_operands, self.for_effect_bounds,
                  self.string_compare] + ([] if self.book else [self.for_near_int_limit])
        if self.lab == "traces":  # a layout's shape: the other labs' programs stay as they were
            makers.append(self.for_all_paths_break)
        if self.loop:
            makers.append(self.after_jumping_if)
        return self.pick(makers)(sc, d)

    def effectful_cond(self, sc, d):
        """A condition whose operands print or assign, so skipping them shows."""
        if sc.funcs and self.chance(0.5):
            return Node("int", "(", self.call(sc, d), " %s " % self.pick(COMPARE),
                        self.int_exp(sc, d), ")")
        return Node("int", '(print("?"); ', self.cond(sc, d), ")")

    def clobbering_args(self, sc, d, arity):
        """Arguments where a later one assigns a variable an earlier one read: f(x, 0,
        (x := e; x)) or f(x, 0, g()) where g may assign x."""
        v = self.assignable(sc)
        args = [self.int_exp(sc, d - 1) for _ in range(arity)]
        if v is None:
            return args
        args[0] = Node("int", v)
        if arity > 1:
            if sc.funcs and not v.startswith("r") and self.chance(0.4):  # may assign v
                args[-1] = self.call(sc, d - 1)
            else:
                args[-1] = Node("int", "(%s := " % v, self.int_exp(sc, d - 1), "; %s)" % v)
            if arity > 2:
                args[1] = Node("int", str(self.rng.randrange(0, 3)))
        return args

    def empty_if(self, sc, d):
        """`if c then () else ()` or `if c then ()`: only c's effects remain."""
        if self.chance(0.5):
            return Node("unit", "(if ", self.effectful_cond(sc, d - 1), " then () else ())")
        return Node("unit", "(if ", self.effectful_cond(sc, d - 1), " then ())")

    def same_if(self, sc, d):
        """Both branches the very same statement (or unit bodies `(s; ())`)."""
        body = self.stm(sc, d - 1)
        if self.chance(0.5):
            body = Node("unit", "(", body, "; ())")
        return Node("unit", "(if ", self.effectful_cond(sc, d - 1), " then ", body, " else ",
                    body, ")")

    def effects_in_places(self, sc, d):
        """Side effects inside array indices and record fields, read and written."""
        v = self.assignable(sc) or "v0"
        k = self.rng.randrange(4)
        index = Node("int", "(%s := " % v, self.int_exp(sc, d - 1), "; %d)" % k)
        r = self.rng.random()
        if r < 0.35:
            return Node("unit", "arr[", index, "] := ", self.int_exp(sc, d - 1))
        if r < 0.6:
            return Node("unit", "(printi(arr[", index, "] + %s); print(\" \"))" % v)
        q = self.fresh("q")
        fields = Node("unit", "point{x = ", self.int_exp(sc, d - 1), ", y = (%s := " % v,
                      self.int_exp(sc, d - 1), "; %s)}" % v)
        return Node("unit", "let var %s := " % q, fields, " in %s.x := " % q,
                    self.int_exp(sc, d - 1), "; printi(%s.x * 10 + %s.y + %s) end" % (q, q, v))

    def andor_values(self, sc, d):
        """`&` and `|` as the value of any int, printed or assigned."""
        a, b = self.int_exp(sc, d - 1), self.int_exp(sc, d - 1)
        val = Node("int", "(", a, " %s " % self.pick("&|"), b, ")")
        v = self.assignable(sc)
        if v and self.chance(0.4):
            return Node("unit", "(%s := " % v, val, "; printi(%s))" % v)
        return Node("unit", "(printi(", val, '); print(" "))')

    def while_assigning(self, sc, d):
        """A while whose condition assigns its counter and a loop-carried variable."""
        c, w = self.fresh("c"), self.fresh("w")
        inner = sc.with_ints([c, w])
        test = Node("int", "(%s := %s + 1; %s := " % (c, c, w), self.int_exp(inner, 1),
                    "; %s <= %d)" % (c, self.rng.randrange(1, 4)))
        return Node("unit", "let var %s := 0 var %s := " % (c, w), self.atom(sc),
                    " in while ", test, " do (", self.loop_body(inner, d),
                    "); printi(%s) end" % w)

    def idle_while(self, sc, d):
        """A while whose test is false the first time (its body never runs)."""
        c, k = self.fresh("c"), self.rng.randrange(1, 4)
        inner = sc.with_ints([c])
        return Node("unit", "let var %s := %d in while " % (c, k), self.effectful_cond(sc, 1),
                    " & %s < %d do (%s := %s + 1; " % (c, k, c, c), self.loop_body(inner, d),
                    ") end")

    def for_with_break(self, sc, d):
        """A for whose bounds are a variable (assigned in the body) or calls, ended
        by a counted break."""
        i, b, c = self.fresh("i"), self.fresh("b"), self.fresh("c")
        lo = self.call(sc, d - 1) if sc.funcs and self.chance(0.4) else self.atom(sc)
        hi = Node("int", b) if not sc.funcs or self.chance(0.6) else self.call(sc, d - 1)
        inner = sc.with_ints([i, b, c])
        body = [self.loop_body(inner, d)]
        if self.chance(0.5):
            body.insert(0, Node("unit", "%s := " % b, self.int_exp(inner, 1)))
        return Node("unit", "let var %s := " % b, self.int_exp(sc, 1), " var %s := 0 in for %s := "
                    % (c, i), lo, " to ", hi, " do (%s := %s + 1; if %s > %d then break; "
                    "printi(%s); " % (c, c, c, self.rng.randrange(1, 4), i),
                    lst(body, "; "), ") end")

    def after_jumping_if(self, sc, d):
        """Statements after an if that may have jumped (or always does)."""
        word = self.jump_word()
        if self.chance(0.3):
            again = "break" if self.book else "continue"
            head = Node("unit", "(if ", self.effectful_cond(sc, d - 1),
                        " then %s else %s)" % (again, again))
        else:
            head = Node("unit", "(if ", self.effectful_cond(sc, d - 1), " then (",
                        self.stm(sc, d - 1), "; %s))" % word)
        return Node("unit", "(", lst([head, self.stm(sc, d - 1), self.stm(sc, d - 1)], "; "), ")")

    # ---------------------------------------------------------------- shapes of issue 45
    def effectful_operand(self, sc, d):
        """An int operand that shows when it runs: it prints, calls or assigns."""
        v = self.assignable(sc)
        r = self.rng.random()
        if r < 0.35 and sc.funcs:
            return self.call(sc, d)
        if r < 0.7 or not v:
            return Node("int", '(print("%s"); ' % self.pick("abcd"), self.int_exp(sc, d), ")")
        return Node("int", "(%s := " % v, self.int_exp(sc, d), "; %s)" % v)

    def compare_dropped(self, sc, d):
        """A comparison used as a statement, `(l < r; ())`: both operands still run, left
        first; rarely the right one divides by zero (exit 70)."""
        left, right = self.effectful_operand(sc, d - 1), self.effectful_operand(sc, d - 1)
        if sc.ints and self.chance(0.1):
            v = self.pick(sc.ints)
            right = Node("int", "(%s / (%s - %s))" % (v, v, v))
        return Node("unit", "(", left, " %s " % self.pick(COMPARE), right, "; ())")

    def conflicting_operands(self, sc, d):
        """An operator or a comparison whose one operand assigns the variable the other
        reads, in either order: `v - (v := e; v)`, `(v := e; v) < v`."""
        v = self.assignable(sc)
        if not v:
            return self.compare_dropped(sc, d)
        pair = [Node("int", v), Node("int", "(%s := " % v, self.int_exp(sc, d - 1), "; %s)" % v)]
        if self.chance(0.5):
            pair.reverse()
        op = self.pick(ARITH + COMPARE)
        value = Node("int", "(", pair[0], " %s " % op, pair[1], ")")
        if op in COMPARE and self.chance(0.5):
            return Node("unit", "(if ", value, ' then print("T ") else print("F "))')
        return Node("unit", "(printi(", value, '); print(" "))')

    def for_effect_bounds(self, sc, d):
        """A for whose bounds both print, the low one assigning what the high one reads:
        each runs once, the low bound first."""
        i, v = self.fresh("i"), self.assignable(sc) or "v0"
        lo = Node("int", '(print("l"); %s := %d; %d)' % (v, self.rng.randrange(0, 4),
                                                        self.rng.randrange(0, 2)))
        hi = Node("int", '(print("h"); if %s < 4 & %s > -2 then %s else 1)' % (v, v, v))
        inner = sc.with_ints([i])
        return Node("unit", "for %s := " % i, lo, " to ", hi, " do (printi(%s); " % i,
                    self.loop_body(inner, d), ")")

    def string_compare(self, sc, d):
        """Strings built at run time compared by content, with literals and with each
        other (sometimes the same text built twice)."""
        a = self.str_exp(sc, d - 1)
        b = a if self.chance(0.3) else self.str_exp(sc, d - 1)
        return Node("unit", "(printi(", a, " %s " % self.pick(COMPARE), b, '); print(" "))')

    def for_near_int_limit(self, sc, d):
        """A for with break or continue whose bounds sit next to the largest or the
        smallest int: the step past its high bound must not wrap around."""
        i, k = self.fresh("i"), self.rng.randrange(0, 3)
        if self.chance(0.5):
            top = "9223372036854775807"
            lo, hi, shown = "%s - %d" % (top, k), top, "%s - %s" % (top, i)
        else:
            low = "(-9223372036854775807 - 1)"
            lo, hi, shown = low, "%s + %d" % (low, k), "%s - %s" % (i, low)
        inner = sc.with_ints([i])
        word = self.jump_word()
        return Node("unit", "for %s := %s to %s do (printi(%s); print(\" \"); if " %
                    (i, lo, hi, shown), self.cond(inner, 1), " then %s; " % word,
                    self.loop_body(inner, d), ")")

    def for_all_paths_break(self, sc, d):
        """A for whose body leaves by break on every path, first by one in an if's then
        branch: laid out false branch first, that branch's lone `JUMP done` comes just
        before the loop's test, whose CJUMP has done as a label too."""
        i = self.fresh("i")
        lo = self.rng.randrange(-1, 3)
        hi = lo + self.rng.randrange(0, 4)
        inner = sc.with_ints([i])
        return Node("unit", "for %s := %d to %d do (printi(%s); print(\" \"); " % (i, lo, hi, i),
                    self.stm(inner, d - 1), "; if ", self.cond(inner, 1), " then break; break)")

    def dropped_fault(self, sc, d):
        """A value dropped that faults (exit 70) when its guard holds: a division by
        zero, a nil record's field, an index out of range (the main program's last
        statement, so what it would hide was printed before)."""
        v = self.pick(sc.ints) if sc.ints else "0"
        fault = self.pick(["%s / (%s - %s)" % (v, v, v), "nil_rec.x",
                           "arr[%s & 0 | %d]" % (v, self.pick([4, 5, -1]))])
        drop = Node("unit", "(", self.int_exp(sc, d - 1), " + %s; ())" % fault)
        if self.chance(0.3):
            return drop
        return Node("unit", "(if ", self.cond(sc, d - 1), " then ", drop, ")")

    # ---------------------------------------------------------------- functions
    def function(self, sc, levels):
        """(declaration, name, arity) of function F(n: int, params): int, with locals
        (escaping to its inner functions or not) and, `levels` more deep, functions of
        its own."""
        f, n = self.fresh("f"), self.fresh("n")
        params = [self.fresh("p") for _ in range(self.rng.randrange(0, 4))]
        own = sc.funcs + [(f, len(params), None)]  # itself (and what came before)
        body_sc = Scope(sc.ints + params + [n], [(g, a, None) for g, a, _ in own], n)
        decls = []
        for _ in range(self.rng.randrange(0, 3)):  # locals; inner functions make them escape
            local = self.fresh("l")
            decls.append(Node("decl", "var %s := " % local, self.int_exp(body_sc, 2)))
            body_sc = body_sc.with_ints([local])
        if levels > 0 and self.chance(0.6, "nest"):
            for _ in range(self.rng.randrange(1, 3)):  # siblings, calling each other
                inner, name, arity = self.function(body_sc, levels - 1)
                decls.append(inner)
                body_sc.funcs = body_sc.funcs + [(name, arity, None)]
        body = self.int_exp(body_sc, 3)
        if self.chance(0.25, "loop"):  # a loop first, that may not run
            body = Node("int", "(for %s := 1 to %s - 1 do " % (self.fresh("i"), n),
                        self.stm(body_sc, 1), "; ", body, ")")
        if self.chance(0.5):
            body = Node("int", '(print("%s "); ' % f, body, ")")
        if decls:
            body = Node("int", "let ", lst(decls, " "), " in ", body, " end")
        head = "function %s(%s: int%s): int = " % (f, n, "".join(", %s: int" % p
                                                                  for p in params))
        return Node("decl", head, body), f, len(params)

    def program(self):
        vs = ["v%d" % k for k in range(3)]
        decls = [Node("decl", "type intArray = array of int"),
                 Node("decl", "type point = {x: int, y: int}")]
        decls += [Node("decl", "var %s := %d" % (v, self.rng.randrange(0, 10))) for v in vs]
        decls += [Node("decl", 'var s := "hello"'),
                  Node("decl", "var arr := intArray [4] of 1"),
                  Node("decl", "var rec := point{x = 2, y = 3}"),
                  Node("decl", "var nil_rec : point := nil")]
        sc = Scope(list(vs), [])
        for _ in range(self.rng.randrange(1, 4)):
            fn, name, arity = self.function(sc, 2)
            decls.append(fn)
            sc.funcs = sc.funcs + [(name, arity, None)]
        # r0 and r1 only the main program names: they stay in registers (temps)
        decls += [Node("decl", "var r%d := %d" % (k, self.rng.randrange(0, 10))) for k in (0, 1)]
        sc = sc.with_ints(["r0", "r1"])
        stms = [self.stm(sc, 4) for _ in range(self.rng.randrange(3, 8))]
        if self.chance(0.35):  # last, so what it would hide was printed before
            stms.append(self.dropped_fault(sc, 2))
        stms.append(Node("unit", 'printi(v0 + v1 + v2 + r0 + r1); print("\\n")'))
        return Node("unit", "let\n  ", lst(decls, "\n  "), "\nin\n  ", lst(stms, ";\n  "),
                    "\nend\n")


def tree(seed, lab=None, book=False):
    return Gen(seed, lab, book).program()


def program(seed, lab=None, book=False):
    return tree(seed, lab, book).text()


def main(argv):
    lab, book = None, "--book" in argv
    argv = [a for a in argv if a != "--book"]
    if "--lab" in argv:
        k = argv.index("--lab")
        lab, argv = argv[k + 1], argv[:k] + argv[k + 2:]
    seed = int(argv[0])
    if len(argv) < 3:
        sys.stdout.write(program(seed, lab, book))
        return
    count, outdir = int(argv[1]), argv[2]
    os.makedirs(outdir, exist_ok=True)
    for k in range(count):
        with open(os.path.join(outdir, "rand_%d.tig" % (seed + k)), "w") as f:
            f.write(program(seed + k, lab, book))


if __name__ == "__main__":
    main(sys.argv[1:])
