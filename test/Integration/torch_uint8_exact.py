#!/usr/bin/env python3
"""interp's `integer_arithmetic = pytorch`, bit-exact against PyTorch itself.

`interp.interpolate_v11` with `mode = bilinear_pillow / bicubic_pillow`,
`integer_arithmetic = pytorch` (and `cube_coeff = -0.5` for bicubic) on ui8
data computes what `torch.nn.functional.interpolate(x, size=(OH, OW),
mode="bilinear" / "bicubic", antialias=True, align_corners=False)` computes
on a uint8 CPU tensor (docs/Semantics.md, "PyTorch's arithmetic"). This
suite checks that, element for element:

  - seeded random cases (make_cases): NCHW (N x C x H x W, axes [2, 3],
    C = 1..8: the AVX2 kernel for C <= 4, the generic separable one above),
    NHWC (axes [1, 2]: torch sees a channels-last tensor), HW (rank 2) and
    HWC (rank 3, axes [0, 1]); up- and downscales from 1/40 to 8x per axis,
    an unchanged axis, 1-pixel sides, 0/255 checkerboards (bicubic clips
    them after the first pass), downscales by 100-3000x (the precision cap
    of 22 bits), some with dynamic dims;
  - torch_uint8_model.pytorch_resize (the NumPy transcription, the
    documentation of the arithmetic) against torch on every case, and torch
    in the other memory format (contiguous vs channels-last) against the
    same result;
  - unless --model-only, the cases are batched, a few interp ops per
    function, run by `interp-run --check --tolerance=0 -o DIR`: each
    referenceN.npy (interp's reference implementation) and resultN.npy (the
    compiled code) is compared with torch.
torch runs every case twice, on contiguous (NCHW) and on channels-last
memory, and the two must agree, except for two defects of PyTorch 2.15 that
interp does not follow:
  - C > 4, an output width of 1 and a changed height: torch's generic
    separable kernel gives every output row the taps of the first (its
    vertical loop reads the first row's indices when the iteration runs
    over rows: contiguous inputs, or any input after a width pass). The
    oracle is then torch on one channel at a time (the AVX2 kernel).
  - C = 3 or 4, a 1 x 1 output from a contiguous input: an internal assert
    (num_channels == unpacked_output.size(0)); the channels-last run is the
    oracle.
Their hits are counted, not failed.

PyTorch comes from PyPI, pinned (TORCH_PIN, the CUDA wheels: about 5 GB), in
BUILD/torch-venv (created and filled with pip when needed).

Exit status 0 when every compared element agrees, 1 on any mismatch or
error, 77 when torch cannot be installed (no network, no wheel):
scripts/test.sh reports that as skipped. --reference-only ignores the
compiled results (until the lowering implements the PyTorch arithmetic).

Usage: torch_uint8_exact.py --bin-dir BUILD/bin [--cases 300] [--seed S]
                            [--jobs 2] [--venv DIR] [--work DIR]
                            [--reference-only | --model-only]
"""

import argparse
import concurrent.futures
import os
import shutil
import sys
import tempfile

TORCH_VERSION = "2.15.0"
TORCH_PIN = "torch==" + TORCH_VERSION
VENV_MARKER = "INTERP_TORCH_UINT8_VENV"
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from pylib import resize_cases  # noqa: E402
from pylib import venv as pyvenv  # noqa: E402

np = None  # numpy, torch and the model, imported inside the virtualenv
torch = None
model = None

# Layout: (shape from (N, C, H, W), axes [h, w]).
LAYOUTS = {
    "NCHW": (lambda n, c, h, w: (n, c, h, w), (2, 3)),
    "NHWC": (lambda n, c, h, w: (n, h, w, c), (1, 2)),
    "HW": (lambda n, c, h, w: (h, w), (0, 1)),
    "HWC": (lambda n, c, h, w: (h, w, c), (0, 1)),
}
BATCH_CASES = 4
BATCH_ELEMENTS = 1 << 20


def bootstrap(args, argv):
    """Re-executes inside BUILD/torch-venv (or --venv) with numpy and torch
    TORCH_VERSION (pip-installs them when missing)."""
    if os.environ.get(VENV_MARKER):
        return
    build = os.path.dirname(os.path.abspath(args.bin_dir)) if args.bin_dir else os.path.join(ROOT, "build")
    venv = os.path.abspath(args.venv or os.path.join(build, "torch-venv"))
    check = ("import numpy, torch; assert torch.__version__.split('+')[0] == %r, torch.__version__"
             % TORCH_VERSION)
    py = pyvenv.ensure(venv, ["numpy", TORCH_PIN], lambda py: pyvenv.probe(py, check, 300)[0],
                       "torch_uint8_exact")
    pyvenv.reexec(py, __file__, argv, {VENV_MARKER: venv})


