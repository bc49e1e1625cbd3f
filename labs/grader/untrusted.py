"""untrusted.py - reads a folder a student controls without following it anywhere.

Input: a folder the grader must not trust (an upload, a student's test programs, the
scratch tree a confined build wrote) and bounds. Output: the relative paths of its
regular files once the whole folder passed the checks (size, file count, depth, names),
or a Refused exception whose text is one line a student can act on; a file's bytes,
read through no symbolic link and at most a bound (labs/grader/README.md, "Limits").

Every path is opened one component at a time from the folder's own descriptor, with
O_NOFOLLOW (and O_DIRECTORY above the file): a symbolic link anywhere on the way, a
folder swapped for a link, a FIFO or a device are refused, never followed. The walk
keeps its own stack (no recursion), so a tree 1100 folders deep is refused, not a crash.
"""
import os
import stat
from dataclasses import dataclass

MB = 1 << 20
_DIR = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
_FILE = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC


class Refused(Exception):
    """A submission the grader will not read; str() is the reason, one line."""


@dataclass
class Bounds:
    size: int = 64 * MB     # every file together
    file: int = 8 * MB      # one file
    files: int = 20000      # regular files
    depth: int = 32         # folders below the top


UPLOAD = Bounds()
TRUSTED = Bounds(size=1 << 50, file=1 << 50, files=1 << 40, depth=1 << 20)  # our own trees


def bad_name(name):
    """Why a file name is refused (a control character or a leading '-'), or None."""
    for c in name:
        if ord(c) < 32 or 127 <= ord(c) < 160:
            return "a control character (%r)" % c
    return "a leading '-'" if name.startswith("-") else None


def printable(text, keep=""):
    """text with every control character but those in `keep` written as \\xNN (or
    \\uNNNN), undecodable bytes of a name as \\xNN: safe on a terminal, in a table, a
    CSV or XML."""
    out = []
    for c in text:
        code = ord(c)
        if 0xDC80 <= code <= 0xDCFF:  # a byte os.fsdecode could not decode
            out.append("\\x%02x" % (code - 0xDC00))
        elif 0xD800 <= code <= 0xDFFF:  # a lone surrogate: no UTF-8 for it
            out.append("\\u%04x" % code)
        elif (code < 32 or 127 <= code < 160 or code in (0x2028, 0x2029, 0xFEFF)) \
                and c not in keep:
            out.append("\\x%02x" % code if code < 256 else "\\u%04x" % code)
        else:
            out.append(c)
    return "".join(out)


def shown(path):
    """A path as a one-line message may show it."""
    return printable(path)


def open_dir(top, rel=""):
    """A descriptor of top/rel, each folder of rel opened with O_NOFOLLOW."""
    fd = os.open(top, _DIR)
    for part in [p for p in rel.split("/") if p]:
        try:
            nxt = os.open(part, _DIR, dir_fd=fd)
        except OSError as e:
            raise Refused("%s: not a folder of the submission (%s)" % (
                shown(rel), e.strerror)) from None
        finally:
            os.close(fd)
        fd = nxt
    return fd


def read(top, rel, cap):
    """The bytes of the regular file top/rel (no link followed), at most cap of them;
    Refused when it is not a regular file or is larger."""
    folder, name = os.path.split(rel)
    d = open_dir(top, folder)
    try:
        fd = os.open(name, _FILE, dir_fd=d)
    except OSError as e:
        raise Refused("%s: cannot be read (%s)" % (
            shown(rel), "a symbolic link" if e.errno == 40 else e.strerror)) from None
    finally:
        os.close(d)
    with os.fdopen(fd, "rb") as f:
        st = os.fstat(f.fileno())
        if not stat.S_ISREG(st.st_mode):
            raise Refused("%s: not a regular file" % shown(rel))
        if st.st_size > cap:
            raise Refused("%s: %d bytes, more than %d" % (shown(rel), st.st_size, cap))
        data = read_at_most(f, cap + 1)
    if len(data) > cap:
        raise Refused("%s: more than %d bytes" % (shown(rel), cap))
    return data


def read_at_most(f, limit, chunk=1 << 20):
    """At most `limit` bytes of f, read a chunk at a time: f.read(limit) would allocate
    `limit` bytes at once, and our own trees' cap is far beyond any memory."""
    parts, left = [], limit
    while left > 0:
        part = f.read(min(chunk, left))
        if not part:
            break
        parts.append(part)
        left -= len(part)
    return b"".join(parts)


def copy_out(top, rel, dst, cap):
    """top/rel (read()) written to dst, a path of the grader's; returns dst."""
    data = read(top, rel, cap)
    fd = os.open(dst, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o755)
    with os.fdopen(fd, "wb") as f:
        f.write(data)
    os.chmod(dst, 0o755)
    return dst


def _entries(top, rel):
    fd = open_dir(top, rel)
    try:
        with os.scandir(fd) as it:
            return [(e.name, e.is_dir(follow_symlinks=False), e.is_file(follow_symlinks=False),
                     e.stat(follow_symlinks=False).st_size) for e in it]
    finally:
        os.close(fd)


def files(top, bounds=UPLOAD, skip_top=lambda name: False):
    """The sorted relative paths of top's regular files (links and other kinds left
    out, the top folder's names for which skip_top holds not entered), after checking
    bounds and names over the whole tree; Refused with the first rule broken."""
    out, size, stack = [], 0, [("", 0)]
    while stack:
        rel, depth = stack.pop()
        for name, is_dir, is_file, n in _entries(top, rel):
            path = os.path.join(rel, name)
            if not rel and skip_top(name):
                continue
            why = bad_name(name)
            if why:
                raise Refused("the name %s has %s: rename it" % (shown(path), why))
            if is_dir:
                if depth + 1 > bounds.depth:
                    raise Refused("folders nested more than %d deep (%s...)" % (
                        bounds.depth, shown(path)[:120]))
                stack.append((path, depth + 1))
            elif is_file:
                size += n
                out.append(path)
                if n > bounds.file:
                    raise Refused("%s: %d bytes, more than %d MB a file" % (
                        shown(path), n, bounds.file // MB))
                if size > bounds.size or len(out) > bounds.files:
                    raise Refused("more than %d MB or %d files in all" % (
                        bounds.size // MB, bounds.files))
    return sorted(out)
