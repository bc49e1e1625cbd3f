#!/usr/bin/env python3
"""shown_failures.py - what a failure shows is short, whole, true, and says what a
student can act on.

Expects: every line of 300 random programs of each lab (tools/random_tiger.py), cut by
randoms.wrapped, is at most randoms.WIDTH characters and the cut program has the same
tokens; the reference's checker on a student's dump (ptoext's structured IR, a tree
dump that does not parse) names the line and shows its text (no path of the work
folder, no control character, no shown line over 100 characters); the
shrinker's result depends on its candidates, not on the clock; a failed public
program is shown by its code, without its expectation, no line over 100 characters,
each line numbered as in its file; a random program's test file keeps the lines of the
program; an input is said as the program's reader sees it (the number changed, at its
line and column; nothing for a program on its own input that reads nothing); two
outputs that differ late in a line are shown where they differ; an address in an
effect is said to be a frame's, a record's or a string; mutation_score's --group keeps
one group and no bonus. Exit 1 when any expectation fails.
"""
import re
import sys
import tempfile

import json
import os

from ..grader import effects, grade, inputs, judges, mutation_score, randoms, shrink
from ..paths import LABS

random_tiger = randoms.random_tiger
TOKEN = re.compile(r'"(?:\\.|[^"\\])*"|\S')


def wrapping(problems):
    for lab in random_tiger.LABS:
        for seed in range(1, 301):
            text = random_tiger.program(seed, lab)
            cut = [p for line in text.split("\n") for p in randoms.wrapped(line)]
            if max(map(len, cut)) > randoms.WIDTH:
                problems.append("%s %d: a line of %d characters" % (
                    lab, seed, max(map(len, cut))))
            if TOKEN.findall("\n".join(cut)) != TOKEN.findall(text):
                problems.append("%s %d: cutting changed the program" % (lab, seed))


def invariant_message(problems):
    with tempfile.TemporaryDirectory(prefix="judge-abc123") as work:
        path = os.path.join(work, "student.pto-ssa")
        name = "x" + "y" * 200 + "__ssa_v1"
        with open(path, "w") as f:
            f.write("def tigermain():\n    pass\n    rt.printi(%s)\x1b[2J\n" % name)
        said = "line 3:5: error: --from=pto-ssa: in tigermain: SSAForm: %s is used out " \
            "of its scope" % name
        message = judges.broken_invariant("pto-ssa", said, path)
    lines = message.split("\n")
    if "judge-abc123" in message or lines[0] != "broken invariant in your --emit=pto-ssa, " \
            "line 3:" or not lines[2].startswith("    | rt.printi(xyyy") or \
            any(c < " " or c > "~" for c in "".join(lines)):
        problems.append("broken_invariant said: %r" % message)
    if max(map(len, lines)) > 100:
        problems.append("broken_invariant shows a line over 100 characters")


def shrinking(problems):
    tree = random_tiger.tree(7, "canon")
    # fails while the program still prints something: the result of 300 candidates
    fails = lambda text: "wrong output" if "printi" in text else None
    a = shrink.shrink(random_tiger.tree(7, "canon"), fails, random_tiger.Node)
    b = shrink.shrink(tree, fails, random_tiger.Node, seconds=3600)
    if a[:3] != b[:3] or a[3] or b[3]:
        problems.append("the shrinker's result depends on its time cap")


def public(problems):
    for lab in random_tiger.LABS:
        with open(os.path.join(LABS, lab, "grading.json")) as f:
            spec = json.load(f)
        for g in spec["groups"]:
            for path in g["programs"]:
                shown = grade.public_lines(os.path.join(randoms.ROOT, path))
                if "stdout:" in shown or not shown.startswith("  the program"):
                    problems.append("%s shown as %r" % (path, shown[:200]))
                if max(map(len, shown.split("\n"))) > 100:
                    problems.append("%s: a shown line over 100 characters" % path)


def dump_parse(problems):
    with tempfile.TemporaryDirectory(prefix="judge-abc123") as work:
        path = os.path.join(work, "student.ir")
        with open(path, "w") as f:
            f.write("PROC tigermain\nLABEL L34\nLABEL L34\n")
        message = judges.at_dump_line("your --emit=ir output does not parse",
                                      "line 3:7: error: label L34 is defined twice", path)
    if message != "your --emit=ir output does not parse, line 3:\n    label L34 is " \
            "defined twice\n    | LABEL L34":
        problems.append("a dump that does not parse said: %r" % message)


def numbered(problems):
    path = os.path.join(randoms.ROOT, "testcases", "valid", "int_precedence.tig")
    with open(path, encoding="latin-1") as f:
        file_lines = f.read().split("\n")
    for line in grade.public_lines(path).split("\n")[1:]:
        m = re.match(r"  +(\d+) \| (.*)$", line)
        if m and file_lines[int(m.group(1)) - 1].rstrip() != m.group(2):
            problems.append("public_lines numbers %r, the file has %r there" % (
                line, file_lines[int(m.group(1)) - 1]))
    text = random_tiger.program(3, "translate")
    test = randoms.as_test(text, 0, b"1\n", 3, "translate")
    if test.split("\n")[:text.count("\n")] != text.split("\n")[:text.count("\n")]:
        problems.append("as_test moved the program's lines")


def inputs_said(problems):
    plain = lambda values, stdin=b"": inputs.stdin_of(values, {"stdin": stdin})
    cases = inputs.Cases("t", [(plain([7, 3]), {}), (plain([8, 3]), {}), (plain([7, 5]), {})],
                         False, [(3, 12), (5, 1)])
    said = [cases.described(k) for k in range(3)]
    if said != ["", "the 7 at line 3, column 12 made 8", "the 3 at line 5, column 1 made 5"]:
        problems.append("inputs said as %r" % said)
    echo = inputs.Cases("t", [(plain([0], b"ab\n"), {}), (plain([1], b"ab\n"), {})], True, [])
    if echo.described(1) != "the grader's number 1 printed first, reading 'ab\\n' on stdin":
        problems.append("the echo rule's input said as %r" % echo.described(1))


def differences(problems):
    want, got = b"x" * 200 + b"abc\n", b"x" * 200 + b"abd\n"
    said = judges.first_difference(want, got)
    if "column 203" not in said or "abc" not in said or "abd" not in said or len(said) > 200:
        problems.append("a late difference said as %r" % said)
    said = effects.first_difference(["call f_0(0x8000000040000038, 2)  # 3:4"],
                                    ["call f_0(0x200000010, 2)"])
    if "word 7 of main's frame" not in said or "record or array" not in said:
        problems.append("addresses said as %r" % said)


def group(problems):
    spec = {"lab": "x", "groups": [{"name": "a", "points": 5}, {"name": "b", "points": 5}],
            "random": {"name": "random programs", "points": 15}, "bonus": [{"name": "q"}]}
    one = mutation_score.only_group(spec, "b")
    rand = mutation_score.only_group(spec, "random")
    if [g["name"] for g in one["groups"]] != ["b"] or one["random"] or one["bonus"]:
        problems.append("--group b kept %r" % one)
    if rand["groups"] or rand["bonus"] or rand["random"] != spec["random"]:
        problems.append("--group random kept %r" % rand)


def main():
    problems = []
    for check in (wrapping, invariant_message, dump_parse, shrinking, public, numbered,
                  inputs_said, differences, group):
        check(problems)
    for p in problems:
        print("FAIL " + p)
    print("shown_failures: %d problems" % len(problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
