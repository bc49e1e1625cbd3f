"""tree_dot.py - draws one IR tree printed in printtree format as a Graphviz digraph.

Input: the text tigerc prints for a tree (chap7/ir/tree_print.cc: a node per line,
children indented one more space, `KIND(child, child)` or a leaf `TEMP t100`, `CONST 3`,
`NAME L2`, `LABEL L0`; operators and labels as bare words: `BINOP(PLUS, ...)`,
`CJUMP(LT, a, b, L1,L2)`). Output: a top-down digraph, one box per node, the node's
bare words in its label, children left to right in their order. Used for the pictures
of --explain=canon's steps (the text of a step is tigerc's; only the drawing is ours).
"""
import re

KINDS = {"SEQ", "LABEL", "JUMP", "CJUMP", "MOVE", "EXP",
         "BINOP", "MEM", "TEMP", "ESEQ", "NAME", "CONST", "CALL"}
LEAVES = {"LABEL", "TEMP", "NAME", "CONST"}
# The statement kinds and ESEQ stand out; expressions are plain boxes.
FILL = {"SEQ": "#fde2c8", "ESEQ": "#f9c0c0", "MOVE": "#d7e8fb", "EXP": "#d7e8fb",
        "JUMP": "#d7e8fb", "CJUMP": "#d7e8fb", "LABEL": "#d7e8fb", "CALL": "#e2f3d4"}


class TreeError(Exception):
    pass


def tokens(text):
    return re.findall(r'"(?:\\.|[^"\\])*"|[(),]|[^\s(),]+', text)


class Parser:
    def __init__(self, text):
        self.toks, self.i = tokens(text), 0

    def peek(self):
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self):
        tok = self.peek()
        if tok is None:
            raise TreeError("tree text ends early")
        self.i += 1
        return tok

    def node(self):
        """node := KIND WORD (a leaf) | KIND '(' item {',' item} ')' ; item := node | WORD"""
        kind = self.take()
        if kind not in KINDS:
            raise TreeError(f"expected a tree node, found '{kind}'")
        if kind in LEAVES:
            return (kind + " " + self.take(), [])
        if self.take() != "(":
            raise TreeError(f"expected '(' after {kind}")
        words, kids = [kind], []
        while True:
            if self.peek() in KINDS:
                kids.append(self.node())
            else:
                words.append(self.take())
            sep = self.take()
            if sep == ")":
                return (" ".join(w for w in words if w != ","), kids)
            if sep != ",":
                raise TreeError(f"expected ',' or ')' in {kind}, found '{sep}'")


def parse(text):
    p = Parser(text)
    tree = p.node()
    if p.peek() is not None:
        raise TreeError(f"text after the tree: '{p.peek()}'")
    return tree


def to_dot(text):
    """The digraph of the tree in text."""
    lines = ['digraph tree {', '  graph [nodesep=0.12, ranksep=0.22, margin=0];',
             '  node [shape=box, style="rounded,filled", margin="0.04,0.02", height=0.3, '
             'fillcolor=white, fontname="Courier-Bold", fontsize=20];',
             '  edge [arrowhead=none];']
    counter = [0]

    def walk(node):
        label, kids = node
        me = f"n{counter[0]}"
        counter[0] += 1
        fill = FILL.get(label.split()[0], "white")
        lines.append(f'  {me} [label="{label}", fillcolor="{fill}"];')
        for kid in kids:
            lines.append(f"  {me} -> {walk(kid)};")
        return me

    walk(parse(text))
    return "\n".join(lines) + "\n}\n"
