#!/usr/bin/env bash
# Robustness suite: builds interp with AddressSanitizer + UndefinedBehavior-
# Sanitizer (clang-22) in a second build directory, runs the lit suite, the
# unit tests and a differential run under the sanitizers, then a bounded
# libFuzzer run (fixed seed and corpus) of MLIR text through parse -> verify -> canonicalize ->
# --interp-to-llvm, and of model files through both importers (OpenVINO IR
# .xml + .bin, ONNX), seeded from the importer lit tests' models. Ends with
# one line "N passed, N failed".
#   ASAN_BUILD_DIR  build directory (default ./build-asan)
#   FUZZ_RUNS       fuzzer executions (default 6000, with a fixed seed)
#   IMPORT_FUZZ_RUNS  executions of each importer fuzzer (default 50000)
#   FUZZ_SECONDS    fuzz for this many seconds instead (runs by hand)
#   FUZZ_SEED       libFuzzer seed (default fixed; 0 = random)
#   FUZZ_TIMEOUT    seconds per input before libFuzzer calls it a hang
#                   (default 30; raise it for long runs next to other work)
#   FUZZ_ONLY=1     skip the lit / unit / differential / hostile-op steps
#                   (long fuzzing runs by hand)
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${ASAN_BUILD_DIR:-$root/build-asan}
llvm=/usr/lib/llvm-22

"$root/scripts/install-deps.sh" >/dev/null || exit 1

passed=0
failed=0
step() { # name, command...
  local name=$1
  shift
  if "$@"; then
    echo "sanitizers: PASS $name"
    passed=$((passed + 1))
  else
    echo "sanitizers: FAIL $name"
    failed=$((failed + 1))
  fi
}

# UBSan next to LLVM's ASan setup; vptr/function checks need RTTI metadata
# the MLIR libraries are not built with.
# fuzzer-no-link gives libFuzzer coverage of all of interp's code, not only
# of the fuzz target.
ubsan="-fsanitize=undefined -fno-sanitize=vptr,function -fno-sanitize-recover=undefined -fsanitize=fuzzer-no-link"
configure() {
  [ -f "$build/build.ninja" ] && return 0
  launcher=()
  command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
  cmake -G Ninja -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release \
    -DMLIR_DIR="$llvm/lib/cmake/mlir" -DLLVM_EXTERNAL_LIT="$llvm/bin/lit" \
    -DCMAKE_C_COMPILER="$llvm/bin/clang" -DCMAKE_CXX_COMPILER="$llvm/bin/clang++" \
    -DLLVM_USE_LINKER=lld -DLLVM_USE_SANITIZER=Address \
    -DCMAKE_CXX_FLAGS="$ubsan" -DCMAKE_C_FLAGS="$ubsan" \
    -DCMAKE_EXE_LINKER_FLAGS="$ubsan" -DCMAKE_SHARED_LINKER_FLAGS="$ubsan" \
    -DINTERP_ENABLE_FUZZER=ON "${launcher[@]}" >/dev/null
}
build_all() {
  if [ "${FUZZ_ONLY:-0}" = 1 ]; then
    ninja -C "$build" interp-fuzz-pipeline interp-fuzz-openvino-import interp-fuzz-onnx-import >/dev/null
    return
  fi
  # What the lit suite runs (interp-test-deps minus InterpPlugin, whose
  # test the stock, uninstrumented mlir-opt cannot load here), the unit and
  # differential tests and the fuzz target.
  ninja -C "$build" interp-opt interp-run interp-translate interp-lsp-server interp-reduce \
    interp-capi-test interp_runtime interp_runtime_uninstrumented interp-unittests \
    interp-difftest interp-fuzz-pipeline interp-fuzz-openvino-import interp-fuzz-onnx-import \
    mlir-doc >/dev/null
}
if ! configure || ! build_all; then
  echo "sanitizer build failed"
  echo "0 passed, 1 failed"
  exit 1
fi

# Every report is fatal; leaks are reported by the fuzzer run (the tools
# exit through paths that deliberately leak MLIR's global state).
# The MLIR/LLVM libraries are not instrumented while the header templates
# our code instantiates are: the allocators' manual poisoning and the
# container annotations then disagree between the two copies, so both are
# off (allow_user_poisoning, detect_container_overflow); every other check
# stays on.
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
asan_common=allow_user_poisoning=0:detect_container_overflow=0
export ASAN_OPTIONS=$asan_common:detect_leaks=0

if [ "${FUZZ_ONLY:-0}" != 1 ]; then
  step "lit suite" "$llvm/bin/lit" -q "$build/test"
  step "unit tests" "$build/unittests/interp-unittests" --gtest_brief=1
  step "differential (200 cases)" "$build/bin/interp-difftest" --cases 200 --seed 5
  step "differential, OpenMP (100 cases)" "$build/bin/interp-difftest" --cases 100 --seed 6 --num-threads 2

  # Structure-aware: random valid, near-valid and hostile ops through the
  # sanitized interp-run, each in its own process (run-time errors exit).
  step "hostile ops (200 cases)" /usr/bin/python3 "$root/test/Fuzz/hostile_ops.py" \
    --interp-run "$build/bin/interp-run" --cases 200 --seed 11
