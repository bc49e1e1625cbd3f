#!/usr/bin/env python3
"""hostile.py - the hostile suite: submissions that try to score without doing the lab,
or to harm the grader, each built from a fresh canon handout (ctest grade.hostile).

Usage: python3 -m labs.tests.hostile REFERENCE_TIGERC [--scratch DIR] [--only NAME,...]
(NAME: an attack below, or paths, fold, read_back, box for those groups)

Each submission is the handout (stubs: 0 points of honest content) plus one attack
(labs/tests/hostile/): attacks.hh, called first thing in its tigerc's main, or a .cmake
file its CMakeLists.txt includes, run at configure time by the grader's build.

  stub              the handout as it is
  answer_reader     reads the test's `stdout:` directives (or a file beside the program)
                    and prints a dump that prints them
  reference_proxy   finds another tigerc on the filesystem and answers with it
  solution_copy     configure time: copies a linearize.cc that is not a stub into its tree
  private_theft     configure time: copies every .tig it finds to its tree, /tmp, /dev/shm
  build_daemon      configure time: leaves a process behind
  runtime_daemon    its tigerc leaves a process behind
  results_forgery   configure time: a process that rewrites every results.json, 1 minute
  fork_storm        its tigerc forks until it cannot, the children sleeping forever
  writes_outside    its tigerc writes /tmp, /dev/shm, /var/tmp, /root, beside the program
  network           its tigerc sends the program to a listener on 127.0.0.1:47123-47131
  flood, loop, sleep, crash    its tigerc prints forever, loops, sleeps, segfaults (loop
                    and sleep graded with a 0.5 s limit: each program costs its limit)
  no_cmakelists     a folder with no CMakeLists.txt and no lab file
  fold              its tigerc runs the program at an earlier stage (--run-at=ir) and
                    prints a dump that prints the captured output, exits its status
  replay            the same, one call per line printed: straight-line code
  whitespace_bonus  the book's answer, its dump written `TEMP  t5`: a regex over the text
                    counted no temps (score 100, but no bonus the book does not earn)
The fold also runs in the other three labs' handouts (translate through ptoext's
structured-IR interpreter, traces through --run-at=linear, ptoext through --run): 0 in
each. In the ptoext handout, what only reading a dump back stops (issue 42):
  libc_calls        every dump calls the C library (its MLIR declares putchar, which
                    mlir-cpu-runner-19 resolves from its own process; its structured IR
                    calls rt.system and putchar); control: its MLIR, lowered and run
                    unconfined, prints what putchar printed
  nested_ifs        every dump is 20000 `if c: if c: pass` in a row (mlir-opt-19 is
                    quadratic on the MLIR of it); control: mlir-opt-19 accepts the MLIR
                    of 1000 of them, which the grader of before lowered with its own
                    trusted limits
Paths the submission controls (check_paths; each with its unconfined control):
  symlinked_build   a POST_BUILD command replaces build/ by a link to the reference's
                    build (hostile/link_build.sh); control: the link leads to it
  classmate_slot    grade-all, two slots: the same link to the classmate's slot; and
                    /proc/1/cmdline names no other slot; control: the link leads there
  newline_folder    an upload whose folder is named "x\\n0 .."; control: the old shell
                    pipeline of run_autograder picks a folder outside the upload
  out_symlink       grade-tests on NAME.out links to a root-only file and to /dev/zero;
                    control: the old reader (testcases' directives) reads them

The box of a grade (check_box, issue 42; each with its control):
  nproc_storm       grade-all, two slots: configure time, 300 `sleep 90 &`; its honest
                    neighbour keeps full marks; control: in one box (one uid, no cgroup,
                    as before) the neighbour loses them
  disk_burst        configure time, 6 x 1 GB held a moment: at most 2 in its tree;
                    control, unconfined: 6
  memory_burst      configure time, 4 children of 1.2 GB: at most 3 hold; control: 4
  teacher_include   its linearize.cc includes the teacher's by absolute path; at the
                    nobody level: refused with the tree open, 0 with the folder it
                    names closed (chmod 700 chap8/; the teacher's confirmation given);
                    control, unconfined: full marks

Expected of each: score 0 and no bonus; a configure-time attack's build not held to its
limit by the process it left (a submission is built with Make: submission.generator);
results.json agrees with the table (two seconds later, for the attacks that start
processes: LINGERING); no process named tiger-hostile
is alive; no tiger-hostile* file outside the scratch tree; no private program in its tree; the listener heard nothing. An honest
submission (the handout with the solution's linearize.cc) scores full marks first, after
every configure-time attack, and last. Controls: run unconfined, the tigerc of answer_reader
and reference_proxy cheats on a test program as the grader used to hand it over, that of
network reaches the listener, that of writes_outside writes /tmp, those of fold and replay
(in every lab) print a dump that reproduces the program's output on its own input, the
dump of whitespace_bonus names no temp for the regex of before: the suite proves the
confinement and the judging, not a broken attack. Each grade's seconds are printed
(labs/grader/README.md, "Measured"). Exit 1 when anything does not hold.
"""
import argparse
import glob
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import contextmanager

