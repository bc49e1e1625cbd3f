#!/usr/bin/env bash
# install-deps.sh - installs the Debian packages tigerc needs that are missing.
# As root it runs apt-get; otherwise it prints the exact command to run.
#   bison, flex          the scanner and parser generators (Bison >= 3.8)
#   cmake, g++, make     the build
#   googletest, libgtest-dev  the unit tests
#   graphviz             `dot`, to check and render the CFG drawings
#   mlir-19-tools, llvm-19-tools  mlir-opt-19 / mlir-cpu-runner-19 for ptoext
#   clang-14, libclang-rt-14-dev  `make fuzz` (libFuzzer and its sanitizer runtimes)
set -eu
packages=(bison flex cmake g++ make googletest libgtest-dev graphviz python3
          mlir-19-tools llvm-19-tools clang-14 libclang-rt-14-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
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
