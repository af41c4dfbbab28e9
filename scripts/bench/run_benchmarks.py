#!/usr/bin/env python3
"""interp vs PyTorch, ONNX Runtime, OpenVINO, OpenCV, Pillow and IREE on the
workloads of benchmarks/workloads.json; prints one table.

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
     onnxruntime, openvino, torch and Pillow; a package that fails to install
     is skipped with a note;
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

The worker mode (--worker NAME) is what runs inside the venv.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]



def _load_workloads():
    """The workloads of benchmarks/workloads.json (their one definition), with
    the short keys this script uses: inp, out, dtype (f32, f16, u8)."""
    with open(ROOT / "benchmarks" / "workloads.json") as f:
        workloads = json.load(f)["workloads"]
    for w in workloads:
        w["inp"], w["out"] = w["input"], w["output"]
        w["dtype"] = {"ui8": "u8"}.get(w["type"], w["type"])
    return workloads


WORKLOADS = _load_workloads()
MEMORY_BOUND = {w["name"] for w in WORKLOADS if w["memory_bound"]}
PEERS = ["torch", "onnxruntime", "openvino", "opencv", "pillow", "iree", "iree-task", "iree-onnx", "iree-onnx-task",
         "xla"]
PYTHON_PEERS = ["torch", "onnxruntime", "openvino", "pillow"]
PYTHON_MODULES = {"torch": "torch", "onnxruntime": "onnxruntime", "openvino": "openvino", "pillow": "PIL"}
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
PIP_PACKAGES = ["numpy", "onnx", "onnxruntime", "openvino", "torch", "Pillow"]
# IREE compiling interp's own portable linalg (--convert-interp-to-linalg=
# portable): in its own virtualenv (BUILD/iree-venv, shared with
# test/Conversion/InterpToLinalg/iree_portable.py).
IREE_PINS = ["iree-base-compiler==3.13.*", "iree-base-runtime==3.13.*", "numpy<2"]
IREE_COMPILE_FLAGS = ["--iree-hal-target-device=local", "--iree-hal-local-target-device-backends=llvm-cpu",
                      "--iree-llvmcpu-target-cpu=host", "--iree-input-demote-f64-to-f32=false"]


def is_v11(w) -> bool:
    return w.get("op", "v4") == "v11"


def cube_coeff(w) -> float:
    return float(w.get("cube_coeff", -0.75))


def log(msg: str) -> None:
    print(f"[bench] {msg}", file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------
# Worker side (runs inside the venv)
# ---------------------------------------------------------------------------

def _np_dtype(np, dtype):
    return {"f32": np.float32, "f16": np.float16, "u8": np.uint8}[dtype]


def _make_input(np, w, seed):
    rng = np.random.default_rng(seed)
    if w["dtype"] == "u8":
        return rng.integers(0, 256, size=w["inp"], dtype=np.uint8)
    return rng.random(size=w["inp"], dtype=np.float32).astype(_np_dtype(np, w["dtype"]))


def _time(fn, reps: int, min_seconds: float = 0.2):
    """Median wall time (ms) of `reps` single calls after warm-up."""
    fn()
    fn()
    samples = []
    start = time.perf_counter()
    while len(samples) < reps or (time.perf_counter() - start < min_seconds and len(samples) < 10 * reps):
        t0 = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - t0) * 1e3)
    return statistics.median(samples), len(samples)


def _calls(w):
    """The workload's calls: its cycle of {input, output} shapes (serve) or
    the one call. Each call gets its own input (seed 1 + k)."""
    return w.get("cycle") or [dict(input=w["inp"], output=w["out"])]


def _nhwc(w) -> bool:
    """A 4-D workload resizing axes 1 and 2: an NHWC image (channels last)."""
    return len(w["inp"]) == 4 and w["axes"] == [1, 2]


def _with_shapes(w, call):
    return dict(w, inp=call["input"], out=call["output"])


def _cycle(factory, w, threads):
    """One run() making every call of the workload, each on its own data,
    through the cases `factory` builds per call."""
    runs = [factory(_with_shapes(w, c), threads, seed=1 + k) for k, c in enumerate(_calls(w))]
    if len(runs) == 1:
        return runs[0]

    def run():
        for r in runs:
            r()

    run.output = runs[0].output
    return run


def _torch_case(w, threads, seed=1):
    import numpy as np
    import torch
    import torch.nn.functional as F

    torch.set_num_threads(threads)
    x = torch.from_numpy(_make_input(np, w, seed))
    if _nhwc(w):
        # The NHWC bytes as a channels_last NCHW tensor (no copy): what
        # torchvision resizes for an HWC uint8 image.
        x = x.permute(0, 3, 1, 2)
    rank = len(w["inp"])
    size = [w["out"][a] for a in w["axes"]]
    if w["mode"] in ("bilinear_pillow", "bicubic_pillow"):
        # torchvision's Resize on tensors: the antialiased filters meant to
        # match PIL (a = -0.5 for bicubic); uint8 has its own AVX2 path.
        assert w["mode"] == "bilinear_pillow" or cube_coeff(w) == -0.5, w
        kw = dict(mode="bilinear" if w["mode"] == "bilinear_pillow" else "bicubic",
                  align_corners=False, antialias=True)
    elif w["mode"] == "nearest":
        # 'nearest' is floor(dst * in/out): asymmetric + floor.
        assert (w["coordinate_transformation_mode"], w["nearest_mode"]) == ("asymmetric", "floor"), w
        kw = dict(mode="nearest")
    elif w["mode"] == "cubic":
        assert w["coordinate_transformation_mode"] == "half_pixel", w
        kw = dict(mode="bicubic", align_corners=False)  # a = -0.75, half_pixel
    else:
        # linear_onnx, and linear (antialiased or not: without antialias it
        # is the same 2-tap bilinear).
        assert w["coordinate_transformation_mode"] in ("half_pixel", "align_corners"), w
        kw = dict(mode="bilinear" if rank == 4 else "trilinear",
                  align_corners=w["coordinate_transformation_mode"] == "align_corners")
        if w.get("antialias"):
            kw["antialias"] = True

    def run():
        # There is no out= variant of F.interpolate; copying into a
        # preallocated tensor would add a pass, so the result is allocated.
        return F.interpolate(x, size=size, **kw)

    r = run()
    assert [r.shape[a] for a in range(2, rank)] == size, r.shape
    run.output = (lambda: run().permute(0, 2, 3, 1).numpy()) if _nhwc(w) else (lambda: run().numpy())
    return run


def _onnx_model(w, dynamic: bool):
    import onnx
    from onnx import TensorProto, helper

    elem = {"f32": TensorProto.FLOAT, "f16": TensorProto.FLOAT16, "u8": TensorProto.UINT8}[w["dtype"]]
    rank = len(w["inp"])
    in_shape = list(w["inp"])
    out_shape = list(w["out"])
    if dynamic:
        in_shape = [f"d{d}" if d in w["axes"] else n for d, n in enumerate(in_shape)]
        out_shape = [f"o{d}" if d in w["axes"] else n for d, n in enumerate(out_shape)]
    attrs = dict(mode={"linear_onnx": "linear", "linear": "linear", "nearest": "nearest", "cubic": "cubic"}[w["mode"]],
                 coordinate_transformation_mode=w["coordinate_transformation_mode"])
    if w["mode"] == "nearest":
        attrs["nearest_mode"] = w["nearest_mode"]
    if w["mode"] == "cubic":
        attrs["cubic_coeff_a"] = -0.75
    if w.get("antialias"):
        attrs["antialias"] = 1
    inputs = [helper.make_tensor_value_info("X", elem, in_shape)]
    inits = []
    if dynamic:
        inputs.append(helper.make_tensor_value_info("sizes", TensorProto.INT64, [rank]))
    else:
        inits.append(helper.make_tensor("sizes", TensorProto.INT64, [rank], w["out"]))
    node = helper.make_node("Resize", ["X", "", "", "sizes"], ["Y"], **attrs)
    graph = helper.make_graph([node], "resize", inputs,
                              [helper.make_tensor_value_info("Y", elem, out_shape)], initializer=inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 19)])
    model.ir_version = 9
    onnx.checker.check_model(model)
    return model.SerializeToString()


def _ort_session(w, threads):
    """One session per (workload, threads): a serving cycle's calls share it,
    as a server's do."""
    import onnxruntime as ort

    so = ort.SessionOptions()
    so.intra_op_num_threads = threads
    so.inter_op_num_threads = 1
    so.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    so.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    return ort.InferenceSession(_onnx_model(w, bool(w.get("dynamic"))), so, providers=["CPUExecutionProvider"])


