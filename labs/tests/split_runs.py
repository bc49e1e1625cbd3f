"""split_runs.py TIGERC - ptoext's judge runs a lowered program on all its inputs from one
mlir-cpu-runner-19 start (judges.run_mlir, ptoext/runtime/input_split.cc).

Expects, for a program that reads one character and then behaves by it, run on the
inputs "a", "b", "c", "d", "e" at once (each input's time limit 2 s, output 200 bytes):
  a: exit 0, stdout "aa";  b: exit 3, stdout "b!";  c: the runtime's step limit (exit 71), "looping" kept;
  d: exit 70, "runtime error: division by zero" on stderr;  e: "printed more than";
so each input's run is its own: its status, its output, its limit. A program that fails
before its first read or write, and one that never reads or prints, give one run that
stands for every input. MLIR whose main prints 42 and returns without tig_leave ends on
each input (exit 0, "42"). MLIR that loops forever after its first flush stops at the time
limit (1 s) on its first input, and its second input says the same without being run.
Without running anything: records that end at a timeout stand for the inputs after it;
records that are cut short (or end without a timeout), out of order or followed by more
bytes cannot be read (split_runs gives None).
Skipped (exit 0, with a message) without MLIR 19's tools.
Ends with "N passed, N failed"; exit 1 when one failed.
"""
import os
import shutil
import sys
import tempfile
from dataclasses import replace

from labs.grader import grade, judges, sandbox

BY_INPUT = """let var c := getchar()
in if c = "b" then (print("b!"); exit(3))
   else if c = "c" then (print("looping"); flush(); while 1 do ())
   else if c = "d" then printi(1 / (size(c) - 1))
   else if c = "e" then for i := 1 to 100 do print("0123456789")
   else print(concat(c, c))
end
"""
FAILS_FIRST = "let var n := 0 in printi(1 / n) end\n"
SILENT = "let var n := 6 in n := n * 7 end\n"
# MLIR that prints (so it splits) and returns without tig_enter and tig_leave, which
# the MLIR that tigerc emits always has: its children end when main returns.
NO_LEAVE = b"""module {
  func.func private @tig_printi(i64)
  func.func @main() {
    %answer = arith.constant 42 : i64
    func.call @tig_printi(%answer) : (i64) -> ()
    func.return
  }
}
"""
# MLIR that flushes (so it splits), then counts up without tig_step: 2^63 turns, longer
# than any time limit, which alone stops it.
ENDLESS = b"""module {
  func.func private @tig_flush()
  func.func @main() {
    func.call @tig_flush() : () -> ()
    %zero = arith.constant 0 : i64
    %one = arith.constant 1 : i64
    %last = scf.while (%i = %zero) : (i64) -> i64 {
      %more = arith.cmpi sge, %i, %zero : i64
      scf.condition(%more) %i : i64
    } do {
    ^bb0(%j: i64):
      %next = arith.addi %j, %one : i64
      scf.yield %next : i64
    }
    func.return
  }
}
"""


def lowered(cx, tigerc, text, work):
    """The reference's MLIR of a Tiger text, lowered by judges.lower_mlir."""
    path = os.path.join(work, "prog.tig")
    with open(path, "w") as f:
        f.write(text)
    mlir, problem = judges.student_emit(cx, tigerc, "mlir", path)
    assert problem is None, problem
    low, _, problem = judges.lower_mlir(cx, mlir, work)
    assert problem is None, problem
    return low


