"""judges.py - judges one program: what the student's tigerc prints, run by the reference.

Input: a lab spec (labs/NAME/grading.json), a program with its directives
(testcases/README.md), the student's tigerc, the reference's tigerc and runtime.
Output: a Verdict: passed or not, one line a student can act on, and the program's
quality numbers (temps, jumps, ...) for the bonus.

The student's compiler gets the program's text alone (blind.py), with some literals
lifted into values read at start (inputs.py), confined (confine.py); nothing it says
about itself is trusted, only its printed output, and no byte of that output is ever run
as code: the reference reads it back with its own reader and runs it on its own
interpreter, on each of the program's inputs, which the student's tigerc never sees:

  each stage the lab judges       student: tigerc --emit=STAGE prog.tig > dump
  (judged_stages: translate ir,            (confined, its limits)
  canon linear, traces traces;    judge:   reference --from=STAGE --verify --run
  ptoext pto-cft, then pto-ssa)            [--stats | --measure=...] dump
                                           (stdin: each input; confined, limits
                                           relative to the reference's own run and
                                           the effects it must have: effects.py)

ptoext's pto-cft may keep no break or continue, its pto-ssa must hold the SSA
invariants (the reference's checkers, exit 68, name the broken one at its line of the
dump); both run on ptoext's structured-IR interpreter. Each run must give that input's
stdout exactly, its exit status, and contain each of its `stderr:` texts. The quality
numbers are the reference's (--measure=temps, --measure=iter-args, --stats) on what it
read, never a reading of the student's text.
"""
import os
import re
import shutil
import signal
import tempfile
import time
from contextlib import contextmanager
from dataclasses import dataclass, field, replace

from . import effects, inputs, sandbox
from .blind import blind_copy
from .untrusted import printable

STATS = re.compile(r"stats: steps (\d+), moves (\d+), jumps (\d+), cjumps (\d+), calls (\d+)")
MEASURE = re.compile(r"measure: (\w+) (\d+)")
STAT_NAMES = ("steps", "moves", "jumps", "cjumps", "calls")
EXIT_SYNTAX, EXIT_VERIFY = 66, 68
TIMEOUTS_BEFORE_LOWER, LOWERED = 2, 2.0
# What all the runs of a student's tigerc in one grade may take together: an honest one
# takes 2-6 s (116 compiles of ptoext's programs), tens of seconds on a loaded machine.
# Past it every program left fails at once, so a tigerc that sleeps just under its
# time limit on every program costs the budget, not a time limit a program.
STUDENT_BUDGET = 180.0
OVER_BUDGET = "not judged: your tigerc has used up the %g s its runs may take in one " \
    "grade (an honest compile takes milliseconds)"


@dataclass
class Verdict:
    passed: bool
    message: str = ""
    metric: int = None  # the bonus's quality number, when it was measured


@dataclass
class Context:
    spec: dict            # grading.json
    reference: str        # the reference tigerc
    limits: sandbox.Limits
    trusted: sandbox.Limits = field(default_factory=lambda: sandbox.Limits(
        seconds=60, memory=8192 * sandbox.MB, output=8 * sandbox.MB))
    timeouts: int = 0     # the student's runs the time limit stopped, in this grade
    cases: object = None  # cases(program, directives): its inputs.Cases (grade.py)
    confined_reference: str = None  # a copy of the reference a confined step can run
    stop: object = None   # a threading.Event: set by the first failed program, when the
                          # grade only asks whether anything fails (mutation.Pool)
    budget: float = STUDENT_BUDGET  # seconds all runs of the student's tigerc may take
    spent: float = 0.0              # what they took so far
    runs: str = None      # where each run's private folder goes (sandbox.run_base)
    # A foreign grade (foreign.py): the files the reference's runs of a dump read beside
    # it (the course's profile), and the course's names of builtins in the programs.
    judge_files: list = field(default_factory=list)
    renames: dict = field(default_factory=dict)

    def student_limits(self):
        """The student's limits: after TIMEOUTS_BEFORE_LOWER time-outs in one grade,
        the time limit drops to LOWERED seconds (still a hundred times what an honest
        compile takes), so a submission that loops everywhere costs little."""
        if self.timeouts >= TIMEOUTS_BEFORE_LOWER and self.limits.seconds > LOWERED:
            return replace(self.limits, seconds=LOWERED)
        return self.limits

    def count(self, ran):
        if ran.timed_out:
            self.timeouts += 1

    def stopped(self):
        """Whether a program already failed in a grade that stops at the first failure."""
        return self.stop is not None and self.stop.is_set()

    def noted(self, verdict):
        """The verdict, after a failure has stopped a grade that stops at the first."""
        if self.stop is not None and not verdict.passed:
            self.stop.set()
        return verdict