def _ort_case(w, threads, seed=1, session=None):
    import numpy as np
    import onnxruntime as ort

    dynamic = bool(w.get("dynamic"))
    sess = session or _ort_session(w, threads)
    x = _make_input(np, w, seed)
    y = np.empty(w["out"], dtype=x.dtype)
    binding = sess.io_binding()
    binding.bind_cpu_input("X", x)
    if dynamic:
        binding.bind_cpu_input("sizes", np.array(w["out"], dtype=np.int64))
    # Preallocated output, like interp's destination-passing kernels.
    y_value = ort.OrtValue.ortvalue_from_numpy(y)
    binding.bind_ortvalue_output("Y", y_value)

    def run():
        sess.run_with_iobinding(binding)

    run()
    run.keep = (x, y, y_value)  # keep the bound buffers alive
    run.output = lambda: y
    return run


def _ov_compiled(w, threads):
    """The compiled model of (workload, threads), with its Core: a serving
    cycle's calls share it, as a server's do."""
    import numpy as np
    import openvino as ov
    import openvino.opset10 as ops  # opset10's interpolate is Interpolate-4

    dynamic = bool(w.get("dynamic"))
    et = _np_dtype(np, w["dtype"])
    axes = w["axes"]
    in_shape = list(w["inp"])
    if dynamic:
        in_shape = [-1 if d in axes else n for d, n in enumerate(in_shape)]
    x_param = ops.parameter(in_shape, et, name="x")
    params = [x_param]
    if dynamic:
        sizes = ops.parameter([len(axes)], np.int64, name="sizes")
        params.append(sizes)
    else:
        sizes = np.array([w["out"][a] for a in axes], dtype=np.int64)
    scales = np.array(w["scales"], dtype=np.float32)
    kw = dict(coordinate_transformation_mode=w["coordinate_transformation_mode"], nearest_mode=w["nearest_mode"])
    if w["mode"] in ("cubic", "bicubic_pillow"):
        kw["cube_coeff"] = cube_coeff(w)
    if w["antialias"]:
        kw["antialias"] = True
    calc = "sizes" if dynamic else w["shape_calculation_mode"]
    axes_value = np.array(w["axes"], dtype=np.int64)
    if is_v11(w):
        import openvino.opset11 as ops11
        node = ops11.interpolate(x_param, sizes if calc == "sizes" else scales, w["mode"], calc,
                                 axes=axes_value, **kw)
        assert node.get_type_info().version_id == "opset11"
    else:
        node = ops.interpolate(x_param, sizes, scales, w["mode"], calc, axes=axes_value, **kw)
        assert node.get_type_info().version_id == "opset4"
    model = ov.Model([node], params, "interpolate")
    core = ov.Core()
    compiled = core.compile_model(model, "CPU", {
        "INFERENCE_NUM_THREADS": threads,
        "NUM_STREAMS": 1,
        "PERFORMANCE_HINT": "LATENCY",
        # Keep f32 math (no bf16/f16 down-conversion on CPUs that have it).
        "INFERENCE_PRECISION_HINT": "f32",
    })
    return compiled, core


