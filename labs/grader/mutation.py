"""mutation.py - a lab's mutants, each graded like a submission (labs/grader/README.md,
"Mutation score"). Shared by labs/grader/mutation_score.py and labs/grader/grade_tests.py, and by the
shipped mutants' test (labs/tests/mutants.py: expectation, scores, apply).

Input: a lab, the reference tigerc, a grading spec (the lab's grading.json, or a
student's tests as one group), how many mutants to grade at once. Output: per mutant
its Outcome: "killed" (the grade lost points or the bonus), "survived", or "did not
build", with the groups it lost and its grade.

The mutants: the generated ones (mutate.py, over the lab's regions) and the shipped
ones (labs/LAB/mutants/*.patch), each a Case: every file of the lab, one of them
mutated, given to grade.grade() as loose files written over the handout
(submission.overlay). labs/LAB/equivalent_mutants.txt lists, one per line, the id of
a generated mutant that no test can tell from the solution and why ("quality: ..."
when it changes only how good the code is, not whether it is right: the bonus's number
within the bonus's yardstick, or a shape the grade does not measure).

Mutants of one lab are graded N at a time, each in a work copy of one scratch folder
(WORKDIR/scratch; grade.py's slots, as grade-all's), where the handout with the
solution's lab files (solved_base) is built once, so a mutant compiles one file;
a second run on the same lab waits for the first (WORKDIR/lock). A mutant that did not
compile is remembered (WORKDIR/unbuildable-HANDOUT.txt, by the hash of its text and of
the handout) and not built again.
"""
import fcntl
import glob
import hashlib
import os
import shutil
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field, replace

from ..paths import LABS, ROOT
from . import grade, judges, mutate, submission, untrusted
EQUIVALENT = "equivalent_mutants.txt"


def expectation(patch):
    """A shipped mutant's header: {'Mistake': str, 'Loses': [groups], 'Keeps': [groups]
    or 'all others'}."""
    exp = {}
    for line in open(patch):
        if line.startswith(("diff ", "--- ")):
            break
        key, _, value = line.partition(":")
        if key in ("Mistake", "Loses", "Keeps"):
            exp[key] = value.strip()
    for key in ("Loses", "Keeps"):
        if exp.get(key) == "none":
            exp[key] = []
        elif exp.get(key) and exp[key] != "all others":
            exp[key] = [g.strip() for g in exp[key].split(";") if g.strip()]
    return exp


def scores(result):
    """group or "bonus" -> (earned, maximum)."""
    s = {g["name"]: (g["score"], g["points"]) for g in result["groups"]}
    for b in result["bonus"][:1]:
        s["bonus"] = (b["score"], b["points"])
    return s


def apply(patch, tree):
    """A fresh copy of this tree at `tree` with the patch applied; an error or None."""
    submission.sync(ROOT, tree, untrusted.TRUSTED)
    r = subprocess.run(["patch", "-p1", "-s", "-i", os.path.abspath(patch)], cwd=tree,
                       capture_output=True, text=True)
    return None if r.returncode == 0 else (r.stderr or r.stdout).strip()


@dataclass
class Case:
    id: str
    diff: str         # one line: what the mutant changes (the solution's code)
    files: dict       # repository path -> text, for every file of the lab
    hint: str = ""    # what a student may see: the operator and the function, or the
                      # shipped mutant's mistake; never the solution's code

    @property
    def key(self):
        """A hash of the mutant's text: the same key, the same build."""
        h = hashlib.sha1()
        for path in sorted(self.files):
            h.update(path.encode() + b"\0" + self.files[path].encode() + b"\0")
        return h.hexdigest()


@dataclass
class Outcome:
    case: Case
    verdict: str                 # "killed", "survived", "did not build"
    lost: list = field(default_factory=list)   # groups (or "bonus") that lost points
    result: dict = None
    seconds: float = 0.0


def lab_sources(lab):
    """{repository path: text} of the sources holding a region of the lab."""
    out = {}
    for path in submission.tree_files(ROOT, untrusted.TRUSTED):
        if mutate.lab_markers.is_source(path):
            with open(os.path.join(ROOT, path), encoding="utf-8") as f:
                text = f.read()
            if "// LAB %s BEGIN" % lab in text:
                out[path] = text
    return out


