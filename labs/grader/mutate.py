"""mutate.py - the mutants of a lab's solution, made by a small table of operators
(labs/grader/README.md, "Mutation score").

Input: the text of one C++ source, its path in the repository, and a lab; the lab's
`// LAB NAME BEGIN ... // LAB END` regions (labs/handout/markers.py) are the only lines
mutated. Output: Mutants, each one change of one line, with a stable id
PATH:LINE:OPERATOR:K (K counts that operator's changes of that line, from 0), the line
before and after. The same text gives the same list, in the same order, every time.

The operators (OPERATORS, in this order). Code is matched with string literals and
comments blanked; a mutant that does not compile is the caller's to discard.
  relop    RelOp::LT <-> GE, LE <-> GT, EQ <-> NE (CmpOp's too): a negated comparison
  binop    BinOp::PLUS <-> MINUS, TIMES <-> DIVIDE (Add/Sub, Mul/Div, And/Or)
  kind     StmtKind::Break <-> Continue, StmtKind::While <-> For
  cmp      C++ `a < b` <-> `a >= b`, `<=` <-> `>`
  eq       C++ `==` <-> `!=`
  arith    C++ `a + b` <-> `a - b`, `+=` <-> `-=`
  andor    `&&` <-> `||`
  negate   `if (c)`, `while (c)`, a for's `c` -> `!(c)`
  bool     `true` <-> `false`
  const    an integer literal k -> k + 1
  swap     `f(a, b)` -> `f(b, a)`: the two arguments of a call (or lambda) on one line
  delete   a whole statement line ending in `;` -> `;` (not a declaration or a return)
  return   the first statement of a function preceded by `return;` (void) or
           `return {};`
"""
import re
from dataclasses import dataclass

from ..handout import markers as lab_markers


@dataclass(frozen=True)
class Mutant:
    path: str      # in the repository
    line: int      # 1-based
    op: str
    k: int
    before: str    # the line
    after: str     # what replaces it (may hold a newline: an inserted return)
    where: str = ""  # the region's name (its BEGIN line's text): `reorder()`, ...

    @property
    def id(self):
        return "%s:%d:%s:%d" % (self.path, self.line, self.op, self.k)

    def diff(self):
        """The one-line diff: `'before' -> 'after'`."""
        return "%s -> %s" % (self.before.strip(), " ".join(self.after.split()))

    def apply(self, text):
        """The source text with this mutant's line replaced."""
        lines = text.split("\n")
        assert lines[self.line - 1] == self.before, self.id
        lines[self.line - 1] = self.after
        return "\n".join(lines)


def _swaps(*pairs):
    table = {}
    for a, b in pairs:
        table[a], table[b] = b, a
    return table


ENUMS = {
    "relop": _swaps(("RelOp::LT", "RelOp::GE"), ("RelOp::GT", "RelOp::LE"),
                    ("RelOp::EQ", "RelOp::NE"), ("CmpOp::Lt", "CmpOp::Ge"),
                    ("CmpOp::Gt", "CmpOp::Le"), ("CmpOp::Eq", "CmpOp::Ne")),
    "binop": _swaps(("BinOp::PLUS", "BinOp::MINUS"), ("BinOp::TIMES", "BinOp::DIVIDE"),
                    ("BinOp::Add", "BinOp::Sub"), ("BinOp::Mul", "BinOp::Div"),
                    ("BinOp::And", "BinOp::Or")),
    "kind": _swaps(("StmtKind::Break", "StmtKind::Continue"),
                   ("StmtKind::While", "StmtKind::For")),
}
# Spaced binary operators: `a < b`, not `vector<T>` or `a->b`.
SPACED = {
    "cmp": (r"(?<= )(<=|>=|<|>)(?= )", _swaps(("<", ">="), (">", "<="))),
    "eq": (r"(?<= )(==|!=)(?= )", _swaps(("==", "!="))),
    "arith": (r"(?<= )(\+=|-=|\+|-)(?= )", _swaps(("+", "-"), ("+=", "-="))),
    "andor": (r"(?<= )(&&|\|\|)(?= )", _swaps(("&&", "||"))),
    "bool": (r"\b(true|false)\b", _swaps(("true", "false"))),
}
KEYWORDS = {"if", "for", "while", "switch", "return", "sizeof", "catch", "decltype",
            "alignof", "noexcept", "static_assert"}
