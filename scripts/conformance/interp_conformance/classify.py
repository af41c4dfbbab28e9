"""Classification of the differences between interp and OpenVINO for
Interpolate-4, Interpolate-1 and the v4 modes of Interpolate-11: agree,
deviate by design (each documented Decision verified by a recomputation on
the differing elements), OpenVINO reference bug, fail. Also the CPU
plugin's informational cross-check."""

import numpy as np

from pylib.tolerance import tolerance

from .cases import as_v4
from .common import INT_TYPES, REF_TYPES, as_f64, bf16_to_f32
from .model import (axis_params, coords, interp_store, model_eval, nearest_indices, ov_onnx_rank5_bug_condition,
                    ov_onnx_rank5_bug_emulation, ov_ref_int_store, pad_data)


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
