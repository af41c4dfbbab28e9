"""Case generation: random Interpolate-4, Interpolate-1 and Interpolate-11
cases (case i depends only on the seed and i), and their Interpolate-4
equivalents (v1_to_v4, as OpenVINO converts Interpolate-1)."""

import numpy as np

from .common import (CTMS, INT_TYPES, NEAREST_MODES, ONNX_AXES, PILLOW_MODES, V4_MODES, f32, f32_to_bf16,
                     is_pillow, np_dtype, prod)
from .model import case_scales_f64


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
V11_LAYOUTS = (("rank2", 2, [0, 1]), ("rank3", 3, [1, 2]), ("nchw", 4, [2, 3]), ("nhwc", 4, [1, 2]),
               ("rank5", 5, [3, 4]), ("other", None, None))


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



# Interpolate-1 -> Interpolate-4, as OpenVINO's ConvertInterpolate1ToInterpolate4
# (src/common/transformations/.../convert_interpolate1_to_interpolate4.cpp) and
# reference::transform_v0_to_v4 do it: sizes mode, nearest_mode simple,
# cube_coeff -0.75, antialias and pads copied, linear -> linear_onnx below rank 5.
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
