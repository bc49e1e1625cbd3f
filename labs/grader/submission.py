"""submission.py - builds a submission's tigerc, confined, on a fresh copy of a
trusted build of the lab's handout.

Input: a submission (a folder shaped like the repository, or just the lab's files),
the lab's handout tree (the base: stubs for the lab and every later lab, nothing of
their solutions), the scratch folder. Output: the path of its tigerc (a copy the
submission cannot change), or a one-line "build failed: ..." message, and the log.

The scratch folder (mode 0711, the grader's) holds:
  work/{src,build}       one submission's tree: a fresh copy of the pristine build
                         (times kept), the submission's files written over it (new
                         times only where the bytes differ), built with `cmake --build`
                         - so only the files the submission changed are compiled.
                         Nothing a submission leaves in work/ reaches the next one.
The pristine build is the handout built once by the same confined build as a
submission (no -g; the lab's files -O0, the fastest rebuild, every other file -O2;
Make, or Ninja for mutation.Pool's mutants: generator()), named by the handout's
content (stamp()), the lab's files and the generator:
  - with bubblewrap, which shows a build its tree at the fixed path BUILT_AT whatever
    folder holds it, one pristine-STAMP/ beside the scratch folders serves them all
    (every test of `make test`, every slot of grade-all): PRISTINE_KEPT are kept, the
    least recently used removed first, never one a grade is copying (its lock);
  - else scratch/pristine/ (pristine.stamp), seen at scratch/work like every build.
The built tigerc is copied out of work/ through no link (untrusted.copy_out) before it
runs; the submission is checked (size, files, depth, names) before it is copied. The
build runs confined (confine.py): the submission's CMake code, its compilers and
every process they start see only the toolchain and work/, and die with the step.
"""
import fcntl
import fnmatch
import glob
import hashlib
import os
import re
import shutil
import stat
import subprocess
from contextlib import contextmanager
from dataclasses import replace

from . import confine, sandbox, untrusted

# Never copied from a submission: its own build folders and version control.
SKIP_TOP = {"build", ".git", ".cache"}
BUILD = sandbox.Limits(seconds=600, memory=4096 * sandbox.MB, output=1 * sandbox.MB,
                       files=1024 * sandbox.MB, disk=2048 * sandbox.MB)
TIGERC_SIZE = 512 * sandbox.MB  # the largest built tigerc copied out


def _skipped(name):
    return name in SKIP_TOP or name.startswith("build")


def tree_files(src, bounds=untrusted.UPLOAD, skip=_skipped):
    """The relative paths of a tree's regular files (no links, none of the top's names
    `skip` holds for: default, its build folders), the tree checked first
    (untrusted.files: size, count, depth, names; Refused)."""
    return untrusted.files(src, bounds, skip)


def _write_if_changed(a, b, top, cap=untrusted.UPLOAD.file):
    """b := the file a (a path below top, read through no link), when they differ."""
    data = untrusted.read(top, os.path.relpath(a, top), cap)
    if os.path.isfile(b):
        with open(b, "rb") as f:
            if f.read() == data:
                return False
    os.makedirs(os.path.dirname(b), exist_ok=True)
    if os.path.lexists(b):
        os.remove(b)
    with open(b, "wb") as f:
        f.write(data)
    os.chmod(b, os.lstat(a).st_mode & 0o755)
    return True


def sync(src, dst, bounds=untrusted.UPLOAD, skip=_skipped):
    """Makes dst a copy of src (tree_files(src, bounds, skip)), rewriting only the files
    whose content differs; returns the paths (relative) it wrote or removed."""
    wanted = set(tree_files(src, bounds, skip))
    changed = [path for path in sorted(wanted) if _write_if_changed(
        os.path.join(src, path), os.path.join(dst, path), src, bounds.file)]
    for root, _, files in os.walk(dst):
        for name in files:
            path = os.path.normpath(os.path.join(os.path.relpath(root, dst), name))
            if path not in wanted:
                os.remove(os.path.join(dst, path))
                changed.append(path)
    return changed


