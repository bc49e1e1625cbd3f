#!/usr/bin/env python3
"""run_testcases.py - runs Tiger programs through tigerc and checks what each expects.

Usage: run_testcases.py TIGERC MODE DIR...

Every DIR/*.tig states its expectations in its first comment (testcases/README.md):
    exit: N            expected exit status (default 0)
    error: L:C: text   stderr has "FILE:L:C: error: ...text..." (may repeat)
    stderr: text       stderr contains text, e.g. a runtime error (may repeat)
    stdin: text        standard input, C escapes (may repeat, concatenated)
    stdout: text       exact standard output, C escapes (may repeat, concatenated)
A long expected output may instead be in NAME.out beside NAME.tig.

MODE is the way to run each program:
    compile        tigerc --verify FILE         (error programs: exit and messages)
    ir, linear, traces
                   tigerc --verify --run-at=MODE FILE
    book-traces    tigerc --verify --book --run-at=traces FILE (the book's canon)
    mlir           tigerc --run-mlir FILE
A program expecting a compile-time error (exit 64-67) is checked in every mode; in
compile mode any other program must compile (exit 0).
Prints one line per failure, in the files' order, and ends with "N passed, N failed".
The programs run as many at a time as the machine has cores (each tigerc is one
process): CI's sanitized runs over every suite take half the time on two cores.
"""
import glob
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

# The directives' parser is shared with the lab grader (labs/programs.py).
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from labs.programs import COMPILE_ERRORS, directives  # noqa: E402

MODES = {
    "compile": ["--verify"],
    "ir": ["--verify", "--run-at=ir"],
    "linear": ["--verify", "--run-at=linear"],
    "traces": ["--verify", "--run-at=traces"],
    "book-traces": ["--verify", "--book", "--run-at=traces"],
    "mlir": ["--run-mlir"],
}
TIMEOUT = 120


def check(tigerc, mode, path):
    """Returns None when the program behaves as it says, else what went wrong."""
    spec = directives(path)
    compile_error = spec["exit"] in COMPILE_ERRORS
    # A program that compiles is only compiled (and verified) in compile mode.
    want_exit = 0 if mode == "compile" and not compile_error else spec["exit"]
    try:
        r = subprocess.run([tigerc, *MODES[mode], path], input=spec["stdin"],
                           capture_output=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return "timed out after %d s" % TIMEOUT
    stderr = r.stderr.decode("latin-1")
    if r.returncode != want_exit:
        return "exit %d, expected %d; stderr: %s" % (r.returncode, want_exit,
                                                       stderr.strip()[:400])
    for err in spec["errors"]:
        m = re.match(r"(\d+):(\d+):\s*(.*)", err)
        want = "%s:%s:%s: error: " % (path, m.group(1), m.group(2)) if m else None
        lines = [l for l in stderr.splitlines() if want and l.startswith(want)]
        if not lines or not any(m.group(3).lower() in l.lower() for l in lines):
            return "no error '%s' in stderr: %s" % (err, stderr.strip()[:400])
    ran = mode != "compile" and not compile_error
    for text in spec["stderr"] if ran or compile_error else []:
        if text not in stderr:
            return "no '%s' in stderr: %s" % (text, stderr.strip()[:400])
    if ran and spec["stdout"] is not None and r.stdout != spec["stdout"]:
        return "stdout differs:\n--- expected\n%s\n--- got\n%s" % (
            spec["stdout"].decode("latin-1")[:600], r.stdout.decode("latin-1")[:600])
    return None


def main(argv):
    if len(argv) < 4:
        print(__doc__)
        return 2
    tigerc, mode, dirs = argv[1], argv[2], argv[3:]
    files = sorted(f for d in dirs for f in glob.glob(os.path.join(d, "*.tig")))
    passed = failed = 0
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        problems = list(pool.map(lambda path: check(tigerc, mode, path), files))
    for path, problem in zip(files, problems):
        if problem:
            failed += 1
            print("FAIL %s [%s]: %s" % (path, mode, problem))
        else:
            passed += 1
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed or not files else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
