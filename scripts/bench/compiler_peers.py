#!/usr/bin/env python3
"""More compiler peers for run_benchmarks.py: XLA, IREE's ONNX front end, and
IREE with interp kernels ("iree-interp": scripts/iree/interp_to_iree.py's
custom dispatches of interp's own kernels, docs/IREE.md).

run_benchmarks.py's peers are libraries (PyTorch, ONNX Runtime, OpenVINO,
OpenCV, Pillow) and IREE compiling interp's *own* portable linalg. Neither says
how interp compares with a compiler that lowers the resize from a framework's
op by itself. These two do:

  - "xla": jax.image.resize under jax.jit (XLA's CPU backend, PyPI jax[cpu],
    venv BUILD/jax-venv). Each (workload, threads) case is its own process
    pinned to N cores (taskset -c 0 / 0,1) with XLA's CPU thread pools sized
    to N (PJRT_NPROC=N, see xla_env), input already on the device, timed with
    .block_until_ready().
  - "iree-onnx" / "iree-onnx-task": the one-node ONNX Resize model of
    python_peers.onnx_model through iree-import-onnx, iree-compile and
    iree-benchmark-module, as run_iree does (venv BUILD/iree-venv, which also
    gets the onnx package).

Neither framework spells every workload: what a peer cannot express is
skipped with a note. What it can express is not trusted to compute the same
function: its output on the workload's input is compared with interp-run's
result on the same input (BUILD/bin/interp-run on the workload's
tensor-returning kernel), and a case beyond TOLERANCE goes into the returned
not_equivalent map with the measured max abs diff.

run_benchmarks.main calls run_xla / run_iree_onnx; alone:

  scripts/bench/compiler_peers.py --peer xla --workloads w1,w3 --threads 1,2

Only the standard library here: jax, onnx and numpy run inside the venvs
(this file is also the XLA worker: --xla-worker NAME, run by the venv's
python).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness  # noqa: E402  (standard library only)

sys.path.insert(0, str(harness.ROOT / "benchmarks"))
import generate_workloads as gw  # noqa: E402

sys.path.insert(0, str(harness.ROOT / "scripts"))
from pylib import venv as pyvenv  # noqa: E402

THIS = Path(__file__).resolve()
BENCH_DIR = THIS.parent
VENV_PYTHON = "/usr/bin/python3" if Path("/usr/bin/python3").exists() else sys.executable
JAX_PACKAGES = ["jax[cpu]", "numpy"]
# iree-base-compiler's own "onnx" extra asks for onnx>=1.16 (iree-import-onnx
# imports it); the rest as run_iree pins it.
IREE_ONNX_PACKAGES = [*harness.IREE_PINS, "onnx>=1.16"]
# Largest max abs difference from interp-run's result that still counts as
# the same function (inputs in [0, 1), u8 in [0, 255]). f32: the coordinates
# of a 1920-wide axis are exact to 1.2e-4 only (PyTorch and OpenVINO differ by
# 1.2e-4 on w2), while another function (other rounding, cubic coefficient,
# antialias) differs by 1e-2 or more; f16: a few ulps of 1.0; u8: one step of
# rounding.
TOLERANCE = {"f32": 1e-3, "f16": 4e-3, "u8": 1.0}


# ---------------------------------------------------------------------------
# Shared: workloads, venvs, interp's own result, comparison
# ---------------------------------------------------------------------------

def _workloads(names: list[str]) -> list[tuple[dict, dict]]:
    """(raw JSON dict for generate_workloads, harness.WORKLOADS' dict with
    inp/out/dtype) of each named workload, in the file's order."""
    with open(harness.ROOT / "benchmarks" / "workloads.json") as f:
        raw = {w["name"]: w for w in json.load(f)["workloads"]}
    return [(raw[w["name"]], w) for w in harness.WORKLOADS if w["name"] in names]