# ---------------------------------------------------------------- the cases

def make_cases(n, seed):
    """n seeded cases: dicts with id, kind, layout, mode, N, C, H, W, OH, OW,
    dynamic, data (uint8, in the layout's shape)."""
    rng = np.random.default_rng(seed)

    def huge_down(rng, _):  # precision 22 (the cap): scale > ~128
        L, O = int(rng.integers(300, 3001)), int(rng.integers(1, 4))
        if rng.integers(2):
            return L, int(rng.integers(1, 9)), O, int(rng.integers(1, 9))
        H, OH = int(rng.integers(1, 9)), int(rng.integers(1, 9))
        return H, L, OH, O

    def sides(kind):
        return resize_cases.sides(rng, kind, {"huge-down": huge_down})

    kinds = ["random"] * 4 + ["identity", "one-pixel", "checker", "huge-down"]
    cases = []
    for i in range(n):
        kind = kinds[int(rng.integers(len(kinds)))]
        mode = "bicubic" if kind == "checker" and rng.integers(4) else ["bilinear", "bicubic"][int(rng.integers(2))]
        layout = list(LAYOUTS)[int(rng.integers(len(LAYOUTS)))]
        N = 1 if layout in ("HW", "HWC") else int(rng.integers(1, 3))
        C = 1 if layout == "HW" else int(rng.choice([1, 2, 3, 3, 4, 4, 5, 8]))
        for _ in range(100):  # keep each case below ~400k elements
            H, W, OH, OW = sides(kind)
            if N * C * max(H * W, OH * OW) <= 100000:
                break
        shape = LAYOUTS[layout][0](N, C, H, W)
        if kind == "checker":
            data = resize_cases.checkerboard(rng, H, W, shape, LAYOUTS[layout][1], 0, 255)
        else:
            data = rng.integers(0, 256, shape)
        cases.append(dict(id=i, kind=kind, layout=layout, mode=mode, N=N, C=C, H=H, W=W, OH=OH, OW=OW,
                          dynamic=bool(rng.integers(6) == 0),
                          data=np.ascontiguousarray(data, np.uint8)))
    return cases


# ---------------------------------------------------------------- interp

def v11_op(c):
    """The case's axes, element type and attributes (PyTorch's arithmetic)."""
    attrs = "mode = %s_pillow, shape_calculation_mode = sizes, integer_arithmetic = pytorch" % c["mode"]
    if c["mode"] == "bicubic":
        attrs += ", cube_coeff = -0.5"
    return LAYOUTS[c["layout"]][1], "ui8", attrs


def run_batch(interp_run, work, b, batch):
    """Compiles and runs one batch with --check; per case (result or None,
    reference or None, error text)."""
    d, r = resize_cases.run_interp(interp_run, work, b, resize_cases.v11_module(batch, v11_op),
                                   [c["data"] for c in batch])
    out = []
    for k in range(len(batch)):
        paths = [os.path.join(d, "%s%d.npy" % (what, k)) for what in ("result", "reference")]
        if not all(os.path.exists(p) for p in paths):
            out.append((None, None, "interp-run (exit %d): %s" % (r.returncode, r.stdout.strip()[-600:])))
        else:
            out.append((np.load(paths[0]), np.load(paths[1]), ""))
    return out


# ---------------------------------------------------------------- oracles

def to_nchw(x, layout):
    """The case's array as the N x C x H x W tensor torch resizes (a
    channels-last view for NHWC and HWC)."""
    t = torch.from_numpy(x)
    if layout == "NCHW":
        return t
    if layout == "NHWC":
        return t.permute(0, 3, 1, 2)
    if layout == "HW":
        return t[None, None]
    return t.permute(2, 0, 1)[None]  # HWC


def from_nchw(t, layout):
    if layout == "NCHW":
        return t
    if layout == "NHWC":
        return t.permute(0, 2, 3, 1)
    if layout == "HW":
        return t[0, 0]
    return t[0].permute(1, 2, 0)  # HWC


