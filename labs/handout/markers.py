"""markers.py - reads the LAB markers of the solution sources and cuts them out
(the grammar is in labs/README.md).

Input: the text of one C++ source and its path in the repository. Output: its regions
(lab, what, stub lines, solution lines), the errors of a malformed file, and the text a
lab's handout gets: that lab's regions replaced by a TODO line and their stub, the
later labs' regions by their stub, every earlier region kept as solution, every marker
line removed, and, when a stub calls labUnwritten or labLater, the include of
grading/lab_stub.hh, which declares them (the reference never includes it).

    // LAB canon BEGIN reorder()
    ...solution...
    // LAB END

A region that is a function's whole body and has no STUB line gets the default stub,
which names the region and passes the function's parameters (so none is unused):
`tiger::labUnwritten("canon", "reorder()", "chap8/linearize.cc", exps, out);`.
"""
import re
from dataclasses import dataclass, field

SOURCE_SUFFIXES = (".cc", ".hh", ".h", ".cpp", ".ll", ".yy")
BEGIN = re.compile(r"^(\s*)// LAB (\w+) BEGIN (\S.*?)\s*$")
STUB = re.compile(r"^\s*// LAB STUB(?: (.*))?$")
END = re.compile(r"^\s*// LAB END\s*$")
ANY = re.compile(r"^\s*// LAB\b")
CALL = re.compile(r'labUnwritten\("([^"]*)",\s*"([^"]*)",\s*"([^"]*)"[,)]')
STUB_CALL = re.compile(r"\blab(Unwritten|Later)\(")
# What a stub calls is declared here; only the sources a handout cuts include it.
STUB_INCLUDE = '#include "grading/lab_stub.hh" // labUnwritten, labLater: this handout\'s stubs'
QUOTED = re.compile(r'^#include "([^"]+)"')


@dataclass
class Region:
    lab: str
    what: str
    path: str
    line: int  # 1-based line of BEGIN
    indent: str
    body: bool = False  # one function's whole body (not a group of helpers)
    params: list = field(default_factory=list)  # a body's function's parameter names
    stub: list = field(default_factory=list)
    solution: list = field(default_factory=list)


def is_source(path):
    return path.endswith(SOURCE_SUFFIXES)


def parse(path, text):
    """([Region], [error], [piece]): pieces are lines outside regions and Regions,
    in file order."""
    regions, errors, pieces, cur = [], [], [], None
    for n, line in enumerate(text.split("\n"), 1):
        where = f"{path}:{n}: "
        if m := BEGIN.match(line):
            if cur:
                errors.append(where + f"BEGIN inside the region of line {cur.line}")
            cur = Region(m.group(2), m.group(3), path, n, m.group(1))
            regions.append(cur)
            pieces.append(cur)
        elif cur and STUB.match(line) and not cur.solution:
            cur.stub.append(STUB.match(line).group(1) or "")
        elif END.match(line):
            if not cur:
                errors.append(where + "END without BEGIN")
            cur = None
        elif ANY.match(line):
            errors.append(where + "not a marker of labs/README.md: " + line.strip())
        elif cur:
            cur.solution.append(line)
        else:
            pieces.append(line)
    if cur:
        errors.append(f"{path}:{cur.line}: region '{cur.what}' has no END")
    for k, r in enumerate(pieces):
        after = pieces[k + 1] if k + 1 < len(pieces) else ""
        if isinstance(r, Region):  # indented, and closed by the next line: a body
            r.body = bool(r.indent) and isinstance(after, str) and after.strip().startswith("}")
            r.params = parameters(head(pieces, k)) if r.body else []
    shape = [e for r in regions for e in stub_errors(r) + shape_errors(r)]
    return regions, errors + shape, pieces


def head(pieces, k):
    """The definition head `... (params) ... {` of the function whose body starts at
    pieces[k]: the lines above it back to the one that opens its parentheses."""
    code = ""
    for p in reversed(pieces[:k]):
        if not isinstance(p, str):
            break
        code = p.split("//")[0].strip() + " " + code
        if code.count("(") and code.count("(") == code.count(")"):
            break
    return code


def parameters(head_code):
    """The names of a definition head's parameters, in order; an unnamed one is left
    out. `T_exp doExp(T_exp e, Stms& out) {` gives ['e', 'out']."""
    inside = head_code[head_code.find("(") + 1:head_code.rfind(")")]
    names, depth, part = [], 0, ""
    for c in inside + ",":
        depth += c in "(<[{"
        depth -= c in ")>]}"
        if c == "," and depth == 0:
            decl = re.sub(r"\[\[.*?\]\]", "", part.split("=")[0]).strip()
            m = re.search(r"[\s*&>](\w+)$", decl)
            if m and m.group(1) not in ("const", "volatile"):
                names.append(m.group(1))
            part = ""
        else:
            part += c
    return names


