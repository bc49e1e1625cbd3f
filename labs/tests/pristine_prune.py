#!/usr/bin/env python3
"""pristine_prune.py - the shared pristine builds are pruned as labs/grader/submission.py
says (ctest grade.pristine_prune): of eleven, the eight used last are kept, and an older
one that a grade is copying (its lock held, shared) is kept too; the others go, with
their locks. A lock that vanished meanwhile (another grade's prune) is no error.
Exit 1 when anything does not hold.
"""
import fcntl
import os
import sys
import tempfile
import time

from ..grader import submission
from .mutants import conclude


def main():
    problems = []
    with tempfile.TemporaryDirectory() as folder:
        now = time.time()
        for k in range(1, 12):  # pristine-1 used last, pristine-11 first
            os.makedirs(os.path.join(folder, "pristine-%d" % k, "build"))
            lock = os.path.join(folder, "pristine-%d.lock" % k)
            open(lock, "w").close()
            os.utime(lock, (now - 3600 * k, now - 3600 * k))
        held = open(os.path.join(folder, "pristine-10.lock"), "a")
        fcntl.flock(held, fcntl.LOCK_SH)  # a grade copying pristine-10
        submission.prune(folder)
        left = sorted(n for n in os.listdir(folder) if not n.endswith(".lock"))
        want = sorted(["pristine-%d" % k for k in range(1, 9)] + ["pristine-10"])
        if left != want:
            problems.append("kept %s, expected %s" % (left, want))
        locks = sorted(n[:-5] for n in os.listdir(folder) if n.endswith(".lock"))
        if locks != want:
            problems.append("locks left %s, expected %s" % (locks, want))
        held.close()
        if submission._used(os.path.join(folder, "pristine-99.lock")) != 0:
            problems.append("a vanished lock is not counted as never used")
    print("kept: %s" % ", ".join(left))
    return conclude("pristine_prune", problems)


if __name__ == "__main__":
    sys.exit(main())
