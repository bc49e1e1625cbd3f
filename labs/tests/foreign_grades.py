#!/usr/bin/env python3
"""foreign_grades.py - grades a course's own compiler (labs/grader/foreign.py): a
submission with a tiger-judge.json at its top, built and run by its own commands.

The double: a folder holding a stripped copy of the reference tigerc (a submission sees
nothing of the grader's, so it brings its compiler), whose emit command respells the
dump into the ML edition's words with 8-byte words (--profile) and refuses a program
that calls `printi`: the course file names it `printint` ("builtins"), so the double
scores only when the grader renames what it is given. Checks:
  - the honest double scores full marks on canon and traces (no bonus: foreign grades
    have none), its builtins judged in the builtins view, its build seeing the
    course's package's files outside /usr (bash's /etc/bash.bashrc);
  - a foreign grade is of the book's Tiger: the lab's programs with `continue` or an
    integer past 2^30 are left out and named in the report, the random ones are of
    random_tiger.py --book, and a hidden input's reader builds no value a 31-bit int
    (SML/NJ's) cannot hold;
  - a double whose emit negates one CJUMP loses points, each failure one line;
  - a build that fails, a manifest without emit, an emit that hangs or prints garbage
    get their one-line verdicts; an emit that reserves 8 GiB of address space (as a
    JVM does) runs, one that writes 3 GiB does not; every error of a manifest and of a course file is a
    one-line message; ptoext refuses a foreign submission; none is graded without a
    course file; `make deps COURSE=` installs the course's packages (only names Debian
    allows);
  - grade-all on a class of one foreign and one handout submission (the book's
    answer) grades both to full marks; the autograder packed with the course file
    gives the double, uploaded inside one top folder, full marks.

Usage: python3 -m labs.tests.foreign_grades REFERENCE_TIGERC [--scratch DIR]
Exit 1 when anything does not hold.
"""
import argparse
import csv
import json
import os
import shutil
import subprocess
import sys

from ..autograder import pack
from ..grader import foreign, grade, inputs, judges, sandbox, untrusted
from ..paths import ROOT
from ..programs import directives
from .book_grades import upload as book_upload
from .mutants import conclude

WORK = os.path.join(ROOT, "build", "grade", "foreign")
RUNS = os.path.join(WORK, "runs")
PROFILE = {"dialect": "appel-ml", "word_size": 8,
           "description": "the test double's course: the ML edition's words, 8-byte words"}
EMIT = """set -e
test -f built   # the build ran in this tree
if grep -q 'printi *(' "$2"; then echo "no printi in this course: printint" >&2; exit 3; fi
sed 's/\\bprintint\\b/printi/g' "$2" > "$TMPDIR/prog.tig"
./tigerc --emit="$1" --profile=ml8.json "$TMPDIR/prog.tig" > "$TMPDIR/dump"
%s < "$TMPDIR/dump"
"""
HONEST, NEGATED = "cat", "sed '0,/CJUMP(LT/s//CJUMP(GE/'"  # the first < made >=
PROGRAM = os.path.join(ROOT, "testcases", "valid", "recursion_fibonacci.tig")
# Address space reserved, never written (a JVM's heap): within foreign.RESERVE. Memory
# written: past the memory limit (2 GiB), Python's MemoryError, exit 1.
RESERVING = ("python3 -c 'import mmap; m = mmap.mmap(-1, 8 << 30, prot=0, "
             "flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)' "
             "&& ")
GREEDY = "python3 -c 'b = bytearray(3 << 30)' && echo {program}"


def write(path, text, mode=0o644):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)
    os.chmod(path, mode)


def course(folder, **changes):
    """A course file (and its profile beside it) in folder, closed to others as a
    teacher's folder may be; changes replace its keys."""
    write(os.path.join(folder, "ml8.json"), json.dumps(PROFILE))
    data = dict({"profile": "ml8.json", "packages": ["bash"],
                 "builtins": {"printi": "printint"}}, **changes)
    write(os.path.join(folder, "course.json"), json.dumps(data))
    os.chmod(folder, 0o700)
    return os.path.join(folder, "course.json")


# The build sees the course's packages' files outside /usr (bash's /etc/bash.bashrc).
BUILD = "test -f /etc/bash.bashrc && touch built"


def double(folder, reference, tail=HONEST, manifest=None):
    """A foreign submission: the reference's tigerc (stripped: an upload's file is at
    most 8 MB) and the emit above, its dump passed through `tail`."""
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    subprocess.run(["strip", "-o", os.path.join(folder, "tigerc"), reference], check=True)
    write(os.path.join(folder, "ml8.json"), json.dumps(PROFILE))
    write(os.path.join(folder, "emit.sh"), EMIT % tail, 0o755)
    write(os.path.join(folder, foreign.MANIFEST), json.dumps(
        manifest or {"build": BUILD, "emit": "sh emit.sh {stage} {program}"}))
    return folder


