"""effects.py - judges a student's dump by its effects, and bounds the reference's run of it.

Input: the lab spec's "effects" view ("all": canon and traces, whose passes keep every
effect; "calls": translate and ptoext, where only what the language fixes is compared),
a program, its stdin, and the student's dump (ptoext: its structured IR, run by the
reference's structured-IR interpreter, which records the same calls view). Output:
  - own_run: the reference's own run of the program at the lab's stage (trusted), its
    effects' count and hash (`tigerc --effects-hash`), its steps and seconds; made once
    per reference, program text, input and view, kept in build/grade/own/ (a class's
    grades, the mutants of a test, all judge on the same runs);
  - dump_limits: the limits of the reference's run of the student's dump, relative to
    that run: FACTOR times its time and steps, plus a constant, never past the
    student's own limits (Context.student_limits, the two-time-outs drop included);
  - difference: None when the dump's run had the same effects, else "effect N: expected
    X, got Y (the call at line L)", found by running both once more with the full
    streams (`--effects=FILE`, `$TIGERRT_EFFECTS`), the grader's only costly step, on a
    failing program only.
"""
import hashlib
import json
import os
import re
import tempfile
import time
from dataclasses import dataclass

from ..paths import ROOT, lab_meta
from . import confine, inputs, randoms, sandbox

SUMMARY = re.compile(rb"^effects: (\d+), hash ([0-9a-f]{16})$", re.M)
STEPS = re.compile(rb"stats: steps (\d+),")
FACTOR, EXTRA_SECONDS, EXTRA_STEPS = 10, 2.0, 1_000_000
EXIT_LIMIT = 71  # tigerc: step or depth limit
TREE_STAGES = ("ir", "linear", "traces")  # --run-at's stages
STREAM_LIMIT = 64 * sandbox.MB  # the largest effect stream written to find a difference
POSITION = re.compile(r"  # (\d+):\d+$")


@dataclass
class Own:
    """The reference's own run of a program: what the dump's run must match."""
    summary: bytes   # b"effects: N, hash H"
    steps: int
    seconds: float
    args: list       # the command that made it, for the full stream


def view_args(cx):
    return ["--effects-view=" + cx.spec["effects"]] if cx.spec.get("effects") else []


def own_stage(cx):
    """Where the reference runs a program itself: at the lab's stage; in a handout, whose
    tigerc lacks the lab, at lab.json's `oracle` stage before it (effects are the same
    at every stage: translate's is --run-at=pto, ptoext's lowered structured IR, whose
    calls view is the tree interpreter's). ptoext's stages are not the tree
    interpreter's: its oracle, the tree IR's run, everywhere."""
    if not randoms.in_handout() and cx.spec["stage"] in TREE_STAGES:
        return ["--run-at=" + cx.spec["stage"]]
    return lab_meta(cx.spec["lab"]).get("oracle")


def own_run(cx, program, stdin):
    """The reference runs the program itself, effects recorded (when the lab judges
    them: the steps and time are still what the limits need); None when it cannot.
    Read from the cache when this reference ran this text on this input before."""
    stage = own_stage(cx)
    if not stage:
        return None
    args = [cx.reference] + stage + ["--stats"] + view_args(cx)
    path = cache_path(cx.reference, args[1:], program, stdin)
    kept = inputs.kept_json(path)
    if kept and {"summary", "steps", "seconds"} <= kept.keys():
        return Own(kept["summary"].encode(), kept["steps"], kept["seconds"], args + [program])
    start = time.monotonic()
    ran = sandbox.run(args + ["--effects-hash", program], stdin=stdin, limits=cx.trusted,
                      runs=cx.runs)
    seconds = time.monotonic() - start
    summary, steps = SUMMARY.search(ran.stderr), STEPS.search(ran.stderr)
    if not summary or not steps:
        return None
    own = Own(summary.group(0), int(steps.group(1)), seconds, args + [program])
    inputs.keep_json(path, {"summary": own.summary.decode(), "steps": own.steps,
                            "seconds": seconds})
    return own


def cache_path(reference, options, program, stdin):
    """Where own_run keeps a run: named by the reference's bytes, the options, the
    program's text and the input (never by a path: a program is judged from a fresh
    blind copy each time)."""
    h = hashlib.sha256(json.dumps(options).encode() + b"\0" + stdin + b"\0")
    with open(program, "rb") as f:
        h.update(f.read())
    return os.path.join(ROOT, "build", "grade", "own", inputs.reference_digest(reference),
                        h.hexdigest()[:32] + ".json")



def dump_limits(cx, own):
    """(limits, max steps) of the reference's run of the student's dump."""
    student = cx.student_limits()
    if own is None:
        return student, 0
    seconds = round(min(student.seconds, FACTOR * own.seconds + EXTRA_SECONDS), 1)
    limits = sandbox.Limits(seconds, student.memory, cx.trusted.output)
    return limits, FACTOR * own.steps + EXTRA_STEPS