from .. import cut
from ..grader import confine, grade
from ..grader import submission
from ..paths import ROOT
from .handout_check import book_answer
from .mutants import conclude

HERE = os.path.dirname(os.path.abspath(__file__))

ATTACKS = os.path.join(HERE, "hostile")
WORK = os.path.join(ROOT, "build", "grade", "hostile")
PRIVATE = ["testcases/valid/recursion_gcd.tig", "testcases/valid/strings_concat_size.tig"]
RUNTIME = ["answer_reader", "reference_proxy", "runtime_daemon", "fork_storm",
           "writes_outside", "network", "flood", "loop", "sleep", "crash"]
JUDGING = ["fold", "replay", "whitespace_bonus"]  # issue 23: what only judging stops
FOLD_LABS = ["translate", "traces", "ptoext"]    # canon's fold is in ALL
CONFIGURE = ["solution_copy", "private_theft", "build_daemon", "results_forgery"]
ALL = ["stub"] + RUNTIME[:2] + CONFIGURE + RUNTIME[2:] + ["no_cmakelists"] + JUDGING
# Issue 42 (check_box): a grade's box. Configure-time attacks on the whole grade's
# processes, memory and disk, and an include of the teacher's tree.
BOX_CONFIGURE = ["nproc_storm", "disk_burst", "memory_burst"]
CONTROLLED = ["answer_reader", "reference_proxy", "network", "writes_outside", "fold",
              "replay", "whitespace_bonus"]
STAGE = {"translate": "ir", "canon": "linear", "traces": "traces", "ptoext": "pto-ssa"}
READ_BACK = ["libc_calls", "nested_ifs"]  # issue 42: graded in the ptoext handout
TEMPS_BEFORE = re.compile(rb"TEMP (t\d+)")  # how the grader of before counted temps
PORT = 47123
# A time limit that only stops: the attacks that never end get it (not the honest
# grades, whose 2 s stay far above a compile on a busy machine).
STOPPED = {"loop": 0.5, "sleep": 0.5}
# What may leave a process behind that writes later: the suite waits for it.
LINGERING = CONFIGURE + ["runtime_daemon", "fork_storm"]
CALL = "  int status = 0;\n  // Nested"


def make_submission(handout, name, dest):
    """The handout plus attack `name`, at dest."""
    shutil.rmtree(dest, ignore_errors=True)
    if name == "no_cmakelists":
        os.makedirs(dest)
        with open(os.path.join(dest, "README.txt"), "w") as f:
            f.write("I did not do the lab.\n")
        return
    shutil.copytree(handout, dest, symlinks=True)
    if name == "whitespace_bonus":
        write_book(dest, "canon")
    if name in RUNTIME + JUDGING + READ_BACK:
        shutil.copy(os.path.join(ATTACKS, "attacks.hh"),
                    os.path.join(dest, "driver", "hostile_attacks.hh"))
        main = os.path.join(dest, "driver", "tigerc.cc")
        text = open(main).read()
        assert CALL in text, "driver/tigerc.cc changed: update hostile.py's anchor"
        text = text.replace('#include "driver/pipeline.hh"\n',
                            '#include "driver/pipeline.hh"\n#include "driver/hostile_attacks.hh"\n')
        text = text.replace(CALL, '  hostile::attack("%s", args.empty() ? "" : args.back(), argv);\n%s' % (name, CALL))
        open(main, "w").write(text)
    if name in CONFIGURE + BOX_CONFIGURE:
        shutil.copy(os.path.join(ATTACKS, name + ".cmake"), os.path.join(dest, "hostile.cmake"))
        if os.path.isfile(os.path.join(ATTACKS, name + ".sh")):
            shutil.copy(os.path.join(ATTACKS, name + ".sh"), os.path.join(dest, "hostile.sh"))
        with open(os.path.join(dest, "CMakeLists.txt"), "a") as f:
            f.write("include(${CMAKE_SOURCE_DIR}/hostile.cmake)\n")
    if name == "teacher_include":
        with open(os.path.join(ATTACKS, "teacher_include.cc.in")) as f:
            text = f.read().replace("TEACHER_ROOT", ROOT)
        with open(os.path.join(dest, "chap8", "linearize.cc"), "w") as f:
            f.write(text)


