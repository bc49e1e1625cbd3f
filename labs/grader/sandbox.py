"""sandbox.py - runs one command under the grader's limits and says how it ended.

Input: a command, its standard input, a time limit. Output: a Ran (exit status or
signal, stdout and stderr as bytes, whether a limit stopped it).

Limits (labs/grader/README.md, "Limits"):
  - wall-clock time limit (default 10 s): the whole process group is killed;
  - memory: RLIMIT_AS (default 2 GiB, `ulimit -v`);
  - output: stdout and stderr go to files capped by RLIMIT_FSIZE (default 1 MB); a
    program that prints more gets SIGXFSZ and is reported as "printed more than 1 MB";
  - disk: the folders it may write (`rw`) are measured twice a second; a step that
    makes them hold more than `disk` bytes or `inodes` entries is killed ("wrote more
    than ..."); the sandbox's /tmp and /dev/shm are tmpfs of TMPFS bytes (confine.py);
    a build's tree, where root may mount one, is a bounded tmpfs instead, not measured
    (submission.bounded);
  - no core files, at most 256 processes of its user (a uid of this grade's own);
  - an untrusted command runs in its grade's Box (confine.py): with its control group,
    the memory and processes of the whole grade are capped together.
An untrusted command (a student's build, its tigerc, the reference on its dump) runs
confined (confine.py: bubblewrap as nobody where it can), in a fresh private folder that
is its cwd, HOME and TMPDIR, seeing only the paths it is given.
"""
import os
import select
import shutil
import signal
import subprocess
import tempfile
import threading
from dataclasses import dataclass

from . import confine

MB = 1 << 20
# Where the private folders go when the caller names no `runs` folder (a grade names its
# own: grade.GradeConfig.runs, through judges.Context.runs and the calls it makes).
DEFAULT_RUNS = os.path.join(tempfile.gettempdir(), "tiger-grade-runs")


@dataclass
class Limits:
    seconds: float = 10.0
    memory: int = 2048 * MB
    output: int = 1 * MB
    files: int = 0           # the largest file it may write (0: output + 1 byte)
    disk: int = 0            # what its writable folders may hold (0: not watched)
    inodes: int = 100000     # the entries they may hold, when disk is watched
    reserve: int = 0         # address space it may reserve beyond memory (a JVM's heap,
                             # a GC's arenas); then memory bounds its data, not its space


@dataclass
class Ran:
    status: int = 0          # exit status; -N when killed by signal N
    stdout: bytes = b""
    stderr: bytes = b""
    timed_out: bool = False
    too_much_output: bool = False
    too_much_disk: bool = False

    def problem(self, limits, who):
        """A one-line description of an abnormal end, or None."""
        if self.timed_out:
            return "%s: time limit %g s" % (who, limits.seconds)
        if self.too_much_disk:
            return "%s wrote more than %s or %d files" % (who, size_text(limits.disk),
                                                         limits.inodes)
        if self.too_much_output:
            return "%s printed more than %s" % (who, size_text(limits.output))
        if self.status < 0:
            sig = -self.status
            name = signal.Signals(sig).name if sig in signal.Signals._value2member_map_ else "?"
            return "%s crashed with signal %d (%s)" % (who, sig, name)
        return None


