#!/usr/bin/env python3
"""grade.py - grades a lab submission with the reference tigerc (labs/GRADING.md).

Usage (from the top folder; `make grade` and `make grade-all` run it):
  python3 -m labs.grader.grade LAB [--submission DIR] [--tests DIR] [--reference TIGERC]
                               [--out DIR]
  python3 -m labs.grader.grade LAB --all DIR [...]   every folder of DIR: OUT/grades.csv,
                                                     each one's results in OUT/submissions/
  python3 -m labs.grader.grade LAB --upload DIR [...]  a Gradescope upload (run_autograder)

LAB is a folder of labs/ with a grading.json. No --submission: the tigerc of this
tree (--reference) is graded, so the reference must score 100%. With one, the
submission (a folder shaped like the repository) is synced into a persistent scratch
tree and its tigerc built there (submission.py); every program of the public
suite and of --tests (the teacher's private programs, same directives) is compiled by
it at the lab's stage and judged by the reference (judges.py).
Writes the table to stdout and OUT/results.json (Gradescope), OUT/junit.xml; OUT is
build/grade/LAB by default; the old ones are deleted first, and a grader error still
writes them (score 0, the error said). Exit 0 when graded (whatever the score); 1 with
--require-full and a score below the maximum; 2 on a grader error.

The settings travel as one GradeConfig, made once from the command line (parse) and
passed down; whoever wants other settings (mutation.py, grade_tests.py, the tests)
makes a new one with dataclasses.replace, and nothing sets a field on it afterwards.
"""
import argparse
import functools
import glob
import hashlib
import os
import queue
import shutil
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace

from ..handout import make as make_handout
from ..paths import ROOT
from ..programs import COMPILE_ERRORS, directives
from ..spec import load as load_spec, private_group, private_scale, public_points
from . import confine, foreign, judges, randoms, report, sandbox, shipped, submission, \
    untrusted

STUDENT_DISK = 64 * sandbox.MB  # what one run of a student's tigerc may leave in its folder
# The grade's own folders, outside this tree (grade_home()).
HOME = os.path.join("/var/tmp", "tiger-grade-%d" % os.geteuid(),
                    hashlib.sha1(ROOT.encode()).hexdigest()[:10])


@dataclass(frozen=True)
class GradeConfig:
    """The settings of a grade: parse()'s options (see there) and what a caller of
    grade() sets beside them. `runs`: where each step's private folder goes (sandbox.py;
    $TIGER_GRADE_RUNS, else HOME/runs); `scratch` and `runs` may move to HOME/ for the
    nobody level (settle_folders)."""
    lab: str
    reference: str                # absolute
    scratch: str                  # absolute
    runs: str
    out: str
    # What is graded: one submission (--upload's root when given), or each of --all.
    submission: str = None
    upload: str = None
    all: str = None
    parallel: int = 1
    roster: str = None
    # The spec and its settings (spec.py), and the private group.
    spec: str = None
    hidden: int = None
    private_points: float = None
    bonus: str = None
    tests: str = None
    random_seed: int = None       # --random-seed, or read from --random-seed-file
    tests_checked: bool = False
    # How it runs and what it shows.
    jobs: int = 1
    time_limit: float = None      # None: the spec's (spec_of)
    require_full: bool = False
    base: str = None
    shrink: int = -1
    shrink_seconds: float = 600.0
    keep_work: bool = False
    hide_private: bool = False
    stop_early: bool = False      # mutation.Pool: stop at the first failed program
    ninja: bool = False           # mutation.Pool: the mutants are the solution's code
    course: str = None            # --course: a foreign submission's course file (foreign.py)


def random_programs(spec, seed, reference, count, runs=None):
    """`count` random programs of a seed; in a handout, those it ships for grading.json's
    seed, and others only where lab.json names an oracle (grader/shipped.py). runs: the
    runs folder of the reference's runs."""
    r, lab = spec["random"], spec["lab"]
    if not count:
        return []
    if shipped.in_handout() and seed == r["seed"]:
        return shipped.random_programs(lab)
    oracle = shipped.oracle(lab)
    if not oracle:
        raise SystemExit("grade: in the %s handout, random programs of another seed need "
                         "the reference (the autograder has it)" % lab)
    return [p for p, _ in randoms.programs(lab, seed, count, reference, oracle,
                                           hidden=seed != r["seed"], runs=runs,
                                           book=r.get("book", False))]


