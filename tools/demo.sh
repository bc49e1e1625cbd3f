#!/usr/bin/env bash
# demo.sh TIGERC OUTDIR - the main job on real programs: prints a program's IR before
# and after canon, runs queens at every stage with execution counts, and renders
# queens' control-flow graphs to SVG.
set -euo pipefail
tigerc=$1 out=$2
mkdir -p "$out"
demo=testcases/demo
echo "== $demo/sum.tig, IR trees (--emit=ir)"
"$tigerc" --emit=ir "$demo/sum.tig"
echo "== the same after C_traceSchedule (--emit=traces)"
"$tigerc" --emit=traces "$demo/sum.tig"
for stage in ir linear traces; do
  echo "== queens at $stage (last lines; --stats on stderr)"
  "$tigerc" --run-at=$stage --stats "$demo/queens.tig" | tail -n 3
done
"$tigerc" --emit=cfg-dot "$demo/queens.tig" > "$out/queens-cfg.dot"
"$tigerc" --emit=blocks-dot "$demo/queens.tig" > "$out/queens-blocks.dot"
dot -Tsvg -O "$out/queens-cfg.dot" "$out/queens-blocks.dot"
echo "== queens' CFGs: $(ls "$out"/*.svg | tr '\n' ' ')"
