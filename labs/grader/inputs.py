"""inputs.py - the data a program is judged on that the student's tigerc never sees
(labs/grader/README.md, "What is judged").

Input: a test program (testcases/README.md directives), the reference tigerc and the
options that run a Tiger program with it (its oracle: `--run`; in a handout lab.json's
`oracle`). Output: Cases: the text the student's tigerc compiles and the inputs its dump
is run on, each with the output the reference's own run of the program gives on it.

The text is the program with comments blanked (blind.py) and LIFTS of its integer
literals (chosen by the text's hash) turned into variables read at start, by a reader
the grader writes before the program on its first line (lines stay where they were):
    let function grader_read(): int = ... var grader_in0 := grader_read() ... in PROGRAM end
Input 0 gives the literals their own values (one a line, then the program's `stdin:`):
the lifted program must print what its directives say, which the reference checks.
Inputs 1..VARIANTS (or lab.json's `input_variants`: ptoext's input 1 only) change one
value each (+1, +2, -1, +7): each is kept when the reference runs it within its limits
and twice input 0's statements (so a grade costs little more) and its output (exit
status, stdout) differs from that of every input kept before it. So a dump that prints one run's output, or replays
one run's calls, fails on the others; only a compiled computation passes them all.
When the first LIFTS literals do not, the next LIFTS are tried. The rule for a program
no lifted literal changes (it prints constants only, or has no integer literal): its
reader reads one more number first and prints it first, so its
inputs differ there (a dump must still read and print it).

Cases are made once per program and reference, kept in build/grade/inputs/; a handout
ships those of its public and random programs (shipped.py, labs/LAB/inputs.json).
"""
import hashlib
import json
import os
import re
import tempfile
from dataclasses import dataclass, field

from . import sandbox
from .blind import _string_end, strip_comments

LIFTS, VARIANTS, TRIES = 3, 2, 10
DELTAS = (1, 2, -1, 7)
# Each value comes as WIDTH digits of value + OFFSET and a newline. The reader is straight
# code: every call the whole initializer of a variable of its own, no loop, no if, and
# the number built a digit a variable (v3 := v2 * 10 + d3 - 48), never nested deeper than
# that, so it is already canonical and has one trace, and a student's bug in calls,
# loops, layout or deep expressions (a canon exponential in the nesting) costs the
# programs that have them, not every lifted one. Nine digits: every value the reader
# builds stays below 10^9 < 2^30, so a compiler with a 32-bit word or SML/NJ's 31-bit int
# (a foreign course's, foreign.py) reads it too; a literal out of reach (|v| near
# 5 * 10^8 or more) is not lifted (readable).
WIDTH, OFFSET = 9, 5 * 10 ** 8


def _reader():
    reads = "var c0 := getchar() var d0 := ord(c0) var v0 := d0 - 48 "
    for k in range(1, WIDTH):
        reads += "var c%d := getchar() var d%d := ord(c%d) var v%d := v%d * 10 + d%d - 48 " % (
            k, k, k, k, k - 1, k)
    return ("let function grader_read(): int = let %svar nl := getchar() in v%d - %d end "
            % (reads, WIDTH - 1, OFFSET))


READER = _reader()
ECHO = "grader_echo"  # the rule's extra value, printed first
STEPS = re.compile(r"stats: steps (\d+)")
LIMITS = sandbox.Limits(seconds=60, memory=8192 * sandbox.MB, output=8 * sandbox.MB)
DIGEST = hashlib.sha1(open(__file__, "rb").read()).hexdigest()[:10]


@dataclass
class Cases:
    text: str                                   # what the student's tigerc compiles
    inputs: list = field(default_factory=list)  # [(stdin bytes, directives)]
    echo: bool = False                          # the rule above was needed
    places: list = field(default_factory=list)  # [(line, column)] of each lifted literal

    def to_json(self):
        return {"text": self.text, "echo": self.echo, "places": self.places,
                "inputs": [[s.decode("latin-1"), d["exit"], None if d["stdout"] is None
                            else d["stdout"].decode("latin-1"), d["stderr"]]
                           for s, d in self.inputs]}

    @staticmethod
    def from_json(j):
        enc = lambda s: None if s is None else s.encode("latin-1")
        return Cases(j["text"], [(enc(s), {"exit": e, "stdout": enc(o), "stderr": r,
                                           "stdin": enc(s), "errors": []})
                                 for s, e, o, r in j["inputs"]], j["echo"],
                     [tuple(p) for p in j["places"]])

    def described(self, k):
        """Input k in the words of a student reading the program: which of its numbers
        the grader changed (none on input 0, the program as written), the number it
        prints first under the rule above, what the program reads on stdin as typed;
        "" when there is nothing to say."""
        count = len(self.places) + self.echo
        values, typed = values_of(self.inputs[k][0], count)
        base, _ = values_of(self.inputs[0][0], count)
        said = ["the grader's number %d printed first" % values[0]] if self.echo else []
        for i, (now, was) in enumerate(zip(values, base)):
            if now == was or (self.echo and i == 0):
                continue
            line, column = self.places[i - self.echo]
            said.append("the %d at line %d, column %d made %d" % (was, line, column, now))
        if typed:
            said.append("reading %r on stdin" % typed)
        return ", ".join(said)


