#!/usr/bin/env python3
"""run.py TIGERC - the benchmarks (bench/README.md). Never part of `make test`.

Front end: generated programs of 10^4, 10^5, 10^6 lines; for each stage the median
time of 3 runs of `tigerc --time-passes` and the peak memory after it; lines per second.
Lexing alone is timed with `--emit=tokens` (output to /dev/null).
Canon: one function of 10^4..10^6 statements (straight line, if chain, loop chain) and
nests of ifs and loops up to the parser's nesting cap; time of linearize and traces.
ptoext: N chained ifs, N nested ifs, N sequential and N nested loops, N = 10..10^4
(nests capped at 9000 by the parser); wall time of lowering and of CFT + SSA.
Scaling: every shape of gen.py at growing sizes; median user CPU seconds of
--emit=traces and --emit=mlir, each over lexing alone (--emit=tokens), and the
exponent k of time ~ N^k from the smallest size to the largest (1 = linear; the goal:
10x the input costs at most 12x the time, k <= 1.08).
Icount: the same exponents from instructions counted by valgrind (callgrind), which
do not depend on the machine's load: exact where the timings of nests are a few ms.
Memory: every shape at its largest size (funcs at 166,667 functions, lines and course
at 10^6 lines) through --emit=traces: peak resident memory (median of 3), bytes per source line
and per unit of N, and median wall time over --emit=tokens.
"""
import math
import os
import resource
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "out")


def generate(kind, n):
    path = os.path.join(OUT, "%s%d.tig" % (kind, n))
    with open(path, "w") as f:
        subprocess.run([sys.executable, os.path.join(HERE, "gen.py"), kind, str(n)],
                       stdout=f, check=True)
    return path


def passes(tigerc, path, runs=3):
    """{stage: (median ms, peak KiB)} over `runs` runs."""
    times, rss = {}, {}
    for _ in range(runs):
        r = subprocess.run([tigerc, "--time-passes", path], capture_output=True, text=True)
        for line in r.stderr.splitlines():
            if line.startswith("time:"):
                parts = line.split()
                times.setdefault(parts[1], []).append(float(parts[2]))
                rss[parts[1]] = int(parts[6])
    return {s: (statistics.median(t), rss[s]) for s, t in times.items()}


def lex_ms(tigerc, path, runs=3):
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([tigerc, "--emit=tokens", path], stdout=subprocess.DEVNULL)
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples)


def front_end(tigerc):
    print("== whole programs: median of 3 runs; lines/s per stage; peak RSS after it")
    print("%9s %-10s %10s %12s %10s" % ("lines", "stage", "ms", "lines/s", "peak MiB"))
    for n in (10_000, 100_000, 1_000_000):
        path = generate("lines", n)
        lines = sum(1 for _ in open(path))
        ms = lex_ms(tigerc, path)
        print("%9d %-10s %10.1f %12.0f %10s" % (lines, "lex(+print)", ms, lines / ms * 1000, "-"))
        for stage, (t, kib) in passes(tigerc, path).items():
            rate = lines / t * 1000 if t > 0 else float("inf")
            print("%9d %-10s %10.1f %12.0f %10.1f" % (lines, stage, t, rate, kib / 1024))


def canon(tigerc):
    print("== canon on one function: median ms of linearize and traces")
    print("%-9s %8s %12s %12s" % ("kind", "N", "linearize", "traces"))
    sizes = {"seq": (10_000, 100_000, 1_000_000), "ifchain": (10_000, 100_000, 1_000_000),
             "loopseq": (10_000, 100_000, 1_000_000), "ifnest": (1_000, 3_000, 9_000),
             "loopnest": (1_000, 3_000, 9_000)}
    for kind, ns in sizes.items():
        for n in ns:
            p = passes(tigerc, generate(kind, n))
            print("%-9s %8d %12.1f %12.1f" % (kind, n, p.get("linearize", (0, 0))[0],
                                               p.get("traces", (0, 0))[0]))


def wall_ms(tigerc, args, path, runs=3):
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([tigerc, *args, path], stdout=subprocess.DEVNULL)
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples)


def ptoext(tigerc):
    print("== ptoext: median wall ms of --emit=pto (lowering) and --emit=pto-ssa (+ CFT, SSA);")
    print("   'passes' = the difference: CtrlFlowTransform + ConvertToSSA alone")
    print("%-9s %7s %10s %10s %10s" % ("kind", "N", "pto", "pto-ssa", "passes"))
    for kind in ("ifchain", "ifnest", "loopseq", "loopnest"):
        for n in (10, 100, 1000, 10000):
            path = generate(kind, min(n, 9000) if kind.endswith("nest") else n)
            lowered = wall_ms(tigerc, ["--emit=pto"], path)
            ssa = wall_ms(tigerc, ["--emit=pto-ssa"], path)
            print("%-9s %7d %10.1f %10.1f %10.1f" % (kind, n, lowered, ssa, ssa - lowered))


