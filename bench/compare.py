#!/usr/bin/env python3
"""compare.py OLD_TIGERC NEW_TIGERC [SHAPE,SHAPE,...] [RUNS] - two builds, traces
against tokens, in interleaved runs.

Input: gen.py's shapes at 10^6 lines (default course, lines, ifchain, loopseq, seq),
written to bench/out/ when missing. Output: one line per shape and build: the medians
of RUNS runs (default 5) of `--emit=tokens` and `--emit=traces` (user + system CPU
seconds), traces over tokens, and traces' peak resident memory (`/usr/bin/time %M`),
over the source's lines. Each run of one build is followed by the same run of the
other, so a change of the machine's load falls on both alike. Not a test: a benchmark
(bench/README.md, "10^6 lines: traces against tokens").
"""
import os
import resource
import statistics
import subprocess
import sys

from run import OUT, generate  # bench/run.py: gen.py's programs in bench/out/

SHAPES = ["course", "lines", "ifchain", "loopseq", "seq"]
N = 1_000_000


def program(shape):
    path = os.path.join(OUT, "%s%d.tig" % (shape, N))
    if os.path.exists(path):
        return path
    os.makedirs(OUT, exist_ok=True)
    return generate(shape, N)


def run(tigerc, emit, path):
    """(user + system seconds, peak KiB) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = subprocess.run(["/usr/bin/time", "-f", "%M", tigerc, "--emit=" + emit, path],
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return cpu, int(r.stderr.split()[-1])


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    builds = {"old": argv[1], "new": argv[2]}
    shapes = argv[3].split(",") if len(argv) > 3 else SHAPES
    runs = int(argv[4]) if len(argv) > 4 else 5
    for shape in shapes:
        path = program(shape)
        with open(path, "rb") as f:
            lines = sum(1 for _ in f)
        times = {}
        for _ in range(runs):
            for who, tigerc in builds.items():
                for emit in ("tokens", "traces"):
                    times.setdefault((who, emit), []).append(run(tigerc, emit, path))
        for who in builds:
            tokens = statistics.median(t for t, _ in times[(who, "tokens")])
            traces = statistics.median(t for t, _ in times[(who, "traces")])
            peak = statistics.median(m for _, m in times[(who, "traces")])
            print("%-8s %s: tokens %.2f s, traces %.2f s, %.2fx; peak %.0f MB, %d B/line" %
                  (shape, who, tokens, traces, traces / tokens, peak / 1024,
                   peak * 1024 / lines), flush=True)


if __name__ == "__main__":
    main(sys.argv)