def suite(spec, args):
    """[(group, points, [program paths], private)]: the public groups, the random
    programs of grading.json's seed, then the private group: --tests and the random
    programs of --random-seed. The total is always that of the public groups (100):
    with a private group, it takes its points and the others are scaled to make room."""
    rand = spec.get("random")
    names = group_names(spec, args)
    groups = [(name, pts, [os.path.join(ROOT, p) for p in g["programs"]], False)
              for (name, pts, _), g in zip(names, spec["groups"])]
    if rand:
        groups.append((rand["name"], names[len(groups)][1],
                       random_programs(spec, rand["seed"], args.reference, rand["count"],
                                       args.runs), False))
    if has_private(args):
        private = private_group(spec)
        progs = private_programs(args)
        if rand and args.random_seed is not None:
            progs += random_programs(spec, args.random_seed, args.reference,
                                     private["hidden"], args.runs)
        groups.append((private["name"], private["points"], progs, True))
    return groups


def private_programs(args):
    """The teacher's private programs (--tests DIR: its .tig files), in name order."""
    if not args.tests:
        return []
    return sorted(glob.glob(os.path.join(os.path.abspath(args.tests), "*.tig")))


def check_private(args, spec):
    """The teacher's private tests, each judged on the reference itself before any grade
    or zip uses them: [problem] of each test it fails or cannot read, or that expects a
    compile error (the grader judges only what a program that compiles does)."""
    problems, judged = [], []
    for path in private_programs(args):
        name = os.path.basename(path)
        try:
            expected = directives(path)["exit"]
        except (OSError, ValueError) as e:
            problems.append("%s: its directives cannot be read: %s" % (name, e))
            continue
        if expected in COMPILE_ERRORS:
            problems.append("%s: expects a compile error (exit %d); a private test must "
                            "compile, the grade judges what it does" % (name, expected))
        else:
            judged.append(path)
    if not judged:
        return problems
    alone = dict(spec, groups=[{"name": "private tests", "points": 100, "programs": judged}],
                 random=None, bonus=[])
    result = grade(replace(args, tests=None, random_seed=None, shrink=0), alone, None)
    if result["build"]:
        return problems + [result["build"]]
    return problems + ["%s: the reference fails it: %s" % (
        os.path.basename(p["path"]), p["message"].replace("your ", "the reference's "))
        for p in result["groups"][0]["programs"] if not p["passed"]]


def refused_private(args, spec):
    """The message refusing the private tests when check_private finds any wrong, or
    None."""
    problems = check_private(args, spec)
    if not problems:
        return None
    return "grade: the private tests in %s are refused; fix these first:\n%s" % (
        args.tests, "\n".join("  " + p.replace("\n", "\n  ") for p in problems))


def has_private(args):
    return bool(args.tests) or args.random_seed is not None


def explain_random(cx, tigerc, spec, judged, args):
    """Under every failed public random program (the first --shrink of them when it is
    given), the smallest program that fails the same way (grader/shrink.py), shrunk
    --jobs at a time."""
    rand, oracle = spec.get("random"), shipped.oracle(spec["lab"])
    if not rand or not args.shrink or not oracle:
        return
    judge = lambda test: judges.judge(cx, tigerc, test, directives(test), lifted=False)

    def explain(item):
        path, verdict = item
        detail = randoms.counterexample(path, spec["lab"], args.reference, judge, oracle,
                                        args.shrink_seconds, args.runs,
                                        rand.get("book", False))
        if detail:
            verdict.message += "\n" + detail
    chosen = [(p, v) for name, _, progs, _ in judged if name == rand["name"]
              for p, v in progs if not v.passed][:args.shrink if args.shrink > 0 else None]
    with ThreadPoolExecutor(max_workers=args.jobs, initializer=confine.current().enter) as pool:
        list(pool.map(explain, chosen))


PUBLIC_SHOWN = 25  # a failed public program of at most this many lines is shown whole


