"""split_runs.py TIGERC - a judge runs a student's dump on all its inputs from one start of
the reference (`tigerc --from=STAGE --run --inputs=DIR`, grading/input_split.hh), and reads
each input's record back (judges.split_runs); here on ptoext's structured IR in SSA
form, run by the reference's structured-IR interpreter as the ptoext judge runs it.

Expects, for a program that reads one character and then behaves by it, its
--emit=pto-ssa run on the inputs "a", "b", "c", "d", "e" at once (each input's time
limit 2 s, output 200 bytes, 100000 steps):
  a: exit 0, stdout "aa";  b: exit 3, stdout "b!";  c: the step limit (exit 71),
  "looping" kept;  d: exit 70, "runtime error: division by zero" on stderr;
  e: more than its output limit;
so each input's run is its own: its status, its output, its limit. A program that loops
without a step limit stops at the time limit (1 s) on its first input, and its second
input says the same without being run.
Without running anything: records that end at a timeout stand for the inputs after it;
records that are cut short (or end without a timeout), out of order or followed by more
bytes cannot be read (split_runs gives None).
Ends with "N passed, N failed"; exit 1 when one failed.
"""
import os
import shutil
import sys
import tempfile

from labs.grader import judges, sandbox

BY_INPUT = """let var c := getchar()
in if c = "b" then (print("b!"); exit(3))
   else if c = "c" then (print("looping"); flush(); while 1 do ())
   else if c = "d" then printi(1 / (size(c) - 1))
   else if c = "e" then for i := 1 to 100 do print("0123456789")
   else print(concat(c, c))
end
"""
ENDLESS = "let var n := 0 in print(\"x\"); while 1 do n := n + 1 end\n"


def split_run(tigerc, text, work, limits, steps, run_folders):
    """The reference's split run of the SSA form of a Tiger text on each input of
    `limits` ({stdin: seconds}), with `steps`, as judges.judge_dumps starts it: the
    runs it reports, one an input (split_runs), or None; its run folders in `run_folders`."""
    path = os.path.join(work, "prog.tig")
    with open(path, "w") as f:
        f.write(text)
    dump = os.path.join(work, "student.pto-ssa")
    with open(dump, "wb") as f:
        f.write(sandbox.run([tigerc, "--emit=pto-ssa", path], runs=run_folders).stdout)
    folder = judges.inputs_folder(work, list(limits))
    for k, seconds in enumerate(limits.values()):
        with open(os.path.join(folder, "%d.limits" % k), "w") as f:
            f.write("%g 200%s\n" % (seconds, " %d" % steps if steps else ""))
    whole = judges.whole_limits([sandbox.Limits(seconds, output=200)
                                 for seconds in limits.values()])
    ran = sandbox.run([tigerc, "--from=pto-ssa", "--verify", "--run", "--inputs=" + folder,
                       dump], limits=whole, untrusted=True, ro=[tigerc, work], runs=run_folders)
    return judges.split_runs(ran, len(limits), sandbox.Limits(output=200))


def checks(tigerc, check, run_folders):
    work = sandbox.public_folder(run_folders)
    try:
        runs = split_run(tigerc, BY_INPUT, work, {b"a": 2, b"b": 2, b"c": 2, b"d": 2,
                                                  b"e": 2}, 100000, run_folders)
        got = runs and [(r.status, r.stdout) for r in runs]
        check("five inputs, five runs", runs is not None and len(runs) == 5, repr(got))
        if runs and len(runs) == 5:
            a, b, c, d, e = runs
            check("a: exit 0, aa", (a.status, a.stdout) == (0, b"aa"), repr(got[0]))
            check("b: exit 3, b!", (b.status, b.stdout) == (3, b"b!"), repr(got[1]))
            check("c: the step limit, its output kept", c.status == 71 and
                  c.stdout == b"looping" and b"step limit" in c.stderr, repr(got[2]))
            check("d: division by zero", d.status == 70 and
                  b"division by zero" in d.stderr, repr((d.status, d.stderr)))
            check("e: more than its output limit", e.too_much_output, repr(got[4]))
        runs = split_run(tigerc, ENDLESS, work, {b"x": 1, b"y": 1}, 0, run_folders)
        check("an endless loop: the time limit, and no run after it", runs is not None and
              len(runs) == 2 and all(r.timed_out for r in runs),
              repr(runs and [(r.status, r.timed_out) for r in runs]))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    cx = sandbox.Limits(output=1 << 20)
    record = b"tigerrt input 0: exit 0 2 1\nhi!tigerrt input 1: signal 9 0 0\n"
    ran = sandbox.Ran(0, record)
    split = judges.split_runs(ran, 2, cx)
    check("records read back", split is not None and [(r.status, r.stdout, r.stderr)
          for r in split] == [(0, b"hi", b"!"), (-9, b"", b"")], repr(split))
    split = judges.split_runs(sandbox.Ran(0, b"tigerrt input 0: timeout 0 0\n"), 3, cx)
    check("records that end at a timeout stand for the rest", split is not None and
          len(split) == 3 and all(r.timed_out for r in split), repr(split))
    for name, stdout in (("cut short", record[:-5]), ("ending without a timeout",
                          record[:record.index(b"tigerrt input 1")]), ("out of order",
                          record.replace(b"input 1", b"input 2")),
                         ("more bytes after", record + b"x")):
        check("records " + name + " are refused",
              judges.split_runs(sandbox.Ran(0, stdout), 2, cx) is None)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    results = []

    def check(name, ok, detail=""):
        results.append(ok)
        print("%s %s%s" % ("ok  " if ok else "FAIL", name, "" if ok else ": " + detail))
    run_folders = tempfile.mkdtemp(prefix="split-runs-")  # passed down, none global
    try:
        checks(os.path.abspath(sys.argv[1]), check, run_folders)
    finally:
        shutil.rmtree(run_folders, ignore_errors=True)
    print("%d passed, %d failed" % (results.count(True), results.count(False)))
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