def _ov_case(w, threads, seed=1, compiled=None):
    import numpy as np
    import openvino as ov

    dynamic = bool(w.get("dynamic"))
    et = _np_dtype(np, w["dtype"])
    compiled, core = compiled or _ov_compiled(w, threads)
    req = compiled.create_infer_request()
    x = _make_input(np, w, seed)
    y = np.empty(w["out"], dtype=et)
    sizes_value = np.array([w["out"][a] for a in w["axes"]], dtype=np.int64)
    tensors = [ov.Tensor(x, shared_memory=True), ov.Tensor(y, shared_memory=True),
               ov.Tensor(sizes_value, shared_memory=True)]
    req.set_input_tensor(0, tensors[0])
    if dynamic:
        req.set_input_tensor(1, tensors[2])
    # Preallocated output, like interp's destination-passing kernels.
    req.set_output_tensor(0, tensors[1])

    def run():
        req.infer()

    run()
    # shared_memory tensors do not own the arrays: keep everything alive.
    run.keep = (x, y, sizes_value, tensors, req, compiled, core)
    run.output = lambda: y
    return run


def _pillow_case(w, threads, seed=1):
    """PIL.Image.resize on the same bytes, as an H x W RGB image (Pillow's
    interleaved layout: an NHWC workload's own bytes; for NCHW the same work
    on the same data). Pillow resizes on one thread whatever `threads`
    says."""
    import numpy as np
    from PIL import Image

    if not w.get("pillow"):
        raise NotImplementedError("no Pillow filter computes this workload")
    if threads != 1:
        raise NotImplementedError("Pillow's Image.resize runs on one thread")
    x = _make_input(np, w, seed)
    if _nhwc(w):
        assert w["dtype"] == "u8" and x.shape[0] == 1 and x.shape[3] == 3, w
        image = Image.fromarray(x[0], mode="RGB")
        h = 1
    else:
        assert w["dtype"] == "u8" and x.shape[:2] == (1, 3) and w["axes"] == [2, 3], w
        image = Image.fromarray(np.ascontiguousarray(x[0].transpose(1, 2, 0)), mode="RGB")
        h = 2
    size = (w["out"][h + 1], w["out"][h])  # (width, height)
    resample = getattr(Image.Resampling, w["pillow"])

    def run():
        return image.resize(size, resample)

    run()
    run.output = (lambda: np.asarray(run())[None]) if _nhwc(w) else \
        (lambda: np.asarray(run()).transpose(2, 0, 1)[None])
    return run


