#!/usr/bin/env python3
"""filters.py - every pattern of a lab's test filters names some test.

A GoogleTest filter that matches nothing passes with nothing run, so a renamed suite
or binary would leave `lab.NAME` green and empty. Usage (ctest lab.NAME.filters):

    python3 -m labs.tests.filters BINARY FILTER [FILTER ...]

Expects: for each `:`-separated pattern of each FILTER, `BINARY --gtest_list_tests
--gtest_filter=PATTERN` lists at least one test. Exit 1 naming the patterns that
match none.
"""
import subprocess
import sys


def matches(binary, pattern):
    out = subprocess.run([binary, "--gtest_list_tests", "--gtest_filter=" + pattern],
                         capture_output=True, text=True, check=True).stdout
    return [line for line in out.split("\n") if line.startswith("  ")]


def main(argv):
    binary, filters = argv[0], [f for f in argv[1:] if f]
    empty = [p for f in filters for p in f.split(":") if not matches(binary, p)]
    for p in empty:
        print("FAIL %s: the pattern %s names no test" % (binary, p))
    print("filters: %d pattern(s), %s" % (sum(len(f.split(":")) for f in filters),
                                         "%d name nothing" % len(empty) if empty else "ok"))
    return 1 if empty else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
