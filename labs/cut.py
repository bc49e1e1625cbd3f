#!/usr/bin/env python3
"""cut.py - cuts a lab's handout whole: its starter repository (labs/handout/make.py)
with the grading data the grader ships in it (labs/grader/shipped.py), so that
`make grade` in the handout gives the autograder's score (`make handout` runs it).

  python3 -m labs.cut --lab canon --tigerc build/tigerc --out build/handouts/canon
  python3 -m labs.cut --check     # every marker of every source is well formed

The one place both halves meet: labs/handout/ imports nothing of labs/grader/; the
grader, the autograder's packer and the tests cut a handout through write() here or,
in the grader, by passing shipped.write to make.write themselves.
"""
import argparse
import os
import sys

from . import spec as lab_spec
from .grader import shipped
from .handout import make
from .paths import ROOT, lab_names


def write(lab, tigerc, out, quiet=False, spec=None):
    """The handout of `lab` in folder `out` (make.write), with shipped.py's data."""
    make.write(lab, tigerc, out, shipped.write, quiet=quiet, spec=spec)


def main():
    ap = argparse.ArgumentParser(description=make.__doc__.split("\n")[0])
    ap.add_argument("--lab")
    ap.add_argument("--tigerc", help="the reference tigerc, built from this tree")
    ap.add_argument("--out", help="default: build/handouts/LAB")
    ap.add_argument("--check", action="store_true", help="only check the markers")
    ap.add_argument("--spec", help="a teacher's grading.json (labs/spec.py) for the handout")
    args = ap.parse_args()
    if args.check:
        return make.check_markers()
    if args.lab not in lab_names():
        sys.exit(f"handout: LAB must be one of: {' '.join(lab_names())} (got {args.lab})")
    if not args.tigerc or not os.access(args.tigerc, os.X_OK):
        sys.exit("handout: --tigerc must be the reference tigerc (run `make` first)")
    out = os.path.abspath(args.out or os.path.join(ROOT, "build", "handouts", args.lab))
    write(args.lab, args.tigerc, out, spec=args.spec and lab_spec.load(args.lab, args.spec))
    print(f"handout: {out} (HANDOUT.md)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