def lab_files(base, lab):
    """{basename: path} of the files where the handout asks for lab's functions (or, in
    a handout given the solution's files back, mutation.solved_base, holds them)."""
    out, marks = {}, ("TODO(lab %s)" % lab, "// LAB %s BEGIN" % lab)
    for path in tree_files(base):
        if path.endswith((".cc", ".hh", ".h", ".cpp")):
            with open(os.path.join(base, path), encoding="utf-8", errors="replace") as f:
                text = f.read()
                if any(mark in text for mark in marks):
                    out[os.path.basename(path)] = path
    return out


def overlay(submission, src, files):
    """Writes a submission of loose files over the handout: each file whose name is one
    of the lab's files goes to that file's place. Returns the names used and the paths
    (relative to src) it wrote."""
    used, changed = [], []
    for path in tree_files(submission):
        name = os.path.basename(path)
        if name in files and name not in used:
            if _write_if_changed(os.path.join(submission, path),
                                 os.path.join(src, files[name]), submission):
                changed.append(files[name])
            used.append(name)
    return used, changed


def stamp(base, paths=None):
    """A digest of the files of base (default: tree_files(base)), names and bytes."""
    h = hashlib.sha256()
    for path in tree_files(base) if paths is None else paths:
        with open(os.path.join(base, path), "rb") as f:
            h.update(path.encode() + b"\0" + hashlib.sha256(f.read()).digest())
    return h.hexdigest()


def generator(ninja):
    """cmake's generator: Ninja for a trusted tree (ninja=True: a mutant of
    mutation.Pool) where there is one, else Make. Ninja's walk of a built tree takes
    0.1 s, Make's 1 s, and every mutant rebuilds one; but Ninja waits for the end of
    every step's output pipe, so a process a submission's CMake code leaves behind
    would hold its build to the time limit (grade.hostile's build_daemon: 600 s)."""
    return ["-G", "Ninja"] if ninja and shutil.which("ninja") else []


def confined_build(work, jobs, configure, seen_as=None, lab_paths=(), ninja=False,
                   runs=None):
    """cmake (configure when asked: lab_paths are the lab's files, ninja as
    generator() says) and the tigerc
    target, confined; (ok, log, why): why is the one line that says what failed (a
    limit, else the first error). The step sees `work` at the path `seen_as` (default:
    its own; seen_at()): the build folder's absolute paths are the same whatever folder
    holds the copy."""
    seen_as = seen_as or work
    src, out = os.path.join(seen_as, "src"), os.path.join(seen_as, "build")
    steps = [["cmake", "--build", out, "--target", "tigerc", "-j%d" % jobs]]
    if configure:
        # -O0, no -g: the fastest rebuild of the lab's files, which a submission changes;
        # grading/lab_build.cmake builds every other file -O2 (TIGER_LAB_FILES): built once,
        # it runs in each of the grade's hundred compiles.
        steps.insert(0, ["cmake", "-S", src, "-B", out] + generator(ninja) + [
            "-DCMAKE_BUILD_TYPE=Debug", "-DCMAKE_CXX_FLAGS_DEBUG=-O0",
            "-DTIGER_LAB_FILES=" + ";".join(lab_paths)])
    log, mounted = "", os.path.ismount(work)
    limits = replace(BUILD, disk=0) if mounted else BUILD  # bounded(): not sampled
    for cmd in steps:
        ran = sandbox.run(cmd, limits=limits, untrusted=True, rw=[(work, seen_as)],
                          cwd=seen_as, home_in=work if mounted else None, runs=runs)
        log += (ran.stdout + ran.stderr).decode("utf-8", "replace").replace(src + "/", "")
        problem = ran.problem(BUILD, "the build") or (
            mounted and ran.status != 0 and full(log))
        if problem or ran.status != 0:
            return False, log + ("\n" + problem if problem else ""), problem or first_error(log)
    return True, log, ""


remove = sandbox.remove


def _fresh(path):
    clear(path)
    os.makedirs(path)


_mount_refused = []


