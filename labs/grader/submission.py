"""submission.py - copies a submission into the persistent scratch tree and builds its
tigerc there.

Input: a folder shaped like the repository (a handout with the lab filled in).
Output: the path of its tigerc, or a one-line "build failed: ..." message.

The scratch tree (default build/grade/scratch: src/ and build/) is kept between
submissions, so a class is graded with one full build and then only the files each
submission changes: sync() writes a file only when its bytes differ, with the current
time as its mtime, and leaves identical files (and their mtimes) alone. Make then
rebuilds exactly the objects whose sources changed, also when a later submission
restores a file an earlier one changed (a newer mtime, never an older one).
The build runs the submission's CMake code as the grader's user (on Gradescope, inside
the autograder's container); only its tigerc is confined (sandbox.py).
"""
import os
import re
import shutil
import subprocess

# Never copied from a submission: its own build folders and version control.
SKIP_TOP = {"build", ".git", ".cache"}
BUILD_SECONDS = 1200


def sync(src, dst):
    """Makes dst a copy of src, rewriting only the files whose content differs."""
    wanted = set()
    for root, dirs, files in os.walk(src):
        rel = os.path.relpath(root, src)
        if rel == ".":
            dirs[:] = [d for d in dirs if d not in SKIP_TOP and not d.startswith("build")]
        dirs[:] = [d for d in dirs if not os.path.islink(os.path.join(root, d))]
        os.makedirs(os.path.join(dst, rel), exist_ok=True)
        for name in files:
            path = os.path.normpath(os.path.join(rel, name))
            wanted.add(path)
            _copy_if_changed(os.path.join(src, path), os.path.join(dst, path))
    _remove_others(dst, wanted)


def _copy_if_changed(a, b):
    if os.path.islink(a):
        return
    with open(a, "rb") as f:
        data = f.read()
    if os.path.isfile(b):
        with open(b, "rb") as f:
            if f.read() == data:
                return
    with open(b, "wb") as f:
        f.write(data)
    shutil.copymode(a, b)


def _remove_others(dst, wanted):
    for root, _, files in os.walk(dst):
        for name in files:
            path = os.path.normpath(os.path.join(os.path.relpath(root, dst), name))
            if path not in wanted:
                os.remove(os.path.join(dst, path))


def build(submission, scratch, jobs):
    """Syncs and builds; returns (tigerc path or None, message, log)."""
    src, out = os.path.join(scratch, "src"), os.path.join(scratch, "build")
    if not os.path.isfile(os.path.join(submission, "CMakeLists.txt")):
        return None, "build failed: no CMakeLists.txt at the top of the submission", ""
    sync(submission, src)
    steps = [["cmake", "--build", out, "--target", "tigerc", "-j%d" % jobs]]
    if not os.path.isfile(os.path.join(out, "CMakeCache.txt")):
        # -O0, no -g: the fastest rebuild; a student's tigerc only prints small dumps.
        steps.insert(0, ["cmake", "-S", src, "-B", out, "-DCMAKE_BUILD_TYPE=Debug",
                         "-DCMAKE_CXX_FLAGS_DEBUG=-O0"])
    log = ""
    for cmd in steps:
        try:
            r = subprocess.run(cmd, capture_output=True, timeout=BUILD_SECONDS,
                               env=dict(os.environ, LC_ALL="C"))  # plain ASCII quotes
        except subprocess.TimeoutExpired:
            return None, "build failed: time limit %d s" % BUILD_SECONDS, log
        log += (r.stdout + r.stderr).decode("utf-8", "replace").replace(src + "/", "")
        if r.returncode != 0:
            if cmd[1] == "-S":  # a failed configure is not reused
                shutil.rmtree(out, ignore_errors=True)
            return None, "build failed: " + first_error(log), log
    tigerc = os.path.join(out, "tigerc")
    if not os.path.isfile(tigerc):
        return None, "build failed: no tigerc was built", log
    return tigerc, "", log


def first_error(log):
    """The first compiler or CMake error line of a build log."""
    for line in log.splitlines():
        if re.search(r"\berror\b|CMake Error", line, re.I):
            return line.strip()[:300]
    lines = [l for l in log.splitlines() if l.strip()]
    return lines[-1].strip()[:300] if lines else "unknown reason"
