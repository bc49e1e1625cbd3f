#!/usr/bin/env python3
"""handout_check.py - the test of one lab's handout (ctest labs_handout_LAB).

  python3 -m labs.tests.handout_check LAB REFERENCE_TIGERC SCRATCH

Generates the handout of LAB (labs/cut.py) into SCRATCH/handouts/LAB, syncs it
into SCRATCH/src rewriting only the files whose bytes differ, and builds the tigerc
target in the one build folder SCRATCH/build that every lab's test shares (so each lab
after the first recompiles only its own files). Then checks, on the lab's example and
on every program of its grading.json:
  - the build succeeds, with no warning in a file the lab cuts but -Wunused-function
    (the helpers only the stubbed functions call);
  - at lab.json's stub_stage, tigerc prints one line `tigerc: lab LAB: write F in FILE`,
    F a region of LAB in FILE, nothing on stdout, and exits 78 (ExitCode::LabStub);
  - at lab.json's earlier_stage, its stdout and exit status are the reference's;
  - HANDOUT.md holds the reference's stub_stage listing of the example byte for byte,
    the pictures its template asks for as PNG files, and the grader's points total
    (lab_spec.public_points: the random programs group included);
  - no LAB marker is left in a source, one TODO line per region of LAB, `LAB ?= LAB`;
  - nothing of the solution of LAB or of a later lab is left (check_leaks);
  - with a right answer written from the book (ptoext: from its handout and docs/;
    labs/LAB/book/NAME.regions, the bodies of the lab's regions of its source NAME) in
    place of the stubs, the handout's own `make test` passes: `ctest -L lab`
    (check_book).
Prints the seconds each step took. Exit 0 when all hold, 1 otherwise.
"""
import filecmp
import json
import os
import re
import shutil
import subprocess
import sys
import time

from .. import cut
from .. import spec as lab_spec
from ..handout import make as handout
from ..handout import markers as lab_markers
from ..paths import ROOT, lab_meta

STUB_EXIT = 78
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAIL: " + what)


def sync(src, dst):
    """dst gets exactly src's files; a file is rewritten only when its bytes differ."""
    want = set()
    for d, _, files in os.walk(src):
        for f in files:
            rel = os.path.relpath(os.path.join(d, f), src)
            want.add(rel)
            s, t = os.path.join(src, rel), os.path.join(dst, rel)
            if not os.path.isfile(t) or not filecmp.cmp(s, t, shallow=False):
                os.makedirs(os.path.dirname(t), exist_ok=True)
                shutil.copyfile(s, t)
                shutil.copymode(s, t)
    for d, _, files in os.walk(dst):
        for f in files:
            if os.path.relpath(os.path.join(d, f), dst) not in want:
                os.remove(os.path.join(d, f))


def build(scratch, targets=("tigerc",)):
    """Configures once (-O0, no debug info: the fastest to compile), builds the targets;
    returns (ok, output)."""
    src, bld = os.path.join(scratch, "src"), os.path.join(scratch, "build")
    if not os.path.isfile(os.path.join(bld, "CMakeCache.txt")):
        subprocess.run(["cmake", "-S", src, "-B", bld, "-DCMAKE_BUILD_TYPE=Debug",
                        "-DCMAKE_CXX_FLAGS_DEBUG=-O0"], check=True, capture_output=True)
    jobs = os.environ.get("JOBS", str(os.cpu_count() or 2))
    p = subprocess.run(["cmake", "--build", bld, "--target", *targets, "-j", jobs],
                       capture_output=True, text=True)
    return p.returncode == 0, p.stdout + p.stderr


def run(tigerc, args, program):
    p = subprocess.run([tigerc] + args + [program], capture_output=True, text=True,
                       cwd=ROOT, timeout=60)
    return p.returncode, p.stdout, p.stderr


def check_stub(lab, tigerc, stage, programs, regions):
    pattern = re.compile(rf"tigerc: lab {lab}: write (.+) in (\S+)\n")
    for prog in programs:
        rc, out, err = run(tigerc, [stage], prog)
        m = pattern.fullmatch(err)
        check(rc == STUB_EXIT and out == "" and m and (m.group(2), m.group(1)) in regions,
              f"{stage} {prog}: exit {rc}, stderr {err!r}, expected one stub message "
              f"naming a region of {lab} and exit {STUB_EXIT}")


def check_earlier(reference, tigerc, stage, programs):
    for prog in programs:
        check(run(reference, [stage], prog)[:2] == run(tigerc, [stage], prog)[:2],
              f"{stage} {prog}: the handout's stdout or exit status differs from the "
              "reference's")


def check_text(lab, meta, grading, reference, out):
    with open(os.path.join(out, "HANDOUT.md")) as f:
        text = f.read()
    listing = run(reference, [meta["stub_stage"]],
                  os.path.join("labs", lab, meta["example"]))[1]
    check(listing and listing in text,
          f"HANDOUT.md lacks the reference's {meta['stub_stage']} listing of the example")
    pictures = re.findall(r"\]\((handout-files/[^)]+\.png)\)", text)
    with open(os.path.join(ROOT, "labs", lab, "handout.md")) as f:
        check(bool(pictures) == ("{{picture" in f.read()),
              "HANDOUT.md does not show the pictures its template asks for")
    for p in pictures:
        with open(os.path.join(out, p), "rb") as f:
            check(f.read(8) == b"\x89PNG\r\n\x1a\n", f"{p} is not a PNG file")
    total = sum(points for _, points, _ in lab_spec.public_points(grading))
    check(f"| **{total:g}** |" in text, f"HANDOUT.md lacks the points total {total:g}")


