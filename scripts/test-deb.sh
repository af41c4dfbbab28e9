#!/usr/bin/env bash
# The Debian package as a system installs it: `cpack -G DEB` on the build
# (cmake/InterpPackaging.cmake), twice, to check that the package is
# reproducible; `apt-get install ./interp_*.deb`; then, against /usr only,
# examples/downstream configured and built (find_package(Interp) must find
# /usr/lib/cmake/interp) and run through --interp-to-llvm like the installed
# interp-opt, the installed interp-run --check, the stock mlir-opt with
# /usr/lib/InterpPlugin.so, the C API test compiled against /usr/include and
# linked with /usr/lib/libInterpCAPI.so, `import interp` with the system
# Python when the module is packaged; finally `apt-get remove` and a check
# that the files are gone.
#   BUILD_DIR   the configured and built build directory (default ./build)
# Needs root (apt-get; CI runs as root): exit 77 with "deb: skipped" else.
# Exit 1 on any failure; the package is removed in every case.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build}
example=$root/examples/downstream

if [ "$(id -u)" -ne 0 ]; then
  echo "deb: skipped (apt-get install needs root)"
  exit 77
fi
if [ ! -f "$build/CPackConfig.cmake" ]; then
  echo "deb: FAIL: $build/CPackConfig.cmake is missing (build with ninja first: it reconfigures)"
  exit 1
fi
if dpkg-query -W -f='${Status}' interp 2>/dev/null | grep -q "install ok installed"; then
  echo "deb: FAIL: a package named interp is installed already (apt-get remove interp)"
  exit 1
fi

work=$(mktemp -d)
installed=0
cleanup() {
  if [ "$installed" -eq 1 ]; then
    echo "deb: removing the package (cleanup)"
    DEBIAN_FRONTEND=noninteractive apt-get remove -y interp >"$work/remove.log" 2>&1 || cat "$work/remove.log"
  fi
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "deb: FAIL: $*"; exit 1; }

# Reproducible packages: file times from the last commit.
SOURCE_DATE_EPOCH=$(git -C "$root" log -1 --format=%ct 2>/dev/null || echo 0)
export SOURCE_DATE_EPOCH

for n in 1 2; do
  echo "deb: cpack -G DEB ($n of 2) from $build"
  (cd "$build" && cpack -G DEB -B "$work/pkg$n") >"$work/cpack$n.log" 2>&1 ||
    { tail -n 30 "$work/cpack$n.log"; fail "cpack"; }