def bounded(work):
    """Mounts a tmpfs of BUILD.disk bytes and BUILD.inodes entries on work (made): the
    kernel's bound on what the build writes, where sampling (sandbox._DiskWatch) sees
    only what stays long enough. Root only; where the kernel refuses (a container
    without the capability) the build is sampled. Whether work is mounted."""
    if os.geteuid() != 0 or _mount_refused:
        return False
    os.makedirs(work, exist_ok=True)
    # mode 0700: the grader's folder until _own() gives it to the steps
    options = "size=%d,nr_inodes=%d,mode=0700" % (BUILD.disk, BUILD.inodes)
    if subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tiger-grade", work],
                      capture_output=True).returncode != 0:
        _mount_refused.append(work)
        return False
    return True


def disk_bound(work):
    """How the build's tree is bounded, in words."""
    if os.path.ismount(work):
        return "build tree: a tmpfs of %s, %d files" % (sandbox.size_text(BUILD.disk),
                                                       BUILD.inodes)
    return "build tree: measured twice a second (no mount here)"


def clear(work):
    """Removes a work folder, its bounded() file system unmounted first."""
    if os.path.ismount(work) and subprocess.run(["umount", work]).returncode != 0:
        subprocess.run(["umount", "-l", work], check=True)
    remove(work)


BUILT_AT = "/tiger-grade/work"  # where a bubblewrap build sees its tree
PRISTINE_KEPT = 8


def seen_at(scratch):
    """The path a build sees its work folder at: BUILT_AT, or scratch/work where no
    step can see a folder under another name."""
    return BUILT_AT if confine.renames(sandbox.level()) else work_folder(scratch, 0)


def pristine_of(want, scratch):
    """The pristine build of the handout whose stamp() is want (see the docstring)."""
    if confine.renames(sandbox.level()):
        return os.path.join(os.path.dirname(scratch), "pristine-" + want[:20])
    return os.path.join(scratch, "pristine")


@contextmanager
def locked(path, how):
    """flock(how) on path + ".lock" for the with block."""
    with open(path + ".lock", "a") as f:
        fcntl.flock(f, how)
        yield


def ensure_pristine(base, scratch, jobs, lab, ninja=False, runs=None):
    """Builds the handout's pristine build for lab unless it exists: (its path, a
    problem or None). It is named by the handout's content, the lab's files and its
    generator (generator(ninja))."""
    os.makedirs(scratch, exist_ok=True)
    os.chmod(scratch, 0o711)
    lab_paths = sorted(lab_files(base, lab).values())
    want = hashlib.sha256((stamp(base) + "\0" + ";".join(lab_paths + generator(ninja)))
                          .encode()).hexdigest()
    pristine, shared = pristine_of(want, scratch), confine.renames(sandbox.level())
    mark = os.path.join(scratch, "pristine.stamp")  # a shared one is named by want
    with locked(pristine, fcntl.LOCK_EX):
        if os.path.isdir(pristine) and (shared or os.path.isfile(mark) and
                                        open(mark).read() == want):
            os.utime(pristine + ".lock")
            return pristine, None
        work = pristine + ".new" if shared else work_folder(scratch, 0)
        _fresh(work)
        sync(base, os.path.join(work, "src"))
        os.makedirs(os.path.join(work, "build"))
        _own(work)
        ok, log, why = confined_build(work, jobs, configure=True, seen_as=seen_at(scratch),
                                      lab_paths=lab_paths, ninja=ninja, runs=runs)
        confine.reap(sandbox.level())
        if not ok:
            remove(work)
            return pristine, "grader error: the handout itself does not build: " + why
        seal(work)
        remove(pristine)
        if shared:
            os.rename(work, pristine)
        else:
            subprocess.run(["cp", "-a", work, pristine], check=True)
            with open(mark, "w") as f:
                f.write(want)
        os.chmod(pristine, 0o700)  # never seen by a submission's steps: not even by
        if os.geteuid() == 0:      # a later grade's box given the uid that built it
            os.chown(pristine, 0, 0)
    prune(os.path.dirname(pristine))
    return pristine, None


