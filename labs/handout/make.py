"""make.py - writes a lab's starter repository, cut from this solution tree
(labs/README.md says how a lab is made); `python3 -m labs.cut` (labs/cut.py) runs it.

Input: the repository's files (git ls-files, plus new files git does not ignore), the
LAB markers in its C++ sources (markers.py), and labs/LAB/: handout.md (the
text, with directives), lab.json, grading.json, the example program. Output, in OUT/:
every file, the lab's regions and those of every later lab replaced by their stubs
(no handout holds the solution of its lab or of a later one) and every marker
removed; of labs/, only this lab's folder (without its mutants) and the shared files;
the Makefile's `LAB ?=` set to the lab; README.md opening with a pointer to HANDOUT.md;
the grading data the caller's `ship` writes (the lab's public random programs and the
bonus's yardsticks: the grader's, labs/grader/shipped.py, which this package does not
import); HANDOUT.md, whose listings and pictures come from running the reference tigerc
on the example now (text.py), and HANDOUT.html when pandoc is installed.
"""
import os
import re
import shutil
import subprocess
import sys

from .. import spec as lab_spec
from ..paths import ROOT, lab_names
from . import markers as lab_markers
from . import text as handout_text


def repo_files():
    """Tracked files and new files not ignored, sorted; build/ never."""
    p = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT, capture_output=True)
    if p.returncode != 0:
        sys.exit("handout: needs the solution's git checkout (a handout has none): "
                 + p.stderr.decode().strip())
    out = p.stdout.decode()
    files = {f for f in out.split("\0") if f and os.path.isfile(os.path.join(ROOT, f))}
    return sorted(f for f in files if not f.startswith("build/"))


def later_labs(lab):
    """The labs that come after `lab`: their solutions stay out of its handout."""
    labs = lab_names()
    return labs[labs.index(lab) + 1:]


# What of a lab's folder is the teacher's alone: the mutants (solution lines), the
# mutation score's list of equivalent mutants, and a right answer (book/).
TEACHER_ONLY = ("mutants", "book", "equivalent_mutants.txt")


def wanted(path, lab, labs):
    """Another lab's folder and the lab's TEACHER_ONLY files stay out of the handout;
    everything else goes in."""
    parts = path.split("/")
    if len(parts) > 2 and parts[0] == "labs" and parts[1] in labs:
        return parts[1] == lab and parts[2] not in TEACHER_ONLY
    return True


def handout_text_of(path, text, lab):
    if lab_markers.is_source(path):
        return lab_markers.cut(path, text, lab, later_labs(lab))
    if path == "Makefile":
        return re.sub(r"(?m)^LAB \?=.*$", f"LAB ?= {lab}", text)
    if path == "README.md":
        return f"> The starter repository of lab {lab}: read HANDOUT.md first.\n\n" + text
    return text


def copy_tree(lab, out):
    labs = lab_names()
    for path in repo_files():
        if not wanted(path, lab, labs):
            continue
        src, dst = os.path.join(ROOT, path), os.path.join(out, path)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        try:
            with open(src, encoding="utf-8") as f:
                text = f.read()
        except UnicodeDecodeError:
            shutil.copy2(src, dst)
            continue
        with open(dst, "w", encoding="utf-8") as f:
            f.write(handout_text_of(path, text, lab))
        shutil.copymode(src, dst)


def check_markers():
    """Every marker of every source parses; every region belongs to a lab of labs/."""
    labs, errors, count = lab_names(), [], 0
    for path in filter(lab_markers.is_source, repo_files()):
        with open(os.path.join(ROOT, path), encoding="utf-8") as f:
            regions, errs, _ = lab_markers.parse(path, f.read())
        errors += errs + [f"{path}:{r.line}: no lab '{r.lab}' in labs/"
                          for r in regions if r.lab not in labs]
        count += len(regions)
    for e in errors:
        print("handout: " + e, file=sys.stderr)
    if not errors:
        print(f"handout: {count} regions, markers well formed; labs: {' '.join(labs)}")
    return 1 if errors else 0


def regions_of(lab):
    """(path, what) of each region of `lab`, in file order."""
    out = []
    for path in filter(lab_markers.is_source, repo_files()):
        with open(os.path.join(ROOT, path), encoding="utf-8") as f:
            regions, _, _ = lab_markers.parse(path, f.read())
        out += [(path, r.what) for r in regions if r.lab == lab]
    return out


def fresh_dir(out):
    """Empties OUT, refusing a non-empty folder that is not a handout."""
    if os.path.isdir(out) and os.listdir(out) and \
            not os.path.isfile(os.path.join(out, "HANDOUT.md")):
        sys.exit(f"handout: {out} exists and is not a handout; not overwriting it")
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)


def write(lab, tigerc, out, ship, quiet=False, spec=None):
    """The handout of `lab` in folder `out` (made anew), its text and data made by the
    reference `tigerc`; labs/cut.py, the grader and the autograder's packer call it
    (quiet: no notes on stdout). spec: a teacher's checked spec (labs/spec.py), which
    the handout carries as its labs/LAB/grading.json; default the lab's own.
    ship(spec, tigerc, out, programs): writes the grading data the handout carries,
    `programs` the public groups' paths from the repository root
    (labs/grader/shipped.py's write)."""
    tigerc = os.path.abspath(tigerc)
    fresh_dir(out)
    copy_tree(lab, out)
    if spec:
        with open(os.path.join(out, "labs", lab, "grading.json"), "w") as f:
            f.write(lab_spec.written(spec))
    spec = spec or lab_spec.load(lab)
    ship(spec, tigerc, out, [p for g in spec["groups"] for p in g["programs"]])
    handout_text.write(os.path.join(ROOT, "labs", lab), tigerc, out, regions_of(lab),
                       say=(lambda _: None) if quiet else print,
                       grading=os.path.join(out, "labs", lab, "grading.json"))
