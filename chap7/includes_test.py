"""includes_test.py - the layer checker (includes.py) catches each kind of wrong include.

Input: none; it copies chap7/ of this tree (sources and CMakeLists.txt) to a scratch
folder, breaks one rule there per case, and runs the checker on the copy.
Expects: the copy as it is passes; each broken copy fails (exit 1) naming the file,
the line and the rule broken; an allowed include (the interpreter's tests using
Translate) passes. Exit 0 when every case holds, else 1 with the cases that did not.
"""
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CHECKER = os.path.join(HERE, "includes.py")

# (what, file under chap7/, line added at its top, what the checker must print: the
# place and the message of the error, or None when it must pass)
CASES = [
    ("ir includes front, a layer above it", "ir/tree.hh",
     '#include "chap7/front/ast.hh"',
     ("chap7/ir/tree.hh:1:", "ir may not include front")),
    ("interp includes translate", "interp/interp.cc",
     '#include "chap7/translate/translate.hh"',
     ("chap7/interp/interp.cc:1:", "interp may not include translate")),
    ("base includes ir", "base/diag.cc", '#include "chap7/ir/temp.hh"',
     ("chap7/base/diag.cc:1:", "base may not include ir")),
    ("front includes chap8", "front/semant.cc", '#include "chap8/canon.hh"',
     ("chap7/front/semant.cc:1:", "chap7 includes nothing of chap8/")),
    ("a flat chap7 path", "translate/translate.cc", '#include "chap7/diag.hh"',
     ("chap7/translate/translate.cc:1:", "not in a layer of chap7")),
    ("a bare name of another folder", "ir/tree.cc", '#include "ast.hh"',
     ("chap7/ir/tree.cc:1:", '"ast.hh": no such file in its folder')),
    ("ir's tests use translate", "ir/tests/ir_temp.cc",
     '#include "chap7/translate/tests/translate_testing.hh"',
     ("chap7/ir/tests/ir_temp.cc:1:", "ir/tests may not include translate")),
    ("interp's tests use translate (allowed)", "interp/tests/interp_basics.cc",
     '#include "chap7/translate/tests/translate_testing.hh"', None),
    ("ir links tiger_front", "ir/CMakeLists.txt",
     "target_link_libraries(tiger_ir PUBLIC tiger_front)",
     ("chap7/ir/CMakeLists.txt:1:", "ir may not link tiger_front")),
    ("interp's tests link a layer it may not use", "interp/CMakeLists.txt",
     "add_tiger_tests(interp tiger_interp tiger_canon)",
     ("chap7/interp/CMakeLists.txt:1:", "interp may not link tiger_canon")),
    ("a folder that is no layer", "extra/extra.cc", "",
     ("chap7/extra:1:", "extra is not a layer")),
    ("a source outside every layer", "stray.cc", "",
     ("chap7/stray.cc:1:", "a source belongs in a layer's folder")),
]


def scratch_copy(dest):
    """chap7/ of this tree (no build output) at dest/chap7, and a chap8/ beside it."""
    shutil.copytree(HERE, os.path.join(dest, "chap7"),
                    ignore=shutil.ignore_patterns("__pycache__"))
    os.makedirs(os.path.join(dest, "chap8"))


def run(root):
    p = subprocess.run([sys.executable, CHECKER, root], capture_output=True, text=True)
    return p.returncode, p.stdout + p.stderr


def broken(root, path, line):
    """Adds `line` at the top of chap7/`path`, creating the file if needed."""
    full = os.path.join(root, "chap7", path)
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
            failures.append(f"this tree's chap7 fails the check: {out}")
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
