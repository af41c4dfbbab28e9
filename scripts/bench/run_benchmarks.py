#!/usr/bin/env python3
"""interp vs PyTorch, ONNX Runtime, OpenVINO, OpenCV, Pillow, Pillow-SIMD,
libvips and IREE on the workloads of benchmarks/workloads.json; prints one
table.

  scripts/bench/run_benchmarks.py            # build, install peers, run, print
  scripts/bench/run_benchmarks.py --help

Steps:
  1. (unless --no-opencv-install) installs libopencv-dev with apt-get when it
     is missing and we are root, so interp-bench gets its opencv/<W> peers;
  2. builds interp-bench (ninja -C BUILD interp-bench, re-running CMake first
     when OpenCV appeared) and runs it with JSON output: interp/<W>, copy/<W>,
     touched/<W> (the floor of the input bytes the op must read)
     (the bandwidth floor), opencv/<W>, reference/<W>;
  3. creates a venv (BUILD/bench-venv) and pip-installs numpy, onnx,
     onnxruntime, openvino, torch, Pillow and pyvips (over Debian's
     libvips-dev, apt-installed when missing and we are root); builds
     Pillow-SIMD from its sdist in a venv of its own
     (BUILD/pillow-simd-venv: it installs as PIL too), with -mavx2 when the
     CPU has AVX2; a package that fails to install is skipped with a note;
  4. runs each Python peer in its own subprocess (a crash or a missing
     feature becomes a note, not a traceback) at each thread count;
     every workload of interp-bench and of each peer is its own phase, run
     when the machine is quiet and retried (--retries) when another process
     got busy meanwhile;
  5. (peer "iree") compiles interp's own portable linalg of each workload
     with IREE from PyPI (BUILD/iree-venv) and times it with
     iree-benchmark-module, local-sync and local-task;
  6. prints workload x implementation x threads: median ms, ratio to the
     fastest peer (torch/onnxruntime/openvino/opencv, same workload and
     threads) and ratio to the bandwidth floor (the copy/<W> time at the same
     thread count: the same input + output bytes moved by memcpy/memset).

The worker mode (--worker NAME) is what runs inside the venv
(python_peers.py). The pieces: harness.py (workloads, timing, the quiet
machine; shared with compiler_peers.py and the workers), python_peers.py
(the library peers' cases), compiler_peers.py (XLA, IREE's ONNX front end),
this file (the driver and the table).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

import compiler_peers
import python_peers
from harness import (IREE_COMPILE_FLAGS, IREE_PINS, MEMORY_BOUND, PILLOW_SIMD_APT, PILLOW_SIMD_PIN, PYVIPS_PIN, ROOT,
                     VIPS_APT, WORKLOADS, iree_benchmark, log, measure, run, workload_calls)

sys.path.insert(0, str(ROOT / "scripts"))
from pylib import venv as pyvenv  # noqa: E402
from pylib.npy import write_npy  # noqa: E402

PEERS = ["torch", "onnxruntime", "openvino", "opencv", "pillow", "pillow-simd", "vips", "iree", "iree-task",
         "iree-onnx", "iree-onnx-task", "xla"]
PYTHON_PEERS = ["torch", "onnxruntime", "openvino", "pillow", "pillow-simd", "vips"]
# Peers that do not compute the workload's function: shown with "~" and left
# out of "fastest peer".
NOT_EQUIVALENT = {
    ("w5", "openvino"): "OpenVINO's CPU plugin ignores antialias here: its output equals linear_onnx "
                        "without antialias (2 taps per axis instead of 8), unlike interp, PyTorch and ORT",
    ("w5", "opencv"): "INTER_AREA averages a 4x4 box; OpenVINO-spec antialiased linear is an 8-tap triangle",
    # Measured on plane 0 against interp-run's result for the same input
    # (benchmarks/LOG.md, 2026-12-01): PyTorch and Pillow are within 1.
    ("img_aa", "openvino"): "OpenVINO's CPU plugin ignores antialias here too: max abs diff 133 from interp "
                            "(98% of the pixels differ by more than 1)",
    ("img_aa", "onnxruntime"): "ONNX Runtime's uint8 antialias filter differs: max abs diff 9 from interp "
                               "(1.1% of the pixels differ by more than 1; PyTorch and Pillow: at most 1)",
}
# libvips' reduce is timed on every workload that names a Pillow filter, but
# it is a speed peer, not an oracle (measured on plane 0 against Pillow 13.0.0
# on the same input, 2026-12-03; Pillow-SIMD and PyTorch: at most 1).
NOT_EQUIVALENT.update({
    (w["name"], "vips"): "libvips reduce (kernel linear / cubic): its own kernel tables (sub-pixel positions "
                         "sampled from a table, fixed-point coefficients) and sampling of pixel centres; "
                         "measured with 8.14: max abs diff 6-10 from Pillow 13.0.0 (1.2-7% of the pixels "
                         "differ by more than 1); a speed peer, not an oracle"
    for w in WORKLOADS if w.get("pillow")})
PIP_PACKAGES = ["numpy", "onnx", "onnxruntime", "openvino", "torch", "Pillow", PYVIPS_PIN]
PILLOW_SIMD_VENV = "pillow-simd-venv"
# What the Pillow-SIMD build was compiled with (written after a build, read
# for the report: a venv built by hand may lack the AVX2 kernels).
PILLOW_SIMD_FLAGS_FILE = "interp-bench-build-flags"


def ensure_opencv(args) -> list[str]:
    notes = []
    if args.no_opencv_install:
        return notes
    have = subprocess.run(["dpkg-query", "-W", "-f=${Status}", "libopencv-dev"], capture_output=True, text=True)
    if "install ok installed" in have.stdout:
        return notes
    if os.geteuid() != 0:
        notes.append("opencv: libopencv-dev missing and not root; opencv/<W> skipped")
        return notes
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    r = run(["apt-get", "update", "-qq"], env=env)
    if r.returncode == 0:
        r = run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", "libopencv-dev"], env=env,
                stdout=subprocess.DEVNULL)
    if r.returncode != 0:
        notes.append("opencv: apt-get install libopencv-dev failed; opencv/<W> skipped")
    return notes


def ensure_debian(packages: list[str], why: str) -> str | None:
    """Installs the Debian packages that are missing (when root), as
    ensure_opencv does; None when they are all there, else why not."""
    missing = [p for p in packages if "install ok installed" not in subprocess.run(
        ["dpkg-query", "-W", "-f=${Status}", p], capture_output=True, text=True).stdout]
    if not missing:
        return None
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        return f"{' '.join(missing)} missing (needed for {why}) and not root"
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    r = run(["apt-get", "update", "-qq"], env=env)
    if r.returncode == 0:
        r = run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", *missing], env=env,
                stdout=subprocess.DEVNULL)
    return None if r.returncode == 0 else f"apt-get install {' '.join(missing)} failed (needed for {why})"


def cpu_has_avx2() -> bool:
    try:
        return any(" avx2" in line for line in open("/proc/cpuinfo") if line.startswith("flags"))
    except OSError:
        return False


def ensure_pillow_simd(args) -> tuple[Path | None, list[str], dict]:
    """BUILD/pillow-simd-venv's python with Pillow-SIMD (PILLOW_SIMD_PIN)
    built from its sdist (--no-binary, --no-cache-dir so a wheel built with
    other flags is not reused), CC="cc -mavx2" when the CPU has AVX2 (the
    fork's README: otherwise it builds its SSE4 kernels); or None and why."""
    venv = Path(args.build_dir) / PILLOW_SIMD_VENV
    py = venv / "bin" / "python"
    probe = "import numpy, PIL; assert '.post' in PIL.__version__, PIL.__version__"
    flags_file = venv / PILLOW_SIMD_FLAGS_FILE
    if not pyvenv.probe(py, probe)[0]:
        if args.skip_install:
            return None, [f"pillow-simd: skipped ({venv} has no Pillow-SIMD and --skip-install was given)"], {}
        why = ensure_debian(PILLOW_SIMD_APT, "building Pillow-SIMD")
        if why:
            return None, [f"pillow-simd: skipped ({why})"], {}
        if not py.exists() and pyvenv.create(venv, run=run).returncode != 0:
            return None, [f"pillow-simd: skipped (cannot create the virtualenv {venv})"], {}
        cc = "cc -mavx2" if cpu_has_avx2() else "cc"
        t0 = time.time()
        r = pyvenv.pip_install(py, ["--no-cache-dir", "--no-binary", "pillow-simd", PILLOW_SIMD_PIN, "numpy"],
                               run=run, env=dict(os.environ, CC=cc), stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True)
        ok, err = pyvenv.probe(py, probe)
        if r.returncode != 0 or not ok:
            tail = ((r.stderr or "") + err).strip().splitlines()
            return None, [f"pillow-simd: skipped (pip install {PILLOW_SIMD_PIN} from its sdist failed: "
                          f"{tail[-1][:160] if tail else 'no message'})"], {}
        flags_file.write_text(f"CC={cc}\n")
        log(f"pillow-simd: built with CC='{cc}' ({time.time() - t0:.0f}s)")
    version = subprocess.run([str(py), "-c", "import PIL; print(PIL.__version__)"], capture_output=True,
                             text=True).stdout.strip()
    flags = flags_file.read_text().strip() if flags_file.exists() else "build flags unknown"
    return py, [], {"Pillow-SIMD": f"{version} ({flags})"}


def build_interp_bench(args) -> Path:
    build = Path(args.build_dir)
    if not (build / "build.ninja").exists():
        r = run([str(ROOT / "scripts" / "build.sh"), "interp-bench"])
        if r.returncode != 0:
            sys.exit("interp-bench: build failed")
    else:
        cache = (build / "CMakeCache.txt").read_text(errors="replace")
        reconfigure = []
        if args.pipeline_options is not None:
            reconfigure.append(f"-DINTERP_BENCH_PIPELINE_OPTIONS={args.pipeline_options}")
        if "OpenCV_DIR:PATH=OpenCV_DIR-NOTFOUND" in cache and Path("/usr/lib/x86_64-linux-gnu/cmake/opencv4").exists():
            reconfigure.append(".")
        if reconfigure:
            run(["cmake", *[a for a in reconfigure if a != "."], str(build)], stdout=subprocess.DEVNULL)
        r = run(["ninja", "-C", str(build), "interp-bench"])
        if r.returncode != 0:
            sys.exit("interp-bench: build failed")
    exe = build / "bin" / "interp-bench"
    if not exe.exists():
        sys.exit("interp-bench was not built (is Google Benchmark installed? scripts/install-deps.sh)")
    return exe


def run_interp_bench(exe: Path, args, out_json: Path, extra=(), rename=None) -> list[dict]:
    cmd = [str(exe), *extra, f"--threads={','.join(map(str, args.threads))}",
           f"--workloads={','.join(args.workloads)}",
           f"--benchmark_repetitions={args.reps}", "--benchmark_report_aggregates_only=true",
           f"--benchmark_min_time={args.min_time}",
           "--benchmark_format=json", f"--benchmark_out={out_json}", "--benchmark_out_format=json"]
    if args.no_reference and not any(a.startswith("--benchmark_filter") for a in extra):
        cmd.append("--benchmark_filter=^(interp|interp-omp|copy|touched|opencv)/")
    r = run(cmd, stdout=subprocess.DEVNULL)
    if r.returncode != 0:
        sys.exit(f"interp-bench failed (exit {r.returncode}); see its messages above")
    data = json.loads(out_json.read_text())
    results = {}
    for b in data["benchmarks"]:
        # "interp/w1/threads:1" (+ "_median" for aggregates)
        name = b["run_name"] if "run_name" in b else b["name"]
        kind, wl, th = name.split("/")[:3]
        kind = (rename or {}).get(kind, kind)
        t = int(th.split(":")[1])
        key = (wl, kind, t)
        unit = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}[b.get("time_unit", "ns")]
        ms = b["real_time"] * unit
        if b.get("run_type") == "aggregate":
            if b.get("aggregate_name") == "median":
                results[key] = dict(workload=wl, impl=kind, threads=t, ms=ms, gbs=b.get("GB/s"))
        elif key not in results:
            results[key] = dict(workload=wl, impl=kind, threads=t, ms=ms, gbs=b.get("GB/s"))
    return list(results.values()), data.get("context", {})


