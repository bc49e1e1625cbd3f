#!/usr/bin/env python3
"""safety.py - a grader nothing can hurt (ctest grade.safety; labs/grader/README.md, "Hostile
submissions"): hostile inputs that score nothing but could cost the teacher, each with
what must hold.

Usage: python3 -m labs.tests.safety REFERENCE_TIGERC [--scratch DIR]
                                    [--only limits,error,names,together]

  limits     `grade-all` of a class: 1100 nested folders, a 1 GB sparse file, a
             folder named =1+2+HYPERLINK("x","y") (an honest linearize.cc), a
             linearize.cc whose compile error holds escape sequences, a build that
             writes 20 x 50 MB (build disk bounded to 300 MB here) and 300 MB to its /tmp.
             Each row of grades.csv says why, no cell starts a formula, no control
             character reaches the table, results.json or junit.xml (valid: xmllint),
             the grader's memory stays small, and nothing the grades wrote is left;
             old results are deleted first.
  error      a grader error (a bug injected) still writes results.json and a CSV row;
             a failed write of one submission's results is its row (`grader error:`,
             none of its results left), the others' rows are written; grade-all exits 2.
  names      `grade-all` of uploads named grades.csv (an honest linearize.cc), results.json,
             junit.xml, submissions, tests and ... (a leading dot: not graded), into a
             folder where an older grader left a grades.csv/ folder and `make grade` its
             results.json: a row each, each one's results in OUT/submissions/NAME/,
             `make grade`'s results.json untouched; a second grade-all of the same folder,
             with a roster (folder,student_id,name), works and keeps only its own
             results, its rows carry the roster's students, a roster entry without a
             folder is a row "no submission", and each run's CSV is kept in
             OUT/runs/grades-TIME.csv. Control: in the old layout (OUT/NAME/)
             the upload grades.csv leaves no CSV and kills the next grade-all's start.
  together   a grade at the `nobody` level (its reap kills its own uid only) while
             reference grades run beside it, one after another, at the bwrap level with a
             teacher's seed in a file: all score full marks, a process of uid 65534
             outlives them, no command line on the machine shows the seed meanwhile, and
             no visible output the private tests' timing.
Exit 1 when anything does not hold.
"""
import argparse
import csv
import glob
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import threading
import time
from dataclasses import replace

from .. import cut
from ..grader import grade, sandbox, submission
from ..paths import ROOT
from .mutants import conclude

WORK = os.path.join(ROOT, "build", "grade", "safety")
RUNS = os.path.join(WORK, "runs")
FORMULA = '=1+2+HYPERLINK("x","y")'
SEED = 7340121
ESC = '\x1b]0;pwned\x07\x1b[2J'


def loose(dest, text=None):
    os.makedirs(dest, exist_ok=True)
    src = os.path.join(ROOT, "chap8", "linearize.cc")
    with open(src) as f:
        body = f.read() if text is None else text
    with open(os.path.join(dest, "linearize.cc"), "w") as f:
        f.write(body)


def make_class(base, handout):
    submission.remove(base)
    deep = os.path.join(base, "deep")
    os.makedirs(deep)
    fd = os.open(deep, os.O_RDONLY)
    for _ in range(1100):  # relative to a descriptor: no path grows past PATH_MAX
        os.mkdir("d", dir_fd=fd)
        nxt = os.open("d", os.O_RDONLY, dir_fd=fd)
        os.close(fd)
        fd = nxt
    os.close(fd)
    os.makedirs(os.path.join(base, "sparse"))
    with open(os.path.join(base, "sparse", "linearize.cc"), "wb") as f:
        f.truncate(1 << 30)
    loose(os.path.join(base, FORMULA))
    loose(os.path.join(base, "escape"), '#error "%s compile error"\n' % ESC)
    disk = os.path.join(base, "disk")
    shutil.copytree(handout, disk)
    with open(os.path.join(disk, "CMakeLists.txt"), "a") as f:
        f.write('execute_process(COMMAND sh -c "head -c 300000000 /dev/zero > /tmp/big; '
                'for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do '
                'head -c 50000000 /dev/zero > big$i; sleep 0.2; done")\n')


