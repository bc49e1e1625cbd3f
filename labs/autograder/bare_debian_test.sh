#!/usr/bin/env bash
# bare_debian_test.sh - proves the Gradescope zip on a bare system (labs/autograder/README.md
# says what it proves and what it measured). Not part of `make test`: it downloads a Debian
# root and every package a grade needs.
#
# Usage (as root, from the top folder, after `make`):
#   bash labs/autograder/bare_debian_test.sh [LAB] [DIR]     (default canon, /var/tmp/tiger-bare)
# 1. debootstrap makes a pristine Debian 12 root (minbase) in DIR/root, from the mirror of
#    this machine's apt sources (Debian's `debootstrap` package, installed when missing);
# 2. `python3 -m labs.autograder.pack LAB` packs the zip, unpacked into DIR/root/autograder/source;
# 3. setup.sh runs in the root (chroot, as Gradescope runs it when it builds the image),
#    timed in two parts: first the packages, by the same commands setup.sh starts with
#    (ca-certificates, then `tools/install-deps.sh --grading --lab LAB`), then setup.sh
#    itself, whose own package step then finds them all present (the rest: the reference
#    and the handout built);
# 4. run_autograder grades one upload: the lab's files of this tree, loose, in
#    /autograder/submission.
# $TIGERC: the tigerc that cuts the handout (default build/tigerc); $GRADE_PREFIX: a command
# prefix for the two phases that grade (e.g. `flock FILE`, where grades must not overlap).
# Output: each phase's seconds, the score of results.json; exit 0 when it is full marks.
# The root is left in DIR for a look (`rm -rf DIR` removes it; its mounts are undone).
set -eu
lab=${1:-canon}
dir=${2:-/var/tmp/tiger-bare}
top=$(cd "$(dirname "$0")/../.." && pwd)
root=$dir/root
[ "$(id -u)" -eq 0 ] || { echo "bare_debian_test: run as root (debootstrap, chroot)"; exit 2; }
mirror=$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/*.sources 2>/dev/null | head -1)
mirror=${mirror:-http://deb.debian.org/debian}
command -v debootstrap > /dev/null || apt-get install -y --no-install-recommends debootstrap
now() { date +%s.%N; }
span() { python3 -c "import sys; print('%.0f' % (float(sys.argv[2]) - float(sys.argv[1])))" "$@"; }
undo() { for m in dev/pts dev proc; do umount "$root/$m" 2> /dev/null || true; done; }
trap undo EXIT

t0=$(now)
undo
rm -rf "$dir"
mkdir -p "$dir"
debootstrap --variant=minbase bookworm "$root" "$mirror" > "$dir/debootstrap.log" 2>&1 ||
  { tail -20 "$dir/debootstrap.log"; exit 1; }
# The same apt sources as this machine (updates, security), and its name servers.
cp /etc/apt/sources.list.d/*.sources "$root/etc/apt/sources.list.d/" 2> /dev/null &&
  rm -f "$root/etc/apt/sources.list"
cp /etc/resolv.conf "$root/etc/resolv.conf"
t1=$(now)

(cd "$top" && python3 -m labs.autograder.pack "$lab" --out "$dir/$lab.zip" \
  --tigerc "${TIGERC:-$top/build/tigerc}")
mkdir -p "$root/autograder/submission"
(cd "$top" && python3 - "$dir/$lab.zip" "$root/autograder" "$lab" <<'PY'
import os, shutil, sys
from labs.autograder import pack
from labs.grader import submission
zip_path, ag, lab = sys.argv[1:]
pack.unpack(zip_path, os.path.join(ag, "source"))
# The upload: the lab's files of this tree (the solution), loose.
for name, path in submission.lab_files(os.path.join(ag, "source", "handout"), lab).items():
    shutil.copy(path, os.path.join(ag, "submission", name))
PY
)
mount -t proc proc "$root/proc"
mount --bind /dev "$root/dev"
mount --bind /dev/pts "$root/dev/pts"
in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root "$@"; }
graded() { ${GRADE_PREFIX:-} chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
  HOME=/root "$@"; }
t2=$(now)

in_root bash -c "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y \
  --no-install-recommends ca-certificates && bash /autograder/source/reference/tools/install-deps.sh \
  --grading --lab $lab" \
  > "$dir/packages.log" 2>&1 || { tail -30 "$dir/packages.log"; exit 1; }
t25=$(now)
graded bash /autograder/source/setup.sh > "$dir/setup.log" 2>&1 ||
  { tail -30 "$dir/setup.log"; echo "bare_debian_test: setup.sh failed ($dir/setup.log)"; exit 1; }
t3=$(now)
graded bash /autograder/source/run_autograder > "$dir/run.log" 2>&1 || true
t4=$(now)
tail -5 "$dir/run.log"
score=$(python3 -c "import json,sys; r=json.load(open(sys.argv[1])); print(r['score'])" \
  "$root/autograder/results/results.json")
echo "bare_debian_test: $lab: debootstrap $(span "$t0" "$t1") s, pack and unpack" \
  "$(span "$t1" "$t2") s, packages $(span "$t2" "$t25") s, setup.sh $(span "$t25" "$t3") s, run_autograder $(span "$t3" "$t4") s," \
  "score $score"
python3 -c "import sys; sys.exit(0 if float(sys.argv[1]) >= 100 else 1)" "$score"
