#!/usr/bin/env python3
"""read_dumps.py TIGERC CASES... - tigerc --from=pto-ssa on dumps written to fail.

Each CASES file holds cases separated by lines `# ----- NAME`. A case opens with its
expectations, then its dump (line 1 is the first line after the `#` lines):
  # args: --emit=mlir                   (optional; default --verify --emit=pto-ssa)
  # expect: EXIT LINE:COL: MESSAGE       (one a reported error, in order)
  # expect: EXIT MESSAGE                 (an error no line says: after "<stdin>: error: ")
tigerc reads the dump on stdin (`-`) and must exit EXIT, print nothing on stdout, and
print exactly the expected errors: `<stdin>:LINE:COL: error: ` followed by text that
starts with MESSAGE, each with its dump line (as Diagnostics shows it) and a caret
under COL. Never a crash, an
internal error or a usage error. Ends with "N passed, N failed".
"""
import re
import subprocess
import sys

EXPECT = re.compile(r"# expect: (\d+) (?:(\d+):(\d+): )?(.*)$")
ERROR = re.compile(r"<stdin>:(\d+):(\d+): error: (.*)$")


def cases(path):
    """(name, args, [(exit, line, col, message)], dump) of each case of a file."""
    text = open(path, encoding="latin-1").read()
    for block in re.split(r"(?m)^# ----- ", text)[1:]:
        name, _, rest = block.partition("\n")
        lines = rest.split("\n")
        head = 0
        while head < len(lines) and lines[head].startswith("#"):
            head += 1
        args = ["--verify", "--emit=pto-ssa"]
        expects = []
        for line in lines[:head]:
            if line.startswith("# args:"):
                args = line[len("# args:"):].split()
            elif EXPECT.match(line):
                m = EXPECT.match(line)
                expects.append((int(m.group(1)), m.group(2) and int(m.group(2)),
                                m.group(3) and int(m.group(3)), m.group(4)))
        yield name.strip(), args, expects, "\n".join(lines[head:])


def shown(line):
    """A dump line as Diagnostics shows it (base/diag.cc): control bytes as '?'."""
    line = line[:-1] if line.endswith("\r") else line
    line = "".join("?" if (ord(c) < 32 and c != "\t") or ord(c) == 127 else c for c in line)
    return line if len(line) <= 200 else line[:200] + "..."


def check(tigerc, args, expects, dump):
    """None when tigerc does what the case expects, else what it did."""
    r = subprocess.run([tigerc, "--from=pto-ssa", *args, "-"], input=dump.encode("latin-1"),
                       capture_output=True, timeout=60)
    err = r.stderr.decode("latin-1")
    if r.returncode != expects[0][0] or r.stdout:
        return "exit %d (stdout %r): %s" % (r.returncode, r.stdout[:80], err[:300])
    reported = err.split("\n")
    errors = [k for k, l in enumerate(reported) if ": error: " in l]
    if len(errors) != len(expects):
        return "%d errors, expected %d: %s" % (len(errors), len(expects), err[:300])
    lines = dump.split("\n")
    for k, (_, line, col, message) in zip(errors, expects):
        m = ERROR.match(reported[k])
        if line is None:
            if not reported[k].startswith("<stdin>: error: " + message):
                return "said %r" % reported[k]
            continue
        if not m or (int(m.group(1)), int(m.group(2))) != (line, col) or \
                not m.group(3).startswith(message):
            return "said %r" % reported[k]
        text = shown(lines[line - 1] if line <= len(lines) else "")
        under = "".join("\t" if c == "\t" else " " for c in text[:col - 1])
        if reported[k + 1:k + 3] != ["  " + text, "  " + under + "^"]:
            return "showed %r" % reported[k + 1:k + 3]
    return None


def main(argv):
    passed = failed = 0
    for path in argv[2:]:
        for name, args, expects, dump in cases(path):
            problem = "no expect line" if not expects else check(argv[1], args, expects, dump)
            if problem:
                failed += 1
                print("FAIL %s: %s" % (name, problem))
            else:
                passed += 1
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
