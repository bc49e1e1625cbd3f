"""sir_dot.py - draws one function of the structured IR as a flowchart (Graphviz text).

Input: tigerc's `--emit=pto` or `--emit=pto-cft` text of ONE function (ptoext/sir_print.cc:
Python-like, four spaces per level: `def f():`, `for i in ...:`, `while c:`, `if c:`,
`else:`, `break`, `continue`, `pass`, and one-line statements). Output: a digraph in
which each run of one-line statements is a box (their lines as tigerc printed them), each
`if` a diamond with T/F edges, each loop a shaded cluster whose header is a hexagon,
and `break`/`continue` red boxes with their jump drawn as a red edge: to the statement
after the loop, and back to the loop header. Before CtrlFlowTransform the red edges cut
across the structure; after it there are none, and every edge follows the nesting.
"""

LOOP_FILL = ["#e3ecfa", "#fbe7d6", "#e2f3d4"]


def parse(text):
    """The lines as a tree: (line, children), children being the more indented lines."""
    root = ("", [])
    stack = [(-1, root)]
    for raw in text.splitlines():
        if not raw.strip():
            continue
        depth = len(raw) - len(raw.lstrip(" "))
        node = (raw.strip(), [])
        while stack[-1][0] >= depth:
            stack.pop()
        stack[-1][1][1].append(node)
        stack.append((depth, node))
    return root[1]


def esc(s):
    return s.replace("\\", "\\\\").replace('"', '\\"')


class Flowchart:
    def __init__(self):
        self.lines, self.edges, self.count = [], [], 0  # edges go last: an edge
        # written inside a cluster would pull its nodes into it
        self.loops = []  # per enclosing loop: (header, [break nodes])

    def node(self, label, **attrs):
        """A new node; label is Graphviz text (escaped, may hold \\l line ends)."""
        name = f"n{self.count}"
        self.count += 1
        extra = "".join(f', {k}="{v}"' for k, v in attrs.items())
        self.lines.append(f'  {name} [label="{label}"{extra}];')
        return name

    def edge(self, src, dst, label="", **attrs):
        attrs = dict(attrs, **({"label": label} if label else {}))
        extra = ", ".join(f'{k}="{v}"' for k, v in attrs.items())
        self.edges.append(f"  {src} -> {dst}" + (f" [{extra}];" if extra else ";"))

    def connect(self, ends, dst):
        for src, label in ends:
            self.edge(src, dst, label, **({"color": "red", "fontcolor": "red"}
                                           if label == "break" else {}))

    def block(self, stmts, ends):
        """Draws stmts after the open ends `ends` [(node, edge label)]; returns the new ends."""
        run = []
        for i, (line, kids) in enumerate(stmts):
            if kids or line in ("break", "continue", "pass") or line == "else:":
                if run:
                    ends = self.simple(run, ends)
                    run = []
                if line == "else:":
                    continue
                has_else = i + 1 < len(stmts) and stmts[i + 1][0] == "else:"
                ends = self.compound(line, kids, stmts[i + 1][1] if has_else else None, ends)
            else:
                run.append(line)
        return self.simple(run, ends) if run else ends

    def simple(self, run, ends):
        me = self.node("\\l".join(esc(l) for l in run) + "\\l")
        self.connect(ends, me)
        return [(me, "")]

    def compound(self, line, kids, else_kids, ends):
        if line.startswith("if "):
            test = self.node(esc(line[3:-1]), shape="diamond", fillcolor="#fff5c0")
            self.connect(ends, test)
            then_ends = self.block(kids, [(test, "T")])
            else_ends = self.block(else_kids, [(test, "F")]) if else_kids else [(test, "F")]
            return then_ends + else_ends
        if line.startswith(("for ", "while ")):
            return self.loop(line, kids, ends)
        me = self.node(esc(line), fillcolor="#f9c0c0" if line != "pass" else "white",
                       **({"style": "filled,dashed"} if line == "pass" else {}))
        self.connect(ends, me)
        if line == "break":
            self.loops[-1][1].append(me)
            return []
        if line == "continue":
            self.edge(me, self.loops[-1][0], "continue", color="red", fontcolor="red",
                      constraint="false")
            return []
        return [(me, "")]

    def loop(self, line, kids, ends):
        depth = len(self.loops)
        self.lines.append(f"  subgraph cluster_loop{self.count} {{")
        self.lines.append(f'    style=filled; color="#8899aa"; '
                          f'fillcolor="{LOOP_FILL[depth % len(LOOP_FILL)]}"; label="";')
        head = self.node(esc(line[:-1]), shape="hexagon", fillcolor="#ffffff")
        self.connect(ends, head)
        self.loops.append((head, []))
        body_ends = self.block(kids, [(head, "T")])
        for src, label in body_ends:
            self.edge(src, head, label, constraint="false", style="dashed")
        self.lines.append("  }")
        _, breaks = self.loops.pop()
        return [(head, "F")] + [(b, "break") for b in breaks]


def to_dot(text):
    """The flowchart of the one function in text."""
    tree = parse(text)
    if len(tree) != 1 or not tree[0][0].startswith("def "):
        raise ValueError("sir_dot: expected exactly one `def` function")
    fc = Flowchart()
    ends = fc.block(tree[0][1], [])
    end = fc.node("end", shape="ellipse")
    fc.connect(ends, end)
    head = ['digraph sir {', f'  graph [label="{esc(tree[0][0])}", labelloc=t, '
            'fontname="Courier", fontsize=18, nodesep=0.2, ranksep=0.3];',
            '  node [shape=box, style=filled, fillcolor=white, fontname="Courier", '
            'fontsize=18, margin="0.08,0.03"];', '  edge [fontname="Courier", fontsize=16];']
    return "\n".join(head + fc.lines + fc.edges) + "\n}\n"
