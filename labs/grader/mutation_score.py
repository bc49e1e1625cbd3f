#!/usr/bin/env python3
"""mutation_score.py - how many of a lab's generated mutants its grade catches
(labs/grader/README.md, "Mutation score").

Usage:
  python3 -m labs.grader.mutation_score LAB [--reference TIGERC] [--mutants N] [--jobs N]
                                        [--time-limit S] [--only ID]... [--survivors] [--list]
                                        [--group NAME] [--shipped] [--full]
                                        [--seed S | --fresh-seed]

Input: the lab's regions in this tree's sources (grader/mutate.py makes the mutants),
labs/LAB/grading.json, labs/LAB/equivalent_mutants.txt. Each mutant not listed as
equivalent is graded like a submission of the lab's files (grader/mutation.py): it is
killed when it loses points or the bonus, survives otherwise; one that does not
compile is counted apart. --mutants N grades a fixed sample of N; --only the mutants
named; --survivors those that survived the last run; --list prints the mutants only.
--group NAME grades with that group alone (a group's name, or "random" for the random
programs; no bonus): how many mutants it kills by itself. --shipped adds the shipped
mutants (labs/LAB/mutants/*.patch) to those graded. A mutant's grade stops at its first
failed program (it is killed then; most are, early); --full judges every program, to
list every group each mutant loses and the base points it loses. --seed S judges the
hidden random programs of seed S too, as the autograder does; --fresh-seed a seed of
the clock's (printed), so that no one can have tuned the grade to its programs.
Output: a line per mutant as it ends (with --full, "base -X": the points of the 100
public ones it lost), the survivors with their one-line diff, the time per mutant,
with --full the least and the median base points lost by the killed mutants (the
shipped ones, and all), build/grade/mutation/LAB/report.json (every mutant's last
verdict, over runs), and last the line
`mutation score: K/N killed (P%)`. Exit 0 (2 on a grader error).
"""
import argparse
import json
import os
import statistics
import sys
import time

from ..paths import ROOT
from . import grade, mutation


