#!/usr/bin/env python3
"""test_slides.py - the decks' tests, run by ctest (slides/CMakeLists.txt).

  test_slides.py build TIGERC OUT   slides_build: deletes OUT, builds every deck into it
      (build_slides.py), and checks each PDF: one page per \\begin{frame} or \\tigfigslide
      (pdfinfo; the sources use no overlays or frame breaks, checked too), and no
      "Overfull" box in its LaTeX log: nothing runs off a slide (a listing too wide, a
      frame too full: Beamer reports both there; pdftotext cannot, it drops text
      outside the page), and no text too small to read from the back of a lecture
      hall: every font on every page, listings and the text inside figures alike, is at
      least MIN_PX pixels (its size, an em) when the page is shown 1024 pixels wide, as
      a 1024x768 projector shows a 16:9 deck (pdftohtml -xml gives each text's font
      size, scaled as the deck scales a figure).
  test_slides.py live TIGERC OUT    slides_live: runs tigerc again and checks that the
      decks show its output today:
      - every listing (\\tigsource, \\tigemit, \\tigemittwo, \\tigexplain, \\tigrule): the
        file in OUT/gen equals tigerc's output byte for byte, and it is in the deck's
        text (pdftotext -raw) once both are normalised: the arrow (U+2192) the slides
        put where they break a long line is removed, and every run of whitespace
        (spaces, tabs, newlines) becomes one space. Nothing else is changed.
      - listings whose selection is the whole dump are also compared with the plain
        `tigerc --emit=STAGE` stdout, so no selection code stands between the two;
      - every figure (\\tigfig, \\tigcanonpic): its Graphviz text in OUT/gen equals what
        tigerc draws today, its PDF exists, and pdflatex's log shows the deck included it;
      - every number (\\tigcount) equals the count taken again;
      - every name with an underscore that a slide shows is in the deck's text whole:
        the names typed in the deck (`\\_` in its source), and those in tigerc's output
        that a listing or a figure's labels show (such as CtrlFlowTransform's
        `__break_0`). An underscore TeX draws as a rule instead of a character is not in
        the text, and two such rules in a row look like one.
Exit 77 (ctest: skipped), with the reason, when pdflatex, dot or poppler-utils is missing.
"""
import os
import re
import shutil
import subprocess
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import build_slides as bs  # noqa: E402
import select_output as sel  # noqa: E402

TOOLS = {"pdflatex": "texlive-latex-recommended, texlive-pictures", "dot": "graphviz",
         "pdfinfo": "poppler-utils", "pdftotext": "poppler-utils", "pdftohtml": "poppler-utils"}
failures = []


def check(ok, message):
    if not ok:
        failures.append(message)
        print("FAIL: " + message)


def source_text(deck):
    return "".join(re.sub(r"(?<!\\)%.*", "", l) for l in open(os.path.join(HERE, deck + ".tex")))


def pdf_pages(pdf):
    out = subprocess.run(["pdfinfo", pdf], capture_output=True, text=True).stdout
    m = re.search(r"^Pages:\s+(\d+)", out, re.M)
    return int(m.group(1)) if m else -1


# The smallest text readable at the back of a lecture hall, in pixels at 1024 pixels
# across: a font of 14 px, a capital letter about 10 px high. Every slide's own text is
# larger (the footline, \\scriptsize, is 18 px); a figure scaled down to fit its slide
# is what falls below it.
MIN_PX = 14
PROJECTOR_WIDTH = 1024
# pdftohtml rounds a font size to a whole unit of its output; at its largest zoom a unit
# is a third of a point (0.75 px), so a size is known to within 0.4 px.
ZOOM = 3


def small_text(pdf):
    """[(page, px, text)] for every text on a page of pdf whose font is below MIN_PX
    when the page is PROJECTOR_WIDTH pixels wide, and the number of pages measured."""
    out = subprocess.run(["pdfinfo", pdf], capture_output=True, text=True).stdout
    width = float(re.search(r"^Page size:\s+([\d.]+)", out, re.M).group(1))
    px_per_unit = PROJECTOR_WIDTH / width / ZOOM
    xml = subprocess.run(["pdftohtml", "-xml", "-i", "-zoom", str(ZOOM), "-stdout", pdf],
                         capture_output=True, text=True).stdout
    sizes, small = {}, []
    pages = re.split(r"<page number=", xml)[1:]
    for page in pages:
        number = int(re.match(r'"(\d+)"', page).group(1))
        for m in re.finditer(r'<fontspec id="(\d+)" size="(-?\d+)"', page):
            sizes[m.group(1)] = int(m.group(2)) * px_per_unit
        for m in re.finditer(r'<text [^>]*font="(\d+)"[^>]*>(.*?)</text>', page):
            if sizes[m.group(1)] < MIN_PX:
                small.append((number, sizes[m.group(1)], re.sub(r"<[^>]*>", "", m.group(2))))
    return small, len(pages)


