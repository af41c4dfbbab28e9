#!/usr/bin/env bash
# Installs what interp needs to build and test on Debian 12, idempotently.
# Only packages that are missing are installed; `apt-get update` runs once, and only then.
set -euo pipefail

packages=(
  # LLVM/MLIR 22 toolchain: headers and CMake config, mlir-tblgen/mlir-opt/mlir-runner,
  # lit/FileCheck, clang and lld (the fastest compile + link on this machine).
  llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools clang-22 lld-22
  # Sanitizer and libFuzzer runtimes for scripts/sanitize-and-fuzz.sh.
  libclang-rt-22-dev
  # OpenMP runtime for the multi-threaded lowering (--interp-to-llvm="num-threads=...").
  libomp-22-dev
  # Build system and cache; Debian's default toolchain (gcc, GNU ld), which
  # builds every target too (scripts/build-default-toolchain.sh).
  cmake ninja-build ccache g++
  # Unit tests and benchmarks; valgrind checks host programs for leaks.
  libgtest-dev libbenchmark-dev valgrind
  # XML reader of the OpenVINO IR importer (interp-translate --import-openvino-ir).
  libpugixml-dev
  # ONNX model reader of the ONNX importer (interp-translate --import-onnx):
  # onnx-ml.pb.h and libonnx_proto; its headers include protobuf's, which
  # libonnx-dev does not pull in. python3-onnx writes the lit fixtures.
  libonnx-dev libprotobuf-dev python3-onnx
  # Test generators and the conformance oracle's host language.
  python3 python3-numpy python3-venv
  # The Python module interp (python/: nanobind over the C++ libraries; nanobind
  # itself comes from PyPI, below) and its tests.
  python3-dev python3-pytest
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if ((${#missing[@]})); then
  echo "install-deps: installing ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "install-deps: all Debian packages present"
fi

# nanobind, which the Python module is built with, is not packaged by Debian 12:
# pip installs it into a virtualenv of the work tree, build-pydeps/, where
# python/CMakeLists.txt looks for it (every build directory shares it). Without
# PyPI the module is skipped (CMake says so); nothing else needs it.
root=$(cd "$(dirname "$0")/.." && pwd)
pydeps=$root/build-pydeps
nanobind=nanobind==3.1.0
if ! "$pydeps/bin/python" -c "import nanobind, sys; sys.exit(nanobind.__version__ != '${nanobind#*==}')" 2>/dev/null; then
  echo "install-deps: pip install $nanobind into $pydeps"
  if ! { /usr/bin/python3 -m venv "$pydeps" &&
         "$pydeps/bin/python" -m pip install -q --disable-pip-version-check "$nanobind"; }; then
    echo "install-deps: could not install $nanobind from PyPI: the Python module interp will not be built"
  fi
fi
