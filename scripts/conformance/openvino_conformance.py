#!/usr/bin/env python3
"""Conformance of interp (build/bin/interp-run) against the real OpenVINO.

Draws random Interpolate-4 / Interpolate-1 / Interpolate-11 cases, runs each
one through interp-run (compiled to native code) and through OpenVINO's own C++
reference implementation (a one-op model whose inputs are all Constants, folded
by the ConstantFolding pass, which calls Interpolate::evaluate()), and
classifies every case as

  agree      within tolerance (nearest: bit-exact; integers: exact),
  deviate    differs, and every differing element is explained by a
             documented interp Decision (docs/Semantics.md), each one verified
             by an actual recomputation (see classify()),
  ov-bug     differs where OpenVINO's reference has a bug that an emulation
             reproduces exactly while interp matches docs/Semantics.md (not a
             failure; listed separately),
  fail       anything else,
  n/a        not comparable by design (Interpolate-1 area: OpenVINO has no
             implementation; interp is checked against this script's own
             model of its documented area definition instead).

The Interpolate-11 Pillow modes (bilinear_pillow, bicubic_pillow) have their
own element classes (classify_v11: rounding ties of OpenVINO/Pillow vs interp's
half-to-even, and their propagation through the second pass) and a second
oracle, Pillow itself (pillow_eval), with Pillow >= 13's pass order.

See scripts/conformance/README.md. Exit status: 0 no failure, 1 failures,
77 skipped (OpenVINO could not be installed), 2 usage or setup error.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SKIP = 77
VENV_MARKER = "INTERP_CONFORMANCE_VENV"
DEFAULT_OPENVINO = "openvino>=2026,<2027"
DEFAULT_PILLOW = "Pillow>=12,<14"


# ----------------------------------------------------------------------------
# Bootstrap: own virtualenv with openvino + numpy, then re-exec inside it.
# ----------------------------------------------------------------------------

def skipped(msg):
    print("SKIPPED: " + msg, flush=True)
    sys.exit(SKIP)


def venv_python(venv):
    return os.path.join(venv, "bin", "python")


def have_packages(python, modules="numpy, openvino"):
    try:
        r = subprocess.run([python, "-c", "import " + modules],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)
        return r.returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


def pip_install(py, reqs):
    try:
        r = subprocess.run([py, "-m", "pip", "install", "--quiet", "--disable-pip-version-check"] + reqs,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=1800)
        out, rc = r.stdout, r.returncode
    except (OSError, subprocess.TimeoutExpired) as e:
        out, rc = str(e), 1
    return rc, [l for l in out.strip().splitlines() if l.strip()][-3:]


PILLOW_FAILED = ".pillow-install-failed"  # in the venv: do not retry pip on every run


def bootstrap(args, argv):
    if args.no_venv or args.worker:
        return
    venv = os.path.abspath(args.venv)
    py = venv_python(venv)
    if os.environ.get(VENV_MARKER) == venv:
        return  # already re-executed inside the venv
    if not (os.path.exists(py) and have_packages(py)):
        if not os.path.exists(py):
            r = subprocess.run([sys.executable, "-c", "import ensurepip, venv"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            if r.returncode != 0:
                skipped("%s cannot create virtual environments (no ensurepip/venv module; "
                        "on Debian: apt-get install python3-venv)" % sys.executable)
            print("conformance: creating virtualenv %s" % venv, flush=True)
            r = subprocess.run([sys.executable, "-m", "venv", venv],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            if r.returncode != 0:
                skipped("'%s -m venv %s' failed: %s" % (sys.executable, venv,
                                                        r.stdout.strip().splitlines()[-1:] or "?"))
        print("conformance: pip install %s numpy into %s" % (args.openvino, venv), flush=True)
        rc, last = pip_install(py, [args.openvino, "numpy"])
        if rc != 0 or not have_packages(py):
            skipped("could not install '%s' and numpy with pip (no network or no wheel for "
                    "this platform?): %s" % (args.openvino, " | ".join(last) or "import failed"))
    # Pillow: a second, optional oracle for the Pillow modes of Interpolate-11. Installed
    # separately, so that a missing wheel skips only that oracle (with a message, see main()).
    failed_marker = os.path.join(venv, PILLOW_FAILED)
    if args.pillow and not have_packages(py, "PIL") and not os.path.exists(failed_marker):
        print("conformance: pip install %s into %s" % (args.pillow, venv), flush=True)
        rc, last = pip_install(py, [args.pillow])
        if rc != 0 or not have_packages(py, "PIL"):
            print("conformance: could not install '%s' with pip (%s); the Pillow oracle is skipped. "
                  "Delete %s to retry." % (args.pillow, " | ".join(last) or "import failed", failed_marker),
                  flush=True)
            with open(failed_marker, "w") as f:
                f.write(" | ".join(last) + "\n")
    env = dict(os.environ)
    env[VENV_MARKER] = venv
    os.execve(py, [py, os.path.abspath(__file__)] + argv, env)


# ----------------------------------------------------------------------------
# Everything below runs inside the venv (numpy available).
# ----------------------------------------------------------------------------

np = None  # imported lazily (after bootstrap)

MLIR_TYPE = {"f32": "f32", "f16": "f16", "bf16": "bf16", "f64": "f64",
             "i8": "i8", "u8": "ui8", "i32": "i32", "i64": "i64"}
INT_TYPES = ("i8", "u8", "i32", "i64")
REF_TYPES = ("f32", "f16", "bf16", "i8", "u8")  # what OpenVINO's reference evaluate() supports
V4_MODES = ("nearest", "linear", "linear_onnx", "cubic")
CTMS = ("half_pixel", "pytorch_half_pixel", "asymmetric", "tf_half_pixel_for_nn", "align_corners")
NEAREST_MODES = ("round_prefer_floor", "round_prefer_ceil", "floor", "ceil", "simple")
ONNX_AXES = {2: [[0, 1]], 3: [[0, 1, 2]], 4: [[2, 3], [0, 1, 2, 3]], 5: [[2, 3, 4], [0, 1, 2, 3, 4]]}


def np_dtype(dt):
    return {"f32": np.float32, "f16": np.float16, "bf16": np.uint16, "f64": np.float64,
            "i8": np.int8, "u8": np.uint8, "i32": np.int32, "i64": np.int64}[dt]


def bf16_to_f32(bits):
    return (np.asarray(bits, np.uint16).astype(np.uint32) << 16).view(np.float32)


def f32_to_bf16(x):
    u = np.asarray(x, np.float32).view(np.uint32).astype(np.uint64)
    u = (u + 0x7FFF + ((u >> 16) & 1)) >> 16  # round to nearest even
    return u.astype(np.uint16)


def as_f64(a, dt):
    if dt == "bf16":
        return bf16_to_f32(a).astype(np.float64)
    return np.asarray(a).astype(np.float64)


# ----------------------------------------------------------------------------
# Case generation
# ----------------------------------------------------------------------------

def prod(xs):
    p = 1
    for x in xs:
        p *= int(x)
    return p


def f32(v):
    return np.float32(v)


def v4_out_shape(padded, axes, mode, sizes, scales):
    out = list(padded)
    for i, ax in enumerate(axes):
        if mode == "sizes":
            out[ax] = int(sizes[i])
        else:
            s = f32(scales[i])
            if s == f32(1.0):
                out[ax] = padded[ax]
            else:
                out[ax] = int(np.trunc(f32(padded[ax]) * (s + f32(1e-6))))
    return out


def padded_shape(shape, pb, pe):
    r = len(shape)
    pb = (list(pb) + [0] * r)[:r]
    pe = (list(pe) + [0] * r)[:r]
    return [shape[i] + pb[i] + pe[i] for i in range(r)], pb, pe


def pick_dtype(rng):
    names = ["f32", "f16", "bf16", "i8", "u8", "i32", "i64", "f64"]
    w = [0.52, 0.10, 0.05, 0.09, 0.09, 0.05, 0.05, 0.05]
    return names[rng.choice(len(names), p=w)]


def pick_shape(rng, rank, max_elems):
    hi = {1: 24, 2: 14, 3: 9, 4: 6, 5: 5}[rank]
    while True:
        shape = [int(rng.integers(1, hi + 1)) for _ in range(rank)]
        if rng.random() < 0.3:  # NCHW-like: small batch
            shape[0] = int(rng.integers(1, 3))
        if prod(shape) <= max_elems and max(shape) > 1:
            return shape


SCALE_CHOICES = [0.5, 2.0, 1.5, 0.75, 1.0, 0.25, 3.0, 1.0 / 3, 2.0 / 3, 0.6, 0.7, 1.25, 0.8,
                 0.9, 1.1, 2.5, 0.3, 0.4, 1.75, 0.53, 0.35, 0.45, 1.3, 2.2]


def pick_scale(rng, L):
    if rng.random() < 0.6:
        s = SCALE_CHOICES[rng.integers(len(SCALE_CHOICES))]
    else:
        s = round(float(rng.uniform(0.3, 3.0)), int(rng.integers(1, 4)))
    return float(f32(s))


def pick_size(rng, L):
    r = rng.random()
    if r < 0.12:
        return L
    if r < 0.2:
        return 1
    return int(rng.integers(1, max(3, int(2.5 * L)) + 1))


def gen_data(rng, dt, shape):
    n = prod(shape)
    kind = rng.random()
    if dt in ("i8", "u8"):
        info = np.iinfo(np_dtype(dt))
        if kind < 0.1:
            return np.full(shape, info.max if rng.random() < 0.7 else info.min, np_dtype(dt))
        return rng.integers(info.min, info.max + 1, size=shape).astype(np_dtype(dt))
    if dt in ("i32", "i64"):
        return rng.integers(-1000, 1001, size=shape).astype(np_dtype(dt))
    if kind < 0.15:
        x = rng.integers(-8, 9, size=shape).astype(np.float64)
    else:
        mag = [1.0, 1.0, 10.0, 100.0][rng.integers(4)] if dt in ("f32", "f64") else 1.0
        x = rng.uniform(-1.0, 1.0, size=shape) * mag
    if dt == "bf16":
        return f32_to_bf16(x.astype(np.float32)).reshape(shape)
    return x.astype(np_dtype(dt)).reshape(shape)


def linear_cost(case):
    # taps per output element for the reference's (non-separable) linear mode
    p = case["padded"]
    axes = case["axes_eff"]
    sc = case_scales_f64(case)
    active = case["antialias"] and any(s < 1 for s in sc)
    taps = 1
    for s in sc:
        a = s if active else 1.0
        r = 2 if s > 1 else int(np.ceil(2.0 / a))
        taps *= 2 * r + 1
    return taps * prod(case["out_shape"])


def gen_case(seed, idx, v1_fraction=0.15, v11_fraction=0.35):
    rng = np.random.default_rng([seed, idx])
    for _attempt in range(200):
        u = rng.random()
        c = gen_v11(rng) if u < v11_fraction else gen_v1(rng) if u < v11_fraction + v1_fraction else gen_v4(rng)
        if c is None:
            continue
        if prod(c["out_shape"]) == 0 or prod(c["out_shape"]) > 4000:
            continue
        if c["op"] in ("v4", "v11") and c["mode"] == "linear" and linear_cost(c) > 1.5e6:
            continue
        c["id"] = idx
        c["data"] = (gen_data_v11 if is_pillow(c) else gen_data)(rng, c["dtype"], c["shape"])
        return c
    raise RuntimeError("could not draw case %d" % idx)


def gen_v4(rng):
    mode = V4_MODES[rng.choice(4, p=[0.3, 0.2, 0.25, 0.25])]
    if mode == "linear_onnx":
        rank = int(rng.integers(2, 6))
    else:
        rank = int(rng.choice([1, 2, 3, 4, 5], p=[0.15, 0.25, 0.2, 0.25, 0.15]))
    dtype = pick_dtype(rng)
    shape = pick_shape(rng, rank, 1500)
    # pads
    pb, pe = [], []
    if rng.random() < 0.3:
        pb = [int(rng.integers(0, 3)) for _ in range(int(rng.integers(1, rank + 1)))]
        pe = [int(rng.integers(0, 3)) for _ in range(int(rng.integers(0, rank + 1)))]
    padded, pbr, per = padded_shape(shape, pb, pe)
    # axes
    if mode == "linear_onnx":
        opts = ONNX_AXES[rank]
        axes = list(opts[rng.integers(len(opts))])
    else:
        k = int(rng.integers(1, rank + 1))
        axes = [int(a) for a in rng.permutation(rank)[:k]]
    axes_operand = True
    if axes == list(range(rank)) and rng.random() < 0.4:
        axes_operand = False
    elif not (mode == "linear_onnx") and rng.random() < 0.1:
        axes = list(range(rank))
        axes_operand = False
    calc = "sizes" if rng.random() < 0.5 else "scales"
    keep_nc = (mode == "linear_onnx" and rank >= 4 and len(axes) == rank and rng.random() < 0.7)
    sizes, scales = [], []
    for ax in axes:
        L = padded[ax]
        if keep_nc and ax < 2:
            sizes.append(L)
            scales.append(1.0)
            continue
        if calc == "sizes":
            sizes.append(pick_size(rng, L))
            scales.append(pick_scale(rng, L) if rng.random() < 0.5 else float(f32(sizes[-1]) / f32(L)))
        else:
            scales.append(pick_scale(rng, L))
            sizes.append(int(rng.integers(1, 2 * L + 2)))
    out = v4_out_shape(padded, axes, calc, sizes, scales)
    c = dict(op="v4", mode=mode, rank=rank, dtype=dtype, shape=shape, pads_begin=pb, pads_end=pe,
             padded=padded, pb=pbr, pe=per, axes=axes, axes_eff=axes, axes_operand=axes_operand,
             calc=calc, sizes=sizes, scales=scales, out_shape=out,
             ctm=CTMS[rng.integers(len(CTMS))],
             nearest_mode=NEAREST_MODES[rng.integers(len(NEAREST_MODES))],
             antialias=bool(rng.random() < 0.35),
             cube_coeff=float([-0.75, -0.75, -0.5, -0.6, -1.0, -0.25][rng.integers(6)]),
             sizes_type="i64" if rng.random() < 0.75 else "i32",
             axes_type="i64" if rng.random() < 0.75 else "i32",
             scales_type="f32")
    # f16 / f64 scales operand only with values that are exact in them
    if rng.random() < 0.15 and all(float(np.float16(s)) == s for s in scales):
        c["scales_type"] = "f16"
    elif rng.random() < 0.1:
        c["scales_type"] = "f64"
    return c


def gen_v1(rng):
    mode = ["nearest", "linear", "cubic", "area"][rng.choice(4, p=[0.3, 0.35, 0.25, 0.1])]
    rank = int(rng.choice([1, 2, 3, 4, 5], p=[0.1, 0.2, 0.2, 0.35, 0.15]))
    dtype = pick_dtype(rng)
    shape = pick_shape(rng, rank, 1500)
    if rank == 4 and rng.random() < 0.5:
        axes = [2, 3]
    else:
        k = int(rng.integers(1, rank + 1))
        axes = sorted(int(a) for a in rng.permutation(rank)[:k])
    pb, pe = [0] * rank, [0] * rank
    if rng.random() < 0.3:
        for a in axes:
            pb[a] = int(rng.integers(0, 3))
            pe[a] = int(rng.integers(0, 3))
    padded, _, _ = padded_shape(shape, pb, pe)
    target = [pick_size(rng, padded[a]) for a in axes]
    out = list(shape)
    for a, t in zip(axes, target):
        out[a] = t
    ac = rng.random() < 0.5
    return dict(op="v1", mode=mode, rank=rank, dtype=dtype, shape=shape, pads_begin=pb, pads_end=pe,
                padded=padded, pb=pb, pe=pe, axes=axes, target=target, out_shape=out,
                align_corners=ac, print_ac=(not ac) or rng.random() < 0.5,
                antialias=bool(rng.random() < 0.3), target_type="i64" if rng.random() < 0.75 else "i32")


# Interpolate-11. Its modes nearest, linear, linear_onnx and cubic are exactly
# Interpolate-4 (a v4 case with one scales_or_sizes operand, classified by the
# v4 code); most v11 cases use the two Pillow modes.
PILLOW_MODES = ("bilinear_pillow", "bicubic_pillow")
V11_LAYOUTS = (("rank2", 2, [0, 1]), ("rank3", 3, [1, 2]), ("nchw", 4, [2, 3]), ("nhwc", 4, [1, 2]),
               ("rank5", 5, [3, 4]), ("other", None, None))


def is_pillow(c):
    return c["op"] == "v11" and c["mode"] in PILLOW_MODES


def gen_v11(rng, v4_modes_share=0.25):
    if rng.random() < v4_modes_share:
        c = gen_v4(rng)
        c["op"] = "v11"
        return c
    mode = PILLOW_MODES[int(rng.integers(2))]
    layout, rank, axes = V11_LAYOUTS[rng.choice(6, p=[0.3, 0.15, 0.2, 0.15, 0.1, 0.1])]
    if rank is None:  # any other strictly increasing pair at rank 3 or 4
        rank = int(rng.integers(3, 5))
        while True:
            axes = sorted(int(a) for a in rng.permutation(rank)[:2])
            if axes != [rank - 2, rank - 1] and axes != [1, 2]:
                break
    names = ["u8", "i8", "f32", "f16", "bf16", "i32", "i64", "f64"]
    dtype = names[rng.choice(len(names), p=[0.25, 0.14, 0.24, 0.12, 0.1, 0.05, 0.04, 0.06])]
    while True:
        shape = [int(rng.integers(1, 3 if rank == 5 else 4)) for _ in range(rank)]
        for ax in axes:
            shape[ax] = int(rng.integers(1, 33))
        if prod(shape) <= 1500 and max(shape[a] for a in axes) > 1:
            break
    pb, pe = [], []
    if rng.random() < 0.25:
        pb = [int(rng.integers(0, 3)) for _ in range(int(rng.integers(1, rank + 1)))]
        pe = [int(rng.integers(0, 3)) for _ in range(int(rng.integers(0, rank + 1)))]
        if rng.random() < 0.5:  # only on the resized axes
            pb = [v if d in axes else 0 for d, v in enumerate(pb)]
            pe = [v if d in axes else 0 for d, v in enumerate(pe)]
    padded, pbr, per = padded_shape(shape, pb, pe)
    calc = "sizes" if rng.random() < 0.6 else "scales"
    sizes, scales = [], []
    for ax in axes:
        L = padded[ax]
        if calc == "sizes":
            r = rng.random()
            sizes.append(L if r < 0.1 else 1 if r < 0.17 else int(rng.integers(1, 41)))
            scales.append(float(f32(sizes[-1]) / f32(L)))
        else:
            scales.append(1.0 if rng.random() < 0.07 else pick_scale(rng, L))
    out = v4_out_shape(padded, axes, calc, sizes, scales)
    if calc == "scales":
        sizes = [out[ax] for ax in axes]
    r = rng.random()
    cube = -0.5 if r < 0.5 else -0.75 if r < 0.75 else float([-0.6, -1.0, -0.25, -0.3, 0.0][rng.integers(5)])
    c = dict(op="v11", mode=mode, rank=rank, layout=layout, dtype=dtype, shape=shape, pads_begin=pb,
             pads_end=pe, padded=padded, pb=pbr, pe=per, axes=axes, axes_eff=axes,
             axes_operand=not (rank == 2 and rng.random() < 0.3),
             calc=calc, sizes=sizes, scales=scales, out_shape=out,
             # ignored by the Pillow modes: drawn so that they must stay ignored
             ctm=CTMS[rng.integers(len(CTMS))],
             nearest_mode=NEAREST_MODES[rng.integers(len(NEAREST_MODES))],
             antialias=bool(rng.random() < 0.35), cube_coeff=cube,
             sizes_type="i64" if rng.random() < 0.75 else "i32",
             axes_type="i64" if rng.random() < 0.75 else "i32", scales_type="f32")
    if rng.random() < 0.15 and all(float(np.float16(v)) == v for v in scales):
        c["scales_type"] = "f16"
    elif rng.random() < 0.1:
        c["scales_type"] = "f64"
    return c


def gen_data_v11(rng, dt, shape):
    """Data for the Pillow modes: uniform, few levels (many exact ties), extremes
    (bicubic overshoot and saturation), small values."""
    k = int(rng.integers(4))
    if dt in INT_TYPES:
        if dt in ("i8", "u8"):
            info = np.iinfo(np_dtype(dt))
            lo, hi = int(info.min), int(info.max) + 1
        else:
            lo, hi = (-1000, 1001) if rng.random() < 0.7 else (-100000, 100001)
        if k == 0:
            x = rng.integers(lo, hi, size=shape)
        elif k == 1:
            x = lo + rng.integers(0, 4, size=shape) * ((hi - 1 - lo) // 3)
        elif k == 2:
            x = np.where(rng.random(shape) < 0.5, lo, hi - 1)
        else:
            x = rng.integers(0, 3, size=shape) * 2 + 1 + (0 if lo == 0 else lo // 4)
        return np.asarray(x).astype(np_dtype(dt))
    if k == 0:
        x = rng.random(shape) * 255
    elif k == 1:
        x = rng.integers(-128, 128, size=shape).astype(np.float64)
    elif k == 2:
        x = rng.standard_normal(shape) * 10
    else:
        x = np.where(rng.random(shape) < 0.5, 0.0, 255.0)
    if dt == "bf16":
        return f32_to_bf16(x.astype(np.float32)).reshape(shape)
    return x.astype(np_dtype(dt)).reshape(shape)


def as_v4(c, interp_decision=False):
    """The Interpolate-4 case that c computes (v11 non-Pillow modes are exactly v4)."""
    if c["op"] == "v1":
        return v1_to_v4(c, interp_decision)
    if c["op"] == "v11":
        return dict(c, op="v4")
    return c


# ----------------------------------------------------------------------------
# Interpolate-1 -> Interpolate-4, as OpenVINO's ConvertInterpolate1ToInterpolate4
# (src/common/transformations/.../convert_interpolate1_to_interpolate4.cpp) and
# reference::transform_v0_to_v4 do it: sizes mode, nearest_mode simple,
# cube_coeff -0.75, antialias and pads copied, linear -> linear_onnx below rank 5.
# ----------------------------------------------------------------------------

def v1_to_v4(c, interp_decision=False):
    rank = c["rank"]
    mode = c["mode"]
    antialias = c["antialias"]
    if mode == "linear":
        if rank < 5:
            mode = "linear_onnx"
            if interp_decision and c["axes"] not in ONNX_AXES.get(rank, []):
                mode, antialias = "linear", False  # interp's Decision (docs/Semantics.md)
        else:
            mode = "linear"
    zero_pads = not any(c["pads_begin"]) and not any(c["pads_end"])
    if c["align_corners"]:
        ctm = "align_corners"
    elif c["mode"] == "linear" and zero_pads and not (rank == 4 and c["axes"] == [2, 3]):
        ctm = "half_pixel"
    else:
        ctm = "asymmetric"
    scales = [float(f32(t) / f32(c["shape"][a])) for a, t in zip(c["axes"], c["target"])]
    return dict(op="v4", mode=mode, rank=rank, dtype=c["dtype"], shape=c["shape"],
                pads_begin=c["pads_begin"], pads_end=c["pads_end"], padded=c["padded"], pb=c["pb"],
                pe=c["pe"], axes=c["axes"], axes_eff=c["axes"], axes_operand=True, calc="sizes",
                sizes=c["target"], scales=scales, out_shape=c["out_shape"], ctm=ctm, data=c.get("data"),
                nearest_mode="simple", antialias=antialias, cube_coeff=-0.75, sizes_type="i64",
                axes_type="i64", scales_type="f32")


# ----------------------------------------------------------------------------
# MLIR
# ----------------------------------------------------------------------------

def ttype(shape, et):
    return "tensor<%s%s>" % ("".join("%dx" % d for d in shape), et)


def fmt_float(v, t):
    if t == "f16":
        return repr(float(np.float16(v)))
    if t == "f64":
        return repr(float(v))
    return repr(float(f32(v)))  # exact decimal of the float32 value


def dense(vals, t):
    if t in ("f16", "f32", "f64"):
        body = ", ".join(fmt_float(v, t) for v in vals)
    else:
        body = ", ".join(str(int(v)) for v in vals)
    return "arith.constant dense<[%s]> : %s" % (body, ttype([len(vals)], t))


def arr(vals):
    return "array<i64%s>" % ("".join([": "] + [", ".join(str(v) for v in vals)]) if vals else "")


def to_mlir(c):
    et = MLIR_TYPE[c["dtype"]]
    tin, tout = ttype(c["shape"], et), ttype(c["out_shape"], et)
    lines = ["func.func @main(%%x: %s) -> %s {" % (tin, tout)]
    if c["op"] == "v4":
        n = len(c["axes"])
        lines.append("  %%sizes = %s" % dense(c["sizes"], c["sizes_type"]))
        lines.append("  %%scales = %s" % dense(c["scales"], c["scales_type"]))
        operands = ["%x", "%sizes", "%scales"]
        types = [tin, ttype([n], c["sizes_type"]), ttype([n], c["scales_type"])]
        if c["axes_operand"]:
            lines.append("  %%axes = %s" % dense(c["axes"], c["axes_type"]))
            operands.append("%axes")
            types.append(ttype([n], c["axes_type"]))
        attrs = ["mode = %s" % c["mode"], "shape_calculation_mode = %s" % c["calc"],
                 "coordinate_transformation_mode = %s" % c["ctm"],
                 "nearest_mode = %s" % c["nearest_mode"],
                 "antialias = %s" % ("true" if c["antialias"] else "false"),
                 "cube_coeff = %r : f64" % c["cube_coeff"]]
        if c["pads_begin"]:
            attrs.append("pads_begin = %s" % arr(c["pads_begin"]))
        if c["pads_end"]:
            attrs.append("pads_end = %s" % arr(c["pads_end"]))
        lines.append("  %%r = interp.interpolate_v4 %s {%s}" % (", ".join(operands), ", ".join(attrs)))
        lines.append("       : (%s) -> %s" % (", ".join(types), tout))
    elif c["op"] == "v11":
        n = len(c["axes"])
        if c["calc"] == "sizes":
            lines.append("  %%sos = %s" % dense(c["sizes"], c["sizes_type"]))
            sos_t = ttype([n], c["sizes_type"])
        else:
            lines.append("  %%sos = %s" % dense(c["scales"], c["scales_type"]))
            sos_t = ttype([n], c["scales_type"])
        operands, types = ["%x", "%sos"], [tin, sos_t]
        if c["axes_operand"]:
            lines.append("  %%axes = %s" % dense(c["axes"], c["axes_type"]))
            operands.append("%axes")
            types.append(ttype([n], c["axes_type"]))
        attrs = ["mode = %s" % c["mode"], "shape_calculation_mode = %s" % c["calc"],
                 "coordinate_transformation_mode = %s" % c["ctm"],
                 "nearest_mode = %s" % c["nearest_mode"],
                 "antialias = %s" % ("true" if c["antialias"] else "false"),
                 "cube_coeff = %r : f64" % c["cube_coeff"]]
        if c["pads_begin"]:
            attrs.append("pads_begin = %s" % arr(c["pads_begin"]))
        if c["pads_end"]:
            attrs.append("pads_end = %s" % arr(c["pads_end"]))
        lines.append("  %%r = interp.interpolate_v11 %s {%s}" % (", ".join(operands), ", ".join(attrs)))
        lines.append("       : (%s) -> %s" % (", ".join(types), tout))
    else:
        n = len(c["axes"])
        lines.append("  %%t = %s" % dense(c["target"], c["target_type"]))
        attrs = ["axes = %s" % arr(c["axes"]), "mode = %s" % c["mode"]]
        if c["print_ac"]:
            attrs.append("align_corners = %s" % ("true" if c["align_corners"] else "false"))
        if c["antialias"]:
            attrs.append("antialias = true")
        if any(c["pads_begin"]):
            attrs.append("pads_begin = %s" % arr(c["pads_begin"]))
        if any(c["pads_end"]):
            attrs.append("pads_end = %s" % arr(c["pads_end"]))
        lines.append("  %%r = interp.interpolate_v1 %%x, %%t {%s}" % ", ".join(attrs))
        lines.append("       : (%s, %s) -> %s" % (tin, ttype([n], c["target_type"]), tout))
    lines.append("  return %%r : %s" % tout)
    lines.append("}")
    return "\n".join(lines) + "\n"


def describe(c):
    if is_pillow(c):
        s = "v11 %s %s %s->%s axes=%s%s %s=%s" % (
            c["mode"], c["dtype"], "x".join(map(str, c["shape"])), "x".join(map(str, c["out_shape"])),
            c["axes"], "" if c["axes_operand"] else "(none)", c["calc"],
            c["sizes"] if c["calc"] == "sizes" else [float(f32(v)) for v in c["scales"]])
        if c["mode"] == "bicubic_pillow":
            s += " a=%g" % c["cube_coeff"]
    elif c["op"] in ("v4", "v11"):
        s = "%s %s %s %s->%s axes=%s%s %s=%s ctm=%s" % (
            c["op"], c["mode"], c["dtype"], "x".join(map(str, c["shape"])), "x".join(map(str, c["out_shape"])),
            c["axes"], "" if c["axes_operand"] else "(none)", c["calc"],
            c["sizes"] if c["calc"] == "sizes" else [float(f32(v)) for v in c["scales"]], c["ctm"])
        if c["mode"] == "nearest":
            s += " nm=" + c["nearest_mode"]
        if c["mode"] == "linear" and c["antialias"]:
            s += " aa"
        if c["mode"] == "cubic":
            s += " a=%g" % c["cube_coeff"]
    else:
        s = "v1 %s %s %s->%s axes=%s target=%s ac=%d%s" % (
            c["mode"], c["dtype"], "x".join(map(str, c["shape"])), "x".join(map(str, c["out_shape"])),
            c["axes"], c["target"], c["align_corners"], " aa" if c["antialias"] else "")
    if any(c["pads_begin"]) or any(c["pads_end"]):
        s += " pads=%s/%s" % (c["pads_begin"], c["pads_end"])
    return s


# ----------------------------------------------------------------------------
# Independent NumPy model of docs/Semantics.md, with the OpenVINO-reference
# float32 coordinate arithmetic as a switch. Used only to *explain* a
# disagreement (and as a sanity check); the verdict is interp vs OpenVINO.
# ----------------------------------------------------------------------------

def round_half_away(c):
    t = np.trunc(c)
    return t + np.where(np.abs(c - t) >= 0.5, np.sign(c), 0)


def case_scales_f64(c):
    """Per-axis scale used by the coordinate math, interp semantics (float64)."""
    out = []
    for i, ax in enumerate(c["axes_eff"]):
        if c["calc"] == "scales":
            out.append(float(f32(c["scales"][i])))
        else:
            out.append(float(c["sizes"][i]) / float(c["padded"][ax]))
    return out


def case_scales_f32(c):
    out = []
    for i, ax in enumerate(c["axes_eff"]):
        if c["calc"] == "scales":
            out.append(f32(c["scales"][i]))
        else:
            out.append(f32(c["sizes"][i]) / f32(c["padded"][ax]))
    return out


def coords(ctm, Lin, Lout, s, prec):
    """Input coordinate of every output index on one axis."""
    if prec == "f64":
        x = np.arange(Lout, dtype=np.float64)
        if s == 1.0 or Lout == Lin:
            return x
        if ctm == "half_pixel":
            return (x + 0.5) / s - 0.5
        if ctm == "pytorch_half_pixel":
            return (x + 0.5) / s - 0.5 if Lout > 1 else np.zeros(Lout)
        if ctm == "asymmetric":
            return x / s
        if ctm == "tf_half_pixel_for_nn":
            return (x + 0.5) / s
        return np.zeros(Lout) if Lout == 1 else x * (Lin - 1) / (Lout - 1)
    # OpenVINO reference: every operand and operation in float32
    x = np.arange(Lout, dtype=np.float32)
    s = f32(s)
    lo, li = f32(Lout), f32(Lin)
    if s == f32(1) or lo == li:
        return x
    h = f32(0.5)
    if ctm == "half_pixel":
        return (x + h) / s - h
    if ctm == "pytorch_half_pixel":
        return (x + h) / s - h if lo > 1 else np.zeros(Lout, np.float32)
    if ctm == "asymmetric":
        return x / s
    if ctm == "tf_half_pixel_for_nn":
        return (x + h) / s
    return np.zeros(Lout, np.float32) if lo == 1 else (x * (li - f32(1))) / (lo - f32(1))


def nearest_index(c, nm, down, Lin, prec):
    if nm == "round_prefer_floor":
        if prec == "f32":
            tie = c == (np.trunc(c).astype(np.float32) + f32(0.5))
        else:
            tie = c == np.trunc(c) + 0.5
        r = np.where(tie, np.floor(c), round_half_away(c.astype(np.float64)))
    elif nm == "round_prefer_ceil":
        r = round_half_away(c.astype(np.float64))
    elif nm == "floor":
        r = np.floor(c)
    elif nm == "ceil":
        r = np.ceil(c)
    else:
        r = np.ceil(c) if down else np.trunc(c)
    return np.clip(r.astype(np.float64), 0, Lin - 1).astype(np.int64)


def axis_params(c, prec):
    """(Lin, Lout, scale) for every dimension; non-axis dims: scale 1."""
    sc = case_scales_f64(c) if prec == "f64" else case_scales_f32(c)
    par = [(c["padded"][d], c["padded"][d], 1.0 if prec == "f64" else f32(1)) for d in range(c["rank"])]
    for i, ax in enumerate(c["axes_eff"]):
        par[ax] = (c["padded"][ax], c["out_shape"][ax], sc[i])
    return par


def pad_data(c, x):
    return np.pad(x, [(c["pb"][d], c["pe"][d]) for d in range(c["rank"])])


def nearest_indices(c, prec):
    idx = []
    for d, (Lin, Lout, s) in enumerate(axis_params(c, prec)):
        cc = coords(c["ctm"], Lin, Lout, s, prec)
        idx.append(nearest_index(cc, c["nearest_mode"], s < 1, Lin, prec))
    return idx


def apply_axis(x, W, axis):
    y = np.tensordot(W, x, axes=([1], [axis]))
    return np.moveaxis(y, 0, axis)


def weight_matrix(c, mode, Lin, Lout, s, a_aa=1.0, prec="f64"):
    """Per-axis weights (Lout x Lin). prec="f32" emulates OpenVINO's reference:
    coordinates (and linear's triangle weights) in float32."""
    W = np.zeros((Lout, Lin))
    o = np.arange(Lout)
    if mode == "area":
        step = Lin / Lout
        for k in range(Lout):
            lo, hi = k * step, (k + 1) * step
            for j in range(int(np.floor(lo)), min(Lin, int(np.ceil(hi)))):
                W[k, j] = max(0.0, min(hi, j + 1) - max(lo, j)) / step
        return W
    cc32 = coords(c["ctm"], Lin, Lout, s, prec)
    cc = cc32.astype(np.float64)
    if mode == "linear_onnx":
        cl = np.clip(cc, 0, Lin - 1)
        i1 = np.minimum(np.trunc(cl).astype(np.int64), Lin - 1)
        i2 = np.minimum(i1 + 1, Lin - 1)
        d1, d2 = np.abs(cl - i1), np.abs(cl - i2)
        same = i1 == i2
        d1[same] = 0.5
        d2[same] = 0.5
        np.add.at(W, (o, i1), d2)
        np.add.at(W, (o, i2), d1)
    elif mode == "cubic":
        a = float(f32(c["cube_coeff"]))
        base = np.floor(cc)
        f = cc - base

        def k(t):
            t = np.abs(t)
            return np.where(t <= 1, (a + 2) * t ** 3 - (a + 3) * t ** 2 + 1,
                            np.where(t < 2, a * t ** 3 - 5 * a * t ** 2 + 8 * a * t - 4 * a, 0.0))
        for j, dist in enumerate([f + 1, f, 1 - f, 2 - f]):
            tap = np.clip(base.astype(np.int64) - 1 + j, 0, Lin - 1)
            np.add.at(W, (o, tap), k(dist))
    elif mode == "linear":
        if prec == "f32":
            r = 2 if s > 1 else int(np.ceil(f32(2.0) / f32(a_aa)))
        else:
            r = 2 if s > 1 else int(np.ceil(2.0 / a_aa))
        centre = round_half_away(cc).astype(np.int64)
        for t in range(-r, r + 1):
            tap = centre + t
            ok = (tap >= 0) & (tap < Lin)
            if prec == "f32":
                w = np.maximum(f32(0), f32(1) - np.abs(f32(a_aa) * (cc32 - tap.astype(np.float32))))
                w = w.astype(np.float64)
            else:
                w = np.maximum(0.0, 1.0 - np.abs(a_aa * (cc - tap)))
            W[o[ok], tap[ok]] += w[ok]
        sums = W.sum(axis=1, keepdims=True)
        W = np.where(sums == 0, 0.0, W / np.where(sums == 0, 1.0, sums))
    return W


def model_eval(c, x, prec="f64"):
    """interp's documented semantics (c is a v4 case or a v1 area case).
    nearest: the selected elements (exact); else float64 values before the store."""
    xp = pad_data(c, x)
    mode = c["mode"]
    if mode == "nearest":
        return xp[np.ix_(*nearest_indices(c, prec))]
    y = as_f64(xp, c["dtype"])
    if mode == "area":
        for ax in c["axes"]:
            y = apply_axis(y, weight_matrix(c, "area", c["padded"][ax], c["out_shape"][ax], 1.0), ax)
        return y
    sc = case_scales_f64(c) if prec == "f64" else case_scales_f32(c)
    active = mode == "linear" and c["antialias"] and any(s < 1 for s in sc)
    for i, ax in enumerate(c["axes_eff"]):
        Lin, Lout, s = c["padded"][ax], c["out_shape"][ax], sc[i]
        y = apply_axis(y, weight_matrix(c, mode, Lin, Lout, s, s if active else 1.0, prec), ax)
    return y


def ov_onnx_rank5_bug_condition(c4):
    return (c4["mode"] == "linear_onnx" and c4["rank"] == 5 and list(c4["axes_eff"]) == [2, 3, 4]
            and c4["out_shape"][2] == c4["padded"][2])


def ov_onnx_rank5_bug_emulation(c4, x):
    """OpenVINO's reference linear_onnx (get_info_for_generic_linear_onnx) folds
    channels and depth together when C and D keep their lengths, and then takes
    the coordinate parameters of axes[0] (D) for H and of axes[1] (H) for W.
    Emulated here in float64: W is resized with the scale and lengths of H and
    clamped to W's range; H with D's (an identity coordinate, clamped to H)."""
    y = as_f64(pad_data(c4, x), c4["dtype"])
    P, O = c4["padded"], c4["out_shape"]
    sc = case_scales_f64(c4)
    for real, borrowed, s in ((3, 2, sc[0]), (4, 3, sc[1])):
        Lin, Lout = P[real], O[real]
        Lin_p, Lout_p = P[borrowed], O[borrowed]
        x_ = np.arange(Lout, dtype=np.float64)
        if s == 1.0 or Lin_p == Lout_p:
            cc = x_
        else:
            ctm = c4["ctm"]
            cc = {"half_pixel": (x_ + 0.5) / s - 0.5,
                  "pytorch_half_pixel": (x_ + 0.5) / s - 0.5 if Lout_p > 1 else 0 * x_,
                  "asymmetric": x_ / s, "tf_half_pixel_for_nn": (x_ + 0.5) / s,
                  "align_corners": 0 * x_ if Lout_p == 1 else x_ * (Lin_p - 1) / (Lout_p - 1)}[ctm]
        W = np.zeros((Lout, Lin))
        o = np.arange(Lout)
        cl = np.clip(cc, 0, Lin - 1)
        i1 = np.minimum(np.trunc(cl).astype(np.int64), Lin - 1)
        i2 = np.minimum(i1 + 1, Lin - 1)
        d1, d2 = np.abs(cl - i1), np.abs(cl - i2)
        same = i1 == i2
        d1[same] = 0.5
        d2[same] = 0.5
        np.add.at(W, (o, i1), d2)
        np.add.at(W, (o, i2), d1)
        y = apply_axis(y, W, real)
    return y


def interp_store(v, dt):
    if dt in INT_TYPES:
        info = np.iinfo(np_dtype(dt))
        return np.clip(np.rint(v), info.min, info.max).astype(np_dtype(dt))
    if dt == "bf16":
        return f32_to_bf16(v.astype(np.float32))
    return v.astype(np_dtype(dt))


def ov_ref_int_store(v, dt, mode):
    """OpenVINO reference: static_cast<T>(std::round(v)) for linear, static_cast<T>(v)
    (truncation) for linear_onnx and cubic; an out-of-range 8-bit cast wraps
    (x86: cvttss2si to int32, low byte kept)."""
    r = round_half_away(v) if mode == "linear" else np.trunc(v)
    if dt in ("i8", "u8"):
        return (r.astype(np.int64) & 0xFF).astype(np.uint8).view(np_dtype(dt))
    return r.astype(np_dtype(dt))


# ----------------------------------------------------------------------------
# Interpolate-11 Pillow modes: a NumPy model of SEMANTICS-v11.md and the
# classification predicates (all computed from the interp side only).
# ----------------------------------------------------------------------------

TAU_F32 = 2.0 ** -20   # near-tie width (relative to S = sum |w||x|) for float32 accumulation
TAU_F64 = 2.0 ** -40   # ... for float64 accumulation
PILLOW_TAP_MARGIN = 2.0 ** -15  # Pillow 'L': 22-bit coefficients, error <= 255 * 2^-23 per tap


def pil_weights(L, O, mode, a):
    """SEMANTICS-v11.md step 5 in float64, as a dense (O x L) matrix (zeros outside the window)."""
    import math
    W = np.zeros((O, L))
    if O == 0:
        return W
    S = 1.0 if mode == "bilinear_pillow" else 2.0
    a = float(a)

    def f(t):
        t = abs(t)
        if mode == "bilinear_pillow":
            return 1.0 - t if t < 1.0 else 0.0
        # The spec fixes the real numbers, not the evaluation order. This is the order
        # of interp's rules::cubicWeight (shared with cubic); the literal
        # a*(t^3 - 5t^2 + 8t - 4) differs in the last bit of some f64 weights, which
        # only f64 data can show (SEMANTICS-v11.md's formula is not bit-specified).
        if t <= 1.0:
            return ((a + 2.0) * t - (a + 3.0)) * t * t + 1.0
        if t < 2.0:
            return ((a * t - 5.0 * a) * t + 8.0 * a) * t - 4.0 * a
        return 0.0
    s = float(L) / float(O)
    fs = max(s, 1.0)
    R = S * fs
    for o in range(O):
        c = (o + 0.5) * s
        lo, hi = max(0, math.floor(c - R + 0.5)), min(L, math.floor(c + R + 0.5))
        ws = [f((j + 0.5 - c) / fs) for j in range(lo, hi)]
        tot = 0.0
        for w in ws:
            tot += w
        W[o, lo:hi] = [w / tot for w in ws] if tot != 0.0 else ws
    return W


def pil_acc(dt):
    return np.float64 if dt in ("f64", "i32", "i64") else np.float32


def pil_padded(c, x=None):
    """The zero-padded data; bf16 as float32 values."""
    x = c["data"] if x is None else x
    xp = pad_data(c, x)
    return bf16_to_f32(xp) if c["dtype"] == "bf16" else xp


def pil_hw(c):
    h, w = c["axes_eff"]
    return h, w, c["out_shape"][h], c["out_shape"][w]


def pil_model(c, xp, order="wh"):
    """interp's documented result (SEMANTICS-v11.md): weights rounded once to the
    accumulation type, taps summed in order from 0 (every operation rounded), integer
    data rounded half to even and saturated after each pass. order="hw": vertical first."""
    h, w, Oh, Ow = pil_hw(c)
    dt = c["dtype"]
    adt = pil_acc(dt)
    is_int = dt in INT_TYPES
    cur = xp if is_int else xp.astype(adt)
    for ax, O in ((w, Ow), (h, Oh)) if order == "wh" else ((h, Oh), (w, Ow)):
        L = cur.shape[ax]
        if L == O:
            continue
        W = pil_weights(L, O, c["mode"], c["cube_coeff"]).astype(adt)
        xm = np.moveaxis(cur, ax, -1).astype(adt)
        acc = np.zeros(xm.shape[:-1] + (O,), adt)
        for j in range(L):
            acc = acc + W[:, j] * xm[..., j:j + 1]
        acc = np.moveaxis(acc, -1, ax)
        cur = interp_store(acc, dt) if is_int else acc
    if is_int:
        return cur.astype(np_dtype(dt))
    if dt == "bf16":
        return bf16_to_f32(f32_to_bf16(cur.astype(np.float32)))
    return cur.astype(np_dtype(dt))


def pil_masks(c, xp, tau, tap_margin=0.0):
    """The integer predicate of the research report (sec. 5), for the W-then-H order:
    tie  = the output's last pass is within tau*max(1,S) (+ n_taps*tap_margin) of k+0.5,
    taint = the output's second pass reads, with a non-zero weight, an intermediate
    element whose first pass was such a near tie. Accepted: d == 0, |d| == 1 at tie or
    taint, |d| == 2 at taint."""
    h, w, Oh, Ow = pil_hw(c)
    info = np.iinfo(np_dtype(c["dtype"]))
    cur = xp.astype(np.float64)

    def one(cur, ax, O):
        W = pil_weights(cur.shape[ax], O, c["mode"], c["cube_coeff"])
        A = apply_axis(cur, W, ax)
        S = apply_axis(np.abs(cur), np.abs(W), ax)
        shp = [1] * cur.ndim
        shp[ax] = O
        ntaps = (W != 0).sum(axis=1).reshape(shp)
        tie = np.abs(A - (np.floor(A) + 0.5)) <= tau * np.maximum(1.0, S) + ntaps * tap_margin
        return A, tie, W
    tie1 = None
    res = {}
    if cur.shape[w] != Ow:
        A1, tie1, _ = one(cur, w, Ow)
        cur = np.clip(np.rint(A1), info.min, info.max)
    if cur.shape[h] != Oh:
        A2, tie2, W2 = one(cur, h, Oh)
        taint = (apply_axis(tie1.astype(np.float64), (W2 != 0).astype(np.float64), h) > 0
                 if tie1 is not None else np.zeros(tie2.shape, bool))
        res.update(tie=tie2, taint=taint, A=A2)
    else:
        res.update(tie=tie1 if tie1 is not None else np.zeros(cur.shape, bool),
                   taint=np.zeros(cur.shape, bool), A=cur)
    return res


def ulp_of(v, dt):
    v = np.abs(np.asarray(v, np.float64))
    if dt == "bf16":
        return 2.0 ** (np.floor(np.log2(np.maximum(v, 1e-30))) - 7)
    t = {"f16": np.float16, "f32": np.float32, "f64": np.float64}[dt]
    return np.spacing(v.astype(t)).astype(np.float64)


def pil_compare(c, got, exp, xp, masks=None, ulp_dt=None, tol=1e-6):
    """Element classes of interp (got) against one oracle (exp). Integers: the
    predicate of pil_masks; floats: |d| <= ulp_T(|oracle|) + tol*M, M = max(1, max|x_padded|)."""
    n = int(got.size)
    if c["dtype"] in INT_TYPES:
        d = np.abs(got.astype(np.int64) - exp.astype(np.int64))
        tie = (d == 1) & masks["tie"]
        prop = (((d == 1) & ~masks["tie"]) | (d == 2)) & masks["taint"]
        bad = (d != 0) & ~tie & ~prop
        return dict(n=n, equal=int((d == 0).sum()), tie=int(tie.sum()), prop=int(prop.sum()),
                    within=0, bad=bad, maxd=int(d.max()) if n else 0)
    g = bf16_to_f32(got).astype(np.float64) if c["dtype"] == "bf16" else got.astype(np.float64)
    e = bf16_to_f32(exp).astype(np.float64) if c["dtype"] == "bf16" else exp.astype(np.float64)
    M = max(1.0, float(np.abs(xp.astype(np.float64)).max()) if xp.size else 1.0)
    d = np.abs(g - e)
    bad = d > ulp_of(e, ulp_dt or c["dtype"]) + tol * M
    eq = int((g == e).sum())
    return dict(n=n, equal=eq, tie=0, prop=0, within=n - eq - int(bad.sum()), bad=bad,
                maxd=float((d / M).max()) if n else 0.0)


def pil_verdict(st):
    if st["bad"].any():
        return "fail"
    return "agree" if st["tie"] + st["prop"] == 0 else "deviate"


def pil_describe(st, what):
    if st["bad"].any():
        return "%d of %d elements unexplained" % (int(st["bad"].sum()), st["n"])
    if st["tie"] + st["prop"]:
        return "%d elements at a near tie (%s), %d propagated from a pass-1 tie" % (st["tie"], what, st["prop"])
    if st["equal"] == st["n"]:
        return "bit-exact"
    return "%d of %d elements within the float tolerance (max |d|/M %.2g)" % (st["within"], st["n"], st["maxd"])


# ----------------------------------------------------------------------------
# OpenVINO worker (a separate process: the reference can crash on some inputs)
# ----------------------------------------------------------------------------

def worker_main():
    out = os.fdopen(os.dup(1), "w", buffering=1)
    requests = os.fdopen(os.dup(0), "r")
    os.dup2(2, 1)  # anything OpenVINO prints goes to stderr
    # Nothing else may read stdin: a fork from another thread (multiprocessing
    # closes sys.stdin in the child) would deadlock on its lock.
    sys.stdin = open(os.devnull)
    # 'import openvino' imports openvino.tools.ovc, which sends a telemetry event
    # from a thread through a forked process. Make it use its built-in stub.
    sys.modules["openvino_telemetry"] = None
    import numpy
    global np
    np = numpy
    import openvino as ov
    from openvino import opset1 as o1, opset10 as o10, opset11 as o11
    from openvino.passes import Manager, ConstantFolding
    core = ov.Core()
    OVT = {"f32": ov.Type.f32, "f16": ov.Type.f16, "bf16": ov.Type.bf16, "f64": ov.Type.f64,
           "i8": ov.Type.i8, "u8": ov.Type.u8, "i32": ov.Type.i32, "i64": ov.Type.i64}
    out.write(json.dumps({"version": ov.get_version()}) + "\n")

    def tensor(a, dt):
        t = ov.Tensor(OVT[dt], ov.Shape(list(a.shape)))
        if dt == "bf16":
            t.data.view(np.uint16)[...] = a
        else:
            t.data[...] = a
        return t

    def read(t, dt):
        d = t.data
        return np.array(d.view(np.uint16) if dt == "bf16" else d, copy=True)

    def const(vals, t):
        return o1.constant(np.array(vals, dtype={"i64": np.int64, "i32": np.int32}.get(t, np.float32)))

    def v4_node(spec, data_node):
        # scales are always given to OpenVINO as f32 (the value interp reads)
        return o10.interpolate(data_node, const(spec["sizes"], spec["sizes_type"]),
                               const(spec["scales"], "f32"), spec["mode"], spec["calc"],
                               pads_begin=spec["pads_begin"], pads_end=spec["pads_end"],
                               coordinate_transformation_mode=spec["ctm"],
                               nearest_mode=spec["nearest_mode"], antialias=spec["antialias"],
                               cube_coeff=spec["cube_coeff"],
                               axes=const(spec["axes"], spec["axes_type"]) if spec["axes_operand"] else None)

    def v11_node(spec, data_node):
        sos = (const(spec["sizes"], spec["sizes_type"]) if spec["calc"] == "sizes"
               else const(spec["scales"], "f32"))  # scales as f32, the value interp reads
        if spec["mode"] in PILLOW_MODES and spec["out_shape"][spec["axes_eff"][0]] == 0:
            # interpolate_pil.hpp reads bounds_vert[ysize*2-2] with ysize = 0: a segfault
            raise RuntimeError("not evaluated: the reference crashes when the H output length is 0")
        return o11.interpolate(data_node, sos, spec["mode"], spec["calc"],
                               pads_begin=spec["pads_begin"], pads_end=spec["pads_end"],
                               coordinate_transformation_mode=spec["ctm"],
                               nearest_mode=spec["nearest_mode"], antialias=spec["antialias"],
                               cube_coeff=spec["cube_coeff"],
                               axes=const(spec["axes"], spec["axes_type"]) if spec["axes_operand"] else None)

    def node_for(spec, data_node):
        return {"v4": v4_node, "v11": v11_node, "v1": v1_node}[spec["op"]](spec, data_node)

    def v1_node(spec, data_node):
        attrs = {"axes": spec["axes"], "mode": spec["mode"], "align_corners": spec["align_corners"],
                 "antialias": spec["antialias"], "pads_begin": spec["pads_begin"],
                 "pads_end": spec["pads_end"]}
        return o1.interpolate(data_node, const(spec["target"], spec["target_type"]), attrs)

    def ref_fold(spec, x, dt):
        """The C++ reference: fold a one-op model whose inputs are Constants."""
        n = node_for(spec, ov.op.Constant(tensor(x, dt)))
        m = ov.Model([n], [])
        pm = Manager()
        pm.register_pass(ConstantFolding())
        pm.run_passes(m)
        r = m.get_results()[0].input_value(0).get_node()
        if r.get_type_name() != "Constant":
            raise RuntimeError("not constant-folded (no evaluate() for %s?)" % dt)
        return read(r.get_tensor_view(), dt)

    def ref_evaluate(spec, x, dt):
        """Alternative route: Node.evaluate() directly (same C++ code)."""
        n = node_for(spec, ov.op.Constant(tensor(x, dt)))
        ins = [tensor(x, dt)] + [ov.Tensor(n.input_value(i).get_node().get_data())
                                 for i in range(1, n.get_input_size())]
        o = ov.Tensor(OVT[dt], n.get_output_shape(0))
        if not n.evaluate([o], ins):
            raise RuntimeError("evaluate() returned false for %s" % dt)
        return read(o, dt)

    def cpu(spec, x, dt):
        p = o1.parameter(list(x.shape), OVT[dt])
        n = node_for(spec, p)
        cm = core.compile_model(ov.Model([n], [p]), "CPU", {"INFERENCE_PRECISION_HINT": "f32"})
        req = cm.create_infer_request()
        req.set_input_tensor(tensor(x, dt))
        req.infer()
        return read(req.get_output_tensor(0), dt)

    def ref_two_pass(spec, x, dt, ref):
        """Pillow modes on i32/i64 data (no reference kernel): each pass separately on the
        data as f32 (the reference sums in double and stores f32; exact for these
        integers), the W pass with the pads, then the H pass; after each pass the value
        is stored as interp documents it: rounded half to even and saturated."""
        info = np.iinfo({"i32": np.int32, "i64": np.int64}[dt])
        h, w = spec["axes_eff"]
        P, O = spec["padded"], spec["out_shape"]

        def store(y):
            return np.clip(np.rint(y.astype(np.float64)), info.min, info.max)
        s1 = dict(spec, calc="sizes", sizes=[P[h], O[w]], sizes_type="i64")
        y = store(ref(s1, x.astype(np.float32), "f32"))
        s2 = dict(spec, calc="sizes", sizes=[O[h], O[w]], sizes_type="i64", pads_begin=[], pads_end=[])
        y = store(ref(s2, y.astype(np.float32), "f32"))
        return y.astype(info.dtype)

    for line in requests:
        req = json.loads(line)
        resp = {}
        x0 = np.load(req["input"])
        for ev in req["evals"]:
            dt = ev["spec"]["dtype"]
            x = x0
            if ev.get("cast_f32"):
                x, dt = (bf16_to_f32(x0) if dt == "bf16" else x0.astype(np.float32)), "f32"
            try:
                if ev["kind"] == "cpu":
                    a = cpu(ev["spec"], x, dt)
                elif ev["kind"] == "ref2pass":
                    a = ref_two_pass(ev["spec"], x, dt, ref_evaluate if req.get("route") == "evaluate" else ref_fold)
                elif req.get("route") == "evaluate":
                    a = ref_evaluate(ev["spec"], x, dt)
                else:
                    a = ref_fold(ev["spec"], x, dt)
                path = os.path.join(req["dir"], "openvino_%s.npy" % ev["name"])
                np.save(path, a)
                resp[ev["name"]] = {"ok": True, "path": path}
            except Exception as e:  # noqa: BLE001 - reported per case
                msg = str(e).strip()
                resp[ev["name"]] = {"ok": False, "error": msg.splitlines()[-1][:300] if msg else type(e).__name__}
        out.write(json.dumps(resp) + "\n")
    out.flush()
    os._exit(0)  # skip OpenVINO's static destructors (they can abort at exit)


class Worker:
    def __init__(self, route):
        self.route = route
        self.proc = None
        self.version = None

    def start(self):
        self.proc = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--worker", "--no-venv"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        first = self.proc.stdout.readline()
        if not first:
            raise RuntimeError("the OpenVINO worker did not start")
        self.version = json.loads(first)["version"]

    def request(self, req, timeout=600):
        if self.proc is None or self.proc.poll() is not None:
            self.start()
        import select
        req["route"] = self.route
        try:
            self.proc.stdin.write(json.dumps(req) + "\n")
            self.proc.stdin.flush()
            r, _, _ = select.select([self.proc.stdout], [], [], timeout)
            line = self.proc.stdout.readline() if r else ""
        except OSError:  # the worker died before reading the request
            r, line = True, ""
        if not line:
            if self.proc.poll() is None:
                self.proc.kill()
            code = self.proc.wait()
            self.proc = None
            why = "timed out after %ds" % timeout if not r else "crashed (exit status %s)" % code
            return {"crash": "OpenVINO worker " + why}
        return json.loads(line)

    def restart(self):
        self.stop()
        self.proc = None

    def stop(self):
        if self.proc is not None and self.proc.poll() is None:
            self.proc.stdin.close()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()


# ----------------------------------------------------------------------------
# Comparison and classification
# ----------------------------------------------------------------------------

def tolerance(dt, mag):
    m = max(1.0, mag)
    return {"f32": (2e-5 * m, 1e-5), "f64": (2e-5 * m, 1e-5), "f16": (1e-3 * m, 1e-3),
            "bf16": (8e-3 * m, 8e-3)}.get(dt, (0.0, 0.0))


def magnitude(x, dt):
    return float(np.max(np.abs(as_f64(x, dt)))) if x.size else 1.0


def near_half(v, mag):
    """Values so close to k+0.5 that float32 vs float64 accumulation may round them either way."""
    return np.abs(np.abs(v - np.trunc(v)) - 0.5) < 1e-5 * (np.abs(v) + mag) + 1e-6


def same_bits(a, b):
    return np.asarray(a).tobytes() == np.asarray(b).tobytes()


class Cmp:
    """One comparison of interp's result with an OpenVINO result.
    dt: the element type the comparison works in; exact: nearest (bit-exact);
    ignore: elements excluded (near-ties of the float32 reference for i32/i64)."""

    def __init__(self, c, c4, got, exp, oracle, x):
        self.c, self.c4, self.oracle, self.x = c, c4, oracle, x
        self.dt = c["dtype"]
        self.exact = c4["mode"] == "nearest"
        self.got, self.exp = got, exp
        self.ignore = None
        self.mag = magnitude(x, self.dt)
        if oracle == "ref-f32":
            # The reference has no i32/i64/f64 kernel: it ran on the data cast to float32.
            if self.dt == "f64":
                self.got, self.dt = got.astype(np.float32), "f32"
                self.x = x.astype(np.float32)
            elif not self.exact:  # i32/i64: store the reference's value as interp documents it
                v = exp.astype(np.float64)
                self.ignore = near_half(v, self.mag)
                self.exp = interp_store(v, self.dt)
            else:
                self.exp = exp.astype(got.dtype)

    def bad(self):
        got, exp, dt = self.got, self.exp, self.dt
        if self.exact or dt in INT_TYPES:
            if dt in ("f32", "f64", "f16"):
                b = got.view(np.dtype("u%d" % got.itemsize)) != exp.view(np.dtype("u%d" % exp.itemsize))
            else:
                b = got != exp
        else:
            g, e = as_f64(got, dt), as_f64(exp, dt)
            atol, rtol = tolerance(dt, self.mag)
            b = (np.abs(g - e) > atol + rtol * np.abs(e)) & ~(np.isnan(g) & np.isnan(e))
        if self.ignore is not None:
            b = b & ~self.ignore
        return b

    def close(self, a, b):
        """a (a float64 model value, or a stored array) equals b within this comparison's rules."""
        dt = self.dt
        if self.exact:
            return same_bits(a, b)
        if dt in INT_TYPES:
            return bool(np.all((a == b) | (self.ignore if self.ignore is not None else False)))
        g, e = as_f64(a, dt), as_f64(b, dt)
        atol, rtol = tolerance(dt, self.mag)
        return not np.any(np.abs(g - e) > atol + rtol * np.abs(e))


def explain_ties(cmp, bad):
    """Nearest: the differing elements pick source indices that differ only
    because OpenVINO computes the coordinate in float32 (interp: float64)."""
    c4 = cmp.c4
    xp = pad_data(c4, cmp.x)
    i64 = nearest_indices(c4, "f64")
    i32 = nearest_indices(c4, "f32")
    par64, par32 = axis_params(c4, "f64"), axis_params(c4, "f32")
    notes = []
    for o in zip(*np.nonzero(bad)):
        s64 = tuple(int(i64[d][o[d]]) for d in range(len(o)))
        s32 = tuple(int(i32[d][o[d]]) for d in range(len(o)))
        if s64 == s32 or not same_bits(cmp.got[o], xp[s64]) or not same_bits(cmp.exp[o], xp[s32]):
            return None
        if len(notes) < 3:
            d = next(d for d in range(len(o)) if s64[d] != s32[d])
            cc64 = coords(c4["ctm"], par64[d][0], par64[d][1], par64[d][2], "f64")[o[d]]
            cc32 = coords(c4["ctm"], par32[d][0], par32[d][1], par32[d][2], "f32")[o[d]]
            notes.append("out%s dim %d: coordinate f64 %.17g -> index %d (interp), f32 %.9g -> index %d "
                         "(OpenVINO)" % (list(map(int, o)), d, cc64, s64[d], cc32, s32[d]))
    return notes


def explain_coord_precision(cmp, bad):
    """linear / linear_onnx / cubic: OpenVINO's output is reproduced by the model
    with float32 coordinates (and float32 triangle weights), interp's by the
    model with float64 ones, and every differing element is one where those
    two models differ (typically linear with antialias: a weight that is
    exactly 0 in float64 is a tiny positive number in float32, so a
    Sum(w) == 0 output becomes a normalized copy of the input)."""
    c4 = cmp.c4
    if c4["mode"] == "nearest" or cmp.dt in INT_TYPES and cmp.oracle == "ref":
        return None
    x = cmp.c4["data"]
    m64, m32 = model_eval(c4, x, "f64"), model_eval(c4, x, "f32")
    store = (lambda v: interp_store(v, cmp.dt))
    if not (cmp.close(store(m64), cmp.got) and cmp.close(store(m32), cmp.exp)):
        return None
    differ = Cmp(cmp.c, c4, store(m64), store(m32), cmp.oracle, x)
    differ.dt, differ.exact, differ.ignore = cmp.dt, False, cmp.ignore
    if np.any(bad & ~differ.bad()):
        return None
    o = tuple(int(i) for i in np.argwhere(bad)[0])
    return ["a model with float32 coordinates reproduces OpenVINO, with float64 ones interp; they differ "
            "at every differing element (first out%s: float64 model %.9g, float32 model %.9g)"
            % (list(o), float(m64[o]), float(m32[o]))]


def explain_int_rounding(cmp, bad, unrounded):
    """Integer data, non-nearest mode: OpenVINO's reference computed the float
    value v (the same op on the data as float32 gives it, by the same float32
    arithmetic), interp stored round-half-even+saturate(v) (within float
    accumulation-order noise), OpenVINO truncation (linear_onnx, cubic) or
    round-half-away (linear), with an overflowing 8-bit cast wrapping."""
    dt, c4 = cmp.dt, cmp.c4
    notes = []
    for o in zip(*np.nonzero(bad)):
        v = float(unrounded[o])
        eps = 1e-5 * (abs(v) + cmp.mag) + 1e-6
        ok_interp = int(cmp.got[o]) in {int(interp_store(np.array(v + d), dt)) for d in (-eps, 0.0, eps)}
        ov_val = ov_ref_int_store(np.array(v), dt, c4["mode"])
        if not ok_interp or int(cmp.exp[o]) != int(ov_val):
            return None
        if len(notes) < 3:
            notes.append("out%s: value %.9g -> interp %d, OpenVINO %d"
                         % (list(map(int, o)), v, int(cmp.got[o]), int(cmp.exp[o])))
    return notes


def onnx_nc_condition(c4):
    return (c4["op"] == "v4" and c4["mode"] == "linear_onnx" and c4["rank"] >= 4
            and len(c4["axes_eff"]) == c4["rank"]
            and (c4["out_shape"][0] != c4["padded"][0] or c4["out_shape"][1] != c4["padded"][1]))


def model_matches(c4, got, x):
    """interp's result equals this script's model of docs/Semantics.md."""
    m = model_eval(c4, x)
    if c4["mode"] == "nearest":
        return same_bits(m, got)
    dt = c4["dtype"]
    if dt in INT_TYPES:
        return bool(np.all((interp_store(m, dt) == got) | near_half(m, magnitude(x, dt))))
    atol, rtol = tolerance(dt, magnitude(x, dt))
    g = as_f64(got, dt)
    e = as_f64(interp_store(m, dt), dt)
    return not np.any(np.abs(g - e) > atol + rtol * np.abs(e))


def explain_rank5(cmp):
    c4, x = cmp.c4, cmp.c4["data"]
    if not (ov_onnx_rank5_bug_condition(c4) and model_matches(c4, cmp.c4_got, x)):
        return None
    emu = ov_onnx_rank5_bug_emulation(c4, x)
    if cmp.oracle == "ref" and cmp.dt in INT_TYPES:
        near = np.abs(emu - np.round(emu)) < 1e-5 * (np.abs(emu) + cmp.mag) + 1e-6
        ok = bool(np.all((ov_ref_int_store(emu, cmp.dt, "linear_onnx") == cmp.exp) | near))
    elif cmp.dt in INT_TYPES:
        ok = cmp.close(interp_store(emu, cmp.dt), cmp.exp)
    else:
        ok = cmp.close(interp_store(emu, cmp.dt), cmp.exp)
    if not ok:
        return None
    return ["rank 5, axes [2, 3, 4], depth unchanged: OpenVINO's reference resizes H with D's coordinate "
            "parameters and W with H's (an emulation of that reproduces OpenVINO's output); interp "
            "matches docs/Semantics.md"]


V1_AXES_REASON = "v1 linear, axes outside the linear_onnx table"


def classify(c, interp, ov):
    """Returns (status, reason, notes); status: agree | deviate | ov-bug | fail | n/a."""
    x = c["data"]
    if not interp["ok"]:
        return "fail", "interp-run failed: " + interp["error"], []
    got = interp["result"]
    if list(got.shape) != list(c["out_shape"]):
        return "fail", "interp result shape %s, expected %s" % (list(got.shape), c["out_shape"]), []
    if c["op"] == "v1" and c["mode"] == "area":
        ok = model_matches(c, got, x)
        return "n/a", "area: no OpenVINO implementation; interp %s its documented definition" % (
            "matches" if ok else "DOES NOT match"), []
    c4 = as_v4(c, interp_decision=True)
    # The oracle.
    pre = ""
    if "ref_arr" in ov:
        exp, unr, oracle = ov["ref_arr"], ov.get("ref_f32_arr"), ("ref" if c["dtype"] in REF_TYPES else "ref-f32")
    elif "ref_alt_arr" in ov and "Axes are not correct" in ov.get("ref_err", ""):
        # Interpolate-1 linear whose linear_onnx mapping OpenVINO's reference rejects:
        # compare with OpenVINO's reference on interp's Decision (linear, antialias off).
        exp, unr, oracle = ov["ref_alt_arr"], ov.get("ref_alt_f32_arr"), ("ref" if c["dtype"] in REF_TYPES
                                                                           else "ref-f32")
        pre = V1_AXES_REASON
    else:
        err = ov.get("ref_err") or "no OpenVINO result"
        if onnx_nc_condition(c4) and model_matches(c4, got, x):
            return "deviate", "linear_onnx batch/channel", [
                "OpenVINO failed (%s); linear_onnx with all axes resizes batch/channel here, which the "
                "reference does not interpolate; interp does (Decision) and matches docs/Semantics.md" % err]
        return "fail", "no OpenVINO result: " + err, []
    c["oracle"] = oracle + ("*" if pre else "")
    if list(exp.shape) != list(got.shape):
        return "fail", "shape: interp %s, OpenVINO %s" % (list(got.shape), list(exp.shape)), []
    cmp = Cmp(c, c4, got, exp, oracle, x)
    cmp.c4_got = got
    bad = cmp.bad()
    pre_notes = ["OpenVINO's reference rejects the linear_onnx op that ConvertInterpolate1ToInterpolate4 "
                 "builds ('Axes are not correct!'); interp uses linear (Decision), compared with OpenVINO's "
                 "reference on that mapping"] if pre else []
    if not bad.any():
        return ("deviate", pre, pre_notes) if pre else ("agree", "", [])
    join = (lambda r: pre + " + " + r) if pre else (lambda r: r)
    # The documented Decisions, each verified on every differing element.
    if cmp.exact:
        notes = explain_ties(cmp, bad)
        if notes is not None:
            return "deviate", join("ties"), pre_notes + notes
    notes = explain_coord_precision(cmp, bad)
    if notes is not None:
        return "deviate", join("ties"), pre_notes + notes
    if oracle == "ref" and cmp.dt in INT_TYPES and not cmp.exact and unr is not None:
        notes = explain_int_rounding(cmp, bad, unr.astype(np.float64))
        if notes is not None:
            return "deviate", join("integer rounding"), pre_notes + notes
    if onnx_nc_condition(c4) and model_matches(c4, got, x):
        return "deviate", "linear_onnx batch/channel", [
            "linear_onnx with all axes resizes batch/channel here: OpenVINO's reference does not "
            "interpolate them; interp does (Decision) and matches docs/Semantics.md"]
    notes = explain_rank5(cmp)
    if notes is not None:
        return "ov-bug", "linear_onnx rank-5 axis mix-up", notes
    return "fail", join("unexplained mismatch (%d of %d elements)" % (int(bad.sum()), bad.size)), \
        pre_notes + mismatch_notes(cmp, bad)


def fmt_val(a, dt):
    if dt == "bf16":
        return "%.4g" % float(bf16_to_f32(a))
    if dt in INT_TYPES:
        return str(int(a))
    return repr(float(a))


def mismatch_notes(cmp, bad):
    c, c4, x = cmp.c, cmp.c4, cmp.c["data"]
    notes = []
    try:
        m = model_eval(c4, x)
        if c4["mode"] != "nearest" and c["dtype"] in INT_TYPES:
            m = interp_store(m, c["dtype"])
        mm = model_matches(c4, cmp.c4_got, x)
        notes.append("interp %s this script's model of docs/Semantics.md" % ("matches" if mm else "does NOT match"))
    except Exception as e:  # noqa: BLE001
        m = None
        notes.append("model failed: %s" % e)
    for o in list(zip(*np.nonzero(bad)))[:6]:
        mv = ""
        if m is not None:
            mv = ", model " + (fmt_val(m[o], c["dtype"]) if c4["mode"] == "nearest" or c["dtype"] in INT_TYPES
                               else repr(float(m[o])))
        notes.append("out%s: interp %s, OpenVINO %s%s" % (list(map(int, o)), fmt_val(cmp.got[o], cmp.dt),
                                                         fmt_val(cmp.exp[o], cmp.dt), mv))
    return notes


# ----------------------------------------------------------------------------
# Interpolate-11 Pillow modes: interp against OpenVINO's reference and Pillow
# ----------------------------------------------------------------------------

PILLOW = {"Image": None, "version": None, "why": "not loaded"}  # set by main()
PILLOW_TYPES = ("u8", "f32", "i32")  # Pillow image modes L, F, I


def pillow_applies(c):
    """Pillow computes this case: u8/f32/i32 data and Pillow's a = -0.5 for bicubic.
    Pads are applied by this script (zero padding, then resize, as interp defines
    them); every 2-D [h, w] slice is one Pillow image."""
    return (is_pillow(c) and PILLOW["Image"] is not None and c["dtype"] in PILLOW_TYPES
            and (c["mode"] == "bilinear_pillow" or c["cube_coeff"] == -0.5))


def pillow_major():
    try:
        return int(str(PILLOW["version"]).split(".")[0])
    except ValueError:
        return 0


def pillow_vertical_first(c):
    """Pillow >= 13 (Resample.c, PR #9549) runs the vertical pass first iff
    (H - OH) > 0 and (H - OH) > 2 (W - OW); Pillow <= 12 always goes horizontal first."""
    if not pillow_applies(c) or pillow_major() < 13:
        return False
    h, w, Oh, Ow = pil_hw(c)
    H, W = c["padded"][h], c["padded"][w]
    return (H - Oh) > 0 and (H - Oh) > 2 * (W - Ow)


def transposed_case(c):
    """The case on the padded data with axes h and w swapped (no pads, sizes mode):
    interp's W-first order on it is the H-first order on c."""
    h, w, Oh, Ow = pil_hw(c)
    xt = np.ascontiguousarray(np.swapaxes(pad_data(c, c["data"]), h, w))
    out = list(c["out_shape"])
    out[h], out[w] = Ow, Oh
    r = c["rank"]
    return dict(c, shape=list(xt.shape), padded=list(xt.shape), pads_begin=[], pads_end=[], pb=[0] * r,
                pe=[0] * r, calc="sizes", sizes=[Ow, Oh], sizes_type="i64", out_shape=out,
                axes_operand=True, data=xt)


def pillow_eval(c, xp):
    Image = PILLOW["Image"]
    h, w, Oh, Ow = pil_hw(c)
    xm = np.moveaxis(xp, (h, w), (-2, -1))
    H, W = xm.shape[-2:]
    imgs = xm.reshape((-1, H, W))
    rs = Image.Resampling.BILINEAR if c["mode"] == "bilinear_pillow" else Image.Resampling.BICUBIC
    outs = [np.asarray(Image.fromarray(np.ascontiguousarray(im)).resize((Ow, Oh), rs)) for im in imgs]
    y = np.stack(outs).reshape(xm.shape[:-2] + (Oh, Ow))
    return np.moveaxis(y, (-2, -1), (h, w)).astype(np_dtype(c["dtype"])), len(imgs)


def v11_fail_notes(c, st, got, exp, model, masks, who):
    notes = ["interp %s this script's NumPy model of SEMANTICS-v11.md"
             % ("matches" if same_bits(model, got if c["dtype"] != "bf16" else bf16_to_f32(got)) else
                "does NOT match")]
    for o in list(zip(*np.nonzero(st["bad"])))[:6]:
        extra = ""
        if masks is not None:
            extra = ", unrounded %.9g%s%s" % (float(masks["A"][o]), " tie" if masks["tie"][o] else "",
                                              " taint" if masks["taint"][o] else "")
        notes.append("out%s: interp %s, %s %s, model %s%s" % (
            list(map(int, o)), fmt_val(got[o], c["dtype"]), who, fmt_val(exp[o], c["dtype"]),
            fmt_val(model[o] if c["dtype"] != "bf16" else f32_to_bf16(model[o]), c["dtype"]), extra))
    return notes


def classify_v11(c, interp, ov, interp_t):
    """Pillow modes. Verdict of the OpenVINO reference (status, reason, notes) and, in
    c["cross"], of Pillow; a Pillow failure fails the case too. Per-oracle element
    classes are kept in c["v11"] for the summary."""
    dt = c["dtype"]
    c["oracle"] = "ref" if dt in REF_TYPES else "ref-f32" if dt == "f64" else "ref-f32x2"
    rec = c["v11"] = {"ref": None, "pillow": None, "model": None}
    c["cross"] = ""
    if not interp["ok"]:
        return "fail", "interp-run failed: " + interp["error"], []
    got = interp["result"]
    if list(got.shape) != list(c["out_shape"]):
        return "fail", "interp result shape %s, expected %s" % (list(got.shape), c["out_shape"]), []
    xp = pil_padded(c)
    model = pil_model(c, xp)
    rec["model"] = same_bits(model, got if dt != "bf16" else bf16_to_f32(got))
    is_int = dt in INT_TYPES
    # OpenVINO's reference
    status, reason, notes = "agree", "", []
    if "ref_arr" not in ov:
        status, reason = "fail", "no OpenVINO result: " + ov.get("ref_err", "?")
    elif list(ov["ref_arr"].shape) != list(got.shape):
        status, reason = "fail", "shape: interp %s, OpenVINO %s" % (list(got.shape), list(ov["ref_arr"].shape))
    else:
        exp = ov["ref_arr"]
        masks = pil_masks(c, xp, TAU_F32) if is_int else None  # u8/i8: f32 sums; i32/i64: oracle f32
        st = pil_compare(c, got, exp, xp, masks, ulp_dt="f32" if dt == "f64" else None)
        rec["ref"] = st
        status = pil_verdict(st)
        if status == "deviate":
            reason = "rounding ties"
            notes = [pil_describe(st, "OpenVINO rounds half away from zero, interp half to even")]
        elif status == "fail":
            reason = "unexplained mismatch vs OpenVINO (%s)" % pil_describe(st, "")
            notes = v11_fail_notes(c, st, got, exp, model, masks, "OpenVINO")
    # Pillow
    if pillow_applies(c):
        h, w, Oh, Ow = pil_hw(c)
        vfirst = interp_t is not None
        pst = None
        if vfirst and not interp_t["ok"]:
            pv, pwhy = "fail", "interp-run on the transposed image failed: " + interp_t["error"]
        else:
            pl, nimg = pillow_eval(c, xp)
            tau = TAU_F32 if dt == "u8" else TAU_F64
            margin = PILLOW_TAP_MARGIN if dt == "u8" else 0.0
            if vfirst:
                ct = transposed_case(c)
                gp = np.swapaxes(interp_t["result"], h, w)
                mk = ({k: np.swapaxes(v, h, w) for k, v in pil_masks(ct, ct["data"], tau, margin).items()}
                      if is_int else None)
                mp = pil_model(c, xp, order="hw")
            else:
                gp, mp = got, model
                mk = pil_masks(c, xp, tau, margin) if is_int else None
            pst = pil_compare(c, gp, pl, xp, mk)
            pst.update(images=nimg, vfirst=vfirst)
            pv = pil_verdict(pst)
            pwhy = pil_describe(pst, "Pillow: 22-bit fixed point, ties up" if dt == "u8" else
                                "Pillow rounds half away from zero")
            if pv == "fail":
                notes = notes + ["Pillow: " + n for n in v11_fail_notes(c, pst, gp, pl, mp, mk, "Pillow")]
        rec["pillow"] = (pv, pst)
        c["cross"] = "pillow%s: %s%s" % (" (vertical first)" if vfirst else "", pv,
                                         "" if pv == "agree" and pwhy == "bit-exact" else " (%s)" % pwhy)
        if pv == "fail":
            status = "fail"
            reason = (reason + "; " if reason else "") + "unexplained mismatch vs Pillow"
    return status, reason, notes


# ----------------------------------------------------------------------------
# Driver
# ----------------------------------------------------------------------------

def spec_json(c):
    keys = ["op", "mode", "dtype", "shape", "axes", "pads_begin", "pads_end", "antialias"]
    if c["op"] in ("v4", "v11"):
        keys += ["calc", "sizes", "scales", "ctm", "nearest_mode", "cube_coeff", "sizes_type", "axes_type",
                 "axes_operand", "scales_type"]
        if c["op"] == "v11":
            keys += ["out_shape", "padded", "axes_eff"]
    else:
        keys += ["target", "align_corners", "target_type"]
    return {k: c[k] for k in keys}


def openvino_requests(c, args):
    """What to ask OpenVINO for one case."""
    evals = []
    if c["op"] == "v1" and c["mode"] == "area":
        return evals
    if is_pillow(c):
        # u8, i8, f16, bf16, f32: the reference; f64: the reference on the data as f32;
        # i32, i64: the reference pass by pass on the data as f32 (see ref_two_pass).
        # No CPU cross-check: the plugin is documented to differ (a = -0.5, ranks 2-3
        # rounded once, NHWC with pads broken).
        if c["dtype"] in ("i32", "i64"):
            evals.append({"name": "ref", "kind": "ref2pass", "spec": spec_json(c)})
        else:
            evals.append({"name": "ref", "kind": "ref", "spec": spec_json(c),
                          "cast_f32": c["dtype"] not in REF_TYPES})
        return evals
    v4 = v1_to_v4(c) if c["op"] == "v1" else c
    native = c["dtype"] in REF_TYPES
    evals.append({"name": "ref", "kind": "ref", "spec": spec_json(v4), "cast_f32": not native})
    if native and c["dtype"] in INT_TYPES and v4["mode"] != "nearest":
        evals.append({"name": "ref_f32", "kind": "ref", "spec": spec_json(v4), "cast_f32": True})
    if c["op"] == "v1":
        alt = v1_to_v4(c, interp_decision=True)
        if alt["mode"] != v4["mode"]:
            evals.append({"name": "ref_alt", "kind": "ref", "spec": spec_json(alt), "cast_f32": not native})
            if native and c["dtype"] in INT_TYPES:
                evals.append({"name": "ref_alt_f32", "kind": "ref", "spec": spec_json(alt), "cast_f32": True})
    if args.cpu_check == "all" or (args.cpu_check == "v1" and c["op"] == "v1"):
        evals.append({"name": "cpu", "kind": "cpu", "spec": spec_json(c)})
    return evals


def cpu_crosscheck(c, interp, ov):
    if "cpu_err" in ov:
        return "cpu: error (%s)" % ov["cpu_err"][:90]
    if "cpu_arr" not in ov or not interp["ok"]:
        return ""
    got, exp = interp["result"], ov["cpu_arr"]
    if list(exp.shape) != list(got.shape):
        return "cpu: shape %s" % "x".join(map(str, exp.shape))
    c4 = as_v4(c, interp_decision=True)
    cmp = Cmp(c, c4, got, exp, "cpu", c["data"])
    if c["dtype"] == "f64":  # the CPU plugin computes f64 in f32
        cmp.got, cmp.exp, cmp.dt = got.astype(np.float32), exp.astype(np.float32), "f32"
    if c["dtype"] in INT_TYPES and not cmp.exact:  # both round half to even: allow near-ties
        m = model_eval(c4, c["data"])
        cmp.ignore = near_half(m, cmp.mag)
    bad = cmp.bad()
    if not bad.any():
        return "cpu: agree"
    o = tuple(int(i) for i in np.argwhere(bad)[0])
    return "cpu: %d differ (first out%s interp %s cpu %s)" % (int(bad.sum()), list(o), fmt_val(cmp.got[o], cmp.dt),
                                                              fmt_val(cmp.exp[o], cmp.dt))


def start_interp(args, mlir_path, inp, outdir):
    """interp-run in the background (while OpenVINO evaluates). Returns (proc, error)."""
    waited = 0
    while True:
        try:
            return subprocess.Popen([args.interp_run, mlir_path, "--input=" + inp, "-o", outdir],
                                    stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True), None
        except OSError as e:
            # the binary is being relinked by a concurrent build: wait for it
            if waited >= args.wait_binary:
                return None, "cannot run %s: %s" % (args.interp_run, e)
            if waited == 0:
                print("conformance: %s is missing (being rebuilt?), waiting up to %d s"
                      % (args.interp_run, args.wait_binary), flush=True)
            time.sleep(5)
            waited += 5


def finish_interp(args, started, outdir):
    proc, launch_error = started
    if proc is None:
        out, rc = launch_error, -1
    else:
        try:
            out, _ = proc.communicate(timeout=args.timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            out, _ = proc.communicate()
            out += "\n(timed out)"
        rc = proc.returncode
    res = os.path.join(outdir, "result0.npy")
    if rc == 0 and os.path.exists(res):
        return {"ok": True, "result": np.load(res)}
    lines = [l for l in out.strip().splitlines() if l.strip()]
    return {"ok": False, "error": " | ".join(lines[-3:]) or "exit %d" % rc}


def write_case(c, d, name="case"):
    mlir = to_mlir(c)
    with open(os.path.join(d, name + ".mlir"), "w") as f:
        f.write(mlir)
    inp = os.path.join(d, name.replace("case", "input") + ".npy")
    np.save(inp, c["data"])
    with open(os.path.join(d, name + ".json"), "w") as f:
        json.dump(spec_json(c), f, indent=1)
    return mlir, os.path.join(d, name + ".mlir"), inp


def run_case(c, args, worker, workdir):
    d = os.path.join(workdir, "case%04d" % c["id"])
    os.makedirs(d, exist_ok=True)
    c["mlir"], mlir_path, inp = write_case(c, d)
    t0 = time.time()
    started = start_interp(args, mlir_path, inp, os.path.join(d, "interp"))
    started_t = None
    if pillow_vertical_first(c):
        # Pillow >= 13 runs the vertical pass first for this shape: interp on the
        # transposed (padded) image gives that order (files case_t.*, input_t.npy).
        ct = transposed_case(c)
        c["mlir_t"], mlir_t, inp_t = write_case(ct, d, "case_t")
        started_t = start_interp(args, mlir_t, inp_t, os.path.join(d, "interp_t"))
    ov = {}
    evals = openvino_requests(c, args)
    # The reference first, the CPU cross-check in a second request: a crash in one
    # loses only its own results. A crash is retried once in a fresh worker, since
    # it can be the late effect of an earlier case's out-of-bounds write.
    for group in ([e for e in evals if e["kind"] != "cpu"], [e for e in evals if e["kind"] == "cpu"]):
        if not group:
            continue
        for attempt in (1, 2):
            resp = worker.request({"dir": d, "input": inp, "evals": group}, timeout=args.timeout)
            if "crash" not in resp or attempt == 2:
                break
        if "crash" in resp:
            resp = {e["name"]: {"ok": False, "error": resp["crash"]} for e in group}
        for name, r in resp.items():
            if r["ok"]:
                ov[name + "_arr"] = np.load(r["path"])
            else:
                ov[name + "_err"] = r["error"]
    c4 = as_v4(c)
    if c4["mode"] == "linear_onnx" and (onnx_nc_condition(c4) or ov_onnx_rank5_bug_condition(c4)):
        worker.restart()  # these inputs make the reference access memory out of bounds
    interp = finish_interp(args, started, os.path.join(d, "interp"))
    interp_t = finish_interp(args, started_t, os.path.join(d, "interp_t")) if started_t else None
    c["seconds"] = time.time() - t0
    if is_pillow(c):
        status, reason, notes = classify_v11(c, interp, ov, interp_t)
    else:
        status, reason, notes = classify(c, interp, ov)
        c["cross"] = cpu_crosscheck(c, interp, ov)
    return status, reason, notes


def load_pillow(args):
    if not args.pillow:
        PILLOW["why"] = "disabled (--pillow '')"
        return
    try:
        import PIL
        from PIL import Image
    except ImportError as e:
        marker = os.path.join(os.path.abspath(args.venv), PILLOW_FAILED)
        PILLOW["why"] = "Pillow is not importable by %s (%s)%s" % (
            sys.executable, e, "; pip could not install '%s' (delete %s to retry)" % (args.pillow, marker)
            if os.path.exists(marker) else "")
        return
    PILLOW.update(Image=Image, version=PIL.__version__, why="")


def v11_summary(results):
    """Per-oracle lines for Interpolate-11."""
    lines = []
    pil = [(c, s) for c, s, _, _ in results if is_pillow(c)]

    def tally(recs, what):
        n = len(recs)
        st = [r for r in recs if r is not None]
        exact = sum(1 for r in st if r["equal"] == r["n"])
        within = sum(1 for r in st if not r["bad"].any() and r["tie"] + r["prop"] == 0 and r["equal"] != r["n"])
        dev = [r for r in st if not r["bad"].any() and r["tie"] + r["prop"]]
        bad = [r for r in st if r["bad"].any()]
        tie, prop = sum(r["tie"] for r in st), sum(r["prop"] for r in st)
        elems = sum(r["n"] for r in st)
        return ("%d cases (%d elements), %d agree (%d bit-exact, %d within the float tolerance), "
                "%d by design (ties: %d elements at a near tie, %s; %d propagated pass-1 ties), "
                "%d unexplained%s" % (n, elems, exact + within, exact, within, len(dev), tie, what, prop,
                                      len(bad) + (n - len(st)),
                                      " (%d without a result)" % (n - len(st)) if n - len(st) else ""))
    if pil:
        orc = {}
        for c, _ in pil:
            orc[c["oracle"]] = orc.get(c["oracle"], 0) + 1
        lines.append("v11 vs OpenVINO reference (Pillow modes; %s): %s" % (
            ", ".join("%s %d" % kv for kv in sorted(orc.items())),
            tally([c["v11"]["ref"] for c, _ in pil], "half away from zero vs interp's half to even")))
        pp = [c["v11"]["pillow"] for c, _ in pil if c["v11"]["pillow"] is not None]
        if PILLOW["Image"] is None:
            lines.append("v11 vs Pillow: SKIPPED (%s)" % PILLOW["why"])
        else:
            recs = [p[1] for p in pp]
            imgs = sum(r["images"] for r in recs if r)
            vf = sum(1 for r in recs if r and r["vfirst"])
            lines.append("v11 vs Pillow %s (%d 2-D images, %d cases with the vertical pass first): %s" % (
                PILLOW["version"], imgs, vf, tally(recs, "Pillow L rounds ties up, I half away")))
        me = sum(1 for c, _ in pil if c["v11"]["model"])
        lines.append("v11 Pillow modes, interp vs this script's NumPy model of SEMANTICS-v11.md "
                     "(informational): bit-exact in %d of %d cases" % (me, len(pil)))
    v4m = [(c, s, r) for c, s, r, _ in results if c["op"] == "v11" and not is_pillow(c)]
    if v4m:
        cnt = {}
        for _, s, r in v4m:
            key = s if s in ("agree", "fail") else "%s: %s" % (s, r)
            cnt[key] = cnt.get(key, 0) + 1
        lines.append("v11 v4 modes (nearest/linear/linear_onnx/cubic) vs OpenVINO reference: %d cases, %s" % (
            len(v4m), ", ".join("%s %d" % kv for kv in sorted(cnt.items()))))
    return lines


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="Exit status: 0 no failure, 1 failures, 77 skipped "
                                        "(OpenVINO could not be installed), 2 setup error.")
    ap.add_argument("--cases", type=int, default=300, help="number of random cases (default 300)")
    ap.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    ap.add_argument("--only", type=str, default="", help="comma-separated case ids to run (same seed)")
    ap.add_argument("--interp-run", default=os.path.join(ROOT, "build", "bin", "interp-run"),
                    help="the interp-run binary (default build/bin/interp-run)")
    ap.add_argument("--venv", default=os.path.join(ROOT, "build", "conformance-venv"),
                    help="virtualenv to create/use (default build/conformance-venv)")
    ap.add_argument("--no-venv", action="store_true",
                    help="use the current interpreter (needs numpy and openvino)")
    ap.add_argument("--openvino", default=DEFAULT_OPENVINO,
                    help="pip requirement for OpenVINO (default '%s')" % DEFAULT_OPENVINO)
    ap.add_argument("--pillow", default=DEFAULT_PILLOW,
                    help="pip requirement for Pillow, the second oracle of the Interpolate-11 Pillow "
                         "modes (default '%s'; '' disables that oracle)" % DEFAULT_PILLOW)
    ap.add_argument("--route", choices=["fold", "evaluate"], default="fold",
                    help="reference route: ConstantFolding of a Constant-only model (default) or "
                         "Node.evaluate(); both run OpenVINO's C++ reference")
    ap.add_argument("--cpu-check", choices=["v1", "all", "none"], default="v1",
                    help="also run the CPU plugin (informational cross-check, never the verdict) on "
                         "Interpolate-1 cases (default), on all cases, or never")
    ap.add_argument("--v1-fraction", type=float, default=0.15, help="share of Interpolate-1 cases (default 0.15)")
    ap.add_argument("--v11-fraction", type=float, default=0.35,
                    help="share of Interpolate-11 cases (default 0.35; a quarter of them use the v4 modes)")
    ap.add_argument("--keep", metavar="DIR", help="keep the generated files in DIR")
    ap.add_argument("--timeout", type=int, default=300, help="seconds per case and tool")
    ap.add_argument("--wait-binary", type=int, default=600, metavar="SECONDS",
                    help="how long to wait for interp-run to reappear when a concurrent build "
                         "relinks it (default 600)")
    ap.add_argument("-q", "--quiet", action="store_true", help="table rows only for non-agreeing cases")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    bootstrap(args, argv)
    if args.worker:
        return worker_main()

    global np
    try:
        import numpy
    except ImportError:
        skipped("numpy is not importable by %s (use the default virtualenv)" % sys.executable)
    np = numpy
    waited = 0
    while not os.access(args.interp_run, os.X_OK):
        if waited >= args.wait_binary:
            print("error: %s not found; build it with 'ninja -C build interp-run'" % args.interp_run)
            return 2
        if waited == 0:
            print("conformance: waiting up to %d s for %s" % (args.wait_binary, args.interp_run), flush=True)
        time.sleep(5)
        waited += 5
    worker = Worker(args.route)
    try:
        worker.start()
    except Exception as e:  # noqa: BLE001
        skipped("OpenVINO cannot be loaded by %s: %s" % (sys.executable, e))
    load_pillow(args)
    route = ("ConstantFolding of a Constant-only one-op model" if args.route == "fold"
             else "Node.evaluate()")
    print("conformance: OpenVINO %s; oracle: the C++ reference (%s); i32/i64/f64 data, which it has no "
          "kernel for: the reference on the data cast to f32%s" % (
              worker.version, route,
              {"v1": "; CPU plugin as a cross-check of Interpolate-1", "all": "; CPU plugin as a cross-check",
               "none": ""}[args.cpu_check]), flush=True)
    if PILLOW["Image"] is not None:
        print("conformance: Interpolate-11 Pillow modes (i32/i64 on the reference pass by pass) also against "
              "Pillow %s (%s)" % (PILLOW["version"], "Pillow >= 13: vertical pass first iff (H-OH) > 0 and "
                                  "(H-OH) > 2(W-OW); interp then also runs on the transposed image"
                                  if pillow_major() >= 13 else "horizontal pass first, as interp"), flush=True)
    else:
        print("conformance: Pillow oracle SKIPPED: %s" % PILLOW["why"], flush=True)
    workdir = os.path.abspath(args.keep) if args.keep else tempfile.mkdtemp(prefix="interp-conformance-")
    os.makedirs(workdir, exist_ok=True)
    ids = [int(s) for s in args.only.split(",") if s.strip()] if args.only else range(args.cases)
    results = []
    t_start = time.time()
    try:
        print("%5s  %-8s %-6s %s" % ("case", "status", "oracle", "description"))
        for i in ids:
            c = gen_case(args.seed, i, args.v1_fraction, args.v11_fraction)
            status, reason, notes = run_case(c, args, worker, workdir)
            results.append((c, status, reason, notes))
            cross_ok = not c.get("cross") or c["cross"].split(": ", 1)[-1].startswith("agree")
            if not (args.quiet and status == "agree" and cross_ok):
                extra = ("  [%s]" % reason if reason else "") + ("  {%s}" % c["cross"] if c.get("cross") else "")
                print("%5d  %-8s %-6s %s%s" % (i, status, c.get("oracle", "-"), describe(c), extra), flush=True)
                for n in notes[:3] if status in ("deviate", "ov-bug") else []:
                    print("         . " + n)
    finally:
        worker.stop()
    elapsed = time.time() - t_start
    # Failures in detail
    fails = [r for r in results if r[1] == "fail"]
    for c, status, reason, notes in fails:
        print("\n---- FAIL case %d (seed %d): %s" % (c["id"], args.seed, reason))
        print(describe(c))
        print(c["mlir"], end="")
        if c.get("mlir_t"):
            print("(for Pillow's vertical-first order, also on the transposed padded image:)")
            print(c["mlir_t"], end="")
        if c["data"].size <= 64:
            print("input: %s" % np.array2string(as_f64(c["data"], c["dtype"]) if c["dtype"] == "bf16" else c["data"],
                                               separator=", ", max_line_width=150))
        for n in notes:
            print("  " + n)
    # Summary
    n = len(results)
    cnt = {s: sum(1 for r in results if r[1] == s) for s in ("agree", "deviate", "ov-bug", "fail", "n/a")}

    def breakdown(status):
        reasons = {}
        for c, s, reason, _ in results:
            if s == status:
                reasons[reason] = reasons.get(reason, 0) + 1
        return " (%s)" % ", ".join("%s %d" % kv for kv in sorted(reasons.items())) if reasons else ""
    routes = {}
    for c, s, _, _ in results:
        routes[c.get("oracle", "none")] = routes.get(c.get("oracle", "none"), 0) + 1
    cross = [c["cross"] for c, _, _, _ in results if c.get("cross") and not is_pillow(c)]
    print("\noracles: %s" % ", ".join("%s %d" % kv for kv in sorted(routes.items())))
    if cross:
        print("CPU-plugin cross-check (informational): %d agree, %d differ, %d other" % (
            sum(1 for x in cross if x == "cpu: agree"), sum(1 for x in cross if "differ" in x),
            sum(1 for x in cross if x != "cpu: agree" and "differ" not in x)))
    for line in v11_summary(results):
        print(line)
    print("time: %.1f s, %.3f s per case" % (elapsed, elapsed / max(1, n)))
    if args.keep:
        print("files kept in %s" % workdir)
    else:
        shutil.rmtree(workdir, ignore_errors=True)
    print("conformance: %d cases, %d agree, %d deviate by design%s, %d OpenVINO reference bugs%s, "
          "%d not comparable by design (area), %d fail"
          % (n, cnt["agree"], cnt["deviate"], breakdown("deviate"), cnt["ov-bug"], breakdown("ov-bug"),
             cnt["n/a"], cnt["fail"]))
    return 1 if cnt["fail"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
