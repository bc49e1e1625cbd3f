#!/usr/bin/env bash
# build.sh - `make explorer`: builds Tiger Explorer's static site into BUILD/explorer/.
# Usage: explorer/build.sh BUILD_DIR
#   1. explorer/wasm with emscripten (emcmake) -> BUILD/explorer-wasm/tigerc.{js,wasm}
#   2. npm ci of explorer/package-lock.json     -> BUILD/explorer-npm/node_modules
#   3. node explorer/build.mjs (esbuild)        -> BUILD/explorer/
# Exits 77 with a message when emcc, node or npm is missing (tools/install-deps.sh
# installs them).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=$(realpath -m "${1:?usage: build.sh BUILD_DIR}")
for tool in emcc node npm; do
  command -v "$tool" >/dev/null || { echo "explorer: $tool is missing (bash tools/install-deps.sh installs it)"; exit 77; }
done
# Debian's emscripten 3.1.6 runs its JS optimizer with the system node, which finds acorn here.
export NODE_PATH=/usr/share/nodejs

wasm=$build/explorer-wasm
test -f "$wasm/CMakeCache.txt" ||
  emcmake cmake -S "$top/explorer/wasm" -B "$wasm" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$wasm" -j"${JOBS:-$(nproc)}"

npmdir=$build/explorer-npm
mkdir -p "$npmdir"
if ! cmp -s "$top/explorer/package-lock.json" "$npmdir/package-lock.json" ||
   [ ! -d "$npmdir/node_modules" ]; then
  cp "$top/explorer/package.json" "$top/explorer/package-lock.json" "$npmdir/"
  (cd "$npmdir" && npm ci --no-audit --no-fund --loglevel=error)
fi

node "$top/explorer/build.mjs" "$build/explorer" "$wasm" "$npmdir/node_modules"
echo "explorer: site in $build/explorer ($(du -sh "$build/explorer" | cut -f1))"
