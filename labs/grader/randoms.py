"""randoms.py - the "random programs" group: programs of tools/random_tiger.py whose
expected output is the reference's own run (labs/grader/README.md, "Random programs").

Input: the lab, a seed, a count, the reference tigerc. Output: the programs as files
in the testcases/ format (the expectation in the first comment, which blind.py blanks
before a student's tigerc sees it), in a folder kept between grades, and the tree each
program was made from (for shrink.py).

The seed alone decides the programs, so a student's `make grade` runs the same public
ones as the autograder; a teacher's seed (--random-seed) adds hidden ones. A program
the reference cannot run within its limits (a step limit, a compile error), or one
whose run with lab.json's `cross_check` options differs (ptoext's: its MLIR run, not
the interpreter's), is passed over for the next seed.
"""
import hashlib
import importlib.machinery
import importlib.util
import os
import re
import shutil
import tempfile

from ..paths import ROOT, lab_meta
from . import sandbox, shrink


def _load(name, path):
    """The module at ROOT/path, with `digest`: a hash of the very source it runs (a file
    edited while a grade runs must not name the programs the old code made)."""
    with open(os.path.join(ROOT, path), "rb") as f:
        source = f.read()
    module = importlib.util.module_from_spec(importlib.machinery.ModuleSpec(name, None))
    module.__file__ = os.path.join(ROOT, path)
    exec(compile(source, module.__file__, "exec"), module.__dict__)
    module.digest = hashlib.sha1(source).hexdigest()[:8]
    return module


random_tiger = _load("random_tiger", "tools/random_tiger.py")


def in_handout():
    """Whether this tree is a lab's handout (its own tigerc is no reference)."""
    return os.path.isfile(os.path.join(ROOT, "HANDOUT.md"))

LIMITS = sandbox.Limits(seconds=60, memory=8192 * sandbox.MB, output=8 * sandbox.MB)
WIDTH = 91  # a shown program line, "  NNNN | " before it: at most 100 characters
BREAKS = (" then ", " else ", " do ", " in ")  # where a long line may break, with "; "


def escape(data):
    """Bytes as a `stdout:` directive's C-escaped text."""
    out = []
    for b in data:
        c = chr(b)
        out.append({"\n": "\\n", "\t": "\\t", "\\": "\\\\"}.get(c) or
                   (c if 32 <= b < 127 else "\\x%02x" % b))
    return "".join(out)


def expected(reference, text, lab, work, oracle=("--run",), cross_check=True, runs=None):
    """The reference's run of a program (`oracle`: its options): (exit status, stdout),
    or None when it cannot be a test (see the docstring)."""
    fd, path = tempfile.mkstemp(prefix="candidate-", suffix=".tig", dir=work)
    try:
        with os.fdopen(fd, "w") as f:
            f.write(text)
        ran = sandbox.run([reference] + list(oracle) + [path], limits=LIMITS, runs=runs)
        if ran.problem(LIMITS, "reference") or ran.status in (65, 66, 67, 71):
            return None
        cross = lab_meta(lab).get("cross_check") if cross_check and not in_handout() \
            else None  # a handout's compiler past the oracle is the student's
        if cross:
            again = sandbox.run([reference] + cross + [path], limits=LIMITS, runs=runs)
            if (again.status, again.stdout) != (ran.status, ran.stdout):
                return None
        return ran.status, ran.stdout
    finally:
        os.remove(path)


def generator_options(lab, book):
    """The options of tools/random_tiger.py that make a program of this group."""
    return "--lab %s%s" % (lab, " --book" if book else "")


def as_test(text, status, stdout, seed, lab, book=False):
    """The program with its expectation in a comment after it, its only comment
    (testcases/README.md: the first one), so that its lines keep their numbers: the
    lines a message names are those of the program `random_tiger.py` prints."""
    lines = stdout.split(b"\n")
    body = [escape(l + b"\n") for l in lines[:-1]] + ([escape(lines[-1])] if lines[-1] else [])
    head = ["/* tools/random_tiger.py %d %s" % (seed, generator_options(lab, book)),
            "   exit: %d" % status]
    head += ["   stdout: " + b for b in body] or ["   stdout: "]
    return text.rstrip("\n") + "\n" + "\n".join(head) + "\n*/\n"


def folder_for(lab, seed, count, reference, book=False):
    with open(reference, "rb") as f:
        ref = hashlib.sha1(f.read()).hexdigest()[:8]
    gen = random_tiger.digest
    # Named by a hash: the path shows on the reference's command lines (in /proc, to
    # every user), and a teacher's seed is a secret.
    key = hashlib.sha1(("%d-%d-%s-%s" % (seed, count, gen, ref)).encode()).hexdigest()[:16]
    return os.path.join(ROOT, "build", "grade", "random",
                        "%s%s-%s" % (lab, "-book" if book else "", key))


def file_name(k, index, hidden):
    """A program's file: rand_K (K its seed) for the public seed's; hidden_INDEX for a
    teacher's, whose seed no path may show (a path lands on command lines)."""
    return "hidden_%d.tig" % index if hidden else "rand_%d.tig" % k


