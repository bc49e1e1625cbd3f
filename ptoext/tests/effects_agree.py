#!/usr/bin/env python3
"""effects_agree.py - ptoext's interpreters and its MLIR's runtime record the effects
the tree interpreter records.

Usage: effects_agree.py TIGERC SRC [SHARED]

The ptoext grader runs a student's --emit=pto-cft and --emit=pto-ssa on the reference's
structured-IR interpreter and judges their effects against the reference's tree
interpreter (labs/grader/README.md, "What is judged"); `tigerc --run-mlir` records the same
view. So all of them must agree on every right program. Expected: for every program of
SRC/testcases/{runtime,valid,ptoext}, the book's (SHARED/tiger/book, when there) and 30
random programs (tools/random_tiger.py, seeds 7000-7029, 10 of each lab kind
translate/canon/ptoext), `tigerc --run --effects-view=calls --effects-hash` prints the
same "effects: N, hash H" line, stdout and exit status as
  - `tigerc --run-at=pto` (the lowered structured IR, with break and continue: the
    translate handout's oracle, labs/translate/lab.json);
  - `tigerc --from=pto-cft --run` of its --emit=pto-cft and `--from=pto-ssa --run` of
    its --emit=pto-ssa (with the same options);
  - `tigerc --run-mlir` with $TIGERRT_EFFECTS_HASH=1 (when mlir-opt-19 and
    mlir-cpu-runner-19 are installed; said otherwise);
and the bonus's number, `--emit=pto-ssa --measure=iter-args`, is the count of
`iter_args(` in its --emit=mlir. On a difference it names the first differing effect
line (MLIR) or what differs.
"""
import glob
import os
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

SUMMARY = b"effects: "
STDIN = b"abc 12\n"


def summary(stderr):
    return [l for l in stderr.splitlines() if l.startswith(SUMMARY)]


def streams(tigerc, path, work):
    """The two effect streams, positions dropped, to show the first difference."""
    tree, mlir = os.path.join(work, "tree"), os.path.join(work, "mlir")
    subprocess.run([tigerc, "--run", "--effects-view=calls", "--effects=" + tree, path],
                   input=STDIN, capture_output=True, timeout=120)
    subprocess.run([tigerc, "--run-mlir", path], input=STDIN, capture_output=True,
                   timeout=300, env=dict(os.environ, TIGERRT_EFFECTS=mlir))
    read = lambda f: open(f, "rb").read().decode("latin-1").splitlines() \
        if os.path.exists(f) else []
    return [l.split("  #")[0] for l in read(tree)], read(mlir)


VIEW = ["--effects-view=calls", "--effects-hash"]


def run(tigerc, args, stdin=STDIN):
    return subprocess.run([tigerc] + args, input=stdin, capture_output=True, timeout=120)


def check(tigerc, path, work, mlir):
    """None when every run agrees with the tree interpreter's, else what differs."""
    tree = run(tigerc, ["--run"] + VIEW + [path])
    if tree.returncode in (64, 65, 66, 67):
        return None  # not a program that runs
    return sir_differs(tigerc, path, tree, work) or iter_args_differ(tigerc, path) or \
        (mlir_differs(tigerc, path, tree, work) if mlir else None)


def sir_differs(tigerc, path, tree, work):
    """What differs between the tree interpreter's run and the structured-IR
    interpreter's runs of the lowered form (--run-at=pto: the translate handout's oracle)
    and of the reference's --emit=pto-cft and --emit=pto-ssa read back."""
    for stage in ("pto", "pto-cft", "pto-ssa"):
        if stage == "pto":  # the lowered form, run from the source: --run-at=pto
            how, sir = "--run-at=pto", run(tigerc, ["--run-at=pto"] + VIEW + [path])
        else:
            dump = os.path.join(work, "dump." + stage)
            with open(dump, "wb") as f:
                f.write(run(tigerc, ["--emit=" + stage, path], b"").stdout)
            how = "--from=%s --run" % stage
            sir = run(tigerc, ["--from=" + stage, "--run"] + VIEW + [dump])
        if (tree.returncode, tree.stdout, summary(tree.stderr)) != \
                (sir.returncode, sir.stdout, summary(sir.stderr)):
            return "%s: exit %d vs %d, %s vs %s, or stdout" % (
                how, tree.returncode, sir.returncode, summary(tree.stderr),
                summary(sir.stderr))
    return None


def iter_args_differ(tigerc, path):
    measured = run(tigerc, ["--emit=pto-ssa", "--measure=iter-args", path], b"").stderr
    mlir = run(tigerc, ["--emit=mlir", path], b"").stdout
    if measured != b"measure: iter_args %d\n" % mlir.count(b"iter_args("):
        return "--measure=iter-args says %r, the MLIR has %d" % (
            measured, mlir.count(b"iter_args("))
    return None


def mlir_differs(tigerc, path, tree, work):
    """What differs between the tree interpreter's run and the MLIR's."""
    mlir = subprocess.run([tigerc, "--run-mlir", path], input=STDIN, capture_output=True,
                          timeout=300, env=dict(os.environ, TIGERRT_EFFECTS_HASH="1"))
    if (tree.returncode, tree.stdout) != (mlir.returncode, mlir.stdout):
        return "exit %d vs %d, or stdout differs" % (tree.returncode, mlir.returncode)
    if summary(tree.stderr) == summary(mlir.stderr) and summary(tree.stderr):
        return None
    want, got = streams(tigerc, path, work)
    for k in range(max(len(want), len(got))):
        w = want[k] if k < len(want) else "(none)"
        g = got[k] if k < len(got) else "(none)"
        if w != g:
            return "effect %d: interpreter %s, MLIR %s" % (k + 1, w, g)
    return "summaries %s vs %s" % (summary(tree.stderr), summary(mlir.stderr))


def programs(src, shared, work):
    files = []
    for group in ("runtime", "valid", "ptoext"):
        files += sorted(glob.glob(os.path.join(src, "testcases", group, "*.tig")))
    book = os.path.join(shared, "tiger", "book") if shared else ""
    if book and os.path.isdir(book):
        files += sorted(glob.glob(os.path.join(book, "*.tig")))
    else:
        print("note: no book programs (%s absent)" % (book or "SHARED not given"))
    sys.path.insert(0, os.path.join(src, "tools"))
    import random_tiger
    for k in range(30):
        path = os.path.join(work, "rand_%d.tig" % k)
        with open(path, "w") as f:
            f.write(random_tiger.program(7000 + k, ("translate", "canon", "ptoext")[k % 3]))
        files.append(path)
    return files


def main(argv):
    if len(argv) < 3:
        print(__doc__)
        return 2
    mlir = bool(shutil.which("mlir-opt-19") and shutil.which("mlir-cpu-runner-19"))
    if not mlir:
        print("note: the MLIR runs not checked: mlir-opt-19 and mlir-cpu-runner-19 are "
              "needed (mlir-19-tools)")
    tigerc, src = argv[1], argv[2]
    shared = argv[3] if len(argv) > 3 else ""
    with tempfile.TemporaryDirectory() as work:
        files = programs(src, shared, work)

        def one(item):
            k, path = item
            folder = os.path.join(work, "run%d" % k)
            os.mkdir(folder)
            return path, check(tigerc, path, folder, mlir)
        with ThreadPoolExecutor(2) as pool:
            results = list(pool.map(one, enumerate(files)))
    failed = [(p, why) for p, why in results if why]
    for path, why in failed:
        print("FAIL %s: %s" % (path, why))
    print("%d programs, %d agree, %d differ" % (len(results), len(results) - len(failed),
                                                len(failed)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