def prune(folder):
    """Keeps the PRISTINE_KEPT shared pristine builds used last; removes the others that
    no grade holds (their lock taken without waiting)."""
    locks = sorted(glob.glob(os.path.join(folder, "pristine-*.lock")), key=_used,
                   reverse=True)
    for lock in locks[PRISTINE_KEPT:]:
        with open(lock, "a") as f:
            try:
                fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                continue
            remove(lock[:-len(".lock")])
            try:
                os.remove(lock)
            except OSError:  # another grade's prune removed it first
                pass


def _used(lock):
    """When a pristine build was used last (0: its lock is gone, pruned meanwhile)."""
    try:
        return os.path.getmtime(lock)
    except OSError:
        return 0


def _own(work, kept=()):
    """work given to the steps' uid, but for the files of `kept` (linkable())."""
    if confine.runs_as_nobody(sandbox.level()):
        confine.chown_tree(work, kept)


# A pristine build's precompiled headers (grading/lab_build.cmake, tiger_lab_pch), as a pattern
# of tar's --exclude and of fnmatch (where * also matches /).
PCH_FILES = "*_pch.dir/*.hh.o"


def linkable(path):
    """Whether a pristine build's file is shared with the copies, not copied: a
    precompiled header (50 MB each, most of a pristine build's bytes), sealed (the
    grader's, read-only) where the steps run as a uid of their own, which can then
    neither write nor chmod it. A build that changes no header never writes it."""
    return confine.runs_as_nobody(sandbox.level()) and fnmatch.fnmatch(path, PCH_FILES)


def seal(pristine):
    """The linkable() files of a new pristine build: the grader's, read-only."""
    for path in _pch_files(pristine):
        os.chown(path, 0, 0)
        os.chmod(path, 0o444)


def copy_pristine(pristine, work):
    """work := a copy of the pristine build, times, modes and owners kept, its precompiled
    headers hard links (the pristine's inodes, which a step cannot change) when sealed
    and on the same file system (not on a bounded() one: copies, made writable).
    Returns the links' paths. tar copies the rest: a pax archive keeps the times to the
    nanosecond, which make compares."""
    if not confine.runs_as_nobody(sandbox.level()) or os.path.ismount(work):
        os.makedirs(work, exist_ok=True)
        subprocess.run(["cp", "-a", pristine + "/.", work], check=True)
        for path in _pch_files(work):
            os.chmod(path, 0o644)  # as the build made it, before seal()
        return []
    os.makedirs(work)
    pack = subprocess.Popen(["tar", "-C", pristine, "--format=posix", "--exclude=" +
                             PCH_FILES, "-cf", "-", "."], stdout=subprocess.PIPE)
    subprocess.run(["tar", "-C", work, "-xf", "-"], stdin=pack.stdout, check=True)
    pack.stdout.close()
    if pack.wait() != 0:
        raise OSError("tar could not read the pristine build %s" % pristine)
    linked = []
    for src in _pch_files(pristine):
        dst = os.path.join(work, os.path.relpath(src, pristine))
        st = os.lstat(src)
        if stat.S_ISREG(st.st_mode) and st.st_uid == 0 and not st.st_mode & 0o222:
            os.link(src, dst)
            linked.append(dst)
        else:  # a pristine build made before seal()
            shutil.copy2(src, dst)
    return linked


def _pch_files(tree):
    """The paths of tree's linkable() files (no link)."""
    return [os.path.join(root, name) for root, _, files in os.walk(tree) for name in files
            if linkable(os.path.join(root, name))
            and not os.path.islink(os.path.join(root, name))]


def unshare(pristine, work, linked):
    """work's links to the pristine build made copies after all: the submission changed
    a file other than a .cc (a header, a CMake file), so the build may write the
    precompiled headers again."""
    for path in linked:
        os.remove(path)
        shutil.copy2(os.path.join(pristine, os.path.relpath(path, work)), path)
        os.chmod(path, 0o644)  # as the build made it, before seal()


def work_folder(scratch, slot):
    """Slot 0 builds in scratch/work; slot k (grade-all's k-th parallel grade) in
    scratch/work-k, which its build sees as scratch/work."""
    return os.path.join(scratch, "work" if slot == 0 else "work-%d" % slot)


