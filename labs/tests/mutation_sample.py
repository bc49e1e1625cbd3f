#!/usr/bin/env python3
"""mutation_sample.py - the mutation score tool works, on a few canon mutants
(labs/grader/README.md, "Mutation score"). Not the score itself: too slow for `make test`.

Usage: python3 -m labs.tests.mutation_sample REFERENCE_TIGERC

Checks, with no grade: the generator gives the same mutants twice, each id
PATH:LINE:OPERATOR:K once, each one changed line inside a region of its lab; every
operator of the table makes some mutant in some lab; no equivalent_mutants.txt names a
mutant that no longer exists. Then grades three chosen canon mutants: the solution
unchanged survives, `saveSlots(...)` deleted from reorder() is killed, arguments
swapped into a call that cannot compile did not build (built on the solved base: the
handout with the solution's lab files, the same lab files as the handout's); the
killed one's grade stopped at its first failed program, and graded in full it is
killed too. Last, `mutation_score.py canon --mutants 3` grades its sample and ends
with the score line, its counts agreeing.
"""
import os
import re
import subprocess
import sys

from ..grader import judges, mutate, mutation, submission
from ..paths import ROOT, lab_names
from .mutants import conclude

ID = re.compile(r"^[\w/.]+\.\w+:\d+:(\w+):\d+$")


def check_generator():
    problems, ops = [], set()
    for lab in lab_names():
        sources = mutation.lab_sources(lab)
        cases = mutation.generated(lab, sources)
        again = mutation.generated(lab, sources)
        if [c.id for c in cases] != [c.id for c in again]:
            problems.append("%s: two runs give different mutants" % lab)
        if len({c.id for c in cases}) != len(cases):
            problems.append("%s: an id names two mutants" % lab)
        problems += ["%s: bad id %s" % (lab, c.id) for c in cases if not ID.match(c.id)]
        problems += check_lines(lab, sources, cases)
        ops |= {ID.match(c.id).group(1) for c in cases if ID.match(c.id)}
        stale = set(mutation.equivalents(lab)) - {c.id for c in cases}
        problems += ["%s: equivalent_mutants.txt names no mutant: %s" % (lab, s)
                     for s in sorted(stale)]
        print("%s: %d mutants" % (lab, len(cases)))
    problems += ["operator %s makes no mutant" % op for op in mutate.OPERATORS
                 if op not in ops]
    return problems


def check_lines(lab, sources, cases):
    """Each mutant differs from the solution in one line, inside a region of lab."""
    inside = {}
    for path, text in sources.items():
        regions, _, _ = mutate.lab_markers.parse(path, text)
        inside[path] = {r.line + 1 + len(r.stub) + k for r in regions if r.lab == lab
                        for k in range(len(r.solution))}
    problems = []
    for c in cases:
        changed = [(p, span) for p in sources if (span := changed_lines(sources[p], c.files[p]))]
        if len(changed) != 1 or len(changed[0][1]) != 1 or \
                changed[0][1][0] not in inside[changed[0][0]]:
            problems.append("%s: changes %s" % (c.id, changed[:3]))
    return problems


def changed_lines(a, b):
    """The 1-based numbers of the lines of a that b replaces (common head and tail off;
    a line inserted before line L: [L]); [] when a == b."""
    if a == b:
        return []
    x, y = a.split("\n"), b.split("\n")
    head = 0
    while head < min(len(x), len(y)) and x[head] == y[head]:
        head += 1
    tail = 0
    while tail < min(len(x), len(y)) - head and x[-1 - tail] == y[-1 - tail]:
        tail += 1
    return list(range(head + 1, len(x) - tail + 1)) or [head + 1]


def pick(cases, op, text):
    found = [c for c in cases if ID.match(c.id).group(1) == op and text in c.diff.split(" -> ")[0]]
    return found[0] if found else None