def graded(reference, scratch, lab, sub, *options):
    """The Result of grading sub on lab with the test's course file."""
    args = grade.parse([lab, "--reference", reference, "--submission", sub, "--scratch",
                        scratch, "--out", os.path.join(WORK, "out", lab), "--shrink", "0",
                        "--jobs", "2", "--course", course(os.path.join(WORK, "course"))]
                       + list(options))
    spec, args = grade.spec_of(args)
    return grade.grade(args, spec, os.path.abspath(sub))


def failed(result):
    return [p for g in result["groups"] for p in g["programs"] if not p["passed"]]


def check_honest(reference, scratch, problems):
    for lab in ("canon", "traces"):
        sub = double(os.path.join(WORK, "honest"), reference)
        result = graded(reference, scratch, lab, sub)
        print("%s: the honest double %.2f / %g in %.1f s" % (
            lab, result["score"], result["max_score"], result["seconds"]), flush=True)
        if result["score"] != result["max_score"] or result["bonus"]:
            why = failed(result)[0]["message"] if failed(result) else result["build"]
            problems.append("%s: the honest double scores %.2f (bonus %s): %s" % (
                lab, result["score"], result["bonus"], why))
        check_book(lab, result, problems)


def check_book(lab, result, problems):
    """A foreign grade's programs are the book's Tiger (judged_spec), its report says
    which it left out; the hidden inputs' reader fits a 31-bit int."""
    graded = [p["path"] for g in result["groups"] for p in g["programs"]]
    beyond = [p for p in graded if foreign.beyond_book(p)]
    randoms = [p for p in graded if os.path.basename(p).startswith("rand_")]
    if beyond or not randoms:
        problems.append("%s: a foreign grade judged %d programs beyond the book's Tiger "
                        "(%s), %d random ones" % (lab, len(beyond), beyond[:2], len(randoms)))
    for path in randoms:
        with open(path) as f:
            if "--lab %s --book" % lab not in f.read():
                problems.append("%s: %s is not of random_tiger.py --book" % (lab, path))
                break
    if lab == "traces" and "continue_while" not in result["build"]:
        problems.append("traces: the report does not name the programs left out: %r" %
                        result["build"])
    if 10 ** inputs.WIDTH > 1 << 30 or "((" in inputs.READER:
        problems.append("the hidden inputs' reader builds values up to 10^%d (past a "
                        "31-bit int?) or nests its expressions: %s" % (
                            inputs.WIDTH, inputs.READER[:120]))


def check_negated(reference, scratch, problems):
    sub = double(os.path.join(WORK, "negated"), reference, NEGATED)
    result = graded(reference, scratch, "traces", sub)
    lost = failed(result)
    print("traces: a negated CJUMP %.2f, %d programs failed" % (result["score"], len(lost)))
    verdicts = [p["message"].split("\n")[0] for p in lost]  # the program's lines follow
    if not lost or not all(0 < len(v) < 300 for v in verdicts) or \
            not any(v.startswith("stdout line 1: expected") for v in verdicts):
        problems.append("a negated CJUMP: %d programs failed, verdicts %r" % (
            len(lost), verdicts[:3]))


def check_builds(reference, scratch, problems):
    """The build's and the manifest's verdicts, on the whole grade's message."""
    cases = [({"build": "echo 'error: no javac here' >&2; exit 2",
               "emit": "x {program}"}, "build failed: the build command exited 2: "
              "error: no javac here"),
             ({"build": "true"}, 'submission refused: tiger-judge.json: no "emit" command')]
    for manifest, want in cases:
        sub = double(os.path.join(WORK, "build"), reference, manifest=manifest)
        result = graded(reference, scratch, "canon", sub)
        if result["score"] != 0 or not result["build"].startswith(want):
            problems.append("%s: the grade says %r, expected %r" % (manifest, result["build"],
                                                                   want))


def check_refusals(reference, scratch, problems):
    sub = double(os.path.join(WORK, "refused"), reference)
    result = graded(reference, scratch, "ptoext", sub)
    if "can only be graded on translate, canon or traces" not in result["build"]:
        problems.append("ptoext took a foreign submission: %r" % result["build"])
    args = grade.parse(["canon", "--reference", reference, "--submission", sub,
                        "--scratch", scratch, "--out", os.path.join(WORK, "out", "none")])
    spec, args = grade.spec_of(args)
    result = grade.grade(args, spec, sub)
    if result["build"] != "submission refused: " + foreign.NO_COURSE:
        problems.append("no course file: %r" % result["build"])


