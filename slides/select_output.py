"""select_output.py - runs tigerc and cuts out the part of its output a slide shows.

Input: tigerc's path, an example program, what to emit. Output: text, exactly as tigerc
printed it, or a part chosen by one of the rules below (never edited):

  FUNC of a printtree dump (ir linear blocks traces):
      the lines from `PROC FUNC` up to the next `PROC`/`STRING` line or the end;
  FUNC of a structured-IR dump (pto pto-cft pto-ssa):
      the lines from `def FUNC(` up to the next line that starts in column 0;
  FUNC of MLIR:
      the lines from `func.func @FUNC(` through the first line that is `  }`;
  FUNC of Graphviz text (ir-dot cfg-dot blocks-dot pto-dot pto-cft-dot):
      the digraph titled "FUNC", through its closing `}` line;
  rewrite N of --explain=canon (stderr): the N-th entry that shows a tree `before:`, an
      entry being a line that starts with `canon:` and the indented lines under it; its
      rule is the entry's lines up to `before:`;
  the drawn trees of rewrite N: the same entry of --explain=canon-dot (the same entries,
      each tree drawn by tigerc as a digraph): the lines under `before:` or `after:`
      without their two-space margin.

  half K of a listing shown in two columns (\\tigemittwo): the first or the last half of
      its lines (the first half gets the odd line); indentation shows where column 2 is.

build_slides.py writes these into the decks; test_slides.py compares them with the PDF.
"""
import re
import subprocess

FLAGS = {"": [], "book": ["--book"], "commute-book": ["--commute=book"],
         "layout-book": ["--layout=book"]}


class EmitError(Exception):
    """tigerc failed, or the part asked for is not in its output."""


def run(tigerc, ex, options, stdin=""):
    r = subprocess.run([tigerc, *options, ex], input=stdin, capture_output=True, text=True,
                       timeout=60)
    if r.returncode != 0:
        raise EmitError(f"tigerc {' '.join(options)} {ex} exited {r.returncode}: {r.stderr}")
    return r


def flag_options(flags):
    if flags not in FLAGS:
        raise EmitError(f"unknown flags '{flags}' (known: {', '.join(k for k in FLAGS if k)})")
    return FLAGS[flags]


def emit(tigerc, ex, stage, flags="", func=""):
    """tigerc --emit=STAGE of the example, whole or one function of it."""
    text = run(tigerc, ex, [*flag_options(flags), f"--emit={stage}"]).stdout
    return select_function(text, stage, func) if func else text


def select_function(text, stage, func):
    lines = text.splitlines(keepends=True)
    if stage in ("ir", "linear", "blocks", "traces"):
        part = cut(lines, lambda l: l == f"PROC {func}\n",
                   lambda l: l.startswith(("PROC ", "STRING ")), include_end=False)
    elif stage in ("pto", "pto-cft", "pto-ssa"):
        part = cut(lines, lambda l: l.startswith(f"def {func}("),
                   lambda l: l[:1] not in (" ", "\n", ""), include_end=False)
    elif stage == "mlir":
        part = cut(lines, lambda l: re.match(rf"\s*func\.func @{re.escape(func)}\(", l),
                   lambda l: l == "  }\n", include_end=True)
    elif stage.endswith("-dot"):
        part = cut(lines, lambda l: l.startswith(f'digraph "{func}"'),
                   lambda l: l == "}\n", include_end=True)
    else:
        raise EmitError(f"no function selection rule for --emit={stage}")
    if not part:
        raise EmitError(f"no function {func} in --emit={stage}")
    return "".join(part)


def half(text, k):
    """Part k (1 or 2) of text cut in the middle: the first half gets the odd line."""
    lines = text.splitlines(keepends=True)
    at = (len(lines) + 1) // 2
    return "".join(lines[:at] if k == 1 else lines[at:])


