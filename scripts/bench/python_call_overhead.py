#!/usr/bin/env python3
"""Per-call cost of interp's Python entry points (issue 30, item 5), next to
the static-shape kernel, the C++ call and torch.nn.functional.interpolate,
all measured in the same run.

Cases (one thread everywhere: interp's kernels are compiled with
num_threads=1, torch.set_num_threads(1)):

  small  f32 NCHW 1x3x32x48   -> 64x96,   linear_onnx half_pixel (torch: bilinear,
         align_corners=False; docs/Python.md's mapping)
  large  f32 NCHW 1x3x540x960 -> 1080x1920, the same op (interp-bench's w1)
  image  uint8 HWC 1080x1920x3 -> 224x224, interpolate_v11 bilinear_pillow (Pillow's
         8-bit arithmetic; interp-bench's img_pil_bilinear is the same op on 1xHxWx3;
         torch: bilinear antialias=True on the channels-last view, torch's own integer
         arithmetic, so it may differ by 1)

Variants per case:

  interpolate          interp.interpolate(x, ...): the generic kernel (one per
                       configuration; sizes a run-time operand), from the cache
  interpolate_out      the same with out= (no allocation)
  generic_kernel_out   that cached generic kernel called directly, out=: the
                       generic kernel without interpolate()'s argument handling
  static               k = interp.compile(interp.op_text(shape, ...)); k(x)
  static_out           k(x, out=y): the closest Python gets to the C++ call
  interp_torch         interp.interpolate(t, ...) on a torch tensor (torch out)   [torch]
  torch                torch.nn.functional.interpolate(t, ...)                    [torch]
  cpp                  build/bin/interp-bench (Google Benchmark; its warm
                       destination): interp/w1 and interp/w1_dyn for `large`,
                       interp/img_pil_bilinear for `image`; there is no C++
                       workload of the small shape                                 [--no-cpp]

Every variant is warmed up, then timed call by call (time.perf_counter_ns) in
rounds that interleave the variants, so that load from other processes falls
on all of them alike. Reported: median, min, p10/p90 and the interquartile
range per variant, the ratios (generic/static, interp/torch), and the load:
os.getloadavg() before and after, and the CPU other processes used
(cores: /proc/stat's busy time less this process's) while each case ran.

    PYTHONPATH=build/python_packages /usr/bin/python3 scripts/bench/python_call_overhead.py \
        --out build/bench-results/python_call_overhead.json
    VENV/bin/python scripts/bench/python_call_overhead.py --quick   # interp pip-installed, torch rows too

Standard library + numpy + interp; torch optional (its rows: "not run").
"""

from __future__ import annotations

import argparse
import datetime
import gc
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness  # noqa: E402  (waiting for a quiet machine)

import numpy as np  # noqa: E402

import interp  # noqa: E402

CASES = {
    "small": dict(shape=(1, 3, 32, 48), dtype="float32", sizes=[64, 96], axes=[2, 3],
                  kwargs=dict(mode="linear_onnx", coordinate_transformation_mode="half_pixel"),
                  torch=dict(mode="bilinear", align_corners=False), layout="NCHW", reps=600,
                  quick_reps=150, cpp=[]),
    "image": dict(shape=(1080, 1920, 3), dtype="uint8", sizes=[224, 224], axes=[0, 1],
                  kwargs=dict(mode="bilinear_pillow", version=11),
                  torch=dict(mode="bilinear", align_corners=False, antialias=True), layout="HWC",
                  reps=100, quick_reps=20, cpp=["img_pil_bilinear"]),
    "large": dict(shape=(1, 3, 540, 960), dtype="float32", sizes=[1080, 1920], axes=[2, 3],
                  kwargs=dict(mode="linear_onnx", coordinate_transformation_mode="half_pixel"),
                  torch=dict(mode="bilinear", align_corners=False), layout="NCHW", reps=40,
                  quick_reps=8, cpp=["w1", "w1_dyn"]),
}
ELEMENT = {"float32": "f32", "uint8": "ui8"}
ROUNDS = 10  # the timed calls of each variant come in this many interleaved rounds


