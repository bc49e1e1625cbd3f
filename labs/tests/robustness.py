#!/usr/bin/env python3
"""robustness.py - the grader survives submissions that crash, loop, flood, escape or
do not build, and charges each failure to the tests it affects, with its message.

Usage: python3 -m labs.tests.robustness REFERENCE_TIGERC [--scratch DIR]

1. labs/tests/robust/misbehave.patch makes tigerc misbehave by program name
   (segv.tig, loop.tig, flood.tig, escape.tig; fine.tig compiles normally). Graded with
   labs/tests/robust/grading.json (time limit 3 s), each program must fail with its
   message, fine.tig and escape.tig must pass, and the files escape.tig tries to write
   outside its private folder must not exist.
2. labs/tests/robust/build_error.patch does not compile: every test scores 0 with
   "build failed: <the compiler's error line>".
Exit 1 when any of this does not hold.
"""
import os
import sys
from dataclasses import replace

from ..grader import grade
from ..paths import ROOT
from .mutants import apply, conclude

HERE = os.path.dirname(os.path.abspath(__file__))

ROBUST = os.path.join(HERE, "robust")
WANT = {"segv": "crashed with signal 11 (SIGSEGV)", "loop": "time limit 3 s",
        "flood": "printed more than 1 MB", "escape": None, "fine": None}
ESCAPES = ["/dev/shm/tiger-grade-escaped", os.path.join(ROBUST, "escape.tig.escaped")]


def graded(patch, extra):
    tree = os.path.join(ROOT, "build", "grade", "robustness-tree")
    err = apply(os.path.join(ROBUST, patch), tree)
    if err:
        raise SystemExit("FAIL: %s does not apply: %s" % (patch, err))
    spec_path = os.path.join(ROBUST, "grading.json")
    args = grade.parse(["ptoext", "--spec", spec_path, "--submission", tree, "--shrink", "0",
                        "--out",
                        os.path.join(ROOT, "build", "grade", "robustness")] + extra)
    spec = grade.load_spec("ptoext", spec_path)
    args = replace(args, time_limit=spec["time_limit"])
    result = grade.grade(args, spec, tree)
    print(grade.report.table(result))
    return result


def misbehaving(extra):
    for path in ESCAPES:
        if os.path.exists(path):
            os.remove(path)
    result = graded("misbehave.patch", extra)
    problems = []
    for p in result["groups"][0]["programs"]:
        want = WANT[p["name"]]
        if want is None and not p["passed"]:
            problems.append("%s should pass: %s" % (p["name"], p["message"]))
        if want is not None and (p["passed"] or want not in p["message"]):
            problems.append("%s: expected %r, got %r" % (p["name"], want, p["message"]))
    level = grade.sandbox.level()
    confined = ESCAPES if level.startswith("bwrap") else ESCAPES[1:] if level == "nobody" \
        else []
    print("confinement: %s" % level)
    problems += ["a confined tigerc wrote %s" % path for path in confined
                 if os.path.exists(path)]
    return problems


def build_error(extra):
    result = graded("build_error.patch", extra)
    msgs = [p["message"] for g in result["groups"] for p in g["programs"]]
    ok = result["score"] == 0 and msgs and all(
        m.startswith("build failed: ") and "error" in m for m in msgs)
    return [] if ok else ["a build failure is not charged to every test: %r" % msgs[:1]]


def main(argv):
    extra = ["--reference", argv[0]] + argv[1:]
    problems = misbehaving(extra) + build_error(extra)
    return conclude("robustness", problems)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