def ensure_venv(venv: Path, packages: list[str], probe: str, skip_install: bool) -> tuple[Path | None, str | None]:
    """The venv's python once `python -c probe` succeeds there: creates the
    venv (VENV_PYTHON -m venv) and pip-installs `packages` when it does not
    (unless skip_install). Returns (python, None) or (None, why not)."""
    py = Path(pyvenv.python_of(venv))
    if py.exists() and pyvenv.probe(py, probe, timeout=None)[0]:
        return py, None
    if skip_install:
        return None, f"{venv.name}: '{probe}' fails and --skip-install was given"
    if not py.exists() and pyvenv.create(venv, python=VENV_PYTHON, run=harness.run).returncode != 0:
        return None, f"{venv.name}: cannot create the virtualenv"
    r = pyvenv.pip_install(py, packages, run=harness.run, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                           text=True)
    if r.returncode != 0:
        return None, f"{venv.name}: pip install {' '.join(packages)} failed ({(r.stderr or '').strip()[-160:]})"
    ok, stderr = pyvenv.probe(py, probe, timeout=None)
    if not ok:
        return None, f"{venv.name}: '{probe}' still fails ({stderr.strip()[-160:]})"
    return py, None


def _py_json(py: Path, code: str) -> dict:
    """Runs `code` with the venv's python (harness and python_peers
    importable) and returns the JSON object it prints last, or {"error": ...}."""
    prelude = f"import json, sys; sys.path.insert(0, {str(BENCH_DIR)!r}); import harness, python_peers\n"
    r = subprocess.run([str(py), "-c", prelude + code], capture_output=True, text=True)
    lines = r.stdout.strip().splitlines()
    if r.returncode != 0 or not lines:
        err = (r.stderr or "").strip().splitlines()
        return {"error": err[-1][:200] if err else f"exit {r.returncode}"}
    return json.loads(lines[-1])


def interp_result(py: Path, raw: dict, w: dict, build_dir: Path, work: Path) -> tuple[list[Path], Path | None, str]:
    """The workload's inputs (harness.make_input(seed 1), plus the
    sizes of a dynamic workload) as .npy files and interp-run's result on
    them: (inputs, result or None, why not). Kept in `work` and reused while
    the kernel text and interp-run are unchanged."""
    work.mkdir(parents=True, exist_ok=True)
    name = w["name"]
    source, x, sizes, result = (work / f"{name}.mlir", work / f"{name}.x.npy", work / f"{name}.sizes.npy",
                                work / name / "result0.npy")
    inputs = [x, sizes] if raw["dynamic"] else [x]
    text = gw.kernel(raw, "", destination=False) + "\n"
    interp_run = build_dir / "bin" / "interp-run"
    if (source.exists() and source.read_text() == text and all(i.exists() for i in inputs) and result.exists()
            and interp_run.exists() and result.stat().st_mtime > interp_run.stat().st_mtime):
        return inputs, result, ""
    source.write_text(text)
    made = _py_json(py, "import numpy as np\n"
                        f"w = next(w for w in harness.WORKLOADS if w['name'] == {name!r})\n"
                        f"np.save({str(x)!r}, harness.make_input(np, w, 1))\n"
                        f"np.save({str(sizes)!r}, np.array({gw.sizes(raw)}, dtype=np.int64))\n"
                        "print(json.dumps({}))")
    if "error" in made:
        return inputs, None, f"cannot write the input ({made['error']})"
    result.unlink(missing_ok=True)
    r = harness.run([str(interp_run), str(source), *[f"--input={i}" for i in inputs],
                     "-o", str(work / name)], capture_output=True, text=True)
    if r.returncode != 0 or not result.exists():
        return inputs, None, f"interp-run failed ({(r.stderr or r.stdout or '').strip()[-160:]})"
    return inputs, result, ""


def max_abs_diff(py: Path, got: Path, ref: Path) -> tuple[float | None, str]:
    """max |got - ref| over all elements (as float64), or (None, why not)."""
    d = _py_json(py, "import numpy as np\n"
                     f"a, b = np.load({str(got)!r}), np.load({str(ref)!r})\n"
                     "same = a.shape == b.shape\n"
                     "d = float(np.max(np.abs(a.astype(np.float64) - b.astype(np.float64)))) if same else None\n"
                     "print(json.dumps(dict(diff=d, got=[list(a.shape), str(a.dtype)], "
                     "ref=[list(b.shape), str(b.dtype)])))")
    if "error" in d:
        return None, f"comparison failed ({d['error']})"
    if d["diff"] is None:
        return None, f"result {d['got']} where interp has {d['ref']}"
    return d["diff"], ""


def _record_diff(w: dict, impl: str, diff: float, why: str, diffs: dict, not_equivalent: dict) -> None:
    """Keeps the largest diff of (workload, impl); beyond TOLERANCE the pair
    goes into not_equivalent with the measured diff."""
    key = (w["name"], impl)
    diffs[key] = max(diff, diffs.get(key, 0.0))
    if diffs[key] > TOLERANCE[w["dtype"]]:
        not_equivalent[key] = (f"max abs diff {diffs[key]:.3g} from interp-run's result "
                               f"(tolerance {TOLERANCE[w['dtype']]:g}): {why}")


