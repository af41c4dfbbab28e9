"""Reporting: one line per case (describe), the failures in detail and the
summary (with one line per Interpolate-11 oracle, v11_summary)."""

import numpy as np

from .classify_v11 import PILLOW
from .common import as_f64, f32, is_pillow


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


def v11_summary(results):
    """Per-oracle lines for Interpolate-11."""
    lines = []
    pil = [(c, s) for c, s, _, _ in results if is_pillow(c)]

    def tally(recs, what):
        n = len(recs)
        st = [r for r in recs if r is not None]
        explained = lambda r: r["tie"] + r["prop"] + r.get("arith", 0)  # noqa: E731
        exact = sum(1 for r in st if r["equal"] == r["n"])
        within = sum(1 for r in st if not r["bad"].any() and explained(r) == 0 and r["equal"] != r["n"])
        dev = [r for r in st if not r["bad"].any() and explained(r)]
        bad = [r for r in st if r["bad"].any()]
        tie, prop = sum(r["tie"] for r in st), sum(r["prop"] for r in st)
        arith = sum(r.get("arith", 0) for r in st)
        elems = sum(r["n"] for r in st)
        return ("%d cases (%d elements), %d agree (%d bit-exact, %d within the float tolerance), "
                "%d by design (%sties: %d elements at a near tie, %s; %d propagated pass-1 ties), "
                "%d unexplained%s" % (n, elems, exact + within, exact, within, len(dev),
                                      "u8/i8: %d elements of Pillow 13.0 integer arithmetic vs float64 rounded "
                                      "half away; " % arith if arith else "", tie, what, prop,
                                      len(bad) + (n - len(st)),
                                      " (%d without a result)" % (n - len(st)) if n - len(st) else ""))
    if pil:
        orc = {}
        for c, _ in pil:
            orc[c["oracle"]] = orc.get(c["oracle"], 0) + 1
        lines.append("v11 vs OpenVINO reference (Pillow modes; %s): %s" % (
            ", ".join("%s %d" % kv for kv in sorted(orc.items())),
            tally([c["v11"]["ref"] for c, _ in pil], "half away from zero vs interp's half to even (i32/i64)")))
        pp = [c["v11"]["pillow"] for c, _ in pil if c["v11"]["pillow"] is not None]
        if PILLOW["Image"] is None:
            lines.append("v11 vs Pillow: SKIPPED (%s)" % PILLOW["why"])
        else:
            recs = [p[1] for p in pp]
            imgs = sum(r["images"] for r in recs if r)
            vf = sum(1 for r in recs if r and r["vfirst"])
            lines.append("v11 vs Pillow %s (%d 2-D images, %d cases with the vertical pass first): %s" % (
                PILLOW["version"], imgs, vf, tally(recs, "Pillow I rounds half away (u8: exact)")))
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


def print_case(i, status, c, reason, notes, quiet):
    """The case's table row (with -q only when it does not simply agree)."""
    cross_ok = not c.get("cross") or c["cross"].split(": ", 1)[-1].startswith("agree")
    if not (quiet and status == "agree" and cross_ok):
        extra = ("  [%s]" % reason if reason else "") + ("  {%s}" % c["cross"] if c.get("cross") else "")
        print("%5d  %-8s %-6s %s%s" % (i, status, c.get("oracle", "-"), describe(c), extra), flush=True)
        for n in notes[:3] if status in ("deviate", "ov-bug") else []:
            print("         . " + n)


def print_failures(results, seed):
    """Each failed case in detail: its MLIR, its input when small, and the notes."""
    fails = [r for r in results if r[1] == "fail"]
    for c, status, reason, notes in fails:
        print("\n---- FAIL case %d (seed %d): %s" % (c["id"], seed, reason))
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


def count(results):
    """Cases per status."""
    return {s: sum(1 for r in results if r[1] == s) for s in ("agree", "deviate", "ov-bug", "fail", "n/a")}


def print_oracles(results):
    """Which oracle judged how many cases, and the CPU plugin's cross-check."""
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


def summary_line(results):
    """The last line: "conformance: N cases, A agree, ..."."""
    n = len(results)
    cnt = count(results)

    def breakdown(status):
        reasons = {}
        for c, s, reason, _ in results:
            if s == status:
                reasons[reason] = reasons.get(reason, 0) + 1
        return " (%s)" % ", ".join("%s %d" % kv for kv in sorted(reasons.items())) if reasons else ""
    return ("conformance: %d cases, %d agree, %d deviate by design%s, %d OpenVINO reference bugs%s, "
            "%d not comparable by design (area), %d fail"
            % (n, cnt["agree"], cnt["deviate"], breakdown("deviate"), cnt["ov-bug"], breakdown("ov-bug"),
               cnt["n/a"], cnt["fail"]))
