#!/usr/bin/env python3
"""pack.py - packs a Gradescope autograder zip for one lab (labs/autograder/README.md, "The zip").

Usage: python3 -m labs.autograder.pack LAB [--tests DIR] [--random-seed N] [--spec FILE]
         [--hidden N] [--private-points P] [--bonus on|off] [--course FILE] [--out ZIP]
       (default build/autograder/LAB.zip; `make autograder` runs it)
The settings are grade.py's; the spec they make is checked (labs/spec.py) and the private
tests are judged on the reference first: a test it fails is refused, no zip written.

The zip holds, at its top (Gradescope unpacks it into /autograder/source):
  setup.sh         run once as root when the image is built: installs the packages a
                   grade needs (`tools/install-deps.sh --grading`; README.md beside this
                   file) and builds the reference tigerc and runtime
  run_autograder   run for each submission: grades /autograder/submission with
                   labs/grader/grade.py, writes /autograder/results/results.json
  reference/       this repository's sources: the reference compiler and the grader
  handout/         the lab's handout (labs/cut.py): what submissions are built on
  private/         the teacher's private programs (--tests), graded as "private tests"
  random_seed      the teacher's seed (--random-seed): as many hidden random programs,
                   graded with the private tests
  lab              the lab's name
  grading.json     the lab's spec with the teacher's settings in it: what every grade
                   of the image reads, and the handout's own copy
  course/          the course file of foreign submissions (--course; docs/judge.md) and
                   its profile beside it: setup.sh installs its packages, every grade
                   reads it
Both scripts take the /autograder root from $AUTOGRADER_ROOT, so a test can run them on
a folder laid out as Gradescope lays it out (labs/tests/fake_gradescope.py).
"""
import argparse
import glob
import json
import os
import stat
import sys
import zipfile

from .. import cut
from .. import spec as lab_spec
from ..grader import foreign, grade
from ..paths import ROOT

HERE = os.path.dirname(os.path.abspath(__file__))
SKIP = {"build", ".git", ".cache", "__pycache__"}
DATE = (2024, 1, 1, 0, 0, 0)  # every entry's: the same zip from the same sources


def sources():
    """(path on disk, path in the zip) of every file of the repository but builds."""
    for root, dirs, files in os.walk(ROOT):
        dirs[:] = sorted(d for d in dirs if d not in SKIP and not d.startswith("build"))
        for name in sorted(f for f in files if f not in SKIP):
            path = os.path.join(root, name)
            yield path, os.path.join("reference", os.path.relpath(path, ROOT))


def add(z, path, arcname):
    info = zipfile.ZipInfo.from_file(path, arcname)
    info.date_time = DATE
    info.compress_type = zipfile.ZIP_DEFLATED
    with open(path, "rb") as f:
        z.writestr(info, f.read())


def handout_files(lab, tigerc, folder, spec):
    """(path on disk, path in the zip) of the lab's handout, cut into folder now."""
    cut.write(lab, tigerc, folder, quiet=True, spec=spec)
    for root, dirs, files in os.walk(folder):
        dirs.sort()
        for name in sorted(files):
            path = os.path.join(root, name)
            yield path, os.path.join("handout", os.path.relpath(path, folder))


def course_files(course):
    """(name in the zip, bytes) of a course file (foreign.Course) and its profile: the
    profile named by its base name beside it."""
    with open(course.path, encoding="utf-8") as f:
        data = json.load(f)
    if not course.profile_file:
        return [("course/course.json", json.dumps(data, indent=1))]
    data["profile"] = os.path.basename(course.profile_file)
    with open(course.profile_file, "rb") as f:
        profile = f.read()
    return [("course/course.json", json.dumps(data, indent=1)),
            ("course/" + data["profile"], profile)]


def pack(lab, tests, out, tigerc=os.path.join(ROOT, "build", "tigerc"), seed=None,
         spec=None, course=None):
    """Writes the zip; spec: the lab's checked spec (default labs/LAB/grading.json's);
    course: a foreign.Course, packed as course/."""
    spec = spec or lab_spec.load(lab)
    os.makedirs(os.path.dirname(out), exist_ok=True)
    handout = os.path.join(os.path.dirname(os.path.abspath(out)), lab + "-handout")
    with zipfile.ZipFile(out, "w") as z:
        for path, arc in handout_files(lab, os.path.abspath(tigerc), handout, spec):
            add(z, path, arc)
        for script in ("setup.sh", "run_autograder"):
            add(z, os.path.join(HERE, script), script)
        z.writestr(zipfile.ZipInfo("lab", DATE), lab + "\n")
        z.writestr(zipfile.ZipInfo("grading.json", DATE), lab_spec.written(spec))
        if seed is not None:
            z.writestr(zipfile.ZipInfo("random_seed", DATE), "%d\n" % seed)
        for name, data in course_files(course) if course else []:
            z.writestr(zipfile.ZipInfo(name, DATE), data)
        for path, arc in sources():
            add(z, path, arc)
        for path in sorted(glob.glob(os.path.join(tests, "*"))) if tests else []:
            if os.path.isfile(path):
                add(z, path, os.path.join("private", os.path.basename(path)))
    return out


def unpack(zip_path, dest):
    """Unzips like Gradescope does, keeping the executable bits."""
    with zipfile.ZipFile(zip_path) as z:
        for info in z.infolist():
            path = z.extract(info, dest)
            mode = info.external_attr >> 16
            if mode & stat.S_IXUSR:
                os.chmod(path, 0o755)


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    ap.add_argument("lab")
    ap.add_argument("--out")
    ap.add_argument("--tigerc", default=os.path.join(ROOT, "build", "tigerc"),
                    help="the reference tigerc: writes the handout, checks the tests")
    a, settings = ap.parse_known_args(argv)
    args = grade.parse([a.lab, "--reference", a.tigerc] + settings)
    spec, args = grade.spec_of(args)
    refused = grade.refused_private(args, spec)
    if refused:
        print(refused.replace("grade:", "autograder: no zip written:", 1))
        return 2
    try:
        course = args.course and foreign.read_course(args.course, a.tigerc)
    except foreign.CourseError as e:
        print("autograder: no zip written: %s" % e)
        return 2
    out = pack(a.lab, args.tests, a.out or os.path.join(ROOT, "build", "autograder",
                                                         a.lab + ".zip"), a.tigerc,
               args.random_seed, spec, course)
    print("wrote %s (%d KB)" % (out, os.path.getsize(out) // 1024))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
