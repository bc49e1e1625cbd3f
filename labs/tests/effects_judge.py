"""effects_judge.py TIGERC - the tree labs' judging by effects and its bounded, confined
reference run (labs/grader/effects.py, judges.judge_dumps), on "students" that are the
reference's tigerc with their dumps edited.

Expects, on canon's judge:
  - the reference's own dump passes;
  - a dump that stores 8 where the program stores 7 in a variable never printed (the
    output is right) fails at that store: "effect 3: expected store ... 7, got store ...
    8 (the store at line 4)";
  - a dump declaring a 1 GiB frame called in a loop is refused by the dump reader with
    "a dump's frames are limited to 16 MiB", and a 16 MiB one stops at a time limit
    relative to the reference's own run (at most 10 x its time + 2 s), not at 60 s;
  - a tigerc that takes a second on every program (under any time limit): with a grade's
    budget of 1.5 s for all its runs, its first program passes and its third is not
    judged (judges.OVER_BUDGET);
on ptoext's judge (the reference runs the student's --emit=pto-cft, then --emit=pto-ssa,
on its structured-IR interpreter, which records the calls view):
  - the reference's own dumps pass;
  - dumps that call h with 8 where the program passes 7 (h ignores it: the output is
    right) fail at that call: "effect 1: expected h(_, 7), got h(_, 8) (the call at
    line 2)";
  - a ConvertToSSA that forgets to rename the use after a loop (its --emit=pto-ssa reads
    x__ssa_v2, which only the loop body defines): the message names the broken
    invariant as the REFERENCE's checkers find it, at its line of the dump, with that
    line; a tigerc that lies in --verify gets the very same message (its own checks are
    never asked); one whose dump does not parse is told where;
  - a CtrlFlowTransform that leaves a break (its --emit=pto-cft is the lowered IR): the
    break named at its line;
  no line of these messages over 100 characters, none with the work folder's path;
and, without running anything: the first differing effect of two streams, and the
summary taken out of stderr.
The "students" are shell scripts calling the reference by its path, which a bubblewrap
step would not see: these steps run unconfined (TIGER_GRADE_CONFINE=none). Then, in a
child process confined as this machine confines a grade (`--confined`): the changed
store judged as a grade judges it, the reference run from its copy in the grade's
folder (grade.reference_copy), the student a script that prints the edited dump
itself: the same message, so the confined stream of the dump's effects was read; and
the forgotten renaming the same way, named by the reference's copy.
Ends with "N passed, N failed"; exit 1 when one failed.
"""
import json
import os
import shutil
import stat
import subprocess
import sys
import tempfile

from labs.grader import effects, grade, judges, sandbox

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

PROGRAM = """let var x := 0
    var s := 0
    function f(i: int): int = i + 1
    function g() = x := 7
in g(); for i := 1 to 100000 do s := s + f(i); printi(s)
end
"""
EXPECT = {"stdin": b"", "exit": 0, "stdout": b"5000150000", "stderr": []}
CALLS = """let function h(n: int) = print("h\\n")
in h(7); h(1)
end
"""
CALLS_EXPECT = {"stdin": b"", "exit": 0, "stdout": b"h\nh\n", "stderr": []}
CARRIED = "let var x := 0 in for i := 1 to 3 do x := x + i; printi(x) end\n"
CARRIED_EXPECT = {"stdin": b"", "exit": 0, "stdout": b"6", "stderr": []}
# A ConvertToSSA that forgets to rename the use after the loop.
UNRENAMED = "sed 's/printi(x__rv_v3)/printi(x__ssa_v2)/'"
NAMED = ("broken invariant in your --emit=pto-ssa, line 6:\n"
         "    in tigermain: SSAForm: x__ssa_v2 is used out of its scope\n"
         "    | rt.printi(x__ssa_v2)")
