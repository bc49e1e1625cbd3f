"""judges.py - judges one program: what the student's tigerc prints, run by the reference.

Input: a lab spec (labs/NAME/grading.json), a program with its directives
(testcases/README.md), the student's tigerc, the reference's tigerc and runtime.
Output: a Verdict: passed or not, one line a student can act on, and the program's
quality numbers (temps, jumps, ...) for the bonus.

The student's compiler gets the program's text alone (blind.py), with some literals
lifted into values read at start (inputs.py), confined (confine.py); nothing it says
about itself is trusted, only its printed output. Its output is run on each of the
program's inputs, which it never sees:
  tree labs (translate, canon, traces)   student: tigerc --emit=STAGE prog.tig > dump
                                         (the judge confined, its limits and the
                                         effects it must have: effects.py)
                                         judge:   reference --from=STAGE [--verify] --run
                                                  [--stats] dump     (stdin: each input)
  ptoext                                 student: tigerc --emit=pto-cft: no break or
                                                  continue may be left;
                                                  tigerc --emit=mlir > prog.mlir
                                         judge:   mlir-opt-19 (verifies and lowers,
                                                  a batch of modules a start:
                                                  lower_batch) and mlir-cpu-runner-19
                                                  with the REFERENCE's libtigerrt.so;
                                                  MLIR it rejects: the student's
                                                  --emit=pto-ssa > dump, then reference
                                                  --from=pto-ssa --verify dump names the
                                                  broken invariant (reference_says)
Each run must give that input's stdout exactly, its exit status, and contain each of
its `stderr:` texts. The quality numbers are the reference's (--measure=temps, --stats)
or mlir-opt-19's printing of the module (iter_args), never a reading of the student's
text.
"""
import hashlib
import os
import re
import shutil
import signal
import tempfile
import threading
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field, replace

from . import effects, inputs, sandbox
from .blind import blind_copy
from .untrusted import printable

MLIR_PASSES = ["--arith-expand", "--convert-scf-to-cf", "--convert-to-llvm",
               "--reconcile-unrealized-casts"]
STATS = re.compile(r"stats: steps (\d+), moves (\d+), jumps (\d+), cjumps (\d+), calls (\d+)")
TEMPS = re.compile(r"measure: temps (\d+)")
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
    cases: object = None  # cases(program, directives): its inputs.Cases (grade.py)
    confined_reference: str = None  # a copy of the reference a confined step can run
    stop: object = None   # a threading.Event: set by the first failed program, when the
                          # grade only asks whether anything fails (mutation.Pool)
    lowerings: object = None  # a Lowerings shared by the grades of one mutation run

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


def judge_tree(cx, tigerc, program, cases, work):
    """translate, canon, traces: the reference runs the student's dump on each input,
    all of them from one start when there are several (judge_dumps)."""
    stage = cx.spec["stage"]
    dump, problem = student_emit(cx, tigerc, stage, program)
    if problem:
        return Verdict(False, problem)
    path = os.path.join(work, "student." + stage)
    with open(path, "wb") as f:
        f.write(dump)
    runs = iter(judge_dumps(cx, program, path, cases, work))
    return on_inputs(cases, lambda stdin, directives: next(runs)(directives))


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


def dump_run(cx, program, path, stdin):
    own = effects.own_run(cx, program, stdin)
    limits, steps = effects.dump_limits(cx, own)
    cmd = [cx.confined_reference or cx.reference] + cx.spec["judge"] + \
        (["--max-steps=%d" % steps] if steps else []) + effects.view_args(cx) + [path]
    return DumpRun(cmd, limits, steps, own, stdin)