fi

# Fuzzing: seed corpus from the lit tests, one file per split-input-file case.
# Deterministic by default (CI): a fixed seed, a fixed number of runs and a
# corpus rebuilt from the sources every time (new inputs go to a scratch
# directory that is emptied first, so nothing carries over between runs).
# FUZZ_SECONDS=N fuzzes for N seconds instead of FUZZ_RUNS executions, and
# FUZZ_SEED=0 lets libFuzzer pick a seed: both are options for runs by hand.
corpus="$build/fuzz-corpus"
found="$build/fuzz-found"
artifacts="$build/fuzz-artifacts"
rm -rf "$corpus" "$found"
mkdir -p "$corpus" "$found" "$artifacts"
/usr/bin/python3 - "$root/test" "$corpus" <<'PY'
import pathlib, sys
src, dst = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
n = 0
for f in sorted(src.rglob("*.mlir")):
    for i, chunk in enumerate(f.read_text().split("// -----")):
        (dst / f"{f.stem}-{i}.mlir").write_text(chunk)
        n += 1
print(f"fuzz corpus: {n} seeds")
PY
# Crashers and leaks found earlier are kept as regression inputs and must pass.
regressions=("$root"/test/Fuzz/regressions/*.fuzz)
step "fuzz regressions (${#regressions[@]} inputs)" env ASAN_OPTIONS=$asan_common:detect_leaks=1 \
  "$build/bin/interp-fuzz-pipeline" "${regressions[@]}"
fuzz_seed=${FUZZ_SEED:-20261201}
if [ -n "${FUZZ_SECONDS:-}" ]; then
  fuzz_limit=(-max_total_time="$FUZZ_SECONDS")
  fuzz_name="fuzzing (${FUZZ_SECONDS}s, seed $fuzz_seed)"
else
  fuzz_limit=(-runs="${FUZZ_RUNS:-6000}")
  fuzz_name="fuzzing (${FUZZ_RUNS:-6000} runs, seed $fuzz_seed)"
fi
fuzz() {
  ASAN_OPTIONS=$asan_common:detect_leaks=1 "$build/bin/interp-fuzz-pipeline" \
    -seed="$fuzz_seed" "${fuzz_limit[@]}" -timeout="${FUZZ_TIMEOUT:-30}" -rss_limit_mb=4096 -max_len=4096 \
    -dict="$root/test/Fuzz/interp.dict" -artifact_prefix="$artifacts/" \
    -print_final_stats=1 "$found" "$corpus" 2>&1 | tail -n 25
  return "${PIPESTATUS[0]}"
}
step "$fuzz_name" fuzz

# The importers: model files are untrusted input. Seeds are the lit tests'
# models (rebuilt every run, like the MLIR corpus), crashers found earlier
# are regression inputs, and the run is deterministic in the same way.
import_corpus="$build/import-fuzz-corpus"
rm -rf "$import_corpus"
/usr/bin/python3 "$root/test/Fuzz/make_import_corpus.py" "$import_corpus/openvino" "$import_corpus/onnx"
for format in openvino onnx; do
  target="$build/bin/interp-fuzz-$format-import"
  regressions=("$root"/test/Fuzz/regressions-$format/*)
  step "$format import fuzz regressions (${#regressions[@]} inputs)" \
    env ASAN_OPTIONS=$asan_common:detect_leaks=1 "$target" "${regressions[@]}"
  if [ -n "${FUZZ_SECONDS:-}" ]; then
    limit=(-max_total_time="$FUZZ_SECONDS")
    name="fuzzing the $format importer (${FUZZ_SECONDS}s, seed $fuzz_seed)"
  else
    limit=(-runs="${IMPORT_FUZZ_RUNS:-50000}")
    name="fuzzing the $format importer (${IMPORT_FUZZ_RUNS:-50000} runs, seed $fuzz_seed)"
  fi
  found_dir="$build/import-fuzz-found-$format"
  rm -rf "$found_dir"
  mkdir -p "$found_dir"
  import_fuzz() {
    ASAN_OPTIONS=$asan_common:detect_leaks=1 "$target" -seed="$fuzz_seed" "${limit[@]}" \
      -timeout="${FUZZ_TIMEOUT:-30}" -rss_limit_mb=4096 -max_len=16384 \
      -dict="$root/test/Fuzz/$format.dict" -artifact_prefix="$artifacts/$format-" -print_final_stats=1 \
      "$found_dir" "$import_corpus/$format" 2>&1 | tail -n 12
    return "${PIPESTATUS[0]}"
  }
  step "$name" import_fuzz
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