def check_sizes(deck, pdf):
    small, measured = small_text(pdf)
    check(measured == pdf_pages(pdf), f"{deck}.pdf: pdftohtml measured {measured} pages")
    for page in sorted({p for p, _, _ in small}):
        texts = sorted((px, t) for p, px, t in small if p == page)
        check(False, f"{deck}.pdf page {page}: {len(texts)} texts under {MIN_PX} px at "
                     f"{PROJECTOR_WIDTH} px wide, the smallest {texts[0][1]!r}: "
                     f"{texts[0][0]:.1f} px")
    print(f"{deck}.pdf: {'no' if not small else len(small)} texts under {MIN_PX} px "
          f"at {PROJECTOR_WIDTH} px wide")


def test_build(tigerc, out):
    shutil.rmtree(out, ignore_errors=True)
    r = subprocess.run([sys.executable, os.path.join(HERE, "build_slides.py"), tigerc, out],
                       capture_output=True, text=True)
    print(r.stdout + r.stderr, end="")
    check(r.returncode == 0, "build_slides.py failed")
    for deck in bs.DECKS:
        pdf, src = os.path.join(out, deck + ".pdf"), source_text(deck)
        check(os.path.exists(pdf), f"{deck}.pdf was not built")
        if not os.path.exists(pdf):
            continue
        check(not re.search(r"\\pause|\\only|\\uncover|allowframebreaks|<\d+-?\d*>", src),
              f"{deck}.tex uses overlays or frame breaks: a frame would not be one page")
        frames, pages = src.count("\\begin{frame}") + src.count("\\tigfigslide{"), pdf_pages(pdf)
        print(f"{deck}.pdf: {pages} pages, {frames} frames in {deck}.tex")
        check(pages == frames, f"{deck}.pdf has {pages} pages, its source {frames} frames")
        log = open(os.path.join(out, deck + ".log"), errors="replace").read()
        for m in re.finditer(r"Overfull \\[hv]box .*", log):
            check(False, f"{deck}: {m.group(0)} (something runs off a slide)")
        check_sizes(deck, pdf)


def normalise(text):
    return re.sub(r"\s+", " ", text.replace("\u2192", "")).strip()


def listing_texts(tigerc, kind, flags, args, ex):
    """tigerc's text for a listing macro, as the deck should show it: [(file, text)]."""
    name = bs.gen_name(kind, flags, args)
    if kind == "source":
        return [(name, open(ex).read())]
    if kind == "explain":
        return [(name, sel.explain_step(tigerc, ex, int(args[1])))]
    if kind == "rule":
        return [(name, sel.explain_rule(tigerc, ex, int(args[1])))]
    text = sel.emit(tigerc, ex, args[1], flags, args[2])
    if kind == "emit":
        return [(name, text)]
    return [(f"{name}.{k}.txt", sel.half(text, k)) for k in (1, 2)]


def check_listing(tigerc, out, deck, pdf_text, kind, flags, args):
    ex = os.path.join(HERE, "examples", args[0] + ".tig")
    for name, text in listing_texts(tigerc, kind, flags, args, ex):
        shown = open(os.path.join(out, "gen", name)).read()
        check(shown == text, f"{deck}: gen/{name} differs from tigerc's output today")
        check(normalise(text) in pdf_text, f"{deck}: gen/{name} is not in the PDF's text")
    if kind == "emit" and args[2]:
        whole = sel.run(tigerc, ex, [*sel.flag_options(flags), f"--emit={args[1]}"]).stdout
        if whole == listing_texts(tigerc, kind, flags, args, ex)[0][1]:
            check(normalise(whole) in pdf_text,
                  f"{deck}: tigerc --emit={args[1]} {args[0]}.tig is not in the PDF's text")
            return 1
    return 0


