"""judges.py - judges one program: what the student's tigerc prints, run by the reference.

Input: a lab spec (labs/NAME/grading.json), a program with its directives
(testcases/README.md), the student's tigerc, the reference's tigerc and runtime.
Output: a Verdict: passed or not, one line a student can act on, and the program's
quality numbers (temps, jumps, ...) for the bonus.

The student's compiler gets the program's text alone (blind.py), confined
(confine.py); nothing it says about itself is trusted, only its printed output:
  tree labs (translate, canon, traces)   student: tigerc --emit=STAGE prog.tig > dump
                                         (the judge confined, its limits and the
                                         effects it must have: effects.py)
                                         judge:   reference --from=STAGE [--verify] --run
                                                  [--stats] dump     (stdin: the program's)
  ptoext                                 student: tigerc --emit=pto-cft: no break or
                                                  continue may be left;
                                                  tigerc --emit=mlir > prog.mlir
                                         judge:   mlir-opt-19 (verifies and lowers) and
                                                  mlir-cpu-runner-19 with the REFERENCE's
                                                  libtigerrt.so
The run must give the program's stdout exactly, its exit status, and contain each of
its `stderr:` texts.
"""
import os
import re
import shutil
import tempfile
from dataclasses import dataclass, field, replace

from . import effects, sandbox
from .blind import blind_copy

MLIR_PASSES = ["--arith-expand", "--convert-scf-to-cf", "--convert-to-llvm",
               "--reconcile-unrealized-casts"]
STATS = re.compile(r"stats: steps (\d+), moves (\d+), jumps (\d+), cjumps (\d+), calls (\d+)")
STAT_NAMES = ("steps", "moves", "jumps", "cjumps", "calls")
EXIT_SYNTAX, EXIT_VERIFY = 66, 68
TIMEOUTS_BEFORE_LOWER, LOWERED = 2, 2.0


@dataclass
class Verdict:
    passed: bool
    message: str = ""
    metric: int = None  # the bonus's quality number, when it was measured


@dataclass
class Context:
    spec: dict            # grading.json
    reference: str        # the reference tigerc
    runtime: str          # the reference's libtigerrt.so
    limits: sandbox.Limits
    trusted: sandbox.Limits = field(default_factory=lambda: sandbox.Limits(
        seconds=60, memory=8192 * sandbox.MB, output=8 * sandbox.MB))
    timeouts: int = 0     # the student's runs the time limit stopped, in this grade
    confined_reference: str = None  # a copy of the reference a confined step can run

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


def first_line(data):
    text = data.decode("latin-1") if isinstance(data, bytes) else data
    lines = [l.strip() for l in text.splitlines() if l.strip()]
    return lines[0][:300] if lines else "(nothing on stderr)"


def first_difference(want, got):
    """'line N: expected ..., got ...' for the first line where two outputs differ."""
    a = want.decode("latin-1").split("\n")
    b = got.decode("latin-1").split("\n")
    for k in range(max(len(a), len(b))):
        x = a[k] if k < len(a) else None
        y = b[k] if k < len(b) else None
        if x != y:
            show = lambda s: "end of output" if s is None else repr(s[:120])
            return "stdout line %d: expected %s, got %s" % (k + 1, show(x), show(y))
    return "stdout differs"


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


def student_emit(cx, tigerc, stage, program):
    """Runs the student's tigerc --emit=stage, confined, on the blind copy of a program
    (blind.py); returns (text, problem)."""
    who = "your tigerc --emit=%s" % stage
    limits = cx.student_limits()
    ran = sandbox.run([tigerc, "--emit=" + stage, program], limits=limits, untrusted=True,
                      ro=[tigerc, os.path.dirname(program)])
    cx.count(ran)
    problem = ran.problem(limits, who)
    if problem:
        return None, problem
    if ran.status != 0:
        return None, "%s exited %d: %s" % (who, ran.status, first_line(ran.stderr))
    return ran.stdout, None


def count_temps(dump):
    """The distinct temps a dump names (TEMP t12 ...; fp, rv and the like excluded)."""
    return len(set(re.findall(rb"TEMP (t\d+)", dump)))


def judge_tree(cx, tigerc, program, directives, work):
    """translate, canon, traces: the reference runs the student's dump."""
    stage = cx.spec["stage"]
    dump, problem = student_emit(cx, tigerc, stage, program)
    if problem:
        return Verdict(False, problem)
    path = os.path.join(work, "student." + stage)
    with open(path, "wb") as f:
        f.write(dump)
    return judge_dump(cx, program, path, directives, dump)