def checks(tigerc, check):
    cx = ptoext_context(tigerc, 2)
    # Each input's output limit is the trusted tools' (cx.trusted): 200 bytes for the runs.
    small = replace(cx, trusted=sandbox.Limits(60, cx.trusted.memory, output=200))
    work = sandbox.public_folder()
    try:
        runs = judges.run_mlir(small, lowered(cx, tigerc, BY_INPUT, work),
                               [b"a", b"b", b"c", b"d", b"e"], work)
        got = [(r.status, r.stdout, p) for r, p in runs]
        check("five inputs, five runs", len(runs) == 5, repr(got))
        if len(runs) == 5:
            (a, _), (b, _), (c, _), (d, _), (e, e_problem) = runs
            check("a: exit 0, aa", (a.status, a.stdout) == (0, b"aa"), repr(got[0]))
            check("b: exit 3, b!", (b.status, b.stdout) == (3, b"b!"), repr(got[1]))
            check("c: the runtime's step limit, its output kept", c.status == 71 and
                  c.stdout == b"looping" and b"step limit" in c.stderr, repr(got[2]))
            check("d: division by zero", d.status == 70 and
                  b"division by zero" in d.stderr, repr((d.status, d.stderr)))
            check("e: more than its output limit", e.too_much_output and
                  "printed more than 200 bytes" in (e_problem or ""), repr(got[4]))
        for name, text, want in (("fails before any read", FAILS_FIRST, 70),
                                 ("never reads or prints", SILENT, 0)):
            runs = judges.run_mlir(cx, lowered(cx, tigerc, text, work), [b"x", b"y"], work)
            check(name + ": one run for both inputs", len(runs) == 2 and
                  all(r.status == want and p is None for r, p in runs) and
                  runs[0][0] == runs[1][0], repr([(r.status, p) for r, p in runs]))
        low, _, problem = judges.lower_mlir(cx, NO_LEAVE, work)
        runs = judges.run_mlir(cx, low, [b"x", b"y"], work)
        check("a main that never calls tig_leave ends on each input", [
            (r.status, r.stdout, p) for r, p in runs] == [(0, b"42", None)] * 2,
            repr([(r.status, r.stdout, p) for r, p in runs]))
        low, _, problem = judges.lower_mlir(cx, ENDLESS, work)
        runs = judges.run_mlir(replace(cx, limits=sandbox.Limits(seconds=1)), low,
                               [b"x", b"y"], work)
        check("an endless loop: the time limit, and no run after it", len(runs) == 2 and
              all(r.timed_out and p == "your MLIR, run by mlir-cpu-runner-19: time limit "
                  "1 s" for r, p in runs), repr([(r.status, p) for r, p in runs]))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    record = b"tigerrt input 0: exit 0 2 1\nhi!tigerrt input 1: signal 9 0 0\n"
    ran = sandbox.Ran(0, record)
    split = judges.split_runs(ran, 2, cx.trusted)
    check("records read back", split is not None and [(r.status, r.stdout, r.stderr)
          for r in split] == [(0, b"hi", b"!"), (-9, b"", b"")], repr(split))
    split = judges.split_runs(sandbox.Ran(0, b"tigerrt input 0: timeout 0 0\n"), 3, cx.trusted)
    check("records that end at a timeout stand for the rest", split is not None and
          len(split) == 3 and all(r.timed_out for r in split), repr(split))
    for name, stdout in (("cut short", record[:-5]), ("ending without a timeout",
                          record[:record.index(b"tigerrt input 1")]), ("out of order",
                          record.replace(b"input 1", b"input 2")),
                         ("more bytes after", record + b"x")):
        check("records " + name + " are refused",
              judges.split_runs(sandbox.Ran(0, stdout), 2, cx.trusted) is None)


def ptoext_context(tigerc, seconds):
    """A judges.Context of ptoext: the reference tigerc and its runtime, the student's
    time limit."""
    return judges.Context(grade.load_spec("ptoext"), tigerc, os.path.join(
        os.path.dirname(tigerc), "libtigerrt.so"), sandbox.Limits(seconds=seconds))


def mlir_main(doc, prefix, checks):
    """A test of ptoext's judge: checks(tigerc, check) with its own RUN_BASE, where
    check(name, ok, detail) prints a line; its count printed, exit 1 when one failed;
    skipped without MLIR 19's tools."""
    if len(sys.argv) != 2:
        sys.exit(doc)
    if not (shutil.which("mlir-opt-19") and shutil.which("mlir-cpu-runner-19")):
        print("SKIPPED: mlir-opt-19 and mlir-cpu-runner-19 are not installed")
        return 0
    results = []

    def check(name, ok, detail=""):
        results.append(ok)
        print("%s %s%s" % ("ok  " if ok else "FAIL", name, "" if ok else ": " + detail))
    sandbox.RUN_BASE = tempfile.mkdtemp(prefix=prefix)
    try:
        checks(os.path.abspath(sys.argv[1]), check)
    finally:
        shutil.rmtree(sandbox.RUN_BASE, ignore_errors=True)
    print("%d passed, %d failed" % (results.count(True), results.count(False)))
    return 0 if all(results) else 1


def main():
    return mlir_main(__doc__, "split-runs-", checks)


if __name__ == "__main__":
    sys.exit(main())