DECLARATION = re.compile(r"^(?:auto\b|using\b|(?:(?:const|static|constexpr)\s+)*"
                         r"(?:[\w:]+(?:<[^;=]*>)?[*&]*\s+)+[*&]?\w+\s*(?:=|;|\{|\(|\[|,))")
DEFINITION = re.compile(r"^\s*((?:[\w:<>,*&]+\s+)+)[*&]?[\w:~]+\(.*\)\s*(?:const\s*)?\{$")


def mask(line):
    """The line with the characters of string and char literals and of a // comment
    blanked, so that no operator is found inside them."""
    out, i, quote = [], 0, None
    while i < len(line):
        c = line[i]
        if quote:
            if c == "\\":
                out.append("  ")
                i += 2
                continue
            out.append(c if c == quote else " ")
            quote = None if c == quote else quote
        elif c in "\"'":
            quote = c
            out.append(c)
        elif line.startswith("//", i):
            out.append(" " * (len(line) - i))
            break
        else:
            out.append(c)
        i += 1
    return "".join(out)[:len(line)]


def closing(code, i):
    """The index of the bracket that closes code[i] ('(', '[' or '{'), or None."""
    depth = 0
    for j in range(i, len(code)):
        if code[j] in "([{":
            depth += 1
        elif code[j] in ")]}":
            depth -= 1
            if depth == 0:
                return j
    return None


def top_level(text, sep):
    """text split at each `sep` outside brackets."""
    parts, depth, start = [], 0, 0
    for j, c in enumerate(text):
        depth += c in "([{"
        depth -= c in ")]}"
        if c == sep and depth == 0:
            parts.append(text[start:j])
            start = j + 1
    return parts + [text[start:]]


def enum_swaps(table):
    """An operator that swaps each `Enum::NAME` of the table with its partner."""
    def op(line, code):
        for m in re.finditer(r"\b\w+::\w+\b", code):
            if m.group(0) in table:
                yield line[:m.start()] + table[m.group(0)] + line[m.end():]
    return op


def spaced(pattern, table):
    """An operator that swaps each match of pattern (group 1) with its partner."""
    def op(line, code):
        for m in re.finditer(pattern, code):
            yield line[:m.start()] + table[m.group(1)] + line[m.end():]
    return op


def negate(line, code):
    """`if (c)`, `while (c)`, `for (i; c; s)` -> `!(c)` (not a declaration)."""
    for m in re.finditer(r"\b(if|while|for) \(", code):
        end = closing(code, m.end() - 1)
        parts = top_level(code[m.end():end], ";") if end else []
        kw = m.group(1)
        if not parts or (kw == "for" and len(parts) != 3) or (kw != "for" and len(parts) > 2):
            continue
        at = 1 if kw == "for" else len(parts) - 1  # an if's condition follows its init
        lo = m.end() + sum(len(p) + 1 for p in parts[:at])
        hi = lo + len(parts[at])
        if not code[lo:hi].strip() or DECLARATION.match(code[lo:hi].strip()):
            continue
        lead = " " if at else ""
        yield line[:lo] + lead + "!(" + line[lo:hi].strip() + ")" + line[hi:]


def literals(line, code):
    """Each integer literal k -> k + 1."""
    for m in re.finditer(r"(?<![\w.])\d+(?![\w.])", code):
        yield line[:m.start()] + str(int(m.group(0)) + 1) + line[m.end():]


def swap_arguments(line, code):
    """`f(a, b)` -> `f(b, a)` for each call (or parameter list) of two on the line."""
    for m in re.finditer(r"[\w>\]]\(", code):
        word = re.search(r"(\w+)$", code[:m.start() + 1])
        if word and word.group(1) in KEYWORDS:
            continue
        open_ = m.end() - 1
        end = closing(code, open_)
        if end is None:
            continue
        parts = top_level(code[open_ + 1:end], ",")
        if len(parts) != 2 or not all(p.strip() for p in parts):
            continue
        a = line[open_ + 1:open_ + 1 + len(parts[0])].strip()
        b = line[open_ + 2 + len(parts[0]):end].strip()
        if a != b:
            yield line[:open_ + 1] + b + ", " + a + line[end:]