def make_folder(folder, lab, seed, count, reference, oracle, hidden=False, runs=None,
                book=False):
    """Makes the programs in a fresh folder, then puts it in place whole: two grades
    that make the same folder at once each keep to their own until then. book: the
    book's Tiger only (random_tiger.py --book)."""
    os.makedirs(os.path.dirname(folder), exist_ok=True)
    fresh = tempfile.mkdtemp(prefix=os.path.basename(folder) + "-", dir=os.path.dirname(folder))
    k, made = seed, []
    while len(made) < count and k < seed + 20 * count:
        text = random_tiger.program(k, lab, book)
        want = expected(reference, text, lab, fresh, oracle, runs=runs)
        if want:
            with open(os.path.join(fresh, file_name(k, len(made), hidden)), "w") as f:
                f.write(as_test(text, want[0], want[1], k, lab, book))
            made.append(k)
        k += 1
    with open(os.path.join(fresh, "done"), "w") as f:
        f.write(" ".join(map(str, made)) + "\n")
    if os.path.isdir(folder) and not os.path.isfile(os.path.join(folder, "done")):
        shutil.rmtree(folder, ignore_errors=True)  # half made by an older grader
    try:
        os.rename(fresh, folder)
    except OSError:  # another grade put its own (the same programs) in place first
        shutil.rmtree(fresh, ignore_errors=True)


def programs(lab, seed, count, reference, oracle=("--run",), hidden=False, runs=None,
             book=False):
    """[(path, seed of the program)]: count programs from `seed` on, made once (hidden:
    a teacher's seed, file_name(); book: the book's Tiger only); the reference's runs in
    the runs folder `runs`."""
    folder = folder_for(lab, seed, count, reference, book) + ("-hidden" if hidden else "")
    done = os.path.join(folder, "done")
    if not os.path.isfile(done):
        make_folder(folder, lab, seed, count, reference, oracle, hidden, runs, book)
    with open(done) as f:
        seeds = [int(s) for s in f.read().split()]
    return [(os.path.join(folder, file_name(s, i, hidden)), s) for i, s in enumerate(seeds)]


def seed_of(path):
    """The seed of a random program's file, or None for another program."""
    name = os.path.basename(path)
    if name.startswith("rand_") and name.endswith(".tig") and name[5:-4].isdigit():
        return int(name[5:-4])
    return None


def kind_of(message):
    """A failure's kind, for the shrinker: its words before the first colon, numbers
    left out ("stdout line N", "broken invariant", "exit status N, expected N")."""
    return re.sub(r"\d+", "N", message.split(":")[0])


def counterexample(path, lab, reference, judge, oracle=("--run",), seconds=15.0, runs=None,
                   book=False):
    """The lines to show under a failed random program: the smallest program found
    that the submission fails the same way, what it should print and what went wrong.
    judge(test path) is the lab's judge of the submission on a test file; book: the
    program is of random_tiger.py --book."""
    seed = seed_of(path)
    work = tempfile.mkdtemp(prefix="shrink-", dir=sandbox.run_base(runs))
    said = {}

    def fails(text):
        want = expected(reference, text, lab, work, oracle, cross_check=False, runs=runs)
        if want is None:
            return None
        test = os.path.join(work, "shrunk.tig")
        with open(test, "w") as f:
            f.write(as_test(text, want[0], want[1], seed, lab, book))
        verdict = judge(test)
        if verdict.passed:
            return None
        said[text] = (verdict.message, want)
        return kind_of(verdict.message)

    try:
        tree = random_tiger.tree(seed, lab, book)
        text, kind, tried, clocked = shrink.shrink(tree, fails, random_tiger.Node,
                                                   seconds=seconds)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if text not in said:
        return ""
    message, (status, stdout) = said[text]
    shown = listing(text)
    capped = ", stopped by --shrink-seconds" if clocked else ""
    out = ["shrunk to %d lines (%d tried%s; `python3 tools/random_tiger.py %d %s` "
           "prints the whole program). Your compiler fails it the same way:" % (
               text.rstrip("\n").count("\n") + 1, tried, capped, seed,
               generator_options(lab, book))]
    out += shown
    out.append("  expected: exit %d, output %r" % (status, stdout[:300].decode("latin-1")))
    out.append("  yours:    " + message)
    return "\n".join(out)


def listing(text):
    """A program as a message shows it: each line numbered as in the text (the lines a
    message names), blank lines at its ends left out, a long line cut (wrapped) with
    its continuations unnumbered: ["     3 | var a := 1", "       |     ..."]."""
    lines = text.split("\n")
    first = next((k for k, l in enumerate(lines) if l.strip()), len(lines))
    last = max((k for k, l in enumerate(lines) if l.strip()), default=-1)
    out = []
    for k in range(first, last + 1):
        for n, piece in enumerate(wrapped(lines[k].rstrip())):
            out.append(("  %4d | " % (k + 1) if n == 0 else "       | ") + piece)
    return out


def wrapped(line, width=WIDTH):
    """A program line cut into lines of at most `width` characters (a shown line is at
    most 100 with its "  NNNN | "): after a "; " or before a keyword, outside string
    literals, each continuation indented 4 more than the line. Tiger reads the pieces
    as the same program."""
    indent = " " * (len(line) - len(line.lstrip()) + 4)
    out, rest = [], line
    while len(rest) > width:
        cut = best_cut(rest, width)
        if cut is None:
            break
        out.append(rest[:cut].rstrip())
        rest = indent + rest[cut:].lstrip()
    return out + [rest]


def best_cut(line, width):
    """Where the line breaks: the last "; " or keyword (BREAKS) within `width` outside
    string literals, else the last space there, else the first space after; None when
    it has none."""
    nice = plain = after = None
    quoted, k, start = False, 0, len(indent_of(line)) + 8
    while k < len(line) and after is None:
        c = line[k]
        if c == "\\" and quoted:
            k += 2
            continue
        if c == '"':
            quoted = not quoted
        elif c == " " and not quoted and k > start:
            if k >= width:
                after = k + 1
            elif line.startswith("; ", k - 1) or any(line.startswith(w, k) for w in BREAKS):
                nice = k + 1
            else:
                plain = k + 1
        k += 1
    return nice or plain or after


def indent_of(line):
    return line[:len(line) - len(line.lstrip())]