done
debs=("$work"/pkg1/interp_*.deb)
[ ${#debs[@]} -eq 1 ] && [ -f "${debs[0]}" ] || fail "cpack made no single interp_*.deb in $work/pkg1"
deb=${debs[0]}
name=$(basename "$deb")
if ! cmp -s "$deb" "$work/pkg2/$name"; then
  fail "two cpack runs made different packages ($name)"
fi
echo "deb: $name ($(du -k "$deb" | cut -f1) KiB, reproducible), Depends: $(dpkg-deb -f "$deb" Depends)"
dpkg-deb -c "$deb" | awk '{print $6}' | sed 's|^\./|/|' >"$work/contents"
for f in /usr/bin/interp-opt /usr/bin/interp-run /usr/bin/interp-translate \
  /usr/lib/libinterp_runtime.so /usr/lib/libInterpCAPI.so /usr/lib/InterpPlugin.so \
  /usr/lib/cmake/interp/InterpConfig.cmake /usr/include/interp/InitAll.h \
  /usr/include/interp-c/Dialects.h; do
  grep -qx "$f" "$work/contents" || fail "$name does not contain $f"
done

echo "deb: apt-get install ./$name"
cp "$deb" "$work/$name"
(cd "$work" && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "./$name") \
  >"$work/apt.log" 2>&1 || { tail -n 30 "$work/apt.log"; fail "apt-get install"; }
installed=1

echo "deb: building examples/downstream against /usr"
cmake -G Ninja -S "$example" -B "$work/downstream" \
  -DCMAKE_CXX_COMPILER=/usr/lib/llvm-22/bin/clang++ -DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=lld \
  >"$work/configure.log" 2>&1 || { cat "$work/configure.log"; fail "configuring examples/downstream"; }
interp_dir=$(sed -n 's/^Interp_DIR:PATH=//p' "$work/downstream/CMakeCache.txt")
[ "$interp_dir" = /usr/lib/cmake/interp ] || fail "find_package(Interp) found '$interp_dir', not /usr/lib/cmake/interp"
ninja -C "$work/downstream" >"$work/build.log" 2>&1 || { tail -n 30 "$work/build.log"; fail "building examples/downstream"; }

normalize() { sed -E 's/ loc\(.*\)//; s/%[A-Za-z_0-9]+/%v/g' "$1" | sort; }
/usr/bin/interp-opt "$example/resize.mlir" --interp-to-llvm -o "$work/interp-opt.mlir"
"$work/downstream/downstream-opt" "$example/resize.mlir" --interp-to-llvm -o "$work/downstream.mlir"
diff <(normalize "$work/downstream.mlir") <(normalize "$work/interp-opt.mlir") >/dev/null ||
  fail "downstream-opt and /usr/bin/interp-opt lower differently"
echo "deb: downstream-opt (built against /usr) lowers like /usr/bin/interp-opt"
/usr/lib/llvm-22/bin/mlir-opt --load-dialect-plugin=/usr/lib/InterpPlugin.so \
  --load-pass-plugin=/usr/lib/InterpPlugin.so "$example/resize.mlir" \
  --pass-pipeline="builtin.module(interp-to-llvm)" -o "$work/plugin.mlir"
diff <(normalize "$work/plugin.mlir") <(normalize "$work/interp-opt.mlir") >/dev/null ||
  fail "mlir-opt with /usr/lib/InterpPlugin.so lowers differently"
echo "deb: mlir-opt with /usr/lib/InterpPlugin.so lowers like /usr/bin/interp-opt"
/usr/bin/interp-run "$example/resize.mlir" --check >"$work/run.out" 2>&1 || { cat "$work/run.out"; fail "/usr/bin/interp-run --check"; }
echo "deb: /usr/bin/interp-run: $(tail -n 1 "$work/run.out")"

echo "deb: compiling test/CAPI/interp-capi-test.c against /usr/include and /usr/lib/libInterpCAPI.so"
/usr/lib/llvm-22/bin/clang -std=c11 -I/usr/lib/llvm-22/include "$root/test/CAPI/interp-capi-test.c" \
  -lInterpCAPI -o "$work/interp-capi-test"
"$work/interp-capi-test" >"$work/capi.out" 2>&1 || { tail -n 20 "$work/capi.out"; fail "the C API program"; }
grep -q "llvm.func @main" "$work/capi.out" || fail "the C API program did not lower to LLVM"
echo "deb: the C API program lowers to LLVM"

if dpkg -L interp | grep -q '/python_packages/interp/__init__.py$'; then
  (cd "$work" && /usr/bin/python3 -c "import interp, sys; assert interp.__file__.startswith('/usr/'), interp.__file__; print('deb: import interp:', interp.__file__)") ||
    fail "import interp with /usr/bin/python3"
fi

echo "deb: apt-get remove interp"
DEBIAN_FRONTEND=noninteractive apt-get remove -y interp >"$work/remove.log" 2>&1 || { cat "$work/remove.log"; fail "apt-get remove"; }
installed=0
for f in /usr/bin/interp-opt /usr/lib/cmake/interp/InterpConfig.cmake /usr/include/interp/InitAll.h; do
  [ ! -e "$f" ] || fail "$f is still there after apt-get remove"
done
echo "deb: PASS ($name installs with apt-get; examples/downstream and the C API test build against /usr and run; removed cleanly)"
