"""cgroups.py - one control group per grade: the kernel's cap on the memory and the
number of processes of ALL the processes of a grade's untrusted steps together
(labs/grader/README.md, "Limits"), where the machine lets the grader make one.

Input: a name, the caps. Output: a Cgroup whose join() is a command prefix that puts
the command (and so everything it starts) in the group before it drops privileges,
whose end() kills what is left in it and removes it; or None where no group can be
made. The hierarchy is probed once, strongest first:

  v2  a cgroup2 hierarchy (/sys/fs/cgroup, or /sys/fs/cgroup/unified) where memory
      and pids can be enabled below the grader's folder tiger-grade/;
  v1  the memory and pids hierarchies of cgroup v1, writable (Debian as root);
  none  neither (not root, a container without them): the RLIMITs alone hold.
"""
import os
import signal
import time

V2_ROOTS = ("/sys/fs/cgroup", "/sys/fs/cgroup/unified")
V1_ROOT = "/sys/fs/cgroup"
TOP = "tiger-grade"  # the grader's folder in each hierarchy
# The join prefix: the shell writes its own pid into each cgroup.procs named before
# "--", then becomes the command (exec: no process left between).
JOIN = 'while [ "$1" != -- ]; do echo $$ > "$1" || exit 125; shift; done; shift; exec "$@"'


def _write(path, text):
    with open(path, "w") as f:
        f.write(text)


def _v2_top():
    """tiger-grade/ of a cgroup2 hierarchy with memory and pids enabled for its
    children, or None."""
    for root in V2_ROOTS:
        try:
            with open(os.path.join(root, "cgroup.controllers")) as f:
                if not {"memory", "pids"} <= set(f.read().split()):
                    continue
            top = os.path.join(root, TOP)
            os.makedirs(top, exist_ok=True)
            _write(os.path.join(root, "cgroup.subtree_control"), "+memory +pids")
            _write(os.path.join(top, "cgroup.subtree_control"), "+memory +pids")
            return top
        except OSError:
            continue
    return None


def _v1_tops():
    """{controller: tiger-grade/ of its v1 hierarchy}, or None."""
    tops = {}
    for controller in ("memory", "pids"):
        top = os.path.join(V1_ROOT, controller, TOP)
        try:
            os.makedirs(top, exist_ok=True)
        except OSError:
            return None
        if not os.access(os.path.join(top, "cgroup.procs"), os.W_OK):
            return None
        tops[controller] = top
    return tops


_found = []


def hierarchy():
    """("v2", top) | ("v1", {controller: top}) | ("none", None), probed once."""
    if not _found:
        v2 = _v2_top() if os.geteuid() == 0 else None
        v1 = None if v2 or os.geteuid() != 0 else _v1_tops()
        _found.append(("v2", v2) if v2 else ("v1", v1) if v1 else ("none", None))
    return _found[0]


def kill_all(find, seconds=5.0, pause=0.02):
    """SIGKILL to every pid find() gives, again until it gives none (a process may
    fork meanwhile) or `seconds` have passed."""
    deadline = time.time() + seconds
    while (pids := find()) and time.time() < deadline:
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        time.sleep(pause)


class Cgroup:
    """One grade's group (one folder per hierarchy; v1: memory/ and pids/)."""

    def __init__(self, folders, version):
        self.folders, self.version = folders, version

    def join(self):
        return ["/bin/sh", "-c", JOIN, "join"] + [
            os.path.join(f, "cgroup.procs") for f in self.folders] + ["--"]

    def pids(self):
        out = set()
        for folder in self.folders:
            try:
                with open(os.path.join(folder, "cgroup.procs")) as f:
                    out |= {int(p) for p in f.read().split()}
            except OSError:
                pass
        return out

    def kill(self):
        """Kills every process in the group."""
        kill_all(self.pids)

    def end(self):
        """kill(), then the group's folders removed."""
        self.kill()
        for folder in self.folders:
            for _ in range(50):  # the killed leave the group a moment after
                try:
                    os.rmdir(folder)
                    break
                except FileNotFoundError:
                    break
                except OSError:
                    time.sleep(0.02)


def make(name, memory, pids):
    """A fresh group `name` capped at `memory` bytes and `pids` processes, or None."""
    version, top = hierarchy()
    if version == "none":
        return None
    if version == "v2":
        folder = os.path.join(top, name)
        folders, caps = [folder], [(folder, "memory.max", memory),
                                   (folder, "memory.swap.max", 0), (folder, "pids.max", pids)]
    else:
        mem, count = os.path.join(top["memory"], name), os.path.join(top["pids"], name)
        folders, caps = [mem, count], [(mem, "memory.limit_in_bytes", memory),
                                       (count, "pids.max", pids)]
    group = Cgroup(folders, version)
    try:
        for folder in folders:
            os.makedirs(folder, exist_ok=True)
        for folder, knob, value in caps:
            if os.path.exists(os.path.join(folder, knob)):  # no swap: no memory.swap.max
                _write(os.path.join(folder, knob), str(value))
    except OSError:
        group.end()
        return None
    return group
