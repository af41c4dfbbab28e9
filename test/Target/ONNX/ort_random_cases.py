"""Random Resize / Upsample configurations with ONNX Runtime as the oracle,
for onnx_node_tests.py (which runs them in its venv).

The space is the one ONNX Runtime implements as the specification says: f32
data of rank 2 or 4 (linear and cubic resize only the two inner axes, as
ORT requires), scales only where ORT's float32 output length
trunc(f32(s) * f32(L)) equals floor(s * L), Resize-11 with its required
(empty) scales input. Where ORT differs from interp, onnx.reference decides:
ORT computes coordinates in float32, so a coordinate a rounding boundary
apart can land on the other side; when the reference (float64, like interp)
agrees with interp the case counts as ORT's deviation, not a failure.
"""

import numpy as np
import onnx

CTMS = {10: [], 11: ["half_pixel", "pytorch_half_pixel", "align_corners", "asymmetric",
                     "tf_half_pixel_for_nn", "tf_crop_and_resize"],
        13: ["half_pixel", "pytorch_half_pixel", "align_corners", "asymmetric", "tf_crop_and_resize"]}
CTMS[18] = CTMS[13]
CTMS[19] = CTMS[13] + ["half_pixel_symmetric"]
SCALES = [0.25, 0.5, 0.6, 0.75, 0.8, 1.0, 1.25, 1.5, 1.7, 2.0, 2.5, 3.0, 1 / 3, 2 / 3, 4.0]


def random_case(rng):
    """One random (model, X) in the space ORT implements as specified."""
    from onnx import TensorProto, helper, numpy_helper
    kind = rng.choice(["Resize-19", "Resize-18", "Resize-13", "Resize-11", "Resize-10", "Upsample-9"])
    op, opset = kind.split("-")
    opset = int(opset)
    legacy = op == "Upsample" or opset == 10
    modes = ["nearest", "linear"] if legacy else ["nearest", "linear", "cubic"]
    mode = str(rng.choice(modes))
    rank = int(rng.choice([2, 4]))
    shape = [int(rng.integers(1, 3)) for _ in range(rank - 2)] + [int(rng.integers(1, 10)) for _ in range(2)]
    attrs = {"mode": mode}
    ctm = "asymmetric"
    if not legacy:
        ctm = str(rng.choice(CTMS[opset]))
        attrs["coordinate_transformation_mode"] = ctm
        if mode == "nearest":
            attrs["nearest_mode"] = str(rng.choice(["round_prefer_floor", "round_prefer_ceil", "floor", "ceil"]))
        if mode == "cubic":
            attrs["cubic_coeff_a"] = float(rng.choice([-0.75, -0.5]))
            attrs["exclude_outside"] = int(rng.integers(0, 2))
        if opset >= 18 and mode != "nearest" and rng.random() < 0.25:
            attrs["antialias"] = 1
            attrs["exclude_outside"] = int(rng.random() < 0.75)
    # Antialias matters when downsampling (interp maps it only then).
    down = bool(attrs.get("antialias"))
    use_sizes = not legacy and rng.random() < 0.5
    inits, inputs = [], ["X"]
    roi = np.array([0.0] * rank + [1.0] * rank, np.float32)
    if use_sizes:
        sizes = shape[:rank - 2] + [int(rng.integers(1, (L if down else 12) + 1)) for L in shape[rank - 2:]]
        scales = None
    else:
        scales = [1.0] * (rank - 2)
        for L in shape[rank - 2:]:
            pool = [s for s in SCALES if (not (op == "Upsample" and s < 1)) and (not down or s <= 1) and
                    int(np.trunc(np.float32(s) * np.float32(L))) == int(np.floor(float(np.float32(s)) * L)) and
                    int(np.floor(float(np.float32(s)) * L)) > 0]
            scales.append(float(rng.choice(pool)))
    if legacy:
        inits.append(numpy_helper.from_array(np.array(scales, np.float32), "scales"))
        inputs.append("scales")
    else:
        inits.append(numpy_helper.from_array(roi, "roi"))
        inputs.append("roi")
        if use_sizes:
            inits.append(numpy_helper.from_array(np.array(sizes, np.int64), "sizes"))
            # Resize-11 requires the scales input; empty means "use sizes".
            if opset == 11:
                inits.append(numpy_helper.from_array(np.zeros([0], np.float32), "no_scales"))
            inputs += ["no_scales" if opset == 11 else "", "sizes"]
        else:
            inits.append(numpy_helper.from_array(np.array(scales, np.float32), "scales"))
            inputs.append("scales")
    node = helper.make_node(op, inputs, ["Y"], name="resize", **attrs)
    graph = helper.make_graph([node], "g", [helper.make_tensor_value_info("X", TensorProto.FLOAT, shape)],
                              [helper.make_tensor_value_info("Y", TensorProto.FLOAT, None)], initializer=inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    model.ir_version = 8
    x = rng.uniform(-1, 1, shape).astype(np.float32)
    desc = "%s %s %s shape=%s %s=%s %s" % (kind, mode, ctm, shape, "sizes" if use_sizes else "scales",
                                          sizes if use_sizes else [round(s, 4) for s in scales],
                                          {k: v for k, v in attrs.items() if k not in ("mode", "coordinate_transformation_mode")})
    return model, x, desc


def ort_tests(run, close, n, seed):
    """(description, outcome, detail) per configuration; `run` imports and
    runs a model with interp, `close` compares two results."""
    import onnxruntime as ort
    rng = np.random.default_rng(seed)
    so = ort.SessionOptions()
    so.intra_op_num_threads = so.inter_op_num_threads = 1
    so.log_severity_level = 4
    rows = []
    for _ in range(n):
        model, x, desc = random_case(rng)
        try:
            sess = ort.InferenceSession(model.SerializeToString(), so, providers=["CPUExecutionProvider"])
            ref = sess.run(None, {"X": x})[0]
        except Exception as e:  # ORT refuses some valid configurations
            rows.append((desc, "ort refused", str(e).splitlines()[0][:120]))
            continue
        try:
            reason, got = run(model, x)
        except RuntimeError as e:
            rows.append((desc, "failed", str(e)))
            continue
        if reason is not None:
            rows.append((desc, "not expressible", reason))
            continue
        ok, what = close(got, ref, x)
        if not ok:
            # ORT computes coordinates in float32, the reference (and interp)
            # in float64: a coordinate next to a rounding boundary can land
            # on the other side in ORT. Such a case counts as ORT's
            # deviation when the reference agrees with interp.
            try:
                from onnx.reference import ReferenceEvaluator
                ref2 = ReferenceEvaluator(model).run(None, {"X": x})[0]
                if close(got, ref2, x)[0]:
                    rows.append((desc, "ort deviates", what + "; onnx.reference agrees with interp"))
                    continue
            except Exception:
                pass
        rows.append((desc, "passed" if ok else "failed", what))
    return rows

