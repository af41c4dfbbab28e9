"""Interpolate-11 Pillow modes: interp against OpenVINO's reference and
against Pillow itself (the second oracle, loaded by load_pillow). u8 and
i8 follow Pillow 13.0's integer arithmetic (SEMANTICS-v11.md step 9):
exact against Pillow, and against OpenVINO's reference by design wherever
both sides equal their own models (classify_8bit_ref). The other types
have their own element classes (rounding ties and their propagation
through the second pass)."""

import os
import sys

import numpy as np

from .bootstrap import PILLOW_FAILED
from .classify import fmt_val, same_bits
from .common import INT_TYPES, REF_TYPES, bf16_to_f32, f32_to_bf16, is_pillow, np_dtype
from .model import pad_data
from .pillow_model import (EIGHT_BIT, TAU_F32, TAU_F64, case_vertical_first, ov_ref_8bit_model, pil_compare,
                           pil_describe, pil_hw, pil_masks, pil_model, pil_padded, pil_verdict)

PILLOW = {"Image": None, "version": None, "why": "not loaded"}  # set by load_pillow()
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
    """Whether interp also runs on the transposed image for the Pillow comparison:
    Pillow >= 13 (Resample.c, PR #9549) runs the vertical pass first iff
    (H - OH) > 0 and (H - OH) > 2 (W - OW), Pillow <= 12 always horizontal first.
    interp follows that order itself on u8/i8 (step 9), not on the other types."""
    if not pillow_applies(c) or pillow_major() < 13 or c["dtype"] in EIGHT_BIT:
        return False
    return case_vertical_first(c)


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


def exact_stats(got, exp):
    """pil_compare's statistics for a bit-exact comparison (every difference is bad)."""
    d = np.abs(got.astype(np.int64) - exp.astype(np.int64))
    return dict(n=int(got.size), equal=int((d == 0).sum()), tie=0, prop=0, arith=0, within=0, bad=d != 0,
                maxd=int(d.max()) if d.size else 0)


def classify_8bit_ref(c, got, exp, xp, model):
    """u8/i8 against OpenVINO's reference. interp must equal its specification
    (pillow13_model: Pillow 13.0's 22-bit integer arithmetic and pass order) on every
    element, and OpenVINO its own model (ov_ref_8bit_model: float64 sums rounded half
    away from zero, W pass first) on every element where the two differ, up to
    OpenVINO's own near ties (pil_masks). Those differences are then by design
    (OpenVINO's CPU plugin, f32 sums rounded to even, differs from interp the same way;
    it is not run on these modes); anything else is unexplained. Returns (status,
    stats, reason, notes)."""
    st = exact_stats(got, exp)
    differ = st["bad"]
    st["bad"] = (got != model) | (differ & pil_compare(c, exp, ov_ref_8bit_model(c, xp), xp,
                                                        pil_masks(c, xp, TAU_F32))["bad"])
    st["arith"] = int((differ & ~st["bad"]).sum())
    if st["bad"].any():
        return "fail", st, "unexplained mismatch vs OpenVINO (%s)" % pil_describe(st, ""), []
    if not differ.any():
        return "agree", st, "", []
    vfirst = case_vertical_first(c)
    reason = "Pillow 13.0 integer arithmetic%s" % (" and pass order" if vfirst else "")
    return "deviate", st, reason, [
        "%d elements differ (max |d| %d): interp computes Pillow 13.0's 22-bit integer sums (+2^21, >> 22, "
        "clamped per pass%s), OpenVINO float64 sums rounded half away from zero, W pass first; both equal "
        "their models" % (st["arith"], st["maxd"], ", the vertical pass first" if vfirst else "")]


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
    elif dt in EIGHT_BIT:
        status, rec["ref"], reason, notes = classify_8bit_ref(c, got, ov["ref_arr"], xp, model)
        if status == "fail":
            notes = v11_fail_notes(c, rec["ref"], got, ov["ref_arr"], model, None, "OpenVINO")
    else:
        exp = ov["ref_arr"]
        masks = pil_masks(c, xp, TAU_F32) if is_int else None  # i32/i64: the oracle stores f32
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
    if pillow_applies(c) and dt == "u8" and pillow_major() < 13 and case_vertical_first(c):
        c["cross"] = "pillow: not compared (Pillow %s runs the horizontal pass first; interp follows 13.0)" % (
            PILLOW["version"])
    elif pillow_applies(c) and dt == "u8":
        pl, nimg = pillow_eval(c, xp)
        pst = exact_stats(got, pl)
        pst.update(images=nimg, vfirst=case_vertical_first(c))
        pv = "agree" if not pst["bad"].any() else "fail"
        rec["pillow"] = (pv, pst)
        c["cross"] = "pillow%s: %s" % (" (vertical first)" if pst["vfirst"] else "",
                                       "agree" if pv == "agree" else "fail (%s)" % pil_describe(pst, ""))
        if pv == "fail":
            notes = notes + ["Pillow: " + n for n in v11_fail_notes(c, pst, got, pl, model, None, "Pillow")]
            status = "fail"
            reason = (reason + "; " if reason else "") + "unexplained mismatch vs Pillow (u8: exact)"
    elif pillow_applies(c):
        h, w, Oh, Ow = pil_hw(c)
        vfirst = interp_t is not None
        pst = None
        if vfirst and not interp_t["ok"]:
            pv, pwhy = "fail", "interp-run on the transposed image failed: " + interp_t["error"]
        else:
            pl, nimg = pillow_eval(c, xp)
            if vfirst:
                ct = transposed_case(c)
                gp = np.swapaxes(interp_t["result"], h, w)
                mk = ({k: np.swapaxes(v, h, w) for k, v in pil_masks(ct, ct["data"], TAU_F64).items()}
                      if is_int else None)
                mp = pil_model(c, xp, order="hw")
            else:
                gp, mp = got, model
                mk = pil_masks(c, xp, TAU_F64) if is_int else None
            pst = pil_compare(c, gp, pl, xp, mk)
            pst.update(images=nimg, vfirst=vfirst)
            pv = pil_verdict(pst)
            pwhy = pil_describe(pst, "Pillow rounds half away from zero")
            if pv == "fail":
                notes = notes + ["Pillow: " + n for n in v11_fail_notes(c, pst, gp, pl, mp, mk, "Pillow")]
        rec["pillow"] = (pv, pst)
        c["cross"] = "pillow%s: %s%s" % (" (vertical first)" if vfirst else "", pv,
                                         "" if pv == "agree" and pwhy == "bit-exact" else " (%s)" % pwhy)
        if pv == "fail":
            status = "fail"
            reason = (reason + "; " if reason else "") + "unexplained mismatch vs Pillow"
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