def one_judge(reference, scratch, emit, stage="linear", seconds=10):
    """The Verdict of a double whose emit command is `emit` on one program."""
    sub = double(os.path.join(WORK, "one"), reference,
                 manifest={"build": BUILD, "emit": emit})
    the_course = foreign.profile_in(foreign.read_course(
        course(os.path.join(WORK, "course")), reference), sandbox.public_folder(RUNS))
    compiler, message, _ = foreign.build(sub, scratch, 0, the_course, RUNS)
    assert compiler, message
    spec = foreign.judged_spec(grade.load_spec("canon"), the_course)
    cx = judges.Context(spec, reference, sandbox.Limits(seconds=seconds),
                        runs=RUNS, judge_files=[the_course.profile_file],
                        renames=dict(the_course.builtins))
    return judges.judge(cx, compiler, PROGRAM, directives(PROGRAM))


def check_emits(reference, scratch, problems):
    cases = [("sleep 100; echo {program}", "your emit command (linear): time limit 2 s", 2),
             ("echo 'MOVE(TEMP t1, %%%%)'; echo {program}",
              "your --emit=linear output does not parse", 10),
             ("exit 7; echo {program}", "your emit command (linear) exited 7", 10),
             ("cat {program}; echo {stage}", "your --emit=linear output does not parse", 10)]
    for emit, want, seconds in cases + [(GREEDY, "your emit command (linear) exited 1", 30)]:
        verdict = one_judge(reference, scratch, emit, seconds=seconds)
        if verdict.passed or not verdict.message.startswith(want):
            problems.append("emit %r: %r, expected %r" % (emit, verdict.message, want))
    verdict = one_judge(reference, scratch, RESERVING + "sh emit.sh {stage} {program}")
    if not verdict.passed:
        problems.append("an emit reserving 8 GiB fails: %s" % verdict.message)
    verdict = one_judge(reference, scratch, "sh emit.sh {stage} {program}")
    if not verdict.passed:
        problems.append("the honest emit fails %s: %s" % (PROGRAM, verdict.message))


MANIFESTS = [
    (b"{", "tiger-judge.json is not JSON"),
    (b"[]", "tiger-judge.json must hold one object"),
    (b'{"build": "make", "emit": "e {program}", "bulid": 1}',
     "tiger-judge.json: unknown key 'bulid'"),
    (b'{"emit": "e {program}"}', 'tiger-judge.json: no "build" command'),
    (b'{"build": "make", "emit": ""}', 'tiger-judge.json: no "emit" command'),
    (b'{"build": "make", "emit": "e prog.tig"}', "never names {program}"),
    (b'{"build": "make\\nrm -rf x", "emit": "e {program}"}', "must be one line"),
    (b"\xff", "tiger-judge.json is not JSON"),
]


def check_manifests(problems):
    folder = os.path.join(WORK, "manifest")
    for data, want in MANIFESTS:
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
        with open(os.path.join(folder, foreign.MANIFEST), "wb") as f:
            f.write(data)
        said = refusal(folder)
        if want not in said or "\n" in said:
            problems.append("manifest %r: %r, expected %r" % (data, said, want))
    shutil.rmtree(folder)
    os.makedirs(folder)
    os.symlink("/etc/passwd", os.path.join(folder, foreign.MANIFEST))
    if "a symbolic link" not in refusal(folder):
        problems.append("a linked manifest: %r" % refusal(folder))


def refusal(folder):
    try:
        foreign.read_manifest(folder)
        return "(taken)"
    except untrusted.Refused as e:
        return str(e)


COURSES = [
    ({"profile": None}, '"profile" must name a profile file beside it or a shipped dialect'),
    ({"profile": "no-such.json"}, "its profile %s/no-such.json is no file"),
    ({"profile": "bad.json"}, "its profile is refused by the reference"),
    ({"packages": ["tigerc-no-such-package"]},
     "packages tigerc-no-such-package are not installed on this machine: `make deps "
     "COURSE="),
    ({"packages": ["-o"]}, '"packages" must be a list of Debian package names'),
    ({"builtins": {"printint": "p"}}, "'printint' is not a Tiger builtin"),
    ({"builtins": {"printi": "while"}}, "'while', is not a Tiger identifier"),
    ({"builtins": ["printi"]}, '"builtins" must map Tiger builtins'),
    ({"teacher": 1}, "unknown key 'teacher'"),
]


