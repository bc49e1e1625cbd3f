#!/usr/bin/env bash
# format_check.sh - fails when a C++ file of the repository differs from what the
# committed .clang-format makes of it (README.md, "Style"). The formatter is pinned:
# Debian 12's clang-format-14 (tools/install-deps.sh installs it); another version may
# format differently, so none other is used.
# Input: the repository's root (argv[1]). Output: exit 0 when every tracked *.cc, *.hh
# and *.h is formatted; else the files that are not, each with the first lines of its
# diff, and exit 1. Fix with: clang-format-14 -i FILE.
set -u
root=${1:-$(dirname "$0")/..}
cd "$root" || exit 2
fmt=clang-format-14
command -v "$fmt" >/dev/null || { echo "format_check: $fmt is missing (tools/install-deps.sh)"; exit 2; }
files=$(git ls-files '*.cc' '*.hh' '*.h' 2>/dev/null) || files=$(find . -name build -prune -o \( -name '*.cc' -o -name '*.hh' -o -name '*.h' \) -print)
bad=0
for f in $files; do
  if ! "$fmt" --style=file "$f" | cmp -s - "$f"; then
    bad=$((bad + 1))
    echo "$f: not formatted (clang-format-14 -i $f):"
    "$fmt" --style=file "$f" | diff -u "$f" - | sed -n '3,12p'
  fi
done
n=$(echo "$files" | wc -w)
echo "format_check: $((n - bad)) of $n files formatted"
[ "$bad" -eq 0 ]