def size_text(n):
    return "%d MB" % (n // MB) if n % MB == 0 else "%d bytes" % n


_level = None


def level():
    """The confinement level of untrusted steps (confine.py), probed once."""
    global _level
    if _level is None:
        _level = confine.probe()
    return _level


def _limits_prefix(limits):
    """prlimit(1)'s command that sets the limits and runs what follows. The limits are set
    by a command, not by a preexec_fn: with one, Python forks the whole grader for each
    step (14 ms a step at 100 MB, most of it copying its page tables), where without it
    it starts the step with vfork (under 2 ms)."""
    files = limits.files or limits.output + 1
    cpu = int(limits.seconds) + 2
    space = limits.memory + limits.reserve
    data = ["--data=%d:%d" % (limits.memory, limits.memory)] if limits.reserve else []
    return [PRLIMIT, "--as=%d:%d" % (space, space)] + data + [
        "--fsize=%d:%d" % (files, files), "--core=0:0", "--nproc=256:256",
        "--cpu=%d:%d" % (cpu, cpu), "--"]


PRLIMIT = shutil.which("prlimit") or "/usr/bin/prlimit"  # util-linux, on every Debian


def run_base(runs=None):
    """The runs folder (default DEFAULT_RUNS), made: nobody may enter a folder of its
    own there, not list the others."""
    runs = runs or DEFAULT_RUNS
    os.makedirs(runs, exist_ok=True)
    os.chmod(runs, 0o711)
    return runs


def _private_dir(untrusted, home_in=None, runs=None):
    """A fresh folder for one run, in home_in (default: run_base(runs)), outside /tmp;
    an untrusted one belongs to nobody."""
    d = tempfile.mkdtemp(prefix="run-", dir=home_in or run_base(runs))
    if untrusted and confine.runs_as_nobody(level()):
        os.chown(d, confine.uid(), confine.uid())
    return d


def _environment(home, path=None):
    return {"PATH": path or os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home,
            "TMPDIR": home, "LC_ALL": "C"}


def run(cmd, stdin=b"", limits=Limits(), untrusted=False, ro=(), rw=(), cwd=None,
        home_in=None, runs=None):
    """Runs cmd (a list) with the limits. An untrusted command is confined (confine.py):
    it sees only `ro` and `rw` (host paths) beside the toolchain, and starts in `cwd`
    (default: a private folder of its own, made in home_in, default the runs folder
    `runs` (run_base); in bubblewrap, a path as the step sees it)."""
    home = _private_dir(untrusted, home_in, runs)
    logs = tempfile.mkdtemp(prefix="out-", dir=run_base(runs))  # the grader's, not the command's
    out_path, err_path = os.path.join(logs, "stdout"), os.path.join(logs, "stderr")
    cwd = cwd or home
    prefix, env, fds = [], _environment(home), ()
    jailed = untrusted and level().startswith("bwrap")
    if untrusted:
        prefix = confine.prefix(level(), ro, list(rw) + [home], cwd)
        env = _environment(home, "/usr/bin:/bin" if jailed else None)
    if jailed:
        prefix, fds = confine.hide_options(prefix)
    in_path = os.path.join(logs, "stdin")
    try:
        with open(in_path, "wb") as f:
            f.write(stdin)
        with open(in_path, "rb") as given, open(out_path, "wb") as out, \
                open(err_path, "wb") as err:
            box = confine.current().join() if untrusted else []
            proc = subprocess.Popen(box + _limits_prefix(limits) + prefix + list(cmd),
                                    stdin=given, stdout=out, stderr=err,
                                    cwd=home if jailed else cwd,
                                    env=env, start_new_session=True, pass_fds=fds)
            watch = _DiskWatch(proc, [p[0] if isinstance(p, tuple) else p for p in rw] +
                               [home], limits) if limits.disk else None
            if watch:
                watch.start()
            ran = _wait(proc, limits)
            ran.too_much_disk = bool(watch and watch.stop())
        if jailed:
            ran.status = _signal_status(ran.status)
        ran.stdout = _read(out_path, limits.output)
        ran.stderr = _read(err_path, limits.output)
        ran.too_much_output = ran.status == -signal.SIGXFSZ or max(
            len(ran.stdout), len(ran.stderr)) > limits.output
        return ran
    finally:
        for fd in fds:
            os.close(fd)
        remove(home)
        shutil.rmtree(logs, ignore_errors=True)


def remove(path):
    """Deletes a tree a step may have made any depth (rm walks it without recursion;
    shutil.rmtree fails past ~1000 levels). Most steps leave their folder empty: rmdir,
    without starting rm (a tenth of a short step's time)."""
    try:
        os.rmdir(path)
        return
    except FileNotFoundError:
        return
    except OSError:  # not empty, or not a folder
        pass
    subprocess.run(["rm", "-rf", "--one-file-system", "--", path], check=False)


# The signals that end a crashed or limited process. bubblewrap's init reports a
# child killed by signal N as exit status 128 + N, which _signal_status turns back.
CRASHES = {signal.SIGSEGV, signal.SIGBUS, signal.SIGFPE, signal.SIGILL, signal.SIGABRT,
           signal.SIGKILL, signal.SIGXFSZ, signal.SIGXCPU, signal.SIGTRAP, signal.SIGSYS}


def _signal_status(status):
    return -(status - 128) if status - 128 in CRASHES else status


def _wait(proc, limits):
    """Waits for proc's end, at most limits.seconds. The stdin is a file, so nothing is
    written while waiting; the wait blocks on a pidfd and wakes the moment the process
    ends (Popen.wait with a timeout polls, sleeping up to 50 ms a turn: on a grade's
    thousand short steps that was a third of its time)."""
    try:
        fd = os.pidfd_open(proc.pid)
    except (AttributeError, OSError):  # no pidfd (Linux < 5.3): Popen's polling wait
        fd = None
    try:
        if fd is None:
            proc.wait(timeout=limits.seconds)
        elif not _ended(fd, limits.seconds):
            raise subprocess.TimeoutExpired(proc.args, limits.seconds)
        return Ran(status=proc.wait())
    except subprocess.TimeoutExpired:
        _kill(proc)
        return Ran(status=-signal.SIGKILL, timed_out=True)
    finally:
        if fd is not None:
            os.close(fd)


def _ended(pidfd, seconds):
    """Whether the process of pidfd ends within seconds (poll: any fd number, where
    select stops at 1024)."""
    waiting = select.poll()
    waiting.register(pidfd, select.POLLIN)
    return bool(waiting.poll(None if seconds is None else seconds * 1000))


def disk_use(paths, stop):
    """(bytes, entries) under paths, links not followed; stops counting past `stop`
    entries. Iterative: any depth."""
    used, count, stack = 0, 0, list(paths)
    while stack and count <= stop:
        try:
            with os.scandir(stack.pop()) as it:
                for e in it:
                    count += 1
                    st = e.stat(follow_symlinks=False)
                    used += st.st_blocks * 512
                    if e.is_dir(follow_symlinks=False):
                        stack.append(e.path)
        except OSError:
            pass
    return used, count


class _DiskWatch(threading.Thread):
    """Kills proc's group when paths hold more than limits allow (twice a second);
    stop() ends the watch and says whether it did."""

    def __init__(self, proc, paths, limits, every=0.5):
        super().__init__(daemon=True)
        self.proc, self.paths, self.limits, self.every = proc, paths, limits, every
        self.over, self.ended = False, threading.Event()

    def run(self):
        while self.proc.poll() is None and not self.ended.is_set():
            used, count = disk_use(self.paths, self.limits.inodes)
            if used > self.limits.disk or count > self.limits.inodes:
                self.over = True
                try:
                    os.killpg(self.proc.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                return
            self.ended.wait(self.every)

    def stop(self):
        self.ended.set()
        self.join()
        return self.over


def _kill(proc):
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    proc.wait()


def _read(path, cap):
    with open(path, "rb") as f:
        return f.read(cap + 1)


def public_folder(runs=None):
    """A fresh folder in the runs folder (run_base) that anyone may read, only the
    grader write."""
    folder = tempfile.mkdtemp(prefix="bin-", dir=run_base(runs))
    os.chmod(folder, 0o755)
    return folder


def public_copy(path, folder):
    """A copy of path in folder (public_folder): what a confined step may run or load,
    and cannot change."""
    dst = os.path.join(folder, os.path.basename(path))
    shutil.copyfile(path, dst)
    os.chmod(dst, 0o755)
    return dst
