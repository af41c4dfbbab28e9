#!/usr/bin/env bash
# Sets up and builds interp, then runs the specification's Interpolate-4
# example (1x2x48x80 f32, mode = linear, scales [0.5, 2.0] on axes [2, 3] ->
# 1x2x24x160): verification and shape inference, the lowering to native code,
# a run on seeded random data, and a comparison with the reference
# implementation.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build}
"$root/scripts/build.sh" interp-opt interp-run interp_runtime >/dev/null
example="$root/examples/interpolate_v4.mlir"
out="$build/example-output"

echo "== 1. Verified, result shape inferred (interp-opt --canonicalize):"
"$build/bin/interp-opt" "$example" --canonicalize | grep 'interp.interpolate_v4'

echo "== 2. Lowered to the LLVM dialect (interp-opt --interp-to-llvm): $("$build/bin/interp-opt" "$example" --interp-to-llvm | grep -c 'llvm\.') LLVM ops, nothing else left"

echo "== 3. JIT-compiled to native code and run on seeded random data (interp-run --check):"
"$build/bin/interp-run" "$example" --seed 1 --check -o "$out"
echo "   result written to $out/result0.npy; first output row (n=0, c=0, y=0):"
"$build/bin/interp-run" "$example" --seed 1 --print-values >"$out/values.txt"
grep -A1 '^result 0' "$out/values.txt" | tail -n 1 | cut -c1-160
echo "== 4. The Interpolate-1 example, legalized to Interpolate-4 (interp-opt --interp-legalize-v1):"
"$build/bin/interp-opt" "$root/examples/interpolate_v1.mlir" --interp-legalize-v1 | grep 'interp.interpolate_v4'