def first_line(data):
    text = data.decode("latin-1") if isinstance(data, bytes) else data
    lines = [l.strip() for l in text.splitlines() if l.strip()]
    return lines[0][:300] if lines else "(nothing on stderr)"


def first_difference(want, got):
    """'stdout line N: expected ..., got ...' for the first line where two outputs
    differ, each shown around the first character where they part (difference())."""
    a = want.decode("latin-1").split("\n")
    b = got.decode("latin-1").split("\n")
    for k in range(max(len(a), len(b))):
        x = a[k] if k < len(a) else None
        y = b[k] if k < len(b) else None
        if x != y:
            return "stdout line %d%s" % (k + 1, difference(x, y))
    return "stdout differs"


SHOWN = 60  # the characters of a differing line shown around where it differs


def difference(want, got):
    """': expected X, got Y' for two lines (None: the end of output), each cut to a
    window that starts a little before their first differing character; with
    ', column C' first when that window does not start the line."""
    if want is None or got is None:
        show = lambda s: "end of output" if s is None else repr(s[:SHOWN * 2])
        return ": expected %s, got %s" % (show(want), show(got))
    at = next((i for i, (x, y) in enumerate(zip(want, got)) if x != y),
              min(len(want), len(got)))
    start = max(0, at - SHOWN // 3)
    cut = lambda s: ("..." if start else "") + s[start:start + SHOWN] + \
        ("..." if len(s) > start + SHOWN else "")
    column = ", column %d" % (at + 1) if start else ""
    return "%s: expected %r, got %r" % (column, cut(want), cut(got))


def check_run(ran, directives):
    """How a run of the program differs from its directives; None when it does not."""
    if ran.status != directives["exit"]:
        why = ": " + first_line(ran.stderr) if ran.stderr.strip() else ""
        return "exit status %d, expected %d%s" % (ran.status, directives["exit"], why)
    want = directives["stdout"]
    if want is not None and ran.stdout != want:
        return first_difference(want, ran.stdout)
    stderr = ran.stderr.decode("latin-1")
    for text in directives["stderr"]:
        if text not in stderr:
            return "stderr should contain %r; it has %r" % (text, first_line(ran.stderr))
    return None


def emit_step(tigerc, stage, program, limits):
    """(command, ro, cwd, who, limits) of the student's emit of a stage: its tigerc
    --emit=stage (tigerc a path), or a foreign compiler's emit command
    (foreign.Compiler.step)."""
    if not isinstance(tigerc, str):
        return tigerc.step(stage, program, limits)
    return ([tigerc, "--emit=" + stage, program], [tigerc, os.path.dirname(program)], None,
            "your tigerc --emit=%s" % stage, limits)


def student_emit(cx, tigerc, stage, program):
    """Runs the student's tigerc --emit=stage (emit_step), confined, on the blind copy of
    a program (blind.py); returns (text, problem)."""
    cmd, ro, cwd, who, limits = emit_step(tigerc, stage, program, cx.student_limits())
    if cx.spent >= cx.budget:
        return None, OVER_BUDGET % cx.budget
    start = time.monotonic()
    ran = sandbox.run(cmd, limits=limits, untrusted=True, ro=ro, cwd=cwd, runs=cx.runs)
    cx.spent += time.monotonic() - start
    cx.count(ran)
    problem = ran.problem(limits, who)
    if problem:
        return None, problem
    if ran.status != 0:
        return None, "%s exited %d: %s" % (who, ran.status, first_line(ran.stderr))
    return ran.stdout, None


@dataclass
class Judged:
    """A stage the lab judges: what the student's tigerc prints (--emit=stage) and the
    reference's options on that dump (grading.json's "judge")."""
    stage: str
    judge: list


def judged_stages(spec):
    """The stages a lab judges, in order: grading.json's "first" (ptoext: pto-cft, its
    CtrlFlowTransform), then its "stage" (the last: its quality number is the bonus's)."""
    return [Judged(s["stage"], s["judge"]) for s in spec.get("first", [])] + \
        [Judged(spec["stage"], spec["judge"])]


def judge_tree(cx, tigerc, program, cases, work):
    """Each stage of the lab (judged_stages): the reference runs the student's dump of
    it on each input, all of them from one start when there are several (judge_dumps);
    the first failure, else the last stage's Verdict."""
    for judged in judged_stages(cx.spec):
        dump, problem = student_emit(cx, tigerc, judged.stage, program)
        if problem:
            return Verdict(False, problem)
        path = os.path.join(work, "student." + judged.stage)
        with open(path, "wb") as f:
            f.write(dump)
        runs = iter(judge_dumps(cx, program, path, cases, work, judged))
        verdict = on_inputs(cases, lambda stdin, directives: next(runs)(directives))
        if not verdict.passed:
            return verdict
    return verdict


@dataclass
class DumpRun:
    """The reference's run of the dump on one input: its command (the dump's path last,
    without --effects-hash), limits and step limit, relative to the reference's own run
    of the program on that input (effects.py)."""
    cmd: list
    limits: sandbox.Limits
    steps: int
    own: object
    stdin: bytes
    stage: str


def dump_run(cx, program, path, stdin, judged):
    own = effects.own_run(cx, program, stdin)
    limits, steps = effects.dump_limits(cx, own)
    cmd = [cx.confined_reference or cx.reference] + judged.judge + \
        (["--max-steps=%d" % steps] if steps else []) + effects.view_args(cx) + [path]
    return DumpRun(cmd, limits, steps, own, stdin, judged.stage)


def judge_dumps(cx, program, path, cases, work, judged):
    """The reference runs the student's dump on each input, confined: one judge an
    input (judged(directives) gives its Verdict), in order. Several inputs run from one
    start (tigerc --inputs: one child process an input, each with its own limits)."""
    runs = [dump_run(cx, program, path, stdin, judged) for stdin, _ in cases.inputs]
    ro = [runs[0].cmd[0], path] + cx.judge_files
    if len(runs) == 1:
        one = runs[0]
        ran = sandbox.run(one.cmd[:-1] + (["--effects-hash"] if one.own else []) + [path],
                          stdin=one.stdin, limits=one.limits, untrusted=True, ro=ro,
                          runs=cx.runs)
        return [lambda directives: judged_dump(cx, one, ran, path, directives)]
    folder = inputs_folder(work, [one.stdin for one in runs])
    for k, one in enumerate(runs):
        with open(os.path.join(folder, "%d.limits" % k), "w") as f:
            f.write("%g %d%s\n" % (one.limits.seconds, one.limits.output,
                                    " %d" % one.steps if one.steps else ""))
    whole = whole_limits([one.limits for one in runs])
    bare = [a for a in runs[0].cmd[:-1] if not a.startswith("--max-steps=")]
    ran = sandbox.run(bare + ["--effects-hash", "--inputs=" + folder, path], limits=whole,
                      untrusted=True, ro=ro + [folder], runs=cx.runs)
    split = split_runs(ran, len(runs), runs[0].limits)
    if ran.problem(whole, "") or split is None:  # the limits of one input name it
        cx.count(ran)
        who = "the reference running your --emit=%s" % judged.stage
        problem = ran.problem(runs[0].limits, who) or who + ": its runs on the grader's " \
            "inputs cannot be read"
        return [lambda directives: Verdict(False, problem)] * len(runs)
    return [lambda directives, one=one, ran=r: judged_dump(cx, one, ran, path, directives)
            for one, r in zip(runs, split)]


def inputs_folder(work, stdins):
    """A fresh folder of work holding only these inputs, as 0.in, 1.in, ... (the split
    of grading/input_split.hh reads them)."""
    folder = tempfile.mkdtemp(prefix="inputs-", dir=work)
    os.chmod(folder, 0o755)
    for k, stdin in enumerate(stdins):
        with open(os.path.join(folder, "%d.in" % k), "wb") as f:
            f.write(stdin)
    return folder


def whole_limits(each):
    """The limits of a split run whose inputs have the limits `each`: their times and
    one more (at least 10 s) for what comes before the split (the JIT's compile, the
    reading of a dump), however loaded the machine; every record's bytes."""
    seconds = max(limits.seconds for limits in each)
    return sandbox.Limits(sum(limits.seconds for limits in each) + max(seconds, 10),
                          each[0].memory, len(each) * (2 * each[0].output + 100))


def judged_dump(cx, one, ran, path, directives):
    """The Verdict of the dump's run on one input: its output, then its effects, must
    be right."""
    stage = one.stage
    cx.count(ran)
    got = effects.take_summary(ran)
    problem = ran.problem(one.limits, "the reference running your --emit=%s" % stage)
    if problem:
        return Verdict(False, problem)
    # The reference names the dump by the grader's path: "line L:C" or nothing instead.
    said = first_line(ran.stderr).replace(path + ": error: ", "").replace(path + ":", "line ")
    if ran.status == EXIT_SYNTAX:
        return Verdict(False, at_dump_line("your --emit=%s output does not parse" % stage,
                                           said, path))
    if ran.status == EXIT_VERIFY:
        return Verdict(False, broken_invariant(stage, said, path))
    wrong = effects.over_steps(ran, one.steps) or check_run(ran, directives) or \
        effects.difference(cx, one.own, got, one.stdin, os.path.dirname(path),
                           effects.with_file(one.cmd), ro=[one.cmd[0], path] + cx.judge_files)
    return Verdict(wrong is None, wrong or "", measure(cx.spec.get("metric"), ran.stderr))


# The reference's first complaint about a dump, at its line (--from=STAGE: a checker's).
AT_LINE = re.compile(r"^line (\d+):\d+: error: (?:--from=[\w-]+: )?(.*)$")


def broken_invariant(stage, said, path):
    """The message of a dump that breaks its stage's invariants: the reference checker's
    words and the line of the dump it names."""
    return at_dump_line("broken invariant in your --emit=%s" % stage, said, path)


def at_dump_line(what, said, path):
    """'WHAT, line N:' then the reference's words and that line of the dump at path
    (every line at most 100 characters); 'WHAT: SAID' when it names no line."""
    m = AT_LINE.match(said)
    if not m:
        return "%s: %s" % (what, said)
    with open(path, "rb") as f:
        lines = f.read().decode("latin-1").split("\n")
    row = int(m.group(1))
    shown = lines[row - 1].strip() if 0 < row <= len(lines) else ""
    return "%s, line %d:\n    %s\n    | %s" % (what, row, clip(m.group(2), 96),
                                                clip(shown, 92))


def clip(text, width):
    text = printable(text)
    return text if len(text) <= width else text[:width - 3] + "..."


def on_inputs(cases, run_one):
    """run_one(stdin, directives) on each input of the program's Cases (inputs.py), in
    order: the first failure, its input said as the program's reader sees it (the
    number of the program the grader changed, what it reads), or the first input's
    Verdict (its quality number)."""
    verdicts = []
    for k, (stdin, directives) in enumerate(cases.inputs):
        verdict = run_one(stdin, directives)
        if not verdict.passed:
            said = cases.described(k) if cases.text is not None else ""
            if said:
                verdict.message = "with %s: %s" % (said, verdict.message)
            return verdict
        verdicts.append(verdict)
    return verdicts[0]


def measure(metric, printed):
    """A quality number, as the reference printed it on what it read (stderr):
    --measure=temps or --measure=iter-args, or a --stats count."""
    text = printed.decode("latin-1")
    if metric in ("temps", "iter_args"):
        found = [int(n) for name, n in MEASURE.findall(text) if name == metric]
        return found[-1] if found else None
    found = STATS.findall(text)
    return int(found[-1][STAT_NAMES.index(metric)]) if metric and found else None


# One input's record in a split run's stdout (input_split.cc), then its stdout and stderr.
SPLIT_RUN = re.compile(rb"tigerrt input (\d+): (?:exit (\d+)|signal (\d+)|(timeout)) (\d+) (\d+)\n")


def split_runs(ran, count, limits):
    """The runs of each input in a split run's stdout; a run that never split (it read
    and printed nothing) is its run on every input; records that end at a timeout (the
    split runs no input after one: grading/input_split.hh) stand for the rest with it,
    which the judge never reaches; None when the records are not whole."""
    if not ran.stdout.startswith(b"tigerrt input "):
        too_much = ran.too_much_output or max(len(ran.stdout), len(ran.stderr)) > limits.output
        return [replace(ran, too_much_output=too_much) for _ in range(count)]
    runs, at = [], 0
    for k in range(count):
        if runs and runs[-1].timed_out and at == len(ran.stdout):
            return runs + [runs[-1]] * (count - k)
        m = SPLIT_RUN.match(ran.stdout, at)
        if not m or int(m.group(1)) != k:
            return None
        out_end = m.end() + int(m.group(5))
        err_end = out_end + int(m.group(6))
        if err_end > len(ran.stdout):
            return None
        status = int(m.group(2)) if m.group(2) else -int(m.group(3) or signal.SIGKILL)
        out, err = ran.stdout[m.end():out_end], ran.stdout[out_end:err_end]
        runs.append(sandbox.Ran(status, out, err, timed_out=bool(m.group(4)),
                                too_much_output=status == -signal.SIGXFSZ or
                                max(len(out), len(err)) > limits.output))
        at = err_end
    return runs if at == len(ran.stdout) else None


@contextmanager
def judging(cx, program, directives, lifted=True):
    """What judging a program needs: (its blind, lifted copy, its Cases, a private work
    folder), removed after. The student's code gets only the program's blind, lifted text
    (inputs.py), never its directives nor the inputs its dump is run on. lifted=False:
    the program as it is, on its own stdin (a shrinker's candidate)."""
    cases = cx.cases(program, directives) if lifted and cx.cases else \
        inputs.Cases(None, [(directives["stdin"], directives)])
    work = tempfile.mkdtemp(prefix="judge-", dir=sandbox.run_base(cx.runs))
    os.chmod(work, 0o755)  # the confined reference reads the student's dump here
    blind = blind_copy(program, sandbox.run_base(cx.runs), cases.text, cx.renames)
    try:
        yield blind, cases, work
    finally:
        shutil.rmtree(work, ignore_errors=True)
        shutil.rmtree(os.path.dirname(blind), ignore_errors=True)


NOT_JUDGED = "not judged: an earlier program failed (the grade stops at the first)"


def judge(cx, tigerc, program, directives, lifted=True):
    """The lab's judge on one program, in a private work folder (judging); NOT_JUDGED
    once cx.stop is set."""
    if cx.stopped():
        return Verdict(False, NOT_JUDGED)
    with judging(cx, program, directives, lifted) as (blind, cases, work):
        return cx.noted(judge_tree(cx, tigerc, blind, cases, work))


def baseline(cx, program, directives):
    """The bonus's yardstick on one program: the reference with the book's choices, on
    the text and first input the program is judged on. Kept beside the reference's own
    runs (effects.cache_path): the same reference, text and input give the same number."""
    args = cx.spec.get("baseline")
    if not args:
        return None
    cases = cx.cases(program, directives) if cx.cases else None
    work = tempfile.mkdtemp(prefix="baseline-", dir=sandbox.run_base(cx.runs))
    try:
        path = os.path.join(work, "prog.tig")
        with open(path, "w", encoding="latin-1") as f:
            f.write(cases.text if cases else open(program, encoding="latin-1").read())
        stdin = cases.inputs[0][0] if cases else directives["stdin"]
        kept = effects.cache_path(cx.reference, ["yardstick", cx.spec["metric"]] + args,
                                  path, stdin)
        known = inputs.kept_json(kept)
        if known and "value" in known:
            return known["value"]
        ran = sandbox.run([cx.reference] + args + [path], stdin=stdin, limits=cx.trusted,
                          runs=cx.runs)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    value = measure(cx.spec["metric"], ran.stderr)
    if ran.status == 0:
        inputs.keep_json(kept, {"value": value})
    return value
