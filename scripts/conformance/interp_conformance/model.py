"""Independent NumPy model of docs/Semantics.md, with the OpenVINO-reference
float32 coordinate arithmetic as a switch. Used only to *explain* a
disagreement (and as a sanity check); the verdict is interp vs OpenVINO.
Also OpenVINO's reference stores and its rank-5 linear_onnx bug, emulated."""

import numpy as np

from .common import INT_TYPES, as_f64, f32, f32_to_bf16, np_dtype


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


def add_linear_onnx_weights(W, o, cc, Lin):
    """linear_onnx's two taps of outputs `o` at coordinates `cc` (clamped to
    the input), added into the weight matrix W: 0.5 each where they
    coincide."""
    cl = np.clip(cc, 0, Lin - 1)
    i1 = np.minimum(np.trunc(cl).astype(np.int64), Lin - 1)
    i2 = np.minimum(i1 + 1, Lin - 1)
    d1, d2 = np.abs(cl - i1), np.abs(cl - i2)
    same = i1 == i2
    d1[same] = 0.5
    d2[same] = 0.5
    np.add.at(W, (o, i1), d2)
    np.add.at(W, (o, i2), d1)


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
        add_linear_onnx_weights(W, o, cc, Lin)
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
        add_linear_onnx_weights(W, o, cc, Lin)
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