def write_book(dest, lab):
    """The book's answer of LAB (labs/LAB/book) written into a handout at dest."""
    for path, text in book_answer(lab).items():
        with open(os.path.join(dest, path), "w", encoding="utf-8") as f:
            f.write(text)


def honest_submission(handout, dest):
    shutil.rmtree(dest, ignore_errors=True)
    shutil.copytree(handout, dest, symlinks=True)
    shutil.copy(os.path.join(ROOT, "chap8", "linearize.cc"),
                os.path.join(dest, "chap8", "linearize.cc"))


class Listener:
    """A TCP listener on 127.0.0.1 (the first free of PORT..PORT+8) that counts who
    connects."""

    def __init__(self):
        self.heard = 0
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        for self.port in range(PORT, PORT + 9):  # the ports the attack tries
            try:
                self.sock.bind(("127.0.0.1", self.port))
                break
            except OSError:
                continue
        self.sock.listen(16)
        self.sock.settimeout(0.5)
        self.done = False
        threading.Thread(target=self.serve, daemon=True).start()

    def wait_heard(self, seconds=30):
        """Whether a connection came, waiting for the accepting thread (a busy machine
        runs it late: the connection waits in the backlog meanwhile)."""
        end = time.monotonic() + seconds
        while not self.heard and time.monotonic() < end:
            time.sleep(0.05)
        return self.heard > 0

    def serve(self):
        while not self.done:
            try:
                conn, _ = self.sock.accept()
                self.heard += 1
                conn.close()
            except OSError:
                pass


def hostile_processes():
    out = []
    for comm in glob.glob("/proc/[0-9]*/comm"):
        try:
            if open(comm).read().strip().startswith("tiger-hostile"):
                out.append(comm.split("/")[2])
        except OSError:
            pass
    return out


def outside_files(scratch):
    found = [p for d in ("/tmp", "/dev/shm", "/var/tmp", "/root", os.path.join(ROOT, "build"))
             for p in glob.glob(os.path.join(d, "tiger-hostile*"))]
    r = subprocess.run(["find", os.path.join(ROOT, "build", "grade"), "-name",
                        "*tiger-hostile*", "-not", "-path", os.path.join(scratch, "work") + "/*",
                        "-not", "-path", WORK + "/subs/*"], capture_output=True, text=True)
    return found + r.stdout.split()


def clean_outside():
    for p in glob.glob("/tmp/tiger-hostile*") + glob.glob("/dev/shm/tiger-hostile*") + \
            glob.glob("/var/tmp/tiger-hostile*") + glob.glob("/root/tiger-hostile*"):
        shutil.rmtree(p, ignore_errors=True) if os.path.isdir(p) else os.remove(p)


