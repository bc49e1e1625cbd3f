#!/usr/bin/env python3
"""dialect_roundtrip.py - tigerc's own dumps respelled in each dialect of docs/judge.md,
read back and run: the judge reads every course's words as it reads tigerc's.

Usage: dialect_roundtrip.py TIGERC SRC

For every program of SRC/testcases/{runtime,valid,ptoext,demo} (and the book's
programs when ../shared is there) that compiles, at ir, linear and traces, and for each
dialect with a profile of its words that renames fp, rv and some runtime functions
(words of 8 bytes, as tigerc's IR has):
  - `tigerc --emit=STAGE --profile=P` prints the dump in the dialect's words;
  - `tigerc --from=STAGE --profile=P --verify --run` of it prints what `--run-at=STAGE`
    of the Tiger program prints, with the same exit status;
  - `tigerc --from=STAGE --profile=P --emit=STAGE` of it prints the same bytes again.
Expects besides: each dialect's words are in its dumps (MUL, ~, temp, the names); a
profile of words of 4 bytes cannot print tigerc's IR (64). Ends with "N passed, N failed".
"""
import glob
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
from labs.programs import COMPILE_ERRORS, directives  # noqa: E402

# Each dialect's profile: its own words, other names for fp, rv and runtime functions.
PROFILES = {
    "appel-c": {"fp": "t0", "rv": "t1", "runtime": {"tig_print": "print"}},
    "appel-ml": {"fp": "$fp", "rv": "$v0", "main": "main",
                 "runtime": {"printint": "printi", "_initArray": "initArray"}},
    "appel-java": {"fp": "%rbp", "rv": "%rax", "runtime": {"_allocRecord": "allocRecord"}},
    "tiger-cpp": {"fp": "rbp", "rv": "rax", "sp": "", "frame_size_suffix": "",
                  "runtime": {"init_array": "initArray", "alloc_record": "allocRecord",
                              "string_equal": "stringEqual"}},
}
WORDS = {"appel-c": [b"TEMP t0"], "appel-ml": [b"MUL", b"PROC main", b"printint"],
         "appel-java": [b"MUL", b"TEMP %rbp"], "tiger-cpp": [b"temp rbp"]}
STAGES = ["ir", "linear", "traces"]


def programs(src):
    dirs = [os.path.join(src, "testcases", d) for d in ("runtime", "valid", "ptoext", "demo")]
    book = os.path.join(os.path.dirname(os.path.abspath(src)), "shared", "tiger", "book")
    if os.path.isdir(book):
        dirs.append(book)
    else:
        print("skip: the book's programs (%s is absent)" % book)
    for d in dirs:
        for path in sorted(glob.glob(os.path.join(d, "**", "*.tig"), recursive=True)):
            spec = directives(path)
            if spec["exit"] not in COMPILE_ERRORS:
                yield path, spec["stdin"]


def run(*args, stdin=b""):
    return subprocess.run(list(args), input=stdin, capture_output=True, timeout=120)


def checks(tigerc, src, work):
    profiles = {}
    for name, keys in PROFILES.items():
        path = os.path.join(work, name + ".json")
        with open(path, "w") as f:
            json.dump({"dialect": name, "word_size": 8, **keys}, f)
        profiles[name] = path
    seen = {name: b"" for name in PROFILES}
    for path, stdin in programs(src):
        for stage in STAGES:
            want = run(tigerc, "--run-at=" + stage, path, stdin=stdin)
            if want.returncode in COMPILE_ERRORS:
                continue
            for name, profile in profiles.items():
                dump = run(tigerc, "--emit=" + stage, "--profile=" + profile, path)
                seen[name] += dump.stdout[:20000]
                file = os.path.join(work, "dump")
                with open(file, "wb") as f:
                    f.write(dump.stdout)
                got = run(tigerc, "--from=" + stage, "--profile=" + profile, "--verify",
                          "--run", file, stdin=stdin)
                again = run(tigerc, "--from=" + stage, "--profile=" + profile,
                            "--emit=" + stage, file)
                where = "%s at %s in %s" % (os.path.relpath(path, src), stage, name)
                yield "%s runs as tigerc's" % where, (
                    dump.returncode == 0 and got.stdout == want.stdout
                    and got.returncode == want.returncode), got.stderr[:300]
                yield "%s prints the same bytes again" % where, (
                    again.returncode == 0 and again.stdout == dump.stdout), again.stderr[:300]
    for name, words in WORDS.items():
        yield "%s's dumps have its words %s" % (name, words), all(
            w in seen[name] for w in words), b""
    four = os.path.join(work, "four.json")
    with open(four, "w") as f:
        json.dump({"dialect": "appel-c", "word_size": 4}, f)
    r = run(tigerc, "--emit=traces", "--profile=" + four,
            os.path.join(src, "testcases", "demo", "sum.tig"))
    yield "words of 4 bytes cannot print tigerc's IR (64)", (
        r.returncode == 64 and b"words of 8" in r.stderr), r.stderr


def main(argv):
    if len(argv) != 3:
        print(__doc__)
        return 2
    passed = failed = 0
    with tempfile.TemporaryDirectory() as work:
        for what, ok, detail in checks(argv[1], argv[2], work):
            if ok:
                passed += 1
            else:
                failed += 1
                print("FAIL %s: %s" % (what, detail.decode("latin-1").strip()))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