def judge_dumps(cx, program, path, cases, work):
    """The reference runs the student's dump on each input, confined: one judge an
    input (judged(directives) gives its Verdict), in order. Several inputs run from one
    start (tigerc --inputs: one child process an input, each with its own limits)."""
    runs = [dump_run(cx, program, path, stdin) for stdin, _ in cases.inputs]
    ro = [runs[0].cmd[0], path]
    if len(runs) == 1:
        one = runs[0]
        ran = sandbox.run(one.cmd[:-1] + (["--effects-hash"] if one.own else []) + [path],
                          stdin=one.stdin, limits=one.limits, untrusted=True, ro=ro)
        return [lambda directives: judged_dump(cx, one, ran, path, directives)]
    folder = inputs_folder(work, [one.stdin for one in runs])
    for k, one in enumerate(runs):
        with open(os.path.join(folder, "%d.limits" % k), "w") as f:
            f.write("%g %d%s\n" % (one.limits.seconds, one.limits.output,
                                    " %d" % one.steps if one.steps else ""))
    whole = whole_limits([one.limits for one in runs])
    bare = [a for a in runs[0].cmd[:-1] if not a.startswith("--max-steps=")]
    ran = sandbox.run(bare + ["--effects-hash", "--inputs=" + folder, path], limits=whole,
                      untrusted=True, ro=ro + [folder])
    split = split_runs(ran, len(runs), runs[0].limits)
    if ran.problem(whole, "") or split is None:  # the limits of one input name it
        cx.count(ran)
        who = "the reference running your --emit=%s" % cx.spec["stage"]
        problem = ran.problem(runs[0].limits, who) or who + ": its runs on the grader's " \
            "inputs cannot be read"
        return [lambda directives: Verdict(False, problem)] * len(runs)
    return [lambda directives, one=one, ran=r: judged_dump(cx, one, ran, path, directives)
            for one, r in zip(runs, split)]


def inputs_folder(work, stdins):
    """A fresh folder of work holding only these inputs, as 0.in, 1.in, ... (the split
    of base/input_split.hh reads them)."""
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
    stage = cx.spec["stage"]
    cx.count(ran)
    got = effects.take_summary(ran)
    problem = ran.problem(one.limits, "the reference running your --emit=%s" % stage)
    if problem:
        return Verdict(False, problem)
    # The reference names the dump by the grader's path: "line L:C" or nothing instead.
    said = first_line(ran.stderr).replace(path + ": error: ", "").replace(path + ":", "line ")
    if ran.status == EXIT_SYNTAX:
        return Verdict(False, "your --emit=%s output does not parse: %s" % (stage, said))
    if ran.status == EXIT_VERIFY:
        return Verdict(False, "broken invariant: " + said)
    wrong = effects.over_steps(ran, one.steps) or check_run(ran, directives) or \
        effects.difference(cx, one.own, got, one.stdin, os.path.dirname(path),
                           effects.with_file(one.cmd), ro=[one.cmd[0], path])
    return Verdict(wrong is None, wrong or "", measure(cx.spec.get("metric"), ran.stderr))


def on_inputs(cases, run_one):
    """run_one(stdin, directives) on each input of the program's Cases (inputs.py), in
    order: the first failure, named by its input, or the first input's Verdict (its
    quality number)."""
    verdicts = []
    for k, (stdin, directives) in enumerate(cases.inputs):
        verdict = run_one(stdin, directives)
        if not verdict.passed:
            if len(cases.inputs) > 1:
                shown = stdin.decode("latin-1").replace("\n", " ").strip()
                verdict.message = "on the grader's input %d of %d (stdin %r): %s" % (
                    k + 1, len(cases.inputs), shown[:80], verdict.message)
            return verdict
        verdicts.append(verdict)
    return verdicts[0]


def measure(metric, printed):
    """A quality number, as the reference printed it (stderr; for iter_args mlir-opt-19's
    own printing of the module): --measure=temps, an iter_args count, a --stats count."""
    text = printed.decode("latin-1")
    if metric == "iter_args":
        return text.count("iter_args(")
    if metric == "temps":
        found = TEMPS.findall(text)
        return int(found[-1]) if found else None
    found = STATS.findall(text)
    return int(found[-1][STAT_NAMES.index(metric)]) if metric and found else None


def leftover_jumps(cft):
    """The break/continue statements still in a --emit=pto-cft dump."""
    return re.findall(r"^\s*(break|continue)\b", cft.decode("latin-1"), re.M)


def judge_ptoext(cx, tigerc, program, cases, work):
    mlir, verdict = ptoext_mlir(cx, tigerc, program)
    if verdict:
        return verdict
    return ptoext_runs(cx, tigerc, (program, cases, work), lower_mlir(cx, mlir, work))


def ptoext_mlir(cx, tigerc, program):
    """The student's --emit=pto-cft, which may leave no break or continue, then its
    --emit=mlir: (the MLIR, None), or (None, the failed Verdict)."""
    cft, problem = student_emit(cx, tigerc, "pto-cft", program)
    if problem:
        return None, Verdict(False, problem)
    left = leftover_jumps(cft)
    if left:
        return None, Verdict(False, "--emit=pto-cft still has %d break/continue (first: "
                             "%s)" % (len(left), left[0]))
    mlir, problem = student_emit(cx, tigerc, "mlir", program)
    return mlir, Verdict(False, problem) if problem else None