class Suite:
    def __init__(self, reference, scratch):
        self.reference, self.scratch, self.problems, self.times = reference, scratch, [], []
        self.handout = os.path.join(WORK, "handout")
        self.private = os.path.join(WORK, "private")

    def setup(self):
        os.makedirs(WORK, exist_ok=True)
        cut.write("canon", self.reference, self.handout, quiet=True)
        shutil.rmtree(self.private, ignore_errors=True)
        os.makedirs(self.private)
        for p in PRIVATE:
            shutil.copy(os.path.join(ROOT, p), self.private)
        clean_outside()

    def grade(self, name, sub, lab="canon", seconds=2):
        out = os.path.join(WORK, "results", name)
        handout, scratch = (self.handout, self.scratch) if lab == "canon" else (
            os.path.join(WORK, "handout-" + lab), self.scratch + "-" + lab)
        args = grade.parse([lab, "--reference", self.reference, "--submission", sub,
                            "--tests", self.private, "--base", handout, "--out", out,
                            "--shrink", "0", "--keep-work",
                            "--time-limit", str(seconds), "--scratch", scratch])
        result = grade.grade(args, grade.load_spec(lab), sub)
        grade.report.write(result, out)
        self.times.append((name, result["seconds"]))
        print(grade.report.table(result).split("\n  ESEQ")[0])
        print("  %s: %.2f + %.2f in %.1f s" % (name, result["score"], result["bonus_score"],
                                              result["seconds"]))
        return result, out

    def check_attack(self, name, listener):
        sub = os.path.join(WORK, "subs", name)
        make_submission(self.handout, name, sub)
        result, out = self.grade(name, sub, seconds=STOPPED.get(name, 2))
        fail = lambda what: self.problems.append("%s: %s" % (name, what))
        if name == "whitespace_bonus":
            self.check_respaced(result, fail)
        elif result["score"] or result["bonus_score"]:
            fail("scored %.2f + %.2f without doing the lab" % (result["score"],
                                                               result["bonus_score"]))
        if name in CONFIGURE and "limit" in result["build"]:
            fail("a process it left held the build to a limit: %s" % result["build"])
        if name in LINGERING:
            time.sleep(2)  # a forger that outlived the grade would have written by now
        with open(os.path.join(out, "results.json")) as f:
            told = json.load(f).get("score")
        if told != round(result["score"] + result["bonus_score"], 4):
            fail("results.json says %s, the table %s" % (told, result["score"]))
        if hostile_processes():
            fail("processes left alive: %s" % hostile_processes())
        if outside_files(self.scratch):
            fail("wrote outside its scratch tree: %s" % outside_files(self.scratch)[:5])
        stolen = os.path.join(self.scratch, "work", "src", "stolen")
        got = [p for p in PRIVATE if os.path.exists(os.path.join(stolen, os.path.basename(p)))]
        if got:
            fail("copied the private tests into its tree: %s" % got)
        if listener.heard:
            fail("reached 127.0.0.1:%d %d time(s)" % (listener.port, listener.heard))
        clean_outside()

    def check_respaced(self, result, fail):
        """The book's answer respaced: every program passes, the temps are counted (the
        leaderboard's number is the reference's), and no bonus the book does not earn."""
        bonus = result["bonus"][0] if result["bonus"] else {}
        if result["score"] != result["max_score"]:
            fail("the book's answer scores %.2f" % result["score"])
        if result["bonus_score"] or not bonus.get("value"):
            fail("bonus %.2f, temps counted %s" % (result["bonus_score"], bonus.get("value")))

    def check_fold_labs(self):
        """The fold in every other lab's handout: 0 points; its control, unconfined,
        reproduces the program's output on the program's own input."""
        program = os.path.join(ROOT, "testcases", "valid", "recursion_gcd.tig")
        for lab in FOLD_LABS:
            handout = os.path.join(WORK, "handout-" + lab)
            cut.write(lab, self.reference, handout, quiet=True)
            sub = os.path.join(WORK, "subs", "fold-" + lab)
            make_submission(handout, "fold", sub)
            result, _ = self.grade("fold-" + lab, sub, lab)
            if result["score"] or result["bonus_score"]:
                self.problems.append("fold in %s: scored %.2f + %.2f" % (
                    lab, result["score"], result["bonus_score"]))
            self.control_fold(lab, self.scratch + "-" + lab, program)

    def control_fold(self, lab, scratch, program):
        """Unconfined, the fold's tigerc (just graded) on the program as the grader of
        before handed it over: its dump, run, gives the program's stdout and status."""
        tigerc = os.path.join(scratch, "work", "build", "tigerc")
        stage, want = STAGE[lab], grade.directives(program)
        dump = subprocess.run([tigerc, "--emit=" + stage, program], capture_output=True,
                              timeout=600).stdout
        ran = subprocess.run([self.reference, "--from=" + stage, "--run", "-"],
                             input=dump, capture_output=True, timeout=60)
        did = (ran.returncode, ran.stdout) == (want["exit"], want["stdout"])
        if not did:
            self.problems.append("control: the fold in %s does not reproduce %s" % (
                lab, os.path.basename(program)))
        print("control: fold in %s, unconfined, %s" % (lab, "does it" if did else "FAILS"))

    def check_read_back(self):
        """The ptoext handout's attacks on what it runs of a student's output: 0 each,
        nothing written outside; their controls, unconfined, do what the grader of
        before let them do (READ_BACK)."""
        handout = os.path.join(WORK, "handout-ptoext")
        if not os.path.isdir(handout):
            cut.write("ptoext", self.reference, handout, quiet=True)
        for name in READ_BACK:
            sub = os.path.join(WORK, "subs", name)
            make_submission(handout, name, sub)
            result, _ = self.grade(name, sub, "ptoext")
            if result["score"] or result["bonus_score"]:
                self.problems.append("%s: scored %.2f + %.2f" % (
                    name, result["score"], result["bonus_score"]))
            if outside_files(self.scratch):
                self.problems.append("%s: wrote outside: %s" % (name, outside_files(
                    self.scratch)[:5]))
            clean_outside()
            tigerc = os.path.join(self.scratch + "-ptoext", "work", "build", "tigerc")
            did = control_mlir(tigerc, name)
            print("control: %s, unconfined, %s" % (name, {True: "does it", False: "FAILS",
                                                          None: "not run: no MLIR 19"}[did]))
            if did is False:
                self.problems.append("control: %s does not do what it tries" % name)

    def check_honest(self, when):
        sub = os.path.join(WORK, "subs", "honest")
        honest_submission(self.handout, sub)
        result, _ = self.grade("honest", sub)
        if result["score"] != result["max_score"]:
            self.problems.append("an honest submission %s scores %.2f / %g" % (
                when, result["score"], result["max_score"]))

    def control(self, name, program, listener):
        """Unconfined, the attack's tigerc (just graded, still in the scratch tree) does
        what it tries: it cheats on the program as the grader used to hand it over
        (header and all), reaches the listener, writes outside its folder."""
        tigerc = os.path.join(self.scratch, "work", "build", "tigerc")
        cwd = os.path.join(WORK, "control", "a", "b")
        shutil.rmtree(os.path.join(WORK, "control"), ignore_errors=True)
        os.makedirs(cwd)
        copy = shutil.copy(program, cwd)
        dump = subprocess.run([tigerc, "--emit=linear", copy], capture_output=True, cwd=cwd,
                              timeout=600).stdout
        if name == "network":
            did, listener.heard = listener.wait_heard(), 0
        elif name == "writes_outside":
            did = os.path.exists("/tmp/tiger-hostile-outside")
        elif name == "whitespace_bonus":
            did = b"TEMP  t" in dump and not TEMPS_BEFORE.findall(dump)
        else:
            ran = subprocess.run([self.reference, "--from=linear", "--run", "-"], input=dump,
                                 capture_output=True, timeout=60)
            did = ran.returncode == 0 and ran.stdout == grade.directives(program)["stdout"]
        shutil.rmtree(os.path.join(WORK, "control"), ignore_errors=True)
        clean_outside()
        if not did:
            self.problems.append("control: %s does not do it when unconfined" % name)
        print("control: %s, unconfined, %s" % (name, "does it" if did else "FAILS"))