def explain_public(judged, spec):
    """Under a failed public program (never a private one, never a random one: those
    are shrunk), its path and its code without the expectation's comment, lines cut
    to 100 characters, when it is short enough to read at once."""
    rand = (spec.get("random") or {}).get("name")
    for name, _, progs, private in judged:
        if private or name == rand:
            continue
        for path, verdict in progs:
            if not verdict.passed:
                verdict.message += "\n" + public_lines(path)


def public_lines(path):
    """The program's lines, numbered as in its file (randoms.listing), the
    expectation's comment blanked."""
    with open(path, encoding="latin-1") as f:
        text = f.read()
    if text.lstrip().startswith("/*"):
        end = text.find("*/") + 2
        text = "\n" * text[:end].count("\n") + text[end:]
    lines = randoms.listing(text)
    where = os.path.relpath(path, ROOT) if path.startswith(ROOT + os.sep) else path
    if len(lines) > PUBLIC_SHOWN:
        return "  the program: %s (%d lines)" % (where, len(lines))
    return "\n".join(["  the program (%s):" % where] + lines)


def judge_all(cx, tigerc, groups, jobs):
    """Every program judged (in parallel); [(group, points, [(path, Verdict)], private)]."""
    tasks = [(g, p) for g in groups for p in g[2]]
    with ThreadPoolExecutor(max_workers=jobs, initializer=confine.current().enter) as pool:
        verdicts = list(pool.map(lambda p: judges.judge(cx, tigerc, p, directives(p)),
                                 [p for _, p in tasks]))
    it = iter(verdicts)
    return [(name, pts, [(p, next(it)) for p in progs], priv)
            for name, pts, progs, priv in groups]