def braces(line):
    """The change of brace depth on one line, outside strings, chars and comments."""
    code = re.sub(r'"(\\.|[^"\\])*"|\'(\\.|[^\'\\])*\'', "", line.split("//")[0])
    return code.count("{") - code.count("}")


def shape_errors(r):
    """A region is one function's body (the line after END closes the function; its
    stub is the STUB lines, or by default a call of labUnwritten naming the region) or a
    group of whole helpers (no STUB): its braces balance, so it never starts in one
    function and ends in another."""
    depth, low = 0, 0
    for line in r.solution:
        depth += braces(line)
        low = min(low, depth)
    errors = []
    if depth or low < 0:
        errors.append(f"{r.path}:{r.line}: region '{r.what}' is not whole functions or "
                      "one function's body: its braces do not balance")
    if r.stub and not r.body:
        errors.append(f"{r.path}:{r.line}: region '{r.what}' has a STUB, so it must be "
                      "a function's whole body (its END right before the closing brace)")
    return errors


def stub_of(r):
    """The lines a handout gets for region r: its STUB lines, or, for a function's body
    without any, a call of labUnwritten naming the region."""
    if r.stub or not r.body:
        return r.stub
    given = "".join(", " + name for name in r.params)
    return [f'tiger::labUnwritten("{r.lab}", "{r.what}", "{r.path}"{given});']


def stub_errors(r):
    """A stub that calls labUnwritten must name its own lab, function and file."""
    calls = CALL.findall("\n".join(r.stub))
    want = (r.lab, r.what, r.path)
    return [f"{r.path}:{r.line}: stub names {c}, expected {want}"
            for c in calls if c != want]


def answers(path, text):
    """{what: lines} of a file of answers (labs/LAB/book/NAME.regions): regions in the
    marker format whose lines are another version of a region's solution."""
    regions, errors, _ = parse(path, text)
    if errors:
        raise ValueError("\n".join(errors))
    return {r.what: r.solution for r in regions}


def cut(path, text, lab, later=(), answer=None):
    """The handout text of one source for `lab` (the text itself when it has no
    markers): `lab`'s regions become a TODO line and their stub (or, with `answer`,
    {what: lines}, those lines), the regions of the labs in `later` (the labs after it,
    whose solutions a handout must not give away) their stub under a line saying so,
    every other region its solution. Raises ValueError on a malformed file."""
    regions, errors, pieces = parse(path, text)
    if errors:
        raise ValueError("\n".join(errors))
    if not regions:
        return text
    out, stubbed = [], False
    for p in pieces:
        if not isinstance(p, Region):
            out.append(p)
        elif p.lab == lab and answer is not None:
            out.extend(answer[p.what])
        elif p.lab == lab:
            out.append(f"{p.indent}// TODO(lab {lab}): write {p.what}.")
            out.extend(p.indent + s if s else "" for s in stub_of(p))
            stubbed = stubbed or STUB_CALL.search("\n".join(stub_of(p)))
        elif p.lab in later:
            out.append(f"{p.indent}// {p.what}: lab {p.lab}, a later lab; stubbed here.")
            out.extend(p.indent + s.replace("labUnwritten(", "labLater(") if s else ""
                       for s in stub_of(p))
            stubbed = stubbed or STUB_CALL.search("\n".join(stub_of(p)))
        else:
            out.extend(p.solution)
    return "\n".join(with_stub_include(out) if stubbed else out)


def with_stub_include(lines):
    """lines with STUB_INCLUDE among the quoted includes, where clang-format keeps it:
    sorted into the first block of quoted includes after the file's own header (a block
    of its own after that header when there is none; at the top without any include)."""
    quoted = [k for k, line in enumerate(lines) if QUOTED.match(line)]
    if not quoted:
        return [STUB_INCLUDE] + lines
    blocks = [[quoted[0]]]
    for k in quoted[1:]:
        if k == blocks[-1][-1] + 1:
            blocks[-1].append(k)
        else:
            blocks.append([k])
    if len(blocks[0]) > 1:  # no header of its own alone at the top
        block = blocks[0]
    elif len(blocks) > 1:
        block = blocks[1]
    else:  # only the file's own header: a block of its own below it
        return lines[:quoted[0] + 1] + ["", STUB_INCLUDE] + lines[quoted[0] + 1:]
    path = QUOTED.match(STUB_INCLUDE).group(1)
    at = next((k for k in block if QUOTED.match(lines[k]).group(1) > path), block[-1] + 1)
    return lines[:at] + [STUB_INCLUDE] + lines[at:]