# What marks a submission's top: a handout tree's, a foreign compiler's (foreign.py).
TOP_FILES = ("CMakeLists.txt", "tiger-judge.json")


def root_of(upload):
    """A Gradescope upload's submission: its shallowest folder holding one of TOP_FILES,
    at most two folders down (the first by name among equals), else the upload itself
    (the lab's files alone). The upload is checked first (tree_files: Refused)."""
    found = [p for p in tree_files(upload) if os.path.basename(p) in TOP_FILES
             and p.count("/") <= 2]
    if not found:
        return upload
    best = min(found, key=lambda p: (p.count("/"), p))
    return os.path.join(upload, os.path.dirname(best))


def prepare(submission, scratch, base, lab, pristine, slot=0, upload=False):
    """work/ := the pristine build + the submission (upload: root_of() it); returns a
    note on how it was read. Refused (untrusted.py) before anything is copied."""
    submission = root_of(submission) if upload else submission
    tree_files(submission)  # the whole folder checked before a byte is copied
    work = work_folder(scratch, slot)
    src = os.path.join(work, "src")
    clear(work)
    bounded(work)
    with locked(pristine, fcntl.LOCK_SH):  # prune() waits
        linked = copy_pristine(pristine, work)
        os.chmod(work, 0o755)
        note = ""
        if os.path.isfile(os.path.join(submission, "CMakeLists.txt")) and \
                not os.path.islink(os.path.join(submission, "CMakeLists.txt")):
            changed = sync(submission, src)
        else:
            files = lab_files(base, lab)
            used, changed = overlay(submission, src, files)
            note = "no CMakeLists.txt: your %s written over the handout" % (
                ", ".join(used) if used else "files (none of them is a lab file: %s)"
                % ", ".join(sorted(files)))
        if any(not path.endswith(".cc") for path in changed):
            unshare(pristine, work, linked)
            linked = []
    _own(work, linked)
    return note


def build(submission, scratch, jobs, base, lab, bin_dir, slot=0, upload=False, ninja=False,
          runs=None):
    """Checks, copies, builds confined; returns (tigerc path in bin_dir or None, message,
    log). The message is "" for a tree that built, a note for loose files, "build
    failed: ..." or "submission refused: ..." else. ninja: a trusted tree (generator())."""
    pristine, problem = ensure_pristine(base, scratch, jobs, lab, ninja, runs)
    if problem:
        return None, problem, ""
    try:
        note = prepare(submission, scratch, base, lab, pristine, slot, upload)
    except untrusted.Refused as e:
        return None, "submission refused: %s" % e, ""
    work = work_folder(scratch, slot)
    ok, log, why = confined_build(work, jobs, configure=False, seen_as=seen_at(scratch),
                                  runs=runs)
    confine.reap(sandbox.level())
    if not ok:
        return None, "build failed: " + why, log
    return built_tigerc(work, bin_dir, log, note)


def built_tigerc(work, bin_dir, log, note):
    """The tigerc the build left in work/build, copied into bin_dir through no link
    (the build may have made build/ or tigerc a link to another tree)."""
    try:
        dst = untrusted.copy_out(work, "build/tigerc", os.path.join(bin_dir, "tigerc"),
                                 TIGERC_SIZE)
    except untrusted.Refused as e:
        return None, "build failed: no tigerc was built (%s)" % e, log
    return dst, note, log


def full(log):
    """The problem of a build that filled its bounded() file system, or None."""
    if "No space left on device" in log:
        return "the build wrote more than %s or %d files (its file system is full)" % (
            sandbox.size_text(BUILD.disk), BUILD.inodes)
    return None


def first_error(log):
    """The first compiler or CMake error line of a build log."""
    for line in log.splitlines():
        if re.search(r"\berror\b|CMake Error", line, re.I):
            return line.strip()[:300]
    lines = [l for l in log.splitlines() if l.strip()]
    return lines[-1].strip()[:300] if lines else "unknown reason"