def ensure_venv(args) -> tuple[Path | None, list[str], dict]:
    notes, versions = [], {}
    venv = Path(args.venv)
    py = venv / "bin" / "python"
    if not py.exists():
        r = pyvenv.create(venv, run=run)
        if r.returncode != 0 and os.geteuid() == 0 and shutil.which("apt-get"):
            # Debian's python3 needs python3-venv for ensurepip.
            shutil.rmtree(venv, ignore_errors=True)
            env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
            run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", "python3-venv"], env=env,
                stdout=subprocess.DEVNULL)
            r = pyvenv.create(venv, run=run)
        if r.returncode != 0:
            notes.append("venv creation failed: no Python peers")
            return None, notes, versions
    for pkg in PIP_PACKAGES:
        if pkg == "torch" and args.no_torch:
            notes.append("torch: skipped (--no-torch)")
            continue
        if args.skip_install:
            break
        if pkg == PYVIPS_PIN:
            if "vips" not in args.peers:
                continue
            # pyvips loads Debian's libvips: without it the vips worker's
            # import fails (and says so in a note).
            why = ensure_debian(VIPS_APT, "pyvips")
            if why:
                notes.append(f"vips: {why}")
        t0 = time.time()
        r = pyvenv.pip_install(py, [pkg], run=run, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if r.returncode != 0:
            err = (r.stderr or "").strip().splitlines()
            notes.append(f"{pkg}: pip install failed ({err[-1][:120] if err else 'no message'}); skipped")
        else:
            log(f"{pkg}: installed/present ({time.time() - t0:.0f}s)")
    for pkg, module in [("numpy", "numpy"), ("onnx", "onnx"), ("onnxruntime", "onnxruntime"),
                        ("openvino", "openvino"), ("torch", "torch"), ("Pillow", "PIL"), ("pyvips", "pyvips")]:
        r = subprocess.run([str(py), "-c", f"import {module}; print({module}.__version__)"],
                           capture_output=True, text=True)
        if r.returncode == 0:
            versions[pkg] = r.stdout.strip()
    r = subprocess.run([str(py), "-c", "import pyvips; print('.'.join(str(pyvips.version(i)) for i in range(3)))"],
                       capture_output=True, text=True)
    if r.returncode == 0:
        versions["libvips"] = r.stdout.strip()
    if "torch" in versions:
        size = sum(f.stat().st_size for f in (venv / "lib").rglob("*") if f.is_file()) / 2**30
        notes.append(f"venv size {size:.1f} GiB (the PyPI torch wheel pulls the CUDA runtime wheels)")
    return py, notes, versions


def run_peers(pythons: dict[str, Path | None], args, out_dir: Path, noisy: list[str]) -> tuple[list[dict], list[str]]:
    """Each Python peer's worker, per workload, with its venv's python
    (pythons: peer -> python, "" -> the bench venv's; a peer whose python is
    None was skipped with a note when its venv was made)."""
    results, notes = [], []
    py = pythons[""]
    planes = out_dir / "peer-planes"
    planes.mkdir(exist_ok=True)
    for f in planes.glob("*.npy"):
        f.unlink()
    for name in PYTHON_PEERS:
        if name == "torch" and args.no_torch:
            continue
        if name not in args.peers:
            continue
        peer_py = pythons.get(name, py)
        if peer_py is None:
            continue
        for wl in args.workloads:
            cmd = [str(peer_py), str(Path(__file__).resolve()), "--worker", name,
                   f"--workloads={wl}", f"--threads={','.join(map(str, args.threads))}",
                   f"--reps={args.py_reps}", f"--out-dir={planes}"]
            r = measure(f"{name}/{wl}", lambda: run(cmd, capture_output=True, text=True,
                                                     timeout=args.peer_timeout), args, noisy)
            for line in r.stdout.splitlines():
                try:
                    d = json.loads(line)
                except json.JSONDecodeError:
                    continue
                if "ms" in d:
                    results.append(d)
                elif "note" in d:
                    where = f"{d['workload']}/threads:{d['threads']}" if "workload" in d else ""
                    notes.append(f"{name} {where}: {d['note']}".replace("  ", " "))
            if r.returncode != 0:
                tail = (r.stderr or "").strip().splitlines()[-1:] or [""]
                notes.append(f"{name}/{wl}: worker exited with {r.returncode} ({tail[0][:160]})")
                if "import failed" in r.stdout:
                    break
    # Cross-check: do the peers compute the same thing?
    r = run([str(py), str(Path(__file__).resolve()), "--worker", "compare", f"--out-dir={planes}"],
            capture_output=True, text=True)
    diffs = {}
    for line in r.stdout.splitlines():
        try:
            d = json.loads(line)
        except json.JSONDecodeError:
            continue
        diffs.setdefault(d["workload"], []).append(f"{d['impl']} {d['max_abs_diff_vs_openvino']:.3g}")
    if diffs:
        notes.append("peer outputs, max abs diff from OpenVINO on the first plane (inputs in [0,1), u8 in "
                     "[0,255]): " + "; ".join(f"{k}: {', '.join(v)}" for k, v in diffs.items()))
    return results, notes


def run_iree(args, out_dir: Path, noisy: list[str]) -> tuple[list[dict], list[str], dict]:
    """IREE compiling interp's portable linalg of each workload: iree-compile
    (llvm-cpu, this CPU) and iree-benchmark-module, local-sync (impl "iree",
    1 thread) and local-task with 1 and 2 workers ("iree-task")."""
    notes, rows, versions = [], [], {}
    venv = Path(args.build_dir) / "iree-venv"
    py, tools = venv / "bin" / "python", venv / "bin"
    if not (tools / "iree-benchmark-module").exists():
        if not py.exists() and pyvenv.create(venv, run=run).returncode != 0:
            return rows, ["iree: cannot create a virtualenv; skipped"], versions
        r = pyvenv.pip_install(py, IREE_PINS, run=run, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if r.returncode != 0:
            return rows, [f"iree: pip install failed ({(r.stderr or '').strip()[-120:]}); skipped"], versions
    version = run([str(tools / "iree-compile"), "--version"], capture_output=True, text=True).stdout
    match = re.search(r"compiler version (\S+)", version)
    versions["iree"] = match.group(1) if match else "?"
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import generate_workloads as gw
    work = out_dir / "iree"
    work.mkdir(exist_ok=True)
    interp_opt = Path(args.build_dir) / "bin" / "interp-opt"
    for w in WORKLOADS:
        name = w["name"]
        if name not in args.workloads:
            continue
        source, linalg, vmfb = work / f"{name}.mlir", work / f"{name}.linalg.mlir", work / f"{name}.vmfb"
        source.write_text(gw.kernel(w, "", destination=False) + "\n")
        r = run([str(interp_opt), "--convert-interp-to-linalg=portable", "--canonicalize", "--cse",
                 str(source), "-o", str(linalg)], capture_output=True, text=True)
        if r.returncode == 0:
            r = run([str(tools / "iree-compile"), *IREE_COMPILE_FLAGS, str(linalg), "-o", str(vmfb)],
                    capture_output=True, text=True)
        if r.returncode != 0:
            notes.append(f"iree {name}: compilation failed ({(r.stderr or '').strip()[:160]})")
            continue
        # Random inputs, written by the venv's numpy: one set per call (a
        # serving cycle's time is the sum of its calls' medians:
        # iree-benchmark-module times one input set).
        calls = []
        for k, call in enumerate(workload_calls(w)):
            inputs = [work / f"{name}.{k}.x.npy"]
            gen = (f"import numpy as np; rng = np.random.default_rng({k}); shape = {call['input']}\n"
                   + ("x = rng.integers(0, 256, size=shape, dtype=np.uint8)\n" if w["type"] == "ui8" else
                      f"x = rng.random(shape, dtype=np.float32).astype(np.{'float16' if w['type'] == 'f16' else 'float32'})\n")
                   + f"np.save({str(inputs[0])!r}, x)\n")
            if w["dynamic"]:
                inputs.append(work / f"{name}.{k}.sizes.npy")
                gen += f"np.save({str(inputs[1])!r}, np.array({[call['output'][a] for a in w['axes']]}, dtype=np.int64))\n"
            run([str(py), "-c", gen])
            calls.append(inputs)
        variants = [("iree", 1, ["--device=local-sync"])]
        variants += [("iree-task", t, ["--device=local-task", f"--task_topology_max_group_count={t}"])
                     for t in args.threads]
        for impl, threads, device in variants:
            if threads not in args.threads:
                continue
            total = 0.0
            for k, inputs in enumerate(calls):
                ms = iree_benchmark(tools, vmfb, name, device, [f"@{i}" for i in inputs],
                                     work / f"{name}.{impl}.{threads}.{k}.json",
                                     f"{impl}/{name}/threads:{threads}", args, noisy, notes)
                if ms is None:
                    break
                total += ms
            else:
                rows.append(dict(workload=name, impl=impl, threads=threads, ms=total))
    notes.append("iree / iree-task: IREE %s compiling interp's own --convert-interp-to-linalg=portable "
                 "output (iree-compile llvm-cpu, target-cpu=host; iree-benchmark-module local-sync / "
                 "local-task with N workers; its outputs are checked by "
                 "test/Conversion/InterpToLinalg/iree_portable.py)" % versions["iree"])
    return rows, notes, versions


def measure_compile_times(args, out_dir: Path, noisy: list[str]) -> dict[str, float]:
    """Seconds `interp-run` takes to compile each workload's op (the
    --interp-to-llvm lowering, LLVM -O3 and code generation; JitModule
    compiles everything before the first call), median of 3 runs."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import generate_workloads as gw
    work = out_dir / "compile"
    work.mkdir(exist_ok=True)
    interp_run = Path(args.build_dir) / "bin" / "interp-run"
    times = {}
    for w in WORKLOADS:
        if w["name"] not in args.workloads:
            continue
        source = work / f"{w['name']}.mlir"
        source.write_text(gw.kernel(w, "", destination=False) + "\n")
        cmd = [str(interp_run), str(source), "--repeat=1"]
        if w["dynamic"]:
            call = workload_calls(w)[0]
            sizes = work / f"{w['name']}.sizes.npy"
            write_npy(sizes, "<i8", [int(call["output"][a]) for a in w["axes"]])
            cmd += [f"--arg-shape=0={'x'.join(map(str, call['input']))}", "--input=random", f"--input={sizes}"]
        samples = []
        for _ in range(3):
            r = measure(f"compile/{w['name']}", lambda: run(cmd, capture_output=True, text=True), args, noisy)
            match = re.search(r"^compile: ([0-9.]+) s", r.stdout, re.M)
            if r.returncode != 0 or not match:
                log(f"compile/{w['name']}: interp-run failed ({(r.stderr or '').strip()[:160]})")
                break
            samples.append(float(match.group(1)))
        if samples:
            times[w["name"]] = statistics.median(samples)
    return times


def print_compile_and_sweep(rows: list[dict], compile_s: dict[str, float], threads: list[int],
                            workloads: list[str], out) -> None:
    """Compile time per op, and each size sweep: time per output element
    and compile time as the work grows."""
    by = {(r["workload"], r["impl"], r["threads"]): r["ms"] for r in rows}
    if compile_s:
        print("\ncompile time per op (interp-run: --interp-to-llvm, LLVM -O3 and code generation; "
              "median of 3), seconds:", file=out)
        print("  " + ", ".join(f"{w} {compile_s[w]:.3f}" for w in workloads if w in compile_s), file=out)
    sweeps = {}
    for w in WORKLOADS:
        if w.get("sweep_of") and w["name"] in workloads:
            sweeps.setdefault(w["sweep_of"], []).append(w)
    for base, members in sweeps.items():
        members = [x for x in WORKLOADS if x["name"] == base and base in workloads] + members
        members.sort(key=lambda x: _elements(x["output"]))
        print(f"\nsize sweep of {base} (interp; ns per output element; compile s):", file=out)
        hdr = "| workload | output | " + " | ".join(
            f"{impl} {t}T ms | ns/elem" for impl, t in _sweep_columns(threads)) + " | compile s |"
        print(hdr, file=out)
        print("|" + "|".join("-" * len(c) for c in hdr.split("|")[1:-1]) + "|", file=out)
        for x in members:
            n = _elements(x["output"])
            cells = []
            for impl, t in _sweep_columns(threads):
                ms = by.get((x["name"], impl, t))
                cells.append(f"{ms:.3f} | {ms * 1e6 / n:.3f}" if ms else "- | -")
            c = compile_s.get(x["name"])
            compile_cell = f"{c:.3f}" if c else "-"
            print(f"| {x['name']} | {'x'.join(map(str, x['output']))} | " + " | ".join(cells)
                  + f" | {compile_cell} |", file=out)


def _elements(shape) -> int:
    n = 1
    for d in shape:
        n *= d
    return n


def _sweep_columns(threads):
    return [("interp", 1)] + [("interp-omp", t) for t in threads if t != 1]


def print_table(rows: list[dict], threads: list[int], workloads: list[str], out) -> None:
    by = {(r["workload"], r["impl"], r["threads"]): r for r in rows}
    impls = ["interp", "interp-fresh", "interp-omp", "torch", "onnxruntime", "openvino", "opencv", "pillow",
             "pillow-simd", "vips", "iree", "iree-task", "iree-onnx", "iree-onnx-task", "xla",
             "iree-interp", "iree-interp-task", "reference"]
    hdr = (f"| {'workload':<9} | {'impl':<13} | thr | {'median ms':>10} | {'vs fastest peer':>15} | "
           f"{'vs floor':>8} | {'vs touched':>10} |")
    print(hdr, file=out)
    print("|" + "|".join("-" * (len(c)) for c in hdr.split("|")[1:-1]) + "|", file=out)
    for wl in workloads:
        for t in threads:
            floor = by.get((wl, "copy", t))
            touched = by.get((wl, "touched", t))
            peer_times = [by[(wl, p, t)]["ms"] for p in PEERS if (wl, p, t) in by and (wl, p) not in NOT_EQUIVALENT]
            best = min(peer_times) if peer_times else None
            for impl in impls:
                r = by.get((wl, impl, t))
                if r is None:
                    continue
                ms = r["ms"]
                vs_peer = f"{ms / best:.2f}x" if best else "-"
                vs_floor = f"{ms / floor['ms']:.2f}x" if floor else "-"
                vs_touched = f"{ms / touched['ms']:.2f}x" if touched else "-"
                tag = wl + ("*" if wl in MEMORY_BOUND else "")
                name = impl + ("~" if (wl, impl) in NOT_EQUIVALENT else "")
                print(f"| {tag:<9} | {name:<13} | {t:>3} | {ms:>10.3f} | {vs_peer:>15} | {vs_floor:>8} | "
                      f"{vs_touched:>10} |", file=out)
            tag = wl + ("*" if wl in MEMORY_BOUND else "")
            if floor:
                gbs = floor.get("gbs")  # interp-bench's "GB/s" counter
                name = f"floor {gbs:.1f}G/s" if gbs else "copy floor"
                print(f"| {tag:<9} | {name:<13} | {t:>3} | "
                      f"{floor['ms']:>10.3f} | {'':>15} | {'1.00x':>8} | {'':>10} |", file=out)
            if touched:
                print(f"| {tag:<9} | {'touched floor':<13} | {t:>3} | "
                      f"{touched['ms']:>10.3f} | {'':>15} | {'':>8} | {'1.00x':>10} |", file=out)


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build-dir", default=str(ROOT / "build"))
    ap.add_argument("--venv", default=None, help="default: BUILD/bench-venv")
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--workloads", default=",".join(w["name"] for w in WORKLOADS))
    ap.add_argument("--peers", default="torch,onnxruntime,openvino,pillow,pillow-simd,vips,iree,iree-onnx,xla",
                    help="iree: IREE compiling interp's portable linalg; iree-interp: IREE with interp kernels "
                         "(scripts/iree/interp_to_iree.py; not run unless named); iree-onnx: IREE's ONNX front end on a "
                         "one-node Resize model; xla: jax.image.resize, jitted; pillow-simd: Image.resize of "
                         "Pillow-SIMD (its own venv); vips: libvips' reduce through pyvips")
    ap.add_argument("--reps", type=int, default=5, help="Google Benchmark repetitions (median reported)")
    ap.add_argument("--min-time", default="0.2", help="--benchmark_min_time per repetition (s)")
    ap.add_argument("--py-reps", type=int, default=15, help="timed calls per Python peer case (median)")
    ap.add_argument("--no-torch", action="store_true", help="do not install or run PyTorch")
    ap.add_argument("--no-reference", action="store_true", help="skip the slow reference/<W> runs")
    ap.add_argument("--no-compile-times", action="store_true", help="skip timing interp-run's compile per op")
    ap.add_argument("--no-fresh", action="store_true",
                    help="skip the interp-fresh rows (kernels with cold, freshly mmapped temporaries)")
    ap.add_argument("--no-opencv-install", action="store_true")
    ap.add_argument("--skip-build", action="store_true")
    ap.add_argument("--pipeline-options", default=None,
                    help="interp-to-llvm options of the interp/<W> kernels (CMake INTERP_BENCH_PIPELINE_OPTIONS); "
                         "default: keep the configured value")
    ap.add_argument("--skip-install", action="store_true", help="use the venv as it is")
    ap.add_argument("--interp-only", action="store_true", help="only interp-bench (no Python peers)")
    ap.add_argument("--max-wait", type=float, default=600,
                    help="seconds to wait for other processes (builds, tests) to go quiet before timing")
    ap.add_argument("--retries", type=int, default=2,
                    help="extra attempts of a phase (one workload of interp-bench or of a peer) during "
                         "which other processes were busy; the quietest attempt is kept")
    ap.add_argument("--peer-timeout", type=float, default=1800)
    ap.add_argument("--out-dir", default=None, help="default: BUILD/bench-results")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    args = ap.parse_args()
    args.threads = [int(t) for t in str(args.threads).split(",") if t]
    args.workloads = [w for w in args.workloads.split(",") if w]
    args.peers = [p for p in args.peers.split(",") if p]
    return args


def interp_bench_phases(exe: Path, args, out_dir: Path, noisy: list[str]) -> tuple[list[dict], dict]:
    """interp-bench, one phase per workload (a few seconds each), each in a
    quiet moment and retried when another process got busy meanwhile:
    (rows, Google Benchmark's context)."""
    rows, context = [], {}
    for wl in args.workloads:
        a = argparse.Namespace(**{**vars(args), "workloads": [wl]})
        r, context = measure(f"interp-bench/{wl}", lambda: run_interp_bench(
            exe, a, out_dir / f"interp-bench-{wl}.json"), args, noisy)
        rows += r
        if not args.no_fresh:
            # The sequential kernels once more with cold temporaries (every
            # allocation a fresh mmap): what a one-shot call pays.
            r, _ = measure(f"interp-bench --malloc=fresh/{wl}", lambda: run_interp_bench(
                exe, a, out_dir / f"interp-bench-fresh-{wl}.json",
                extra=["--malloc=fresh", "--verify=0", "--benchmark_filter=^interp/"],
                rename={"interp": "interp-fresh"}), args, noisy)
            rows += r
    return rows, context


def report(rows, notes, versions, compile_s, context, args) -> str:
    """The printed table (build/bench-results/table.md)."""
    buf = io.StringIO()
    git = subprocess.run(["git", "-C", str(ROOT), "describe", "--always", "--dirty"], capture_output=True, text=True)
    print(f"interp {git.stdout.strip() or '?'}; interp = default pipeline (sequential, 1 thread), warm heap "
          "(interp-bench --malloc=retain); interp-fresh = the same with every temporary a fresh mmap "
          "(--malloc=fresh: page faults each call); interp-omp = num-threads=0 kernels (OpenMP) at "
          "omp_set_num_threads(thr), warm heap", file=buf)
    print(f"host: {context.get('host_name', '?')}, {context.get('num_cpus', '?')} CPUs @ "
          f"{context.get('mhz_per_cpu', '?')} MHz; peers: "
          + ", ".join(f"{k} {v}" for k, v in versions.items() if k != "numpy"), file=buf)
    print("median ms; 'vs fastest peer' = ms / min(torch, onnxruntime, openvino, opencv, pillow, pillow-simd, iree, "
          "iree-task, iree-onnx, iree-onnx-task, xla; those computing the workload's function) at the same "
          "threads; 'vs floor' = ms / copy floor (same input+output bytes, memcpy+memset, same threads); "
          "'vs touched' = ms / touched floor (only the input bytes the op reads: samples with non-zero "
          "weight, whole cache lines; interp-bench touched/<W>); "
          "* = memory-bound workload", file=buf)
    print_table(rows, args.threads, args.workloads, buf)
    print_compile_and_sweep(rows, compile_s, args.threads, args.workloads, buf)
    # One line per reason, naming the selected workloads it applies to.
    reasons: dict[tuple[str, str], list[str]] = {}
    for (w, i), why in NOT_EQUIVALENT.items():
        if w in args.workloads:
            reasons.setdefault((i, why), []).append(w)
    notes = [f"~ {', '.join(ws)}/{i}: {why}" for (i, why), ws in reasons.items()] + notes
    if notes:
        print("notes:", file=buf)
        for n in notes:
            print(f"  - {n}", file=buf)
    return buf.getvalue()


def main() -> None:
    args = parse_args()
    if args.worker == "compare":
        python_peers.compare_outputs(args.out_dir)
        return
    if args.worker:
        python_peers.worker(args.worker, args.workloads, args.threads, args.py_reps, args.out_dir)
        return

    args.venv = args.venv or str(Path(args.build_dir) / "bench-venv")
    out_dir = Path(args.out_dir or Path(args.build_dir) / "bench-results")
    out_dir.mkdir(parents=True, exist_ok=True)
    notes = ensure_opencv(args)

    exe = Path(args.build_dir) / "bin" / "interp-bench"
    if not args.skip_build:
        exe = build_interp_bench(args)

    py, vnotes, versions = (None, [], {})
    pythons = {}
    if not args.interp_only:
        py, vnotes, versions = ensure_venv(args)
        if "pillow-simd" in args.peers:
            pythons["pillow-simd"], snotes, sversions = ensure_pillow_simd(args)
            vnotes += snotes
            versions.update(sversions)
    notes += vnotes

    noisy: list[str] = []
    rows, context = interp_bench_phases(exe, args, out_dir, noisy)
    if py is not None:
        prows, pnotes = run_peers({"": py, **pythons}, args, out_dir, noisy)
        rows += prows
        notes += pnotes
    if "iree" in args.peers and not args.interp_only:
        irows, inotes, iversions = run_iree(args, out_dir, noisy)
        rows += irows
        notes += inotes
        versions.update(iversions)
    # The compiler peers of scripts/bench/compiler_peers.py: each returns
    # the cases where it computes something else, measured against interp.
    # iree-interp (IREE with interp kernels) is interp itself, not a peer:
    # its rows are not in PEERS' "fastest peer".
    for peer, runner in (("iree-onnx", compiler_peers.run_iree_onnx), ("xla", compiler_peers.run_xla),
                         ("iree-interp", compiler_peers.run_iree_interp)):
        if peer in args.peers and not args.interp_only:
            prows, pnotes, pversions, unequal = runner(args, out_dir, noisy, measure)
            rows += prows
            notes += pnotes
            versions.update(pversions)
            NOT_EQUIVALENT.update(unequal)
    compile_s = {} if args.no_compile_times else measure_compile_times(args, out_dir, noisy)
    if noisy:
        notes.insert(0, "WARNING: other processes used CPU during (the quietest attempt of): "
                        + ", ".join(noisy) + " (numbers skewed, threads:2 most)")
    (out_dir / "results.json").write_text(json.dumps(dict(rows=rows, notes=notes, versions=versions,
                                                         compile_seconds=compile_s), indent=1))
    text = report(rows, notes, versions, compile_s, context, args)
    (out_dir / "table.md").write_text(text)
    print(text)


if __name__ == "__main__":
    main()