def shares(points, n):
    """n shares of points, rounded to 1/10000, that add up to points exactly (the first
    ones take the remainder): Gradescope adds the per-test max_score values."""
    units = round(points * 10000)
    return [(units // n + (1 if k < units % n else 0)) / 10000 for k in range(n)]


# A failed program of a public group costs at least FLOOR of the 100 base points (scaled
# with its group when a private group takes its share), and its group at most loses all
# its points (labs/GRADING.md, "What is graded, and how"): a bug that shows in one
# program of a group of ten still costs 3 points, and no slip costs more than its group.
FLOOR = 3


def group_result(name, points, judged, private, floor=0):
    """A group's result: each program's share, and the group's score, less for each
    failed program max(its share, floor), which the group's "floor" says beyond the
    shares (0 when the shares already cost that much)."""
    each = shares(points, len(judged)) if judged else []
    progs = [{"name": os.path.basename(p)[:-4], "path": p, "passed": v.passed,
              "message": v.message, "score": e if v.passed else 0, "max_score": e,
              "private": private, "metric": v.metric} for (p, v), e in zip(judged, each)]
    shared = round(sum(p["score"] for p in progs), 4)
    cost = min(points, sum(max(p["max_score"], floor) for p in progs if not p["passed"]))
    extra = round(max(0.0, cost - (points - shared)), 4)
    return {"name": name, "points": points, "score": round(shared - extra, 4),
            "programs": progs, "private": private, "floor": extra, "floor_cost": floor}


def yardstick(cx, path):
    """The bonus's yardstick on one program: the reference with the book's choices,
    or in a handout the number it ships (grader/shipped.py)."""
    if shipped.in_handout():
        known = shipped.baseline(cx.spec["lab"], path)
        if known is not None:
            return known
    return judges.baseline(cx, path, directives(path))


def bonus_results(cx, spec, groups, jobs):
    """Each bonus: earned when every program passed and the quality beats the book's."""
    progs = [p for g in groups for p in g["programs"]]
    out = []
    for b in spec.get("bonus", []):
        entry = {"name": b["name"], "points": b["points"], "score": 0,
                 "metric": spec.get("metric"), "value": None}
        if not progs or not all(p["passed"] for p in progs):
            entry["message"] = "needs every program to pass first"
            out.append(entry)
            continue
        mine = sum(p["metric"] or 0 for p in progs)
        with ThreadPoolExecutor(max_workers=jobs, initializer=confine.current().enter) as pool:
            base = sum(pool.map(lambda p: yardstick(cx, p["path"]) or 0, progs))
        better = mine < base if b.get("compare", "less") == "less" else mine <= base
        entry.update(value=mine, score=b["points"] if better else 0,
                     message="%s: %d, %s: %d" % (spec["metric"], mine, b["against"], base))
        out.append(entry)
    return out


def settle_folders(cfg):
    """The config whose folders the steps that run as nobody reach: when the scratch and
    run folders sit where nobody cannot walk (a checkout in /root, a mktemp -d folder),
    they move to HOME/ (mode 0711: nobody may pass, not list)."""
    home = grade_home()
    if not confine.runs_as_nobody(sandbox.level()) or (
            confine.reachable(cfg.scratch) and confine.reachable(cfg.runs)):
        return cfg
    scratch = cfg.scratch if confine.reachable(cfg.scratch) else os.path.join(home, "scratch")
    return replace(cfg, scratch=scratch, runs=os.path.join(home, "runs"))


def grade_home():
    """HOME (/var/tmp/tiger-grade-UID/HASH of this tree), made: the default place of the
    scratch and run folders, outside this tree, so that no step's view (its
    /proc/self/mountinfo) or path leads into it. Refused when a folder on the way is
    not this user's own (another user made it first)."""
    for folder in (os.path.dirname(HOME), HOME):
        os.makedirs(folder, exist_ok=True)
        st = os.lstat(folder)
        if not os.path.isdir(folder) or os.path.islink(folder) or st.st_uid != os.geteuid():
            raise SystemExit("grade: %s is not a folder of yours: remove it, or set "
                             "TIGER_GRADE_SCRATCH and TIGER_GRADE_RUNS" % folder)
        os.chmod(folder, 0o711)
    return HOME


OPEN_TREE = "TIGER_GRADE_OPEN_TREE"  # =1: the teacher grades at `nobody` all the same


def refuse_open_tree():
    """Where the confinement cannot keep this tree (the reference's sources, the lab's
    solution) out of a submission's reach, a grade of one is refused, unless the
    teacher confirms with $TIGER_GRADE_OPEN_TREE=1: at the `none` level (not root, no
    bubblewrap: the submission runs as the teacher) always; at the `nobody` level (no
    namespaces: a uid of its own, the whole file system in view) while other users may
    read the tree. A handout holds no solution: nothing to keep there."""
    level, sources = sandbox.level(), os.path.join(ROOT, "CMakeLists.txt")
    if os.environ.get(OPEN_TREE) == "1" or randoms.in_handout():
        return
    if level == "none":
        raise SystemExit("grade: nothing confines a submission here (not root, and no "
                         "bubblewrap): it would run as you and could read the reference's "
                         "sources in %s. Install bubblewrap (or grade as root), or set "
                         "%s=1 to grade all the same" % (ROOT, OPEN_TREE))
    if level == "nobody" and confine.reachable(sources) and os.stat(sources).st_mode & 0o004:
        raise SystemExit("grade: at the nobody level (no namespaces here) a submission can "
                         "read the reference's sources in %s: close it (chmod 700 %s, as "
                         "labs/autograder/run_autograder does), or set %s=1 to grade all "
                         "the same" % (ROOT, ROOT, OPEN_TREE))


def grade(args, spec, sub, slot=0):
    """Grades one submission folder (None: the reference itself); returns the Result.
    `slot` k > 0 builds in a scratch folder of its own (grade-all's parallel grades).
    A grader error gives a Result that says so (score 0); nothing the grade wrote is
    left but the pristine build. Its steps run in a Box of its own (confine.py: its
    uid, its control group), ended with it."""
    start = time.time()
    args = settle_folders(args)
    if sub:
        refuse_open_tree()
    box = confine.Box()
    box.enter()
    bin_dir = sandbox.public_folder(args.runs)  # what this grade runs: its tigerc, the reference
    work = submission.work_folder(args.scratch, slot)
    try:
        result = grade_in(args, spec, sub, bin_dir, start, slot)
        return dict(result, kernel=box.kernel_limits(sandbox.level()) + (
            "; " + submission.disk_bound(work) if sub else ""))
    except Exception as e:  # any bug or broken machine: still a result that says it
        return error_result(args, spec, grader_error(e), start)
    finally:
        shutil.rmtree(bin_dir, ignore_errors=True)
        if sub and not args.keep_work:
            submission.clear(work)
        box.end()


def grader_error(e):
    """The message of a grader error: "grader error: ...", as the table, a grades.csv
    row and mutation.classify read it."""
    return "grader error: %s: %s" % (type(e).__name__, e)


def error_result(args, spec, message, start):
    """A Result where nothing was graded: every group at 0, the message as the build's."""
    groups = [{"name": name, "points": pts, "score": 0, "programs": [], "private": priv}
              for name, pts, priv in group_names(spec, args)]
    return {"lab": spec["lab"], "title": spec["title"], "build": message, "groups": groups,
            "bonus": [], "score": 0, "max_score": sum(g["points"] for g in groups),
            "percent": 0, "bonus_score": 0, "seconds": time.time() - start,
            "confinement": sandbox.level(), "exposed": [], "private_run": has_private(args),
            "private_points": private_group(spec)["points"]}


def public_scale(spec, args):
    """What a public group's points (and FLOOR) count for in this grade: less than 1
    when a private group takes its share of the 100 (spec.private_scale), else 1."""
    return private_scale(spec) if has_private(args) else 1


def group_names(spec, args):
    """[(name, points, private)] of suite()'s groups, without making any program."""
    scale = public_scale(spec, args)
    out = [(name, points * scale, False) for name, points, _ in public_points(spec)]
    private = private_group(spec)
    return out + ([(private["name"], private["points"], True)] if has_private(args) else [])


def grade_in(args, spec, sub, bin_dir, start, slot):
    limits = sandbox.Limits(seconds=args.time_limit, disk=STUDENT_DISK)
    confined_reference = reference_copy(args.reference, bin_dir)
    alien, course, spec = foreign_grade(args, spec, sub, os.path.dirname(confined_reference))
    cx = judges.Context(spec, args.reference, limits, runs=args.runs)
    cx.cases = lambda path, d: shipped.cases(spec["lab"], path, d, args.reference, args.runs)
    cx.confined_reference = confined_reference
    if args.stop_early:  # mutation.Pool: does anything fail?
        cx.stop = threading.Event()
    tigerc, build_msg = sandbox.public_copy(args.reference, bin_dir), ""
    if alien:
        tigerc, build_msg = build_foreign(cx, args, spec, alien, course, slot)
    elif sub:
        tigerc, build_msg, _ = submission.build(sub, args.scratch, args.jobs,
                                                handout_base(args), spec["lab"], bin_dir, slot,
                                                upload=args.upload == sub, ninja=args.ninja,
                                                runs=args.runs)
    groups = suite(spec, args)
    if tigerc:
        judged = judge_all(cx, tigerc, groups, args.jobs)
        explain_random(cx, tigerc, spec, judged, args)
        explain_public(judged, spec)
        build_msg = (build_msg + "; " if build_msg else "") + lost_daemons()
        build_msg = build_msg.rstrip("; ")
    else:
        judged = [(n, pts, [(p, judges.Verdict(False, build_msg)) for p in progs], priv)
                  for n, pts, progs, priv in groups]
    floor = FLOOR * public_scale(spec, args)
    results = [group_result(*g, floor=0 if g[3] else floor) for g in judged]
    max_score = sum(g["points"] for g in results)
    score = round(sum(g["score"] for g in results), 4)
    bonus = bonus_results(cx, spec, results, args.jobs) if tigerc else []
    return {"lab": spec["lab"], "title": spec["title"], "build": build_msg,
            "groups": results, "bonus": bonus, "score": score, "max_score": max_score,
            "percent": 100.0 * score / max_score if max_score else 0,
            "bonus_score": sum(b["score"] for b in bonus), "seconds": time.time() - start,
            "confinement": sandbox.level(), "exposed": exposed(args),
            "private_run": has_private(args),
            "private_points": private_group(spec)["points"],
            "private_scale": private_scale(spec)}


def foreign_grade(args, spec, sub, folder):
    """(the folder of a foreign submission or None, its course or None, the spec it is
    judged by): the course's profile copied into folder, beside the confined
    reference's copy (a teacher's course folder is often closed to the steps' uid)."""
    alien = foreign_root(args, sub)
    if not alien or not args.course:
        return alien, None, spec
    course = foreign.profile_in(foreign.read_course(args.course, args.reference), folder)
    return alien, course, foreign.judged_spec(spec, course)


def foreign_root(args, sub):
    """The folder of a foreign submission (foreign.py): sub, or the folder of an upload
    that holds its manifest; None for a handout submission (or one refused:
    submission.build says why)."""
    try:
        root = submission.root_of(sub) if sub and args.upload == sub else sub
    except untrusted.Refused:
        return None
    return root if foreign.is_foreign(root) else None


def build_foreign(cx, args, spec, sub, course, slot):
    """A foreign submission's compiler (foreign.py) and its build's message: refused by
    a lab that judges no tree IR, or by a grade without the teacher's course file; the
    judge's runs given the course's profile file and the programs its builtins' names."""
    refused = foreign.refusal(spec) or (not course and foreign.NO_COURSE)
    if refused:
        return None, "submission refused: " + refused
    if course.profile_file:
        cx.judge_files.append(course.profile_file)
    cx.renames.update(course.builtins)
    compiler, message, _ = foreign.build(sub, args.scratch, slot, course, args.runs)
    return compiler, message or foreign.left_out_note(spec)


def reference_copy(reference, bin_dir):
    """The reference as the confined runs of students' dumps run it: a copy in a folder
    of its own (bin_dir gets the student's tigerc under the same name)."""
    folder = os.path.join(bin_dir, "reference")
    os.makedirs(folder, exist_ok=True)
    os.chmod(folder, 0o755)
    return sandbox.public_copy(reference, folder)


def exposed(args):
    """At the `nobody` level a submission sees what others may read: the grader's
    files it could use, which the teacher must close (mode 0700)."""
    if sandbox.level() != "nobody":
        return []
    paths = [args.reference] + ([args.tests] if args.tests else [])
    return [os.path.abspath(p) for p in paths
            if confine.reachable(p) and os.stat(p).st_mode & 0o004]


def lost_daemons():
    """Ends every process the submission left (confine.reap): results are written only
    when none is left. Says so when there were some."""
    left = confine.reap(sandbox.level())
    return "%d processes of your tigerc outlived it and were killed" % left if left else ""


def handout_base(args):
    """The trusted tree a submission is built on: --base, this tree when it is a
    handout, else the lab's handout cut from this tree (labs/handout/make.py) into
    SCRATCH-base/LAB: cut whole into a fresh folder, then put in place, so an
    interrupted cut or another scratch's grade never leaves half a handout; kept while
    its cut_key (SCRATCH-base/LAB.cut-of) stays the same. Grades that share one
    (grade_class, mutation.Pool) get it once, as the --base of their config
    (prepare_shared)."""
    if args.base:
        return args.base
    if os.path.isfile(os.path.join(ROOT, "HANDOUT.md")):
        return ROOT
    out = os.path.join(args.scratch + "-base", args.lab)
    os.makedirs(os.path.dirname(out), exist_ok=True)
    key, kept = cut_key(args.lab, args.reference), out + ".cut-of"
    if not (os.path.isdir(out) and os.path.isfile(kept) and open(kept).read() == key):
        fresh = tempfile.mkdtemp(prefix=args.lab + "-", dir=os.path.dirname(out))
        make_handout.write(args.lab, args.reference, fresh,
                           functools.partial(shipped.write, runs=args.runs), quiet=True)
        shutil.rmtree(out, ignore_errors=True)
        os.rename(fresh, out)
        with open(kept, "w") as f:
            f.write(key)
    return out


def cut_key(lab, reference):
    """What a handout cut is made of: the lab, this tree's files (make.py's), the
    reference's bytes. The same key, the same cut: the last one is kept."""
    with open(reference, "rb") as f:
        made_by = hashlib.sha256(f.read()).hexdigest()
    tree = submission.stamp(ROOT, make_handout.repo_files())
    return hashlib.sha256(("%s\0%s\0%s" % (lab, tree, made_by)).encode()).hexdigest()


def parse(argv):
    """The GradeConfig of a command line."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    ap.add_argument("lab")
    ap.add_argument("--submission")
    ap.add_argument("--upload", metavar="DIR", help="a Gradescope upload: its shallowest "
                    "folder holding CMakeLists.txt (at most 2 deep) is the submission, "
                    "else DIR's files are the lab's files")
    ap.add_argument("--all", metavar="DIR", help="grade every folder of DIR")
    ap.add_argument("--parallel", type=int, default=1, help="with --all: grades at a time")
    ap.add_argument("--tests", help="the teacher's private programs")
    ap.add_argument("--reference", default=os.path.join(ROOT, "build", "tigerc"))
    ap.add_argument("--spec", help="a grading.json other than labs/LAB/grading.json")
    ap.add_argument("--hidden", type=int, help="the hidden random programs a teacher's "
                    "seed adds to the private group (grading.json's private.hidden)")
    ap.add_argument("--private-points", type=float, help="the private group's points "
                    "(grading.json's private.points)")
    ap.add_argument("--bonus", choices=("on", "off"), help="grade the bonus or not "
                    "(grading.json's bonus_on)")
    ap.add_argument("--roster", help="with --all: a CSV of folder,student_id,name")
    ap.add_argument("--course", help="the course file foreign submissions (a "
                    "tiger-judge.json at their top) are graded with (docs/judge.md)")
    ap.add_argument("--out", help="default build/grade/LAB")
    ap.add_argument("--scratch", default=os.environ.get(
        "TIGER_GRADE_SCRATCH", os.path.join(HOME, "scratch")))
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--time-limit", type=float, default=None)
    ap.add_argument("--require-full", action="store_true")
    ap.add_argument("--base", help="the lab's handout tree submissions are built on "
                    "(default: cut from this tree)")
    ap.add_argument("--random-seed", type=int, help="the teacher's seed: that many more "
                    "random programs, hidden in the private group")
    ap.add_argument("--random-seed-file", help="a file holding --random-seed: no secret "
                    "on a command line, where /proc shows it to every user")
    ap.add_argument("--shrink", type=int, default=-1, help="failed random programs to "
                    "shrink to a small counterexample (default: every one; 0: none)")
    ap.add_argument("--shrink-seconds", type=float, default=600.0,
                    help="a cap on the time of one shrink (default 600); 300 candidates "
                         "decide its result, the same on every machine")
    ap.add_argument("--keep-work", action="store_true", help="keep the submission's "
                    "tree and build (SCRATCH/work) after the grade, to look into it")
    ap.add_argument("--tests-checked", action="store_true", help="the private tests "
                    "were checked on the reference already (an autograder's zip, by "
                    "make autograder): not again at each grade")
    ap.add_argument("--hide-private", action="store_true",
                    help="print no private test's message (Gradescope's visible stdout)")
    a = ap.parse_args(argv)
    if a.random_seed_file:
        with open(a.random_seed_file) as f:
            a.random_seed = int(f.read().strip())
    a.upload = a.upload and os.path.abspath(a.upload)
    a.submission = a.upload or a.submission
    a.reference, a.scratch = os.path.abspath(a.reference), os.path.abspath(a.scratch)
    a.base = a.base and os.path.abspath(a.base)
    a.course = a.course and os.path.abspath(a.course)
    a.out = a.out or os.path.join(ROOT, "build", "grade", a.lab)
    options = dict(vars(a))
    del options["random_seed_file"]
    return GradeConfig(runs=default_runs(), **options)


def default_runs():
    """The runs folder of a grade: $TIGER_GRADE_RUNS, else HOME/runs (grade_home())."""
    return os.environ.get("TIGER_GRADE_RUNS", os.path.join(HOME, "runs"))


def main(argv):
    spec, args = spec_of(parse(argv))
    if not os.access(args.reference, os.X_OK):
        print("grade: no reference tigerc at %s (run make first)" % args.reference)
        return 2
    refused = not args.tests_checked and refused_private(args, spec)
    if refused:
        print(refused)
        return 2
    try:
        if args.course:
            foreign.read_course(args.course, args.reference)
    except foreign.CourseError as e:
        print("grade: %s" % e)
        return 2
    if args.all:
        return grade_class(args, spec)
    report.clear(args.out)
    result = grade(args, spec, args.submission and os.path.abspath(args.submission))
    print(report.table(result, args.hide_private))
    report.write(result, args.out)
    # Gradescope's visible output tells nothing of how long the private tests took.
    took = "" if args.hide_private else " (%.1f s)" % result["seconds"]
    print("wrote %s/results.json and junit.xml%s" % (args.out, took))
    if result["build"].startswith("grader error"):
        return 2
    return 1 if args.require_full and result["score"] < result["max_score"] else 0


def spec_of(args):
    """(spec, config): the lab's spec with the command line's settings (spec.py), and
    the config with its time_limit from the spec when not given. A spec that breaks a
    rule: SpecError, exit status 2."""
    spec = load_spec(args.lab, args.spec, args.hidden, args.private_points, args.bonus)
    return spec, replace(args, time_limit=args.time_limit or spec.get("time_limit", 10))


def grade_class(args, spec):
    """--all DIR: each folder of DIR (but those whose name starts with a dot), one row
    each in OUT/grades.csv, kept as OUT/runs/grades-TIME.csv, with --roster its student
    (report.write_csv), its results in OUT/submissions/NAME/ (report.py: no folder's
    name is a file of the grader's); --parallel N grades N at a time, each in a scratch
    folder of its own. A submission the grader fails on is a row that says so, and the
    others are graded; exit 2 when there is such a row."""
    subs = sorted(d for d in glob.glob(os.path.join(args.all, "*")) if os.path.isdir(d))
    try:
        roster = report.read_roster(args.roster) if args.roster else None
    except (OSError, ValueError) as e:
        print("grade: the roster is refused: %s" % e)
        return 2
    began = time.localtime()
    n = parallel_slots(args.parallel, "--parallel")
    report.clear(args.out, (report.CLASS_CSV, report.SUBMISSIONS))
    if subs:
        args, _ = prepare_shared(args, spec, not all(map(foreign.is_foreign, subs)))

    def one(sub, slot):
        name, start = os.path.basename(sub), time.time()
        try:
            result = grade(args, spec, os.path.abspath(sub), slot)
            report.write(result, report.submission_folder(args.out, name))
        except Exception as e:  # its results not (all) written: none, a row that says so
            shutil.rmtree(report.submission_folder(args.out, name), ignore_errors=True)
            result = error_result(args, spec, grader_error(e), start)
        print(untrusted.printable("%-30s %6.2f / %g%s (%.1f s)" % (
            name, result["score"], result["max_score"],
            "  " + result["build"] if result["build"] else "", result["seconds"])), flush=True)
        return name, result

    rows = in_slots(subs, n, one)
    kept = report.run_csv(args.out, began)
    report.write_csv(kept, rows, roster)
    shutil.copyfile(kept, os.path.join(args.out, report.CLASS_CSV))
    print("wrote %s (this run's, kept as %s), each submission's results in %s/" % (
        os.path.join(args.out, report.CLASS_CSV), kept,
        os.path.join(args.out, report.SUBMISSIONS)))
    return 2 if any(r["build"].startswith("grader error") for _, r in rows) else 0


def parallel_slots(n, what):
    """How many grades may run side by side here: n where a build can see its copy of
    the scratch tree under the first one's path (bubblewrap), else 1, said once."""
    if n > 1 and not confine.renames(sandbox.level()):
        print("grade: %s needs bubblewrap here; grading one at a time" % what)
        return 1
    return max(1, n)


def prepare_shared(args, spec, handouts=True):
    """What parallel grades share, made once before they run side by side: the
    folders, the handout's pristine build (unless no grade builds a handout: a class of
    foreign compilers), the random programs. (The config they share, its folders
    settled and the handout as its base; a problem or None)."""
    args = settle_folders(args)
    refuse_open_tree()
    args, problem = replace(args, base=handout_base(args)), None
    if handouts:
        _, problem = submission.ensure_pristine(args.base, args.scratch, args.jobs,
                                                  spec["lab"], args.ninja, args.runs)
    suite(spec, args)
    return args, problem


def in_slots(items, n, work):
    """work(item, slot) for every item, n at a time, each in a slot 0..n-1 of its own
    (grade()'s slot: a scratch work folder of its own); the results in items' order."""
    slots = queue.Queue()
    for k in range(n):
        slots.put(k)

    def one(item):
        slot = slots.get()
        try:
            return work(item, slot)
        finally:
            slots.put(slot)

    with ThreadPoolExecutor(max_workers=n) as pool:
        return list(pool.map(one, items))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
