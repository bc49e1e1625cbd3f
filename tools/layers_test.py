"""layers_test.py - the layer checker (layers.py) catches each kind of wrong include.

Input: none; it copies this tree's C++ sources and CMakeLists.txt files (no build output)
to a scratch folder, breaks one rule there per case, and runs the checker on the copy.
Expects: the copy as it is passes; each broken copy fails (exit 1) naming the file, the
line and the rule broken; an allowed include (the interpreter's tests using Translate)
passes. Exit 0 when every case holds, else 1 with the cases that did not.
"""
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
CHECKER = os.path.join(HERE, "layers.py")

# (what, file from the top, line added at its top, what the checker must print: the
# place and the message of the error, or None when it must pass)
CASES = [
    ("ir includes front, a layer beside it", "chap7/ir/tree.hh",
     '#include "chap7/front/ast.hh"',
     ("chap7/ir/tree.hh:1:", "chap7/ir may not include chap7/front")),
    ("interp includes translate", "chap7/interp/interp.cc",
     '#include "chap7/translate/translate.hh"',
     ("chap7/interp/interp.cc:1:", "chap7/interp may not include chap7/translate")),
    ("base includes ir", "base/diag.cc", '#include "chap7/ir/temp.hh"',
     ("base/diag.cc:1:", "base may not include chap7/ir")),
    ("front includes chap8", "chap7/front/semant.cc", '#include "chap8/canon.hh"',
     ("chap7/front/semant.cc:1:", "chap7/front may not include chap8")),
    ("chap8 includes the driver", "chap8/canon.cc", '#include "driver/pipeline.hh"',
     ("chap8/canon.cc:1:", "chap8 may not include driver")),
    ("ptoext includes chap8 outside its tests", "ptoext/lower.cc",
     '#include "chap8/canon.hh"', ("ptoext/lower.cc:1:", "ptoext may not include chap8")),
    ("the old place of base", "chap7/translate/translate.cc",
     '#include "chap7/base/diag.hh"',
     ("chap7/translate/translate.cc:1:", "not in a layer")),
    ("a bare name of another folder", "chap7/ir/tree.cc", '#include "ast.hh"',
     ("chap7/ir/tree.cc:1:", '"ast.hh": no such file in its folder')),
    ("ir's tests use translate", "chap7/ir/tests/ir_temp.cc",
     '#include "chap7/translate/tests/translate_testing.hh"',
     ("chap7/ir/tests/ir_temp.cc:1:", "chap7/ir/tests may not include chap7/translate")),
    ("interp's tests use translate (allowed)", "chap7/interp/tests/interp_basics.cc",
     '#include "chap7/translate/tests/translate_testing.hh"', None),
    ("ir links tiger_front", "chap7/ir/CMakeLists.txt",
     "target_link_libraries(tiger_ir PUBLIC tiger_front)",
     ("chap7/ir/CMakeLists.txt:1:", "chap7/ir may not link tiger_front")),
    ("interp's tests link a layer it may not use", "chap7/interp/CMakeLists.txt",
     "add_tiger_tests(interp tiger_interp tiger_canon)",
     ("chap7/interp/CMakeLists.txt:1:", "chap7/interp may not link tiger_canon")),
    ("chap8 links ptoext", "chap8/CMakeLists.txt",
     "target_link_libraries(tiger_canon PUBLIC tiger_pto)",
     ("chap8/CMakeLists.txt:1:", "chap8 may not link tiger_pto")),
    ("a folder of chap7 that is no layer", "chap7/extra/extra.cc", "",
     ("chap7/extra:1:", "chap7/extra is not a layer")),
    ("a source outside every layer", "stray/stray.cc", "",
     ("stray/stray.cc:1:", "a source outside every layer")),
    ("the sanitizer's build folder's generated parser (not a source)",
     "build-asan/chap7/front/gen/parser.cc", "", None),
]


def scratch_copy(dest):
    """The C++ sources and CMakeLists.txt files of this tree, at dest."""
    keep = (".cc", ".hh", ".h", ".ll", ".yy", "CMakeLists.txt")
    for rel in subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True,
                              text=True, check=True).stdout.splitlines():
        if rel.endswith(keep) and os.path.isfile(os.path.join(ROOT, rel)):
            os.makedirs(os.path.join(dest, os.path.dirname(rel)), exist_ok=True)
            shutil.copy(os.path.join(ROOT, rel), os.path.join(dest, rel))


def run(root):
    p = subprocess.run([sys.executable, CHECKER, root], capture_output=True, text=True)
    return p.returncode, p.stdout + p.stderr


def broken(root, path, line):
    """Adds `line` at the top of `path`, creating the file if needed."""
    full = os.path.join(root, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    old = open(full, encoding="utf-8").read() if os.path.exists(full) else ""
    with open(full, "w", encoding="utf-8") as f:
        f.write(line + "\n" + old)


def check_case(base, what, path, line, expected):
    """None when the case holds, else why not."""
    with tempfile.TemporaryDirectory() as root:
        shutil.copytree(base, root, dirs_exist_ok=True)
        broken(root, path, line)
        rc, out = run(root)
    if expected is None:
        return None if rc == 0 else f"{what}: refused ({out.strip()})"
    where, message = expected
    if rc != 1 or f"{where} error:" not in out or message not in out:
        return (f"{what}: exit {rc}, wanted 1 with '{where} error: ... {message}'; "
                f"got: {out}")
    return None


def main():
    failures = []
    with tempfile.TemporaryDirectory() as base:
        scratch_copy(base)
        rc, out = run(base)
        if rc != 0:
            failures.append(f"this tree fails the check: {out}")
        for what, path, line, expected in CASES:
            failure = check_case(base, what, path, line, expected)
            if failure:
                failures.append(failure)
    for f in failures:
        print("FAIL", f)
    print(f"{len(CASES) + 1 - len(failures)}/{len(CASES) + 1} cases hold")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