def _save_plane(name, w, run, out_dir):
    """Saves the first output plane of a peer (for the cross-check)."""
    import numpy as np

    y = run.output() if hasattr(run, "output") else None
    if y is None:
        return
    y = np.asarray(y)
    # Index 0 of every dimension the op does not resize.
    plane = tuple(slice(None) if d in w["axes"] else 0 for d in range(y.ndim))
    np.save(Path(out_dir) / f"{name}_{w['name']}.npy", y[plane])


def compare_outputs(out_dir: str) -> None:
    """Prints, per workload, each peer's max abs difference from OpenVINO
    (the semantics interp follows) on the first output plane."""
    import numpy as np

    d = Path(out_dir)
    for w in WORKLOADS:
        ref_file = d / f"openvino_{w['name']}.npy"
        if not ref_file.exists():
            continue
        ref = np.load(ref_file).astype(np.float64)
        for impl in ["torch", "onnxruntime", "pillow"]:
            f = d / f"{impl}_{w['name']}.npy"
            if f.exists():
                diff = float(np.max(np.abs(np.load(f).astype(np.float64) - ref)))
                print(json.dumps(dict(workload=w["name"], impl=impl, max_abs_diff_vs_openvino=diff)))


def _shared(name, w, threads, factory):
    """`factory` for the calls of a workload: ONNX Runtime's and OpenVINO's
    calls share one session / compiled model (built once, for the first
    call's shapes; dynamic when the workload is)."""
    if len(_calls(w)) == 1:
        return factory
    if name == "onnxruntime":
        session = _ort_session(w, threads)
        return lambda wk, t, seed: _ort_case(wk, t, seed, session=session)
    if name == "openvino":
        compiled = _ov_compiled(w, threads)
        return lambda wk, t, seed: _ov_case(wk, t, seed, compiled=compiled)
    return factory


def worker(name: str, workloads: list[str], threads_list: list[int], reps: int, out_dir: str | None) -> None:
    """Prints one JSON object per line: {workload, impl, threads, ms} or a note."""
    factory = {"torch": _torch_case, "onnxruntime": _ort_case, "openvino": _ov_case,
               "pillow": _pillow_case}[name]
    try:
        __import__(PYTHON_MODULES[name])
    except Exception as e:  # noqa: BLE001
        print(json.dumps(dict(impl=name, note=f"import failed: {type(e).__name__}: {e}")), flush=True)
        return
    for w in WORKLOADS:
        if w["name"] not in workloads:
            continue
        if name == "onnxruntime" and is_v11(w):
            print(json.dumps(dict(workload=w["name"], impl=name, threads=threads_list[0],
                                  note="ONNX Resize has no Pillow filter")), flush=True)
            continue
        if name == "pillow" and not w.get("pillow"):
            continue  # Pillow is a peer only of the workloads that name a filter
        for t in threads_list:
            try:
                run = _cycle(_shared(name, w, t, factory), w, t)
                if out_dir and t == threads_list[0]:
                    _save_plane(name, w, run, out_dir)
                ms, n = _time(run, reps)
                print(json.dumps(dict(workload=w["name"], impl=name, threads=t, ms=ms, samples=n)), flush=True)
            except Exception as e:  # noqa: BLE001
                msg = str(e).strip().splitlines()
                msg = msg[0][:160] if msg else ""
                print(json.dumps(dict(workload=w["name"], impl=name, threads=t,
                                      note=f"{type(e).__name__}: {msg}")), flush=True)


