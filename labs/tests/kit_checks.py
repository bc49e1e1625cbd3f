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
    repository (*.md) names an issue number or dates a measurement;
  - the kit's imports go one way (import_graph, from the ast of every labs/**/*.py,
    imports inside functions too): no cycle between modules, nor between the parts
    (labs.handout, labs.grader, labs.autograder, labs.tests and each top-level module of
    labs/); no labs.handout module imports labs.grader; no module imports testcases/
    (the directives are labs/programs.py's). The same check, run on a copy of the tree
    with such imports added (BAD_IMPORTS), must refuse each;
  - a failed program of a public group costs at least grade.FLOOR (3) points, scaled
    with its group, and a group never loses more than its points; a private group's
    programs cost their shares; Gradescope's tests add up to the score (floors).
Exit 1 when any expectation fails.
"""
import ast
import json
import os
import re
import subprocess
import sys
import tempfile

from .. import spec as lab_spec
from ..grader import grade, report
from ..grader.judges import Verdict
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


def sources():
    """{module name: its source} of every labs/**/*.py (a package: its __init__.py)."""
    out = {}
    for d, dirs, files in os.walk(os.path.join(ROOT, "labs")):
        dirs[:] = sorted(x for x in dirs if x != "__pycache__")
        for n in sorted(f for f in files if f.endswith(".py")):
            parts = os.path.relpath(os.path.join(d, n), ROOT)[:-3].split(os.sep)
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            with open(os.path.join(d, n), encoding="utf-8") as f:
                out[name] = (f.read(), parts[-1] == "__init__")
    return out


def imported(name, is_package, tree, modules):
    """The modules one module imports: `import a.b`, `from .x import y` (y when it is a
    module of the tree, else .x), relative names resolved against its package."""
    package = name if is_package else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            base = base[:len(base) - node.level + 1] if node.level else []
            base = ".".join(base + ([node.module] if node.module else []))
            for a in node.names:
                full = base + "." + a.name
                out.add(full if full in modules else base)
    return out


def part(module):
    """The part of the kit a module belongs to: its subpackage, or itself at the top."""
    parts = module.split(".")
    return ".".join(parts[:2])


def cycle(graph):
    """One cycle of a {node: {nodes}} graph as a list of nodes, or None."""
    state, stack = {}, []

    def visit(n):
        state[n] = 1
        stack.append(n)
        for m in sorted(graph.get(n, ())):
            if state.get(m) == 1:
                return stack[stack.index(m):] + [m]
            if m not in state:
                found = visit(m)
                if found:
                    return found
        state[n] = 2
        stack.pop()
        return None
    for n in sorted(graph):
        if n not in state:
            found = visit(n)
            if found:
                return found
    return None


def import_problems(tree_sources):
    """What breaks the one-way rule in {module: (source, is_package)}."""
    problems, graph = [], {}
    for name, (text, is_package) in tree_sources.items():
        deps = imported(name, is_package, ast.parse(text), tree_sources)
        graph[name] = {d for d in deps if d in tree_sources and d != name}
        for d in sorted(deps):
            if d == "testcases" or d.startswith("testcases."):
                problems.append("%s imports %s: directives come from labs.programs" % (name, d))
            if part(name) == "labs.handout" and part(d) == "labs.grader":
                problems.append("%s imports %s: the handout imports nothing of the grader"
                                % (name, d))
    found = cycle(graph)
    if found:
        problems.append("an import cycle: " + " -> ".join(found))
    parts = {}
    for name, deps in graph.items():
        parts.setdefault(part(name), set()).update(part(d) for d in deps
                                                   if part(d) not in ("labs", part(name)))
    found = cycle(parts)
    if found:
        problems.append("an import cycle between parts: " + " -> ".join(found))
    return problems


BAD_IMPORTS = {  # added to a copy of the tree: each must be refused
    "labs.handout.text": "from ..grader import grade\n",
    "labs.grader.grade": "from testcases.run_testcases import directives\n",
    "labs.programs": "from .grader import grade\n",
    "labs.spec": "from .cut import write\n",
}


def imports(problems):
    tree = sources()
    problems += import_problems(tree)
    bad = dict(tree)
    for name, line in BAD_IMPORTS.items():
        text, is_package = bad[name]
        bad[name] = (text + line, is_package)
    refused = import_problems(bad)
    for want in ("labs.handout.text imports labs.grader", "labs.grader.grade imports "
                 "testcases", "an import cycle: ", "an import cycle between parts"):
        if not any(r.startswith(want) for r in refused):
            problems.append("the import check lets pass: %s" % want)


def floors(problems):
    """What failed programs cost: grade.group_result and report's Gradescope tests."""
    def group(points, failed, n, private=False, scale=1):
        judged = [("p%d.tig" % k, Verdict(k >= failed, "x")) for k in range(n)]
        return grade.group_result("g", points * scale, judged, private,
                                  floor=0 if private else grade.FLOOR * scale)
    cases = [  # (group, score it must have)
        (group(17, 1, 6), 14), (group(17, 3, 6), 8), (group(13, 8, 10), 0),
        (group(30, 1, 5), 24), (group(15, 0, 20), 15), (group(17, 1, 6, True), 17 - 17 / 6),
        (group(17, 1, 6, scale=0.8), 17 * 0.8 - 3 * 0.8)]
    for g, want in cases:
        if abs(g["score"] - want) > 1e-3:
            problems.append("a group of %g points, %d of %d failed: %.4f, not %.4f" % (
                g["points"], sum(not p["passed"] for p in g["programs"]), len(g["programs"]),
                g["score"], want))
    result = {"groups": [c[0] for c in cases], "bonus": []}
    total = round(sum(t["score"] for t in report._tests(result)), 4)
    if abs(total - sum(c[0]["score"] for c in cases)) > 1e-3:
        problems.append("Gradescope's tests add up to %s, not the groups' score" % total)


def main():
    problems = []
    for check in (make_settings, specs, documents, imports, floors):
        check(problems)
    return conclude("kit_checks", problems)


if __name__ == "__main__":
    sys.exit(main())