def control_mlir(tigerc, name):
    """What a READ_BACK attack's MLIR does unconfined: libc_calls' runs putchar('H')
    through mlir-cpu-runner-19; nested_ifs' (1000 of them: TIGER_HOSTILE_N) is accepted
    by mlir-opt-19. None without MLIR 19's tools."""
    opt, runner = shutil.which("mlir-opt-19"), shutil.which("mlir-cpu-runner-19")
    if not (opt and runner):
        return None
    with tempfile.TemporaryDirectory() as work:
        src = os.path.join(work, "prog.tig")
        with open(src, "w") as f:
            f.write("printi(1)\n")
        mlir = subprocess.run([tigerc, "--emit=mlir", src], capture_output=True, timeout=60,
                              env=dict(os.environ, TIGER_HOSTILE_N="1000")).stdout
        low = subprocess.run([opt] + MLIR_LOWERING, input=mlir, capture_output=True,
                             timeout=600)
        if name == "nested_ifs":
            return low.returncode == 0 and mlir.count(b"scf.if") == 2000
        ran = subprocess.run([runner, "-e", "main", "-entry-point-result=void"],
                             input=low.stdout, capture_output=True, timeout=60)
        return low.returncode == 0 and ran.stdout == b"H"


# How the grader of before lowered a student's MLIR.
MLIR_LOWERING = ["--arith-expand", "--convert-scf-to-cf", "--convert-to-llvm",
                 "--reconcile-unrealized-casts"]


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("reference")
    ap.add_argument("--scratch", default=os.path.join(ROOT, "build", "grade", "scratch"))
    ap.add_argument("--only", help="a comma-separated list of attacks")
    a = ap.parse_args(argv)
    suite = Suite(os.path.abspath(a.reference), os.path.abspath(a.scratch))
    suite.setup()
    listener = Listener()
    names = a.only.split(",") if a.only else ALL + ["paths", "box"]
    suite.check_honest("first")
    program = os.path.join(ROOT, "labs", "canon", "tests", "binop_order.tig")
    for name in [n for n in names if n not in ("paths", "read_back", "box")]:
        suite.check_attack(name, listener)
        if name in CONTROLLED:
            suite.control(name, program, listener)
        if name in CONFIGURE:
            suite.check_honest("after " + name)
    suite.check_honest("last")
    if not a.only or "fold" in names:
        suite.check_fold_labs()
    if not a.only or "read_back" in names:
        suite.check_read_back()
    if "paths" in names:
        check_paths(suite)
    if "box" in names:
        check_box(suite)
    for work in glob.glob(suite.scratch + "*/work*"):
        submission.clear(work)  # --keep-work's trees (every lab's), on their file systems
    listener.done = True
    print("seconds per grade: " + ", ".join("%s %.1f" % t for t in suite.times))
    return conclude("hostile", suite.problems)