def check_limits(reference, scratch, handout, problems):
    base, out = os.path.join(WORK, "class"), os.path.join(WORK, "class-out")
    make_class(base, handout)
    os.makedirs(grade.report.submission_folder(out, "deep"), exist_ok=True)
    with open(os.path.join(grade.report.submission_folder(out, "deep"), "results.json"),
              "w") as f:
        f.write('{"score": 105}\n')  # an old grade's: must be gone
    submission.BUILD = replace(submission.BUILD, disk=300 * sandbox.MB)
    args = grade.parse(["canon", "--reference", reference, "--all", base, "--out", out,
                        "--scratch", scratch, "--base", handout, "--shrink", "0",
                        "--time-limit", "5"])
    grade.grade_class(args, grade.load_spec("canon"))
    memory = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    print("grader's peak memory: %d MB" % memory)
    if memory > 400:
        problems.append("the grader held %d MB (a sparse file read whole?)" % memory)
    with open(os.path.join(out, "grades.csv"), newline="") as f:
        rows = {r[0]: r for r in list(csv.reader(f))[1:]}
    want = {"deep": "nested more than 32", "sparse": "more than 8 MB a file",
            "'" + FORMULA: "no CMakeLists.txt", "escape": "compile error",
            "disk": "wrote more than 300 MB"}
    for name, says in want.items():
        row = rows.get(name)
        print("grades.csv: %s" % row)
        if not row or says not in row[-1]:
            problems.append("grades.csv row %r does not say %r: %s" % (name, says, row))
    if rows.get("'" + FORMULA, [0, 0])[1] != "100.00":
        problems.append("the honest %s does not score 100: %s" % (FORMULA, rows))
    check_escaped(out, problems)
    check_gone(scratch, problems)


def check_escaped(out, problems):
    for folder in os.listdir(os.path.join(out, grade.report.SUBMISSIONS)):
        for name in ("results.json", "junit.xml"):
            path = os.path.join(grade.report.submission_folder(out, folder), name)
            if not os.path.isfile(path):
                continue
            with open(path, encoding="utf-8") as f:
                text = f.read()
            if name == "results.json":
                if folder == "deep" and json.loads(text)["score"]:
                    problems.append("deep: the old results.json stands")
                text = json.dumps(json.loads(text), ensure_ascii=False)
            if re.search(r"[\x00-\x08\x0b-\x1f\x7f]", text):
                problems.append("%s/%s holds a control character" % (folder, name))
    junit = os.path.join(grade.report.submission_folder(out, "escape"), "junit.xml")
    if not shutil.which("xmllint"):
        print("skipped the XML check: xmllint is missing (Debian's libxml2-utils)")
    elif subprocess.run(["xmllint", "--noout", junit]).returncode:
        problems.append("escape/junit.xml is not valid XML")


def check_gone(scratch, problems):
    left = [p for p in os.listdir(scratch) if p.startswith("work")]
    runs = [p for p in os.listdir(RUNS)] if os.path.isdir(RUNS) else []
    if left or runs:
        problems.append("left after the grades: %s %s" % (left, runs[:5]))


def check_error(reference, scratch, handout, problems):
    """A bug in the grader (judge_all raises) on alice, a failed write of bob's results
    (a full disk): results.json and each one's row still say so, bob's row is written
    and no half of his results is left."""
    base, out = os.path.join(WORK, "error"), os.path.join(WORK, "error-out")
    shutil.rmtree(base, ignore_errors=True)
    loose(os.path.join(base, "alice"))
    os.makedirs(os.path.join(base, "bob"))
    real, real_write = grade.judge_all, grade.report.write

    def broken(*_):
        raise RuntimeError("an injected bug")

    def write(result, folder):
        real_write(result, folder)
        if os.path.basename(folder) == "bob":  # after its results.json
            raise OSError(28, "No space left on device (injected)")
    grade.judge_all, grade.report.write = broken, write
    try:
        status = grade.main(["canon", "--reference", reference, "--all", base, "--out", out,
                             "--scratch", scratch, "--base", handout])
        one = grade.main(["canon", "--reference", reference, "--submission",
                          os.path.join(base, "alice"), "--out", out + "-one",
                          "--scratch", scratch, "--base", handout])
    finally:
        grade.judge_all, grade.report.write = real, real_write
    with open(os.path.join(out, "grades.csv"), newline="") as f:
        rows = {r[0]: r[-1] for r in list(csv.reader(f))[1:]}
    with open(os.path.join(out + "-one", "results.json")) as f:
        told = json.load(f)
    print("grader error: grade-all exit %d, rows %s; grade exit %d, results.json %s" % (
        status, rows, one, told["output"].splitlines()[1]))
    if "grader error: RuntimeError: an injected bug" not in rows.get("alice", "") or \
            not rows.get("bob", "").startswith("grader error: OSError") or status != 2 or \
            os.path.exists(grade.report.submission_folder(out, "bob")) or \
            one != 2 or told["score"] or "an injected bug" not in told["output"]:
        problems.append("a grader error is not in grades.csv or results.json")


COLLIDING = ["grades.csv", "results.json", "junit.xml", "submissions", "tests"]