BREAKS = "let var s := 0 in for i := 1 to 9 do (s := s + i; if s > 10 then break); printi(s) end\n"
BREAKS_EXPECT = {"stdin": b"", "exit": 0, "stdout": b"15", "stderr": []}
LIE = "tigerc: internal error: ConvertToSSA: the checks are wrong, not me"


def student(folder, name, tigerc, edit, lies=False, stage=None):
    """A tigerc that prints the reference's output through the shell filter `edit`;
    one that `lies` says LIE and exits 77 whenever asked to --verify; stage=(A, B)
    prints the reference's --emit=B when asked for --emit=A."""
    path = os.path.join(folder, name)
    lie = 'case " $* " in *" --verify "*) echo "%s" >&2; exit 77;; esac\n' % LIE
    args = '"$@"' if not stage else \
        '$(echo "$@" | sed "s/--emit=%s /--emit=%s /")' % stage
    with open(path, "w") as f:
        f.write("#!/bin/sh\n%s%s %s | %s\n" % (lie if lies else "", tigerc, args, edit))
    os.chmod(path, stat.S_IRWXU | stat.S_IRGRP | stat.S_IXGRP | stat.S_IROTH | stat.S_IXOTH)
    return path


def frame_of_f(size):
    return ("awk '/^PROC f_/{p=1} p && /# formals/{sub(/frame: [0-9]+ bytes/, "
            "\"frame: %d bytes\"); p=0} {print}'" % size)


def canon_judging(tigerc, folder):
    """(canon's judging Context with the reference tigerc, PROGRAM written in folder)."""
    spec = json.load(open(os.path.join(ROOT, "labs", "canon", "grading.json")))
    cx = judges.Context(spec, tigerc, sandbox.Limits(seconds=10))
    program = os.path.join(folder, "prog.tig")
    with open(program, "w") as f:
        f.write(PROGRAM)
    return cx, program


def checks(tigerc, folder):
    cx, program = canon_judging(tigerc, folder)
    judge = lambda t: judges.judge(cx, t, program, EXPECT)
    v = judge(tigerc)
    yield "the reference's dump passes", v.passed, v.message
    v = judge(student(folder, "store8", tigerc, "sed 's/CONST 7)/CONST 8)/'"))
    yield "a changed store fails at it", store_fails_at_it(v), v.message
    v = judge(student(folder, "giga", tigerc, frame_of_f(1 << 30)))
    yield "a 1 GiB frame is refused", "a dump's frames are limited to 16 MiB" in v.message, \
        v.message
    own = effects.own_run(cx, program, b"")
    limit = effects.dump_limits(cx, own)[0].seconds
    v = judge(student(folder, "big", tigerc, frame_of_f(1 << 24)))
    yield "a 16 MiB frame in a loop stops at the relative time limit", (
        "time limit" in v.message and limit <= 10 * own.seconds + 2.1), v.message
    slow = os.path.join(folder, "slow")
    with open(slow, "w") as f:
        f.write("#!/bin/sh\nsleep 1\nexec %s \"$@\"\n" % tigerc)
    os.chmod(slow, 0o755)
    budgeted = judges.Context(cx.spec, tigerc, cx.limits, budget=1.5)
    verdicts = [judges.judge(budgeted, slow, program, EXPECT) for _ in range(3)]
    yield "a tigerc slow on every program: the grade's budget, then no more runs", (
        verdicts[0].passed and verdicts[2].message == judges.OVER_BUDGET % 1.5), \
        [v.message for v in verdicts]
    a = ["call f_0(0x8, 3, 5)  # 9:5", "ret 8", "exit 0"]
    b = ["call f_0(0x8, 3, 4)", "ret 7", "exit 0"]
    msg = effects.first_difference(a, b)
    yield "first_difference names the call and its line", (
        msg == "effect 1: expected f_0(0x8, 3, 5), got f_0(0x8, 3, 4) (the call at line 9)"
        "\n    0x8 is no address of the heap, a frame or a string"), msg
    msg = effects.first_difference(a, a[:2])
    yield "a stream that ends early", msg == "effect 3: expected exit 0, got no more " \
        "effects (after line 9)", msg
    ran = sandbox.Ran(stderr=b"stats: steps 1\neffects: 2, hash 00000000000000ff\nmore\n")
    got = effects.take_summary(ran)
    yield "the summary is taken out of stderr", (
        got == b"effects: 2, hash 00000000000000ff" and ran.stderr == b"stats: steps 1\nmore\n"), \
        ran.stderr


