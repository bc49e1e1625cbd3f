#!/usr/bin/env bash
# install-deps.sh - installs the Debian packages tigerc needs that are missing.
# As root it runs apt-get; otherwise it prints the exact command to run.
#   bison, flex          the scanner and parser generators (Bison >= 3.8)
#   cmake, g++, make     the build
#   libmimalloc-dev      the allocator tigerc links (driver/CMakeLists.txt)
#   googletest, libgtest-dev  the unit tests
#   graphviz             `dot`, to check and render the CFG drawings
#   mlir-19-tools, llvm-19-tools  mlir-opt-19 / mlir-cpu-runner-19 for ptoext
#   texlive-latex-recommended, texlive-pictures  pdflatex + Beamer (+ pgf) for `make slides`
#   poppler-utils        pdfinfo / pdftotext / pdftoppm, to check the decks
#   clang-format-14      the pinned formatter of `ctest -R format` (tools/format_check.sh)
#   patch                the lab graders apply mutants (labs/grader/README.md, "Mutation score")
#   bubblewrap           the graders confine a submission's build and runs (labs/grader/README.md, "Confinement")
#   python3-seccomp      libseccomp's module: the graders' seccomp filter (labs/grader/syscalls.py)
#   ninja-build          a mutation run builds each mutant with Ninja (a rebuild's walk of
#                        the tree: 0.1 s, Make's 1 s; labs/grader/README.md, "Mutation score")
#   libxml2-utils        xmllint: grade.safety checks that junit.xml is valid XML
#   emscripten, chromium Tiger Explorer (make explorer) and its browser test
#   clang-14, libclang-rt-14-dev  `make fuzz` (libFuzzer and its sanitizer runtimes)
#   nodejs, npm          the same, only when `node`/`npm` are missing (a machine may have
#                        another build of node, with npm inside, that Debian's npm conflicts with)
set -eu
packages=(bison flex cmake g++ make libmimalloc-dev googletest libgtest-dev graphviz python3
          mlir-19-tools llvm-19-tools
          texlive-latex-recommended texlive-pictures poppler-utils clang-format-14 patch bubblewrap python3-seccomp
          ninja-build
          libxml2-utils
          emscripten chromium clang-14 libclang-rt-14-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
command -v node >/dev/null || missing+=(nodejs)
command -v npm >/dev/null || missing+=(npm)
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
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
$cmd
