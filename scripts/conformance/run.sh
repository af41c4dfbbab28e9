#!/usr/bin/env bash
# Runs the OpenVINO conformance check with the project's defaults (300 cases,
# fixed seed; about a third Interpolate-11, whose Pillow modes are also
# compared with Pillow). Exit 0: no unexplained disagreement; 1: failures; 77:
# the openvino package could not be installed (no network or no wheel). A
# Pillow that cannot be installed skips only the Pillow oracle, with a message.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
exec python3 "$root/scripts/conformance/openvino_conformance.py" --cases "${CONFORMANCE_CASES:-300}" --seed 1 "$@"
