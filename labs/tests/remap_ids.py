#!/usr/bin/env python3
"""remap_equivalent.py - a listed mutant is followed to its new id, never to another.

Expects: after two lines are added above a region and its file moves to another
folder, each mutant of the region keys to the same change under its new id (the line
numbers grow by 2, the path changes); a mutant of a line that was edited keys to
nothing, and a new mutant of the edited line is not taken for the old one. Exit 1
when any expectation fails.
"""
import sys

from ..grader import remap_equivalent as remap

OLD = ["int f(int a, int b) {", "  // LAB canon BEGIN f()", "  if (a < b) return a + b;",
       "  return a == b;", "  // LAB END", "}"]
NEW = ["// a comment", "#include <x>"] + OLD[:3] + ["  return a != b;"] + OLD[4:]


def main():
    old_ids, _ = remap.keyed({"chap8/x.cc": "\n".join(OLD)}, "canon")
    _, new_keys = remap.keyed({"chap8/sub/x.cc": "\n".join(NEW)}, "canon")
    problems = []
    followed = {i: new_keys.get(k) for i, k in old_ids.items()}
    for old, new in followed.items():
        line = int(old.split(":")[1])
        if line == 3 and new != old.replace("chap8/x.cc:3", "chap8/sub/x.cc:5"):
            problems.append("%s followed to %s" % (old, new))
        if line == 4 and new is not None:
            problems.append("%s of an edited line followed to %s" % (old, new))
    if not any(o.startswith("chap8/x.cc:3:") for o in followed):
        problems.append("no mutant of line 3: %r" % sorted(followed))
    for p in problems:
        print("FAIL " + p)
    print("remap: %d mutants, %s" % (len(followed), "%d problem(s)" % len(problems)
                                      if problems else "ok"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
