"""programs.py - what a test program expects, read from its first comment
(testcases/README.md): the one parser of the directives that the ctest harness
(testcases/run_testcases.py), and the grader share.

Input: a .tig file. Output: {"exit": N, "errors": [...], "stderr": [...],
"stdin": bytes, "stdout": bytes or None}; NAME.out beside NAME.tig is the stdout when
no `stdout:` line gives it. COMPILE_ERRORS: the exit statuses of a compile-time error.
"""
import os
import re

COMPILE_ERRORS = {64, 65, 66, 67}


def unescape(text):
    return text.encode("latin-1").decode("unicode_escape").encode("latin-1")


def directives(path):
    """The expectations written in the first comment of a .tig file."""
    src = open(path, "rb").read().decode("latin-1")
    start = src.find("/*")
    end = src.find("*/", start)
    header = src[start + 2:end] if start >= 0 and end > start else ""
    spec = {"exit": 0, "errors": [], "stderr": [], "stdin": b"", "stdout": None}
    for line in header.splitlines():
        m = re.match(r"\s*(exit|error|stderr|stdin|stdout):\s?(.*)$", line)
        if not m:
            continue
        key, value = m.group(1), m.group(2).rstrip("\r")
        if key == "exit":
            spec["exit"] = int(value.strip())
        elif key == "error":
            spec["errors"].append(value.strip())
        elif key == "stderr":
            spec["stderr"].append(value.strip())
        elif key == "stdin":
            spec["stdin"] += unescape(value)
        else:
            spec["stdout"] = (spec["stdout"] or b"") + unescape(value)
    out_file = path[:-4] + ".out"
    if spec["stdout"] is None and os.path.exists(out_file):
        spec["stdout"] = open(out_file, "rb").read()
    return spec