def is_statement(code, previous):
    """A whole statement on one line: it ends with `;`, its brackets balance, and the
    code line before it ended one (or opened a block, or is a condition's head)."""
    text = code.strip()
    if not text.endswith(";") or text == ";" or closing("(" + text + ")", 0) != len(text) + 1:
        return False
    if re.match(r"(return|case|default|else|using)\b", text) or text[0] in "{}":
        return False
    if DECLARATION.match(text):
        return False
    return previous is None or previous.rstrip().endswith((";", "{", "}", ")", "else", ":"))


class Region:
    """The code lines of one region: [(line number, text, masked text)]."""

    def __init__(self, region):
        self.lines = []
        for k, text in enumerate(region.solution):
            n = region.line + 1 + len(region.stub) + k
            stripped = text.strip()
            if stripped and not stripped.startswith(("//", "/*", "*")):
                self.lines.append((n, text, mask(text)))
        self.region = region


def deletions(region):
    """(line, text, `;`) for each whole statement line of the region."""
    previous = None
    for n, text, code in region.lines:
        if is_statement(code, previous):
            yield n, text, text[:len(text) - len(text.lstrip())] + ";"
        previous = code


def early_returns(region, file_lines):
    """Before the first statement of each function whose body lies in the region: the
    region's own function (a body region) and the functions it defines."""
    r = region.region
    if r.body and region.lines:
        head = signature(file_lines, r.line - 1)
        if head is not None:
            yield early(region.lines[0], head)
    for k in range(len(region.lines) - 1):
        head = definition_head(region.lines, k)
        m = head and DEFINITION.match(head)
        if m and "=" not in head.split("(")[0] and ") :" not in head and not re.match(
                r"\s*(if|for|while|switch|else|return|explicit)\b", head):
            body = region.lines[k + 1]
            if not body[2].strip().startswith("}"):
                yield early(body, m.group(1))


def definition_head(lines, k):
    """The code of the lines that end with lines[k] when lines[k] ends a head `... {`
    whose parentheses open on an earlier line; lines[k] alone otherwise."""
    code = lines[k][2].rstrip()
    if not code.endswith("{"):
        return None
    while code.count("(") < code.count(")") and k > 0:
        k -= 1
        code = lines[k][2].rstrip() + " " + code.strip()
    return code


def signature(file_lines, begin):
    """The return type part of the definition above a body region's BEGIN line (0-based)."""
    for k in range(begin - 1, -1, -1):
        line = file_lines[k]
        if line and not line[0].isspace() and not line.startswith(("//", "}")):
            return line.split("(")[0].rsplit(None, 1)[0] if " " in line.split("(")[0] else None
    return None


def early(body_line, return_type):
    """(line, text, the line with a return before it) for a function's first line."""
    n, text, _ = body_line
    indent = text[:len(text) - len(text.lstrip())]
    words = return_type.split()
    ret = "return;" if "void" in words and "*" not in return_type else "return {};"
    return n, text, indent + ret + "\n" + text


LINE_OPS = [(name, enum_swaps(table)) for name, table in ENUMS.items()]
LINE_OPS += [(name, spaced(*SPACED[name])) for name in ("cmp", "eq", "arith", "andor")]
LINE_OPS += [("negate", negate), ("bool", spaced(*SPACED["bool"])), ("const", literals),
             ("swap", swap_arguments)]
OPERATORS = [name for name, _ in LINE_OPS] + ["delete", "return"]


def mutants(path, text, lab):
    """Every mutant of the lab's regions in one source, in a fixed order: by line, then
    by operator (OPERATORS), then by position in the line."""
    regions, errors, _ = lab_markers.parse(path, text)
    if errors:
        raise ValueError("\n".join(errors))
    file_lines = text.split("\n")
    found, where = [], {}
    for r in (Region(r) for r in regions if r.lab == lab):
        for n, line, code in r.lines:
            for name, op in LINE_OPS:
                found += [(n, name, line, new) for new in op(line, code) if new != line]
        found += [(n, "delete", line, new) for n, line, new in deletions(r)]
        found += [(n, "return", line, new) for n, line, new in early_returns(r, file_lines)]
        where.update((n, r.region.what) for n, _, _ in r.lines)
    order = {name: i for i, name in enumerate(OPERATORS)}
    found.sort(key=lambda f: (f[0], order[f[1]]))  # stable: position order kept
    out, count = [], {}
    for n, name, line, new in found:
        k = count.get((n, name), 0)
        count[(n, name)] = k + 1
        out.append(Mutant(path, n, name, k, line, new, where[n]))
    return out