def check_cut(lab, out, regions):
    todos = 0
    for path in filter(lab_markers.is_source, handout.repo_files()):
        if not os.path.isfile(os.path.join(out, path)):
            continue
        with open(os.path.join(out, path)) as f:
            text = f.read()
        check(not re.search(r"(?m)^\s*// LAB\b", text), f"{path}: a LAB marker is left")
        todos += text.count(f"// TODO(lab {lab}): write ")
    check(todos == len(regions), f"{todos} TODO lines for {len(regions)} regions")
    with open(os.path.join(out, "Makefile")) as f:
        check(f"\nLAB ?= {lab}\n" in f.read(), "the handout's Makefile does not set LAB")


def distinctive(lines):
    """The lines that say something (20+ characters, not a comment), stripped."""
    out = [l.strip() for l in lines]
    return [l for l in out if len(l) >= 20 and not l.startswith("//")]


def windows(lines, n=3, least=100):
    """Every n lines in a row, of `least` characters or more (a few short declarations,
    such as a struct's fields that a header repeats, are not a solution)."""
    runs = ("\n".join(lines[k:k + n]) for k in range(len(lines) - n + 1))
    return {r for r in runs if len(r) >= least}


def check_leaks(lab, out):
    """No solution of the lab or of a later lab in its handout, under any name: no
    file holds three distinctive lines of such a region in a row, and no file is
    byte-identical to a source holding one."""
    stubbed = {lab, *handout.later_labs(lab)}
    runs, sources = {}, set()
    for path in filter(lab_markers.is_source, handout.repo_files()):
        with open(os.path.join(ROOT, path), encoding="utf-8") as f:
            text = f.read()
        mine = [r for r in lab_markers.parse(path, text)[0] if r.lab in stubbed]
        sources |= {text} if mine else set()
        for r in mine:
            runs.update(dict.fromkeys(windows(distinctive(r.solution)), f"{path}: {r.what}"))
    for folder, _, files in os.walk(out):
        for name in files:
            path = os.path.join(folder, name)
            try:
                with open(path, encoding="utf-8") as f:
                    text = f.read()
            except UnicodeDecodeError:
                continue
            check(text not in sources, f"{path}: a solution source, byte for byte")
            leaked = windows(distinctive(text.split("\n"))) & runs.keys()
            check(not leaked, f"{os.path.relpath(path, out)} holds the solution of " +
                  ", ".join(sorted({runs[w] for w in leaked})[:3]))


def book_answer(lab):
    """{path: text} of each source of LAB answered from labs/LAB/book/*.regions, as the
    handout cuts it (other labs' regions as their handout has them)."""
    book = os.path.join(ROOT, "labs", lab, "book")
    later, out = handout.later_labs(lab), {}
    for name in sorted(os.listdir(book)):
        with open(os.path.join(book, name), encoding="utf-8") as f:
            answer = lab_markers.answers(name, f.read())
        path = next(p for p, _ in handout.regions_of(lab)
                    if os.path.basename(p) == name.removesuffix(".regions"))
        with open(os.path.join(ROOT, path), encoding="utf-8") as f:
            out[path] = lab_markers.cut(path, f.read(), lab, later, answer)
    return out


def check_book(lab, meta, scratch):
    """The handout with labs/LAB/book/*.regions as the lab's answer passes its lab
    tests. The answered sources are written into SCRATCH/src (the next handout's sync
    puts the stubs back)."""
    if not os.path.isdir(os.path.join(ROOT, "labs", lab, "book")):
        return
    src = os.path.join(scratch, "src")
    for path, text in book_answer(lab).items():
        with open(os.path.join(src, path), "w", encoding="utf-8") as f:
            f.write(text)
    ok, log = build(scratch, ("tigerc", meta["unit_tests"]["binary"]))
    check(ok, "the book's answer does not build:\n" + "\n".join(log.split("\n")[-30:]))
    if ok:
        t = subprocess.run(["ctest", "-L", "^lab$", "--output-on-failure"],
                           cwd=os.path.join(scratch, "build"), capture_output=True, text=True)
        check(t.returncode == 0, "the book's answer fails the handout's lab tests:\n" +
              t.stdout[-3000:])


def main():
    lab, reference, scratch = sys.argv[1], os.path.abspath(sys.argv[2]), sys.argv[3]
    meta = lab_meta(lab)
    with open(os.path.join(ROOT, "labs", lab, "grading.json")) as f:
        grading = json.load(f)
    out = os.path.join(scratch, "handouts", lab)
    t0 = time.time()
    cut.write(lab, reference, out)
    t1 = time.time()
    sync(out, os.path.join(scratch, "src"))
    ok, log = build(scratch)
    t2 = time.time()
    print(f"labs: handout written in {t1 - t0:.1f} s, tigerc built in {t2 - t1:.1f} s")
    regions = set(handout.regions_of(lab))
    files = {p for p, _ in regions}
    warned = [line for line in log.split("\n") if "warning:" in line and
              "[-Wunused-function]" not in line and any(f in line for f in files)]
    check(ok and not warned, "the handout's tigerc does not build cleanly:\n" +
          "\n".join(warned or log.split("\n")[-30:]))
    if ok:
        tigerc = os.path.join(scratch, "build", "tigerc")
        programs = [os.path.join("labs", lab, meta["example"])] + \
            [p for g in grading["groups"] for p in g["programs"]]
        check_stub(lab, tigerc, meta["stub_stage"], programs, regions)
        check_earlier(reference, tigerc, meta["earlier_stage"], programs)
    check_text(lab, meta, grading, reference, out)
    check_cut(lab, out, regions)
    check_leaks(lab, out)
    t3 = time.time()
    check_book(lab, meta, scratch)
    print(f"labs: the book's answer built and tested in {time.time() - t3:.1f} s")
    print(f"labs: {lab}: {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