def over_steps(ran, steps):
    """The message when the dump's run stopped at the steps dump_limits gave it."""
    if ran.status == EXIT_LIMIT and b"step limit of %d reached" % steps in ran.stderr:
        return ("your code runs more than %d steps, %d times the reference's plus %d: "
                "a loop that should end?" % (steps, FACTOR, EXTRA_STEPS))
    return None


def take_summary(ran):
    """The line --effects-hash printed on ran's stderr, taken out of it (b"": none)."""
    m = SUMMARY.search(ran.stderr)
    if not m:
        return b""
    ran.stderr = ran.stderr[:m.start()] + ran.stderr[m.end() + 1:]
    return m.group(0)


def with_file(cmd):
    """A tigerc run (its last item the file run) that writes its effect lines to a path:
    cmd with --effects=PATH, as stream wants it."""
    return lambda path: cmd[:-1] + ["--effects=" + path, cmd[-1]]


def difference(cx, own, got, stdin, work, student, ro):
    """None when the student's run (with --effects-hash, which printed `got`) had the
    program's effects; else the first effect that differs. student(path): the command
    that runs the student's code once more, its effect lines written to path, confined,
    reading ro."""
    if own is None or not cx.spec.get("effects") or got == own.summary:
        return None
    want_lines = stream(cx, with_file(own.args), stdin, work, trusted=True)
    got_lines = stream(cx, student, stdin, work, trusted=False, ro=ro)
    return first_difference(want_lines, got_lines)


def stream(cx, command, stdin, work, trusted, ro=()):
    """The effect lines of one more run of command(path), which writes them to path."""
    folder = tempfile.mkdtemp(prefix="effects-", dir=work)
    if not trusted and confine.runs_as_nobody(sandbox.level()):
        confine.chown_tree(folder)  # the steps' own uid: 65534 or the grade's
    path = os.path.join(folder, "effects")
    limits = sandbox.Limits(cx.trusted.seconds, cx.trusted.memory, cx.trusted.output,
                            files=STREAM_LIMIT)
    sandbox.run(command(path), stdin=stdin, limits=limits, untrusted=not trusted,
                ro=[] if trusted else list(ro), rw=[] if trusted else [folder], runs=cx.runs)
    try:
        with open(path, "rb") as f:
            return f.read(STREAM_LIMIT).decode("latin-1").splitlines()
    except OSError:
        return []


def first_difference(want, got):
    """'effect N: expected X, got Y (the call at line L)' for two effect streams."""
    line = 0
    for k in range(max(len(want), len(got))):
        w = want[k] if k < len(want) else None
        g = got[k] if k < len(got) else None
        if w is not None:
            m = POSITION.search(w)
            line = int(m.group(1)) if m else line
        if bare(w) != bare(g):
            return "effect %d: expected %s, got %s%s%s" % (
                k + 1, shown(w), shown(g), where(w, line), address_notes(w, g))
    return "the effects differ from the reference's (beyond the %d compared)" % len(want)


ADDRESS = re.compile(r"\b0x[0-9a-f]+\b")


def address_notes(*lines):
    """Under an effect with addresses, what each one is, in the interpreter's data
    model (chap7/interp/interp_memory.hh): a frame's word, a record's or array's, a
    string. "" when the lines hold none."""
    seen = []
    for line in lines:
        for a in ADDRESS.findall(bare(line) or ""):
            if a not in seen:
                seen.append(a)
    return "".join("\n    %s is %s" % (a, address_is(int(a, 16))) for a in seen[:4])


def address_is(v):
    if v >> 63:
        depth, word = (v >> 43) & 0xFFFFF, ((v & 0x7FFFFFFF) - (1 << 30)) // 8
        who = "main's frame" if depth == 0 else "the frame of a call at depth %d" % depth
        return "word %d of %s (a static link or an escaping variable points there)" % (
            word, who)
    if v >> 62:
        return "a string (not an address: the runtime reads it)"
    if v >> 32 >= 2:
        return "word %d of the %s record or array made" % ((v & 0xFFFFFFFF) // 8,
                                                            ordinal((v >> 32) - 1))
    return "no address of the heap, a frame or a string"


def ordinal(n):
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return "%d%s" % (n, suffix)


def bare(line):
    return None if line is None else POSITION.sub("", line)


def shown(line):
    if line is None:
        return "no more effects"
    text = bare(line)
    return text[5:] if text.startswith("call ") else text


def where(line, last):
    """' (the call at line L)', or after which line the effect came."""
    if line is None or not last:
        return ""
    kind = line.split(" ", 1)[0]
    if POSITION.search(line) and kind in ("call", "store"):
        return " (the %s at line %d)" % (kind, last)
    return " (after line %d)" % last
