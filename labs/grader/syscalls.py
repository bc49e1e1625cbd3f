"""syscalls.py - the seccomp filter of the bwrap levels (confine.py): a BPF program,
made by libseccomp, that refuses (EPERM) the system calls no build, compiler or tigerc
needs (DENIED): tracing and reading other processes, mounts and namespaces, keys, BPF,
perf, userfaultfd, kernel modules and kexec, reboot, swap, the clock; for programs of the
native ABI and of 32-bit x86 alike (a course's toolchain may be i386: SML/NJ).

The grader makes it (bpf()) in its own process where its Python has libseccomp's module
(Debian's python3-seccomp), else by running this file as a script, which writes it to
stdout, with /usr/bin/python3 (a pyenv Python does not see Debian's modules). None
where neither has it: the level then holds without the filter, and the grade says so.
"""
import errno
import os
import subprocess
import sys
import tempfile

DENIED = ("ptrace", "process_vm_readv", "process_vm_writev", "kcmp",
          "mount", "umount2", "pivot_root", "chroot", "setns", "unshare",
          "fsopen", "fsmount", "fsconfig", "fspick", "move_mount", "open_tree",
          "mount_setattr", "open_by_handle_at",
          "keyctl", "add_key", "request_key", "bpf", "perf_event_open", "userfaultfd",
          "kexec_load", "kexec_file_load", "init_module", "finit_module", "delete_module",
          "reboot", "swapon", "swapoff", "acct", "quotactl", "iopl", "ioperm",
          "settimeofday", "clock_settime", "clock_adjtime", "adjtimex")
DEBIAN_PYTHON = "/usr/bin/python3"


def program():
    """The BPF program's bytes (this Python must have the module)."""
    import seccomp
    f = seccomp.SyscallFilter(defaction=seccomp.ALLOW)
    # A course's toolchain may be 32-bit x86 (Debian's SML/NJ is): its system calls
    # come through the i386 ABI, which a filter of the native ABI alone kills (SIGSYS).
    f.add_arch(seccomp.Arch.X86)
    for name in DENIED:
        try:
            f.add_rule(seccomp.ERRNO(errno.EPERM), name)
        except (RuntimeError, ValueError):  # not a call of this architecture
            pass
    with tempfile.TemporaryFile() as out:
        f.export_bpf(out)
        out.seek(0)
        return out.read()


_made = []


def bpf():
    """The BPF program, made once (see the docstring); or None."""
    if not _made:
        try:
            _made.append(program())
        except ImportError:
            _made.append(_by_debian_python())
    return _made[0]


def _by_debian_python():
    try:
        ran = subprocess.run([DEBIAN_PYTHON, os.path.abspath(__file__)],
                             capture_output=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return ran.stdout if ran.returncode == 0 and ran.stdout else None


if __name__ == "__main__":
    sys.stdout.buffer.write(program())
