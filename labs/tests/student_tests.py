#!/usr/bin/env python3
"""student_tests.py - `make grade-tests` grades a student's tests by the mutants they
kill (labs/grader/grade_tests.py; labs/grader/README.md, "Students' tests").

Usage: python3 -m labs.tests.student_tests REFERENCE_TIGERC

Runs grade_tests.py canon on labs/tests/student/ (two right tests, two wrong) with
the shipped mutants and 2 generated ones, the mutants' time limit 1 s. Expects: the
wrong tests, and only they, are reported as wrong: wrong_sum's output, and slow_equal
(right, but 50000 comparisons of 1 MB strings) because the reference itself needs more
than the mutants' 1 s; calls_in_sums kills the shipped call_not_saved (a CALL left
inside a BINOP breaks the canonical form); the score is the killed mutants' shares, out
of 100; results.json and junit.xml hold one entry per test and per mutant; a mutant
that only ran out of time is said to have timed out, not to be killed by the test.
Control: the check of before (the reference under the lab's 10 s) calls slow_equal
right, so its time-out on every mutant killed them all.
"""
import json
import os
import subprocess
import sys
from dataclasses import replace
from xml.etree import ElementTree as ET

from ..grader import grade, grade_tests, mutation
from ..paths import ROOT
from .mutants import conclude

HERE = os.path.dirname(os.path.abspath(__file__))

OUT = os.path.join(ROOT, "build", "grade", "canon", "student-tests")
SLOW = os.path.join(HERE, "student", "slow_equal.tig")


def run(reference):
    ran = subprocess.run([sys.executable, "-m", "labs.grader.grade_tests", "canon",
                          "--tests", os.path.join(HERE, "student"), "--reference", reference,
                          "--mutants", "2", "--jobs", "1", "--time-limit", "1", "--out", OUT],
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
    if wrong != ["slow_equal", "wrong_sum"] or "fails it" not in \
            tests["wrong_sum"]["output"] or "needs more than 1 s" not in \
            tests["slow_equal"]["output"]:
        problems.append("wrong tests: %s, expected slow_equal and wrong_sum" % wrong)
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


def timeouts_said():
    """Problems with what a killed mutant's entry says: "timed out on" when each test
    that failed on it ran out of time, "killed by" the others when not."""
    late = {"name": "slow", "passed": False,
            "message": "the reference running your --emit=linear: time limit 1 s"}
    wrong = {"name": "sums", "passed": False, "message": "stdout line 1: expected '3', got '2'"}
    said = [grade_tests.said(mutation.Outcome(None, "killed", result={"groups": [
        {"programs": programs}]}), 1) for programs in ([late], [late, wrong])]
    print("a mutant that timed out: %s; with another failure: %s" % tuple(said))
    if not said[0].startswith("timed out on slow") or said[1] != "killed by sums":
        return ["a time-out is said as %r, with another failure %r" % tuple(said)]
    return []


def old_check_passes(reference):
    """The control: the check of before, the reference under the lab's time limit
    (10 s), not the mutants', calls slow_equal right."""
    args = grade.parse(["canon", "--reference", reference, "--shrink", "0", "--jobs", "1"])
    spec = grade.load_spec("canon")
    args = replace(args, time_limit=spec.get("time_limit", 10))
    result = grade.grade(args, grade_tests.tests_spec(spec, [SLOW]), None)
    passed = result["groups"][0]["programs"][0]["passed"]
    print("control: slow_equal on the reference under the lab's %g s: %s" % (
        args.time_limit, "right" if passed else "WRONG"))
    return passed


def main(argv):
    reference = os.path.abspath(argv[0])
    problems = timeouts_said()
    if not old_check_passes(reference):
        problems.append("control: the check of before does not call slow_equal right")
    ran = run(reference)
    if ran.returncode != 0:
        return conclude("grade-tests", problems + ["grade_tests.py exited %d: %s" % (
            ran.returncode, (ran.stdout + ran.stderr)[-800:])])
    with open(os.path.join(OUT, "results.json")) as f:
        results = json.load(f)
    with open(os.path.join(OUT, "junit.xml")) as f:
        junit = f.read()
    return conclude("grade-tests", problems + check(results, junit))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
