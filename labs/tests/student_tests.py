#!/usr/bin/env python3
"""student_tests.py - `make grade-tests` grades a student's tests by the mutants they
kill (labs/grader/grade_tests.py; labs/GRADING.md, "Students' tests").

Usage: python3 -m labs.tests.student_tests REFERENCE_TIGERC

Runs grade_tests.py canon on labs/tests/student/ (two right tests and one wrong) with
the shipped mutants and 2 generated ones. Expects: the wrong test, and only it, is
reported as wrong; calls_in_sums kills the shipped call_not_saved (a CALL left inside
a BINOP breaks the canonical form); the score is the killed mutants' shares, out of
100; results.json and junit.xml hold one entry per test and per mutant.
"""
import json
import os
import subprocess
import sys
from xml.etree import ElementTree as ET

from ..paths import ROOT
from .mutants import conclude

HERE = os.path.dirname(os.path.abspath(__file__))

OUT = os.path.join(ROOT, "build", "grade", "canon", "student-tests")


def run(reference):
    ran = subprocess.run([sys.executable, "-m", "labs.grader.grade_tests", "canon",
                          "--tests", os.path.join(HERE, "student"), "--reference", reference,
                          "--mutants", "2", "--jobs", "1", "--out", OUT],
                         capture_output=True, text=True, cwd=ROOT)
    print(ran.stdout[-3000:])
    return ran


def check(results, junit):
    problems = []
    tests = {t["name"].split(": ", 1)[1]: t for t in results["tests"]
             if t["tags"] == ["your tests on the reference"]}
    mutants = {t["name"].split(": ", 1)[1]: t for t in results["tests"]
               if t["tags"] == ["mutants your tests kill"]}
    wrong = sorted(n for n, t in tests.items() if t["status"] == "failed")
    if wrong != ["wrong_sum"] or "wrong test" not in tests["wrong_sum"]["output"]:
        problems.append("wrong tests: %s, expected only wrong_sum" % wrong)
    call = mutants.get("shipped:call_not_saved")
    if not call or call["status"] != "passed" or "calls_in_sums" not in call["output"]:
        problems.append("call_not_saved not killed by calls_in_sums: %s" % call)
    if len(mutants) < 7:
        problems.append("%d mutants graded, expected the 6 shipped and 2 more" % len(mutants))
    killed = round(sum(t["score"] for t in mutants.values()), 4)
    top = round(sum(t["max_score"] for t in mutants.values()), 4)
    if abs(results["score"] - killed) > 1e-6 or top != 100:
        problems.append("score %s, the killed mutants' shares %s of %s" % (
            results["score"], killed, top))
    cases = ET.fromstring(junit).findall(".//testcase")
    if len(cases) != len(tests) + len(mutants):
        problems.append("junit.xml has %d testcases, not %d" % (
            len(cases), len(tests) + len(mutants)))
    return problems


def main(argv):
    ran = run(os.path.abspath(argv[0]))
    if ran.returncode != 0:
        return conclude("grade-tests", ["grade_tests.py exited %d: %s" % (
            ran.returncode, (ran.stdout + ran.stderr)[-800:])])
    with open(os.path.join(OUT, "results.json")) as f:
        results = json.load(f)
    with open(os.path.join(OUT, "junit.xml")) as f:
        junit = f.read()
    return conclude("grade-tests", check(results, junit))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