def name_class(base, names, honest):
    """A class of folders named `names`: `honest` an honest linearize.cc, the others
    refused at once (a file named -x), hidden ones (a leading dot) not graded."""
    shutil.rmtree(base, ignore_errors=True)
    for name in names:
        os.makedirs(os.path.join(base, name))
        if name == honest:
            loose(os.path.join(base, name))
        else:
            open(os.path.join(base, name, "-x"), "w").close()


def grade_names(reference, scratch, handout, base, out, roster=()):
    """grade-all of base into out (roster: --roster FILE): (exit status, {name: its row
    of grades.csv})."""
    args = grade.parse(["canon", "--reference", reference, "--all", base, "--out", out,
                        "--scratch", scratch, "--base", handout, "--shrink", "0",
                        "--time-limit", "5"] + list(roster))
    status = grade.grade_class(args, grade.load_spec("canon"))
    with open(os.path.join(out, "grades.csv"), newline="") as f:
        return status, {r[0]: r for r in list(csv.reader(f))[1:]}


def check_names(reference, scratch, handout, problems):
    """Uploads named as the grader's own files and folders, graded into a folder where
    an older grader left a grades.csv/ folder and `make grade` its results.json; then
    the next grade-all of the same folder."""
    base, out = os.path.join(WORK, "names"), os.path.join(WORK, "names-out")
    name_class(base, COLLIDING + ["..."], "grades.csv")
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(os.path.join(out, "grades.csv"))  # the old layout's, after the upload
    with open(os.path.join(out, "results.json"), "w") as f:
        f.write('{"score": 42}\n')  # `make grade`'s, not grade-all's
    status, rows = grade_names(reference, scratch, handout, base, out)
    print("names: exit %d, rows %s" % (status, {n: r[1] for n, r in rows.items()}))
    problems += ["names: " + p for p in named_rows(status, rows, out)]
    name_class(base, ["results.json"], None)
    roster = os.path.join(WORK, "roster.csv")
    with open(roster, "w") as f:
        f.write("folder,student_id,name\nresults.json,s1,Ada Lovelace\nghost,s2,Alan Turing\n")
    status, rows = grade_names(reference, scratch, handout, base, out, ["--roster", roster])
    left = sorted(os.listdir(os.path.join(out, "submissions")))
    runs = sorted(os.listdir(os.path.join(out, grade.report.RUNS)))
    print("names, again: exit %d, rows %s, results of %s, runs %s" % (status, rows, left, runs))
    if status or sorted(rows) != ["ghost", "results.json"] or left != ["results.json"]:
        problems.append("names: the next grade-all gives %d, %s, %s" % (status, rows, left))
    if rows.get("results.json", [""] * 3)[1:3] != ["s1", "Ada Lovelace"] or \
            rows.get("ghost", [""])[-1] != "no submission":
        problems.append("names: the roster's students are not in grades.csv: %s" % rows)
    if len(runs) != 2 or not all(re.match(r"grades-\d{8}-\d{6}(-\d+)?\.csv$", r) for r in runs):
        problems.append("names: each run's CSV is not kept: %s" % runs)
    old = old_layout_breaks()
    print("control: names, the old layout breaks on an upload named grades.csv: %s" % old)
    old or problems.append("control: names: the old layout does not break")


def named_rows(status, rows, out):
    """What is wrong with the first grade-all of check_names: a row each (the honest
    grades.csv: 100), each one's results.json in OUT/submissions/NAME/ saying its row's
    score and bonus, `make grade`'s results.json untouched."""
    wrong = []
    if status or sorted(rows) != sorted(COLLIDING) or \
            rows.get("grades.csv", [0, 0])[1] != "100.00":
        wrong.append("exit %d, rows %s" % (status, rows))
    for name, row in rows.items():
        with open(os.path.join(out, "submissions", name, "results.json")) as f:
            if abs(json.load(f)["score"] - float(row[1]) - float(row[4])) > 0.01:
                wrong.append("%s's results.json is not its row" % name)
    with open(os.path.join(out, "results.json")) as f:
        if json.load(f) != {"score": 42}:
            wrong.append("grade-all wrote over `make grade`'s results.json")
    return wrong


def old_layout_breaks():
    """The control: in the old layout (results in OUT/NAME/) the upload grades.csv's
    results make OUT/grades.csv a folder: the class's CSV cannot be written there, and
    the next grade-all's clearing (os.remove) dies on it."""
    old = os.path.join(WORK, "old-layout")
    shutil.rmtree(old, ignore_errors=True)
    args = grade.parse(["canon"])
    result = grade.error_result(args, grade.load_spec("canon"), "", time.time())
    grade.report.write(result, os.path.join(old, "grades.csv"))
    failed = 0
    for step in (lambda: grade.report.write_csv(os.path.join(old, "grades.csv"),
                                                [("grades.csv", result)]),
                 lambda: os.remove(os.path.join(old, "grades.csv"))):
        try:
            step()
        except OSError:
            failed += 1
    return failed == 2


