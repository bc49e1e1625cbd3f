#!/usr/bin/env python3
"""same_dumps.py OLD_TIGERC NEW_TIGERC [--random N] [--jobs J] - proves that two tigerc
binaries print every stage of every program alike: the same stdout, stderr and exit
status, byte for byte (issue 27: a smaller AST must not change a dump or a message).
A check, not a benchmark; same_runs.py does the same for runs.

Input: the programs of same_runs.py (testcases/, labs/*/tests/, the book's, N random
ones, default 100) and every shape of gen.py at N = 200, each dumped by both binaries
with --emit=tokens, ast, ir, traces and mlir. A malformed program is compared by its
messages and exit status, since every stage stops at them.
Output: a line per differing dump (file, way, what differs), then "N dumps, M differ";
exit 1 when any differs.
"""
import os
import subprocess
import sys

from same_runs import ROOT, check

WAYS = [["--emit=" + stage] for stage in ("tokens", "ast", "ir", "traces", "mlir")]
SHAPES = ("lines", "course", "seq", "ifchain", "loopseq", "ifnest", "loopnest", "funcs", "deep",
          "chain", "andchain", "nestcall", "nestlet", "nestrec", "nestarr")


def shapes(scratch, n=200):
    """gen.py's shapes at size n, written to scratch."""
    files = []
    for shape in SHAPES:
        path = os.path.join(scratch, "%s%d.tig" % (shape, n))
        with open(path, "w") as out:
            subprocess.run([sys.executable, os.path.join(ROOT, "bench", "gen.py"), shape,
                            str(n)], stdout=out, check=True)
        files.append(path)
    return files


def main(argv):
    return check(argv, WAYS, 100, "dumps", __doc__, shapes)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