def check_verdicts(reference):
    cases = mutation.generated("canon")
    chosen = [mutation.Case("unchanged", "", mutation.lab_sources("canon")),
              pick(cases, "delete", "saveSlots(r, mark, out);"),
              pick(cases, "swap", "doExp(r.exps[i], out)")]
    if None in chosen:
        return ["canon: a chosen mutant is not generated: %s" % chosen]
    want = ["survived", "killed", "did not build"]
    pool = mutation.Pool("canon", os.path.abspath(reference),
                         os.path.join(ROOT, "build", "grade", "mutation", "canon"), 1, 3.0)
    try:
        outcomes = pool.run(chosen, pool.grade.load_spec("canon"))
    finally:
        pool.close()
    for o, w in zip(outcomes, want):
        print("%s: %s (%.1f s)" % (o.case.id, o.verdict, o.seconds))
    problems = ["%s: %s, expected %s" % (o.case.id, o.verdict, w)
                for o, w in zip(outcomes, want) if o.verdict != w]
    return problems + check_solved_base(pool) + check_stop(chosen[1], outcomes[1], reference)


def check_solved_base(pool):
    """The mutants are built on the handout with the solution's lab files back: those
    files hold the solution, and are the lab's files, where the handout's stubs are."""
    sources = mutation.lab_sources(pool.lab)
    differ = [p for p, text in sources.items()
              if open(os.path.join(pool.base, p), encoding="utf-8").read() != text]
    files = (submission.lab_files(pool.base, pool.lab),
             submission.lab_files(pool.handout, pool.lab))
    print("solved base: %d lab files, %d differ from the solution" % (len(sources), len(differ)))
    problems = ["solved base: %s is not the solution's" % p for p in differ]
    if files[0] != files[1] or not files[0]:
        problems.append("solved base: lab files %s, the handout's %s" % files)
    return problems


def check_stop(case, stopped, reference):
    """A killed mutant's grade stops at its first failed program (the rest NOT_JUDGED);
    graded in full it is killed too, and loses every group the stopped grade named."""
    pool = mutation.Pool("canon", os.path.abspath(reference),
                         os.path.join(ROOT, "build", "grade", "mutation", "canon"), 1, 3.0,
                         full=True)
    try:
        full = pool.run([case], pool.grade.load_spec("canon"))[0]
    finally:
        pool.close()
    unjudged = lambda o: sum(p["message"].startswith(judges.NOT_JUDGED)
                             for g in o.result["groups"] for p in g["programs"])
    print("%s: %d programs not judged (%.1f s); in full: %s, lost %s (%.1f s)" % (
        case.id, unjudged(stopped), stopped.seconds, full.verdict, full.lost, full.seconds))
    problems = [] if unjudged(stopped) else ["the killed mutant's grade did not stop early"]
    if full.verdict != "killed" or unjudged(full) or not set(stopped.lost) <= set(full.lost):
        problems.append("graded in full: %s, lost %s, %d not judged (stopped: lost %s)" % (
            full.verdict, full.lost, unjudged(full), stopped.lost))
    return problems


def check_tool(reference):
    ran = subprocess.run([sys.executable, "-m", "labs.grader.mutation_score", "canon",
                          "--reference", reference, "--mutants", "3", "--jobs", "1"],
                         capture_output=True, text=True, cwd=ROOT)
    out = ran.stdout.strip().split("\n")
    print("\n".join(out[-6:]))
    m = re.match(r"mutation score: (\d+)/(\d+) killed \((\d+\.\d)%\)$", out[-1])
    if ran.returncode != 0 or not m:
        return ["mutation_score.py exited %d, last line %r: %s" % (
            ran.returncode, out[-1], ran.stderr[-500:])]
    killed, graded = int(m.group(1)), int(m.group(2))
    done = [l for l in out if re.match(r"\[\d/3\] ", l)]
    built = [l for l in done if "did not build" not in l]
    survivors = int(re.search(r"^survivors: (\d+)$", ran.stdout, re.M).group(1))
    problems = [] if len(done) == 3 else ["%d mutants graded, not 3" % len(done)]
    if graded != len(built) or killed + survivors != graded:
        problems.append("counts disagree: %d/%d, %d built, %d survivors" % (
            killed, graded, len(built), survivors))
    return problems


def main(argv):
    reference = argv[0]
    problems = check_generator()
    problems += check_verdicts(reference)
    problems += check_tool(reference)
    return conclude("mutation score tool", problems)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