def check_courses(reference, problems):
    folder = os.path.join(WORK, "courses")
    write(os.path.join(folder, "bad.json"), '{"word_size": 6}')
    for changes, want in COURSES:
        want = want.replace("%s", folder) if "%s" in want else want
        try:
            foreign.read_course(course(folder, **changes), reference)
            said = "(taken)"
        except foreign.CourseError as e:
            said = str(e)
        if want not in said or "\n" in said:
            problems.append("course %r: %r, expected %r" % (changes, said, want))
    try:
        taken = foreign.read_course(course(folder, profile="appel-c"), reference)
        if taken.profile != ["--dialect=appel-c"]:
            problems.append("a shipped dialect: %r" % taken.profile)
    except foreign.CourseError as e:
        problems.append("a shipped dialect refused: %s" % e)
    listed = subprocess.run(["bash", "tools/install-deps.sh", "--grading", "--list",
                             "--course", course(folder, packages=["bash", "-y"])],
                            capture_output=True, text=True, cwd=ROOT).stdout.split()
    if "bash" not in listed or "-y" in listed:
        problems.append("make deps COURSE=: installs %r" % listed)
    ran = subprocess.run([sys.executable, "-m", "labs.grader.grade", "canon", "--reference",
                          reference, "--course", os.path.join(folder, "missing.json")],
                         capture_output=True, text=True, cwd=ROOT)
    if ran.returncode != 2 or "grade: the course file" not in ran.stdout:
        problems.append("make grade with a missing course file: %d %r" % (
            ran.returncode, ran.stdout[-300:]))


def check_class(reference, scratch, problems):
    """grade-all on one foreign and one handout submission: both full marks."""
    folder = os.path.join(WORK, "class")
    shutil.rmtree(folder, ignore_errors=True)
    double(os.path.join(folder, "alice"), reference)
    shutil.copytree(book_upload("canon"), os.path.join(folder, "bob"))
    out = os.path.join(WORK, "out", "class")
    args = grade.parse(["canon", "--reference", reference, "--all", folder, "--scratch",
                        scratch, "--out", out, "--shrink", "0", "--jobs", "2",
                        "--parallel", "2", "--course", course(os.path.join(WORK, "course"))])
    spec, args = grade.spec_of(args)
    status = grade.grade_class(args, spec)
    with open(os.path.join(out, "grades.csv")) as f:
        rows = {r["submission"]: r for r in csv.DictReader(f)}
    scores = {name: rows.get(name, {}).get("score") for name in ("alice", "bob")}
    print("grade-all: %r" % scores)
    if status != 0 or any(s is None or float(s) != 100 for s in scores.values()):
        problems.append("grade-all: exit %d, scores %r" % (status, scores))


def check_autograder(reference, scratch, problems):
    """The Gradescope path: a zip packed with the course file, a foreign compiler
    uploaded inside one top folder, run_autograder in a fake /autograder: full marks."""
    ag = os.path.join(WORK, "autograder")
    shutil.rmtree(ag, ignore_errors=True)
    os.makedirs(os.path.join(ag, "results"))
    os.chmod(ag, 0o755)  # like /autograder (run_autograder closes what it must)
    the_course = foreign.read_course(course(os.path.join(WORK, "teacher")), reference)
    zip_path = pack.pack("canon", None, os.path.join(WORK, "canon.zip"), reference,
                         course=the_course)
    pack.unpack(zip_path, os.path.join(ag, "source"))
    double(os.path.join(ag, "submission", "my-compiler"), reference)
    env = dict(os.environ, AUTOGRADER_ROOT=ag, TIGER_REFERENCE=reference,
               TIGER_GRADE_SCRATCH=scratch)
    ran = subprocess.run([os.path.join(ag, "source", "run_autograder")], env=env,
                         capture_output=True, text=True, timeout=1200)
    with open(os.path.join(ag, "results", "results.json")) as f:
        score = json.load(f).get("score")
    print("autograder: the double uploaded scores %s" % score)
    if score != 100:
        problems.append("the autograder scores the double %s: %s" % (score, ran.stdout[-600:]))


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("reference")
    ap.add_argument("--scratch", default=os.path.join(ROOT, "build", "grade", "scratch-foreign"))
    a = ap.parse_args(argv)
    reference, scratch = os.path.abspath(a.reference), os.path.abspath(a.scratch)
    problems = []
    check_manifests(problems)
    check_courses(reference, problems)
    check_emits(reference, scratch, problems)
    check_builds(reference, scratch, problems)
    check_refusals(reference, scratch, problems)
    check_honest(reference, scratch, problems)
    check_negated(reference, scratch, problems)
    check_class(reference, scratch, problems)
    check_autograder(reference, scratch, problems)
    return conclude("foreign_grades", problems)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
