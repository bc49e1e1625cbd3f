#!/usr/bin/env python3
"""grade_tests.py - grades a student's own test programs by the mutants they catch, as
Examplar does (labs/grader/README.md, "Students' tests").

Usage:
  python3 -m labs.grader.grade_tests LAB --tests DIR [--reference TIGERC] [--mutants N]
                                     [--jobs N] [--time-limit S] [--out DIR]

Input: DIR's Tiger programs in the testcases/ directive format (testcases/README.md).
Each is first judged on the reference as the lab's grade judges a program, under the
mutants' limits (--time-limit, 3 s), alone: one the reference fails (or needs more
time for), or that expects a compile error, is a wrong test and counts for nothing. The
right ones then run on every mutant of the lab (grader/mutation.py): the shipped
labs/LAB/mutants/*.patch and the generated ones of mutation_score.py but the equivalent
ones (--mutants N: all the shipped ones and a fixed sample of N generated). A mutant is
killed when one of the tests fails on it, a time-out included (said "timed out": the
test ran within the same limit on the reference); one that does not compile is left
out. The programs and their `.out` files are read through no symbolic link, at most
TEST_SIZE bytes each, into a folder of the grader's (a link, a FIFO or a device makes
that test wrong; a name with a control character or a leading '-' refuses the folder).
Output: the score, 100 x the share of mutants killed, written as the grader
writes a grade (grader/report.py): the terminal table, OUT/results.json and
OUT/junit.xml (OUT: build/grade/LAB/tests). A survivor is named by its id and what it
changes (an operator in a function), never by the solution's code. Exit 0 when
graded, 2 on a grader error.
"""
import argparse
import os
import re
import shutil
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace

from ..paths import ROOT
from ..programs import COMPILE_ERRORS, directives
from . import grade, mutation, report, untrusted

TESTS_GROUP = "your tests on the reference"
TIMED_OUT = re.compile(r": time limit [0-9.]+ s$")
TEST_SIZE = 1 << 20
MUTANTS_GROUP = "mutants your tests kill"


def parse(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    ap.add_argument("lab")
    ap.add_argument("--tests", required=True, help="the student's test programs")
    ap.add_argument("--reference", default=os.path.join(ROOT, "build", "tigerc"))
    ap.add_argument("--mutants", type=int, default=int(os.environ.get("MUTANTS") or 0),
                    help="a fixed sample of N generated mutants (default: all; $MUTANTS)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--time-limit", type=float, default=3.0)
    ap.add_argument("--out", help="default build/grade/LAB/tests")
    a = ap.parse_args(argv)
    a.reference = os.path.abspath(a.reference)
    a.out = a.out or os.path.join(ROOT, "build", "grade", a.lab, "tests")
    a.workdir = os.path.join(ROOT, "build", "grade", "mutation", a.lab)
    return a


def tests_spec(spec, programs):
    """The lab's spec with the student's programs as its one group: no random programs,
    no private group, no bonus."""
    out = {k: v for k, v in spec.items() if k not in ("groups", "random", "bonus", "private")}
    out["groups"] = [{"name": "your tests", "points": 100, "programs": programs}]
    return out


def copies(tests, into):
    """The student's programs (TESTS/*.tig) with their .out files, copied into `into`
    (untrusted.read); ([copy paths], {copy path: why it could not be read})."""
    names = [n for n in untrusted.files(tests) if n.endswith(".tig") and "/" not in n]
    names += sorted(n for n in os.listdir(tests) if n.endswith(".tig") and n not in names
                    and untrusted.bad_name(n) is None)  # links, FIFOs: named, then refused
    os.makedirs(into, exist_ok=True)
    out, unread = [], {}
    for name in names:
        dst = os.path.join(into, name)
        out.append(dst)
        try:
            for part in (name, name[:-4] + ".out"):
                if part == name or os.path.lexists(os.path.join(tests, part)):
                    with open(os.path.join(into, part), "wb") as f:
                        f.write(untrusted.read(tests, part, TEST_SIZE))
        except untrusted.Refused as e:
            unread[dst] = "wrong test: %s" % e
    return out, unread


def check_tests(args, spec, programs, unread=None):
    """[(program, why it is wrong or "")]: each judged on the reference."""
    wrong = dict(unread or {})
    programs_read = [p for p in programs if p not in wrong]
    wrong.update({p: "expects a compile error: the lab's stage never runs on it"
                  for p in programs_read if directives(p)["exit"] in COMPILE_ERRORS})
    runnable = [p for p in programs if p not in wrong]
    for p, message in on_reference(args, spec, runnable).items():
        if timed_out(message):
            wrong[p] = "wrong test: the reference itself needs more than %g s, the " \
                       "mutants' time limit" % args.time_limit
        elif message:
            wrong[p] = "wrong test: the reference fails it: " + message
    return [(p, wrong.get(p, "")) for p in programs]


def on_reference(args, spec, programs):
    """{program: its failure on the reference, or ""}, each judged under the mutants'
    limits (--time-limit) in a grade of its own: no other test's time-outs lower its
    limit (judges.Context.student_limits)."""
    ref = replace(grade.parse([args.lab, "--reference", args.reference, "--shrink", "0",
                               "--jobs", "1"]), time_limit=args.time_limit)
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(lambda p: grade.grade(ref, tests_spec(spec, [p]), None),
                                programs))
    out = {}
    for p, result in zip(programs, results):
        if not result["groups"][0]["programs"]:
            raise RuntimeError(result["build"])
        judged = result["groups"][0]["programs"][0]
        out[p] = "" if judged["passed"] else judged["message"]
    return out


