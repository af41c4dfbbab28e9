#!/usr/bin/env python3
"""interp's 8-bit Pillow modes, bit-exact against Pillow 13.0 itself.

SEMANTICS-v11.md step 9: `interp.interpolate_v11` with `mode =
bilinear_pillow / bicubic_pillow` on ui8 and i8 data computes what Pillow
13.0's ImagingResample computes (22-bit weights, + 2^21, >> 22, clamp after
each pass, vertical pass first when (H - OH) > 0 and (H - OH) > 2 (W - OW)).
This suite checks that, element for element:

  - seeded random cases (make_cases): PIL modes L (HxW), RGB (HxWx3), RGBX
    and CMYK (HxWx4), and NCHW (1x3xHxW, axes [2, 3], one L image per
    channel); up- and downscales from 1/40 to 8x per axis, an unchanged axis,
    1-pixel sides, 0/255 checkerboards (bicubic clips them), shapes on both
    sides of Pillow 13's pass-order rule; BILINEAR and BICUBIC
    (cube_coeff = -0.5, Pillow's a); some with dynamic dims (`tensor<?x?x..>`
    arguments, constant sizes: the run-time weight tables);
  - the cases are batched, a few interp ops per function, compiled and run by
    `interp-run --check --tolerance=0 -o DIR` (so every element is also
    compared with interp's reference implementation), and each ui8 result is
    compared with `PIL.Image.resize((OW, OH), BILINEAR / BICUBIC)`;
  - i8 has no Pillow image mode: i8 results are compared with
    pillow_integer(), a NumPy transcription of Resample.c's 8-bit arithmetic
    with the i8 clamp, which this run also checks against Pillow on every
    ui8 case, and with the reference (--check).
The portable lowering is not covered: interp-run has no option for it.

Pillow comes from PyPI, pinned (PILLOW_PIN), in the conformance check's
virtualenv (BUILD/conformance-venv, created and filled with pip when needed;
the conformance check uses the same Pillow as its second oracle).

Exit status 0 when every element agrees, 1 on any mismatch or error, 77 when
Pillow 13.0 cannot be installed (no network, no wheel): scripts/test.sh
reports that as skipped.

Usage: pillow_exact.py --bin-dir BUILD/bin [--cases 360] [--seed S]
                       [--jobs 2] [--venv DIR] [--work DIR]
"""

import argparse
import concurrent.futures
import os
import re
import shutil
import sys
import tempfile

PILLOW_VERSION = "13.0.0"
PILLOW_PIN = "pillow==" + PILLOW_VERSION
VENV_MARKER = "INTERP_PILLOW_EXACT_VENV"
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from pylib import resize_cases  # noqa: E402
from pylib import venv as pyvenv  # noqa: E402

np = None  # numpy and PIL.Image, imported inside the virtualenv
Image = None

# Layout: (shape of (H, W, C), axes [h, w], PIL mode of one image or None
# for one L image per channel).
LAYOUTS = {
    "L": (lambda h, w, c: (h, w), (0, 1), "L"),
    "RGB": (lambda h, w, c: (h, w, 3), (0, 1), "RGB"),
    "RGBX": (lambda h, w, c: (h, w, 4), (0, 1), "RGBX"),
    "CMYK": (lambda h, w, c: (h, w, 4), (0, 1), "CMYK"),
    "NCHW": (lambda h, w, c: (1, 3, h, w), (2, 3), None),
}
# interp ops per function (one interp-run process): compiling grows faster than
# the number of ops (24 ops take 4x as long as 6 x 4), 4 is the fastest.
BATCH_CASES = 4
BATCH_ELEMENTS = 1 << 20  # ... and at most about this many input + output elements


def bootstrap(args, argv):
    """Re-executes inside BUILD/conformance-venv (or --venv) with numpy and
    Pillow 13.0.0 (pip-installs them when missing or another Pillow is there)."""
    if os.environ.get(VENV_MARKER):
        return
    build = os.path.dirname(os.path.abspath(args.bin_dir))
    venv = os.path.abspath(args.venv or os.path.join(build, "conformance-venv"))
    check = "import numpy, PIL; assert PIL.__version__ == %r, PIL.__version__" % PILLOW_VERSION
    py = pyvenv.ensure(venv, ["numpy", PILLOW_PIN], lambda py: pyvenv.probe(py, check)[0],
                       "pillow_exact")
    pyvenv.reexec(py, __file__, argv, {VENV_MARKER: venv})