def solved_base(handout, lab, workdir):
    """WORKDIR/solved-base: the handout with the solution's lab files written back. A
    mutant changes one file of the solution; built on the handout's stubs, every lab
    file would differ and be compiled, built on this only the mutated one is."""
    out = os.path.join(workdir, "solved-base")
    submission.sync(handout, out, untrusted.TRUSTED)
    for path, text in lab_sources(lab).items():
        target = os.path.join(out, path)
        with open(target, encoding="utf-8") as f:
            if f.read() == text:
                continue
        with open(target, "w", encoding="utf-8") as f:
            f.write(text)
    return out


def generated(lab, sources=None):
    """The lab's generated mutants as Cases, in mutate.py's order."""
    sources = sources or lab_sources(lab)
    cases = []
    for path in sorted(sources):
        for m in mutate.mutants(path, sources[path], lab):
            files = dict(sources, **{path: m.apply(sources[path])})
            cases.append(Case(m.id, m.diff(), files, "%s in %s" % (m.op, m.where)))
    return cases


def shipped(lab, tree, sources=None):
    """The lab's hand-written mutants (labs/LAB/mutants/*.patch) as Cases, the patch
    applied to a copy of this tree at `tree`."""
    sources = sources or lab_sources(lab)
    cases = []
    for patch in sorted(glob.glob(os.path.join(LABS, lab, "mutants", "*.patch"))):
        err = apply(patch, tree)
        if err:
            raise RuntimeError("%s does not apply: %s" % (patch, err))
        files = files_in(tree, sources)
        name = os.path.basename(patch)[:-len(".patch")]
        mistake = expectation(patch).get("Mistake", name)
        cases.append(Case("shipped:" + name, mistake, files, mistake))
    return cases


def files_in(tree, paths):
    """{path: text} of those repository paths in another copy of the tree."""
    out = {}
    for path in paths:
        with open(os.path.join(tree, path), encoding="utf-8") as f:
            out[path] = f.read()
    return out


def equivalents(lab):
    """{mutant id: reason} from labs/LAB/equivalent_mutants.txt ('#' starts a comment)."""
    out = {}
    path = os.path.join(LABS, lab, EQUIVALENT)
    if os.path.isfile(path):
        for line in open(path, encoding="utf-8"):
            line = line.strip()
            if line and not line.startswith("#"):
                mid, _, reason = line.partition(" ")
                out[mid] = reason.strip()
    return out


def quality_only(reason):
    """Whether an equivalent mutant's reason says it changes only how good the code is
    (its reason starts with "quality:"): correct code the grade accepts by design."""
    return reason.startswith("quality:")


def sample(cases, n):
    """n of the cases (all when n is 0 or more than there are), always the same ones
    for the same ids: those whose id hashes lowest, in their first order."""
    if not n or n >= len(cases):
        return list(cases)
    rank = sorted(cases, key=lambda c: hashlib.sha1(c.id.encode()).hexdigest())[:n]
    keep = {c.id for c in rank}
    return [c for c in cases if c.id in keep]


def write_loose(case, folder):
    """The case as a submission of loose files: folder holds just the lab's files."""
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    for path, text in case.files.items():
        with open(os.path.join(folder, os.path.basename(path)), "w", encoding="utf-8") as f:
            f.write(text)


def failed(result):
    """[(group, program)] of a grade's result that failed when judged (not those left
    unjudged after a grade stopped at its first failure: judges.NOT_JUDGED)."""
    return [(g, p) for g in result["groups"] for p in g["programs"]
            if not p["passed"] and not p["message"].startswith(judges.NOT_JUDGED)]


def classify(result):
    """(verdict, groups lost) of one mutant's grade: the groups where a program failed
    and the bonus."""
    if result["build"].startswith("grader error"):
        raise RuntimeError(result["build"])
    if result["build"].startswith("build failed"):
        return "did not build", []
    judged = {g["name"] for g, _ in failed(result)}
    lost = [name for name, (got, top) in scores(result).items()
            if got < top and (name == "bonus" or name in judged)]
    return ("killed" if lost else "survived"), lost


