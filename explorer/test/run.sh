#!/usr/bin/env bash
# run.sh - ctest's explorer.browser: builds Tiger Explorer (explorer/build.sh, as `make
# explorer` does) and drives it in headless Chromium against the native tigerc
# (browser_test.mjs). Screenshots of every pane land in BUILD/explorer-test/*.png.
# Usage: run.sh BUILD_DIR TIGERC
# Exits 77 (ctest: skipped) saying what is missing when emscripten, node, npm or chromium
# is not installed; tools/install-deps.sh installs them all.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
build=$(realpath -m "$1")
tigerc=$(realpath "$2")
[ -x /usr/bin/chromium ] || { echo "skipped: /usr/bin/chromium is missing (bash tools/install-deps.sh)"; exit 77; }
start=$SECONDS
bash "$top/explorer/build.sh" "$build"
built=$SECONDS
node "$top/explorer/test/browser_test.mjs" "$build/explorer" "$tigerc" "$top/testcases" \
  "$build/explorer-test" "$build/explorer-npm/node_modules"
echo "explorer.browser: build $((built - start)) s, browser test $((SECONDS - built)) s"