def _diff_note(impl: str, diffs: dict) -> str:
    return (f"{impl}: max abs diff from interp-run's result on the same input (inputs in [0,1), u8 in "
            f"[0,255]): " + ", ".join(f"{wl} {d:.3g}" for (wl, _), d in diffs.items()))


# ---------------------------------------------------------------------------
# XLA: jax.image.resize under jax.jit
# ---------------------------------------------------------------------------

def jax_method(w: dict) -> tuple[str, bool, str] | str:
    """(jax.image.resize method, antialias, what may differ) for the
    workload, or why jax cannot express it. The third item is the reason
    shown when the measured output differs."""
    mode, ctm = w["mode"], w["coordinate_transformation_mode"]
    if w["dynamic"]:
        return "jax.image.resize needs a static output shape (jit specializes on it): no run-time sizes"
    if ctm == "align_corners":
        return "jax.image.resize has no align_corners (only scale_and_translate could emulate it)"
    if mode == "nearest":
        return ("nearest", False, f"jax's nearest takes floor((dst + 0.5) * in / out), not {ctm} + "
                f"{w['nearest_mode']}")
    if ctm != "half_pixel":
        return f"jax.image.resize's {mode} is half_pixel only, not {ctm}"
    if mode in ("linear_onnx", "linear", "bilinear_pillow"):
        antialias = mode == "bilinear_pillow" or bool(w["antialias"])
        return ("linear", antialias, "jax's " + ("antialiased triangle filter" if antialias else "bilinear")
                + " (border weights renormalized)")
    if mode in ("cubic", "bicubic_pillow"):
        antialias = mode == "bicubic_pillow" or bool(w["antialias"])
        if harness.cube_coeff(w) == -0.75 and not antialias:
            # a = -0.75 with replicated edges, like PyTorch/OpenCV.
            return ("cubic-pytorch", False, "jax's cubic-pytorch (Keys a = -0.75, replicated edges)")
        return ("cubic", antialias, f"jax's cubic is Keys a = -0.5 with renormalized border weights "
                f"(the workload: a = {harness.cube_coeff(w)})")
    return f"no jax.image.resize method for mode {mode}"


def xla_env(threads: int) -> dict:
    """XLA's CPU client sizes its thread pools from PJRT_NPROC
    (xla::DefaultThreadPoolSize; without it, from the affinity mask). Measured
    with jax 0.10.2 on 2 allowed cores: PJRT_NPROC=1 brings w1 from 1.9 cores
    busy to 1.0, while XLA_FLAGS=--xla_cpu_multi_thread_eigen=false changes
    nothing (it only concerns Eigen runtime calls) and
    intra_op_parallelism_threads is no XLA flag (XLA_FLAGS rejects it)."""
    return dict(os.environ, JAX_PLATFORMS="cpu", PJRT_NPROC=str(threads))


def xla_worker(name: str, reps: int, x_path: str, save: str) -> None:
    """Inside the jax venv: times jax.image.resize on x_path's array, saves
    the result to `save`, prints one JSON line. Its thread count comes from
    the environment (xla_env) and the affinity mask (taskset)."""
    import resource
    import time

    import jax
    import jax.numpy as jnp
    import numpy as np

    w = next(w for w in harness.WORKLOADS if w["name"] == name)
    method, antialias, _ = jax_method(w)
    shape = tuple(w["out"])

    def resize(x):
        y = jax.image.resize(x, shape, method, antialias=antialias)
        if y.dtype != x.dtype:  # u8: jax computes and returns float32
            y = jnp.clip(jnp.round(y), 0, 255).astype(x.dtype)
        return y

    f = jax.jit(resize)
    x = jax.device_put(np.load(x_path))
    y = f(x).block_until_ready()
    np.save(save, np.asarray(y))
    before, t0 = resource.getrusage(resource.RUSAGE_SELF), time.perf_counter()
    ms, n = harness.time_calls(lambda: f(x).block_until_ready(), reps)
    after, t1 = resource.getrusage(resource.RUSAGE_SELF), time.perf_counter()
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    print(json.dumps(dict(ms=ms, samples=n, cores=round(cpu / (t1 - t0), 2), dtype=str(y.dtype))), flush=True)


