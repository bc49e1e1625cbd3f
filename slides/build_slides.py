#!/usr/bin/env python3
"""build_slides.py - builds the lecture decks from slides/*.tex and tigerc's own output.

Input: the path of a freshly built tigerc, an output folder (build/slides), the decks'
sources in this folder and the Tiger programs in slides/examples/. Output: OUT/DECK.pdf
for every deck, and OUT/gen/ with every listing, number and figure the decks show.

How: each deck is scanned for the macros of tigerslides.sty (\\tigemit, \\tigfig, ...);
for each call this script runs tigerc on the named example, selects the part the call
asks for by a fixed rule (select_output.py), and writes the file the macro will \\input. Then
pdflatex runs once per deck (nothing needs a second pass: no table of contents, no
total page count). Nothing on a slide is typed by hand: change the compiler, rebuild,
and the slides change with it.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(1, os.path.dirname(HERE))
import select_output as sel  # noqa: E402  (the selection rules, shared with the test)
from labs.paths import lab_names  # noqa: E402

DECKS = lab_names()  # one deck per lab (slides/NAME.tex), in course order
# \tigKIND[FLAGS]{ARG}... ; the optional argument only ever holds FLAGS.
MACRO = re.compile(r"\\tig(source|emittwo|emit|explain|rule|canonpic|fig|count)(?:\[([^\]]*)\])?"
                   r"((?:\{[^{}]*\})+)")
ARITY = {"source": 1, "emittwo": 3, "emit": 3, "explain": 2, "rule": 2, "canonpic": 3, "fig": 3, "count": 2}


class SlideError(Exception):
    """A macro call that cannot be satisfied: the build stops with its message."""


def macro_calls(tex_path):
    """Every (kind, flags, args) a deck asks for, in order, comments removed."""
    text = "".join(re.sub(r"(?<!\\)%.*", "", line) for line in open(tex_path, encoding="utf-8"))
    calls = []
    for m in MACRO.finditer(text):
        kind, flags = m.group(1), m.group(2) or ""
        args = re.findall(r"\{([^{}]*)\}", m.group(3))[: ARITY[kind]]
        if len(args) != ARITY[kind]:
            raise SlideError(f"{tex_path}: \\tig{kind} needs {ARITY[kind]} arguments: {m.group(0)}")
        calls.append((kind, flags, args))
    return calls


def gen_name(kind, flags, args):
    """The file name in gen/ that tigerslides.sty's macro for this call includes."""
    ex = args[0]
    if kind == "source":
        return f"{ex}.tig.txt"
    if kind == "emit":
        return f"{ex}.{args[1]}.{flags}.{args[2]}.txt"
    if kind == "emittwo":
        return f"{ex}.{args[1]}.{flags}.{args[2]}.half"  # .1.txt and .2.txt
    if kind in ("explain", "rule"):
        return f"{ex}.{kind}.{args[1]}.txt"
    if kind == "canonpic":
        return f"{ex}.canon.{args[1]}.{args[2]}.pdf"
    if kind == "fig":
        return f"{ex}.{args[1]}.{flags}.{args[2]}.pdf"
    return f"{ex}.count-{args[1]}.{flags}.tex"


def generate(tigerc, kind, flags, args, gen_dir):
    """Writes the file of one macro call into gen_dir."""
    ex = os.path.join(HERE, "examples", args[0] + ".tig")
    if not os.path.exists(ex):
        raise SlideError(f"no example {ex}")
    out = os.path.join(gen_dir, gen_name(kind, flags, args))
    if kind == "source":
        shutil.copyfile(ex, out)
    elif kind == "emit":
        write(out, sel.emit(tigerc, ex, args[1], flags, args[2]))
    elif kind == "emittwo":
        text = sel.emit(tigerc, ex, args[1], flags, args[2])
        for k in (1, 2):
            write(f"{out}.{k}.txt", sel.half(text, k))
    elif kind == "explain":
        write(out, sel.explain_step(tigerc, ex, int(args[1])))
    elif kind == "rule":
        write(out, sel.explain_rule(tigerc, ex, int(args[1])))
    elif kind == "canonpic":
        dot_to_pdf(sel.explain_picture(tigerc, ex, int(args[1]), args[2]), out, "canon-dot")
    elif kind == "fig":
        dot_to_pdf(sel.emit(tigerc, ex, args[1], flags, args[2]), out, args[1])
    else:
        write(out, str(sel.count(tigerc, ex, args[1], flags)) + "\n")


def write(path, text):
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


