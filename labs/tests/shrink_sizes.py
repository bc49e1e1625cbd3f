#!/usr/bin/env python3
"""shrink_sizes.py - how small the grader's counterexamples are, measured on mutants
(ctest grade.shrink runs two; labs/grader/README.md, "Measured", has the full figure).

Usage: python3 -m labs.tests.shrink_sizes REFERENCE_TIGERC [LAB/MUTANT ...] [--scratch DIR]
  (grading's shrinks stop after 20 s; these only after 300 candidates, so the sizes do
  not depend on how loaded the machine is)
  (no mutant named: every shipped mutant of every lab)

Each mutant (labs/LAB/mutants/NAME.patch) is applied to a copy of this tree and the
lab's files are graded as a student's loose files, shrinking the first failed random
program. Prints, per mutant, the lines of the original program and of the
counterexample, then the median and the share of 15 lines or fewer. Expects: every
mutant that fails a random program gets a counterexample that it still fails, smaller
than the program it came from, and the median is 15 lines or fewer. The same mutant
graded inside its handout (`make grade` there: the built tree of the submission, its
own tigerc as the grader's reference) gets the same score, the same programs failed
and the same counterexample. Exit 1 otherwise.
"""
import argparse
import glob
import json
import os
import re
import statistics
import subprocess
import sys
from dataclasses import replace

from ..grader import grade, report, submission
from ..paths import LABS, ROOT
from .mutants import apply, conclude, loose_files

WORK = os.path.join(ROOT, "build", "grade", "shrink")  # --scratch S: S-shrink
# Only the shrinker's 300 candidates bound it here, not the clock: the same sizes
# however loaded the machine is.
SECONDS = 3600


def measure(reference, name, extra):
    """((lines of the original program, lines of the counterexample) or None, what
    differs between the grade and the same grade inside the handout)."""
    lab, mutant = name.split("/")
    patch = os.path.join(LABS, lab, "mutants", mutant + ".patch")
    tree, sub = os.path.join(WORK, "tree"), os.path.join(WORK, "sub")
    err = apply(patch, tree)
    if err:
        raise SystemExit("%s does not apply: %s" % (name, err))
    loose_files(lab, tree, sub)
    shrinking = ["--shrink", "1", "--shrink-seconds", str(SECONDS)]
    args = grade.parse([lab, "--reference", reference, "--submission", sub, "--out",
                        os.path.join(WORK, "out"), "--keep-work"] + shrinking + extra)
    spec = grade.load_spec(lab)
    args = replace(args, time_limit=spec.get("time_limit", 10))
    result = grade.grade(args, spec, sub)
    report.write(result, args.out)
    work = submission.work_folder(args.scratch, 0)
    try:
        differs = in_handout(lab, work, shrinking, args.out)
    finally:
        submission.clear(work)  # --keep-work kept it, its tmpfs mounted, for in_handout
    rand = [g for g in result["groups"] if g["name"] == spec["random"]["name"]][0]
    for p in rand["programs"]:
        m = re.search(r"shrunk to (\d+) lines", p["message"])
        if m:
            whole = open(p["path"]).read().split("/*", 1)[0].rstrip("\n").count("\n") + 1
            return (whole, int(m.group(1))), differs
    return None, differs


def in_handout(lab, work, shrinking, official):
    """What differs between the grade written in `official` and `make grade` inside the
    submission's built tree (work/src, its tigerc in work/build): the score, which
    programs failed, the shrunk counterexamples."""
    out = os.path.join(WORK, "local")
    ran = subprocess.run([sys.executable, "-m", "labs.grader.grade", lab, "--reference",
                          os.path.join(work, "build", "tigerc"), "--out", out] + shrinking,
                         cwd=os.path.join(work, "src"), capture_output=True, text=True,
                         timeout=1800)
    try:
        mine, theirs = (json.load(open(os.path.join(d, "results.json")))
                        for d in (out, official))
    except (OSError, ValueError):
        return ["the grade in the handout wrote no results: " + ran.stdout[-1500:]]
    said = lambda r: [(t["name"], t["score"], shrunk(t.get("output", ""))) for t in r["tests"]]
    if (mine["score"], said(mine)) == (theirs["score"], said(theirs)):
        return []
    return ["in the handout %s, officially %s; first different test: %s" % (
        mine["score"], theirs["score"],
        next(((a, b) for a, b in zip(said(mine), said(theirs)) if a != b), None))]


def shrunk(output):
    """A counterexample in a test's output: from "shrunk to" to its expectation (what
    the submission did may be said in more words where the grader runs more), or ""."""
    if "shrunk to" not in output:
        return ""
    return output[output.find("shrunk to"):].split("\n  yours:")[0]


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("reference")
    ap.add_argument("mutants", nargs="*")
    ap.add_argument("--scratch")
    a = ap.parse_args(argv)
    extra = ["--scratch", a.scratch] if a.scratch else []
    global WORK
    WORK = a.scratch + "-shrink" if a.scratch else WORK
    names = a.mutants or sorted("%s/%s" % (p.split(os.sep)[-3], os.path.basename(p)[:-6])
                                for p in glob.glob(os.path.join(LABS, "*", "mutants", "*.patch")))
    sizes, problems = [], []
    for name in names:
        got, differs = measure(os.path.abspath(a.reference), name, extra)
        print("%-40s %s" % (name, "no random program failed" if not got else
                            "%d lines -> %d lines" % got), flush=True)
        problems += ["%s: %s" % (name, d) for d in differs]
        if got:
            sizes.append(got[1])
            if got[1] >= got[0]:
                problems.append("%s: the counterexample is no smaller" % name)
    if sizes:
        small = sum(s <= 15 for s in sizes)
        print("counterexamples: %d, median %g lines, %d of 15 lines or fewer (%.0f%%)" % (
            len(sizes), statistics.median(sizes), small, 100.0 * small / len(sizes)))
        if statistics.median(sizes) > 15:
            problems.append("the median counterexample has more than 15 lines")
    else:
        problems.append("no mutant failed a random program")
    return conclude("shrink", problems)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