def _cpus(threads: int) -> str | None:
    """taskset's list for `threads` cores (0..N-1), None when there are fewer."""
    have = sorted(os.sched_getaffinity(0))
    return ",".join(map(str, have[:threads])) if threads <= len(have) else None


def run_xla(args, out_dir: Path, noisy: list[str], measure) -> tuple[list[dict], list[str], dict, dict]:
    rows, notes, versions, not_equivalent, diffs = [], [], {}, {}, {}
    py, why = ensure_venv(Path(args.build_dir) / "jax-venv", JAX_PACKAGES, "import jax, numpy", args.skip_install)
    if py is None:
        return rows, [f"xla: {why}; skipped"], versions, not_equivalent
    v = _py_json(py, "import jax, jaxlib; print(json.dumps(dict(jax=jax.__version__, jaxlib=jaxlib.__version__)))")
    versions.update({k: v[k] for k in ("jax", "jaxlib") if k in v})
    work = out_dir / "xla"
    work.mkdir(parents=True, exist_ok=True)
    for raw, w in _workloads(args.workloads):
        name = w["name"]
        method = jax_method(w)
        if isinstance(method, str):
            notes.append(f"xla {name}: skipped: {method}")
            continue
        inputs, ref, why = interp_result(py, raw, w, Path(args.build_dir), out_dir / "interp-result")
        if ref is None:
            notes.append(f"xla {name}: output not checked: {why}")
        for t in args.threads:
            cpus = _cpus(t)
            if cpus is None:
                notes.append(f"xla {name}/threads:{t}: fewer than {t} cores; skipped")
                continue
            save = work / f"{name}.out.npy"
            cmd = ["taskset", "-c", cpus, str(py), str(THIS), f"--xla-worker={name}", f"--py-reps={args.py_reps}",
                   f"--input={inputs[0]}", f"--save={save}"]
            r = measure(f"xla/{name}/threads:{t}", lambda: harness.run(cmd, env=xla_env(t), capture_output=True,
                                                                       text=True), args, noisy)
            lines = r.stdout.strip().splitlines()
            if r.returncode != 0 or not lines:
                err = (r.stderr or "").strip().splitlines()
                notes.append(f"xla {name}/threads:{t}: worker exited with {r.returncode} "
                             f"({err[-1][:160] if err else ''})")
                continue
            d = json.loads(lines[-1])
            rows.append(dict(workload=name, impl="xla", threads=t, ms=d["ms"], samples=d["samples"],
                             cores=d["cores"]))
            if ref is not None:
                diff, why = max_abs_diff(py, save, ref)
                if diff is None:
                    not_equivalent[(name, "xla")] = why
                else:
                    _record_diff(w, "xla", diff, method[2], diffs, not_equivalent)
    notes.append(f"xla: jax.image.resize under jax.jit, jax {versions.get('jax', '?')} (XLA CPU); one process "
                 "per case, taskset to N cores and PJRT_NPROC=N (the size of XLA's CPU thread pools; "
                 "'cores' = CPU time / wall time of the timed calls); input on the device; median of "
                 f"{args.py_reps}+ calls with .block_until_ready(); f16 stays f16; u8: jax computes and returns f32, "
                 "the jitted function rounds (half to even) and clips it back to u8")
    if diffs:
        notes.append(_diff_note("xla", diffs))
    return rows, notes, versions, not_equivalent


# ---------------------------------------------------------------------------
# IREE through its ONNX importer
# ---------------------------------------------------------------------------

def onnx_unsupported(w: dict) -> str | None:
    """Why python_peers.onnx_model cannot express the workload, if so."""
    if harness.is_v11(w):
        return "ONNX Resize has no Pillow filter"
    if w.get("cycle"):
        return "the workload cycles through several input sizes; iree-benchmark-module times one"
    if w["dynamic"] and (len(w["inp"]) != 4 or w["axes"] != [2, 3]):
        return "onnx_model's dynamic model makes dims 2 and 3 of a 4-D input dynamic, not these axes"
    return None