def ptoext_context(tigerc, seconds):
    """A judges.Context of ptoext: the reference tigerc, the student's time limit."""
    return judges.Context(grade.load_spec("ptoext"), tigerc, sandbox.Limits(seconds=seconds))


def ptoext_checks(tigerc, folder):
    """A ptoext student whose dumps pass 8 where the program passes 7, and the rest."""
    cx = ptoext_context(tigerc, 20)
    program = os.path.join(folder, "calls.tig")
    with open(program, "w") as f:
        f.write(CALLS)
    v = judges.judge(cx, tigerc, program, CALLS_EXPECT)
    yield "ptoext: the reference's dumps pass", v.passed, v.message
    edit = "sed 's/^\\( *h_[0-9]*(.*\\), 7)$/\\1, 8)/'"
    v = judges.judge(cx, student(folder, "calls8", tigerc, edit), program, CALLS_EXPECT)
    yield "ptoext: a changed call argument fails at it", not v.passed and v.message == \
        "effect 1: expected h(_, 7), got h(_, 8) (the call at line 2)", v.message
    yield from broken_ssa_checks(cx, tigerc, folder)


def broken_ssa_checks(cx, tigerc, folder):
    """The forgotten renaming, honest or lying in --verify; an unreadable dump; a break
    left in --emit=pto-cft."""
    program = os.path.join(folder, "carried.tig")
    with open(program, "w") as f:
        f.write(CARRIED)
    judge = lambda name, edit, lies: judges.judge(
        cx, student(folder, name, tigerc, edit, lies), program, CARRIED_EXPECT)
    honest = judge("unrenamed", UNRENAMED, False)
    yield "ptoext: broken SSA: the reference's checker names it at its line", \
        named(honest), honest.message
    liar = judge("liar", UNRENAMED, True)
    yield "ptoext: a tigerc that lies in --verify gets the same message", \
        liar.message == honest.message, liar.message
    cut = judge("cut", "sed 's/^def tigermain():/def tigermain()/'", True)
    yield "ptoext: an unreadable dump: where, the line shown", cut.message == \
        "your --emit=pto-cft output does not parse, line 1:\n    expected ':', found the " \
        "end of the line\n    | def tigermain()", cut.message
    path = os.path.join(folder, "breaks.tig")
    with open(path, "w") as f:
        f.write(BREAKS)
    left = judges.judge(cx, student(folder, "no_cft", tigerc, "cat", stage=("pto-cft", "pto")),
                        path, BREAKS_EXPECT)
    yield "ptoext: a break left in --emit=pto-cft, at its line", left.message.startswith(
        "broken invariant in your --emit=pto-cft, line ") and left.message.endswith(
        ":\n    in tigermain: StructuredCtrlFlow: break left\n    | break") and \
        shows_well(left.message), left.message


def named(v):
    """v is the forgotten renaming's failure, named as the reference's checkers find it."""
    return not v.passed and v.message == NAMED and shows_well(v.message)


def shows_well(message):
    """Every line at most 100 characters; no control character, no work folder."""
    return max(map(len, message.split("\n"))) <= 100 and "judge-" not in message and \
        all(c == "\n" or 32 <= ord(c) < 127 for c in message)