def cpu_s(tigerc, args, path, runs=3):
    """Median user CPU seconds of `tigerc args path` (output to /dev/null)."""
    samples = []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
        subprocess.run([tigerc, *args, path], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        samples.append(resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - before)
    return statistics.median(samples)


# Sizes per shape: from 10^3 up to what the shape allows (nests: the 10000-level cap).
NEST = (1000, 3000, 9000)
FLAT = (1000, 10_000, 100_000)
SCALING = {"course": FLAT + (1_000_000,), "funcs": FLAT, "seq": FLAT, "ifchain": FLAT, "loopseq": FLAT, "andchain": NEST,
           "chain": NEST, "deep": (1000, 3000, 4900), "ifnest": NEST, "loopnest": NEST,
           "nestcall": NEST, "nestlet": (1000, 3000, 4900), "nestrec": NEST, "nestarr": (1000, 3000, 4900)}


def exponent(sizes, times):
    if times[0] <= 0.005 or times[-1] <= 0:
        return float("nan")  # too fast to tell
    return math.log(times[-1] / times[0]) / math.log(sizes[-1] / sizes[0])


def scaling(tigerc):
    print("== scaling: median user CPU s (3 runs); x lex = time over lexing alone;")
    print("   k: time ~ N^k from the smallest size to the largest (1 = linear)")
    print("%-9s %7s %8s %8s %7s %8s %7s" % ("shape", "N", "lex", "traces", "x lex", "mlir",
                                           "x lex"))
    for shape, sizes in SCALING.items():
        traces, mlir = [], []
        for n in sizes:
            path = generate(shape, n)
            lex = cpu_s(tigerc, ["--emit=tokens"], path)
            traces.append(cpu_s(tigerc, ["--emit=traces"], path))
            mlir.append(cpu_s(tigerc, ["--emit=mlir"], path))
            ratio = lambda t: t / lex if lex > 0.005 else float("nan")
            print("%-9s %7d %8.3f %8.3f %7.1f %8.3f %7.1f" % (
                shape, n, lex, traces[-1], ratio(traces[-1]), mlir[-1], ratio(mlir[-1])))
        print("%-9s %7s %8s %8.2f %7s %8.2f" % (shape, "k", "", exponent(sizes, traces), "",
                                             exponent(sizes, mlir)))


def instructions(tigerc, args, path):
    """Instructions tigerc executes (valgrind --tool=callgrind), in millions."""
    r = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                        tigerc, *args, path], capture_output=True, text=True)
    for line in r.stderr.splitlines():
        if "Collected" in line:
            return int(line.split()[-1]) / 1e6
    sys.exit("valgrind gave no count: " + r.stderr[-300:])


def icount(tigerc):
    print("== scaling by instruction count (valgrind): millions at the smallest and the")
    print("   largest size; k: instructions ~ N^k (1 = linear; the goal k <= 1.08)")
    print("%-9s %13s %9s %9s %5s %9s %9s %5s" % ("shape", "N", "traces", "", "k", "mlir", "",
                                               "k"))
    for shape, sizes in SCALING.items():
        small, large = sizes[0], min(sizes[-1], 10_000)
        row = []
        for stage in ("--emit=traces", "--emit=mlir"):
            a = instructions(tigerc, [stage], generate(shape, small))
            b = instructions(tigerc, [stage], generate(shape, large))
            row += [a, b, math.log(b / a) / math.log(large / small)]
        print("%-9s %6d-%6d %9.1f %9.1f %5.2f %9.1f %9.1f %5.2f" % (shape, small, large, *row))


def peak_wall(tigerc, args, path, runs=3):
    """(median peak KiB, median wall s) of `tigerc args path` (output to /dev/null)."""
    kib, wall = [], []
    for _ in range(runs):
        r = subprocess.run(["/usr/bin/time", "-f", "%e %M", tigerc, *args, path],
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        s, k = r.stderr.split()[-2:]
        wall.append(float(s))
        kib.append(int(k))
    return statistics.median(kib), statistics.median(wall)


# The largest size of each shape for `memory`: the nests at the parser's nesting cap.
MEMORY = dict({s: n[-1] for s, n in SCALING.items()}, funcs=166_667, seq=1_000_000,
              ifchain=1_000_000, loopseq=1_000_000, lines=1_000_000,
              course=1_000_000)


def memory(tigerc):
    print("== memory: --emit=traces, median of 3; B/line = peak over source lines,")
    print("   B/N = peak over gen.py's N; x lex = wall time over --emit=tokens")
    print("%-9s %8s %8s %9s %8s %8s %8s %6s" % ("shape", "N", "lines", "peak MiB", "B/line",
                                                "B/N", "traces s", "x lex"))
    for shape, n in MEMORY.items():
        path = generate(shape, n)
        lines = sum(1 for _ in open(path))
        kib, traces = peak_wall(tigerc, ["--emit=traces"], path)
        _, lex = peak_wall(tigerc, ["--emit=tokens"], path)
        print("%-9s %8d %8d %9.1f %8.0f %8.0f %8.2f %6.2f" % (
            shape, n, lines, kib / 1024, kib * 1024 / lines, kib * 1024 / n, traces,
            traces / lex if lex > 0 else float("nan")))


def main():
    tigerc = os.path.abspath(sys.argv[1])
    os.makedirs(OUT, exist_ok=True)
    which = sys.argv[2:] or ["front", "canon", "pto", "scaling"]  # icount, memory: on request
    if "front" in which:
        front_end(tigerc)
    if "canon" in which:
        canon(tigerc)
    if "pto" in which:
        ptoext(tigerc)
    if "scaling" in which:
        scaling(tigerc)
    if "icount" in which:
        icount(tigerc)
    if "memory" in which:
        memory(tigerc)


if __name__ == "__main__":
    main()
