"""text.py - writes a lab's HANDOUT.md from its template, running the
reference tigerc now so no listing or picture can be stale (labs/README.md).

Input: labs/LAB/handout.md, whose directive lines are replaced:

  {{example}}              the example program, labs/LAB/<lab.json "example">
  {{tigerc ARGS}}          `tigerc ARGS example.tig`, the command and its stdout
  {{picture ARGS | TEXT}}  the Graphviz digraphs `tigerc ARGS example.tig` prints,
                           one PNG and one SVG each (dot), shown with caption TEXT
  {{regions}}              the functions the student writes: file, function (markers)
  {{points}}               the points table, from labs/LAB/grading.json

and `{{lab}}` / `{{title}}` anywhere. Output: OUT/HANDOUT.md, OUT/handout-files/*.png,
*.svg, and OUT/HANDOUT.html when pandoc is installed (said on stdout when it is not).
A directive that fails (tigerc exits non-zero, unknown directive) stops the build.
"""
import json
import os
import re
import shlex
import shutil
import subprocess

from .. import spec as lab_spec

DIRECTIVE = re.compile(r"^\{\{(\w+)\s*(.*?)\}\}\s*$")
FILES = "handout-files"


class Lab:
    def __init__(self, folder, tigerc, out, regions, grading):
        self.folder, self.tigerc, self.out, self.regions = folder, tigerc, out, regions
        with open(os.path.join(folder, "lab.json")) as f:
            self.meta = json.load(f)
        self.grading = lab_spec.load(None, grading)
        self.name = self.grading["lab"]
        self.example = self.meta["example"]
        self.pictures = 0

    def run(self, args):
        """stdout of the reference tigerc on the example; an error when it fails."""
        cmd = [self.tigerc] + shlex.split(args) + [self.example]
        p = subprocess.run(cmd, cwd=self.folder, capture_output=True, text=True,
                           timeout=60)
        if p.returncode != 0:
            raise RuntimeError(f"handout: `tigerc {args} {self.example}` exited "
                               f"{p.returncode}: {p.stderr.strip()}")
        return p.stdout


def fence(text, lang=""):
    return f"```{lang}\n{text}{'' if text.endswith(chr(10)) else chr(10)}```\n"


def example(lab, _):
    with open(os.path.join(lab.folder, lab.example)) as f:
        return fence(f.read(), "tiger")


def tigerc(lab, args):
    return fence(f"$ tigerc {args} {lab.example}\n" + lab.run(args))


def digraphs(dot_text):
    """[(name, text)] of each `digraph NAME {...}` of a stream."""
    starts = [m.start() for m in re.finditer(r"(?m)^digraph\b", dot_text)]
    out = []
    for i, s in enumerate(starts):
        text = dot_text[s:starts[i + 1] if i + 1 < len(starts) else len(dot_text)]
        name = re.match(r'digraph\s+"?([\w.]+)', text)
        out.append((name.group(1) if name else str(i), text))
    return out


def picture(lab, spec):
    args, _, caption = spec.partition("|")
    md = []
    os.makedirs(os.path.join(lab.out, FILES), exist_ok=True)
    for name, text in digraphs(lab.run(args)):
        lab.pictures += 1
        base = os.path.join(FILES, f"{lab.name}-{lab.pictures}-{name}")
        for fmt in ("png", "svg"):
            target = os.path.join(lab.out, f"{base}.{fmt}")
            subprocess.run(["dot", "-T" + fmt, "-o", target], input=text, text=True,
                           check=True)
        md.append(f"![{caption.strip()}: `{name}`]({base}.png)\n\n"
                  f"(`tigerc {args.strip()} {lab.example}`; [SVG]({base}.svg))\n")
    return "\n".join(md)


def regions(lab, _):
    rows = [f"| `{path}` | `{what}` |" for path, what in lab.regions]
    return "\n".join(["| file | you write |", "|---|---|"] + rows) + "\n"


def points(lab, _):
    """The grader's own table (spec.py: public_points, private_scale): every public
    group with its programs and points, the private tests' share, the bonus."""
    g = lab.grading
    groups = lab_spec.public_points(g)
    rows = [f"| {name} | {count} | {pts:g} |" for name, pts, count in groups]
    total = sum(pts for _, pts, _ in groups)
    table = ["| group | programs | points |", "|---|---:|---:|"] + rows
    count = sum(n for _, _, n in groups)
    table.append(f"| **total** | {count} | **{total:g}** |")
    private = lab_spec.private_group(g)["points"]
    table += ["", f"On Gradescope your teacher's private tests count {private} points: "
              f"the groups above then count x{lab_spec.private_scale(g):g}, and the total is "
              f"still {total:g}. `make grade` names them as not run."]
    bonus = [f"| {b['name']} | {b['what']} | {b['points']} |" for b in g.get("bonus", [])]
    if bonus:
        table += ["", "Bonus, for quality:", "", "| bonus | for | points |",
                  "|---|---|---:|"]
        table += bonus
    return "\n".join(table) + "\n"


HANDLERS = {"example": example, "tigerc": tigerc, "picture": picture,
            "regions": regions, "points": points}


def render(lab, template):
    out = []
    for n, line in enumerate(template.split("\n"), 1):
        m = DIRECTIVE.match(line)
        if not m:
            out.append(line.replace("{{lab}}", lab.name)
                       .replace("{{title}}", lab.grading["title"]) + "\n")
        elif m.group(1) in HANDLERS:
            out.append(HANDLERS[m.group(1)](lab, m.group(2)))
        else:
            raise RuntimeError(f"handout.md:{n}: unknown directive {{{{{m.group(1)}}}}}")
    return "".join(out).rstrip("\n") + "\n"


def write(folder, tigerc_path, out, lab_regions, say=print, grading=None):
    """HANDOUT.md (and .html) in out; grading: the spec whose points it shows (default
    folder's grading.json)."""
    lab = Lab(folder, tigerc_path, out, lab_regions,
              grading or os.path.join(folder, "grading.json"))
    with open(os.path.join(folder, "handout.md")) as f:
        text = render(lab, f.read())
    md = os.path.join(out, "HANDOUT.md")
    with open(md, "w") as f:
        f.write(text)
    if not shutil.which("pandoc"):
        say("handout: pandoc not installed, HANDOUT.html not written (HANDOUT.md is)")
        return
    subprocess.run(["pandoc", "--standalone", "--self-contained", "--toc",
                    "--metadata", f"pagetitle={lab.grading['title']}",
                    "-o", "HANDOUT.html", "HANDOUT.md"], cwd=out, check=True)