def words(text):
    """[(start, end)] of each identifier and integer literal of a comment-free program
    text, strings skipped."""
    out, i = [], 0
    while i < len(text):
        c = text[i]
        if c == '"':
            i = _string_end(text, i)
        elif c.isalnum() or c == "_":
            inside = str.isdigit if c.isdigit() else (lambda ch: ch.isalnum() or ch == "_")
            j = i + 1
            while j < len(text) and inside(text[j]):
                j += 1
            out.append((i, j))
            i = j
        else:
            i += 1
    return out


def literals(text):
    """[(start, end)] of each integer literal of a comment-free program text."""
    return [(a, b) for a, b in words(text) if text[a].isdigit()]


def choose(text, spans, turn):
    """The turn-th LIFTS of the literal spans in the order the text's hash gives, in
    text order."""
    key = lambda k: hashlib.sha1(("%d:" % k + text).encode("latin-1")).hexdigest()
    picked = sorted(sorted(range(len(spans)), key=key)[turn * LIFTS:(turn + 1) * LIFTS])
    return [spans[k] for k in picked]


def lifted_text(text, spans, echo):
    """The program with each span read by the reader; with echo, one more value read
    first and printed first."""
    out, at = [], 0
    for k, (a, b) in enumerate(spans):
        out += [text[at:a], "grader_in%d" % k]
        at = b
    body = "".join(out) + text[at:]
    names = ([ECHO] if echo else []) + ["grader_in%d" % k for k in range(len(spans))]
    # Each value through a variable of its own that never escapes: MOVE(TEMP, CALL) is
    # canonical, where MOVE(MEM, CALL) of an escaping grader_inK would not be.
    decls = "".join("var %s_r := grader_read() var %s := %s_r " % (n, n, n) for n in names)
    first = '(printi(%s); print("\\n")); ' % ECHO if echo else ""
    return READER + decls + "in " + first + body.rstrip("\n") + "\nend\n"


def place(text, at):
    """(line, column) of offset `at` of a text, both from 1."""
    return text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)


def values_of(stdin, count):
    """stdin_of undone: (the first `count` values, the program's own stdin as text)."""
    size = WIDTH + 1
    return ([int(stdin[i * size:(i + 1) * size]) - OFFSET for i in range(count)],
            stdin[count * size:].decode("latin-1"))


def stdin_of(values, directives):
    return "".join("%0*d\n" % (WIDTH, v + OFFSET) for v in values).encode() + \
        directives["stdin"]


def readable(values):
    """Whether every value fits the reader's WIDTH digits."""
    return all(0 <= v + OFFSET < 10 ** WIDTH for v in values)


def run(reference, oracle, path, stdin, steps=0, runs=None):
    """(status, stdout, stderr, steps) of the reference's run, or None when it is no fit
    expectation (a limit, a compile error). steps > 0: at most that many statements (a
    variant may not cost a grade much more). runs: the runs folder (sandbox.run)."""
    cap = ["--max-steps=%d" % steps] if steps else []
    ran = sandbox.run([reference] + list(oracle) + ["--stats"] + cap + [path], stdin=stdin,
                      limits=LIMITS, runs=runs)
    if ran.problem(LIMITS, "reference") or ran.status in (65, 66, 67, 71):
        return None
    counted = STEPS.findall(ran.stderr.decode("latin-1"))
    return ran.status, ran.stdout, ran.stderr, int(counted[-1]) if counted else 0


def agrees(reference, cross, path, stdin, got, runs=None):
    """Whether the reference's run with lab.json's `cross_check` options (ptoext's:
    --run-mlir) gives the oracle's (status, stdout)."""
    again = sandbox.run([reference] + list(cross) + [path], stdin=stdin, limits=LIMITS,
                        runs=runs)
    return (again.status, again.stdout) == got[:2]


def matches(got, directives):
    """Whether a run (status, stdout, stderr) is what the directives say."""
    want = directives["stdout"]
    return got is not None and got[0] == directives["exit"] and \
        (want is None or got[1] == want) and \
        all(t in got[2].decode("latin-1") for t in directives["stderr"])


def unechoed(got):
    """A run of the echo rule's program on input 0 without the echoed "0" line it printed
    first: what the program's own directives must match."""
    status, out, err = got[:3]
    return (status, out[2:] if out.startswith(b"0\n") else None, err)