def ptoext_runs(cx, tigerc, seat, lowered):
    """The Verdict of the student's MLIR, lowered (lower_mlir's triple), run on each of
    the program's inputs; seat is (the blind program, its Cases, the work folder)."""
    program, cases, work = seat
    low, printed, problem = lowered
    if problem and problem.startswith(MLIR_REJECTED):
        problem += reference_says(cx, tigerc, program, work)
    if problem:
        return Verdict(False, problem)
    metric = measure(cx.spec.get("metric"), printed)
    runs = iter(run_mlir(cx, low, [stdin for stdin, _ in cases.inputs], work))

    def one(stdin, directives):  # on_inputs asks for the inputs in order
        ran, problem = next(runs)
        cx.count(ran)
        got = effects.take_summary(ran)
        if problem:
            return Verdict(False, problem)
        wrong = check_run(ran, directives) or effects.difference(
            cx, effects.own_run(cx, program, stdin), got, stdin, work,
            lambda path: runner(cx, low, ["TIGERRT_EFFECTS=" + path]), ro=[work, cx.runtime])
        return Verdict(wrong is None, wrong or "", metric)
    return on_inputs(cases, one)


def lower_mlir(cx, mlir, work):
    """mlir-opt-19 verifies and lowers the student's MLIR: (the lowered file, mlir-opt's
    own printing of the module before lowering, problem)."""
    opt = shutil.which("mlir-opt-19")
    if not opt or not shutil.which("mlir-cpu-runner-19"):
        return None, b"", "grader error: mlir-opt-19 or mlir-cpu-runner-19 is not installed"
    src = os.path.join(work, "student.mlir")
    with open(src, "wb") as f:
        f.write(mlir)
    ran = sandbox.run([opt, src] + LOWERING, limits=cx.trusted, untrusted=True, ro=[work])
    problem = ran.problem(cx.trusted, "mlir-opt-19 on your MLIR")
    if problem or ran.status != 0:
        return None, b"", problem or mlir_rejected(ran.stderr, src, mlir)
    return lowered_at(work, ran.stdout, ran.stderr)


def lowered_at(work, low_text, printed):
    """lower_mlir's triple for a module lowered into low_text: the file in work."""
    low = os.path.join(work, "student.llvm.mlir")
    with open(low, "wb") as f:
        f.write(low_text)
    return low, printed, None


# mlir-opt-19's options: the lowering, and its printing of the module before it; one
# thread (the judge runs a start a core: MLIR's own threads only cost).
LOWERING = MLIR_PASSES + ["--mlir-print-ir-before=" + MLIR_PASSES[0][2:],
                          "--mlir-disable-threading"]
# --split-input-file's marker between modules, and what begins each module's printing.
SPLIT = b"// -----"
DUMP = re.compile(rb"(?m)^(?=// -----// IR Dump Before )")


class Lowerings:
    """The modules mlir-opt-19 has lowered in this process, by the MLIR's hash: (the
    lowered text, the printing). The mutants of a mutation run emit the reference's
    MLIR for most programs, so each grade of it lowers only what its mutant changed.
    The same bytes, the same lowering: mlir-opt-19 reads nothing else. Only modules it
    lowered whole are kept, up to `cap` bytes of text in all."""

    def __init__(self, cap=512 * sandbox.MB):
        self.cap, self.size, self.known, self.lock = cap, 0, {}, threading.Lock()

    def get(self, mlir):
        with self.lock:
            return self.known.get(hashlib.sha256(mlir).digest())

    def put(self, mlir, lowered):
        low, printed, problem = lowered
        if problem:
            return
        with open(low, "rb") as f:
            text = f.read()
        with self.lock:
            if self.size + len(text) + len(printed) <= self.cap:
                self.known[hashlib.sha256(mlir).digest()] = (text, printed)
                self.size += len(text) + len(printed)


