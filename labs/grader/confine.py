"""confine.py - the one confinement every step of a student's code runs under: its
build (CMake and the compiler running the submission's CMake code) and its runs (its
tigerc; and the reference reading what that tigerc printed). labs/grader/README.md,
"Confinement", says what each level shuts out.

Input: a command, the host paths it may read (ro) and write (rw). Output: the command
prefixed so that it runs confined, at the strongest level this machine offers:

  bwrap     Debian's bubblewrap, as a uid of the grade's own (uid()) when the grader is
            root (as the grader's own user otherwise): new user, mount, PID, network, IPC and UTS
            namespaces; a root holding only /usr (the toolchain), the loader's files of
            /etc, a private /tmp and /dev/shm (TMPFS bytes each), /proc, /dev, and the
            paths given (its options passed through a memfd: no host path on any
            command line); no network; every
            process of the step dies with it (the PID namespace's init is gone).
  bwrap-uid bubblewrap run by root with --uid 65534, where unprivileged user namespaces
            are off: the same view, but the processes are root's outside it.
  nobody    where no namespace can be made (a container without the capability):
            setpriv to the grade's uid; the grader's folders must be mode 0700
            (run_autograder does it), and reap() kills every process of that uid, and
            deletes its files in /tmp, /var/tmp and /dev/shm, before results are written.
  none      not root and no bubblewrap: the grader's own user; nothing is shut out.

The level is probed once (a `true` run at each level, strongest first) and printed by
the grader, so a teacher knows what held; $TIGER_GRADE_CONFINE=LEVEL forces one. At the
bwrap levels a seccomp filter (syscalls.py) refuses the system calls no build needs.
Each grade runs its steps in a Box of its own: its uid and its control group
(cgroups.py), which bounds the memory and processes of all of them together.
"""
import atexit
import fcntl
import os
import pwd
import shutil
import subprocess
import threading
import time

from . import cgroups, syscalls

