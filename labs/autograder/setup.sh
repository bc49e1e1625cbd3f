#!/usr/bin/env bash
# setup.sh - Gradescope runs this once, as root, when it builds the autograder's image
# (labs/GRADING.md, "Gradescope"). Pick the Ubuntu 24.04 base image: it has CMake >= 3.25,
# Bison 3.8 and the LLVM/MLIR 19 packages that tools/install-deps.sh installs.
# 1. the packages tigerc and the grader need (python3, patch, cmake, g++, mlir-19-tools...);
# 2. the reference tigerc and its runtime library, built from reference/ once.
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