def parse(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    ap.add_argument("lab")
    ap.add_argument("--reference", default=os.path.join(ROOT, "build", "tigerc"))
    ap.add_argument("--mutants", type=int, default=int(os.environ.get("MUTANTS") or 0),
                    help="grade a fixed sample of N mutants (default: all; $MUTANTS)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                    help="mutants graded at once")
    ap.add_argument("--time-limit", type=float, default=3.0,
                    help="seconds per command of a mutant's tigerc (default 3)")
    ap.add_argument("--only", action="append", default=[], metavar="ID")
    ap.add_argument("--survivors", action="store_true",
                    help="only the mutants that survived the last run")
    ap.add_argument("--list", action="store_true", help="print the mutants, grade none")
    ap.add_argument("--group", help='grade with this group alone ("random": the random '
                    'programs), no bonus')
    ap.add_argument("--shipped", action="store_true", help="the shipped mutants too")
    ap.add_argument("--full", action="store_true", help="judge every program of a "
                    "killed mutant too (default: its grade stops at the first failure)")
    ap.add_argument("--seed", type=int, help="grade the hidden random programs of this "
                    "seed too, as the autograder does")
    ap.add_argument("--fresh-seed", action="store_true", help="--seed with a seed of the "
                    "clock's, printed (a score no one could tune the programs to)")
    a = ap.parse_args(argv)
    a.reference = os.path.abspath(a.reference)
    if a.fresh_seed and a.seed is None:
        a.seed = int(time.time()) % 1000000 + 1000
    a.workdir = os.path.join(ROOT, "build", "grade", "mutation", a.lab)
    return a


def chosen(args, cases, skipped):
    """The cases to grade: not equivalent, then --only, --survivors, --mutants."""
    cases = [c for c in cases if c.id not in skipped]
    if args.only:
        cases = [c for c in cases if c.id in args.only]
    if args.survivors:
        with open(os.path.join(args.workdir, "report.json")) as f:
            last = {m["id"] for m in json.load(f)["mutants"] if m["verdict"] == "survived"}
        cases = [c for c in cases if c.id in last]
    return mutation.sample(cases, args.mutants)


def only_group(spec, name):
    """The spec with one group alone (its name, or "random"), no bonus; SystemExit when
    it has no such group."""
    rand = spec.get("random")
    if name in ("random", rand and rand["name"]):
        return dict(spec, groups=[], bonus=[])
    groups = [g for g in spec["groups"] if g["name"] == name]
    if not groups:
        raise SystemExit("mutation_score: no group %r in %s's grading.json" % (name, spec["lab"]))
    return dict(spec, groups=groups, random=None, bonus=[])


def base_lost(o):
    """The base points (of the public groups' 100) the mutant's grade lost; None when it
    did not build. Meaningful with --full: a grade that stops early loses less."""
    r = o.result
    if not r or o.verdict == "did not build":
        return None
    scale = r.get("private_scale", 1) if r.get("private_run") else 1
    public = [g for g in r["groups"] if not g.get("private")]
    return round(sum(g["points"] - g["score"] for g in public) / scale, 2)


def progress(total, full):
    """Prints a line as each mutant ends; with full, the base points it lost."""
    def done(o, n):
        more = " +%d" % (len(o.lost) - 2) if len(o.lost) > 2 else ""
        why = ", lost: " + "; ".join(o.lost[:2]) + more if o.lost else ""
        base = base_lost(o) if full else None  # a grade stopped early lost less
        why += ", base -%.2f" % base if base else ""
        print("[%d/%d] %-13s %s (%.1f s%s)" % (n, total, o.verdict, o.case.id, o.seconds, why))
    return done


def losses(outcomes, prefix):
    """"min M, median D of K" of the base points lost by the killed mutants whose ids
    start with prefix, or None."""
    lost = [base_lost(o) for o in outcomes
            if o.verdict == "killed" and o.case.id.startswith(prefix)]
    lost = [x for x in lost if x is not None]
    if not lost:
        return None
    return "min %.2f, median %.2f of %d" % (min(lost), statistics.median(lost), len(lost))


def summary(args, outcomes, skipped, stale, seconds):
    """The closing lines; the last one is the score."""
    count = lambda v: sum(o.verdict == v for o in outcomes)
    killed, survived, broken = count("killed"), count("survived"), count("did not build")
    graded = killed + survived
    quality = sum(mutation.quality_only(skipped[i]) for i in skipped)
    lines = ["did not build: %d (not counted)" % broken,
             "skipped %d equivalent mutants (labs/%s/%s), %d of them quality-only" % (
                 len(skipped), args.lab, mutation.EQUIVALENT, quality)]
    lines += ["  stale entry (no such mutant now): %s" % s for s in stale]
    lines += ["survivors: %d" % survived]
    lines += ["  %s  %s" % (o.case.id, o.case.diff) for o in outcomes if o.verdict == "survived"]
    if outcomes:
        lines.append("time: %.1f s for %d mutants, %.1f s each" % (
            seconds, len(outcomes), seconds / len(outcomes)))
    if quality and not (args.only or args.survivors or args.mutants):
        lines.append("strict: %d/%d killed (%.1f%%), the quality-only ones counted as survivors"
                     % (killed, graded + quality, 100.0 * killed / (graded + quality)))
    if args.full:
        for what, prefix in (("shipped", "shipped:"), ("all", "")):
            if losses(outcomes, prefix):
                lines.append("base points lost, %s killed mutants: %s" % (
                    what, losses(outcomes, prefix)))
    if args.seed is not None:
        lines.append("hidden random programs of seed %d judged too" % args.seed)
    lines.append("mutation score: %d/%d killed (%.1f%%)" % (
        killed, graded, 100.0 * killed / graded if graded else 0.0))
    return lines


def save(args, outcomes, ids):
    """report.json: the last verdict of every mutant graded so far (this run's replace
    the earlier ones), for --survivors."""
    path = os.path.join(args.workdir, "report.json")
    rows = {}
    if os.path.isfile(path):
        with open(path) as f:
            rows = {m["id"]: m for m in json.load(f)["mutants"] if m["id"] in ids}
    for o in outcomes:
        rows[o.case.id] = {"id": o.case.id, "diff": o.case.diff, "verdict": o.verdict,
                           "lost": o.lost, "base_lost": base_lost(o) if args.full else None,
                           "seconds": round(o.seconds, 2)}
    os.makedirs(args.workdir, exist_ok=True)
    with open(path, "w") as f:
        json.dump({"lab": args.lab, "mutants": list(rows.values())}, f, indent=1)
        f.write("\n")


def main(argv):
    args = parse(argv)
    spec = grade.load_spec(args.lab)
    if args.group:
        spec = only_group(spec, args.group)
    cases = mutation.generated(args.lab)
    equivalent = mutation.equivalents(args.lab)
    ids = {c.id for c in cases}
    skipped = {i: r for i, r in equivalent.items() if i in ids}
    stale = sorted(i for i in equivalent if i not in ids)
    if not cases:
        print("mutation_score: no region of %s here to mutate (a handout has no solution)"
              % args.lab)
        return 2
    todo = chosen(args, cases, skipped)
    if args.shipped:
        todo = mutation.shipped(args.lab, os.path.join(args.workdir, "shipped-tree")) + todo
    if args.list:
        for c in todo:
            print("%s  %s" % (c.id, c.diff))
        print("%d mutants (%d generated, %d equivalent)" % (len(todo), len(cases), len(skipped)))
        return 0
    if not os.access(args.reference, os.X_OK):
        print("mutation_score: no reference tigerc at %s (run make first)" % args.reference)
        return 2
    print("%s: %d of %d generated mutants to grade, %d at a time%s" % (
        args.lab, len(todo), len(cases), args.jobs,
        "" if args.seed is None else ", with the hidden random programs of seed %d" % args.seed))
    start = time.time()
    try:
        pool = mutation.Pool(args.lab, args.reference, args.workdir, args.jobs,
                             args.time_limit, args.full, args.seed)
        pool.prepare(spec)
        start = time.time()
        outcomes = pool.run(todo, spec, progress(len(todo), args.full))
    except RuntimeError as e:
        print("mutation_score: grader error: %s" % e)
        return 2
    seconds = time.time() - start
    save(args, outcomes, ids)
    print("\n".join(summary(args, outcomes, skipped, stale, seconds)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
