"""lower_batch.py TIGERC - ptoext's judge lowers a grade's MLIR a batch at a time: one
mlir-opt-19 start (--split-input-file) for many modules (judges.lower_batch).

Expects, on the reference's MLIR of six programs of testcases/ptoext:
  - one start lowers all six, and each module's lowered text and printing (the
    bonus's iter_args are counted there) are the bytes a start of its own gives;
  - a module mlir-opt rejects, third of the six: the batch is not whole, so every
    module is lowered on its own (seven starts in all); the rejected one gets the
    message it gets alone (MLIR_REJECTED, its line), the others their own lowering;
  - a module that holds the marker `// -----` (in a comment) is lowered on its own
    (it would split in two), the five others in one start: two starts;
  - with a Lowerings (a mutation run's), lower_all lowers the six once: a second
    lower_all of the same modules starts no mlir-opt-19 and writes each module's
    lowered text, the same bytes, in its own work folder; a rejected module is never
    kept (lowered again, with its message); a Lowerings too small keeps nothing;
  - judge_all grades the six programs with the batch: each passes, with the metric
    judge() gives it alone.
Skipped (exit 0, with a message) without MLIR 19's tools.
Ends with "N passed, N failed"; exit 1 when one failed.
"""
import os
import shutil
import sys
from concurrent.futures import ThreadPoolExecutor

from labs.grader import judges, sandbox
from testcases.run_testcases import directives
from labs.paths import ROOT
from labs.tests.split_runs import mlir_main, ptoext_context

PROGRAMS = ["break_in_for", "carried_vars", "if_phis", "nested_loops", "short_circuit",
            "while_break_continue"]
REJECTED = b"module {\n  func.func @main() {\n    %0 = arith.addi %x, %x : i64\n  }\n}\n"


def counting_starts():
    """Counts sandbox.run's mlir-opt-19 starts: (the count, a function that undoes it)."""
    real, count = sandbox.run, [0]

    def run(cmd, *a, **k):
        count[0] += "mlir-opt-19" in os.path.basename(cmd[0])
        return real(cmd, *a, **k)
    sandbox.run = run
    return count, lambda: setattr(sandbox, "run", real)


def lowered_texts(results):
    """(lowered bytes, printing, problem) of lower_mlir / lower_batch results."""
    out = []
    for low, printed, problem in results:
        out.append((open(low, "rb").read() if low else None, printed, problem))
    return out


def check_lowerings(cx, mlirs, works, alone, count, check):
    """lower_all with cx.lowerings: what it lowered once it does not lower again."""
    with ThreadPoolExecutor(max_workers=2) as pool:
        cx.lowerings = judges.Lowerings()
        count[0] = 0
        first = lowered_texts(judges.lower_all(cx, list(zip(mlirs, works)), pool, 2))
        for w in works:
            os.remove(os.path.join(w, "student.llvm.mlir"))
        again = lowered_texts(judges.lower_all(cx, list(zip(mlirs, works)), pool, 2))
        check("Lowerings: lowered once", count[0] == 2 and first == alone,
              "%d starts" % count[0])
        check("Lowerings: again, no start, the same bytes in each work folder",
              count[0] == 2 and again == alone, "%d starts" % count[0])
        count[0] = 0
        bad = [REJECTED, REJECTED]
        twice = [judges.lower_all(cx, list(zip(bad, works)), pool, 2)[0] for _ in range(2)]
        check("Lowerings: a rejected module is lowered each time, with its message",
              count[0] == 2 * 2 and all((p or "").startswith(judges.MLIR_REJECTED)
                                        for _, _, p in twice), "%d starts" % count[0])
        cx.lowerings, count[0] = judges.Lowerings(cap=1), 0
        for _ in range(2):
            judges.lower_all(cx, list(zip(mlirs, works)), pool, 2)
        check("Lowerings: too small keeps nothing", count[0] == 4, "%d starts" % count[0])
        cx.lowerings = None


def checks(tigerc, check):
    cx = ptoext_context(tigerc, 10)
    paths = [os.path.join(ROOT, "testcases", "ptoext", p + ".tig") for p in PROGRAMS]
    mlirs = [judges.student_emit(cx, tigerc, "mlir", p)[0] for p in paths]
    works = [sandbox.public_folder() for _ in paths]
    alone = lowered_texts([judges.lower_mlir(cx, m, w) for m, w in zip(mlirs, works)])
    check("each module alone lowers", all(p is None for _, _, p in alone), repr(alone))

    count, undo = counting_starts()
    try:
        batch = lowered_texts(judges.lower_batch(cx, list(zip(mlirs, works))))
        check("one start lowers six modules", count[0] == 1, "%d starts" % count[0])
        check("the same bytes as one start each", batch == alone,
              repr([k for k, (a, b) in enumerate(zip(batch, alone)) if a != b]))

        count[0] = 0
        with_bad = mlirs[:2] + [REJECTED] + mlirs[3:]
        batch = lowered_texts(judges.lower_batch(cx, list(zip(with_bad, works))))
        own = lowered_texts([judges.lower_mlir(cx, REJECTED, works[2])])[0]
        check("a rejected module: each lowered alone", count[0] == 1 + 6 + 1,
              "%d starts" % count[0])
        check("the rejected module's own message", batch[2] == own and
              (own[2] or "").startswith(judges.MLIR_REJECTED), repr((batch[2], own)))
        check("the others' own lowering", batch[:2] + batch[3:] == alone[:2] + alone[3:])

        count[0] = 0
        marked = [mlirs[0].replace(b"module {", b"// -----\nmodule {", 1)] + mlirs[1:]
        batch = lowered_texts(judges.lower_batch(cx, list(zip(marked, works))))
        check("a module with the marker is lowered alone", count[0] == 2,
              "%d starts" % count[0])
        check("... and every module as alone", batch == alone,
              repr([k for k, (a, b) in enumerate(zip(batch, alone)) if a != b]))
        check_lowerings(cx, mlirs, works, alone, count, check)
    finally:
        undo()
        for w in works:
            shutil.rmtree(w, ignore_errors=True)

    programs = [(p, directives(p)) for p in paths]
    with ThreadPoolExecutor(max_workers=2) as pool:
        together = judges.judge_all(cx, tigerc, programs, pool, 2)
    each = [judges.judge(cx, tigerc, p, d) for p, d in programs]
    check("judge_all: every program passes", all(v.passed for v in together),
          repr([v.message for v in together if not v.passed]))
    check("judge_all: the metrics judge() gives", [v.metric for v in together] ==
          [v.metric for v in each], repr(([v.metric for v in together],
                                          [v.metric for v in each])))


def main():
    return mlir_main(__doc__, "lower-batch-", checks)


if __name__ == "__main__":
    sys.exit(main())
