"""shrink.py - reduces a random program a submission fails to a small one it still
fails the same way (labs/grader/README.md, "Random programs").

Input: the program's tree (tools/random_tiger.py: Nodes of kind int, str, unit, decl
and list) and `fails(text)`, which says how the submission fails on a program ("wrong
output", "broken invariant", ...) or None when it passes or the program is no test.
Output: the smallest program found, its failure, how many candidates were tried, and
whether the clock stopped it.

Greedy, first improvement, from the root down, until nothing applies or the budget
runs out: ATTEMPTS candidates, which alone decide the result (the same counterexample
on a fast machine and a loaded one), and a time cap, only against a submission slow on
every candidate (a counterexample it cut short says so). The rewrites, each kept only when the failure stays
of the same kind:
  - drop an item of a list (a declaration, a statement of a sequence);
  - replace an int by 0, a string by "", a statement by ();
  - replace a node by one of its children of the same kind (hoisting).
A rewrite that does not type-check is no test: `fails` says None, and it is undone.
"""
import time

SIMPLEST = {"int": "0", "str": '""', "unit": "()"}
ATTEMPTS = 300


def nodes(root):
    """(parent, index, node) of every node below root, breadth first."""
    out, queue = [], [root]
    while queue:
        n = queue.pop(0)
        for i, p in enumerate(n.parts):
            if hasattr(p, "parts"):
                out.append((n, i, p))
                queue.append(p)
    return out


def candidates(parent, i, node, make):
    """The rewrites of node (at parent.parts[i]): (kind, replacement or None to drop)."""
    if parent.kind == "list" and len(parent.parts) > 1:
        yield None
    if node.kind in SIMPLEST and node.text() != SIMPLEST[node.kind]:
        yield make(node.kind, SIMPLEST[node.kind])
    for child in node.children():
        if child.kind == node.kind:
            yield child


def shrink(tree, fails, make, attempts=ATTEMPTS, seconds=600.0):
    """(text, failure, tried, clocked): tree reduced while fails(text) stays what it
    was; clocked when the time cap ended it before the attempts did."""
    want = fails(tree.text())
    deadline, tried = time.time() + seconds, 0
    progress = want is not None
    while progress and tried < attempts and time.time() < deadline:
        progress = False
        for parent, i, node in nodes(tree):
            for new in candidates(parent, i, node, make):
                if tried >= attempts or time.time() >= deadline:
                    break
                tried += 1
                if new is None:
                    parent.parts.pop(i)
                else:
                    parent.parts[i] = new
                if fails(tree.text()) == want:
                    progress = True
                    break
                if new is None:
                    parent.parts.insert(i, node)
                else:
                    parent.parts[i] = node
            if progress:
                break
    clocked = progress and tried < attempts and time.time() >= deadline
    return tree.text(), want, tried, clocked