def cut(lines, is_start, is_end, include_end):
    """The lines from the first that is_start through (or up to) the next that is_end."""
    for i, line in enumerate(lines):
        if not is_start(line):
            continue
        for j in range(i + 1, len(lines)):
            if is_end(lines[j]):
                return lines[i : j + 1] if include_end else lines[i:j]
        return lines[i:]
    return []


def explain_steps(tigerc, ex, flags="", explain="canon"):
    """The rewrites --explain=EXPLAIN (canon or canon-dot) logs for the example, in order:
    each is an entry (a `canon:` line and the indented lines under it) that shows a tree
    `before:`."""
    log = run(tigerc, ex, [*flag_options(flags), f"--explain={explain}", "--emit=linear"]).stderr
    entries = []
    for line in log.splitlines(keepends=True):
        if line.startswith("canon:"):
            entries.append(line)
        elif entries and line.startswith(" "):
            entries[-1] += line
    return [e for e in entries if "\n  before:\n" in e]


def explain_step(tigerc, ex, n, explain="canon"):
    steps = explain_steps(tigerc, ex, explain=explain)
    if not 1 <= n <= len(steps):
        raise EmitError(f"{ex} has {len(steps)} canon rewrites, not {n}")
    return steps[n - 1]


def explain_rule(tigerc, ex, n):
    """Rewrite n's first lines: the book's rule as the log states it (before `before:`)."""
    return explain_step(tigerc, ex, n).split("\n  before:\n", 1)[0] + "\n"


def explain_picture(tigerc, ex, n, which):
    """The tree `before` or `after` rewrite n, as tigerc draws it (a digraph, its 2-space
    margin removed)."""
    if which not in ("before", "after"):
        raise EmitError(f"a rewrite has a tree before and after, not '{which}'")
    step = explain_step(tigerc, ex, n, "canon-dot")
    part = step.split("\n  before:\n", 1)[1].split("  after:\n", 1)
    return "".join(l[2:] for l in part[0 if which == "before" else 1].splitlines(keepends=True))


# The numbers a slide can quote: \tigcount[FLAGS]{EX}{WHAT}.
STATS = re.compile(r"stats: steps (\d+), moves (\d+), jumps (\d+), cjumps (\d+), calls (\d+)")
STAT_NAMES = ["steps-run", "moves-run", "jumps-run", "cjumps-run", "calls-run"]


def temps(text):
    return set(re.findall(r"\bt\d+\b", text))


def count(tigerc, ex, what, flags=""):
    """temps: temps canon introduced (in --emit=linear, not in --emit=ir); rewrites: steps
    of --explain=canon; jumps/cjumps: JUMP/CJUMP statements in --emit=traces; *-run: the
    interpreter's --stats after --run; scf: scf.if/for/while ops in --emit=mlir; phis,
    iter-args: distinct __phi_v/__iter_v variables in --emit=pto-ssa."""
    fl = flag_options(flags)
    if what == "temps":
        return len(temps(emit(tigerc, ex, "linear", flags)) - temps(emit(tigerc, ex, "ir", flags)))
    if what == "rewrites":
        return len(explain_steps(tigerc, ex, flags))
    if what in ("jumps", "cjumps"):
        kind = what[:-1].upper() + "("
        return sum(l.lstrip().startswith(kind) for l in emit(tigerc, ex, "traces", flags).splitlines())
    if what in STAT_NAMES:
        m = STATS.search(run(tigerc, ex, [*fl, "--run", "--stats"]).stderr)
        if not m:
            raise EmitError(f"no stats line from tigerc --run --stats {ex}")
        return int(m.group(1 + STAT_NAMES.index(what)))
    if what == "scf":
        return len(re.findall(r"\bscf\.(?:if|for|while)\b", emit(tigerc, ex, "mlir", flags)))
    if what in ("phis", "iter-args"):
        tag = "__phi_v" if what == "phis" else "__iter_v"
        return len(set(re.findall(rf"\w+{tag}\d+", emit(tigerc, ex, "pto-ssa", flags))))
    raise EmitError(f"unknown count '{what}'")
