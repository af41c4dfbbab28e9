#!/usr/bin/env bash
# Builds every target with Debian's default toolchain (gcc 12, GNU ld) and
# the plain configure line of the README, in build-gcc (GCC_BUILD_DIR):
# the configuration a user gets without choosing a compiler.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${GCC_BUILD_DIR:-$root/build-gcc}
"$root/scripts/install-deps.sh" >/dev/null
if [ ! -f "$build/build.ninja" ]; then
  launcher=()
  command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
  CC=gcc CXX=g++ cmake -G Ninja -S "$root" -B "$build" \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir "${launcher[@]}"
fi
ninja -C "$build"