# ---------------------------------------------------------------- the cases

def make_cases(n, seed):
    """n seeded cases: dicts with id, kind, layout, dtype ('ui8', 'i8'),
    mode ('bilinear', 'bicubic'), H, W, OH, OW, dynamic, data (in the
    layout's shape)."""
    rng = np.random.default_rng(seed)

    def vertical_first(rng, _):  # Pillow 13: (H - OH) > 0 and > 2 (W - OW)
        H, OH = resize_cases.axis_lengths(rng, 1 / 40, 0.7)
        W = int(rng.integers(1, 60))
        OW = max(1, W - int(rng.integers(0, max(1, (H - OH + 1) // 2))))
        if rng.integers(3) == 0:
            OW = int(rng.integers(W, 3 * W + 1))  # and an upscaled w
        return H, W, OH, OW

    def rule_edge(rng, _):  # (H - OH) == 2 (W - OW) > 0: horizontal first
        W = int(rng.integers(2, 40))
        OW = int(rng.integers(1, W))
        OH = int(rng.integers(1, 30))
        return OH + 2 * (W - OW), W, OH, OW

    special = {"vertical-first": vertical_first, "rule-edge": rule_edge}

    def sides(kind):
        return resize_cases.sides(rng, kind, special)

    kinds = ["random"] * 4 + ["identity", "one-pixel", "checker", "vertical-first", "rule-edge"]
    cases = []
    for i in range(n):
        kind = kinds[int(rng.integers(len(kinds)))]
        mode = "bicubic" if kind == "checker" and rng.integers(4) else ["bilinear", "bicubic"][int(rng.integers(2))]
        layout = list(LAYOUTS)[int(rng.integers(len(LAYOUTS)))]
        dtype = "i8" if rng.integers(6) == 0 else "ui8"
        for _ in range(100):  # keep each case below ~400k elements
            H, W, OH, OW = sides(kind)
            if max(H * W, OH * OW) <= 100000:
                break
        shape = LAYOUTS[layout][0](H, W, 0)
        lo, hi = (0, 255) if dtype == "ui8" else (-128, 127)
        if kind == "checker":
            data = resize_cases.checkerboard(rng, H, W, shape, LAYOUTS[layout][1], lo, hi)
        else:
            data = rng.integers(lo, hi + 1, shape)
        cases.append(dict(id=i, kind=kind, layout=layout, dtype=dtype, mode=mode, H=H, W=W, OH=OH, OW=OW,
                          dynamic=bool(rng.integers(6) == 0),
                          data=np.ascontiguousarray(data, np.uint8 if dtype == "ui8" else np.int8)))
    return cases


def vertical_first(c):
    """Pillow 13.0's pass order (Resample.c, python-pillow/Pillow PR #9549)."""
    return (c["H"] - c["OH"]) > 0 and (c["H"] - c["OH"]) > 2 * (c["W"] - c["OW"])


# ---------------------------------------------------------------- interp

def v11_op(c):
    """The case's axes, element type and attributes (Pillow's arithmetic)."""
    attrs = "mode = %s_pillow, shape_calculation_mode = sizes" % c["mode"]
    if c["mode"] == "bicubic":
        attrs += ", cube_coeff = -0.5"
    return LAYOUTS[c["layout"]][1], c["dtype"], attrs


def run_batch(interp_run, work, b, batch):
    """Compiles and runs one batch; per case (result array or None,
    reference mismatches or None, error text)."""
    d, r = resize_cases.run_interp(interp_run, work, b, resize_cases.v11_module(batch, v11_op),
                                   [c["data"] for c in batch])
    checks = {int(k): int(m) for k, m in re.findall(r"^check result (\d+): .* mismatches=(\d+)", r.stdout, re.M)}
    out = []
    for k in range(len(batch)):
        path = os.path.join(d, "result%d.npy" % k)
        if not os.path.exists(path) or k not in checks:
            out.append((None, None, "interp-run (exit %d): %s" % (r.returncode, r.stdout.strip()[-600:])))
        else:
            out.append((np.load(path), checks[k], ""))
    return out


# ---------------------------------------------------------------- oracles

def pillow(c):
    """PIL.Image.resize on the case's image(s), in the case's layout."""
    resample = Image.Resampling.BILINEAR if c["mode"] == "bilinear" else Image.Resampling.BICUBIC
    x, mode = c["data"], LAYOUTS[c["layout"]][2]

    def resize(img, m, bands):
        im = Image.frombytes(m, (c["W"], c["H"]), np.ascontiguousarray(img).tobytes())
        y = np.frombuffer(im.resize((c["OW"], c["OH"]), resample).tobytes(), np.uint8)
        return y.reshape((c["OH"], c["OW"]) + ((bands,) if bands > 1 else ()))
    if mode is not None:
        return resize(x, mode, 1 if x.ndim == 2 else x.shape[2])
    return np.stack([resize(x[0, ch], "L", 1) for ch in range(x.shape[1])])[None]


def pillow_weights(L, O, bicubic):
    """Resample.c's precompute_coeffs + normalize_coeffs_8bpc for box (0, L):
    float64 operations in Pillow's order, then 22-bit integers; (O x L)."""
    support = (2.0 if bicubic else 1.0)
    scale = float(L) / O
    filterscale = max(scale, 1.0)
    support *= filterscale
    inv = 1.0 / filterscale
    K = np.zeros((O, L), np.int64)
    for o in range(O):
        center = 0.0 + (o + 0.5) * scale
        lo, hi = max(0, int(center - support + 0.5)), min(L, int(center + support + 0.5))
        ws = []
        for j in range(lo, hi):
            x = abs((j - center + 0.5) * inv)
            if bicubic:  # a = -0.5
                w = ((1.5 * x - 2.5) * x * x + 1 if x < 1.0 else
                     (((x - 5) * x + 8) * x - 4) * -0.5 if x < 2.0 else 0.0)
            else:
                w = 1.0 - x if x < 1.0 else 0.0
            ws.append(w)
        total = 0.0
        for w in ws:
            total += w
        if total != 0.0:
            ws = [w / total for w in ws]
        K[o, lo:hi] = [int(w * (1 << 22) - 0.5) if w < 0 else int(w * (1 << 22) + 0.5) for w in ws]
    return K


def pillow_integer(c):
    """Pillow's 8-bit resampling: S = 2^21 + sum x*k, S >> 22, clamped to the
    element type after each pass; Pillow 13's pass order; L == O skipped."""
    x = c["data"].astype(np.int64)
    info = np.iinfo(c["data"].dtype)
    h, w = LAYOUTS[c["layout"]][1]
    passes = [(w, c["OW"]), (h, c["OH"])]
    for ax, O in reversed(passes) if vertical_first(c) else passes:
        if x.shape[ax] == O:
            continue
        K = pillow_weights(x.shape[ax], O, c["mode"] == "bicubic")
        s = np.tensordot(np.moveaxis(x, ax, -1), K.T, axes=1) + (1 << 21)
        x = np.moveaxis(np.clip(s >> 22, info.min, info.max), -1, ax)
    return x.astype(c["data"].dtype)


# ---------------------------------------------------------------- main

def compare(c, got, ref_mismatches):
    """Per-case counts: elements, mismatches vs the oracle (Pillow for ui8,
    pillow_integer for i8), vs the reference, and the model vs Pillow (ui8)."""
    model = pillow_integer(c)
    oracle = pillow(c) if c["dtype"] == "ui8" else model
    row = dict(elements=int(oracle.size), ref=ref_mismatches, model=0, oracle=0, maxd=0, first="")
    if got.shape != oracle.shape:
        row.update(oracle=int(oracle.size), first="shape %s, expected %s" % (got.shape, oracle.shape))
        return row
    d = np.abs(got.astype(np.int64) - oracle.astype(np.int64))
    row.update(oracle=int((d != 0).sum()), maxd=int(d.max()) if d.size else 0)
    if c["dtype"] == "ui8":
        row["model"] = int((model != oracle).sum())
    if row["oracle"]:
        o = tuple(int(i) for i in np.argwhere(d != 0)[0])
        row["first"] = "at %s interp %d, %s %d" % (list(o), int(got[o]), "Pillow" if c["dtype"] == "ui8" else
                                                    "model", int(oracle[o]))
    return row


def describe(c):
    return "case %d (%s, %s %s %s%s, %dx%d -> %dx%d, %s first)" % (
        c["id"], c["kind"], c["mode"], c["layout"], c["dtype"], ", dynamic" if c["dynamic"] else "",
        c["H"], c["W"], c["OH"], c["OW"], "vertical" if vertical_first(c) else "horizontal")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--bin-dir", required=True, help="interp's build/bin")
    p.add_argument("--cases", type=int, default=360)
    p.add_argument("--seed", type=int, default=20260113)
    p.add_argument("--jobs", type=int, default=2, help="interp-run processes at a time")
    p.add_argument("--venv", help="the virtualenv with Pillow (default BUILD/conformance-venv)")
    p.add_argument("--work", help="keep the files here (default: a temporary directory)")
    args = p.parse_args()
    args.bin_dir = os.path.abspath(args.bin_dir)
    interp_run = os.path.join(args.bin_dir, "interp-run")
    if not os.access(interp_run, os.X_OK):
        print("pillow_exact: FAIL: no %s (build interp-run first)" % interp_run)
        return 1
    bootstrap(args, sys.argv[1:])
    global np, Image
    import numpy
    import PIL
    from PIL import Image as PILImage
    np, Image = numpy, PILImage
    print("pillow_exact: Pillow %s, numpy %s, %d cases, seed %d" % (PIL.__version__, np.__version__, args.cases,
                                                                      args.seed), flush=True)
    work = args.work or tempfile.mkdtemp(prefix="interp-pillow-exact-")
    cases = make_cases(args.cases, args.seed)
    groups = list(resize_cases.batches(cases, BATCH_CASES, BATCH_ELEMENTS))
    with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
        runs = list(pool.map(lambda bg: run_batch(interp_run, work, *bg), enumerate(groups)))

    table, errors, shown = {}, 0, 0
    for group, results in zip(groups, runs):
        for c, (got, ref, error) in zip(group, results):
            key = (c["mode"], c["layout"], c["dtype"])
            t = table.setdefault(key, dict(cases=0, elements=0, oracle=0, ref=0, model=0, maxd=0, bad=0))
            t["cases"] += 1
            if error:
                errors += 1
                t["bad"] += 1
                if shown < 10:
                    print("  ERROR %s: %s" % (describe(c), error))
                    shown += 1
                continue
            row = compare(c, got, ref)
            for k in ("elements", "oracle", "ref", "model"):
                t[k] += row[k]
            t["maxd"] = max(t["maxd"], row["maxd"])
            t["bad"] += bool(row["oracle"] or row["ref"] or row["model"])
            if (row["oracle"] or row["ref"] or row["model"]) and shown < 10:
                print("  MISMATCH %s: %d vs %s%s, %d vs reference, model vs Pillow %d" % (
                    describe(c), row["oracle"], "Pillow" if c["dtype"] == "ui8" else "model",
                    " " + row["first"] if row["first"] else "", row["ref"], row["model"]))
                shown += 1

    print("  %-9s %-6s %-4s %6s %10s %11s %6s %9s %11s %11s" % (
        "mode", "layout", "type", "cases", "elements", "vs oracle", "max|d|", "vs ref", "model/PIL", "bad cases"))
    total = dict(cases=0, elements=0, oracle=0, ref=0, model=0, bad=0)
    for key in sorted(table):
        t = table[key]
        print("  %-9s %-6s %-4s %6d %10d %11d %6d %9d %11d %11d" % (key + (t["cases"], t["elements"], t["oracle"],
              t["maxd"], t["ref"], t["model"], t["bad"])))
        for k in total:
            total[k] += t[k]
    vf = sum(vertical_first(c) for c in cases)
    print("  (oracle: Pillow %s for ui8, pillow_integer() for i8; %d cases run vertical first, %d dynamic)"
          % (PIL.__version__, vf, sum(c["dynamic"] for c in cases)))
    ok = not (errors or total["oracle"] or total["ref"] or total["model"])
    print("pillow_exact: %d cases, %d elements, %d mismatches vs Pillow/model, %d vs reference, "
          "%d model vs Pillow, %d errors: %s" % (total["cases"], total["elements"], total["oracle"], total["ref"],
                                                 total["model"], errors, "PASS" if ok else "FAIL"), flush=True)
    if not args.work:
        shutil.rmtree(work, ignore_errors=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