def link_submission(handout, dest, target):
    """The handout whose tigerc's POST_BUILD links build/ to target (link_build.sh)."""
    shutil.rmtree(dest, ignore_errors=True)
    shutil.copytree(handout, dest, symlinks=True)
    shutil.copy(os.path.join(ATTACKS, "link_build.sh"), os.path.join(dest, "driver"))
    with open(os.path.join(dest, "driver", "CMakeLists.txt"), "a") as f:
        f.write("add_custom_command(TARGET tigerc POST_BUILD COMMAND sh %s/link_build.sh "
                "${CMAKE_BINARY_DIR} %s VERBATIM)\n" % ("${CMAKE_CURRENT_SOURCE_DIR}", target))


def links_to(link, tigerc):
    """The control: following link/tigerc (as the grader did) reaches tigerc."""
    path = os.path.join(link, "tigerc")
    return os.path.islink(link) and os.path.realpath(path) == os.path.realpath(tigerc)


def check_symlinked_build(suite):
    ref_build = os.path.dirname(suite.reference)
    sub = os.path.join(WORK, "subs", "symlinked_build")
    link_submission(suite.handout, sub, ref_build)
    result, _ = suite.grade("symlinked_build", sub)
    work_build = os.path.join(suite.scratch, "work", "build")
    return result, links_to(work_build, suite.reference)


def check_classmate_slot(suite):
    """grade-all, two slots: a_cheater (slot 0) links its build to b_classmate's slot."""
    subs = os.path.join(WORK, "class")
    shutil.rmtree(subs, ignore_errors=True)
    classmate = os.path.join(suite.scratch, "work-1", "build")
    link_submission(suite.handout, os.path.join(subs, "a_cheater"), classmate)
    honest_submission(suite.handout, os.path.join(subs, "b_classmate"))
    scores = {name: r["score"] for name, r in two_slots(suite, subs, "class").items()}
    with open(os.path.join(suite.scratch, "work", "src", "cmdline.txt")) as f:
        cmdline = f.read()
    named = "work-1" in cmdline  # its own tree it sees as SCRATCH/work, whatever its slot
    return scores, named, os.path.islink(os.path.join(suite.scratch, "work", "build")) and \
        os.path.realpath(os.path.join(suite.scratch, "work", "build")) == classmate


def two_slots(suite, subs, name):
    """grade-all of the folders of subs, two slots: {folder: its results.json}."""
    out = os.path.join(WORK, "results", name)
    args = grade.parse(["canon", "--reference", suite.reference, "--all", subs,
                        "--parallel", "2", "--base", suite.handout, "--out", out,
                        "--shrink", "0", "--keep-work", "--time-limit", "2",
                        "--scratch", suite.scratch])
    grade.grade_class(args, grade.load_spec("canon"))
    results = {}
    for folder in sorted(os.listdir(subs)):
        with open(os.path.join(grade.report.submission_folder(out, folder),
                               "results.json")) as f:
            results[folder] = json.load(f)
    return results


OLD_ROOT = ("find \"$1\" -maxdepth 3 -name CMakeLists.txt -printf '%d %h\\n' | "
            "sort -n | head -1 | cut -d' ' -f2-")


def check_newline_folder(suite):
    upload = os.path.join(WORK, "subs", "newline_folder")
    shutil.rmtree(upload, ignore_errors=True)
    honest_submission(suite.handout, os.path.join(upload, "x\n0 .."))
    out = os.path.join(WORK, "results", "newline_folder")
    args = grade.parse(["canon", "--reference", suite.reference, "--upload", upload,
                        "--base", suite.handout, "--out", out, "--shrink", "0",
                        "--time-limit", "2", "--scratch", suite.scratch])
    result = grade.grade(args, grade.load_spec("canon"), args.upload)
    picked = subprocess.run(["bash", "-c", OLD_ROOT, "-", upload], capture_output=True,
                            text=True, cwd=upload).stdout.strip()
    outside = not os.path.realpath(os.path.join(upload, picked)).startswith(upload + "/")
    return result, outside


