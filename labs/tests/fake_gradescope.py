#!/usr/bin/env python3
"""fake_gradescope.py - the Gradescope autograder of a lab runs in a fake /autograder.

Usage: python3 -m labs.tests.fake_gradescope REFERENCE_TIGERC SCRATCH [LAB]

Packs the autograder of LAB (default canon; labs/autograder/pack.py) with two private
programs, unpacks it
into TMP/source as Gradescope does, puts a copy of this tree (the reference solution,
inside one top folder as a zip upload gives it) in TMP/submission, and runs
TMP/source/run_autograder with AUTOGRADER_ROOT=TMP. setup.sh is not run (it installs
packages and builds the reference, which this build already did: TIGER_REFERENCE).
TMP/results/results.json must be valid Gradescope JSON where every test, the private
ones included, has full marks, but one: a private program that expects a wrong output
(private_secret.tig), whose failure must sit only in its own after_published entry,
never in the printed output or results.json's visible `output`. The max scores add up
to 100. The teacher's random seed adds the hidden random programs to the private group:
the zip carries the teacher's settings (3 hidden programs, no bonus), and the grade
keeps them. `make autograder`'s own command (pack.main) refuses that private folder,
naming the test the reference fails, and writes no zip; a grading.json whose points
add up to 135 is refused, naming the sum.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

from .. import spec as lab_spec
from ..autograder import pack as autograder
from ..grader import submission
from ..paths import LABS, ROOT
from .mutants import conclude

PRIVATE = ["testcases/valid/recursion_gcd.tig", "testcases/ptoext/names.tig"]


SECRET = "private_secret"
HIDDEN_SEED = 1000  # the teacher's seed: hidden random programs join the private group
HIDDEN = 3  # the teacher's setting: that many of them


def fake_gradescope(tmp, lab):
    private = os.path.join(tmp, "teacher")
    os.makedirs(private)
    for p in PRIVATE:
        shutil.copy(os.path.join(ROOT, p), private)
    with open(os.path.join(private, SECRET + ".tig"), "w") as f:
        f.write('/* A private test that fails: its failure must stay hidden.\n'
                '   stdout: the teacher\'s secret answer\n*/\nprint("42\\n")\n')
    spec = lab_spec.load(lab, hidden=HIDDEN, bonus="off")
    zip_path = autograder.pack(lab, private, os.path.join(tmp, lab + ".zip"), seed=HIDDEN_SEED,
                               spec=spec)
    autograder.unpack(zip_path, os.path.join(tmp, "source"))
    submission.sync(ROOT, os.path.join(tmp, "submission", "tigerc-main"))
    os.makedirs(os.path.join(tmp, "results"))


def problems_in(results, printed):
    tests = results.get("tests", [])
    out = [] if tests else ["no tests in results.json"]
    for t in tests:
        missing = {"name", "score", "max_score", "status", "output"} - set(t)
        out += ["%s lacks %s" % (t.get("name"), sorted(missing))] if missing else []
        secret = SECRET in t.get("name", "")
        if t.get("max_score", 0) and (t.get("score") != t.get("max_score")) != secret:
            out.append("%s: %s" % (t["name"], t.get("output")))
        if t.get("name", "").startswith("private tests") and \
                t.get("visibility") != "after_published":
            out.append("%s is visible before publication" % t["name"])
    if sum(t.get("name", "").startswith("private tests") for t in tests) != \
            len(PRIVATE) + 1 + HIDDEN:
        out.append("the private programs and the hidden random ones were not all graded")
    bonus = json.load(open(os.path.join(LABS, "canon", "grading.json")))["bonus"][0]["name"]
    if any(bonus in t.get("name", "") for t in tests):
        out.append("the bonus was graded, though the teacher turned it off")
    total = round(sum(t.get("max_score", 0) for t in tests), 4)
    out += [] if total == 100 else ["the max scores add up to %s, not 100" % total]
    for where, text in (("printed output", printed), ("results.json output",
                                                       results.get("output", ""))):
        if SECRET in text or "secret answer" in text:
            out.append("the private test's failure is in the " + where)
    return out


def refusals(tmp, reference, lab):
    """What `make autograder` and the spec check let through that they must refuse."""
    out = []
    zip_path = os.path.join(tmp, "refused.zip")
    r = subprocess.run([sys.executable, "-m", "labs.autograder.pack", lab, "--tigerc",
                        reference, "--tests", os.path.join(tmp, "teacher"), "--out",
                        zip_path], cwd=ROOT, capture_output=True, text=True, timeout=600)
    if r.returncode != 2 or SECRET + ".tig: the reference fails it" not in r.stdout or \
            os.path.exists(zip_path):
        out.append("pack.main took a private test the reference fails: %d %s" % (
            r.returncode, r.stdout[-500:]))
    spec_path = os.path.join(tmp, "135.json")
    with open(os.path.join(LABS, lab, "grading.json")) as f:
        spec = json.load(f)
    spec["groups"][0]["points"] += 35
    with open(spec_path, "w") as f:
        json.dump(spec, f)
    try:
        lab_spec.load(lab, spec_path)
        out.append("a grading.json whose points add up to 135 was taken")
    except lab_spec.SpecError as e:
        if "add up to 135" not in str(e):
            out.append("the spec of 135 points refused as %r" % str(e))
    return out


def main(argv):
    reference, scratch = os.path.abspath(argv[0]), os.path.abspath(argv[1])
    tmp = tempfile.mkdtemp(prefix="fake-autograder-", dir=os.path.join(ROOT, "build"))
    os.chmod(tmp, 0o755)  # like /autograder: the confined student tigerc reads in it
    lab = argv[2] if len(argv) > 2 else "canon"
    try:
        fake_gradescope(tmp, lab)
        refused = refusals(tmp, reference, lab)
        env = dict(os.environ, AUTOGRADER_ROOT=tmp, TIGER_REFERENCE=reference,
                   TIGER_GRADE_SCRATCH=scratch)
        r = subprocess.run([os.path.join(tmp, "source", "run_autograder")], env=env,
                           capture_output=True, text=True, timeout=2400)
        print(r.stdout[-3000:], r.stderr[-2000:])
        with open(os.path.join(tmp, "results", "results.json")) as f:
            problems = refused + problems_in(json.load(f), r.stdout + r.stderr)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return conclude("autograder", problems)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