def variant(stdin, got):
    """An input and the expectation the reference's run on it gave."""
    return stdin, {"exit": got[0], "stdout": got[1], "stderr": [], "stdin": stdin,
                   "errors": []}


def attempt(plain, spans, echo, directives, reference, oracle, cross, work, variants,
            runs=None):
    """The Cases of one way to lift (spans, echo), or None when its inputs do not give
    `variants` more outputs that differ (or input 0 is not the program's own run)."""
    text = lifted_text(plain, spans, echo)
    path = os.path.join(work, "lifted.tig")
    with open(path, "w", encoding="latin-1") as f:
        f.write(text)
    values = [int(plain[a:b]) for a, b in spans]
    base = [0] * echo + values
    if not readable([v + d for v in base for d in DELTAS + (0,)]):
        return None
    stdin = stdin_of(base, directives)
    got = run(reference, oracle, path, stdin, runs=runs)
    if got is None or not matches(unechoed(got) if echo else got, directives):
        return None
    budget = 2 * got[3] + 100000
    cases = Cases(text, [variant(stdin, got) if echo else (stdin, directives)],
                  echo, [place(plain, a) for a, _ in spans])
    seen = {got[:2]}
    tries = [(k, d) for d in DELTAS for k in range(len(base))][:TRIES]
    for k, d in tries:
        changed = list(base)
        changed[k] += d
        stdin = stdin_of(changed, directives)
        got = run(reference, oracle, path, stdin, budget, runs)
        if got and got[:2] not in seen and (not cross or agrees(reference, cross, path,
                                                                stdin, got, runs)):
            seen.add(got[:2])
            cases.inputs.append(variant(stdin, got))
            if len(cases.inputs) > variants:
                return cases
    return None


def make(program, directives, reference, oracle, cross, variants=VARIANTS, runs=None):
    """The Cases of a program (see the docstring), or a Cases with its one input and no
    lift when neither way works (a program the reference cannot run twice)."""
    with open(program, "rb") as f:
        plain = strip_comments(f.read().decode("latin-1"))
    spans = literals(plain)
    ways = [(choose(plain, spans, 0), False), (choose(plain, spans, 0), True)]
    if len(spans) > LIFTS:
        ways.insert(1, (choose(plain, spans, 1), False))
    work = tempfile.mkdtemp(prefix="inputs-", dir=sandbox.run_base(runs))
    try:
        for lift, echo in ways:
            cases = attempt(plain, lift, echo, directives, reference, oracle, cross, work,
                            variants, runs)
            if cases:
                return cases
    finally:
        for name in os.listdir(work):
            os.remove(os.path.join(work, name))
        os.rmdir(work)
    return Cases(plain, [(directives["stdin"], directives)])


def key(program, variants=VARIANTS):
    """What names a program's Cases: its bytes, this file's, and the inputs it has."""
    with open(program, "rb") as f:
        return "%s-%s-%d" % (hashlib.sha1(f.read()).hexdigest()[:16], DIGEST, variants)


_digests = {}


def reference_digest(reference):
    st = os.stat(reference)
    mark = (reference, st.st_mtime_ns, st.st_size)
    if mark not in _digests:
        with open(reference, "rb") as f:
            _digests[mark] = hashlib.sha1(f.read()).hexdigest()[:10]
    return _digests[mark]


def cases(program, directives, reference, oracle, cross, shipped=None, root=None,
          variants=VARIANTS, runs=None):
    """A program's Cases: from `shipped` ({key: json}, a handout's), from the cache in
    ROOT/build/grade/inputs, or made now by the reference (oracle None: cannot, an error).
    cross (lab.json's `cross_check`, or None): each variant's run checked by a run of
    the reference with these options (agrees)."""
    name = key(program, variants)
    if shipped and name in shipped:
        return Cases.from_json(shipped[name])
    if oracle is None:
        raise RuntimeError("the judging inputs of %s need the reference (the autograder "
                           "has it)" % os.path.basename(program))
    folder = os.path.join(root, "build", "grade", "inputs", reference_digest(reference))
    path = os.path.join(folder, name + ".json")
    kept = kept_json(path)
    if kept is not None:
        return Cases.from_json(kept)
    made = make(program, directives, reference, oracle, cross, variants, runs)
    keep_json(path, made.to_json())
    return made


def kept_json(path):
    """What keep_json wrote at path (a dict), or None when it is missing or unreadable."""
    try:
        with open(path) as f:
            data = json.load(f)
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def keep_json(path, data):
    """Writes a cache file whole, so a grade beside this one reads all of it or none."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    fd, fresh = tempfile.mkstemp(dir=os.path.dirname(path), suffix=".tmp")
    with os.fdopen(fd, "w") as f:
        json.dump(data, f)
    os.replace(fresh, path)
