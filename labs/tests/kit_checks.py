#!/usr/bin/env python3
"""kit_checks.py - what a teacher relies on before grading anything: the commands take
the same settings, and the documents are a guide, not a log.

Expects:
  - `make -n grade`, `make -n grade-all` and `make -n autograder` pass every setting
    (TESTS, RANDOM_SEED, SPEC, HIDDEN, PRIVATE_POINTS, BONUS) to the grader, and
    grade-all its ROSTER: the three give one score for the same files and settings;
  - every lab's grading.json is a spec the grader takes (labs/spec.py), and one whose
    points do not add up, or with a setting out of range, is refused naming why;
  - labs/GRADING.md, the teacher's guide, has at most 400 lines; no document of the
    repository (*.md) names an issue number or dates a measurement.
Exit 1 when any expectation fails.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

from .. import spec as lab_spec
from ..paths import ROOT, lab_names
from .mutants import conclude

SETTINGS = {"TESTS": "--tests /t", "RANDOM_SEED": "--random-seed 7", "SPEC": "--spec /s.json",
            "HIDDEN": "--hidden 3", "PRIVATE_POINTS": "--private-points 25",
            "BONUS": "--bonus off"}
DATED = re.compile(r"\b20\d\d-\d\d-\d\d\b|\b(?:issue|issues) #?\d+\b|\ba turn ago\b",
                   re.IGNORECASE)


def make_settings(problems):
    given = ["TESTS=/t", "RANDOM_SEED=7", "SPEC=/s.json", "HIDDEN=3", "PRIVATE_POINTS=25",
             "BONUS=off", "ROSTER=/r.csv", "SUBMISSIONS=/class", "LAB=canon"]
    for target in ("grade", "grade-all", "autograder"):
        ran = subprocess.run(["make", "-n", "-W", "reference", target] + given, cwd=ROOT,
                             capture_output=True, text=True, timeout=120)
        line = next((l for l in ran.stdout.splitlines() if "python3 -m labs." in l), "")
        wanted = list(SETTINGS.values()) + (["--roster /r.csv"] if target == "grade-all" else [])
        missing = [w for w in wanted if w not in " ".join(line.split())]
        if missing:
            problems.append("make %s passes no %s: %r" % (target, missing, line))


def specs(problems):
    for lab in lab_names():
        lab_spec.load(lab)  # refused: SpecError ends the test with its message
    with open(os.path.join(ROOT, "labs", "canon", "grading.json")) as f:
        good = json.load(f)
    bad = [("add up to 110", dict(good, random=dict(good["random"], points=25))),
           ("private.points", dict(good, private=dict(good["private"], points=100))),
           ("private.hidden", dict(good, private=dict(good["private"], hidden=-2))),
           ("bonus_on", dict(good, bonus_on="yes"))]
    with tempfile.TemporaryDirectory() as work:
        for why, spec in bad:
            path = os.path.join(work, "grading.json")
            with open(path, "w") as f:
                json.dump(spec, f)
            try:
                lab_spec.load("canon", path)
                problems.append("a spec with a wrong %s was taken" % why)
            except lab_spec.SpecError as e:
                if why not in str(e):
                    problems.append("refused for %r, not %s" % (str(e), why))


def documents(problems):
    with open(os.path.join(ROOT, "labs", "GRADING.md")) as f:
        lines = f.read().count("\n")
    if lines > 400:
        problems.append("labs/GRADING.md has %d lines, over 400" % lines)
    listed = subprocess.run(["git", "ls-files", "*.md"], cwd=ROOT, capture_output=True,
                            text=True).stdout.split() or \
        [os.path.relpath(os.path.join(d, n), ROOT) for d, _, files in os.walk(ROOT)
         if "/build" not in d and "/." not in d for n in files if n.endswith(".md")]
    for rel in listed:
        with open(os.path.join(ROOT, rel), encoding="utf-8", errors="replace") as f:
            for n, line in enumerate(f, 1):
                if DATED.search(line):
                    problems.append("%s:%d names an issue or a date: %s" % (
                        rel, n, line.strip()[:100]))


def main():
    problems = []
    for check in (make_settings, specs, documents):
        check(problems)
    return conclude("kit_checks", problems)


if __name__ == "__main__":
    sys.exit(main())
