#!/usr/bin/env python3
"""shared_pch.py - a submission's copy of the pristine build shares its precompiled
headers with it, and no step can change them (ctest grade.shared_pch;
labs/grader/submission.py, copy_pristine).

Expects, on a small pristine tree (two precompiled headers, sealed; a source file; an
object file), where the steps run as a uid of their own (root grading, bubblewrap or
setpriv; else it says so and checks that everything is copied):
  - the copy's precompiled headers are the pristine's inodes, every other file its own
    copy with the same bytes and modification time;
  - after _own, the links are still the grader's and read-only, the rest the steps';
  - a confined step that tries to write, truncate, chmod or append to a link fails, and
    the pristine's bytes are unchanged; it may remove the link (its own folder) without
    touching the pristine;
  - unshare (a header changed) makes the links copies: a step may then rewrite them,
    and the pristine is still unchanged.
Exit 1 when anything does not hold.
"""
import os
import shutil
import sys

from ..grader import confine, sandbox, submission
from .mutants import conclude

PCH = "build/CMakeFiles/lab_hh_pch.dir/lab/lab.hh.o"
OTHERS = ("src/lab/lab.cc", "build/lab/CMakeFiles/lab.dir/lab.cc.o")


def make_pristine(folder):
    pristine = os.path.join(folder, "pristine-test")
    for k, path in enumerate((PCH, PCH.replace("lab_hh", "two_hh")) + OTHERS):
        os.makedirs(os.path.dirname(os.path.join(pristine, path)), exist_ok=True)
        with open(os.path.join(pristine, path), "wb") as f:
            f.write(b"bytes of %s\n" % path.encode() * (k + 1))
    submission.seal(pristine)
    return pristine


def attacks(work):
    """A confined step's tries at the link, each as a shell command that must fail."""
    link = os.path.join(work, PCH)
    return {"write": "printf x > %s" % link, "append": "printf x >> %s" % link,
            "chmod": "chmod 666 %s" % link, "truncate": "truncate -s 0 %s" % link}


def confined(cmd, work):
    return sandbox.run(["sh", "-c", cmd], untrusted=True, rw=[work], cwd=work)


def main():
    problems = []
    folder = sandbox.public_folder()
    try:
        pristine = make_pristine(folder)
        headers = (PCH, PCH.replace("lab_hh", "two_hh"))
        before = [open(os.path.join(pristine, p), "rb").read() for p in headers]
        work = os.path.join(folder, "work")
        linked = submission.copy_pristine(pristine, work)
        if not confine.runs_as_nobody(sandbox.level()):
            print("the steps run as the grader's user here (level %s): everything is "
                  "copied, nothing shared" % sandbox.level())
            if linked:
                problems.append("links made where a step could write them: %s" % linked)
            return conclude("shared_pch", problems)
        same = lambda a, b: os.stat(a).st_ino == os.stat(b).st_ino
        if sorted(linked) != sorted(os.path.join(work, p) for p in headers):
            problems.append("linked %s, expected the two precompiled headers" % linked)
        for path in OTHERS:
            a, b = os.path.join(pristine, path), os.path.join(work, path)
            if same(a, b) or open(a, "rb").read() != open(b, "rb").read() or \
                    os.stat(a).st_mtime_ns != os.stat(b).st_mtime_ns:
                problems.append("%s is not a copy with the same bytes and time" % path)
        submission._own(work, linked)
        st = os.stat(os.path.join(work, PCH))
        if st.st_uid != 0 or st.st_mode & 0o222:
            problems.append("the link is no longer the grader's and read-only")
        if os.stat(os.path.join(work, OTHERS[0])).st_uid != confine.uid():
            problems.append("the copies are not the steps'")
        for name, cmd in attacks(work).items():
            ran = confined(cmd, work)
            if ran.status == 0:
                problems.append("a confined step could %s the shared header" % name)
        if confined("rm %s" % os.path.join(work, PCH), work).status != 0:
            problems.append("a confined step could not remove a file of its own folder")
        other = os.path.join(work, headers[1])
        submission.unshare(pristine, work, [other])
        if same(other, os.path.join(pristine, os.path.relpath(other, work))):
            problems.append("unshare left a link")
        submission._own(work)
        if confined("printf x > %s" % other, work).status != 0:
            problems.append("a step could not rewrite an unshared copy")
        for path, was in zip(headers, before):
            if open(os.path.join(pristine, path), "rb").read() != was:
                problems.append("the pristine's %s changed" % path)
        print("shared: %d links, %d attacks refused" % (len(linked), len(attacks(work))))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return conclude("shared_pch", problems)


if __name__ == "__main__":
    sys.exit(main())
