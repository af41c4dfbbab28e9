#!/usr/bin/env bash
# The installed package as a consumer sees it: installs the build into a
# temporary prefix, configures and builds examples/downstream against it
# (find_package(Interp), nothing from the build or source tree), runs the
# downstream tool through --interp-to-llvm and compares its output with
# interp-opt's, runs the installed interp-run on the same file, and builds
# and runs the C API test program against the installed libInterpCAPI.so,
# and the Python tests against the installed module.
#   BUILD_DIR   the build to install (default ./build)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
example=$root/examples/downstream

echo "install: cmake --install $build --prefix $prefix"
cmake --install "$build" --prefix "$prefix" >"$work/install.log"
echo "install: building examples/downstream against the installed tree"
cmake -G Ninja -S "$example" -B "$work/downstream" -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_CXX_COMPILER=/usr/lib/llvm-22/bin/clang++ -DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=lld \
  >"$work/configure.log" || { cat "$work/configure.log"; exit 1; }
ninja -C "$work/downstream" >"$work/build.log" || { cat "$work/build.log"; exit 1; }

# The same lines up to value names and order: upstream's ownership-based
# deallocation orders independent frees differently from run to run
# (docs/Design.md, "Known limits").
normalize() { sed -E 's/ loc\(.*\)//; s/%[A-Za-z_0-9]+/%v/g' "$1" | sort; }
same_lowering() { # name, file
  if ! diff <(normalize "$2") <(normalize "$work/interp-opt.mlir") >"$work/diff"; then
    head -n 40 "$work/diff"
    echo "install: FAIL: $1 and interp-opt lower differently"
    exit 1
  fi
}
"$prefix/bin/interp-opt" "$example/resize.mlir" --interp-to-llvm -o "$work/interp-opt.mlir"
"$work/downstream/downstream-opt" "$example/resize.mlir" --interp-to-llvm -o "$work/downstream.mlir"
same_lowering downstream-opt "$work/downstream.mlir"
# The stock mlir-opt with the installed plugin.
/usr/lib/llvm-22/bin/mlir-opt --load-dialect-plugin="$prefix/lib/InterpPlugin.so" \
  --load-pass-plugin="$prefix/lib/InterpPlugin.so" "$example/resize.mlir" \
  --pass-pipeline="builtin.module(interp-to-llvm)" -o "$work/plugin.mlir"
same_lowering "mlir-opt with InterpPlugin.so" "$work/plugin.mlir"
"$prefix/bin/interp-run" "$example/resize.mlir" --check | tail -n 1

# The C API: a C program compiled against the installed headers and linked
# with the installed libInterpCAPI.so alone.
echo "install: compiling test/CAPI/interp-capi-test.c against $prefix/lib/libInterpCAPI.so"
/usr/lib/llvm-22/bin/clang -std=c11 -I"$prefix/include" -I/usr/lib/llvm-22/include "$root/test/CAPI/interp-capi-test.c" \
  -L"$prefix/lib" -lInterpCAPI -Wl,-rpath,"$prefix/lib" -o "$work/interp-capi-test"
"$work/interp-capi-test" >"$work/capi.out"
grep -q "llvm.func @main" "$work/capi.out" || { echo "install: FAIL: the C API program did not lower to LLVM"; exit 1; }
# The Python module, installed: the pytest suite imports it from the prefix.
if [ -d "$prefix/python_packages/interp" ]; then
  echo "install: pytest test/Python against $prefix/python_packages"
  (cd "$work" && PYTHONPATH="$prefix/python_packages" /usr/bin/python3 -m pytest -q -rs \
    -p no:cacheprovider "$root/test/Python") || { echo "install: FAIL: Python tests"; exit 1; }
else
  echo "install: FAIL: the Python module was not built (nanobind in build-pydeps/, python3-dev: scripts/install-deps.sh)"
  exit 1
fi
echo "install: PASS (downstream-opt built against $prefix and the stock mlir-opt with InterpPlugin.so lower like interp-opt; the installed interp-run checks; a C program on libInterpCAPI.so alone lowers to LLVM; the Python tests pass on the installed module)"
