#!/usr/bin/env python3
"""random_tiger.py - random Tiger programs that type-check and terminate.

Usage: random_tiger.py SEED [COUNT] [OUTDIR]
  With OUTDIR, writes COUNT programs rand_SEED+k.tig there; otherwise prints one.

Each program is a `let` of int variables, an array, a record and functions (some
nested, so static links are followed), then statements that print: assignments,
if/else, for and while loops with break and continue, calls whose arguments print
as they are evaluated (so evaluation order shows in the output), `&`/`|`, sequences
as values, array and field reads. Loops have constant bounds and functions call only
functions declared before them, so every program ends; a division by zero or an
index out of range is a runtime error, the same at every stage. The seed alone
decides the program (Python's random.Random), so tests can name a failing one.
"""
import os
import random
import sys

OPS = ["+", "-", "*", "/", "=", "<>", "<", ">", "<=", ">=", "&", "|"]


class Gen:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.funcs = []   # (name, arity) callable from here
        self.loop = 0     # loop nesting: break/continue allowed when > 0
        self.count = 0

    def pick(self, xs):
        return self.rng.choice(xs)

    def fresh(self, base):
        self.count += 1
        return "%s%d" % (base, self.count)

    def exp(self, names, d):
        r = self.rng.random()
        if d <= 0 or r < 0.25:
            return self.pick(names + [str(self.rng.randrange(-3, 10))])
        if r < 0.55:
            return "(%s %s %s)" % (self.exp(names, d - 1), self.pick(OPS), self.exp(names, d - 1))
        if r < 0.65 and self.funcs:
            f, n = self.pick(self.funcs)
            return "%s(%s)" % (f, ", ".join(self.exp(names, d - 1) for _ in range(n)))
        if r < 0.72:
            return "if %s then %s else %s" % (self.exp(names, d - 1), self.exp(names, d - 1),
                                              self.exp(names, d - 1))
        if r < 0.80:
            return "(%s; %s)" % (self.stm(names, d - 1), self.exp(names, d - 1))
        if r < 0.88:
            return "arr[%d]" % self.rng.randrange(0, 4)
        if r < 0.94:
            return "rec.%s" % self.pick(["x", "y"])
        return "(printi(%s); %s)" % (self.exp(names, d - 1), self.exp(names, d - 1))

    def stm(self, names, d):
        r = self.rng.random()
        assignable = [n for n in names if n.startswith("v")]
        if d <= 0 or r < 0.3:
            if assignable and self.rng.random() < 0.6:
                return "%s := %s" % (self.pick(assignable), self.exp(names, d))
            return 'printi(%s); print(" ")' % self.exp(names, d)
        if r < 0.45:
            return "if %s then (%s) else (%s)" % (self.exp(names, d - 1), self.stm(names, d - 1),
                                                  self.stm(names, d - 1))
        if r < 0.55:
            return "arr[%d] := %s" % (self.rng.randrange(0, 4), self.exp(names, d - 1))
        if r < 0.6:
            return "rec.%s := %s" % (self.pick(["x", "y"]), self.exp(names, d - 1))
        if r < 0.75:
            return self.for_loop(names, d)
        if r < 0.85:
            return self.while_loop(names, d)
        if self.loop and r < 0.92:
            return "if %s then %s" % (self.exp(names, d - 1), self.pick(["break", "continue"]))
        return "(%s; %s)" % (self.stm(names, d - 1), self.stm(names, d - 1))

    def for_loop(self, names, d):
        i = self.fresh("i")
        lo, hi = self.rng.randrange(-1, 3), self.rng.randrange(0, 5)
        self.loop += 1
        body = self.stm(names + [i], d - 1)
        self.loop -= 1
        return "for %s := %d to %d do (%s)" % (i, lo, hi, body)

    def while_loop(self, names, d):
        c = self.fresh("c")
        self.loop += 1
        body = self.stm(names, d - 1)
        self.loop -= 1
        return ("let var %s := 0 in while %s < %d do (%s := %s + 1; %s) end"
                % (c, c, self.rng.randrange(1, 5), c, c, body))

    def function(self, names, depth):
        f = self.fresh("f")
        params = [self.fresh("p") for _ in range(self.rng.randrange(0, 3))]
        scope = names + params
        inner = ""
        if depth > 0 and self.rng.random() < 0.5:
            saved = list(self.funcs)
            inner = self.function(scope, depth - 1)
            body = "let %s in %s end" % (inner, self.exp(scope, 3))
            self.funcs = saved  # the inner function is not visible outside
        else:
            body = self.exp(scope, 3)
        if self.rng.random() < 0.5:
            body = '(print("%s "); %s)' % (f, body)
        decl = "function %s(%s): int = %s" % (f, ", ".join(p + ": int" for p in params), body)
        self.funcs.append((f, len(params)))
        return decl

    def program(self):
        vs = ["v%d" % k for k in range(3)]
        decls = ["type intArray = array of int", "type point = {x: int, y: int}"]
        decls += ["var %s := %d" % (v, self.rng.randrange(0, 10)) for v in vs]
        decls += ["var arr := intArray [4] of 1", "var rec := point{x = 2, y = 3}"]
        for _ in range(self.rng.randrange(1, 4)):
            decls.append(self.function(vs, 2))
        stms = [self.stm(vs, 4) for _ in range(self.rng.randrange(3, 8))]
        stms.append('printi(v0 + v1 + v2); print("\\n")')
        return "let\n  %s\nin\n  %s\nend\n" % ("\n  ".join(decls), ";\n  ".join(stms))


def main():
    seed = int(sys.argv[1])
    if len(sys.argv) < 4:
        sys.stdout.write(Gen(seed).program())
        return
    count, outdir = int(sys.argv[2]), sys.argv[3]
    os.makedirs(outdir, exist_ok=True)
    for k in range(count):
        with open(os.path.join(outdir, "rand_%d.tig" % (seed + k)), "w") as f:
            f.write(Gen(seed + k).program())


if __name__ == "__main__":
    main()
