#!/bin/sh
# run-mlir.sh - run a Tiger program through ptoext's MLIR by hand, the steps that
# `tigerc --run-mlir` takes (ptoext/README.md, "MLIR"):
#
#   tools/run-mlir.sh prog.tig [libtigerrt.so] < input
#
# 1. tigerc --emit=mlir --mlir-hooks prints the MLIR (func/arith/scf + a few llvm ops)
#    with the runtime's hooks, as --run-mlir runs it: its step and depth limits
#    ($TIGERRT_MAX_STEPS, $TIGERRT_MAX_DEPTH), effects and inputs' split need them;
# 2. mlir-opt-19 verifies it and lowers it to the LLVM dialect;
# 3. mlir-cpu-runner-19 JIT-runs @main with the runtime library libtigerrt.so.
# The exit status is the program's (exit(n) gives n, a runtime error 70), or 75 when a
# tool is missing or fails. TIGERC overrides the compiler (default build/tigerc).
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
prog=${1:?usage: run-mlir.sh prog.tig [libtigerrt.so]}
lib=${2:-$root/build/libtigerrt.so}
tigerc=${TIGERC:-$root/build/tigerc}

pick() { for t in "$@"; do command -v "$t" && return 0; done; return 1; }
opt=$(pick mlir-opt-19 mlir-opt) || { echo "run-mlir.sh: no mlir-opt-19 on PATH" >&2; exit 75; }
runner=$(pick mlir-cpu-runner-19 mlir-cpu-runner mlir-runner) ||
  { echo "run-mlir.sh: no mlir-cpu-runner-19 on PATH" >&2; exit 75; }

tmp=$(mktemp -d) || exit 75
trap 'rm -rf "$tmp"' EXIT
"$tigerc" --emit=mlir --mlir-hooks "$prog" > "$tmp/prog.mlir" || exit $?
"$opt" "$tmp/prog.mlir" --arith-expand --convert-scf-to-cf --convert-to-llvm \
  --reconcile-unrealized-casts -o "$tmp/prog.llvm.mlir" || exit 75
# --disable-lsr: LLVM's loop strength reduction is quadratic in a function's loops.
timeout 60 "$runner" "$tmp/prog.llvm.mlir" -e main -entry-point-result=void \
  --disable-lsr --shared-libs="$lib"
