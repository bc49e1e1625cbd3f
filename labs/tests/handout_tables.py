#!/usr/bin/env python3
"""handout_tables.py - every handout's points table says what the grader grades.

Input: labs/LAB/grading.json of every lab. For each lab it renders the handout's
{{points}} section (labs/handout/text.py) and the terminal table the grader prints
(labs/grader/report.py) for a submission that fails everything, its groups as
grade.suite makes them (the random programs counted, not made). Expects the same
groups in the same order with the same points and number of programs, the same total,
the same factor for the private tests (x0.8 when they count 20 of 100), the same bonus
names and points, and the groups' programs filling the total. Output: one line per
mismatch; exit 1 when there is one.
"""
import argparse
import json
import os
import re
import sys

from ..grader import grade, report
from ..handout import text

LABS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class Lab:
    """What text.points reads of a lab."""

    def __init__(self, spec):
        self.grading = spec


def handout_rows(md):
    """(groups [(name, programs, points)], total, factor, bonus [(name, points)])."""
    rows = re.findall(r"^\| (.+?) \| (\d+) \| (\d+(?:\.\d+)?) \|$", md, re.M)
    groups = [(n, int(c), float(p)) for n, c, p in rows if not n.startswith("**")]
    total = re.search(r"^\| \*\*total\*\* \| \d+ \| \*\*(\d+(?:\.\d+)?)\*\* \|$", md, re.M)
    factor = re.search(r"then count x([\d.]+)", md)
    bonus = re.findall(r"^\| ([^|]+) \| [^|]+ \| (\d+) \|$", md.split("Bonus")[-1], re.M) \
        if "Bonus" in md else []
    return (groups, total and float(total.group(1)), factor and float(factor.group(1)),
            [(n, float(p)) for n, p in bonus if n != "bonus"])


def grader_rows(spec):
    """The same four, read off report.table for a submission that passed nothing."""
    saved = grade.random_programs
    grade.random_programs = lambda s, seed, ref, count, runs=None: [
        "random%d.tig" % k for k in range(count)]
    try:
        args = argparse.Namespace(tests=None, random_seed=None, reference="", runs=None)
        suite = grade.suite(spec, args)
    finally:
        grade.random_programs = saved
    groups = [{"name": n, "points": p, "score": 0, "programs": [], "private": priv}
              for n, p, _, priv in suite]
    bonus = [{"name": b["name"], "points": b["points"], "score": 0, "message": ""}
             for b in spec.get("bonus", [])]
    result = {"lab": spec["lab"], "title": spec["title"], "build": "", "groups": groups,
              "bonus": bonus, "score": 0, "max_score": sum(g["points"] for g in groups),
              "percent": 0, "bonus_score": 0, "private_run": False,
              "private_points": grade.private_group(spec)["points"],
              "private_scale": grade.private_scale(spec)}
    table = report.table(result)
    points = {n: float(p) for n, p in re.findall(r"^  (.+?)\s+0\.00 / ([\d.]+)$", table,
                                                 re.M)}
    named = [(n, len(progs), points.get(n)) for n, _, progs, _ in suite]
    factor = re.search(r"then count x([\d.]+)\)", table)
    total = re.search(r"^  total\s+0\.00 / ([\d.]+)", table, re.M)
    bonus = re.findall(r"^  bonus: (.+?)\s+0\.00 / (\d+)  \(bonus\)", table, re.M)
    return (named, float(total.group(1)), factor and float(factor.group(1)),
            [(n, float(p)) for n, p in bonus])


def check(lab):
    with open(os.path.join(LABS, lab, "grading.json")) as f:
        spec = json.load(f)
    mine = handout_rows(text.points(Lab(spec), ""))
    theirs = grader_rows(spec)
    problems = []
    for what, a, b in zip(("groups", "total", "private factor", "bonus"), mine, theirs):
        if a != b:
            problems.append("%s: %s: the handout says %s, the grader %s" % (lab, what, a, b))
    if sum(p for _, _, p in mine[0]) != mine[1]:
        problems.append("%s: the groups do not add up to the total %s" % (lab, mine[1]))
    if not mine[0] or mine[2] is None:
        problems.append("%s: no groups or no private factor in the handout" % lab)
    return problems


def main():
    labs = sorted(d for d in os.listdir(LABS)
                  if os.path.exists(os.path.join(LABS, d, "grading.json")))
    problems = [p for lab in labs for p in check(lab)]
    for p in problems:
        print(p)
    print("handout_tables: %d labs, %s" % (len(labs), "%d mismatches" % len(problems)
                                         if problems else "every table as the grader's"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
