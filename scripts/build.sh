#!/usr/bin/env bash
# Configures (once) and builds interp. Installs missing Debian packages first.
# Usage: scripts/build.sh [ninja targets...]   (BUILD_DIR defaults to ./build)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build}

"$root/scripts/install-deps.sh"

llvm=/usr/lib/llvm-22
if [ ! -f "$build/build.ninja" ]; then
  launcher=()
  command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
  cmake -G Ninja -S "$root" -B "$build" \
    -DCMAKE_BUILD_TYPE="${BUILD_TYPE:-Release}" \
    -DMLIR_DIR="$llvm/lib/cmake/mlir" \
    -DLLVM_EXTERNAL_LIT="$llvm/bin/lit" \
    -DCMAKE_C_COMPILER="$llvm/bin/clang" \
    -DCMAKE_CXX_COMPILER="$llvm/bin/clang++" \
    -DLLVM_USE_LINKER=lld \
    "${launcher[@]}" ${CMAKE_EXTRA_ARGS:-}
fi
ninja -C "$build" "$@"