def log(message: str) -> None:
    print("[overhead] " + message, file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------
# The machine and the versions
# ---------------------------------------------------------------------------

def cpu_model() -> str:
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def git_commit() -> str | None:
    try:
        r = subprocess.run(["git", "-C", str(ROOT), "describe", "--always", "--dirty"],
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, timeout=10)
        return r.stdout.strip() or None
    except (OSError, subprocess.TimeoutExpired):
        return None


def interp_version() -> str | None:
    try:
        from importlib import metadata
        return metadata.version("interp")
    except Exception:
        return None  # PYTHONPATH=build/python_packages: no distribution metadata


def _busy_seconds() -> float:
    """CPU time (s) all of the machine's cores spent busy: /proc/stat."""
    with open("/proc/stat") as f:
        fields = [int(v) for v in f.readline().split()[1:]]
    # user nice system idle iowait irq softirq steal (guest* are in user).
    return (sum(fields[:3]) + sum(fields[5:8])) / os.sysconf("SC_CLK_TCK")


def _own_seconds() -> float:
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


class OthersCpu:
    """CPU (cores) used by everything but this process (and its waited-for
    children) while a `with` block runs: the machine's busy time from
    /proc/stat minus this process's, so short-lived processes (a build's
    compiler runs) count too. Two readings, no sampling thread (a thread
    would compete with the calls being timed)."""

    def __enter__(self):
        self._t0, self._busy, self._own = time.monotonic(), _busy_seconds(), _own_seconds()
        return self

    def __exit__(self, *exc):
        seconds = time.monotonic() - self._t0
        others = (_busy_seconds() - self._busy) - (_own_seconds() - self._own)
        self.cores = max(0.0, others) / max(seconds, 1e-9)


# ---------------------------------------------------------------------------
# Timing
# ---------------------------------------------------------------------------

def summary(samples_ns: list[int]) -> dict:
    s = sorted(samples_ns)
    n = len(s)
    q = statistics.quantiles(s, n=20, method="inclusive") if n >= 2 else [s[0]] * 19
    q1, _, q3 = statistics.quantiles(s, n=4, method="inclusive") if n >= 2 else [s[0]] * 3
    us = 1e-3
    return {"n": n, "median_us": statistics.median(s) * us, "min_us": s[0] * us,
            "max_us": s[-1] * us, "mean_us": statistics.fmean(s) * us,
            "p10_us": q[1] * us, "p90_us": q[17] * us, "iqr_us": (q3 - q1) * us,
            "iqr_rel": (q3 - q1) / statistics.median(s) if s[0] else None}


def time_variants(variants: dict, reps: int, warmup: int) -> dict:
    """{name: [ns per call]}: each variant warmed up, then `reps` calls in
    ROUNDS rounds, the variants interleaved round by round."""
    for fn in variants.values():
        for _ in range(warmup):
            fn()
    samples = {name: [] for name in variants}
    rounds = min(ROUNDS, reps)
    per_round = [reps // rounds + (1 if r < reps % rounds else 0) for r in range(rounds)]
    clock = time.perf_counter_ns
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        for r, calls in enumerate(per_round):
            # Rotate the order so no variant always runs right after another.
            names = list(variants)
            names = names[r % len(names):] + names[:r % len(names)]
            for name in names:
                fn, out = variants[name], samples[name]
                for _ in range(calls):
                    t0 = clock()
                    fn()
                    out.append(clock() - t0)
    finally:
        if gc_was_enabled:
            gc.enable()
    return samples


def timed_first_call(fn) -> tuple[object, float]:
    t0 = time.perf_counter_ns()
    r = fn()
    return r, (time.perf_counter_ns() - t0) * 1e-6


# ---------------------------------------------------------------------------
# The cases
# ---------------------------------------------------------------------------

def make_input(case: dict) -> np.ndarray:
    rng = np.random.default_rng(1)
    if case["dtype"] == "uint8":
        return rng.integers(0, 256, case["shape"], dtype=np.uint8)
    return rng.random(case["shape"], dtype=np.float32)


def generic_kernel(x: np.ndarray, case: dict, call_kwargs: dict):
    """The kernel interpolate() calls for x and its run-time operands."""
    if hasattr(interp, "_operands"):  # exactly interpolate()'s look-up
        kernel, operands = interp._operands(str(x.dtype), x.shape, None, dict(call_kwargs))[:2]
        return kernel, operands, True
    # Else the same text: generic_op_text with a short unresized innermost dim static.
    rank = x.ndim
    channels = x.shape[-1] if rank >= 3 and 2 <= x.shape[-1] <= 4 and \
        all(a % rank != rank - 1 for a in case["axes"]) else None
    kernel = interp.compile(interp.generic_op_text(rank, ELEMENT[case["dtype"]], channels,
                                                   **call_kwargs))
    return kernel, (np.array(case["sizes"], np.int64),), False


def torch_input(torch, x: np.ndarray, case: dict):
    t = torch.from_numpy(x)
    if case["layout"] == "HWC":
        # The HWC bytes as a channels-last 1xCxHxW tensor (no copy): what
        # torchvision resizes for an HWC uint8 image.
        t = t.permute(2, 0, 1).unsqueeze(0)
    return t


def run_case(name: str, case: dict, reps: int, torch, notes: list) -> dict:
    x = make_input(case)
    call_kwargs = dict(sizes=case["sizes"], axes=case["axes"], **case["kwargs"])
    element = ELEMENT[case["dtype"]]
    out_shape = interp.result_shape(x.shape, **call_kwargs)
    result = {"input_shape": list(x.shape), "output_shape": list(out_shape),
              "dtype": case["dtype"], "layout": case["layout"],
              "interp_call": "interp.interpolate(x, %s)" % ", ".join(
                  "%s=%r" % kv for kv in call_kwargs.items()),
              "first_call_ms": {}, "check": {}}

    # Compile first (timed once, as information), then every kernel is warm.
    cache_before = interp.cache_info()
    y_interp, result["first_call_ms"]["interpolate"] = timed_first_call(
        lambda: interp.interpolate(x, **call_kwargs))
    cache_after = interp.cache_info()
    result["first_call_compiled"] = cache_after.compiles - cache_before.compiles
    result["first_call_disk_hits"] = cache_after.disk_hits - cache_before.disk_hits
    gk, operands, exact = generic_kernel(x, case, call_kwargs)
    result["generic_kernel"] = ("interp._operands (interpolate()'s own look-up)" if exact
                                else "interp.compile(generic_op_text(...))")
    result["generic_kernel_takes_sizes"] = bool(operands)
    static_text = interp.op_text(x.shape, element, **call_kwargs)
    sk, result["first_call_ms"]["static_compile"] = timed_first_call(
        lambda: interp.compile(static_text))
    (y_static,), _ = timed_first_call(lambda: sk(x))

    y_out = np.empty(out_shape, x.dtype)
    y_out2 = np.empty(out_shape, x.dtype)
    y_out3 = np.empty(out_shape, x.dtype)
    variants = {
        "interpolate": lambda: interp.interpolate(x, **call_kwargs),
        "interpolate_out": lambda: interp.interpolate(x, out=y_out, **call_kwargs),
        "generic_kernel_out": lambda: gk(x, *operands, out=y_out2),
        "static": lambda: sk(x),
        "static_out": lambda: sk(x, out=y_out3),
    }

    # The kernels agree (the project's tolerance for f32; equal for uint8).
    diff = lambda a, b: float(np.max(np.abs(a.astype(np.float64) - b.astype(np.float64))))
    result["check"]["generic_vs_static_max_abs_diff"] = diff(y_interp, y_static)

    if torch is not None:
        import torch.nn.functional as F
        t = torch_input(torch, x, case)
        size = case["sizes"]
        tkw = case["torch"]
        tx = torch.from_numpy(x)  # x's own layout (HWC stays HWC): interp's axes apply
        variants["interp_torch"] = lambda: interp.interpolate(tx, **call_kwargs)
        variants["torch"] = lambda: F.interpolate(t, size=size, **tkw)
        r_t = F.interpolate(t, size=size, **tkw)
        r_i = interp.interpolate(tx, **call_kwargs)
        if case["layout"] == "HWC":
            r_t = r_t[0].permute(1, 2, 0)
        result["check"]["torch_vs_interp_max_abs_diff"] = diff(r_t.numpy(), y_interp)
        result["check"]["interp_torch_vs_numpy_max_abs_diff"] = diff(r_i.numpy(), y_interp)
        result["torch_call"] = "torch.nn.functional.interpolate(t, size=%r, %s)%s" % (
            size, ", ".join("%s=%r" % kv for kv in tkw.items()),
            " on t = torch.from_numpy(x).permute(2, 0, 1).unsqueeze(0) (channels-last)"
            if case["layout"] == "HWC" else "")

    warmup = max(3, min(50, reps // 10))
    log("%s: %s -> %s %s, %d calls per variant (%d rounds), %d warm-up"
        % (name, tuple(x.shape), tuple(out_shape), case["dtype"], reps, min(ROUNDS, reps), warmup))
    load_before = os.getloadavg()
    with OthersCpu() as others:
        samples = time_variants(variants, reps, warmup)
    result["loadavg_before"] = list(load_before)
    result["loadavg_after"] = list(os.getloadavg())
    result["others_cpu_cores"] = others.cores
    result["variants"] = {v: summary(s) for v, s in samples.items()}
    if torch is None:
        result["variants"]["interp_torch"] = result["variants"]["torch"] = {
            "not_run": "torch is not importable in this Python"}
    med = {v: s["median_us"] for v, s in result["variants"].items() if "median_us" in s}
    ratios = {
        "interpolate / static": med["interpolate"] / med["static"],
        "interpolate_out / static_out": med["interpolate_out"] / med["static_out"],
        "generic_kernel_out / static_out": med["generic_kernel_out"] / med["static_out"],
    }
    if "torch" in med:
        ratios["interpolate / torch"] = med["interpolate"] / med["torch"]
        ratios["interp_torch / torch"] = med["interp_torch"] / med["torch"]
        ratios["static_out / torch"] = med["static_out"] / med["torch"]
    result["ratios_of_medians"] = ratios
    # What a call costs on top of the kernel called as closely to C++ as
    # Python allows (static_out), median minus median.
    result["overhead_vs_static_out_us"] = {
        v: med[v] - med["static_out"] for v in med if v not in ("static_out", "torch")}
    return result


# ---------------------------------------------------------------------------
# The C++ call: interp-bench (Google Benchmark) in the same run
# ---------------------------------------------------------------------------

def run_cpp(binary: Path, workloads: list[str], repetitions: int) -> dict:
    if not workloads:
        return {}
    regex = "^interp/(%s)/threads:1/" % "|".join(workloads)
    cmd = [str(binary), "--benchmark_filter=" + regex,
           "--benchmark_repetitions=%d" % repetitions, "--benchmark_format=json"]
    log("C++: " + " ".join(cmd) + " (it first checks every workload: about a minute)")
    load_before = os.getloadavg()
    with OthersCpu() as others:
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if r.returncode != 0:
        return {"error": "interp-bench exit code %d: %s" % (r.returncode, r.stderr[-500:])}
    data = json.loads(r.stdout)
    out = {"command": " ".join(cmd), "context": {k: data["context"].get(k) for k in (
        "date", "num_cpus", "mhz_per_cpu", "load_avg", "library_build_type")},
        "loadavg_before": list(load_before), "loadavg_after": list(os.getloadavg()),
        "others_cpu_cores": others.cores, "workloads": {}}
    for b in data["benchmarks"]:
        w = b["name"].split("/")[1]
        scale = {"ns": 1e-3, "us": 1.0, "ms": 1e3, "s": 1e6}[b["time_unit"]]
        entry = out["workloads"].setdefault(w, {"repetitions_us": []})
        if b.get("run_type") == "aggregate":
            entry[b["aggregate_name"] + "_us"] = b["real_time"] * scale
        else:
            entry["repetitions_us"].append(b["real_time"] * scale)
            entry["iterations"] = b["iterations"]
    for entry in out["workloads"].values():
        reps = entry["repetitions_us"]
        entry["min_us"] = min(reps)
        entry.setdefault("median_us", statistics.median(reps))
    return out


# ---------------------------------------------------------------------------
# Output
# ---------------------------------------------------------------------------

def fmt(us: float) -> str:
    return "%.1f µs" % us if us < 1000 else "%.2f ms" % (us / 1000)


def table(results: dict) -> str:
    lines = []
    for name, r in results["cases"].items():
        lines.append("")
        lines.append("%s: %s %s %s -> %s (others' CPU %.2f cores, loadavg %.2f -> %.2f)" % (
            name, r["dtype"], r["layout"], "x".join(map(str, r["input_shape"])),
            "x".join(map(str, r["output_shape"])), r["others_cpu_cores"],
            r["loadavg_before"][0], r["loadavg_after"][0]))
        lines.append("  %-20s %11s %11s %23s %7s %6s" % ("variant", "median", "min", "p10 .. p90",
                                                          "x st.o", "n"))
        static_out = r["variants"]["static_out"]["median_us"]
        for v, s in r["variants"].items():
            if "median_us" not in s:
                lines.append("  %-20s %s" % (v, s.get("not_run")))
                continue
            lines.append("  %-20s %11s %11s %23s %7.2f %6d" % (
                v, fmt(s["median_us"]), fmt(s["min_us"]),
                fmt(s["p10_us"]) + " .. " + fmt(s["p90_us"]), s["median_us"] / static_out,
                s["n"]))
        for w, c in r.get("cpp", {}).items():
            lines.append("  %-20s %11s %11s %23s %7.2f %6s" % (
                "cpp " + w, fmt(c["median_us"]), fmt(c["min_us"]), "(%d reps of %d calls)" % (
                    len(c["repetitions_us"]), c["iterations"]), c["median_us"] / static_out, ""))
        lines.append("  ratios of medians: " + ", ".join(
            "%s %.2f" % kv for kv in r["ratios_of_medians"].items()))
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path,
                        default=ROOT / "build" / "bench-results" / "python_call_overhead.json",
                        help="the JSON results (default: %(default)s)")
    parser.add_argument("--reps", type=int,
                        help="timed calls per variant in every case (default: %s)" % ", ".join(
                            "%s %d" % (n, c["reps"]) for n, c in CASES.items()))
    parser.add_argument("--quick", action="store_true",
                        help="fewer calls (%s) and 2 C++ repetitions" % ", ".join(
                            "%s %d" % (n, c["quick_reps"]) for n, c in CASES.items()))
    parser.add_argument("--cases", default=",".join(CASES),
                        help="comma-separated subset of %(default)s")
    parser.add_argument("--no-torch", action="store_true", help="skip torch even if importable")
    parser.add_argument("--no-cpp", action="store_true", help="skip interp-bench (the C++ call)")
    parser.add_argument("--interp-bench", type=Path, default=ROOT / "build" / "bin" / "interp-bench")
    parser.add_argument("--cpp-repetitions", type=int, default=5)
    parser.add_argument("--wait-quiet", type=float, default=0.0, metavar="SECONDS",
                        help="before each case, wait up to SECONDS for other processes to use "
                             "< %.2f cores for 3 s (harness.wait_for_quiet)" % harness.QUIET_CORES)
    args = parser.parse_args()
    names = [n.strip() for n in args.cases.split(",") if n.strip()]
    for n in names:
        if n not in CASES:
            parser.error("unknown case %r (cases: %s)" % (n, ", ".join(CASES)))

    torch = None
    torch_note = "not requested (--no-torch)"
    if not args.no_torch:
        try:
            import torch
            torch.set_num_threads(1)
            torch_note = None
        except ImportError as e:
            torch_note = "not importable: %s" % e

    results = {
        "script": "scripts/bench/python_call_overhead.py",
        "argv": sys.argv[1:],
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "machine": {"cpu_model": cpu_model(), "cpu_count": os.cpu_count(),
                    "platform": platform.platform(), "loadavg_before": list(os.getloadavg())},
        "versions": {"python": sys.version.split()[0], "python_executable": sys.executable,
                     "numpy": np.__version__, "interp": interp_version(),
                     "interp_module": os.path.dirname(interp.__file__),
                     "repository_commit": git_commit(),
                     "torch": None if torch is None else torch.__version__,
                     "torch_note": torch_note,
                     "torch_num_threads": None if torch is None else torch.get_num_threads()},
        "threads": "interp kernels num_threads=1; torch.set_num_threads(1)",
        "disk_cache": interp.disk_cache(),
        "timer": "time.perf_counter_ns per call; gc disabled while timing; variants "
                 "interleaved in %d rounds after a warm-up" % ROUNDS,
        "cases": {},
    }
    notes = []
    for n in names:
        case = CASES[n]
        reps = args.reps or (case["quick_reps"] if args.quick else case["reps"])
        if args.wait_quiet > 0:
            harness.wait_for_quiet(args.wait_quiet)
        results["cases"][n] = run_case(n, case, reps, torch, notes)

    cpp_workloads = [w for n in names for w in CASES[n]["cpp"]]
    if args.no_cpp:
        results["cpp"] = {"not_run": "--no-cpp"}
    elif not args.interp_bench.exists():
        results["cpp"] = {"not_run": "%s does not exist (scripts/build.sh builds it)"
                                     % args.interp_bench}
    elif cpp_workloads:
        if args.wait_quiet > 0:
            harness.wait_for_quiet(args.wait_quiet)
        cpp = run_cpp(args.interp_bench, cpp_workloads, 2 if args.quick else args.cpp_repetitions)
        results["cpp"] = cpp
        for n in names:
            r = results["cases"][n]
            for w in CASES[n]["cpp"]:
                c = cpp.get("workloads", {}).get(w)
                if c:
                    r.setdefault("cpp", {})[w] = c
                    for v in ("interpolate", "interpolate_out", "static_out", "torch"):
                        s = r["variants"][v]
                        if "median_us" in s:
                            r["ratios_of_medians"]["%s / cpp %s" % (v, w)] = \
                                s["median_us"] / c["median_us"]
    results["machine"]["loadavg_after"] = list(os.getloadavg())
    results["notes"] = notes

    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=1) + "\n")
    print("interp %s (%s), numpy %s, torch %s; %s, %d CPUs; loadavg %.2f -> %.2f"
          % (results["versions"]["interp"] or "from " + results["versions"]["interp_module"],
             results["versions"]["repository_commit"], np.__version__,
             results["versions"]["torch"] or torch_note, results["machine"]["cpu_model"],
             os.cpu_count(), results["machine"]["loadavg_before"][0],
             results["machine"]["loadavg_after"][0]))
    print(table(results))
    print("\n(x st.o: median / static_out's median) JSON: %s" % args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
