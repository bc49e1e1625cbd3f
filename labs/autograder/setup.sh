#!/usr/bin/env bash
# setup.sh - Gradescope runs this once, as root, when it builds the autograder's image.
# labs/autograder/README.md says what it installs and why, and on which base image it is
# proven end to end (a bare Debian 12, by bare_debian_test.sh; Ubuntu 24.04 is not).
# 1. the packages a grade needs and no more: `tools/install-deps.sh --grading`, the one
#    list that `make deps` installs too; the MLIR tools (450 MB installed) only for the
#    ptoext lab, whose grader checks its judging inputs with `tigerc --run-mlir`;
# 2. the reference tigerc and its runtime library, built from reference/ once;
# $AUTOGRADER_ROOT replaces /autograder (for tests).
set -eu
ag=${AUTOGRADER_ROOT:-/autograder}
ref=$ag/source/reference
lab=$(cat "$ag/source/lab")
# The base image, in the log: the names of install-deps.sh's grading list were checked in
# Debian 12 and only looked up for Ubuntu 24.04 (README.md): a failure should say where.
base=$( (. /etc/os-release && echo "${PRETTY_NAME:-$ID}") 2> /dev/null || echo unknown)
echo "setup.sh: base image $base, lab $lab"
apt-get update -qq
# The CA bundle first: apt's https sources (and any https fetch) need it, and a bare
# image may lack it.
DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ca-certificates
course=()  # a foreign course's packages (docs/judge.md), when the zip has its course file
if [ -f "$ag/source/course/course.json" ]; then course=(--course "$ag/source/course/course.json"); fi
bash "$ref/tools/install-deps.sh" --grading --lab "$lab" "${course[@]}"
cmake -S "$ref" -B "$ref/build" -DCMAKE_BUILD_TYPE=Release
cmake --build "$ref/build" --target tigerc tigerrt -j"$(nproc)"
"$ref/build/tigerc" --help > /dev/null
echo "setup.sh: reference tigerc built in $ref/build"
# 3. the handout built once in the scratch folder (labs/grader/submission.py), so each
#    submission compiles only the files it changed.
export TIGER_GRADE_SCRATCH=${TIGER_GRADE_SCRATCH:-$ag/scratch} TIGER_GRADE_RUNS=$ag/runs
#    The random programs of the public seed and of the teacher's are made now too, and
#    every program's judging inputs (labs/grader/inputs.py), the private ones' included.
#    The grader's folders are closed first, as run_autograder closes them: where no
#    namespace can be made (a chroot, a container without the capability) the grade runs
#    submissions as nobody and refuses to while others may read the reference's sources.
if [ "$(id -u)" -eq 0 ]; then
  chmod 0711 "$ag"
  chmod 0700 "$ag/source"
fi
seed=()
if [ -f "$ag/source/random_seed" ]; then seed=(--random-seed-file "$ag/source/random_seed"); fi
if [ -d "$ag/source/private" ]; then seed+=(--tests "$ag/source/private"); fi
if [ -f "$ag/source/grading.json" ]; then seed+=(--spec "$ag/source/grading.json"); fi
(cd "$ref" && python3 -m labs.grader.grade "$lab" \
  --submission "$ag/source/handout" --base "$ag/source/handout" \
  --reference "$ref/build/tigerc" --out "$ag/warm" "${seed[@]}" --shrink 0 --tests-checked > /dev/null)
echo "setup.sh: the handout is built in $TIGER_GRADE_SCRATCH"