def _iree_module(py: Path, tools: Path, w: dict, work: Path) -> tuple[Path | None, str]:
    """onnx_model's model -> iree-import-onnx -> iree-compile: (vmfb, "")
    or (None, which step failed and why)."""
    name = w["name"]
    model, mlir, vmfb = work / f"{name}.onnx", work / f"{name}.mlir", work / f"{name}.vmfb"
    made = _py_json(py, f"w = next(w for w in harness.WORKLOADS if w['name'] == {name!r})\n"
                        f"open({str(model)!r}, 'wb').write(python_peers.onnx_model(w, bool(w['dynamic'])))\n"
                        "print(json.dumps({}))")
    if "error" in made:
        return None, f"cannot build the ONNX model ({made['error']})"
    for step, cmd in [("iree-import-onnx", [str(tools / "iree-import-onnx"), str(model), "-o", str(mlir)]),
                      ("iree-compile", [str(tools / "iree-compile"), *harness.IREE_COMPILE_FLAGS, str(mlir),
                                        "-o", str(vmfb)])]:
        r = harness.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            return None, f"{step} failed: {_first_error(r.stderr or '')}"
    return vmfb, ""


def _first_error(stderr: str) -> str:
    """The first error message without its location, shortened; for an
    onnx.Resize the lowering refused, the attributes it was given."""
    err = next((line for line in stderr.splitlines() if "error:" in line), stderr.strip())
    err = err.split("error:", 1)[-1].strip()
    if "failed to legalize operation 'torch.operator'" in err:
        attrs = re.findall(r"torch\.onnx\.(\w+ = [^,}]+)", err)
        return "the ONNX-to-torch lowering does not legalize this onnx.Resize (" + ", ".join(attrs) + ")"
    return err.split(" that was explicitly marked illegal")[0][:200]


def run_iree_onnx(args, out_dir: Path, noisy: list[str], measure) -> tuple[list[dict], list[str], dict, dict]:
    rows, notes, versions, not_equivalent, diffs = [], [], {}, {}, {}
    venv = Path(args.build_dir) / "iree-venv"
    py, why = ensure_venv(venv, IREE_ONNX_PACKAGES, "import onnx, iree.compiler, iree.runtime", args.skip_install)
    if py is None:
        return rows, [f"iree-onnx: {why}; skipped"], versions, not_equivalent
    tools = venv / "bin"
    version = subprocess.run([str(tools / "iree-compile"), "--version"], capture_output=True, text=True).stdout
    match = re.search(r"compiler version (\S+)", version)
    versions["iree"] = match.group(1) if match else "?"
    v = _py_json(py, "import importlib.metadata as m\n"
                     "print(json.dumps({p: m.version(p) for p in ('iree-base-compiler', 'onnx')}))")
    versions.update({k: v.get(k, "?") for k in ("iree-base-compiler", "onnx")})
    work = out_dir / "iree-onnx"
    work.mkdir(parents=True, exist_ok=True)
    for raw, w in _workloads(args.workloads):
        name = w["name"]
        why = onnx_unsupported(w)
        if why:
            notes.append(f"iree-onnx {name}: skipped: {why}")
            continue
        vmfb, why = _iree_module(py, tools, w, work)
        if vmfb is None:
            notes.append(f"iree-onnx {name}: {why}")
            continue
        inputs, ref, why = interp_result(py, raw, w, Path(args.build_dir), out_dir / "interp-result")
        io = [f"@{inputs[0]}"]
        if w["dynamic"]:  # the ONNX model's sizes: every dim of the output
            io.append(f"{len(w['out'])}xi64={','.join(map(str, w['out']))}")
        if ref is None:
            notes.append(f"iree-onnx {name}: output not checked: {why}")
        else:
            got = work / f"{name}.out.npy"
            r = harness.run([str(tools / "iree-run-module"), f"--module={vmfb}", "--function=resize",
                             "--device=local-sync", *[f"--input={i}" for i in io], f"--output=@{got}"],
                            capture_output=True, text=True)
            diff, why = max_abs_diff(py, got, ref) if r.returncode == 0 else (
                None, f"iree-run-module failed ({(r.stderr or '').strip()[-160:]})")
            for impl in ("iree-onnx", "iree-onnx-task"):
                if diff is None:
                    not_equivalent[(name, impl)] = why
                else:
                    _record_diff(w, impl, diff, "IREE's lowering of ONNX Resize computes something else",
                                 diffs, not_equivalent)
        variants = [("iree-onnx", 1, ["--device=local-sync"])] if 1 in args.threads else []
        variants += [("iree-onnx-task", t, ["--device=local-task", f"--task_topology_max_group_count={t}"])
                     for t in args.threads]
        for impl, threads, device in variants:
            ms = harness.iree_benchmark(tools, vmfb, "resize", device, io, work / f"{name}.{impl}.{threads}.json",
                                        f"{impl} {name}/threads:{threads}", args, noisy, notes, measure)
            if ms is not None:
                rows.append(dict(workload=name, impl=impl, threads=threads, ms=ms))
    notes.append(f"iree-onnx / iree-onnx-task: IREE {versions['iree']} (iree-base-compiler "
                 f"{versions['iree-base-compiler']}) compiling the one-node ONNX Resize "
                 f"(python_peers.onnx_model, opset 19; onnx {versions['onnx']}) through iree-import-onnx "
                 "(its torch-mlir ONNX lowering), iree-compile llvm-cpu target-cpu=host, iree-benchmark-module "
                 "local-sync / local-task with N workers")
    if diffs:
        notes.append(_diff_note("iree-onnx", {k: d for k, d in diffs.items() if k[1] == "iree-onnx"}))
    return rows, notes, versions, not_equivalent


