"""includes.py - checks that chap7's libraries use one another in one direction only
(chap7/README.md, "Layers"; issue 17).

Input: the repository's root (argv[1], default: this file's parent folder). It reads
every source under chap7/ (*.cc, *.hh, *.ll, *.yy, a folder per library with its tests
in LIB/tests/) and each library folder's CMakeLists.txt.
Output: exit 0 when the layers hold, else one line per violation on stderr,
`PATH:LINE: error: ...`, and exit 1. They hold when
  - every folder of chap7/ is a layer of LAYERS, and every source is in one;
  - a quoted include is a bare name of the file's own folder (or a file the folder's
    CMake generates) or a path from the top, `chap7/LAYER/...`, where LAYER is the
    file's own or one that LAYERS lets it use, directly or through another; a file of
    LAYER/tests may also use TESTS_ALSO[LAYER];
  - no file of chap7 includes another folder of the repository (chap8, ptoext, ...);
  - the libraries a CMakeLists.txt links (target_link_libraries, add_tiger_tests) are
    the tiger_LAYER of layers that folder may use.
"""
import os
import re
import sys

# Each layer and the layers it uses directly; a layer may include what they may.
LAYERS = {
    "base": [],
    "ir": ["base"],
    "front": ["base"],
    "translate": ["front", "ir"],
    "interp": ["ir"],
}
# The interpreter's tests run programs compiled from Tiger text.
TESTS_ALSO = {"interp": ["translate"]}
# Headers a folder's CMake generates into its build folder.
GENERATED = {"front": {"parser.hh"}}

SOURCE = (".cc", ".hh", ".ll", ".yy")
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')
LINKS = re.compile(r"(target_link_libraries|add_tiger_tests)\(([^)]*)\)")


def reach(layers):
    """The layers that `layers` may include: themselves and all they use, transitively."""
    seen, todo = set(), list(layers)
    while todo:
        layer = todo.pop()
        if layer not in seen:
            seen.add(layer)
            todo += LAYERS[layer]
    return seen


def allowed(layer, in_tests):
    """The layers a file of `layer` (of its tests/ when in_tests) may include."""
    return reach([layer] + (TESTS_ALSO.get(layer, []) if in_tests else []))


def check_include(root, path, layer, in_tests, kind, name):
    """The error of one include of chap7/`path` (a file of `layer`), or None."""
    first = name.split("/")[0]
    if kind == "<":
        if "/" in name and os.path.isdir(os.path.join(root, first)):
            return f"#include <{name}>: use quotes and the path from the top"
        return None
    if "/" not in name:
        here = os.path.join(root, "chap7", os.path.dirname(path), name)
        if os.path.isfile(here) or name in GENERATED.get(layer, ()):
            return None
        return f'#include "{name}": no such file in its folder'
    parts = name.split("/")
    if first != "chap7":
        return f'#include "{name}": chap7 includes nothing of {first}/ (a later stage)'
    target = parts[1] if len(parts) > 2 else None
    if target not in LAYERS:
        return f'#include "{name}": not in a layer of chap7 (chap7/LAYER/...)'
    if target not in allowed(layer, in_tests):
        uses = ", ".join(sorted(allowed(layer, in_tests) - {layer})) or "nothing"
        where = layer + "/tests" if in_tests else layer
        return f'#include "{name}": {where} may not include {target} (it may use: {uses})'
    return None


def sources(chap7):
    """(path relative to chap7, layer, in_tests) of every source of chap7's layers."""
    for folder, _, files in sorted(os.walk(chap7)):
        rel = os.path.relpath(folder, chap7)
        if rel == ".":
            continue
        parts = rel.split(os.sep)
        for f in sorted(files):
            if f.endswith(SOURCE):
                yield os.path.join(rel, f), parts[0], parts[1:] == ["tests"]


def check_sources(root):
    """Errors of the includes of every source under chap7/."""
    errors = []
    for path, layer, in_tests in sources(os.path.join(root, "chap7")):
        if layer not in LAYERS:
            continue  # reported once for its folder (check_folders)
        with open(os.path.join(root, "chap7", path), encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                m = INCLUDE.match(line)
                err = m and check_include(root, path, layer, in_tests, *m.groups())
                if err:
                    errors.append(f"chap7/{path}:{n}: error: {err}")
    return errors


def check_links(root, layer):
    """Errors of the libraries that chap7/`layer`/CMakeLists.txt links."""
    path = os.path.join("chap7", layer, "CMakeLists.txt")
    if not os.path.isfile(os.path.join(root, path)):
        return [f"{path}:1: error: layer {layer} has no CMakeLists.txt"]
    errors = []
    with open(os.path.join(root, path), encoding="utf-8") as f:
        text = f.read()
    for m in LINKS.finditer(text):
        line = text.count("\n", 0, m.start()) + 1
        words = m.group(2).split()[1:]
        may = allowed(layer, m.group(1) == "add_tiger_tests")
        for lib in (w for w in words if w.startswith("tiger_")):
            if lib[len("tiger_"):] not in may:
                errors.append(f"{path}:{line}: error: {layer} may not link {lib}")
    return errors


def check_folders(root):
    """Errors of chap7's folders: each is a layer, linked as its layers allow."""
    errors = []
    chap7 = os.path.join(root, "chap7")
    for name in sorted(os.listdir(chap7)):
        if name.endswith(SOURCE):
            errors.append(f"chap7/{name}:1: error: a source belongs in a layer's folder")
        if not os.path.isdir(os.path.join(chap7, name)):
            continue
        if name not in LAYERS:
            errors.append(f"chap7/{name}:1: error: {name} is not a layer of "
                          "chap7/includes.py (LAYERS)")
            continue
        errors += check_links(root, name)
    return errors


def main(argv):
    root = argv[1] if len(argv) > 1 else os.path.dirname(os.path.dirname(
        os.path.abspath(__file__)))
    errors = check_folders(root) + check_sources(root)
    for e in errors:
        print(e, file=sys.stderr)
    if not errors:
        print(f"chap7 layers hold: {', '.join(LAYERS)}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
