#!/usr/bin/env python3
"""robustness.py - nothing crashes tigerc.

Usage: robustness.py TIGERC TESTCASES_DIR

Feeds tigerc hostile inputs and checks that each ends with an error or a result:
an exit status from the documented set (never a signal, never 77 "internal error"),
within a time limit. Inputs (all generated here, deterministically):
  - random bytes, and random Tiger tokens, of several sizes;
  - every testcase program cut short at several points;
  - 100000-deep nesting of parentheses, lets, ifs, whiles, unary minus, calls, arrays;
  - a 50 MB source (a long sequence of assignments in one let);
  - dumps of valid programs at ir, linear and traces, cut short and hand-edited at
    random (lines deleted, repeated, swapped; words replaced; bytes flipped), read
    back with `--from=STAGE --verify --run`.
Ends with "N passed, N failed".
"""
import glob
import os
import random
import subprocess
import sys
import tempfile

# A program's own exit(n) (0-63 here) or a documented error class.
ALLOWED = set(range(64)) | {64, 65, 66, 67, 68, 70, 71}
TOKENS = ["let", "in", "end", "var", "function", "type", "array", "of", "if", "then",
          "else", "while", "do", "for", "to", "break", "continue", "nil", "x", "f",
          "int", "string", ":=", "(", ")", "[", "]", "{", "}", ",", ";", ":", ".",
          "+", "-", "*", "/", "=", "<>", "<", ">", "&", "|", "1", "\"s\"", "/*", "*/"]
DEPTH = 100000


def nestings():
    """(name, program) pairs nested DEPTH levels deep."""
    d = DEPTH
    yield "parens", "(" * d + "1" + ")" * d
    yield "lets", "let var x := 1 in " * d + "x" + " end" * d
    yield "ifs", "if 1 then " * d + "()"
    yield "ifelse", "if 1 then 1 else " * d + "0"
    yield "whiles", "while 0 do " * d + "()"
    yield "minus", "-" * d + "1"
    yield "calls", "let function f(i: int): int = i in " + "f(" * d + "1" + ")" * d + " end"
    yield "seqs", "(1;" * d + "1" + ")" * d
    yield "plus", "1" + "+1" * d


def junk(rng):
    for size in (1, 10, 100, 1000, 100000):
        yield "bytes%d" % size, bytes(rng.randrange(256) for _ in range(size))
    for size in (10, 100, 1000, 20000):
        yield "tokens%d" % size, " ".join(rng.choice(TOKENS) for _ in range(size)).encode()


def truncations(testcases):
    for root, _, files in sorted(os.walk(testcases)):
        for f in sorted(files):
            if f.endswith(".tig"):
                text = open(os.path.join(root, f), "rb").read()
                for frac in (0.25, 0.5, 0.75, 0.9):
                    yield "%s@%d%%" % (f, frac * 100), text[: int(len(text) * frac)]


WORDS = [b"SEQ(", b"TEMP t100", b"NAME L0", b"CONST 0", b"LABEL L1", b")", b",", b"MEM(",
         b"CALL(NAME print,", b"JUMP(NAME tigermain)", b"t101", b"fp", b"rv", b"ESEQ(",
         b"# formals: none; frame: 0 bytes", b"PROC tigermain", b"STRING L0 \"x\""]


def edits(rng, text):
    """Six hand edits of a dump, chosen by rng."""
    lines = text.split(b"\n")
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    yield "cut", text[: rng.randrange(len(text))]
    yield "delete-line", b"\n".join(lines[:i] + lines[i + 1:])
    yield "repeat-line", b"\n".join(lines[:i] + [lines[i]] + lines[i:])
    swapped = list(lines)
    swapped[i], swapped[j] = swapped[j], swapped[i]
    yield "swap-lines", b"\n".join(swapped)
    words = text.split(b" ")
    k = rng.randrange(len(words))
    yield "replace-word", b" ".join(words[:k] + [rng.choice(WORDS)] + words[k + 1:])
    k = rng.randrange(len(text))
    yield "flip-byte", text[:k] + bytes([rng.randrange(256)]) + text[k + 1:]


def dump_edits(tigerc, testcases, rng, skipped):
    """(name, dump, stage) for a quarter of the valid programs at every stage; a stage
    tigerc does not print (a lab handout's stub, exit 78) goes into `skipped`."""
    for path in sorted(glob.glob(os.path.join(testcases, "valid", "*.tig")))[::4]:
        for stage in ("ir", "linear", "traces"):
            r = subprocess.run([tigerc, "--emit=" + stage, path], capture_output=True)
            if r.returncode != 0 or not r.stdout:
                skipped.add("%s (exit %d: %s)" % (stage, r.returncode,
                                                  r.stderr.decode(errors="replace").strip()))
                continue
            for kind, data in edits(rng, r.stdout):
                yield "%s.%s@%s" % (os.path.basename(path), stage, kind), data, stage


def big_source():
    body = "x := x + 1;\n" * (50 * 1024 * 1024 // 12)
    return "let var x := 0 in\n" + body + "printi(x) end\n"


def run(tigerc, name, data, args, timeout):
    with tempfile.NamedTemporaryFile(suffix=".tig") as f:
        f.write(data if isinstance(data, bytes) else data.encode())
        f.flush()
        try:
            r = subprocess.run([tigerc, *args, f.name], capture_output=True,
                               timeout=timeout, stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            return "%s: no answer within %d s" % (name, timeout)
    if r.returncode not in ALLOWED:
        return "%s: exit %d; stderr: %s" % (name, r.returncode, r.stderr[-300:])
    return None


def main(argv):
    tigerc, testcases = argv[1], argv[2]
    rng = random.Random(7)
    jobs = [(n, d, ["--run", "--max-steps=100000"], 60) for n, d in junk(rng)]
    jobs += [(n, d, ["--run", "--max-steps=100000"], 60) for n, d in truncations(testcases)]
    jobs += [(n, d, ["--run", "--verify"], 120) for n, d in nestings()]
    skipped = set()
    jobs += [(n, d, ["--from=" + stage, "--verify", "--run", "--max-steps=100000"], 60)
             for n, d, stage in dump_edits(tigerc, testcases, rng, skipped)]
    for s in sorted(skipped):
        print("note: no dumps edited at stage " + s)
    jobs.append(("50MB", big_source(), [], 600))
    passed = failed = 0
    for name, data, args, timeout in jobs:
        problem = run(tigerc, name, data, args, timeout)
        if problem:
            failed += 1
            print("FAIL " + problem)
        else:
            passed += 1
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
