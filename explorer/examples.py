#!/usr/bin/env python3
"""examples.py - the example programs Tiger Explorer bundles, as JSON on stdout.

Usage: examples.py TESTCASES_DIR [--all]
Output: [{"name": "demo/queens", "source": "...", "stdin": "..."}, ...] for every
.tig of testcases/demo then testcases/valid (with --all: of every folder, each with its
"dir", for explorer/test), with the standard input each states in its first
comment (the `stdin:` directive, read by testcases/run_testcases.py's own parser).
"""
import glob
import json
import os
import sys

sys.path.insert(0, sys.argv[1])
from run_testcases import directives  # noqa: E402


def examples(testcases, folders, with_dirs):
    found = []
    for folder in folders:
        for path in sorted(glob.glob(os.path.join(testcases, folder, "*.tig"))):
            name = folder + "/" + os.path.basename(path)[:-4]
            source = open(path, encoding="utf-8").read()
            stdin = directives(path)["stdin"].decode("latin-1")
            found.append({"name": name, "source": source, "stdin": stdin})
            if with_dirs:
                found[-1]["dir"] = os.path.dirname(os.path.abspath(path))
    return found


if __name__ == "__main__":
    every = "--all" in sys.argv
    folders = sorted(os.listdir(sys.argv[1])) if every else ["demo", "valid"]
    folders = [f for f in folders if glob.glob(os.path.join(sys.argv[1], f, "*.tig"))]
    json.dump(examples(sys.argv[1], folders, every), sys.stdout)