def judge_dump(cx, program, path, directives, dump):
    """The reference runs the student's dump, confined, within limits relative to its own
    run of the program (effects.py); its output, then its effects, must be right."""
    stage, stdin = cx.spec["stage"], directives["stdin"]
    own = effects.own_run(cx, program, stdin)
    limits, steps = effects.dump_limits(cx, own)
    reference = cx.confined_reference or cx.reference
    cmd = [reference] + cx.spec["judge"] + (["--max-steps=%d" % steps] if steps else []) + \
        effects.view_args(cx) + [path]
    ran = sandbox.run(cmd[:-1] + (["--effects-hash"] if own else []) + [path], stdin=stdin,
                      limits=limits, untrusted=True, ro=[reference, path])
    cx.count(ran)
    got = effects.take_summary(ran)
    problem = ran.problem(limits, "the reference running your --emit=%s" % stage)
    if problem:
        return Verdict(False, problem)
    # The reference names the dump by the grader's path: "line L:C" or nothing instead.
    said = first_line(ran.stderr).replace(path + ": error: ", "").replace(path + ":", "line ")
    if ran.status == EXIT_SYNTAX:
        return Verdict(False, "your --emit=%s output does not parse: %s" % (stage, said))
    if ran.status == EXIT_VERIFY:
        return Verdict(False, "broken invariant: " + said)
    wrong = effects.over_steps(ran, steps) or check_run(ran, directives) or \
        effects.difference(cx, own, got, cmd, stdin, os.path.dirname(path))
    return Verdict(wrong is None, wrong or "", measure(cx.spec.get("metric"), dump, ran.stderr))


def measure(metric, text, stderr):
    """A quality number: temps named in a dump, iter_args in MLIR, or a --stats count."""
    if metric == "temps":
        return count_temps(text)
    if metric == "iter_args":
        return text.count(b"iter_args(")
    m = STATS.search(stderr.decode("latin-1"))
    return int(m.group(STAT_NAMES.index(metric) + 1)) if metric and m else None


def leftover_jumps(cft):
    """The break/continue statements still in a --emit=pto-cft dump."""
    return re.findall(r"^\s*(break|continue)\b", cft.decode("latin-1"), re.M)


def judge_ptoext(cx, tigerc, program, directives, work):
    cft, problem = student_emit(cx, tigerc, "pto-cft", program)
    if problem:
        return Verdict(False, problem)
    left = leftover_jumps(cft)
    if left:
        return Verdict(False, "--emit=pto-cft still has %d break/continue (first: %s)" % (
            len(left), left[0]))
    mlir, problem = student_emit(cx, tigerc, "mlir", program)
    if problem:
        return Verdict(False, problem)
    ran, problem = run_mlir(cx, mlir, directives["stdin"], work)
    if problem:
        return Verdict(False, problem)
    wrong = check_run(ran, directives)
    return Verdict(wrong is None, wrong or "", measure(cx.spec.get("metric"), mlir, b""))


def run_mlir(cx, mlir, stdin, work):
    """mlir-opt-19 verifies and lowers the student's MLIR; mlir-cpu-runner-19 runs it."""
    opt, runner = shutil.which("mlir-opt-19"), shutil.which("mlir-cpu-runner-19")
    if not opt or not runner:
        return None, "grader error: mlir-opt-19 or mlir-cpu-runner-19 is not installed"
    src, low = os.path.join(work, "student.mlir"), os.path.join(work, "student.llvm.mlir")
    with open(src, "wb") as f:
        f.write(mlir)
    ran = sandbox.run([opt, src] + MLIR_PASSES, limits=cx.trusted, untrusted=True, ro=[work])
    problem = ran.problem(cx.trusted, "mlir-opt-19 on your MLIR")
    if problem or ran.status != 0:
        return None, problem or "mlir-opt-19 rejects your MLIR: " + first_line(ran.stderr)
    with open(low, "wb") as f:
        f.write(ran.stdout)
    # The student's code runs here, with no step limit: the student's time limit.
    limits = sandbox.Limits(cx.student_limits().seconds, cx.trusted.memory, cx.trusted.output)
    ran = sandbox.run([runner, low, "-e", "main", "-entry-point-result=void", "--disable-lsr",
                       "--shared-libs=" + cx.runtime], stdin=stdin, limits=limits,
                      untrusted=True, ro=[work, cx.runtime])
    cx.count(ran)
    problem = ran.problem(limits, "your MLIR, run by mlir-cpu-runner-19")
    return (None, problem) if problem else (ran, None)


def judge(cx, tigerc, program, directives):
    """The lab's judge on one program, in a private work folder; the student's code
    gets only the program's blind copy, never its directives."""
    work = tempfile.mkdtemp(prefix="judge-", dir=sandbox.run_base())
    os.chmod(work, 0o755)  # the confined MLIR run reads the student's lowered MLIR here
    blind = blind_copy(program, sandbox.RUN_BASE)
    try:
        if cx.spec["lab"] == "ptoext":
            return judge_ptoext(cx, tigerc, blind, directives, work)
        return judge_tree(cx, tigerc, blind, directives, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
        shutil.rmtree(os.path.dirname(blind), ignore_errors=True)


def baseline(cx, program, directives):
    """The bonus's yardstick on one program: the reference with the book's choices."""
    args = cx.spec.get("baseline")
    if not args:
        return None
    ran = sandbox.run([cx.reference] + args + [program], stdin=directives["stdin"],
                      limits=cx.trusted)
    return measure(cx.spec["metric"], ran.stdout, ran.stderr)