def check_out_symlink(suite):
    """grade-tests' reader on NAME.out links: nothing read, both tests wrong."""
    from ..grader import grade_tests
    tests = os.path.join(WORK, "subs", "out_symlink")
    shutil.rmtree(tests, ignore_errors=True)
    os.makedirs(tests)
    secret = os.path.join(WORK, "root-only-secret")
    with open(secret, "w") as f:
        f.write("the first line of a root-only file\n")
    os.chmod(secret, 0o600)
    for name, target in (("shadow", secret), ("zero", "/dev/zero")):
        with open(os.path.join(tests, name + ".tig"), "w") as f:
            f.write('print("x")\n')
        os.symlink(target, os.path.join(tests, name + ".out"))
    programs, unread = grade_tests.copies(tests, os.path.join(WORK, "out_symlink_copies"))
    said = " ".join(unread.values())
    old = grade.directives(os.path.join(tests, "shadow.tig"))["stdout"]
    with open(os.path.join(tests, "zero.out"), "rb") as f:
        endless = f.read(1 << 20) == bytes(1 << 20)
    return len(unread) == 2 and "link" in said and "root-only" not in said, \
        old == b"the first line of a root-only file\n" and endless


def check_paths(suite):
    """The attacks on paths the submission controls, each with its control."""
    fail = suite.problems.append
    result, followed = check_symlinked_build(suite)
    if result["score"] or result["bonus_score"] or "no tigerc" not in result["build"]:
        fail("symlinked_build: %.2f, %s" % (result["score"], result["build"]))
    print("control: symlinked_build, its build/ %s the reference's" % (
        "leads to" if followed else "does NOT lead to"))
    followed or fail("control: symlinked_build does not link to the reference")
    scores, named, followed = check_classmate_slot(suite)
    print("classmate_slot: %s; /proc/1/cmdline names the other slot: %s" % (scores, named))
    if scores["a_cheater"] or scores["b_classmate"] < 100 or named:
        fail("classmate_slot: %s, named: %s" % (scores, named))
    print("control: classmate_slot, its build/ %s the classmate's slot" % (
        "leads to" if followed else "does NOT lead to"))
    followed or fail("control: classmate_slot does not link to the classmate's slot")
    result, outside = check_newline_folder(suite)
    if result["score"] or "control character" not in result["build"]:
        fail("newline_folder: %.2f, %s" % (result["score"], result["build"]))
    print("newline_folder: %s; control: the old pipeline picks outside: %s" % (
        result["build"], outside))
    outside or fail("control: newline_folder: the old pipeline stays in the upload")
    refused, control = check_out_symlink(suite)
    refused or fail("out_symlink: a .out link was read")
    print("out_symlink: refused %s; control: the old reader reads both: %s" % (refused, control))
    control or fail("control: out_symlink: the old reader does not read the links")



@contextmanager
def one_uid():
    """The design of before, for a control: every grade of this process in one box,
    one uid for all its slots, no cgroup."""
    shared = confine.Box.__new__(confine.Box)
    shared.uid, shared._lock, shared.cgroup = confine.current().uid, None, None
    made, confine.Box = confine.Box, lambda: shared
    try:
        yield
    finally:
        confine.Box = made


def check_nproc_storm(suite):
    """grade-all, two slots: a_storm (nproc_storm) beside an honest b_honest, which
    keeps its full marks; control: in one box for both (before), it loses them."""
    subs = os.path.join(WORK, "storm")
    shutil.rmtree(subs, ignore_errors=True)
    make_submission(suite.handout, "nproc_storm", os.path.join(subs, "a_storm"))
    honest_submission(suite.handout, os.path.join(subs, "b_honest"))
    boxed = two_slots(suite, subs, "storm")["b_honest"]
    with one_uid():
        before = two_slots(suite, subs, "storm-before")["b_honest"]
    print("nproc_storm: the neighbour scores %.2f (%s); control, one uid: %.2f (%s)" % (
        boxed["score"], first_message(boxed), before["score"], first_message(before)))
    if boxed["score"] < 100:
        suite.problems.append("nproc_storm: the honest neighbour scores %.2f" % boxed["score"])
    if before["score"] >= 100:
        suite.problems.append("control: nproc_storm does not hurt its neighbour in one uid")


def first_message(result):
    """The first failed test's message (a build's failure: its message), or ""."""
    failed = [t["output"] for t in result["tests"] if t["score"] < t["max_score"]]
    return failed[0].split("\n")[0][:120] if failed else ""


BURSTS = {"disk_burst": ("burst.txt", 2, 6), "memory_burst": ("held.txt", 3, 4)}


def burst_count(name, folder):
    """What a burst held, as its file says: 1 GB files (disk), children (memory)."""
    path = os.path.join(folder, BURSTS[name][0])
    if not os.path.isfile(path):
        return 0
    with open(path) as f:
        text = f.read()
    return text.count("held") if name == "memory_burst" else int(text.strip() or 0)