def lower_all(cx, items, pool, batches):
    """lower_mlir on each (MLIR, work folder) of items, in at most `batches` mlir-opt-19
    starts run on pool (lower_batch): one start costs 40-50 ms, the lowering of a
    module a quarter of that. The batches take every `batches`-th module, so that the
    big ones (the random programs, last) are shared out. A module cx.lowerings knows
    is not lowered again."""
    known = [cx.lowerings and cx.lowerings.get(mlir) for mlir, _ in items]
    todo = [item for item, got in zip(items, known) if got is None]
    parts = [todo[k::batches] for k in range(min(batches, len(todo)))]
    done = list(pool.map(lambda part: lower_batch(cx, part), parts))
    made = iter([done[k % len(parts)][k // len(parts)] for k in range(len(todo))])
    out = []
    for (mlir, work), got in zip(items, known):
        out.append(lowered_at(work, *got) if got else next(made))
        if cx.lowerings and not got:
            cx.lowerings.put(mlir, out[-1])
    return out


def lower_batch(cx, items):
    """The lowering of several modules by one mlir-opt-19 start (--split-input-file:
    each module alone in a context of its own; their outputs and printings in order,
    the same bytes as one start each gives). A module that holds the marker itself,
    and every module of a batch that does not come out whole (a module rejected, a
    limit), is lowered on its own (lower_mlir), for its own verdict and message."""
    batched = [k for k, (mlir, _) in enumerate(items) if SPLIT not in mlir]
    done = {}
    if len(batched) > 1:
        done = dict(zip(batched, split_lowering(cx, [items[k] for k in batched])))
    return [done.get(k) or lower_mlir(cx, mlir, work) for k, (mlir, work) in enumerate(items)]


def split_lowering(cx, items):
    """[(low, printed, None)] of one --split-input-file run on items, or [] when it did
    not come out whole."""
    opt = shutil.which("mlir-opt-19")
    if not opt:
        return []
    folder = tempfile.mkdtemp(prefix="lower-", dir=sandbox.run_base())
    try:
        os.chmod(folder, 0o755)
        src = os.path.join(folder, "batch.mlir")
        with open(src, "wb") as f:
            f.write(b"".join((b"\n" + SPLIT + b"\n" if k else b"") + mlir
                             for k, (mlir, _) in enumerate(items)))
        limits = replace(cx.trusted, output=cx.trusted.output * len(items))
        ran = sandbox.run([opt, src, "--split-input-file"] + LOWERING, limits=limits,
                          untrusted=True, ro=[folder])
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    lows = re.split(rb"(?m)^" + re.escape(SPLIT) + rb"\n", ran.stdout)
    printed = DUMP.split(ran.stderr)
    if ran.problem(limits, "") or ran.status != 0 or printed[0] != b"" or \
            len(lows) != len(items) or len(printed) != len(items) + 1:
        return []
    return [lowered_at(work, low, dump) for (_, work), low, dump in zip(items, lows, printed[1:])]


def run_mlir(cx, low, stdins, work):
    """mlir-cpu-runner-19 runs the lowered MLIR with the reference's runtime on each of
    the inputs (bytes), starting once: the runtime splits the run at its first read or
    write, one child process an input, each with the student's limits
    (ptoext/runtime/input_split.cc), so the JIT compiles the module once. A (Ran,
    problem) an input."""
    # The student's code runs here: the student's time limit, the runtime's step limit.
    each = sandbox.Limits(cx.student_limits().seconds, cx.trusted.memory, cx.trusted.output)
    folder = inputs_folder(work, stdins)
    whole = whole_limits([each] * len(stdins))  # each input's time limit is the runtime's
    hashed = ["TIGERRT_EFFECTS_HASH=1"] if cx.spec.get("effects") else []
    ran = sandbox.run(runner(cx, low, hashed + [
        "TIGERRT_INPUTS=" + folder, "TIGERRT_INPUT_SECONDS=%g" % each.seconds,
        "TIGERRT_INPUT_BYTES=%d" % each.output]), limits=whole, untrusted=True,
        ro=[work, cx.runtime])
    who = "your MLIR, run by mlir-cpu-runner-19"
    runs = split_runs(ran, len(stdins), each)
    if ran.problem(whole, who) or runs is None:
        ran.stdout, ran.stderr = ran.stdout[:each.output + 1], ran.stderr[:each.output + 1]
        return [(ran, ran.problem(each, who) or who + ": its runs on the grader's inputs "
                 "cannot be read (did it write on stdout before its first read or write?)")]
    return [(one, one.problem(each, who)) for one in runs]


def runner(cx, low, environment):
    """mlir-cpu-runner-19's command for the lowered MLIR, with the reference's runtime
    and these VAR=VALUE settings (its effects, its inputs)."""
    return [shutil.which("env")] + environment + [
        shutil.which("mlir-cpu-runner-19"), low, "-e", "main", "-entry-point-result=void",
        "--disable-lsr", "--shared-libs=" + cx.runtime]


# One input's record in a split run's stdout (input_split.cc), then its stdout and stderr.
SPLIT_RUN = re.compile(rb"tigerrt input (\d+): (?:exit (\d+)|signal (\d+)|(timeout)) (\d+) (\d+)\n")


def split_runs(ran, count, limits):
    """The runs of each input in a split run's stdout; a run that never split (it read
    and printed nothing) is its run on every input; records that end at a timeout (the
    split runs no input after one: base/input_split.hh) stand for the rest with it,
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


MLIR_REJECTED = "mlir-opt-19 rejects your --emit=mlir output"
DIAGNOSTIC = re.compile(r"^(?:.*[/\\])?student\.mlir:(\d+):(\d+): (error|note|warning): (.*)$")


def mlir_rejected(stderr, src, mlir, most=3):
    """mlir-opt's diagnostics on the student's MLIR, each with the line of the MLIR it
    points at (from the text itself: the file is deleted when the judge ends), every
    shown line at most 100 characters."""
    lines = mlir.decode("latin-1").split("\n")
    out = []
    for line in stderr.decode("latin-1").splitlines():
        m = DIAGNOSTIC.match(line.replace(src, "student.mlir"))
        if not m or len(out) >= 2 * most:
            continue
        row, col, kind, text = int(m.group(1)), m.group(2), m.group(3), m.group(4)
        out.append("  line %d:%s: %s: %s" % (row, col, kind, clip(text, 80)))
        if 0 < row <= len(lines):
            out.append("    | " + clip(lines[row - 1].strip(), 92))
    said = first_line(stderr).replace(src, "student.mlir")
    head = MLIR_REJECTED + (":" if out else ": " + clip(said, 80))
    return "\n".join([head] + out)


def clip(text, width):
    return text if len(text) <= width else text[:width - 3] + "..."


# The reference reading a student's dump (at most the student's output limit) and
# checking it: well under a second.
CHECKING = sandbox.Limits(seconds=20, output=sandbox.MB)
BROKEN = re.compile(r"^(\d+):\d+: error: --from=pto-ssa: (.*)$")


def reference_says(cx, tigerc, program, work):
    """What the reference's checkers say of the student's --emit=pto-ssa (the structured
    IR their ConvertToSSA made, read back: ptoext/sir_read.hh) when mlir-opt-19 rejects
    their MLIR: its first broken invariant with its line of the dump, or that none is
    broken. When the dump cannot be had or read: why, then the student's own --verify
    as a hint (verify_says). Every line clipped to 100 characters, none with a control
    character or a path of the work folder."""
    ssa, problem = student_emit(cx, tigerc, "pto-ssa", program)
    if not problem:
        said, problem = reference_check(cx, ssa, work)
        if said:
            return said
    problem = problem.replace(program + ": ", "").replace(program, "the program")
    return "\n  your --emit=pto-ssa could not be checked:\n    %s%s" % (
        clip(printable(problem), 96), verify_says(cx, tigerc, program))


def reference_check(cx, ssa, work):
    """The reference's tigerc --from=pto-ssa --verify on a dump, confined as it runs on
    any student's dump (judge_dumps): (what it says, None), or (None, why it could not
    read the dump)."""
    path = os.path.join(work, "student.pto-ssa")
    with open(path, "wb") as f:
        f.write(ssa)
    reference = cx.confined_reference or cx.reference
    ran = sandbox.run([reference, "--from=pto-ssa", "--verify", path], limits=CHECKING,
                      untrusted=True, ro=[reference, path])
    cx.count(ran)
    problem = ran.problem(CHECKING, "the reference reading it")
    if problem:
        return None, problem
    if ran.status == 0:
        return "\n  the reference's checkers find no broken invariant in your --emit=pto-ssa", None
    said = first_line(ran.stderr).replace(path + ":", "").replace(path, "the dump")
    m = BROKEN.match(said)
    if ran.status == EXIT_SYNTAX:
        return None, "line " + said
    if ran.status != EXIT_VERIFY or not m:
        return None, "the reference exited %d: %s" % (ran.status, said)
    row, lines = int(m.group(1)), ssa.decode("latin-1").split("\n")
    shown = lines[row - 1].strip() if 0 < row <= len(lines) else ""
    return "\n  the reference's checker on your --emit=pto-ssa, line %d:\n    %s\n    | %s" % (
        row, clip(printable(m.group(2)), 96), clip(printable(shown), 92)), None


def verify_says(cx, tigerc, program):
    """The invariant --verify names, run by the student's tigerc on the program (the
    handout's checks, compiled in it: a hint only, the verdict is mlir-opt's, and only
    when the reference could not check their --emit=pto-ssa); "" when it names none."""
    limits = cx.student_limits()
    ran = sandbox.run([tigerc, "--verify", "--emit=mlir", program], limits=limits,
                      untrusted=True, ro=[tigerc, os.path.dirname(program)])
    cx.count(ran)
    if ran.problem(limits, "") or ran.status == 0:
        return ""
    said = first_line(ran.stderr).replace(program + ": ", "").replace(program, "the program")
    return "\n  your tigerc --verify --emit=mlir says: " + clip(printable(said), 59)


@contextmanager
def judging(cx, program, directives, lifted=True):
    """What judging a program needs: (its blind, lifted copy, its Cases, a private work
    folder), removed after. The student's code gets only the program's blind, lifted text
    (inputs.py), never its directives nor the inputs its dump is run on. lifted=False:
    the program as it is, on its own stdin (a shrinker's candidate)."""
    cases = cx.cases(program, directives) if lifted and cx.cases else \
        inputs.Cases(None, [(directives["stdin"], directives)])
    work = tempfile.mkdtemp(prefix="judge-", dir=sandbox.run_base())
    os.chmod(work, 0o755)  # the confined MLIR run reads the student's lowered MLIR here
    blind = blind_copy(program, sandbox.RUN_BASE, cases.text)
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
        if cx.spec["lab"] == "ptoext":
            return cx.noted(judge_ptoext(cx, tigerc, blind, cases, work))
        return cx.noted(judge_tree(cx, tigerc, blind, cases, work))


def judge_all(cx, tigerc, programs, pool, jobs):
    """judge on each (program, directives), in parallel on pool (jobs threads). ptoext's
    in three rounds: the student's compiles of every program, the lowering of all
    their MLIR in `jobs` mlir-opt-19 starts (lower_all), then every program's runs.
    Once cx.stop is set, what is left is NOT_JUDGED."""
    if cx.spec["lab"] != "ptoext":
        return list(pool.map(lambda t: judge(cx, tigerc, *t), programs))
    with ExitStack() as stack:
        seats = [stack.enter_context(judging(cx, *t)) for t in programs]
        firsts = list(pool.map(lambda seat: ptoext_compiled(cx, tigerc, seat[0]), seats))
        compiled = [k for k, (mlir, _) in enumerate(firsts) if mlir is not None]
        if cx.stopped():
            compiled = []
        lowered = dict(zip(compiled, lower_all(
            cx, [(firsts[k][0], seats[k][2]) for k in compiled], pool, jobs)))
        return list(pool.map(lambda k: firsts[k][1] or ptoext_judged(
            cx, tigerc, seats[k], lowered.get(k)), range(len(seats))))


def ptoext_compiled(cx, tigerc, program):
    """ptoext_mlir, unless the grade has stopped: (None, NOT_JUDGED's Verdict) then."""
    if cx.stopped():
        return None, Verdict(False, NOT_JUDGED)
    mlir, verdict = ptoext_mlir(cx, tigerc, program)
    return mlir, verdict and cx.noted(verdict)


def ptoext_judged(cx, tigerc, seat, lowered):
    """ptoext_runs, unless the grade has stopped."""
    if cx.stopped() or lowered is None:
        return Verdict(False, NOT_JUDGED)
    return cx.noted(ptoext_runs(cx, tigerc, seat, lowered))


def baseline(cx, program, directives):
    """The bonus's yardstick on one program: the reference with the book's choices, on
    the text and first input the program is judged on. Kept beside the reference's own
    runs (effects.cache_path): the same reference, text and input give the same number."""
    args = cx.spec.get("baseline")
    if not args:
        return None
    cases = cx.cases(program, directives) if cx.cases else None
    work = tempfile.mkdtemp(prefix="baseline-", dir=sandbox.run_base())
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
        ran = sandbox.run([cx.reference] + args + [path], stdin=stdin, limits=cx.trusted)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    # ptoext's yardstick is the reference's own MLIR (stdout), the others' on stderr.
    value = measure(cx.spec["metric"], ran.stdout if args == ["--emit=mlir"] else ran.stderr)
    if ran.status == 0:
        inputs.keep_json(kept, {"value": value})
    return value
