#!/usr/bin/env bash
# setup.sh - Gradescope runs this once, as root, when it builds the autograder's image
# (labs/autograder/README.md, "Base images"). Pick the Ubuntu 24.04 base image: it has CMake >= 3.25,
# Bison 3.8 and the LLVM/MLIR 19 packages that tools/install-deps.sh installs.
# 1. the packages tigerc and the grader need (python3, patch, cmake, g++, mlir-19-tools...);
# 2. the reference tigerc and its runtime library, built from reference/ once;
# $AUTOGRADER_ROOT replaces /autograder (for tests).
set -eu
ag=${AUTOGRADER_ROOT:-/autograder}
ref=$ag/source/reference
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ca-certificates
bash "$ref/tools/install-deps.sh"
cmake -S "$ref" -B "$ref/build" -DCMAKE_BUILD_TYPE=Release
cmake --build "$ref/build" --target tigerc tigerrt -j"$(nproc)"
"$ref/build/tigerc" --help > /dev/null
echo "setup.sh: reference tigerc built in $ref/build"
# 3. the handout built once in the scratch folder (labs/grader/submission.py), so each
#    submission compiles only the files it changed.
export TIGER_GRADE_SCRATCH=${TIGER_GRADE_SCRATCH:-$ag/scratch} TIGER_GRADE_RUNS=$ag/runs
#    The random programs of the public seed and of the teacher's are made now too, and
#    every program's judging inputs (labs/grader/inputs.py), the private ones' included.
seed=()
if [ -f "$ag/source/random_seed" ]; then seed=(--random-seed-file "$ag/source/random_seed"); fi
if [ -d "$ag/source/private" ]; then seed+=(--tests "$ag/source/private"); fi
if [ -f "$ag/source/grading.json" ]; then seed+=(--spec "$ag/source/grading.json"); fi
(cd "$ref" && python3 -m labs.grader.grade "$(cat "$ag/source/lab")" \
  --submission "$ag/source/handout" --base "$ag/source/handout" \
  --reference "$ref/build/tigerc" --out "$ag/warm" "${seed[@]}" --shrink 0 --tests-checked > /dev/null)
echo "setup.sh: the handout is built in $TIGER_GRADE_SCRATCH"
