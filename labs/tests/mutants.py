#!/usr/bin/env python3
"""mutants.py - each mutant of a lab loses points where it should, and only there.

Usage: python3 -m labs.tests.mutants REFERENCE_TIGERC LAB... [--scratch DIR]

A mutant is labs/LAB/mutants/NAME.patch: a small patch to the solution sources that
makes one classic mistake, with its expectation in the header above the diff:
    Mistake: a CALL's result is not saved in a temp
    Loses: calls inside expressions            (groups that must lose points)
    Keeps: all others                          (or groups that must not, or none)
"bonus" (the first bonus line) may appear in either list; "all others" means the
groups, not the bonus, which needs every program to pass. Each mutant is applied to a
copy of this tree (build/grade/mutants/tree-LAB, one per lab: the labs' tests run side
by side) and its lab's files are graded as a student's upload (written over the
handout); all of them share one scratch build (grade.py --scratch), so each rebuilds
only what it changes.
Prints one line per mutant; exit 1 when any expectation fails.
"""
import argparse
import glob
import os
import sys
from dataclasses import replace

from ..grader import grade
from ..grader import mutation
from ..grader.mutation import apply, expectation, scores
from ..paths import LABS, ROOT


def check(exp, result):
    """What is wrong with the result against the expectation; [] when nothing."""
    s = scores(result)
    problems = ["unknown group %r" % g for g in exp["Loses"] if g not in s]
    problems += ["kept all of %r" % g for g in exp["Loses"]
                 if g in s and s[g][0] >= s[g][1]]
    others = [g["name"] for g in result["groups"] if g["name"] not in exp["Loses"]]
    keeps = others if exp["Keeps"] == "all others" else exp["Keeps"]
    failures = {g["name"]: ["%s: %s" % (p["name"], p["message"]) for p in g["programs"]
                            if not p["passed"]] for g in result["groups"]}
    problems += ["lost points in %r (%.2f / %d): %s" % (
        g, s[g][0], s[g][1], "; ".join(failures.get(g, [])[:2])) for g in keeps
        if g in s and s[g][0] < s[g][1]]
    if result["build"].startswith("build failed") or "grader error" in result["build"]:
        problems.append(result["build"])
    return problems


def loose_files(lab, tree, dest):
    """The lab's files (those with one of its regions), copied from a patched tree into
    dest alone: what a student uploads, built on the handout (fewer files to compile
    than the whole tree, whose later labs the handout stubs)."""
    files = mutation.files_in(tree, mutation.lab_sources(lab))
    mutation.write_loose(mutation.Case("loose", "", files), dest)


def conclude(test, problems):
    """Prints each problem and a summary line; the exit status of a test."""
    for p in problems:
        print("FAIL " + p)
    print("%s: %s" % (test, "%d problem(s)" % len(problems) if problems else "ok"))
    return 1 if problems else 0


def arguments(argv, doc):
    """REFERENCE LAB... [--scratch DIR], the command line of the grader's tests:
    (reference, labs, the extra arguments of grade.py)."""
    ap = argparse.ArgumentParser(description=doc.split("\n")[0])
    ap.add_argument("reference")
    ap.add_argument("labs", nargs="+")
    ap.add_argument("--scratch")
    a = ap.parse_args(argv)
    return a.reference, a.labs, ["--scratch", a.scratch] if a.scratch else []


def main(argv):
    reference, labs, extra = arguments(argv, __doc__)
    failed = []
    for lab in labs:
        tree = os.path.join(ROOT, "build", "grade", "mutants", "tree-" + lab)
        for patch in sorted(glob.glob(os.path.join(LABS, lab, "mutants", "*.patch"))):
            name = "%s/%s" % (lab, os.path.basename(patch)[:-6])
            problems = run_mutant(lab, name, patch, tree, reference, extra)
            failed += ["%s: %s" % (name, p) for p in problems]
    return conclude("mutants", failed)


def run_mutant(lab, name, patch, tree, reference, extra):
    """Grades one mutant; prints its line; returns its problems."""
    exp = expectation(patch)
    err = apply(patch, tree)
    if err:
        return ["the patch does not apply: " + err]
    sub = tree + "-files"
    loose_files(lab, tree, sub)
    args = grade.parse([lab, "--reference", reference, "--submission", sub, "--shrink", "0",
                        "--out",
                        os.path.join(ROOT, "build", "grade", "mutants", name)] + extra)
    args = replace(args, time_limit=10)
    result = grade.grade(args, grade.load_spec(lab), sub)
    grade.report.write(result, args.out)
    problems = check(exp, result)
    print("%s %s (%s): %.2f / %d, %.0f s%s" % (
        "FAIL" if problems else "ok  ", name, exp.get("Mistake", "?"), result["score"],
        result["max_score"], result["seconds"], "".join("\n    " + p for p in problems)))
    sys.stdout.flush()
    return problems


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
