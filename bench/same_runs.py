#!/usr/bin/env python3
"""same_runs.py OLD_TIGERC NEW_TIGERC [--random N] [--jobs J] - proves that two tigerc
binaries run every program alike: the same stdout, stderr and exit status, byte for
byte (issue 27: a faster interpreter must not change a run). A check, not a benchmark.

Input: every .tig of testcases/, labs/*/tests/ and /work/shared/tiger/book/ (skipped with
a message when absent), and N random programs (default 400: tools/random_tiger.py, N/4
seeds for each of its labs), each run by both binaries five ways: `--run --stats`,
`--run --effects-hash`, `--run-at=linear --stats`, `--run-at=traces --stats` and
`--run --stats --max-steps=300` (most runs stopped by the step limit), with the file's
`stdin:` directives as standard input (testcases/run_testcases.py reads them).
Output: a line per differing run (file, way, what differs), then "N runs, M differ";
exit 1 when any differs.
"""
import concurrent.futures
import glob
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "testcases"))
from run_testcases import directives  # noqa: E402

BOOK = "/work/shared/tiger/book"
LABS = ("translate", "canon", "traces", "ptoext")
WAYS = (["--run", "--stats"], ["--run", "--effects-hash"],
        ["--run-at=linear", "--stats"], ["--run-at=traces", "--stats"],
        ["--run", "--stats", "--max-steps=300"])
TIMEOUT = 300


def programs(random_count, scratch):
    """The .tig files to run: the repository's, the book's, then random ones."""
    files = sorted(glob.glob(os.path.join(ROOT, "testcases", "**", "*.tig"),
                             recursive=True))
    files += sorted(glob.glob(os.path.join(ROOT, "labs", "*", "tests", "**", "*.tig"),
                              recursive=True))
    if os.path.isdir(BOOK):
        files += sorted(glob.glob(os.path.join(BOOK, "*.tig")))
    else:
        print("skipped: %s is absent" % BOOK)
    per_lab = random_count // len(LABS)
    for k, lab in enumerate(LABS):
        out = os.path.join(scratch, lab)
        count = per_lab if k else random_count - per_lab * (len(LABS) - 1)
        if count <= 0:
            continue
        subprocess.run([sys.executable, os.path.join(ROOT, "tools", "random_tiger.py"),
                        str(1000 * (k + 1)), str(count), out, "--lab", lab], check=True)
        files += sorted(glob.glob(os.path.join(out, "*.tig")))
    return files


def run(tigerc, way, path, stdin):
    try:
        r = subprocess.run([tigerc] + way + [path], input=stdin, capture_output=True,
                           timeout=TIMEOUT)
        return r.stdout, r.stderr, r.returncode
    except subprocess.TimeoutExpired:
        return b"", b"", "timeout"


def compare(old, new, way, path):
    """None when both binaries run path the same way, else what differs."""
    stdin = directives(path)["stdin"]
    a, b = run(old, way, path, stdin), run(new, way, path, stdin)
    differ = [what for what, x, y in zip(("stdout", "stderr", "exit"), a, b) if x != y]
    if "timeout" in (a[2], b[2]):
        differ.append("timeout")
    if not differ:
        return None
    return "%s %s: %s differ%s" % (os.path.relpath(path, ROOT), " ".join(way),
                                   ", ".join(differ),
                                   " (exit %s vs %s)" % (a[2], b[2]))


def check(argv, ways, count, noun, usage, more=lambda scratch: []):
    """Compares OLD and NEW of argv ([--random N] [--jobs J]: N random programs, default
    `count`) on every program, and those more(scratch) adds, every way of `ways`; prints
    each difference and "N <noun> of M programs, K differ". Exit status 1 when any do."""
    args = argv[1:]
    jobs = 2
    for flag in ("--random", "--jobs"):
        if flag in args:
            k = args.index(flag)
            value = int(args[k + 1])
            del args[k:k + 2]
            count, jobs = (value, jobs) if flag == "--random" else (count, value)
    if len(args) != 2:
        sys.exit(usage)
    old, new = (os.path.abspath(a) for a in args)
    with tempfile.TemporaryDirectory() as scratch:
        files = programs(count, scratch) + more(scratch)
        tasks = [(way, path) for path in files for way in ways]
        with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
            results = pool.map(lambda t: compare(old, new, t[0], t[1]), tasks)
            failures = [r for r in results if r]
    for f in failures:
        print(f)
    print("%d %s of %d programs, %d differ" % (len(tasks), noun, len(files), len(failures)))
    return 1 if failures else 0


def main(argv):
    return check(argv, WAYS, 400, "runs", __doc__)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
