#!/usr/bin/env bash
# Sets up and builds interp, then runs it on the shipped examples: the
# verifier and shape inference on the specification's Interpolate-4 example
# (1x2x48x80, linear, scales [0.5, 2.0] on axes [2, 3] -> 1x2x24x160), and
# the Interpolate-1 -> Interpolate-4 legalization of the Interpolate-1 example.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build}
"$root/scripts/build.sh" interp-opt >/dev/null
opt="$build/bin/interp-opt"

echo "== examples/interpolate_v4.mlir: verified, result shape inferred by -canonicalize"
"$opt" "$root/examples/interpolate_v4.mlir" --canonicalize
echo "== examples/interpolate_v1.mlir: --interp-legalize-v1"
"$opt" "$root/examples/interpolate_v1.mlir" --interp-legalize-v1
