#!/usr/bin/env bash
# install-deps.sh - installs the Debian (or Ubuntu) packages tigerc needs that are missing.
# As root it runs apt-get; otherwise it prints the exact command to run.
#
#   bash tools/install-deps.sh                        everything (`make deps`, CI)
#   bash tools/install-deps.sh --grading [--lab LAB]  only what a grade needs: the
#        Gradescope image (labs/autograder/setup.sh, labs/autograder/README.md); with
#        --lab ptoext also the MLIR tools that lab's judging inputs are checked with
#   ... --course FILE    also the "packages" of a teacher's course file: what the course's
#        own compilers build and run with (docs/judge.md, "Grading a foreign submission";
#        the grade never installs anything, it names what is missing)
#
# The grading packages are listed once, here, and the full list is them plus the rest,
# so the image and a teacher's machine never disagree on what a grade builds with.
# What a grade needs (labs/autograder/README.md says how each was found):
#   cmake, g++, make     the build of the reference tigerc and of every submission (Make is
#                        the grader's generator; CMake >= 3.25)
#   bison, flex          the scanner and parser generators (Bison >= 3.8)
#   libmimalloc-dev      the allocator tigerc links (driver/CMakeLists.txt): 1.4x faster
#   googletest, libgtest-dev  the top CMakeLists.txt requires GTest to configure at all,
#                        though a grade builds only tigerc
#   lld                  the grader's build links each submission's tigerc with lld, else
#                        gold, else GNU ld (top CMakeLists.txt): 0.3 s against 1.1 s. Only
#                        a speed-up, and its Ubuntu 24.04 page was not seen (its lld-18 was),
#                        so it is installed only where the archive has it
#   python3              the grader itself
#   bubblewrap           the grader confines a submission's build and runs (labs/grader/confine.py)
#   python3-seccomp      libseccomp's module: the confinement's seccomp filter (labs/grader/syscalls.py)
#   mlir-19-tools        mlir-opt-19 / mlir-cpu-runner-19: `tigerc --run-mlir`, with which the
#                        ptoext grader keeps only the judging inputs and random programs whose
#                        MLIR run agrees (labs/grader/inputs.py, randoms.py); 450 MB
#                        installed, so a grading install takes it only for ptoext
# The rest, for development, the tests, the slides and the explorer:
#   llvm-19-tools        LLVM 19's test tools, kept beside the MLIR ones; nothing in the
#                        tree runs them, and --run-mlir needs only mlir-19-tools
#   graphviz             `dot`, to check and render the CFG drawings
#   texlive-latex-recommended, texlive-pictures  pdflatex + Beamer (+ pgf) for `make slides`
#   poppler-utils        pdfinfo / pdftotext / pdftoppm, to check the decks
#   clang-format-14      the pinned formatter of `ctest -R format` (tools/format_check.sh)
#   patch                the mutation score applies mutants (labs/grader/mutation.py)
#   ninja-build          a mutation run builds each mutant with Ninja (a rebuild's walk of
#                        the tree: 0.1 s, Make's 1 s; labs/grader/README.md, "Mutation score")
#   libxml2-utils        xmllint: grade.safety checks that junit.xml is valid XML
#   pandoc               `make handout` writes HANDOUT.html beside HANDOUT.md
#   emscripten, chromium Tiger Explorer (make explorer) and its browser test
#   clang-14, libclang-rt-14-dev  `make fuzz` (libFuzzer and its sanitizer runtimes)
#   nodejs, npm          the same, only when `node`/`npm` are missing (a machine may have
#                        another build of node, with npm inside, that Debian's npm conflicts with)
# The grading names were checked in Debian 12 and looked up for Ubuntu 24.04: the same names
# wherever seen, and lld, not seen there, is optional (labs/autograder/README.md, "Package
# names"). The rest are checked on Debian 12 only.
set -eu
grading=(cmake g++ make bison flex libmimalloc-dev googletest libgtest-dev lld python3
         bubblewrap python3-seccomp)
optional=(lld)  # skipped, saying so, where apt has no candidate for it
mlir=(mlir-19-tools)
rest=(llvm-19-tools graphviz
      texlive-latex-recommended texlive-pictures poppler-utils clang-format-14 patch
      ninja-build libxml2-utils pandoc
      emscripten chromium clang-14 libclang-rt-14-dev)

mode=all lab= list= course=
while [ $# -gt 0 ]; do
  case $1 in
    --grading) mode=grading ;;
    --lab) lab=${2:?--lab needs a lab name}; shift ;;
    --course) course=${2:?--course needs a course file}; shift ;;
    --list) list=1 ;;  # only print the packages it wants, one a line
    *) echo "install-deps: unknown option $1 (--grading, --lab LAB, --course FILE, --list)"; exit 2 ;;
  esac
  shift
done
if [ $mode = all ]; then
  packages=("${grading[@]}" "${mlir[@]}" "${rest[@]}")
else
  packages=("${grading[@]}")
  if [ "$lab" = ptoext ]; then packages+=("${mlir[@]}"); fi
fi
if [ -n "$course" ]; then
  # Only names Debian allows (labs/grader/foreign.py checks the same): no option, no path.
  extra=$(python3 -c 'import json, re, sys
for p in json.load(open(sys.argv[1])).get("packages", []):
    if isinstance(p, str) and re.fullmatch(r"[a-z0-9][a-z0-9+.-]+", p): print(p)' "$course" 2>/dev/null) ||
    { echo "install-deps: the course file $course is not readable JSON"; exit 2; }
  packages+=($extra)
fi
if [ -n "$list" ]; then
  printf '%s\n' "${packages[@]}"
  exit 0
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ "$mode" = all ]; then
  command -v node >/dev/null || missing+=(nodejs)
  command -v npm >/dev/null || missing+=(npm)
fi
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all packages present"
  exit 0
fi
cmd="apt-get install -y --no-install-recommends ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
  echo "install-deps: missing packages; run as root:"
  echo "  apt-get update && $cmd"
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
wanted=()
for p in "${missing[@]}"; do
  if [[ " ${optional[*]} " == *" $p "* ]] &&
     ! apt-cache policy "$p" 2>/dev/null | grep -q 'Candidate: [^(]'; then
    echo "install-deps: $p is not in this system's archive; going on without it"
  else
    wanted+=("$p")
  fi
done
if [ ${#wanted[@]} -eq 0 ]; then exit 0; fi
echo "install-deps: installing ${wanted[*]}"
apt-get install -y --no-install-recommends "${wanted[@]}"
