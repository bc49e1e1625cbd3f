#!/usr/bin/env python3
"""run_book.py - the book's 51 test programs as a conformance suite.

Usage: run_book.py TIGERC SHARED_DIR [MODE...]

Runs SHARED_DIR/tiger/book/*.tig in place (they are not copied into the project; the
shared folder is ../shared beside it, or $TIGER_SHARED_DIR when set) and checks them
against the verdicts below (docs/book_tests.md) and SHARED_DIR/tiger/book-expected/:
  - valid programs that end print exactly book-expected/NAME.out at ir, linear and
    traces (MODE may narrow that list, e.g. "mlir");
  - merge reads tiger/inputs/mergeN.in and prints mergeN.out;
  - test6 and test7 recurse forever: they must stop at the depth limit (exit 71);
  - test49 is a syntax error (exit 66) and the 30 others semantic errors (exit 67)
    reported on the line given below (where the problem is in the program text).
Exits 77 (skipped, saying how to run it) when SHARED_DIR is absent. Ends with "N passed, N failed".
"""
import os
import subprocess
import sys

# test -> lines where its first error may honestly be reported.
ERROR_LINES = {
    9: {3}, 10: {2}, 11: {2, 3}, 13: {3}, 14: {12}, 15: {3}, 16: {4, 5, 6, 7},
    17: {4}, 18: {5}, 19: {8}, 20: {3}, 21: {5, 6, 7, 8}, 22: {7}, 23: {7}, 24: {5},
    25: {5}, 26: {3}, 28: {7}, 29: {7}, 31: {3}, 32: {6}, 33: {3}, 34: {5}, 35: {5},
    36: {5}, 38: {5, 6}, 39: {5, 6}, 40: {3}, 43: {6}, 45: {5}, 49: {5},
}
RUNAWAY = {"test6", "test7"}
STAGE_ARGS = {
    "ir": ["--run-at=ir"], "linear": ["--run-at=linear"], "traces": ["--run-at=traces"],
    "book-traces": ["--book", "--run-at=traces"], "mlir": ["--run-mlir"],
}


def run(tigerc, args, path, stdin=b""):
    return subprocess.run([tigerc, "--verify", *args, path], input=stdin,
                          capture_output=True, timeout=300)


def check_error(tigerc, path, number):
    want_exit = 66 if number == 49 else 67
    r = run(tigerc, [], path)
    if r.returncode != want_exit:
        return "exit %d, expected %d" % (r.returncode, want_exit)
    first = r.stderr.decode("latin-1").splitlines()[0] if r.stderr else ""
    prefix = path + ":"
    if not first.startswith(prefix) or ": error: " not in first:
        return "no located error: %r" % first
    line = int(first[len(prefix):].split(":")[0])
    if line not in ERROR_LINES[number]:
        return "first error on line %d, expected one of %s: %s" % (
            line, sorted(ERROR_LINES[number]), first)
    return None


def runs_of(name, shared):
    """(stdin, expected stdout) pairs for a valid program; None where it has none."""
    if name == "merge":
        inputs = os.path.join(shared, "tiger", "inputs")
        return [(open(os.path.join(inputs, f), "rb").read(),
                 open(os.path.join(inputs, f[:-3] + ".out"), "rb").read())
                for f in sorted(os.listdir(inputs)) if f.endswith(".in")]
    expected = os.path.join(shared, "tiger", "book-expected", name + ".out")
    return [(b"", open(expected, "rb").read() if os.path.exists(expected) else None)]


def check_valid(tigerc, path, name, shared, modes):
    for mode in modes:
        if name in RUNAWAY:
            if mode == "mlir":
                continue  # no depth limit in native code: it would run until the stack ends
            r = run(tigerc, STAGE_ARGS[mode], path)
            if r.returncode != 71:
                return "[%s] exit %d, expected the limit's 71" % (mode, r.returncode)
            continue
        for stdin, out in runs_of(name, shared):
            r = run(tigerc, STAGE_ARGS[mode], path, stdin)
            if r.returncode != 0:
                return "[%s] exit %d: %s" % (mode, r.returncode, r.stderr[:300])
            if out is not None and r.stdout != out:
                return "[%s] stdout differs from the expected output" % mode
    return None


def main(argv):
    tigerc, shared = argv[1], os.environ.get("TIGER_SHARED_DIR") or argv[2]
    modes = argv[3:] or ["ir", "linear", "traces", "book-traces"]
    book = os.path.join(shared, "tiger", "book")
    if not os.path.isdir(book):
        print("SKIP: %s is absent: run with TIGER_SHARED_DIR=/path/to/shared (the folder "
              "holding tiger/book) to test the book's programs" % book)
        return 77
    passed = failed = 0
    for f in sorted(os.listdir(book)):
        if not f.endswith(".tig"):
            continue
        name = f[:-4]
        path = os.path.join(book, f)
        number = int(name[4:]) if name[4:].isdigit() else None
        if number in ERROR_LINES:
            problem = None if "mlir" in modes and len(modes) == 1 else check_error(tigerc, path, number)
        else:
            problem = check_valid(tigerc, path, name, shared, modes)
        if problem:
            failed += 1
            print("FAIL %s: %s" % (name, problem))
        else:
            passed += 1
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
