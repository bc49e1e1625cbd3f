#!/usr/bin/env python3
"""run_roundtrip.py - tigerc reads its own dumps back (`--from=STAGE`).

Usage: run_roundtrip.py TIGERC SHARED_DIR RANDOM_COUNT DIR...

For every program of DIR/*.tig that compiles, every valid program of SHARED_DIR/
tiger/book (when that folder exists) and RANDOM_COUNT programs of
tools/random_tiger.py (seeds 1, 2, ...), at each STAGE of ir, linear and traces:
  - `--emit=STAGE | --from=STAGE --emit=STAGE` is byte-identical to `--emit=STAGE`;
  - `--from=STAGE --verify --run` on the dump gives what `--run-at=STAGE` gives on the
    source: the same stdout, stderr and exit status (stdin from the program's
    `stdin:` directive, or SHARED_DIR/tiger/inputs/merge1.in for merge.tig);
  - `--emit=STAGE --locations` is the dump with `# L:C` lines added and nothing else,
    `--from=STAGE --locations --emit=STAGE` prints it again byte for byte, and in the
    linear and traces dumps every statement of a PROC has a position or none has.
A grader that runs a student's printed IR therefore sees exactly what the compiler
that printed it would have run. Ends with "N passed, N failed".
"""
import concurrent.futures
import glob
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from run_testcases import directives  # noqa: E402

STAGES = ["ir", "linear", "traces"]
POSITION = re.compile(rb"^ *# \d+:\d+\n?$")
TIMEOUT = 120


def tigerc(exe, args, stdin=b""):
    return subprocess.run([exe, *args], input=stdin, capture_output=True, timeout=TIMEOUT)


def stdin_of(path, shared):
    if os.path.basename(path) == "merge.tig":
        return open(os.path.join(shared, "tiger", "inputs", "merge1.in"), "rb").read()
    return directives(path)["stdin"] if path.endswith(".tig") else b""


def check(exe, path, shared, work):
    """None when every stage round-trips, else what differed."""
    stdin = stdin_of(path, shared)
    compiled = tigerc(exe, ["--emit=ir", path])
    if compiled.returncode != 0:
        if "/random/" in path:
            return "a random program does not compile: " + compiled.stderr.decode()[:300]
        return "skip"  # a program with a compile error has no IR to read back
    for stage in STAGES:
        dump = tigerc(exe, ["--emit=" + stage, path]).stdout
        dump_file = os.path.join(work, os.path.basename(path) + "." + stage)
        with open(dump_file, "wb") as f:
            f.write(dump)
        again = tigerc(exe, ["--from=" + stage, "--emit=" + stage, dump_file])
        if again.returncode != 0 or again.stdout != dump:
            return "%s: --from=%s --emit=%s differs (exit %d): %s" % (
                stage, stage, stage, again.returncode, again.stderr.decode()[:300])
        problem = check_locations(exe, path, stage, dump, dump_file)
        if problem:
            return "%s: --locations: %s" % (stage, problem)
        want = tigerc(exe, ["--run-at=" + stage, path], stdin)
        got = tigerc(exe, ["--from=" + stage, "--verify", "--run", dump_file], stdin)
        for what in ("returncode", "stdout", "stderr"):
            if getattr(want, what) != getattr(got, what):
                return "%s: --from=%s --run: %s differs: %r vs %r" % (
                    stage, stage, what, getattr(got, what)[:200] if what != "returncode"
                    else got.returncode, getattr(want, what)[:200] if what != "returncode"
                    else want.returncode)
    return None


def check_locations(exe, path, stage, dump, dump_file):
    """None when --locations adds positions only and they round-trip, else what not."""
    located = tigerc(exe, ["--emit=" + stage, "--locations", path]).stdout
    lines = located.splitlines(True)
    if b"".join(l for l in lines if not POSITION.match(l)) != dump:
        return "the dump differs in more than its position lines"
    with open(dump_file, "wb") as f:
        f.write(located)
    again = tigerc(exe, ["--from=" + stage, "--locations", "--emit=" + stage, dump_file])
    if again.returncode != 0 or again.stdout != located:
        return "--from=%s --locations --emit=%s differs: %s" % (
            stage, stage, again.stderr.decode()[:300])
    if stage != "ir":
        for proc in (b"\n" + located).split(b"\nPROC ")[1:]:
            body = proc.split(b"\n")
            at = [i for i, l in enumerate(body)
                  if re.match(rb"[A-Z]", l) and not l.startswith(b"STRING ")]
            known = [i for i in at if POSITION.match(body[i - 1])]
            if known and len(known) != len(at):
                return "a statement of PROC %s has no position" % body[0].decode()
    return None


def programs(dirs, shared, count, work):
    files = sorted(f for d in dirs for f in glob.glob(os.path.join(d, "*.tig")))
    book = os.path.join(shared, "tiger", "book")
    if os.path.isdir(book):
        files += sorted(glob.glob(os.path.join(book, "*.tig")))
    else:
        print("skipping the book's programs: %s is absent" % book)
    rand = os.path.join(work, "random")
    subprocess.run([sys.executable, os.path.join(HERE, "..", "tools", "random_tiger.py"),
                    "1", str(count), rand], check=True)
    return files + sorted(glob.glob(os.path.join(rand, "*.tig")))


def main(argv):
    if len(argv) < 5:
        print(__doc__)
        return 2
    exe, shared, count, dirs = argv[1], argv[2], int(argv[3]), argv[4:]
    passed = failed = skipped = 0
    with tempfile.TemporaryDirectory() as work:
        files = programs(dirs, shared, count, work)
        with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
            results = pool.map(lambda p: (p, check(exe, p, shared, work)), files)
            for path, problem in results:
                if problem == "skip":
                    skipped += 1
                elif problem:
                    failed += 1
                    print("FAIL %s: %s" % (path, problem))
                else:
                    passed += 1
    print("(%d programs with compile errors have no IR: not counted)" % skipped)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