# ---------------------------------------------------------------------------
# IREE with interp kernels (scripts/iree/interp_to_iree.py)
# ---------------------------------------------------------------------------

def run_iree_interp(args, out_dir: Path, noisy: list[str], measure) -> tuple[list[dict], list[str], dict, dict]:
    """"IREE with interp kernels": each workload's tensor-returning kernel
    through scripts/iree/interp_to_iree.py (interp's own kernel object in a
    custom dispatch), iree-compile llvm-cpu and iree-benchmark-module,
    local-sync ("iree-interp", 1 thread) and local-task with N workers
    ("iree-interp-task"). Its output is compared with interp-run's."""
    sys.path.insert(0, str(harness.ROOT / "scripts" / "iree"))
    import interp_to_iree
    rows, notes, versions, not_equivalent, diffs = [], [], {}, {}, {}
    venv = Path(args.build_dir) / "iree-venv"
    py, why = ensure_venv(venv, harness.IREE_PINS, "import iree.compiler, iree.runtime", args.skip_install)
    if py is None:
        return rows, [f"iree-interp: {why}; skipped"], versions, not_equivalent
    tools = venv / "bin"
    version = subprocess.run([str(tools / "iree-compile"), "--version"], capture_output=True, text=True).stdout
    match = re.search(r"compiler version (\S+)", version)
    versions["iree"] = match.group(1) if match else "?"
    work = out_dir / "iree-interp"
    work.mkdir(parents=True, exist_ok=True)
    for raw, w in _workloads(args.workloads):
        name = w["name"]
        if raw["dynamic"]:
            notes.append(f"iree-interp {name}: skipped: dynamic shapes are not supported yet by interp_to_iree.py")
            continue
        source, module, vmfb = work / f"{name}.mlir", work / f"{name}.iree.mlir", work / f"{name}.vmfb"
        source.write_text(gw.kernel(raw, "", destination=False) + "\n")
        try:
            interp_to_iree.convert(str(source), str(module), str(work / f"{name}.d"),
                                   str(Path(args.build_dir) / "bin"))
        except interp_to_iree.Error as e:
            notes.append(f"iree-interp {name}: interp_to_iree.py failed ({str(e)[:160]})")
            continue
        r = harness.run([str(tools / "iree-compile"), *harness.IREE_COMPILE_FLAGS, str(module), "-o", str(vmfb)],
                        capture_output=True, text=True)
        if r.returncode != 0:
            notes.append(f"iree-interp {name}: iree-compile failed: {_first_error(r.stderr or '')}")
            continue
        inputs, ref, why = interp_result(py, raw, w, Path(args.build_dir), out_dir / "interp-result")
        if ref is None:
            notes.append(f"iree-interp {name}: output not checked: {why}")
        else:
            got = work / f"{name}.out.npy"
            r = harness.run([str(tools / "iree-run-module"), f"--module={vmfb}", f"--function={name}",
                             "--device=local-sync", f"--input=@{inputs[0]}", f"--output=@{got}"],
                            capture_output=True, text=True)
            diff, why = max_abs_diff(py, got, ref) if r.returncode == 0 else (
                None, f"iree-run-module failed ({(r.stderr or '').strip()[-160:]})")
            for impl in ("iree-interp", "iree-interp-task"):
                if diff is None:
                    not_equivalent[(name, impl)] = why
                else:
                    _record_diff(w, impl, diff, "interp's kernel under IREE computes something else",
                                 diffs, not_equivalent)
        # The caching allocator reuses the result and scratch buffers from
        # call to call, as interp-bench's kernels write into a warm
        # destination (without it, a fresh 25 MB result costs w1 ~2 ms of
        # page faults per call).
        cache = "--device_allocator=caching"
        variants = [("iree-interp", 1, ["--device=local-sync", cache])] if 1 in args.threads else []
        variants += [("iree-interp-task", t, ["--device=local-task", f"--task_topology_max_group_count={t}", cache])
                     for t in args.threads]
        for impl, threads, device in variants:
            ms = harness.iree_benchmark(tools, vmfb, name, device, [f"@{inputs[0]}"],
                                        work / f"{name}.{impl}.{threads}.json",
                                        f"{impl} {name}/threads:{threads}", args, noisy, notes, measure)
            if ms is not None:
                rows.append(dict(workload=name, impl=impl, threads=threads, ms=ms))
    notes.append(f"iree-interp / iree-interp-task (IREE with interp kernels): IREE {versions['iree']} running "
                 "interp's own kernel (interp-to-llvm, clang -O3 -march=native) as a custom dispatch "
                 "(scripts/iree/interp_to_iree.py, docs/IREE.md): the leading non-interpolated dims split "
                 "over workgroups; iree-benchmark-module local-sync / local-task with N workers, "
                 "--device_allocator=caching")
    if diffs:
        notes.append(_diff_note("iree-interp", {k: d for k, d in diffs.items() if k[1] == "iree-interp"}))
    return rows, notes, versions, not_equivalent


