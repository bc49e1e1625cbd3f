#!/usr/bin/env python3
"""interp.py TIGERC [OLD_TIGERC] [RUNS] - the tree-IR interpreter against the MLIR JIT
(bench/README.md, "The interpreter"). A benchmark, never a test.

Input: the programs of bench/programs (queens: 13-queens counted; loops; fib:
recursion; alloc: records and arrays). For each, the median user+system CPU seconds
of RUNS runs (default 3) of `TIGERC --run`, of `--run --effects-hash` (every effect
recorded and hashed, as a grade compares them), of `--run-mlir` (mlir-opt-19 and mlir-cpu-runner-19, start-up included:
children's CPU counted) and, given OLD_TIGERC, of its `--run`. All with --max-steps=0.
Output: a Markdown table with the ratios interp / JIT and effects / interp.
"""
import os
import resource
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAMS = ["queens", "loops", "fib", "alloc"]


def cpu(cmd):
    """User + system CPU seconds of cmd and its children; its output is checked."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if r.returncode != 0:
        sys.exit("failed: %s\n%s" % (" ".join(cmd), r.stderr.decode()))
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def median(cmd, runs):
    return statistics.median(cpu(cmd) for _ in range(runs))


def main(argv):
    if len(argv) < 2:
        sys.exit(__doc__)
    tigerc, old = argv[1], argv[2] if len(argv) > 2 and not argv[2].isdigit() else None
    runs = int(argv[-1]) if argv[-1].isdigit() else 3
    print("| program | --run | --effects-hash | --run-mlir | interp / JIT | effects cost |"
          + (" old --run | old / new |" if old else ""))
    print("|---|---|---|---|---|---|" + ("---|---|" if old else ""))
    for name in PROGRAMS:
        path = os.path.join(HERE, "programs", name + ".tig")
        run = median([tigerc, "--run", "--max-steps=0", path], runs)
        eff = median([tigerc, "--run", "--max-steps=0", "--effects-hash", path], runs)
        jit = median([tigerc, "--run-mlir", "--max-steps=0", path], runs)
        row = "| %s | %.2f s | %.2f s | %.2f s | %.1fx | +%.0f%% |" % (
            name, run, eff, jit, run / jit, 100 * (eff / run - 1))
        if old:
            before = median([old, "--run", "--max-steps=0", path], runs)
            row += " %.2f s | %.1fx |" % (before, before / run)
        print(row, flush=True)


if __name__ == "__main__":
    main(sys.argv)
