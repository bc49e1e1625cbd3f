#!/usr/bin/env python3
"""handout_zero.py - a fresh lab handout builds and scores exactly 0, with a message
for every program it fails.

Usage: python3 -m labs.tests.handout_zero REFERENCE_TIGERC LAB... [--scratch DIR]

Each LAB's handout is cut from this tree by labs/cut.py (its functions replaced
by stubs that stop with exit 78) and graded like any submission, in the shared scratch
build (only the stubbed files differ from the last build). Expects: the handout
builds, every program loses its points with a one-line reason, the score is 0.
"""
import os
import sys
from dataclasses import replace

from .. import cut
from ..grader import grade
from ..paths import ROOT
from .mutants import arguments, conclude


def grade_handout(lab, reference, extra):
    """Problems with lab's handout as a submission; [] when it scores 0 as it should."""
    tree = os.path.join(ROOT, "build", "grade", "handouts", lab)
    cut.write(lab, reference, tree, quiet=True)
    args = grade.parse([lab, "--reference", reference, "--submission", tree, "--shrink", "0",
                        "--out",
                        os.path.join(ROOT, "build", "grade", "handout-" + lab)] + extra)
    spec = grade.load_spec(lab)
    args = replace(args, time_limit=spec.get("time_limit", 10))
    result = grade.grade(args, spec, tree)
    grade.report.write(result, args.out)
    problems = [result["build"]] if result["build"] else []
    if result["score"] != 0:
        problems.append("%s: the handout scores %.2f, not 0" % (lab, result["score"]))
    programs = [p for g in result["groups"] for p in g["programs"]]
    problems += ["%s: %s passes in a handout" % (lab, p["name"]) for p in programs
                 if p["passed"]]
    problems += ["%s: %s fails with no message" % (lab, p["name"]) for p in programs
                 if not p["passed"] and not p["message"].strip()]
    print("%s: %d programs, score %.2f / %d; first message: %s" % (
        lab, len(programs), result["score"], result["max_score"],
        programs[0]["message"] if programs else "-"))
    return problems


def main(argv):
    reference, labs, extra = arguments(argv, __doc__)
    problems = []
    for lab in labs:
        problems += grade_handout(lab, os.path.abspath(reference), extra)
    return conclude("handout scores 0", problems)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