NOBODY = 65534
# The uids a grade run by root claims one of (uid()); no account may hold them.
UIDS = range(64000, 65000)
UID_LOCKS = "/var/tmp/tiger-grade-uids"
# The loader's and the compilers' files of /etc: the only part of /etc a step sees.
ETC = ("/etc/alternatives", "/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d")
TOP = ("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
TMPFS = 256 << 20  # the sandbox's /tmp and /dev/shm (RAM): at most this much each
# Where a step at the `nobody` level can write outside its folders; reap() empties them
# of this grade's files.
SHARED = ("/tmp", "/var/tmp", "/dev/shm")

WHAT = {
    "bwrap": "bubblewrap: own namespaces, only /usr and the submission visible, no network",
    "bwrap-uid": "bubblewrap with --uid 65534 (processes are root's outside the sandbox)",
    "nobody": "user nobody only (no namespaces here): grader folders must be mode 0700",
    "none": "not confined (not root and no bubblewrap): the submission runs as you",
}


def _root_view():
    """The read-only root a step sees: /usr, the top-level links into it, /etc's few."""
    args = ["--ro-bind", "/usr", "/usr"]
    for top in TOP:
        if os.path.islink(top):
            args += ["--symlink", os.readlink(top), top]
        elif os.path.isdir(top):
            args += ["--ro-bind", top, top]
    for path in ETC:
        args += ["--ro-bind-try", path, path]
    return args + ["--proc", "/proc", "--dev", "/dev", "--size", str(TMPFS), "--tmpfs",
                   "/dev/shm", "--size", str(TMPFS), "--tmpfs", "/tmp"]


BOX_MEMORY = 4 << 30  # what all the processes of one grade's steps hold together
BOX_PIDS = 256        # how many of them live at once
_local = threading.local()  # the calling thread's Box
_default = []
_default_made = threading.Lock()


class Box:
    """One grade's confinement (one grade-all slot's): the uid its steps run as (a uid
    of UIDS no account holds and no process runs as, claimed by a lock, UID_LOCKS/UID,
    when the grader is root; nobody otherwise) and its control group (cgroups.py:
    BOX_MEMORY and BOX_PIDS for all its processes together, or None). So reap() ends
    only this box's processes and a fork storm spends only its process budget.
    enter() makes it the calling thread's box: the steps sandbox.run starts there run
    in it. end() kills what is left in it and gives its uid back."""

    def __init__(self):
        self.uid, self._lock = _claim_uid() if os.geteuid() == 0 else (NOBODY, None)
        self.cgroup = self._lock and cgroups.make("uid-%d" % self.uid, BOX_MEMORY,
                                                  BOX_PIDS)

    def enter(self):
        _local.box = self

    def join(self):
        """The command prefix that puts a step in the box's control group."""
        return self.cgroup.join() if self.cgroup else []

    def kernel_limits(self, level):
        """What the kernel bounds for the whole box at `level`, in words."""
        if not self.cgroup:
            text = "no cgroup: per-process limits only"
        else:
            text = "cgroup %s: %d GiB, %d processes for the whole grade" % (
                self.cgroup.version, BOX_MEMORY >> 30, BOX_PIDS)
        if level.startswith("bwrap"):
            text += "; seccomp: %s" % ("%d system calls refused" % len(syscalls.DENIED)
                                       if syscalls.bpf() else "none (no python3-seccomp)")
        return text

    def end(self):
        if self.cgroup:
            self.cgroup.end()
        if self._lock:
            self._lock.close()
        if getattr(_local, "box", None) is self:
            _local.box = None


def current():
    """The calling thread's Box; outside a grade's threads, one Box for the process."""
    box = getattr(_local, "box", None)
    if box is None:
        with _default_made:
            if not _default:
                _default.append(Box())
                atexit.register(_default[0].end)
        box = _default[0]
    return box


def uid():
    """The uid the steps of the calling thread's Box run as."""
    return current().uid


def _claim_uid():
    """(uid, the open lock file that holds it): the first of UIDS free (Box)."""
    os.makedirs(UID_LOCKS, mode=0o700, exist_ok=True)
    for u in UIDS:
        f = open(os.path.join(UID_LOCKS, str(u)), "w")
        try:
            fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:  # another grade's
            f.close()
            continue
        if not _account(u) and not pids_of(u):  # no process left by a grade that died
            return u, f
        f.close()
    raise SystemExit("grade: every uid of %d-%d is in use" % (UIDS[0], UIDS[-1]))


def _account(u):
    try:
        return pwd.getpwuid(u)
    except KeyError:
        return None


def setpriv():
    return ["setpriv", "--reuid=%d" % uid(), "--regid=%d" % uid(), "--clear-groups", "--"]


def _bwrap(level, ro, rw, cwd):
    user = setpriv() if level == "bwrap" and os.geteuid() == 0 else []
    ids = ["--unshare-user", "--uid", str(NOBODY), "--gid", str(NOBODY)] \
        if level == "bwrap-uid" else []
    binds = [a for p in ro for a in ("--ro-bind",) + (p if isinstance(p, tuple) else (p, p))]
    binds += [a for p in rw for a in ("--bind",) + (p if isinstance(p, tuple) else (p, p))]
    return user + ["bwrap", "--unshare-all", "--die-with-parent", "--new-session",
                   "--cap-drop", "ALL"] + ids + _root_view() + binds + ["--chdir", cwd]


def prefix(level, ro=(), rw=(), cwd="/tmp"):
    """The command prefix that confines a step at `level`; ro/rw are host paths (an
    item may be (host path, path inside): a folder seen under another name)."""
    if level in ("bwrap", "bwrap-uid"):
        return _bwrap(level, ro, rw, cwd)
    if level == "nobody":
        return setpriv()
    return []


def hide_options(prefix):
    """(prefix, fds): bubblewrap's options moved off its command line into a memfd it
    reads (`--args FD`), so that no process, inside the sandbox (/proc/1/cmdline) or
    outside it, reads the host paths a step sees: one grade-all slot cannot name
    another's tree; and the seccomp filter (syscalls.py), where there is one, given by
    a second memfd (`--seccomp FD`). The caller passes fds to the child and closes
    them."""
    at = prefix.index("bwrap")
    options, fds = prefix[at + 1:], []
    if syscalls.bpf():
        fds.append(_memfd("bwrap-seccomp", syscalls.bpf()))
        options = options + ["--seccomp", str(fds[0])]
    fds.append(_memfd("bwrap-args", b"".join(os.fsencode(a) + b"\0" for a in options)))
    return prefix[:at + 1] + ["--args", str(fds[-1])], fds


def _memfd(name, data):
    fd = os.memfd_create(name, 0)
    os.write(fd, data)
    os.lseek(fd, 0, os.SEEK_SET)
    return fd


def _works(level):
    try:
        return subprocess.run(prefix(level) + ["true"], capture_output=True,
                              timeout=30).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


def probe():
    """The strongest level that works here (docstring), or the one $TIGER_GRADE_CONFINE
    names (a weaker one, to see what it holds; refused when it does not work)."""
    forced = os.environ.get("TIGER_GRADE_CONFINE")
    if forced:
        if forced not in WHAT or (forced != "none" and not _works(forced)):
            raise SystemExit("grade: TIGER_GRADE_CONFINE=%s does not work here" % forced)
        return forced
    root, bwrap = os.geteuid() == 0, shutil.which("bwrap")
    candidates = (["bwrap", "bwrap-uid"] if bwrap else []) + (["nobody"] if root else [])
    for level in candidates:
        if level == "bwrap-uid" and not root:
            continue
        if level == "nobody" and not shutil.which("setpriv"):
            continue
        if _works(level):
            return level
    return "none"


def renames(level):
    """Whether a step can see a folder under another path (parallel scratch trees)."""
    return level in ("bwrap", "bwrap-uid")


def runs_as_nobody(level):
    """Whether the step's files must belong to nobody to be written by it."""
    return os.geteuid() == 0 and level in ("bwrap", "nobody")


def pids_of(u):
    """The live processes of uid u (zombies, already dead, left out)."""
    pids = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open("/proc/%s/stat" % name) as f:
                    state = f.read().rsplit(")", 1)[1].split()[0]
                if os.stat("/proc/" + name).st_uid == u and state != "Z":
                    pids.append(int(name))
            except (OSError, IndexError):
                pass
    return pids


def reap(level, seconds=5.0, grace=0.2):
    """At the `nobody` level, kills every process of this grade's uid (uid()): its only
    way to end what a step left behind; other grades, with uids of their own, keep
    theirs. The bwrap
    levels need none: a step's PID namespace dies with it. Returns how many processes
    were left after `grace`."""
    if os.geteuid() != 0 or level != "nobody":
        return 0
    deadline = time.time() + grace
    while pids_of(uid()) and time.time() < deadline:
        time.sleep(0.05)
    left = pids_of(uid())
    cgroups.kill_all(lambda: pids_of(uid()), seconds, 0.05)
    remove_files_of(uid())
    return len(left)


def remove_files_of(u, tops=SHARED):
    """Deletes what uid u made in the folders every user may write (tops, and the
    world-writable folders inside them): a step at the `nobody` level leaves nothing."""
    stack = [t for t in tops if os.path.isdir(t)]
    while stack:
        try:
            entries = list(os.scandir(stack.pop()))
        except OSError:
            continue
        for e in entries:
            try:
                st = e.stat(follow_symlinks=False)
                if st.st_uid == u and e.is_dir(follow_symlinks=False):
                    shutil.rmtree(e.path, ignore_errors=True)
                elif st.st_uid == u:
                    os.unlink(e.path)
                elif e.is_dir(follow_symlinks=False) and st.st_mode & 0o002:
                    stack.append(e.path)
            except OSError:
                pass


def reachable(path):
    """Whether nobody may walk down to path: every folder above it that exists lets
    others through (mode o+x)."""
    path = os.path.abspath(path)
    while True:
        parent = os.path.dirname(path)
        if os.path.isdir(parent) and not os.stat(parent).st_mode & 0o001:
            return False
        if parent == path:
            return True
        path = parent


def chown_tree(path, kept=()):
    """Gives a tree to the steps' uid (uid()), so a confined step can write it; the
    paths of `kept` stay the grader's."""
    u, kept = uid(), set(kept)
    for root, dirs, files in os.walk(path):
        os.lchown(root, u, u)
        for name in dirs + files:
            if os.path.join(root, name) not in kept:
                os.lchown(os.path.join(root, name), u, u)
