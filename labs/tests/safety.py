#!/usr/bin/env python3
"""safety.py - a grader nothing can hurt (ctest grade.safety; labs/GRADING.md, "Hostile
submissions"): hostile inputs that score nothing but could cost the teacher, each with
what must hold.

Usage: python3 -m labs.tests.safety REFERENCE_TIGERC [--scratch DIR] [--only limits,error,together]

  limits     `grade-all` of a class: 1100 nested folders, a 1 GB sparse file, a
             folder named =1+2+HYPERLINK("x","y") (an honest linearize.cc), a
             linearize.cc whose compile error holds escape sequences, a build that
             writes 20 x 50 MB (build disk bounded to 300 MB here) and 300 MB to its /tmp.
             Each row of grades.csv says why, no cell starts a formula, no control
             character reaches the table, results.json or junit.xml (valid: xmllint),
             the grader's memory stays small, and nothing the grades wrote is left;
             old results are deleted first.
  error      a grader error (a bug injected) still writes results.json and a CSV row.
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

from ..grader import grade, sandbox, submission
from ..paths import ROOT
from .mutants import conclude

WORK = os.path.join(ROOT, "build", "grade", "safety")
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
    os.makedirs(os.path.join(out, "deep"), exist_ok=True)
    with open(os.path.join(out, "deep", "results.json"), "w") as f:
        f.write('{"score": 105}\n')  # an old grade's: must be gone
    submission.BUILD = replace(submission.BUILD, disk=300 * sandbox.MB)
    args = grade.parse(["canon", "--reference", reference, "--all", base, "--out", out,
                        "--scratch", scratch, "--base", handout, "--shrink", "0",
                        "--time-limit", "5"])
    args.time_limit = 5
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
    for folder in os.listdir(out):
        for name in ("results.json", "junit.xml"):
            path = os.path.join(out, folder, name)
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
    junit = os.path.join(out, "escape", "junit.xml")
    if not shutil.which("xmllint"):
        print("skipped the XML check: xmllint is missing (Debian's libxml2-utils)")
    elif subprocess.run(["xmllint", "--noout", junit]).returncode:
        problems.append("escape/junit.xml is not valid XML")


def check_gone(scratch, problems):
    left = [p for p in os.listdir(scratch) if p.startswith("work")]
    runs = [p for p in os.listdir(sandbox.RUN_BASE)] if os.path.isdir(sandbox.RUN_BASE) else []
    if left or runs:
        problems.append("left after the grades: %s %s" % (left, runs[:5]))


def check_error(reference, scratch, handout, problems):
    """A bug in the grader (judge_all raises): results.json and a row still say so."""
    base, out = os.path.join(WORK, "error"), os.path.join(WORK, "error-out")
    shutil.rmtree(base, ignore_errors=True)
    loose(os.path.join(base, "alice"))
    real = grade.judge_all

    def broken(*_):
        raise RuntimeError("an injected bug")
    grade.judge_all = broken
    try:
        status = grade.main(["canon", "--reference", reference, "--all", base, "--out", out,
                             "--scratch", scratch, "--base", handout])
        one = grade.main(["canon", "--reference", reference, "--submission",
                          os.path.join(base, "alice"), "--out", out + "-one",
                          "--scratch", scratch, "--base", handout])
    finally:
        grade.judge_all = real
    with open(os.path.join(out, "grades.csv")) as f:
        row = f.read().splitlines()[-1]
    with open(os.path.join(out + "-one", "results.json")) as f:
        told = json.load(f)
    print("grader error: grade-all exit %d, row %s; grade exit %d, results.json %s" % (
        status, row, one, told["output"].splitlines()[1]))
    if "grader error: RuntimeError: an injected bug" not in row or one != 2 or \
            told["score"] or "an injected bug" not in told["output"]:
        problems.append("a grader error is not in grades.csv or results.json")


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
    ap.add_argument("--only", default="limits,error,together")
    a = ap.parse_args(argv)
    reference, scratch = os.path.abspath(a.reference), os.path.abspath(a.scratch)
    submission.remove(WORK)  # a deep tree of the last run: rm, not shutil.rmtree
    os.makedirs(WORK)
    # Run folders of its own, in-process and in the grades it starts: what check_gone
    # finds there is this test's, not that of a grade beside it (ctest -j).
    sandbox.RUN_BASE = os.environ["TIGER_GRADE_RUNS"] = os.path.join(WORK, "runs")
    handout = os.path.join(WORK, "handout")
    grade.make_handout.write("canon", reference, handout, quiet=True)
    problems = []
    for left in glob.glob(os.path.join(scratch, "work*")):  # --keep-work's (grade.hostile)
        submission.clear(left)
    checks = {"limits": check_limits, "error": check_error, "together": check_together}
    for name in a.only.split(","):
        checks[name](reference, scratch, handout, problems)
    return conclude("safety", problems)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