# ---------------------------------------------------------------------------
# Alone
# ---------------------------------------------------------------------------

def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--peer", choices=["xla", "iree-onnx", "iree-interp"])
    ap.add_argument("--build-dir", default=str(harness.ROOT / "build"))
    ap.add_argument("--workloads", default=",".join(w["name"] for w in harness.WORKLOADS))
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--reps", type=int, default=5, help="Google Benchmark repetitions (median reported)")
    ap.add_argument("--min-time", default="0.2", help="--benchmark_min_time per repetition (s)")
    ap.add_argument("--py-reps", type=int, default=15, help="timed calls per XLA case (median)")
    ap.add_argument("--skip-install", action="store_true", help="use the venvs as they are")
    ap.add_argument("--quiet", action="store_true",
                    help="time each case with harness.measure (waits for a quiet machine, retries)")
    ap.add_argument("--max-wait", type=float, default=600)
    ap.add_argument("--retries", type=int, default=2)
    ap.add_argument("--out-dir", default=None, help="default: BUILD/bench-results")
    ap.add_argument("--xla-worker", help=argparse.SUPPRESS)
    ap.add_argument("--input", help=argparse.SUPPRESS)
    ap.add_argument("--save", help=argparse.SUPPRESS)
    args = ap.parse_args()
    args.threads = [int(t) for t in str(args.threads).split(",") if t]
    if args.xla_worker:
        xla_worker(args.xla_worker, args.py_reps, args.input, args.save)
        return
    if not args.peer:
        ap.error("--peer is required")
    args.workloads = [w for w in args.workloads.split(",") if w]
    out_dir = Path(args.out_dir or Path(args.build_dir) / "bench-results")
    out_dir.mkdir(parents=True, exist_ok=True)
    measure = harness.measure if args.quiet else (lambda name, fn, a, noisy: fn())
    noisy: list[str] = []
    rows, notes, versions, not_equivalent = {"xla": run_xla, "iree-onnx": run_iree_onnx, "iree-interp": run_iree_interp}[args.peer](
        args, out_dir, noisy, measure)
    print("versions: " + ", ".join(f"{k} {v}" for k, v in versions.items()))
    for r in rows:
        mark = "~" if (r["workload"], r["impl"]) in not_equivalent else ""
        extra = f"  cores {r['cores']}" if "cores" in r else ""
        print(f"{r['workload']:<8} {r['impl'] + mark:<16} threads {r['threads']}  {r['ms']:9.3f} ms{extra}")
    for (wl, impl), why in not_equivalent.items():
        print(f"~ {wl}/{impl}: {why}")
    for n in (["WARNING: noisy: " + ", ".join(noisy)] if noisy else []) + notes:
        print(f"- {n}")


if __name__ == "__main__":
    main()
