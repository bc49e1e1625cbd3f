#!/usr/bin/env python3
"""equivalence.py - checks the entries of labs/LAB/equivalent_mutants.txt on programs
they were not written for (labs/grader/README.md, "Mutation score").

Usage:
  python3 -m labs.grader.equivalence LAB [--seed S] [--programs N] [--mutants N]
                                     [--only ID]... [--jobs N] [--reference TIGERC]

Input: the lab's listed equivalent mutants (mutation.equivalents), its grading.json,
the reference tigerc. Each listed mutant is graded like a submission (mutation.Pool)
on the lab's public groups and N random programs of seed S (the random group's kind,
another seed than the grade's), no bonus, and then judged per program:
  - "output":  a program fails (output, exit status, an invariant): not equivalent;
  - "quality": on some program the bonus's number is above the yardstick's (the
               reference with the book's choices on that program): a quality entry
               must hold per program, not only in the suite's sum;
  - "holds":   neither.
The unmutated solution is graded first the same way, so a program where the
reference itself is above the yardstick is named (and not held against a mutant).
Output: a line per mutant, then the entries that fail with their first program, and
the line `equivalent entries: K of N hold`. Exit 0 (2 on a grader error).
"""
import argparse
import os
import sys
from concurrent.futures import ThreadPoolExecutor

from ..paths import ROOT
from ..programs import directives
from . import grade, judges, mutation, sandbox, shipped


def parse(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    ap.add_argument("lab")
    ap.add_argument("--reference", default=os.path.join(ROOT, "build", "tigerc"))
    ap.add_argument("--seed", type=int, default=1000, help="the random programs' seed")
    ap.add_argument("--programs", type=int, default=40, help="random programs (default 40)")
    ap.add_argument("--mutants", type=int, default=0, help="a fixed sample of N entries")
    ap.add_argument("--only", action="append", default=[], metavar="ID")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--time-limit", type=float, default=3.0)
    a = ap.parse_args(argv)
    a.reference = os.path.abspath(a.reference)
    a.workdir = os.path.join(ROOT, "build", "grade", "mutation", a.lab)
    return a


def check_spec(spec, seed, count):
    """The public groups and `count` random programs of `seed`, no bonus."""
    return dict(spec, random=dict(spec["random"], seed=seed, count=count), bonus=[])


def programs_of(result):
    """[(path, passed, metric)] of every program of a grade's result."""
    return [(p["path"], p["passed"], p["metric"]) for g in result["groups"]
            for p in g["programs"]]


def yardsticks(spec, reference, paths, jobs):
    """{program path: the bonus's yardstick on it}, on the text and input each program is
    judged on (its lifted text, as grade.py's Context gives it), like the number of the
    grade it is compared with."""
    runs = grade.default_runs()
    cx = judges.Context(spec, reference, sandbox.Limits(seconds=60), runs=runs)
    cx.cases = lambda path, d: shipped.cases(spec["lab"], path, d, reference, runs)
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        values = list(pool.map(lambda p: judges.baseline(cx, p, directives(p)), paths))
    return dict(zip(paths, values))


def verdict(result, sticks, excused):
    """("holds" | "output" | "quality" | "did not build", the first program and why)."""
    if result["build"].startswith("build failed"):
        return "did not build", result["build"][:100]
    wrong = mutation.failed(result)
    if wrong:
        return "output", os.path.basename(wrong[0][1]["path"])
    rows = programs_of(result)
    for path, _, metric in rows:
        top = sticks.get(path)
        if path not in excused and None not in (metric, top) and metric > top:
            return "quality", "%s: %d > yardstick %d" % (os.path.basename(path), metric, top)
    return "holds", ""


def main(argv):
    args = parse(argv)
    spec = check_spec(grade.load_spec(args.lab), args.seed, args.programs)
    listed = mutation.equivalents(args.lab)
    sources = mutation.lab_sources(args.lab)
    cases = [c for c in mutation.generated(args.lab, sources) if c.id in listed]
    if args.only:
        cases = [c for c in cases if c.id in args.only]
    cases = mutation.sample(cases, args.mutants)
    solution = mutation.Case("solution", "the unmutated solution", sources)
    print("%s: %d of %d equivalent entries, on the public groups and %d random programs "
          "of seed %d" % (args.lab, len(cases), len(listed), args.programs, args.seed))
    try:
        pool = mutation.Pool(args.lab, args.reference, args.workdir, args.jobs,
                             args.time_limit)
        pool.prepare(spec)
        base = pool.run([solution], spec)[0].result
        sticks = yardsticks(spec, args.reference, [p for p, _, _ in programs_of(base)],
                            args.jobs)
        excused = {p for p, passed, m in programs_of(base)
                   if not passed or None not in (m, sticks[p]) and m > sticks[p]}
        for p in sorted(excused):
            print("the solution itself is above the yardstick on %s (not counted)" % p)
        failed = []

        def done(o, n):
            v, why = verdict(o.result, sticks, excused)
            tag = "quality" if mutation.quality_only(listed[o.case.id]) else "same"
            print("[%d/%d] %-8s %s (%s entry) %s" % (n, len(cases), v, o.case.id, tag, why))
            if v in ("output", "quality"):
                failed.append((o.case.id, v, why))

        pool.run(cases, spec, done)
    except RuntimeError as e:
        print("equivalence: grader error: %s" % e)
        return 2
    for mid, v, why in sorted(failed):
        print("  fails (%s): %s  %s" % (v, mid, why))
    print("equivalent entries: %d of %d hold" % (len(cases) - len(failed), len(cases)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
