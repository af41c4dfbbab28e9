#!/usr/bin/env python3
"""End-to-end fixtures of the OpenVINO IR importer (interp-translate).

Builds small models with the openvino PyPI package (opset1/opset4/opset11),
saves each with ov.save_model, imports it with
`interp-translate --import-openvino-ir`, runs the imported file with
`interp-run FILE.mlir --input ...` and compares the results with OpenVINO's
CPU plugin and with its reference (ov.Model.evaluate, the kernels constant
folding uses), with the tolerance rules of the conformance check
(scripts/pylib/tolerance.py):

  nearest and integer data: exact;  f32/f64: 2e-5*M + 1e-5*|ref|;
  f16: 1e-3*M + 1e-3*|ref|;  bf16: 8e-3*M + 8e-3*|ref|  (M = max |input|, >= 1)

A difference that a documented interp decision or a known OpenVINO
divergence explains is counted as `deviate`, not `fail` (see KNOWN below);
an oracle that cannot run a case (the reference has no Interpolate-1,
no f64/integer kernels; the CPU plugin ignores antialias) is `n/a`.

Usage: openvino_fixtures.py --bin-dir BUILD/bin [--work DIR] [--venv DIR]
       [--only REGEX] [--keep]
Exit: 0 no failure, 1 failures, 77 skipped (openvino not installable).
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zlib

VENV_MARKER = "INTERP_OVIR_FIXTURES_VENV"
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from pylib import venv as pyvenv  # noqa: E402
from pylib.npy import as_f64  # noqa: E402
from pylib.tolerance import tolerance  # noqa: E402


def has_openvino(py):
    return pyvenv.importable(py, "numpy, openvino")


def bootstrap(args, argv):
    """Re-executes inside a Python that has openvino: the conformance venv
    of the build (BUILD/conformance-venv), else --venv (created with pip)."""
    if os.environ.get(VENV_MARKER):
        return
    build = os.path.dirname(os.path.abspath(args.bin_dir))
    candidates = [args.venv] if args.venv else []
    candidates += [os.path.join(build, "conformance-venv"), os.path.join(ROOT, "build", "conformance-venv")]
    py = None
    for venv in candidates:
        p = pyvenv.python_of(venv)
        if os.path.exists(p) and has_openvino(p):
            py = p
            break
    if py is None:
        venv = args.venv or os.path.join(build, "openvino-fixtures-venv")
        py = pyvenv.ensure(venv, ["openvino>=2026,<2027", "numpy"], has_openvino, "openvino_fixtures",
                           label="openvino numpy", failed_label="openvino")
    pyvenv.reexec(py, __file__, argv, {VENV_MARKER: "1", "OMP_NUM_THREADS": "1"})


# ---------------------------------------------------------------------------
# Everything below runs with openvino and numpy.
# ---------------------------------------------------------------------------

np = ov = None
CPU_CONFIG = {"INFERENCE_PRECISION_HINT": "f32", "EXECUTION_MODE_HINT": "ACCURACY",
              "INFERENCE_NUM_THREADS": 1, "NUM_STREAMS": 1}


def bf16_bits(x):
    return (np.asarray(x, np.float32).view(np.uint32) >> 16).astype(np.uint16)


def np_type(dt):
    return {"f32": np.float32, "f16": np.float16, "f64": np.float64, "bf16": np.uint16,
            "i8": np.int8, "u8": np.uint8, "i32": np.int32, "i64": np.int64}[dt]


def ov_type(dt):
    return {"f32": ov.Type.f32, "f16": ov.Type.f16, "f64": ov.Type.f64, "bf16": ov.Type.bf16,
            "i8": ov.Type.i8, "u8": ov.Type.u8, "i32": ov.Type.i32, "i64": ov.Type.i64}[dt]


def random_input(name, shape, dt):
    rng = np.random.default_rng(zlib.crc32(name.encode()))
    if dt in ("i8",):
        return rng.integers(-100, 100, shape).astype(np.int8)
    if dt in ("u8",):
        return rng.integers(0, 255, shape).astype(np.uint8)
    if dt in ("i32", "i64"):
        return rng.integers(-1000, 1000, shape).astype(np_type(dt))
    x = rng.uniform(-1, 1, shape).astype(np.float32)
    if dt == "bf16":
        return bf16_bits(x)
    return x.astype(np_type(dt))


def to_tensor(a, dt):
    a = np.array(a, order="C", copy=True)
    if dt == "bf16":
        return ov.Tensor(a, ov.Shape(list(a.shape)), ov.Type.bf16)
    return ov.Tensor(a)


def from_tensor(t):
    a = np.array(t.data, copy=True)
    if t.element_type == ov.Type.bf16:
        a = a.view(np.uint16)
    return a.reshape(list(t.shape))


def run_cpu(model, inputs):
    cm = ov.Core().compile_model(model, "CPU", CPU_CONFIG)
    req = cm.create_infer_request()
    for i, (a, dt) in enumerate(inputs):
        req.set_input_tensor(i, to_tensor(a, dt))
    req.infer()
    return [from_tensor(req.get_output_tensor(i)) for i in range(len(cm.outputs))]


def run_reference(model, inputs):
    m = model.clone()
    if m.is_dynamic():
        m.reshape({p.output(0): ov.PartialShape(list(a.shape)) for p, (a, _) in zip(m.get_parameters(), inputs)})
    outs = [ov.Tensor(o.get_element_type(), o.get_shape()) for o in m.outputs]
    if not m.evaluate(outs, [to_tensor(a, dt) for a, dt in inputs]):
        raise RuntimeError("no evaluate() for these types")
    return [from_tensor(t) for t in outs]


# ---------------------------------------------------------------------------
# The models
# ---------------------------------------------------------------------------

def i64(*v):
    return np.array(v, np.int64)


def f32(*v):
    return np.array(v, np.float32)


class Case:
    def __init__(self, name, build, shapes, dtype="f32", exact=False, ref=True, cpu=True,
                 compress=False, expect_error=None, known=None, run_shapes=None, out_dtype=None):
        self.name, self.build, self.shapes, self.dtype = name, build, shapes, dtype
        # The results' element type when a Convert changes it.
        self.out_dtype = out_dtype or dtype
        self.exact, self.ref, self.cpu, self.compress = exact, ref, cpu, compress
        self.expect_error, self.known = expect_error, known
        self.run_shapes = run_shapes or shapes


def param(shape, dt="f32", name="x"):
    from openvino import opset1 as o1
    return o1.parameter(shape, ov_type(dt), name=name)


def cases():
    return op_cases() + graph_cases()


def op_cases():
    """One Interpolate-1, -4 or -11 per model."""
    from openvino import opset1 as o1, opset10 as o10, opset11 as o11
    P = param
    out = []

    def v4(name, mode, scm, shape=(1, 2, 6, 8), sizes=(9, 5), scales=(1.5, 0.625), axes=(2, 3), dt="f32",
           ctm="half_pixel", nm="round_prefer_floor", pads=None, aa=False, cube=-0.75, **kw):
        def build():
            x = P(list(shape), dt)
            r = o10.interpolate(x, i64(*sizes), f32(*scales), axes=i64(*axes) if axes is not None else None,
                                mode=mode, shape_calculation_mode=scm, coordinate_transformation_mode=ctm,
                               nearest_mode=nm, antialias=aa, cube_coeff=cube,
                               pads_begin=pads[0] if pads else None, pads_end=pads[1] if pads else None)
            return ov.Model([r], [x], name)
        out.append(Case(name, build, [shape], dt, exact=mode == "nearest", **kw))

    def v11(name, mode, scm, shape=(1, 2, 6, 8), values=(1.5, 0.625), axes=(2, 3), dt="f32", aa=False,
            pads=None, ctm="half_pixel", cube=-0.75, **kw):
        def build():
            x = P(list(shape), dt)
            vals = i64(*values) if scm == "sizes" else f32(*values)
            r = o11.interpolate(x, vals, mode=mode, shape_calculation_mode=scm,
                                axes=i64(*axes) if axes is not None else None, antialias=aa,
                                coordinate_transformation_mode=ctm, cube_coeff=cube,
                                pads_begin=pads[0] if pads else None, pads_end=pads[1] if pads else None)
            return ov.Model([r], [x], name)
        out.append(Case(name, build, [shape], dt, exact=mode == "nearest", **kw))

    def v1(name, mode, shape=(1, 2, 6, 8), target=(9, 5), axes=(2, 3), align=False, pads=None, dt="f32", **kw):
        def build():
            x = P(list(shape), dt)
            attrs = {"axes": list(axes), "mode": mode, "align_corners": align}
            if pads:
                attrs["pads_begin"], attrs["pads_end"] = pads
            r = o1.interpolate(x, i64(*target), attrs)
            return ov.Model([r], [x], name)
        # The reference has no Interpolate-1 evaluate().
        out.append(Case(name, build, [shape], dt, exact=mode == "nearest", ref=False, **kw))

    # Interpolate-4: every mode, both shape-calculation modes.
    for mode in ("nearest", "linear", "linear_onnx", "cubic"):
        for scm in ("sizes", "scales"):
            v4("v4_%s_%s" % (mode, scm), mode, scm)
    v4("v4_3inputs_sizes", "linear_onnx", "sizes", shape=(1, 1, 4, 6), sizes=(1, 1, 8, 9),
       scales=(1, 1, 2, 1.5), axes=None)
    for ctm in ("pytorch_half_pixel", "asymmetric", "tf_half_pixel_for_nn", "align_corners"):
        v4("v4_nearest_" + ctm, "nearest", "scales", ctm=ctm, nm="floor")
    v4("v4_pads", "linear", "sizes", pads=([0, 0, 1, 0], [0, 0, 1, 2]))
    # The CPU plugin ignores antialias; the reference honours it for linear.
    v4("v4_linear_antialias", "linear", "scales", scales=(0.5, 0.375), sizes=(3, 3), aa=True, cpu=False)
    v4("v4_cubic_coeff", "cubic", "sizes", cube=-0.5)
    for dt in ("f16", "bf16", "f64", "i8", "u8", "i32", "i64"):
        # The reference runs no f64/integer Interpolate; compare with the CPU.
        v4("v4_nearest_" + dt, "nearest", "sizes", dt=dt, ref=dt in ("f16", "bf16"))
    for dt in ("f16", "bf16"):
        v4("v4_linear_onnx_" + dt, "linear_onnx", "sizes", dt=dt)
    # Interpolate-11.
    for mode in ("nearest", "linear", "linear_onnx", "cubic", "bilinear_pillow", "bicubic_pillow"):
        for scm in ("sizes", "scales"):
            vals = (9, 5) if scm == "sizes" else (1.5, 0.625)
            v11("v11_%s_%s" % (mode, scm), mode, scm, values=vals,
                cube=-0.5 if mode == "bicubic_pillow" else -0.75)
    v11("v11_noaxes_scales", "linear_onnx", "scales", values=(1, 1, 2, 1.5), axes=None)
    v11("v11_pillow_pads_antialias", "bilinear_pillow", "sizes", values=(5, 11), aa=True,
        pads=([0, 0, 1, 0], [0, 0, 0, 1]))
    v11("v11_linear_u8", "linear", "sizes", values=(9, 5), dt="u8", ref=False)
    v11("v11_dyn_batch", "linear_onnx", "scales", shape=(-1, 2, 6, 8), values=(2.0, 0.5),
        run_shapes=[(3, 2, 6, 8)])
    # Interpolate-1 (CPU only: converted to v4 by the plugin).
    for mode in ("nearest", "linear", "cubic"):
        v1("v1_" + mode, mode)
    v1("v1_linear_align_corners", "linear", align=True)
    return out


def graph_cases():
    """Models with more than the op: a chain, a shape subgraph, a layer interp
    does not import."""
    from openvino import opset1 as o1, opset4 as o4, opset8 as o8, opset10 as o10, opset11 as o11
    P = param
    out = []

    # A chain of two Interpolates, saved with compress_to_fp16 (f16 Const + Convert).
    def chain():
        x = P([1, 2, 4, 5])
        a = o10.interpolate(x, i64(8, 10), f32(2, 2), "nearest", "scales", axes=i64(2, 3))
        b = o11.interpolate(a, f32(0.75, 1.5), "linear", "scales", axes=i64(2, 3))
        return ov.Model([b], [x], "chain")
    out.append(Case("chain_v4_v11_fp16_consts", chain, [(1, 2, 4, 5)], compress=True))

    # ShapeOf -> Gather -> Convert -> Multiply -> Floor -> Convert -> Interpolate sizes.
    def shape_subgraph(dynamic):
        def build():
            x = P([1, 3, -1, -1] if dynamic else [1, 3, 5, 7])
            hw = o8.gather(o4.shape_of(x), i64(2, 3), np.array(0, np.int64))
            s = o1.multiply(o1.convert(hw, "f32"), f32(1.5, 2.0))
            sizes = o1.convert(o1.floor(s), "i64")
            r = o11.interpolate(x, sizes, "nearest", "sizes", axes=i64(2, 3),
                                coordinate_transformation_mode="asymmetric", nearest_mode="floor")
            return ov.Model([r], [x], "sg")
        return build
    out.append(Case("shape_subgraph_static", shape_subgraph(False), [(1, 3, 5, 7)], exact=True))
    out.append(Case("shape_subgraph_dynamic", shape_subgraph(True), [(1, 3, -1, -1)], exact=True,
                    run_shapes=[(1, 3, 5, 7)]))

    # Convert(u8 -> f32) before Interpolate: the importer reinterprets the
    # unsigned tensor (tensor.bitcast) before arith.uitofp, which must lower
    # and run.
    def convert_u8():
        x = P([1, 2, 6, 8], "u8")
        r = o11.interpolate(o1.convert(x, "f32"), f32(1.5, 0.625), "linear_onnx", "scales",
                            axes=i64(2, 3))
        return ov.Model([r], [x], "convert_u8")
    out.append(Case("convert_u8_f32_interpolate", convert_u8, [(1, 2, 6, 8)], dtype="u8",
                    out_dtype="f32"))

    # A layer interp does not import: the diagnostic names it.
    def unsupported():
        x = P([1, 2, 4, 4])
        r = o11.interpolate(o1.relu(x), i64(8, 8), "nearest", "sizes", axes=i64(2, 3))
        return ov.Model([r], [x], "unsupported")
    out.append(Case("unsupported_relu", unsupported, [(1, 2, 4, 4)],
                    expect_error=r"ReLU opset1\): unsupported layer type 'ReLU' \(version opset1\)"))
    return out


# ---------------------------------------------------------------------------
# Running and comparing
# ---------------------------------------------------------------------------

def compare(got, exp, dt, exact, mag):
    """None when equal within the rules, else a short reason."""
    if got.shape != exp.shape:
        return "shape %s != %s" % (got.shape, exp.shape)
    if exact or dt in ("i8", "u8", "i32", "i64"):
        bad = got.tobytes() != exp.tobytes()
        if not bad:
            return None
        diff = np.abs(got.astype(np.float64) - exp.astype(np.float64))
        if dt in ("i8", "u8", "i32", "i64") and not exact and diff.max() <= 1:
            return "deviate: integer rounding (interp rounds to nearest even, saturates)"
        return "%d elements differ (max %g)" % (int(np.count_nonzero(diff)), float(diff.max()))
    g, e = as_f64(got, dt), as_f64(exp, dt)
    atol, rtol = tolerance(dt, mag)
    bad = (np.abs(g - e) > atol + rtol * np.abs(e)) & ~(np.isnan(g) & np.isnan(e))
    if not bad.any():
        return None
    return "%d elements beyond tolerance (max abs %g)" % (int(bad.sum()), float(np.abs(g - e)[bad].max()))


def run_case(c, args, work):
    xml = os.path.join(work, c.name + ".xml")
    mlir = os.path.join(work, c.name + ".mlir")
    model = c.build()
    ov.save_model(model, xml, compress_to_fp16=c.compress)
    r = subprocess.run([os.path.join(args.bin_dir, "interp-translate"), "--import-openvino-ir", xml, "-o", mlir],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if c.expect_error:
        if r.returncode == 1 and re.search(c.expect_error, r.stdout):
            return {"diag": "ok"}
        return {"diag": "fail", "why": "exit %d: %s" % (r.returncode, r.stdout.strip()[-300:])}
    if r.returncode != 0:
        return {"import": r.stdout.strip()[-400:]}
    inputs = []
    cmd = [os.path.join(args.bin_dir, "interp-run"), mlir, "-o", os.path.join(work, c.name + ".out")]
    for i, shape in enumerate(c.run_shapes):
        a = random_input(c.name + str(i), shape, c.dtype)
        path = os.path.join(work, "%s.in%d.npy" % (c.name, i))
        np.save(path, a)
        inputs.append((a, c.dtype))
        cmd += ["--input", path]
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode != 0:
        return {"run": r.stdout.strip()[-400:]}
    got = [np.load(os.path.join(work, c.name + ".out", "result%d.npy" % i)) for i in range(len(model.outputs))]
    mag = max([float(np.max(np.abs(as_f64(a, dt)))) for a, dt in inputs] + [1.0])
    res = {}
    for oracle, enabled, fn in (("cpu", c.cpu, run_cpu), ("ref", c.ref, run_reference)):
        if not enabled:
            res[oracle] = "n/a"
            continue
        try:
            exp = fn(model, inputs)
        except Exception as e:  # noqa: BLE001 - the oracle cannot run this case
            res[oracle] = "n/a"
            res[oracle + "_why"] = str(e).splitlines()[0][:200]
            continue
        whys = [compare(g, e, c.out_dtype, c.exact, mag) for g, e in zip(got, exp)]
        whys = [w for w in whys if w]
        if not whys:
            res[oracle] = "agree"
        elif all(w.startswith("deviate") for w in whys):
            res[oracle], res[oracle + "_why"] = "deviate", whys[0]
        else:
            res[oracle], res[oracle + "_why"] = "fail", whys[0]
    return res


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin-dir", default=os.path.join(ROOT, "build", "bin"))
    ap.add_argument("--work", help="directory for the models and outputs (default: a temporary one)")
    ap.add_argument("--venv", help="virtualenv with openvino (created when missing)")
    ap.add_argument("--only", help="run the cases whose name matches this regex")
    ap.add_argument("--keep", action="store_true", help="keep the temporary directory")
    args = ap.parse_args(argv)
    for tool in ("interp-translate", "interp-run"):
        if not os.path.exists(os.path.join(args.bin_dir, tool)):
            print("openvino_fixtures: %s not found in %s" % (tool, args.bin_dir))
            return 2
    bootstrap(args, argv)
    global np, ov
    import numpy as np  # noqa: F811
    import openvino as ov  # noqa: F811
    work = args.work or tempfile.mkdtemp(prefix="ovir-fixtures-")
    os.makedirs(work, exist_ok=True)
    start = time.time()
    counts = {o: {} for o in ("cpu", "ref")}
    diags = [0, 0]
    failures = 0
    selected = [c for c in cases() if not args.only or re.search(args.only, c.name)]
    for c in selected:
        res = run_case(c, args, work)
        if "diag" in res:
            diags[0] += res["diag"] == "ok"
            diags[1] += 1
            failures += res["diag"] != "ok"
            print("%-32s diagnostic %s %s" % (c.name, res["diag"], res.get("why", "")))
            continue
        if "import" in res or "run" in res:
            failures += 1
            print("%-32s FAIL %s: %s" % (c.name, "import" if "import" in res else "run",
                                          res.get("import", res.get("run"))))
            continue
        line = "%-32s cpu=%-7s ref=%-7s" % (c.name, res["cpu"], res["ref"])
        for o in ("cpu", "ref"):
            counts[o][res[o]] = counts[o].get(res[o], 0) + 1
            failures += res[o] == "fail"
            if res.get(o + "_why"):
                line += "  [%s: %s]" % (o, res[o + "_why"])
        print(line, flush=True)
    fmt = lambda d: ", ".join("%d %s" % (d.get(k, 0), k) for k in ("agree", "deviate", "fail", "n/a"))  # noqa
    print("openvino_fixtures: %d cases; vs CPU plugin: %s; vs reference: %s; diagnostics: %d/%d; %.1f s"
          % (len(selected), fmt(counts["cpu"]), fmt(counts["ref"]), diags[0], diags[1], time.time() - start))
    if not args.work and not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