def check_figure(tigerc, out, deck, log, kind, flags, args):
    ex = os.path.join(HERE, "examples", args[0] + ".tig")
    name = bs.gen_name(kind, flags, args)
    if kind == "fig":
        dot = sel.emit(tigerc, ex, args[1], flags, args[2])
    else:
        dot = sel.explain_picture(tigerc, ex, int(args[1]), args[2])
    path = os.path.join(out, "gen", name)
    check(os.path.exists(path) and pdf_pages(path) == 1, f"{deck}: figure gen/{name} missing")
    check(open(path[: -len(".pdf")] + ".dot").read() == dot,
          f"{deck}: gen/{name[:-4]}.dot differs from tigerc's drawing today")
    check(f"gen/{name}" in log, f"{deck}: the log does not show gen/{name} included")


# A name with an underscore; in a deck's source each underscore is typed `\_`.
NAME = re.compile(r"\w*_\w*")
TYPED_NAME = re.compile(r"\w*(?:\\_\w*)+")


def shown_names(deck, gen_dir):
    """How often the deck shows each name with an underscore: typed in its source, or in
    a file of gen/ it includes (a listing's text, a figure's labels without dot's line
    ends)."""
    names = Counter(m.group(0).replace("\\_", "_") for m in TYPED_NAME.finditer(source_text(deck)))
    for kind, flags, args in bs.macro_calls(os.path.join(HERE, deck + ".tex")):
        name = bs.gen_name(kind, flags, args)
        if kind == "emittwo":
            files = [f"{name}.{k}.txt" for k in (1, 2)]
        elif kind in ("fig", "canonpic"):
            files = [name[: -len(".pdf")] + ".dot"]
        else:
            files = [name]
        for f in files:
            text = open(os.path.join(gen_dir, f), encoding="utf-8").read()
            if f.endswith(".dot"):
                text = " ".join(re.sub(r"\\[lnr]", " ", l)
                                for l in re.findall(r'label="((?:[^"\\]|\\.)*)"', text))
            names.update(NAME.findall(text))
    return names


def check_names(deck, gen_dir, pdf_text):
    """Each name is whole in the PDF's text as often as the deck shows it: one lost
    underscore anywhere makes one occurrence missing, even when a listing shows the same
    name intact."""
    names = shown_names(deck, gen_dir)
    for name, shown in sorted(names.items()):
        found = len(re.findall(rf"(?<!\w){re.escape(name)}(?!\w)", pdf_text))
        check(found >= shown, f"{deck}: {name} is shown {shown} times, whole in the PDF's text "
                              f"{found} times (an underscore lost?)")
    return sum(names.values())


def test_live(tigerc, out):
    listings = figures = whole = names = 0
    for deck in bs.DECKS:
        pdf = os.path.join(out, deck + ".pdf")
        pdf_text = normalise(subprocess.run(["pdftotext", "-raw", pdf, "-"],
                                            capture_output=True, text=True).stdout)
        log = re.sub(r"\n", "", open(os.path.join(out, deck + ".log"), errors="replace").read())
        names += check_names(deck, os.path.join(out, "gen"), pdf_text)
        for kind, flags, args in bs.macro_calls(os.path.join(HERE, deck + ".tex")):
            if kind in ("source", "emit", "emittwo", "explain", "rule"):
                whole += check_listing(tigerc, out, deck, pdf_text, kind, flags, args)
                listings += 1
            elif kind in ("fig", "canonpic"):
                check_figure(tigerc, out, deck, log, kind, flags, args)
                figures += 1
            else:
                ex = os.path.join(HERE, "examples", args[0] + ".tig")
                shown = open(os.path.join(out, "gen", bs.gen_name(kind, flags, args))).read()
                check(shown.strip() == str(sel.count(tigerc, ex, args[1], flags)),
                      f"{deck}: \\tigcount{{{args[0]}}}{{{args[1]}}} [{flags}] is stale")
    print(f"checked {listings} listings ({whole} against the whole --emit output), "
          f"{figures} figures and {names} names with an underscore shown")
    check(listings > 0 and figures > 0 and whole > 0, "the decks show no live output")


def main():
    if len(sys.argv) != 4 or sys.argv[1] not in ("build", "live"):
        sys.exit("usage: test_slides.py build|live TIGERC OUT")
    missing = sorted({f"{t} ({p})" for t, p in TOOLS.items() if shutil.which(t) is None})
    if missing:
        print(f"SKIP: missing {', '.join(missing)}; tools/install-deps.sh installs them")
        sys.exit(77)
    mode, tigerc, out = sys.argv[1], os.path.abspath(sys.argv[2]), os.path.abspath(sys.argv[3])
    (test_build if mode == "build" else test_live)(tigerc, out)
    if failures:
        sys.exit(f"{len(failures)} failures")
    print("ok")


if __name__ == "__main__":
    main()