class Pool:
    """Grades cases `jobs` at a time (grade.in_slots): one scratch folder,
    WORKDIR/scratch, where the handout is built once and each grade has a work copy of
    its own. A grade stops at its first failed program (judges.NOT_JUDGED for the rest):
    a mutant is killed or not by the first, and most are killed early; full=True judges
    every program, to list every group a mutant loses. With a seed, each grade judges the
    hidden random programs of that seed too (grade.py --random-seed)."""

    def __init__(self, lab, reference, workdir, jobs, time_limit, full=False, seed=None):
        self.lab, self.reference, self.full, self.seed = lab, reference, full, seed
        self.workdir, self.time_limit, self.jobs = workdir, time_limit, jobs
        self.grade = grade
        self.scratch = os.path.join(workdir, "scratch")
        self.base, self.broken, self.lock = None, set(), threading.Lock()

    def args(self, slot=0):
        """grade.py's config (GradeConfig) for a grade in `slot`."""
        inner = max(1, (os.cpu_count() or 1) // self.jobs)
        argv = [self.lab, "--reference", self.reference, "--scratch", self.scratch,
                "--submission", os.path.join(self.workdir, "submission-%d" % slot),
                "--jobs", str(inner), "--shrink", "0",
                "--out", os.path.join(self.workdir, "out-%d" % slot)]
        # The mutants are the solution's code: built with Ninja.
        # seed: the hidden random programs of that seed too, as the autograder grades them.
        return replace(self.grade.parse(argv + (["--base", self.base] if self.base else [])),
                       time_limit=self.time_limit, stop_early=not self.full, ninja=True,
                       random_seed=self.seed)

    def prepare(self, spec, say=print):
        """The lock taken; what the grades share made once (grade.prepare_shared: the
        handout cut and built, the random programs); the known unbuildable mutants."""
        os.makedirs(self.workdir, exist_ok=True)
        self.locked = open(os.path.join(self.workdir, "lock"), "w")
        try:
            fcntl.flock(self.locked, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            say("waiting for another mutation run of %s to end" % self.lab)
            fcntl.flock(self.locked, fcntl.LOCK_EX)
        self.jobs = self.grade.parallel_slots(self.jobs, "grading mutants side by side")
        say("building the handout in %s (once per change of the handout)" % self.scratch)
        args = self.grade.settle_folders(self.args())
        self.scratch = args.scratch
        self.handout = self.grade.handout_base(args)
        self.base = solved_base(self.handout, self.lab, self.workdir)
        _, problem = self.grade.prepare_shared(self.args(), spec)
        if problem:
            raise RuntimeError(problem)
        self.broken_list = os.path.join(self.workdir, "unbuildable-%s.txt" % submission.stamp(
            self.base)[:12])
        if os.path.isfile(self.broken_list):
            with open(self.broken_list) as f:
                self.broken = set(f.read().split())

    def close(self):
        """The lock released (a process's end releases it too)."""
        if getattr(self, "locked", None):
            self.locked.close()
            self.locked = None

    def remember_broken(self, case):
        with self.lock:
            self.broken.add(case.key)
            with open(self.broken_list, "a") as f:
                f.write(case.key + "\n")

    def run_one(self, slot, case, spec):
        if case.key in self.broken:
            return Outcome(case, "did not build")
        start = time.time()
        args = self.args(slot)
        write_loose(case, args.submission)
        result = self.grade.grade(args, spec, args.submission, slot)
        verdict, lost = classify(result)
        if verdict == "did not build" and "error" in result["build"] and \
                "limit" not in result["build"]:  # a compiler's error, not a limit
            self.remember_broken(case)
        return Outcome(case, verdict, lost, result, time.time() - start)

    def run(self, cases, spec, done=lambda outcome, n: None):
        """Every case graded; done(outcome, how many finished) as each one ends.
        Returns the Outcomes in the cases' order."""
        if self.base is None:
            self.prepare(spec)
        finished = []

        def work(case, slot):
            outcome = self.run_one(slot, case, spec)
            with self.lock:
                finished.append(outcome)
                done(outcome, len(finished))
                sys.stdout.flush()
            return outcome

        return self.grade.in_slots(cases, self.jobs, work)