def cmdlines_with(text, stop, seen):
    while not stop.is_set():
        for pid in os.listdir("/proc"):
            try:
                with open("/proc/%s/cmdline" % pid, "rb") as f:
                    if text in f.read():
                        seen.add(pid)
            except OSError:
                pass
        time.sleep(0.02)


def seeded_grades(py, seed, stop, said):
    """Reference grades with a teacher's seed in a file, one after another until stop:
    [(what it printed, its results.json)]."""
    out = os.path.join(WORK, "seeded")
    while True:
        ran = subprocess.run(py + ["--random-seed-file", seed, "--hide-private", "--out", out],
                             cwd=ROOT, text=True, capture_output=True,
                             env=dict(os.environ, TIGER_GRADE_CONFINE="bwrap"))
        with open(os.path.join(out, "results.json")) as f:
            said.append((ran.stdout, json.load(f)))
        if stop.is_set():
            return


def check_together(reference, scratch, handout, problems):
    """A nobody-level grade while reference grades (seed in a file) run beside it."""
    up = os.path.join(WORK, "together")
    shutil.rmtree(up, ignore_errors=True)
    loose(up)
    seed = os.path.join(WORK, "seed")
    with open(seed, "w") as f:
        f.write("%d\n" % SEED)
    other = subprocess.Popen(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
                              "sleep", "600"])
    stop, seen, said = threading.Event(), set(), []
    py = [sys.executable, "-m", "labs.grader.grade", "canon", "--reference", reference,
          "--jobs", "2"]
    threads = [threading.Thread(target=cmdlines_with, args=(str(SEED).encode(), stop, seen)),
               threading.Thread(target=seeded_grades, args=(py, seed, stop, said))]
    for t in threads:
        t.start()
    second = subprocess.run(py + ["--submission", up, "--scratch", scratch, "--base", handout,
                                  "--out", os.path.join(WORK, "nobody"), "--shrink", "0"],
                            cwd=ROOT, text=True, capture_output=True,
                            env=dict(os.environ, TIGER_GRADE_CONFINE="nobody",
                                     TIGER_GRADE_OPEN_TREE="1"))  # this tree is open
    stop.set()
    for t in threads:
        t.join()
    alive = other.poll() is None
    other.kill()
    with open(os.path.join(WORK, "nobody", "results.json")) as f:
        said.append((second.stdout, json.load(f)))
    for printed, r in said:
        print("together: %s, score %s" % (printed.splitlines()[1].strip(), r["score"]))
        if r["score"] < 100:
            problems.append("a grade beside another scores %s: %s" % (r["score"], printed[-600:]))
    for printed, r in said[:-1]:
        if "execution_time" in r or re.search(r"\d s\)", printed):
            problems.append("the visible output shows the grade's time: %s" % printed[-200:])
    if "confinement: nobody" not in second.stdout:
        problems.append("the second grade did not run at the nobody level")
    if seen:
        problems.append("the seed %d showed on the command line of %d processes" % (
            SEED, len(seen)))
    if not alive:
        problems.append("a process of uid 65534 (another grade's) was killed")


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("reference")
    ap.add_argument("--scratch", default=os.path.join(ROOT, "build", "grade", "scratch"))
    ap.add_argument("--only", default="limits,error,names,together")
    a = ap.parse_args(argv)
    reference, scratch = os.path.abspath(a.reference), os.path.abspath(a.scratch)
    submission.remove(WORK)  # a deep tree of the last run: rm, not shutil.rmtree
    os.makedirs(WORK)
    # Run folders of its own, in-process and in the grades it starts (each config's
    # `runs`, from $TIGER_GRADE_RUNS: grade.default_runs): what check_gone finds there
    # is this test's, not that of a grade beside it (ctest -j).
    os.environ["TIGER_GRADE_RUNS"] = RUNS
    handout = os.path.join(WORK, "handout")
    cut.write("canon", reference, handout, quiet=True)
    problems = []
    for left in glob.glob(os.path.join(scratch, "work*")):  # --keep-work's (grade.hostile)
        submission.clear(left)
    checks = {"limits": check_limits, "error": check_error, "names": check_names,
              "together": check_together}
    for name in a.only.split(","):
        checks[name](reference, scratch, handout, problems)
    return conclude("safety", problems)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