# How dot draws each kind of drawing. A figure is scaled down to fit its slide and its
# text with it, so the less room between and around its boxes, the larger its text
# (test_slides.py checks the smallest). On dot's command line -G, -N and -E replace the
# drawing's own graph, node and edge defaults (its `node [...]` lines; not what one node
# sets), so a kind gets only what it needs; the text it draws stays tigerc's.
#   every figure (\tigfig): no margin (dot -Tpdf leaves half an inch on every side);
#   ir-dot, cfg-dot, blocks-dot, which choose no spacing: nodes no larger than their
#     labels (dot's least node is 0.75 x 0.5 inch), little margin inside them, ranks and
#     nodes closer than dot's 0.5 and 0.25 inch;
#   cfg-dot, blocks-dot: blocks and edge labels in dot's 14 pt instead of their 10 pt
#     (fine on a screen, which zooms; but a CFG is tall: scaled to a slide's height,
#     the rotated loop of traces.tex has text of 12 px at 1024 px across in 10 pt,
#     of 14 px in 14 pt, its boxes growing with their text and the room between not);
#   the drawings that choose their own node sizes and spacing (ptoext's, and the canon
#     trees): ranks and nodes a little further apart than they ask, as the decks always
#     drew them (their boxes almost touch at 0.12 inch). A canon tree keeps its margin:
#     a few nodes in bold 20 pt, it is large on its slide already.
COMPACT = ["-Nheight=0", "-Nmargin=0.06,0.02", "-Granksep=0.2", "-Gnodesep=0.1"]
CFG_TEXT = ["-Nfontsize=14", "-Efontsize=14"]
SPACED = ["-Granksep=0.25", "-Gnodesep=0.2"]
DOT_OPTIONS = {"ir-dot": ["-Gmargin=0", *COMPACT],
               "cfg-dot": ["-Gmargin=0", *COMPACT, *CFG_TEXT],
               "blocks-dot": ["-Gmargin=0", *COMPACT, *CFG_TEXT],
               "pto-dot": ["-Gmargin=0", *SPACED],
               "pto-cft-dot": ["-Gmargin=0", *SPACED],
               "canon-dot": SPACED}


def dot_to_pdf(dot_text, out, kind):
    """Renders tigerc's drawing dot_text of the given kind (KIND of --emit=KIND, or canon-dot)
    to out; the text itself goes beside it (.dot), as tigerc printed it."""
    with open(out[: -len(".pdf")] + ".dot", "w", encoding="utf-8") as f:
        f.write(dot_text)
    if kind not in DOT_OPTIONS:
        raise SlideError(f"{out}: no way to draw --emit={kind} (build_slides.DOT_OPTIONS)")
    r = subprocess.run(["dot", *DOT_OPTIONS[kind], "-Tpdf", "-o", out], input=dot_text,
                       text=True, capture_output=True)
    if r.returncode != 0:
        raise SlideError(f"dot failed for {out}: {r.stderr}")


def pdflatex(deck, out_dir):
    """One pdflatex run in out_dir; the deck's source and the style come from HERE."""
    env = dict(os.environ, TEXINPUTS=HERE + "//:", max_print_line="1000")
    cmd = ["pdflatex", "-interaction=nonstopmode", "-halt-on-error",
           os.path.join(HERE, deck + ".tex")]
    r = subprocess.run(cmd, cwd=out_dir, env=env, capture_output=True, text=True)
    if r.returncode != 0:
        errors = [l for l in r.stdout.splitlines() if l.startswith("!")]
        raise SlideError(f"pdflatex failed on {deck}.tex: {errors} (see {out_dir}/{deck}.log)")


def build_deck(tigerc, deck, out_dir):
    gen_dir = os.path.join(out_dir, "gen")
    os.makedirs(gen_dir, exist_ok=True)
    for kind, flags, args in macro_calls(os.path.join(HERE, deck + ".tex")):
        generate(tigerc, kind, flags, args, gen_dir)
    pdflatex(deck, out_dir)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("tigerc")
    ap.add_argument("out_dir")
    ap.add_argument("decks", nargs="*", default=DECKS)
    a = ap.parse_args()
    if shutil.which("pdflatex") is None:
        sys.exit("build_slides: pdflatex is missing; run tools/install-deps.sh")
    os.makedirs(a.out_dir, exist_ok=True)
    start = time.monotonic()
    try:
        for deck in a.decks:
            build_deck(os.path.abspath(a.tigerc), deck, os.path.abspath(a.out_dir))
    except (SlideError, sel.EmitError) as e:
        sys.exit(f"build_slides: {e}")
    print(f"build_slides: {len(a.decks)} decks in {a.out_dir} "
          f"({time.monotonic() - start:.1f} s)")


if __name__ == "__main__":
    main()
