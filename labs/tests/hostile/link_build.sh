#!/bin/sh
# link_build.sh - the symlinked_build and classmate_slot attacks (labs/tests/hostile.py),
# run by a POST_BUILD command of tigerc: $1 the build folder, $2 the tree to link to.
# Writes what /proc/1/cmdline names into the source tree (can it name another slot?),
# then replaces the build folder by a symbolic link to $2's build: a grader that
# follows it grades another tree's tigerc.
tr '\000' ' ' < /proc/1/cmdline > "$1/../src/cmdline.txt"
cd "$1/.." && mv build build.moved && ln -s "$2" build