# ---------------------------------------------------------------------------
# Driver side
# ---------------------------------------------------------------------------

def run(cmd, **kw):
    log("$ " + " ".join(str(c) for c in cmd))
    return subprocess.run(cmd, **kw)


def _proc_ticks() -> dict[int, tuple[int, int]]:
    """pid -> (ppid, utime + stime ticks) of every process."""
    out = {}
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            stat = (d / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        out[int(d.name)] = (int(fields[1]), int(fields[11]) + int(fields[12]))
    return out


def _ours(procs: dict[int, tuple[int, int]]) -> set[int]:
    """This process and its descendants."""
    me, ours = os.getpid(), set()
    for pid in procs:
        p, seen = pid, 0
        while p > 1 and seen < 64:
            if p == me:
                ours.add(pid)
                break
            p = procs.get(p, (0, 0))[0]
            seen += 1
    return ours


def others_cpu(interval: float = 1.0) -> float:
    """CPU used by processes outside this script's tree, in cores, over
    `interval` seconds (another build, test run or benchmark skews timings
    on a 2-core machine)."""
    hz = os.sysconf("SC_CLK_TCK")
    a = _proc_ticks()
    time.sleep(interval)
    b = _proc_ticks()
    ours = _ours(b) | _ours(a)
    busy = sum(t - a[pid][1] for pid, (_, t) in b.items() if pid in a and pid not in ours)
    return busy / hz / interval


QUIET_CORES = 0.15


class LoadSampler:
    """Samples the CPU used by other processes while a phase runs (`with`)."""

    def __init__(self):
        import threading
        self.samples: list[float] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._poll, daemon=True)

    def _poll(self):
        while not self._stop.is_set():
            self.samples.append(others_cpu(0.5))

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        self._thread.join()

    @property
    def mean(self) -> float:
        return statistics.mean(self.samples) if self.samples else 0.0


def measure(name: str, fn, args, noisy: list[str]):
    """Runs fn() in a quiet moment; when other processes used more than
    QUIET_CORES meanwhile, runs it again (up to --retries more times) and
    keeps the quietest attempt. Records the phase in `noisy` if even that
    one was noisy."""
    best = None
    for attempt in range(args.retries + 1):
        wait_for_quiet(args.max_wait)
        with LoadSampler() as load:
            result = fn()
        if best is None or load.mean < best[1]:
            best = (result, load.mean)
        if load.mean <= QUIET_CORES:
            break
        log(f"{name}: other processes used {load.mean:.2f} cores meanwhile"
            + ("; again" if attempt < args.retries else ""))
    if best[1] > QUIET_CORES:
        noisy.append(f"{name} ({best[1]:.2f} cores)")
    return best[0]