def store_fails_at_it(v):
    """The store's effect, at its line, its address said to be main's frame's."""
    first, *notes = v.message.split("\n")
    return not v.passed and first.startswith("effect 3: expected store 0x") and \
        first.endswith(" 7, got store %s 8 (the store at line 4)" % first.split()[4]) and \
        notes == ["    %s is word 0 of main's frame (a static link or an escaping variable "
                  "points there)" % first.split()[4]]


def confined_judge(cx, script, program, expect):
    """judges.judge of a student that is a shell script (its text), in a grade's folder
    beside the reference's copy (grade.reference_copy), as grade.py judges confined."""
    bin_dir = sandbox.public_folder()
    try:
        cx.confined_reference = grade.reference_copy(cx.reference, bin_dir)
        path = os.path.join(bin_dir, "student")
        with open(path, "w") as f:
            f.write("#!/bin/sh\n" + script)
        os.chmod(path, 0o755)
        return judges.judge(cx, path, program, expect)
    finally:
        shutil.rmtree(bin_dir, ignore_errors=True)


def printing(text):
    """A shell script's lines that print text."""
    return "cat <<'DUMP'\n%sDUMP\n" % text


def confined_checks(tigerc, folder):
    """The changed store, judged confined as grade.py judges (see the docstring)."""
    cx, program = canon_judging(tigerc, folder)
    dump = subprocess.run([tigerc, "--emit=linear", program], capture_output=True,
                          check=True).stdout.decode().replace("CONST 7)", "CONST 8)")
    v = confined_judge(cx, printing(dump), program, EXPECT)
    yield "confined (%s): a changed store fails at it" % sandbox.level(), \
        store_fails_at_it(v), v.message


def confined_ptoext_checks(tigerc, folder):
    """The forgotten renaming, judged confined: the reference's copy names it."""
    program = os.path.join(folder, "carried.tig")
    with open(program, "w") as f:
        f.write(CARRIED)
    stages = ("pto-cft", "pto-ssa")
    printed = [subprocess.run("%s --emit=%s %s | %s" % (tigerc, stage, program, UNRENAMED),
                              shell=True, capture_output=True, check=True).stdout.decode()
               for stage in stages]
    script = "case $1 in\n%sesac\n" % "".join(
        "--emit=%s) %s;;\n" % (stage, printing(text)) for stage, text in zip(stages, printed))
    v = confined_judge(ptoext_context(tigerc, 20), script, program, CARRIED_EXPECT)
    yield "confined (%s): broken SSA named by the reference's copy" % sandbox.level(), \
        named(v), v.message


def main():
    """Unconfined checks, then the confined ones in a child (`--confined`, which prints
    only its check lines)."""
    confined = sys.argv[2:] == ["--confined"]
    if not confined:
        os.environ["TIGER_GRADE_CONFINE"] = "none"
    tigerc = os.path.abspath(sys.argv[1])
    lines = []
    with tempfile.TemporaryDirectory() as folder:
        os.chmod(folder, 0o755)
        runs = [confined_checks, confined_ptoext_checks] if confined else \
            [checks, ptoext_checks]
        for name, ok, detail in (c for run in runs for c in run(tigerc, folder)):
            lines.append("%s %s%s" % ("ok  " if ok else "FAIL", name, "" if ok else ": " + detail))
            print(lines[-1])
    if confined:
        return 1 if any(l.startswith("FAIL") for l in lines) else 0
    env = {k: v for k, v in os.environ.items() if k != "TIGER_GRADE_CONFINE"}
    child = subprocess.run([sys.executable, "-m", "labs.tests.effects_judge", tigerc,
                            "--confined"], capture_output=True, text=True, env=env)
    print(child.stdout, end="")
    lines += child.stdout.splitlines()
    if child.returncode and not any(l.startswith("FAIL") for l in child.stdout.splitlines()):
        lines.append("FAIL the confined checks: " + child.stderr.strip()[-300:])
        print(lines[-1])
    failed = sum(l.startswith("FAIL") for l in lines)
    print("%d passed, %d failed" % (sum(l.startswith("ok") for l in lines), failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