def check_bursts(suite):
    """disk_burst and memory_burst in a grade: at most 2 GB held at once in the tree, at
    most 3 of the 4 children held; control: unconfined, 6 GB and 4 children."""
    for name, (_, most, unconfined) in BURSTS.items():
        sub = os.path.join(WORK, "subs", name)
        make_submission(suite.handout, name, sub)
        result, _ = suite.grade(name, sub)
        held = burst_count(name, os.path.join(suite.scratch, "work", "src"))
        control = os.path.join(WORK, "control", name)
        shutil.rmtree(control, ignore_errors=True)
        os.makedirs(control)
        subprocess.run(["sh", os.path.join(ATTACKS, name + ".sh")], cwd=control, timeout=120)
        did = burst_count(name, control)
        shutil.rmtree(control, ignore_errors=True)
        print("%s: held %d in the grade (%s); control, unconfined: %d" % (
            name, held, result["build"] or "built", did))
        if held > most or result["score"]:
            suite.problems.append("%s: held %d (at most %d), scored %.2f" % (
                name, held, most, result["score"]))
        if did < unconfined:
            suite.problems.append("control: %s held only %d unconfined" % (name, did))


def grade_at(level, suite, sub, scratch, env=None):
    """A grade of sub in a process of its own at `level`: (exit status, stdout, score)."""
    out = os.path.join(WORK, "results", "teacher_include-" + level)
    shutil.rmtree(out, ignore_errors=True)
    ran = subprocess.run([sys.executable, "-m", "labs.grader.grade", "canon", "--reference",
                          suite.reference, "--submission", sub, "--base", suite.handout,
                          "--out", out, "--shrink", "0", "--time-limit", "2",
                          "--scratch", scratch], cwd=ROOT, capture_output=True, text=True,
                         env=dict(os.environ, TIGER_GRADE_CONFINE=level, **(env or {})))
    try:
        with open(os.path.join(out, "results.json")) as f:
            score = json.load(f)["score"]
    except OSError:
        score = None
    return ran.returncode, ran.stdout + ran.stderr, score


@contextmanager
def closed(folder):
    """folder mode 0700 for the with block (as run_autograder closes the grader's). Not
    the whole tree: the grades `make test` runs beside this one read their folders in it
    as their boxes' uids."""
    mode = os.stat(folder).st_mode & 0o7777
    os.chmod(folder, 0o700)
    try:
        yield
    finally:
        os.chmod(folder, mode)


def check_teacher_include(suite):
    """teacher_include at the `nobody` level: refused while this tree is open to other
    users; 0 once the folder it includes from is closed (the refusal waived by
    TIGER_GRADE_OPEN_TREE=1); unconfined (`none`), refused; control: unconfined with
    TIGER_GRADE_OPEN_TREE=1, full marks."""
    if os.geteuid() != 0:
        print("teacher_include: needs root (the nobody level)")
        return
    sub = os.path.join(WORK, "subs", "teacher_include")
    make_submission(suite.handout, "teacher_include", sub)
    scratch = os.path.join(grade.grade_home(), "scratch-hostile-nobody")  # reachable
    status, said, _ = grade_at("nobody", suite, sub, scratch)
    refused = status != 0 and "chmod 700" in said
    with closed(os.path.join(ROOT, "chap8")):
        _, said_closed, score = grade_at("nobody", suite, sub, scratch,
                                         {grade.OPEN_TREE: "1"})
    status, said, _ = grade_at("none", suite, sub, scratch)
    refused_none = status != 0 and "nothing confines a submission here" in said
    _, _, control = grade_at("none", suite, sub, scratch, {grade.OPEN_TREE: "1"})
    print("teacher_include: open tree refused: %s, unconfined refused: %s; closed: %s; "
          "control, unconfined and confirmed: %s" % (refused, refused_none, score, control))
    if not refused:
        suite.problems.append("teacher_include: graded at nobody with the tree open")
    if not refused_none:
        suite.problems.append("teacher_include: graded unconfined without the teacher's "
                              "TIGER_GRADE_OPEN_TREE=1")
    if score != 0:
        suite.problems.append("teacher_include: scored %s with the tree closed: %s" % (
            score, said_closed[-300:]))
    if control is None or control < 100:
        suite.problems.append("control: teacher_include scores %s unconfined" % control)


def check_box(suite):
    """Issue 42's attacks on the box of a grade, each with its control."""
    check_nproc_storm(suite)
    check_bursts(suite)
    check_teacher_include(suite)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
