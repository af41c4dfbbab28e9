"""What the benchmark scripts share (run_benchmarks.py, compiler_peers.py,
python_peers.py): the workloads, the workload inputs and the timing loop
of the Python peers, running commands with a log line, timing a phase only
while the machine is quiet, and IREE's pins and benchmark runner.

Only the standard library: this module is imported both by the drivers
(/usr/bin/python3) and inside the peers' virtualenvs.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


# ---------------------------------------------------------------------------
# Workloads (benchmarks/workloads.json)
# ---------------------------------------------------------------------------

def load_workloads():
    """The workloads of benchmarks/workloads.json (their one definition), with
    the short keys this script uses: inp, out, dtype (f32, f16, u8)."""
    with open(ROOT / "benchmarks" / "workloads.json") as f:
        workloads = json.load(f)["workloads"]
    for w in workloads:
        w["inp"], w["out"] = w["input"], w["output"]
        w["dtype"] = {"ui8": "u8"}.get(w["type"], w["type"])
    return workloads


WORKLOADS = load_workloads()
MEMORY_BOUND = {w["name"] for w in WORKLOADS if w["memory_bound"]}


def is_v11(w) -> bool:
    return w.get("op", "v4") == "v11"


def cube_coeff(w) -> float:
    return float(w.get("cube_coeff", -0.75))


def workload_calls(w):
    """The workload's calls: its cycle of {input, output} shapes (serve) or
    the one call. Each call gets its own input (seed 1 + k)."""
    return w.get("cycle") or [dict(input=w["inp"], output=w["out"])]


def nhwc(w) -> bool:
    """A 4-D workload resizing axes 1 and 2: an NHWC image (channels last)."""
    return len(w["inp"]) == 4 and w["axes"] == [1, 2]


def with_shapes(w, call):
    return dict(w, inp=call["input"], out=call["output"])


# ---------------------------------------------------------------------------
# Inputs and the timing loop (inside the venvs: numpy is passed in)
# ---------------------------------------------------------------------------

def np_dtype(np, dtype):
    return {"f32": np.float32, "f16": np.float16, "u8": np.uint8}[dtype]


def make_input(np, w, seed):
    rng = np.random.default_rng(seed)
    if w["dtype"] == "u8":
        return rng.integers(0, 256, size=w["inp"], dtype=np.uint8)
    return rng.random(size=w["inp"], dtype=np.float32).astype(np_dtype(np, w["dtype"]))


def time_calls(fn, reps: int, min_seconds: float = 0.2):
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


# ---------------------------------------------------------------------------
# Running commands
# ---------------------------------------------------------------------------

def log(msg: str) -> None:
    print(f"[bench] {msg}", file=sys.stderr, flush=True)


def run(cmd, **kw):
    log("$ " + " ".join(str(c) for c in cmd))
    return subprocess.run(cmd, **kw)


# ---------------------------------------------------------------------------
# Timing only while the machine is quiet
# ---------------------------------------------------------------------------

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


# ---------------------------------------------------------------------------
# Pillow-SIMD and libvips (issue 29): pins
# ---------------------------------------------------------------------------

# Pillow-SIMD is a fork that installs as the module PIL, so it cannot share a
# venv with Pillow: BUILD/pillow-simd-venv. PyPI has only its sdist; it is
# built there with CC="cc -mavx2" (its README's way to get the AVX2 kernels;
# without the flag they are SSE4), from Debian's libjpeg-dev and zlib1g-dev.
PILLOW_SIMD_PIN = "pillow-simd==12.1.1.post0"
PILLOW_SIMD_APT = ["libjpeg-dev", "zlib1g-dev"]
# pyvips (in BUILD/bench-venv) over Debian's libvips (libvips-dev: pyvips
# then builds its API-mode binding; libvips42 alone gives ABI mode).
PYVIPS_PIN = "pyvips==3.2.0"
VIPS_APT = ["libvips-dev"]


# ---------------------------------------------------------------------------
# IREE
# ---------------------------------------------------------------------------

# IREE compiling interp's own portable linalg (--convert-interp-to-linalg=
# portable): in its own virtualenv (BUILD/iree-venv, shared with
# test/Conversion/InterpToLinalg/iree_portable.py).
IREE_PINS = ["iree-base-compiler==3.13.*", "iree-base-runtime==3.13.*", "numpy<2"]
IREE_COMPILE_FLAGS = ["--iree-hal-target-device=local", "--iree-hal-local-target-device-backends=llvm-cpu",
                      "--iree-llvmcpu-target-cpu=host", "--iree-input-demote-f64-to-f32=false"]


def iree_benchmark(tools, vmfb, function, device, inputs, out_json, label, args, noisy, notes, measure_fn=None):
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