def torch_resize(c, channels_last, data=None):
    """F.interpolate(..., antialias=True) on the case (or on `data` in its
    layout), torch's input in channels-last or contiguous NCHW memory, as
    the case's layout; the exception's text when torch raises one."""
    t = to_nchw(c["data"] if data is None else data, c["layout"])
    fmt = torch.channels_last if channels_last else torch.contiguous_format
    t = t.contiguous(memory_format=fmt)
    try:
        y = torch.nn.functional.interpolate(t, size=(c["OH"], c["OW"]), mode=c["mode"], antialias=True,
                                            align_corners=False)
    except RuntimeError as e:
        return str(e).splitlines()[0]
    return np.ascontiguousarray(from_nchw(y, c["layout"]).numpy())


def per_channel(c):
    """torch on one channel at a time (each an N x 1 x H x W tensor: the AVX2
    kernel), stacked: the oracle where the generic kernel is wrong."""
    axis = {"NCHW": 1, "NHWC": 3, "HWC": 2}[c["layout"]]
    parts = [torch_resize(c, False, np.take(c["data"], [k], axis=axis)) for k in range(c["C"])]
    return np.concatenate(parts, axis=axis)


def known_defect(c):
    """Where torch's generic separable kernel (C > 4) is wrong: an output
    width of 1 after a changed height gives every output row the taps of
    the first (its vertical loop reads the first row's indices when the
    iteration runs over rows). The module docstring has the details."""
    return c["C"] > 4 and c["OW"] == 1 and c["H"] != c["OH"]


def known_refusal(c, channels_last):
    """Where torch raises an internal assert: a 1 x 1 output of 3 or 4
    channels from a contiguous NCHW input (the output counts as
    channels-last, the input does not)."""
    return not channels_last and c["C"] in (3, 4) and c["OH"] == c["OW"] == 1


def torch_oracle(c):
    """(oracle, anomalies, unexpected): torch's result for the case, the
    number of torch runs that hit a known defect or refusal, and the text
    of any other disagreement among torch's runs (empty when none)."""
    runs = {"channels-last": torch_resize(c, True), "contiguous": torch_resize(c, False)}
    if known_defect(c):
        oracle = per_channel(c)
    else:
        natural = "channels-last" if c["layout"] in ("NHWC", "HWC") else "contiguous"
        ok = [runs[natural]] + [r for r in runs.values() if not isinstance(r, str)]
        oracle = ok[0] if not isinstance(ok[0], str) else (ok[1] if len(ok) > 1 else None)
    anomalies, unexpected = 0, []
    for name, r in runs.items():
        if isinstance(r, str):
            if known_refusal(c, name == "channels-last"):
                anomalies += 1
            else:
                unexpected.append("%s raised: %s" % (name, r[:120]))
        elif oracle is not None and (r.shape != oracle.shape or (r != oracle).any()):
            if known_defect(c):
                anomalies += 1
            else:
                unexpected.append("%s differs from the other run" % name)
    return oracle, anomalies, "; ".join(unexpected)


# ---------------------------------------------------------------- main

def diff_count(a, b):
    if a is None or b is None:
        return None
    if a.shape != b.shape:
        return int(b.size)
    return int((a != b).sum())


