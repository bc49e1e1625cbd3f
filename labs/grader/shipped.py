"""shipped.py - what a lab's handout carries so that `make grade` in it gives the
autograder's score (labs/grader/README.md, "Grading in a handout").

A handout holds no solution of its lab, so its own tigerc cannot be the oracle of the
random programs nor the bonus's yardstick. write() therefore ships, computed by the
reference when the handout is cut (labs/handout/make.py is given it: labs/cut.py, grade.py):
  labs/LAB/random/rand_K.tig   the public random programs with their expectations (the
                               same files the autograder makes from grading.json's seed)
  labs/LAB/baselines.json      the yardstick of each program of the public and random
                               groups: {path from the repository root: number}
  labs/LAB/inputs.json         the judging inputs of each of them (inputs.py):
                               {its key: its Cases}
In a handout, the grader reads these instead of asking its reference; a program it
does not list (a hidden seed, a shrunk candidate) is run by lab.json's `oracle`, a
stage before the lab's own that the handout still has (translate's: --run-at=pto, the
structured IR lowered from the AST, which needs no Translate).
"""
import json
import os
import shutil
from concurrent.futures import ThreadPoolExecutor

from ..paths import lab_meta
from ..programs import directives
from . import inputs, judges, randoms, sandbox

ROOT = randoms.ROOT
in_handout = randoms.in_handout


def random_folder(root, lab):
    return os.path.join(root, "labs", lab, "random")


def baselines_path(root, lab):
    return os.path.join(root, "labs", lab, "baselines.json")


def inputs_path(root, lab):
    return os.path.join(root, "labs", lab, "inputs.json")


def write(spec, reference, out, programs, runs=None):
    """Writes the handout's random programs and baselines into OUT; `programs` are the
    public groups' paths from the repository root; the reference runs in the runs
    folder `runs` (sandbox.run_base)."""
    lab, rand = spec["lab"], spec["random"]
    folder = random_folder(out, lab)
    os.makedirs(folder, exist_ok=True)
    made = randoms.programs(lab, rand["seed"], rand["count"], reference, runs=runs)
    for path, _ in made:
        shutil.copy(path, folder)
    rel = programs + [os.path.relpath(os.path.join(folder, os.path.basename(p)), out)
                      for p, _ in made]
    cx = judges.Context(spec, reference, sandbox.Limits(), runs=runs)
    cx.cases = lambda p, d: cases(lab, p, d, reference, runs)
    absolute = [p if not p.startswith("labs/%s/random/" % lab) else os.path.join(out, p)
                for p in rel]

    def one(path):
        full = path if os.path.isabs(path) else os.path.join(ROOT, path)
        made = cx.cases(full, directives(full))
        return (judges.baseline(cx, full, directives(full)),
                inputs.key(full, variants(lab)), made)
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        done = list(pool.map(one, absolute))
    write_json(baselines_path(out, lab), dict(zip(rel, [d[0] for d in done])))
    write_json(inputs_path(out, lab), {k: c.to_json() for _, k, c in done})


def write_json(path, data):
    with open(path, "w") as f:
        json.dump(data, f, indent=1, sort_keys=True)
        f.write("\n")


def random_programs(lab):
    """The shipped public random programs of a handout, in seed order."""
    folder = random_folder(ROOT, lab)
    names = [n for n in os.listdir(folder) if randoms.seed_of(n) is not None]
    return [os.path.join(folder, n) for n in sorted(names, key=randoms.seed_of)]


def baseline(lab, path):
    """A shipped yardstick, or None."""
    try:
        with open(baselines_path(ROOT, lab)) as f:
            return json.load(f).get(os.path.relpath(path, ROOT))
    except OSError:
        return None


_shipped_inputs = {}


def cases(lab, program, directives, reference, runs=None):
    """A program's judging inputs (inputs.py): in a handout those it ships, else made by
    the reference, or in a handout by lab.json's oracle (none: an error)."""
    table = None
    if in_handout():
        if lab not in _shipped_inputs:
            try:
                with open(inputs_path(ROOT, lab)) as f:
                    _shipped_inputs[lab] = json.load(f)
            except OSError:
                _shipped_inputs[lab] = {}
        table = _shipped_inputs[lab]
    # A handout's compiler beyond the oracle's stage is the student's: no cross-check.
    cross = None if in_handout() else lab_meta(lab).get("cross_check")
    return inputs.cases(program, directives, reference, oracle(lab), cross, table, ROOT,
                        variants(lab), runs)


def variants(lab):
    """The inputs beside input 0: lab.json's `input_variants`, default inputs.VARIANTS
    (ptoext's 1: each of its inputs costs a run of mlir-cpu-runner-19, which compiles the
    module again, 0.1-0.2 s; labs/grader/README.md, "Measured")."""
    return lab_meta(lab).get("input_variants", inputs.VARIANTS)


def oracle(lab):
    """In a handout, the options that run a program correctly without the lab's code
    (lab.json "oracle"), or None; elsewhere the reference's own run."""
    if not in_handout():
        return ["--run"]
    return lab_meta(lab).get("oracle")