def timed_out(message):
    """Whether a failure is a time-out (sandbox.Ran.problem: "WHO: time limit N s")."""
    return TIMED_OUT.search(message.split("\n")[0]) is not None


def mutants(args):
    """The shipped mutants and the generated ones (but the equivalent), sampled."""
    sources = mutation.lab_sources(args.lab)
    skip = mutation.equivalents(args.lab)
    made = [c for c in mutation.generated(args.lab, sources) if c.id not in skip]
    tree = os.path.join(args.workdir, "patched")
    return mutation.shipped(args.lab, tree, sources) + mutation.sample(made, args.mutants)


def said(outcome, seconds):
    """What a killed mutant's entry says: "killed by" the tests that failed on it other
    than by running out of time; when they all ran out of time, "timed out on" them,
    counted as killed too: each passed on the reference within the same limit."""
    failures = [p for _, p in mutation.failed(outcome.result)]
    real = [p["name"] for p in failures if not timed_out(p["message"])]
    if real:
        return "killed by " + ", ".join(real[:3])
    return "timed out on %s, which the reference passes within the same %g s: counted " \
           "as killed" % (", ".join(p["name"] for p in failures[:3]), seconds)


def entry(name, path, passed, message, share):
    return {"name": name, "path": path, "passed": passed, "message": message,
            "score": share if passed else 0, "max_score": share, "private": False,
            "metric": None}


def group(name, points, programs):
    return {"name": name, "points": points, "private": False, "programs": programs,
            "score": round(sum(p["score"] for p in programs), 4)}


def result_of(args, spec, checked, outcomes, seconds):
    """A Result (grade.py's shape) for report.py: the tests (0 points), the mutants."""
    tests = [entry(os.path.basename(p)[:-4], p, not why, why, 0) for p, why in checked]
    counted = [o for o in outcomes if o.verdict != "did not build"]
    each = grade.shares(100, len(counted)) if counted else []
    kills = []
    for o, share in zip(counted, each):
        killed = o.verdict == "killed"
        why = said(o, args.time_limit) if killed else \
            "survived: no test of yours fails on it (%s)" % o.case.hint
        kills.append(entry(o.case.id, o.case.id, killed, why, share))
    groups = [group(TESTS_GROUP, 0, tests), group(MUTANTS_GROUP, 100, kills)]
    score = groups[1]["score"]
    broken = len(outcomes) - len(counted)
    return {"lab": args.lab, "title": spec["title"] + ": your tests against the mutants",
            "build": "%d mutants that do not compile left out" % broken if broken else "",
            "groups": groups, "bonus": [], "score": score, "max_score": 100,
            "percent": score, "bonus_score": 0, "seconds": seconds,
            "confinement": grade.sandbox.level()}


def main(argv):
    args = parse(argv)
    spec = grade.load_spec(args.lab)
    if not os.access(args.reference, os.X_OK):
        print("grade_tests: no reference tigerc at %s (run make first)" % args.reference)
        return 2
    start = time.time()
    into = os.path.join(args.workdir, "student-tests")
    shutil.rmtree(into, ignore_errors=True)
    try:
        programs, unread = copies(os.path.abspath(args.tests), into)
    except untrusted.Refused as e:
        print("grade_tests: your tests are refused: %s" % e)
        return 2
    cases = mutants(args)
    if not cases:
        print("grade_tests: no mutant of %s here (a handout has no solution to mutate)"
              % args.lab)
        return 2
    try:
        checked = check_tests(args, spec, programs, unread)
        right = [p for p, why in checked if not why]
        print("%d right tests of %d; %d mutants" % (len(right), len(programs), len(cases)))
        pool = mutation.Pool(args.lab, args.reference, args.workdir, args.jobs,
                             args.time_limit)
        outcomes = pool.run(cases, tests_spec(spec, right)) if right else \
            [mutation.Outcome(c, "survived") for c in cases]
    except RuntimeError as e:
        print("grade_tests: grader error: %s" % e)
        return 2
    result = result_of(args, spec, checked, outcomes, time.time() - start)
    print(report.table(result))
    report.write(result, args.out)
    print("wrote %s/results.json and junit.xml (%.1f s)" % (args.out, result["seconds"]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