def describe(c):
    return "case %d (%s, %s %s N=%d C=%d%s, %dx%d -> %dx%d)" % (
        c["id"], c["kind"], c["mode"], c["layout"], c["N"], c["C"], ", dynamic" if c["dynamic"] else "",
        c["H"], c["W"], c["OH"], c["OW"])


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--bin-dir", help="interp's build/bin (needed unless --model-only)")
    p.add_argument("--cases", type=int, default=300)
    p.add_argument("--seed", type=int, default=20261204)
    p.add_argument("--jobs", type=int, default=2, help="interp-run processes at a time")
    p.add_argument("--venv", help="the virtualenv with torch (default BUILD/torch-venv)")
    p.add_argument("--work", help="keep the files here (default: a temporary directory)")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--reference-only", action="store_true",
                   help="compare interp's reference with torch, not the compiled results")
    g.add_argument("--model-only", action="store_true", help="compare only the NumPy model with torch")
    args = p.parse_args()
    if not args.model_only:
        if not args.bin_dir:
            p.error("--bin-dir is needed unless --model-only")
        args.bin_dir = os.path.abspath(args.bin_dir)
        interp_run = os.path.join(args.bin_dir, "interp-run")
        if not os.access(interp_run, os.X_OK):
            print("torch_uint8_exact: FAIL: no %s (build interp-run first)" % interp_run)
            return 1
    bootstrap(args, sys.argv[1:])
    global np, torch, model
    import numpy
    import torch as torch_module
    sys.path.insert(0, HERE)
    import torch_uint8_model
    np, torch, model = numpy, torch_module, torch_uint8_model
    torch.set_num_threads(1)
    print("torch_uint8_exact: torch %s (CPU capability %s), numpy %s, %d cases, seed %d" % (
        torch.__version__, torch.backends.cpu.get_cpu_capability(), np.__version__, args.cases, args.seed),
        flush=True)
    work = args.work or tempfile.mkdtemp(prefix="interp-torch-uint8-")
    cases = make_cases(args.cases, args.seed)
    groups = list(resize_cases.batches(cases, BATCH_CASES, BATCH_ELEMENTS))
    if args.model_only:
        runs = [[(None, None, "")] * len(g) for g in groups]
    else:
        with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
            runs = list(pool.map(lambda bg: run_batch(interp_run, work, *bg), enumerate(groups)))

    check_result = not (args.model_only or args.reference_only)
    table, errors, shown, defects = {}, 0, 0, 0
    columns = ("model", "other", "ref", "result")  # other: unexpected torch disagreement
    for group, results in zip(groups, runs):
        for c, (got, ref, error) in zip(group, results):
            key = (c["mode"], c["layout"])
            t = table.setdefault(key, dict(cases=0, elements=0, bad=0, **{k: 0 for k in columns}))
            t["cases"] += 1
            if error:
                errors += 1
                t["bad"] += 1
                if shown < 10:
                    print("  ERROR %s: %s" % (describe(c), error))
                    shown += 1
                continue
            oracle, anomalies, unexpected = torch_oracle(c)
            defects += anomalies
            if oracle is None:
                errors += 1
                t["bad"] += 1
                print("  ERROR %s: no torch result: %s" % (describe(c), unexpected))
                continue
            mine = model.pytorch_resize(c["data"], LAYOUTS[c["layout"]][1], (c["OH"], c["OW"]), c["mode"])
            row = dict(model=diff_count(mine, oracle), other=1 if unexpected else 0,
                       ref=diff_count(ref, oracle), result=diff_count(got, oracle))
            t["elements"] += int(oracle.size)
            for k in columns:
                t[k] += row[k] or 0
            bad = row["model"] or row["other"] or row["ref"] or (check_result and row["result"])
            t["bad"] += bool(bad)
            if bad and shown < 10:
                print("  MISMATCH %s: model %s, reference %s, compiled %s%s" % (
                    describe(c), row["model"], row["ref"], row["result"],
                    "; torch: " + unexpected if unexpected else ""))
                shown += 1

    print("  %-8s %-5s %6s %10s %8s %8s %8s %9s %6s" % (
        "mode", "layout", "cases", "elements", "model", "torch", "ref", "compiled", "bad"))
    total = dict(cases=0, elements=0, bad=0, **{k: 0 for k in columns})
    for key in sorted(table):
        t = table[key]
        print("  %-8s %-5s %6d %10d %8d %8d %8s %9s %6d" % (key + (
            t["cases"], t["elements"], t["model"], t["other"],
            "-" if args.model_only else t["ref"],
            "-" if args.model_only else t["result"], t["bad"])))
        for k in total:
            total[k] += t[k]
    print("  (mismatching elements vs torch %s: model = torch_uint8_model.py, ref = interp's reference, "
          "compiled = interp-run's result%s; torch = cases whose torch runs (contiguous and channels-last) "
          "disagree or raise other than by its known defects; %d torch runs hit a known defect, %d cases dynamic)"
          % (torch.__version__, ", not counted" if not check_result else "", defects,
             sum(c["dynamic"] for c in cases)))
    ok = not (errors or total["model"] or total["other"] or total["ref"] or (check_result and total["result"]))
    print("torch_uint8_exact: %d cases, %d elements, mismatches: %d model, %d torch runs, %s reference, "
          "%s compiled%s, %d errors: %s" % (
              total["cases"], total["elements"], total["model"], total["other"],
              "-" if args.model_only else total["ref"], "-" if args.model_only else total["result"],
              "" if check_result else " (not counted)", errors, "PASS" if ok else "FAIL"), flush=True)
    if not args.work:
        shutil.rmtree(work, ignore_errors=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
