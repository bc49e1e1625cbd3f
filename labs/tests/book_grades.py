#!/usr/bin/env python3
"""book_grades.py - grades each lab's book answer (labs/LAB/book, the answer
labs_handout_LAB builds) as a student's loose upload: each must score full marks
(labs/grader/README.md, "Measured", gives the seconds it prints).

Usage: python3 -m labs.tests.book_grades REFERENCE_TIGERC [LAB ...] [--scratch DIR]
Prints each lab's score, bonus, temps or other quality number and seconds. Exit 1 when
a book answer scores less than the maximum.
"""
import argparse
import os
import shutil
import sys
from dataclasses import replace

from ..grader import grade
from ..paths import ROOT
from .handout_check import book_answer
from .mutants import conclude

WORK = os.path.join(ROOT, "build", "grade", "book")
LABS = ("translate", "canon", "traces", "ptoext")


def upload(lab):
    """The book's answer of LAB as a folder of its answered files."""
    folder = os.path.join(WORK, "upload", lab)
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    for path, text in book_answer(lab).items():
        with open(os.path.join(folder, os.path.basename(path)), "w", encoding="utf-8") as f:
            f.write(text)
    return folder


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("reference")
    ap.add_argument("labs", nargs="*", default=LABS)
    ap.add_argument("--scratch", default=os.path.join(ROOT, "build", "grade", "scratch"))
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args(argv)
    problems = []
    for lab in a.labs:
        sub = upload(lab)
        args = grade.parse([lab, "--reference", os.path.abspath(a.reference), "--submission",
                            sub, "--out", os.path.join(WORK, "results", lab), "--jobs",
                            str(a.jobs), "--scratch", os.path.abspath(a.scratch)])
        args = replace(args, time_limit=10)
        result = grade.grade(args, grade.load_spec(lab), sub)
        bonus = result["bonus"][0] if result["bonus"] else {}
        print("%s: the book's answer %.2f / %g, bonus %.2f (%s) in %.1f s" % (
            lab, result["score"], result["max_score"], result["bonus_score"],
            bonus.get("message", ""), result["seconds"]), flush=True)
        if result["score"] != result["max_score"]:
            failed = [p for g in result["groups"] for p in g["programs"] if not p["passed"]]
            problems.append("%s: the book's answer scores %.2f: %s" % (
                lab, result["score"], failed[0]["message"] if failed else result["build"]))
    return conclude("book_grades", problems)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