def wait_for_quiet(max_wait: float) -> None:
    """Benchmarks next to a build or a test run are noise: wait (bounded)
    until other processes use less than QUIET_CORES for 3 s in a row."""
    deadline = time.time() + max_wait
    warned = False
    quiet_since = None
    while time.time() < deadline:
        load = others_cpu(1.0)
        if load < QUIET_CORES:
            quiet_since = quiet_since or time.time()
            if time.time() - quiet_since >= 3:
                return
        else:
            quiet_since = None
            if not warned:
                log(f"other processes use {load:.1f} cores; waiting up to {max_wait:.0f}s before timing")
                warned = True
    log("WARNING: the machine is still busy; timings may be noisy")


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
        r = run([sys.executable, "-m", "venv", str(venv)])
        if r.returncode != 0 and os.geteuid() == 0 and shutil.which("apt-get"):
            # Debian's python3 needs python3-venv for ensurepip.
            shutil.rmtree(venv, ignore_errors=True)
            env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
            run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", "python3-venv"], env=env,
                stdout=subprocess.DEVNULL)
            r = run([sys.executable, "-m", "venv", str(venv)])
        if r.returncode != 0:
            notes.append("venv creation failed: no Python peers")
            return None, notes, versions
    for pkg in PIP_PACKAGES:
        if pkg == "torch" and args.no_torch:
            notes.append("torch: skipped (--no-torch)")
            continue
        if args.skip_install:
            break
        t0 = time.time()
        r = run([str(py), "-m", "pip", "install", "-q", "--disable-pip-version-check", pkg],
                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if r.returncode != 0:
            err = (r.stderr or "").strip().splitlines()
            notes.append(f"{pkg}: pip install failed ({err[-1][:120] if err else 'no message'}); skipped")
        else:
            log(f"{pkg}: installed/present ({time.time() - t0:.0f}s)")
    for pkg, module in [("numpy", "numpy"), ("onnx", "onnx"), ("onnxruntime", "onnxruntime"),
                        ("openvino", "openvino"), ("torch", "torch"), ("Pillow", "PIL")]:
        r = subprocess.run([str(py), "-c", f"import {module}; print({module}.__version__)"],
                           capture_output=True, text=True)
        if r.returncode == 0:
            versions[pkg] = r.stdout.strip()
    if "torch" in versions:
        size = sum(f.stat().st_size for f in (venv / "lib").rglob("*") if f.is_file()) / 2**30
        notes.append(f"venv size {size:.1f} GiB (the PyPI torch wheel pulls the CUDA runtime wheels)")
    return py, notes, versions


def run_peers(py: Path, args, out_dir: Path, noisy: list[str]) -> tuple[list[dict], list[str]]:
    results, notes = [], []
    planes = out_dir / "peer-planes"
    planes.mkdir(exist_ok=True)
    for f in planes.glob("*.npy"):
        f.unlink()
    for name in PYTHON_PEERS:
        if name == "torch" and args.no_torch:
            continue
        if name not in args.peers:
            continue
        for wl in args.workloads:
            cmd = [str(py), str(Path(__file__).resolve()), "--worker", name,
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
        if not py.exists() and run([sys.executable, "-m", "venv", str(venv)]).returncode != 0:
            return rows, ["iree: cannot create a virtualenv; skipped"], versions
        r = run([str(py), "-m", "pip", "install", "-q", "--disable-pip-version-check", *IREE_PINS],
                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
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
        for k, call in enumerate(_calls(w)):
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
                ms = _iree_benchmark(tools, vmfb, name, device, [f"@{i}" for i in inputs],
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
            call = _calls(w)[0]
            sizes = work / f"{w['name']}.sizes.npy"
            _write_npy_i64(sizes, [call["output"][a] for a in w["axes"]])
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


def _write_npy_i64(path: Path, values: list[int]) -> None:
    """A 1-D little-endian int64 .npy file (the standard library only: this
    side of the script runs without numpy)."""
    header = f"{{'descr': '<i8', 'fortran_order': False, 'shape': ({len(values)},), }}"
    header += " " * (63 - (10 + len(header)) % 64) + "\n"
    data = b"".join(int(v).to_bytes(8, "little", signed=True) for v in values)
    path.write_bytes(b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + header.encode() + data)


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


def _iree_benchmark(tools, vmfb, function, device, inputs, out_json, label, args, noisy, notes, measure_fn=None):
    """Median ms of iree-benchmark-module calling `function` with `inputs`
    (--input= values: @file.npy or an inline tensor), or None (with a note)
    when it fails. With one repetition there is no median aggregate: that
    run's time."""
    cmd = [str(tools / "iree-benchmark-module"), f"--module={vmfb}", f"--function={function}", *device,
           *[f"--input={i}" for i in inputs], f"--benchmark_repetitions={args.reps}",
           "--benchmark_report_aggregates_only=true", f"--benchmark_min_time={args.min_time}",
           "--benchmark_format=json", f"--benchmark_out={out_json}", "--benchmark_out_format=json"]
    r = (measure_fn or measure)(label, lambda: run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                                    text=True), args, noisy)
    runs = json.loads(Path(out_json).read_text())["benchmarks"] if r.returncode == 0 else []
    b = next((b for b in runs if b.get("aggregate_name") == "median"), runs[0] if len(runs) == 1 else None)
    if b is None:
        notes.append(f"{label}: iree-benchmark-module failed ({(r.stderr or '').strip()[-160:]})")
        return None
    return b["real_time"] * {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}[b.get("time_unit", "ns")]


def print_table(rows: list[dict], threads: list[int], workloads: list[str], out) -> None:
    by = {(r["workload"], r["impl"], r["threads"]): r for r in rows}
    impls = ["interp", "interp-fresh", "interp-omp", "torch", "onnxruntime", "openvino", "opencv", "pillow",
             "iree", "iree-task", "iree-onnx", "iree-onnx-task", "xla", "reference"]
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build-dir", default=str(ROOT / "build"))
    ap.add_argument("--venv", default=None, help="default: BUILD/bench-venv")
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--workloads", default=",".join(w["name"] for w in WORKLOADS))
    ap.add_argument("--peers", default="torch,onnxruntime,openvino,pillow,iree,iree-onnx,xla",
                    help="iree: IREE compiling interp's portable linalg; iree-onnx: IREE's ONNX front end on a "
                         "one-node Resize model; xla: jax.image.resize, jitted")
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

    if args.worker == "compare":
        compare_outputs(args.out_dir)
        return
    if args.worker:
        worker(args.worker, args.workloads, args.threads, args.py_reps, args.out_dir)
        return

    args.venv = args.venv or str(Path(args.build_dir) / "bench-venv")
    out_dir = Path(args.out_dir or Path(args.build_dir) / "bench-results")
    out_dir.mkdir(parents=True, exist_ok=True)
    notes = ensure_opencv(args)

    exe = Path(args.build_dir) / "bin" / "interp-bench"
    if not args.skip_build:
        exe = build_interp_bench(args)

    py, vnotes, versions = (None, [], {})
    if not args.interp_only:
        py, vnotes, versions = ensure_venv(args)
    notes += vnotes

    # One phase per workload (a few seconds each), each in a quiet moment and
    # retried when another process got busy meanwhile.
    noisy: list[str] = []
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
    if py is not None:
        prows, pnotes = run_peers(py, args, out_dir, noisy)
        rows += prows
        notes += pnotes
    if "iree" in args.peers and not args.interp_only:
        irows, inotes, iversions = run_iree(args, out_dir, noisy)
        rows += irows
        notes += inotes
        versions.update(iversions)
    # The compiler peers of scripts/bench/compiler_peers.py: each returns
    # the cases where it computes something else, measured against interp.
    import compiler_peers
    for peer, runner in (("iree-onnx", compiler_peers.run_iree_onnx), ("xla", compiler_peers.run_xla)):
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

    import io
    buf = io.StringIO()
    git = subprocess.run(["git", "-C", str(ROOT), "describe", "--always", "--dirty"], capture_output=True, text=True)
    print(f"interp {git.stdout.strip() or '?'}; interp = default pipeline (sequential, 1 thread), warm heap "
          "(interp-bench --malloc=retain); interp-fresh = the same with every temporary a fresh mmap "
          "(--malloc=fresh: page faults each call); interp-omp = num-threads=0 kernels (OpenMP) at "
          "omp_set_num_threads(thr), warm heap", file=buf)
    print(f"host: {context.get('host_name', '?')}, {context.get('num_cpus', '?')} CPUs @ "
          f"{context.get('mhz_per_cpu', '?')} MHz; peers: "
          + ", ".join(f"{k} {v}" for k, v in versions.items() if k != "numpy"), file=buf)
    print("median ms; 'vs fastest peer' = ms / min(torch, onnxruntime, openvino, opencv, pillow, iree, "
          "iree-task, iree-onnx, iree-onnx-task, xla; those computing the workload's function) at the same "
          "threads; 'vs floor' = ms / copy floor (same input+output bytes, memcpy+memset, same threads); "
          "'vs touched' = ms / touched floor (only the input bytes the op reads: samples with non-zero "
          "weight, whole cache lines; interp-bench touched/<W>); "
          "* = memory-bound workload", file=buf)
    print_table(rows, args.threads, args.workloads, buf)
    print_compile_and_sweep(rows, compile_s, args.threads, args.workloads, buf)
    notes = [f"~ {w}/{i}: {why}" for (w, i), why in NOT_EQUIVALENT.items()] + notes
    if notes:
        print("notes:", file=buf)
        for n in notes:
            print(f"  - {n}", file=buf)
    text = buf.getvalue()
    (out_dir / "table.md").write_text(text)
    print(text)


if __name__ == "__main__":
    main()
