"""sandbox.py - runs one command under the grader's limits and says how it ended.

Input: a command, its standard input, a time limit. Output: a Ran (exit status or
signal, stdout and stderr as bytes, whether a limit stopped it).

Limits (labs/GRADING.md, "Robustness"):
  - wall-clock time limit (default 10 s): the whole process group is killed;
  - memory: RLIMIT_AS (default 2 GiB, `ulimit -v`);
  - output: stdout and stderr go to files capped by RLIMIT_FSIZE (default 1 MB); a
    program that prints more gets SIGXFSZ and is reported as "printed more than 1 MB";
  - no core files, at most 256 processes of its user.
An untrusted command (a student's tigerc) runs in a fresh private folder that is its
cwd, HOME and TMPDIR and, when the grader is root, as user `nobody` (setpriv), with no
network and a throwaway tmpfs over /tmp, /var/tmp and /dev/shm (unshare --mount --net):
every other folder it could write to belongs to root, so a submission cannot touch the
grader, the reference, the other submissions or their runs. Without namespaces it is
only `nobody`; not root, it runs as the grader's user in its private folder.
"""
import os
import resource
import shutil
import signal
import subprocess
import tempfile
from dataclasses import dataclass

NOBODY = 65534
MB = 1 << 20
# Where the private folders go; grade.py sets it to build/grade/runs.
RUN_BASE = os.path.join(tempfile.gettempdir(), "tiger-grade-runs")


@dataclass
class Limits:
    seconds: float = 10.0
    memory: int = 2048 * MB
    output: int = 1 * MB


@dataclass
class Ran:
    status: int = 0          # exit status; -N when killed by signal N
    stdout: bytes = b""
    stderr: bytes = b""
    timed_out: bool = False
    too_much_output: bool = False

    def problem(self, limits, who):
        """A one-line description of an abnormal end, or None."""
        if self.timed_out:
            return "%s: time limit %g s" % (who, limits.seconds)
        if self.too_much_output:
            return "%s printed more than %s" % (who, size_text(limits.output))
        if self.status < 0:
            sig = -self.status
            name = signal.Signals(sig).name if sig in signal.Signals._value2member_map_ else "?"
            return "%s crashed with signal %d (%s)" % (who, sig, name)
        return None


def size_text(n):
    return "%d MB" % (n // MB) if n % MB == 0 else "%d bytes" % n


# Inside new mount and network namespaces: a throwaway tmpfs over each shared writable
# folder named after the script (those a command's own files are in stay), then the
# command as nobody.
SHARED = ("/tmp", "/var/tmp", "/dev/shm")
HIDE = ('while [ "$1" != -- ]; do [ ! -d "$1" ] || mount -t tmpfs -o size=64m tmpfs "$1" '
        '|| exit 125; shift; done; shift; exec "$@"')
NOBODY_CMD = ["setpriv", "--reuid=%d" % NOBODY, "--regid=%d" % NOBODY, "--clear-groups", "--"]


def _namespaces(hidden):
    return ["unshare", "--mount", "--net", "sh", "-c", HIDE, "sh"] + list(hidden) + ["--"]


def _confine_prefix():
    """The strongest way this machine offers to run a command confined (docstring)."""
    if os.geteuid() != 0 or not shutil.which("setpriv"):
        return []
    for prefix in (_namespaces(SHARED) + NOBODY_CMD, NOBODY_CMD):
        probe = subprocess.run(prefix + ["true"], capture_output=True)
        if probe.returncode == 0:
            return prefix
    return []


def _confined(cmd):
    """CONFINE for cmd: a shared folder holding one of cmd's paths is not hidden."""
    if CONFINE[:1] != ["unshare"]:
        return CONFINE
    used = [a for a in cmd if a.startswith("/")]
    hidden = [d for d in SHARED if not any(a.startswith(d + "/") for a in used)]
    return _namespaces(hidden) + NOBODY_CMD


CONFINE = _confine_prefix()


def _set_limits(limits):
    def apply():
        resource.setrlimit(resource.RLIMIT_AS, (limits.memory, limits.memory))
        resource.setrlimit(resource.RLIMIT_FSIZE, (limits.output + 1, limits.output + 1))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        resource.setrlimit(resource.RLIMIT_NPROC, (256, 256))
        cpu = int(limits.seconds) + 2
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu))
    return apply


def _private_dir():
    """A fresh folder for one run, outside /tmp (hidden from a confined command)."""
    os.makedirs(RUN_BASE, exist_ok=True)
    os.chmod(RUN_BASE, 0o711)  # nobody may enter its own folder, not list the others
    d = tempfile.mkdtemp(prefix="run-", dir=RUN_BASE)
    if CONFINE:
        os.chown(d, NOBODY, NOBODY)
    return d


def run(cmd, stdin=b"", limits=Limits(), untrusted=False):
    """Runs cmd (a list) with the limits; untrusted commands are confined (above)."""
    home = _private_dir()
    logs = tempfile.mkdtemp(prefix="out-", dir=RUN_BASE)  # the grader's, not the command's
    out_path, err_path = os.path.join(logs, "stdout"), os.path.join(logs, "stderr")
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home,
           "TMPDIR": home, "LC_ALL": "C"}
    prefix = _confined(cmd) if untrusted else []
    try:
        with open(out_path, "wb") as out, open(err_path, "wb") as err:
            proc = subprocess.Popen(prefix + list(cmd), stdin=subprocess.PIPE, stdout=out,
                                    stderr=err, cwd=home, env=env, start_new_session=True,
                                    preexec_fn=_set_limits(limits))
            ran = _wait(proc, stdin, limits)
        ran.stdout = _read(out_path, limits.output)
        ran.stderr = _read(err_path, limits.output)
        ran.too_much_output = ran.status == -signal.SIGXFSZ or max(
            len(ran.stdout), len(ran.stderr)) > limits.output
        return ran
    finally:
        shutil.rmtree(home, ignore_errors=True)
        shutil.rmtree(logs, ignore_errors=True)


def _wait(proc, stdin, limits):
    try:
        proc.communicate(stdin, timeout=limits.seconds)
        return Ran(status=proc.returncode)
    except subprocess.TimeoutExpired:
        _kill(proc)
        return Ran(status=-signal.SIGKILL, timed_out=True)
    except BrokenPipeError:
        proc.wait()
        return Ran(status=proc.returncode)


def _kill(proc):
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    proc.wait()


def _read(path, cap):
    with open(path, "rb") as f:
        return f.read(cap + 1)
