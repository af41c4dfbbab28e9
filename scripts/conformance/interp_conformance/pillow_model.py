"""Interpolate-11 Pillow modes: a NumPy model of SEMANTICS-v11.md (for
8-bit data Pillow 13.0's integer arithmetic, step 9), a model of OpenVINO's
reference on 8-bit data, and the classification predicates (all computed
from the interp side only)."""

import numpy as np

from .common import INT_TYPES, bf16_to_f32, f32_to_bf16, np_dtype
from .model import apply_axis, interp_store, pad_data, round_half_away

TAU_F32 = 2.0 ** -20   # near-tie width (relative to S = sum |w||x|) for float32 accumulation
TAU_F64 = 2.0 ** -40   # ... for float64 accumulation
EIGHT_BIT = ("u8", "i8")  # SEMANTICS-v11.md step 9: Pillow 13.0's integer arithmetic
PRECISION_BITS = 22       # Pillow's Resample.c: 32 - 8 - 2


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


def pillow13_vertical_first(H, W, Oh, Ow):
    """Pillow 13.0's pass order (Resample.c, python-pillow/Pillow PR #9549), on the
    padded lengths: vertical first iff (H - OH) > 0 and (H - OH) > 2 (W - OW)."""
    return (H - Oh) > 0 and (H - Oh) > 2 * (W - Ow)


def case_vertical_first(c):
    h, w, Oh, Ow = pil_hw(c)
    return pillow13_vertical_first(c["padded"][h], c["padded"][w], Oh, Ow)


def pillow_int_weights(L, O, mode, a):
    """Resample.c's precompute_coeffs for the box (0, L), float64 operation by operation
    in Pillow's order (its bicubic filter with a = cube_coeff), then
    normalize_coeffs_8bpc: (int)(w * 2^22 +- 0.5). A dense (O x L) int64 matrix."""
    K = np.zeros((O, L), np.int64)
    if O == 0:
        return K
    bicubic = mode == "bicubic_pillow"
    a = float(a)
    scale = float(L) / O
    filterscale = max(scale, 1.0)
    support = (2.0 if bicubic else 1.0) * filterscale
    inv = 1.0 / filterscale

    def f(x):
        x = -x if x < 0.0 else x
        if bicubic:
            if x < 1.0:
                return ((a + 2.0) * x - (a + 3.0)) * x * x + 1
            return (((x - 5) * x + 8) * x - 4) * a if x < 2.0 else 0.0
        return 1.0 - x if x < 1.0 else 0.0
    for o in range(O):
        center = 0.0 + (o + 0.5) * scale
        lo, hi = max(0, int(center - support + 0.5)), min(L, int(center + support + 0.5))
        ws = [f((j - center + 0.5) * inv) for j in range(lo, hi)]
        ww = 0.0
        for w in ws:
            ww += w
        if ww != 0.0:
            ws = [w / ww for w in ws]
        K[o, lo:hi] = [int(-0.5 + w * (1 << PRECISION_BITS)) if w < 0 else int(0.5 + w * (1 << PRECISION_BITS))
                       for w in ws]
    return K


def pillow13_model(c, xp):
    """SEMANTICS-v11.md step 9 (ui8, i8): Pillow 13.0's ImagingResample. Per pass
    S = 2^21 + sum x*k (exact), S >> 22, clamped to the element type; Pillow 13's pass
    order; a pass with L == O skipped."""
    h, w, Oh, Ow = pil_hw(c)
    info = np.iinfo(np_dtype(c["dtype"]))
    cur = xp.astype(np.int64)
    passes = [(w, Ow), (h, Oh)]
    for ax, O in reversed(passes) if case_vertical_first(c) else passes:
        if cur.shape[ax] == O:
            continue
        K = pillow_int_weights(cur.shape[ax], O, c["mode"], c["cube_coeff"])
        s = apply_axis(cur, K, ax) + (1 << (PRECISION_BITS - 1))
        cur = np.clip(s >> PRECISION_BITS, info.min, info.max)
    return cur.astype(np_dtype(c["dtype"]))


def ov_ref_8bit_model(c, xp):
    """OpenVINO's reference on u8/i8 (what interp did before step 9): float64 weights
    and sums, W pass then H pass, each rounded half away from zero and clamped."""
    h, w, Oh, Ow = pil_hw(c)
    info = np.iinfo(np_dtype(c["dtype"]))
    cur = xp.astype(np.float64)
    for ax, O in ((w, Ow), (h, Oh)):
        W = pil_weights(cur.shape[ax], O, c["mode"], c["cube_coeff"])
        cur = np.clip(round_half_away(apply_axis(cur, W, ax)), info.min, info.max)
    return cur.astype(np_dtype(c["dtype"]))


def pil_model(c, xp, order="wh"):
    """interp's documented result (SEMANTICS-v11.md): u8/i8 Pillow 13.0's integer
    arithmetic (pillow13_model, its own pass order); other types: weights rounded once
    to the accumulation type, taps summed in order from 0 (every operation rounded),
    i32/i64 rounded half to even and saturated after each pass. order="hw": vertical
    first (not for u8/i8)."""
    h, w, Oh, Ow = pil_hw(c)
    dt = c["dtype"]
    if dt in EIGHT_BIT:
        return pillow13_model(c, xp)
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


def pil_masks(c, xp, tau):
    """The integer predicate of the research report (sec. 5), for the W-then-H order:
    tie  = the output's last pass is within tau*max(1,S) of k+0.5,
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
        tie = np.abs(A - (np.floor(A) + 0.5)) <= tau * np.maximum(1.0, S)
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
