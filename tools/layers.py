"""layers.py - checks that the project's libraries use one another in one direction only
(README.md, "Layers").

Input: the repository's root (argv[1], default: this file's parent folder). It reads every
C++ source the repository tracks in a folder (*.cc, *.hh, *.h, *.ll, *.yy) and the
CMakeLists.txt of every layer's folder.
Output: exit 0 when the layers hold, else one line per violation on stderr,
`PATH:LINE: error: ...`, and exit 1. They hold when
  - every source lies in a layer of LAYERS (the longest layer folder that holds it), and
    chap7/ holds nothing but its layers' folders;
  - a quoted include is a bare name of the file's own folder (or a file the folder's
    CMake generates) or a path from the top whose layer is the file's own or one that
    LAYERS lets it use, directly or through another; a file of LAYER/tests may also use
    TESTS_ALSO[LAYER];
  - the libraries a layer's CMakeLists.txt links (target_link_libraries,
    add_tiger_tests) are those of layers that folder may use.
"""
import os
import re
import sys

# Each layer (a folder) and the layers it uses directly; a layer may include what they may.
LAYERS = {
    "base": [],
    "chap7/ir": ["base"],
    "chap7/front": ["base"],
    "chap7/translate": ["chap7/front", "chap7/ir"],
    "chap7/interp": ["chap7/ir"],
    "chap8": ["chap7/ir"],
    "ptoext/runtime": ["base"],
    "ptoext": ["chap7/front", "chap7/interp"],
    # What only a grader asks of a run, above the compiler: no stage may include it.
    "grading": ["chap7/interp"],
    # libtigerrt's hooks (ptoext/runtime/hooks.h), linked into the same library.
    "grading/runtime": ["grading", "ptoext/runtime"],
    "driver": ["chap7/translate", "chap7/interp", "chap8", "ptoext", "grading"],
    "explorer/wasm": ["driver"],
    "fuzz": ["driver"],
    # Copied into a handout's driver/ by labs/tests/hostile.py: the fold attack parses,
    # checks and runs the program with ptoext's interpreter, as the driver may.
    "labs/tests/hostile": ["ptoext"],
}
# Tests compile programs from Tiger text, and run or canonicalize what they get.
TESTS_ALSO = {
    "chap7/interp": ["chap7/translate"],
    "chap8": ["chap7/translate", "chap7/interp"],
    "ptoext": ["chap7/translate", "chap8"],
    "grading": ["chap7/translate"],
}
# The library each layer's CMake builds.
LIBRARY = {
    "tiger_base": "base", "tiger_ir": "chap7/ir", "tiger_front": "chap7/front",
    "tiger_translate": "chap7/translate", "tiger_interp": "chap7/interp",
    "tiger_canon": "chap8", "tiger_pto": "ptoext", "tigerrt_builtins": "ptoext/runtime",
    "tiger_grading": "grading", "tigerrt": "grading/runtime",
}
# Headers a folder's CMake generates into its build folder.
GENERATED = {"chap7/front": {"parser.hh"}}
# Folders that hold no C++ of the project's (build output, packages, data); and every
# top folder named build* (build-asan, build-fuzz: `make sanitize`, `make fuzz`).
SKIP = {".git", "node_modules", "testcases", "slides", "bench", "tools", "labs"}

SOURCE = (".cc", ".hh", ".h", ".ll", ".yy")
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


def layer_of(path):
    """(layer, in_tests) of a repository path, or (None, False) outside every layer."""
    best = None
    for layer in LAYERS:
        if path.startswith(layer + "/") and (best is None or len(layer) > len(best)):
            best = layer
    if best is None:
        return None, False
    return best, os.path.dirname(path) == best + "/tests"


def check_include(root, path, layer, in_tests, kind, name):
    """The error of one include of `path` (a file of `layer`), or None."""
    first = name.split("/")[0]
    if kind == "<":
        if "/" in name and os.path.isdir(os.path.join(root, first)):
            return f"#include <{name}>: use quotes and the path from the top"
        return None
    if "/" not in name:
        here = os.path.join(root, os.path.dirname(path), name)
        if os.path.isfile(here) or name in GENERATED.get(layer, ()):
            return None
        return f'#include "{name}": no such file in its folder'
    target, _ = layer_of(name)
    if target is None:
        return f'#include "{name}": not in a layer (tools/layers.py, LAYERS)'
    if target not in allowed(layer, in_tests):
        uses = ", ".join(sorted(allowed(layer, in_tests) - {layer})) or "nothing"
        where = layer + "/tests" if in_tests else layer
        return f'#include "{name}": {where} may not include {target} (it may use: {uses})'
    return None


def sources(root):
    """Every C++ source below root, as a path relative to it, in a stable order."""
    for folder, dirs, files in os.walk(root):
        rel = os.path.relpath(folder, root)
        if rel == ".":
            dirs[:] = [d for d in dirs if d not in SKIP and not d.startswith("build")]
        dirs.sort()
        for f in sorted(files):
            if f.endswith(SOURCE):
                yield os.path.normpath(os.path.join(rel, f))
    hostile = os.path.join(root, "labs", "tests", "hostile")
    if os.path.isdir(hostile):
        for f in sorted(os.listdir(hostile)):
            if f.endswith(SOURCE):
                yield f"labs/tests/hostile/{f}"


def check_sources(root):
    """Errors of the includes of every source, and of sources outside every layer."""
    errors = []
    for path in sources(root):
        layer, in_tests = layer_of(path)
        if layer is None:
            errors.append(f"{path}:1: error: a source outside every layer "
                          "(tools/layers.py, LAYERS)")
            continue
        with open(os.path.join(root, path), encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                m = INCLUDE.match(line)
                err = m and check_include(root, path, layer, in_tests, *m.groups())
                if err:
                    errors.append(f"{path}:{n}: error: {err}")
    return errors


def check_links(root, layer):
    """Errors of the libraries that `layer`/CMakeLists.txt links."""
    path = os.path.join(layer, "CMakeLists.txt")
    if not os.path.isfile(os.path.join(root, path)):
        return []
    errors = []
    with open(os.path.join(root, path), encoding="utf-8") as f:
        text = f.read()
    for m in LINKS.finditer(text):
        line = text.count("\n", 0, m.start()) + 1
        words = m.group(2).split()[1:]
        may = allowed(layer, m.group(1) == "add_tiger_tests")
        for lib in (w for w in words if w in LIBRARY):
            if LIBRARY[lib] not in may:
                errors.append(f"{path}:{line}: error: {layer} may not link {lib}")
    return errors


def check_folders(root):
    """Errors of chap7's folders (each a layer) and of every layer's links."""
    errors = []
    chap7 = os.path.join(root, "chap7")
    for name in sorted(os.listdir(chap7)) if os.path.isdir(chap7) else []:
        if os.path.isdir(os.path.join(chap7, name)) and f"chap7/{name}" not in LAYERS:
            errors.append(f"chap7/{name}:1: error: chap7/{name} is not a layer of "
                          "tools/layers.py (LAYERS)")
    for layer in LAYERS:
        errors += check_links(root, layer)
    return errors


def main(argv):
    root = argv[1] if len(argv) > 1 else os.path.dirname(os.path.dirname(
        os.path.abspath(__file__)))
    errors = check_folders(root) + check_sources(root)
    for e in errors:
        print(e, file=sys.stderr)
    if not errors:
        print(f"layers hold: {', '.join(LAYERS)}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
