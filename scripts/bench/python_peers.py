"""The Python library peers of run_benchmarks.py (PyTorch, ONNX Runtime,
OpenVINO, Pillow, Pillow-SIMD, libvips): one case per (workload, threads),
timed by harness.time_calls. This runs inside the venv (BUILD/bench-venv;
Pillow-SIMD in BUILD/pillow-simd-venv, since it installs as PIL too), in a
worker process per peer and workload: `run_benchmarks.py --worker NAME`
calls worker(); `--worker compare` calls compare_outputs().
compiler_peers.py builds IREE's ONNX input with onnx_model().
"""

from __future__ import annotations

import json
from pathlib import Path

from harness import WORKLOADS, cube_coeff, is_v11, make_input, nhwc, np_dtype, time_calls, with_shapes, workload_calls

PYTHON_MODULES = {"torch": "torch", "onnxruntime": "onnxruntime", "openvino": "openvino", "pillow": "PIL",
                  "pillow-simd": "PIL", "vips": "pyvips"}
# The peers that only compute the workloads whose `pillow` field names a
# Pillow filter (libvips' reduce kernels are the same two filters).
PILLOW_FILTER_PEERS = ("pillow", "pillow-simd", "vips")


def cycle(factory, w, threads):
    """One run() making every call of the workload, each on its own data,
    through the cases `factory` builds per call."""
    runs = [factory(with_shapes(w, c), threads, seed=1 + k) for k, c in enumerate(workload_calls(w))]
    if len(runs) == 1:
        return runs[0]

    def run():
        for r in runs:
            r()

    run.output = runs[0].output
    return run


def torch_case(w, threads, seed=1):
    import numpy as np
    import torch
    import torch.nn.functional as F

    torch.set_num_threads(threads)
    x = torch.from_numpy(make_input(np, w, seed))
    if nhwc(w):
        # The NHWC bytes as a channels_last NCHW tensor (no copy): what
        # torchvision resizes for an HWC uint8 image.
        x = x.permute(0, 3, 1, 2)
    rank = len(w["inp"])
    size = [w["out"][a] for a in w["axes"]]
    if w["mode"] in ("bilinear_pillow", "bicubic_pillow"):
        # torchvision's Resize on tensors: the antialiased filters meant to
        # match PIL (a = -0.5 for bicubic); uint8 has its own AVX2 path.
        assert w["mode"] == "bilinear_pillow" or cube_coeff(w) == -0.5, w
        kw = dict(mode="bilinear" if w["mode"] == "bilinear_pillow" else "bicubic",
                  align_corners=False, antialias=True)
    elif w["mode"] == "nearest":
        # 'nearest' is floor(dst * in/out): asymmetric + floor.
        assert (w["coordinate_transformation_mode"], w["nearest_mode"]) == ("asymmetric", "floor"), w
        kw = dict(mode="nearest")
    elif w["mode"] == "cubic":
        assert w["coordinate_transformation_mode"] == "half_pixel", w
        kw = dict(mode="bicubic", align_corners=False)  # a = -0.75, half_pixel
    else:
        # linear_onnx, and linear (antialiased or not: without antialias it
        # is the same 2-tap bilinear).
        assert w["coordinate_transformation_mode"] in ("half_pixel", "align_corners"), w
        kw = dict(mode="bilinear" if rank == 4 else "trilinear",
                  align_corners=w["coordinate_transformation_mode"] == "align_corners")
        if w.get("antialias"):
            kw["antialias"] = True

    def run():
        # There is no out= variant of F.interpolate; copying into a
        # preallocated tensor would add a pass, so the result is allocated.
        return F.interpolate(x, size=size, **kw)

    r = run()
    assert [r.shape[a] for a in range(2, rank)] == size, r.shape
    run.output = (lambda: run().permute(0, 2, 3, 1).numpy()) if nhwc(w) else (lambda: run().numpy())
    return run


def onnx_model(w, dynamic: bool):
    import onnx
    from onnx import TensorProto, helper

    elem = {"f32": TensorProto.FLOAT, "f16": TensorProto.FLOAT16, "u8": TensorProto.UINT8}[w["dtype"]]
    rank = len(w["inp"])
    in_shape = list(w["inp"])
    out_shape = list(w["out"])
    if dynamic:
        in_shape = [f"d{d}" if d in w["axes"] else n for d, n in enumerate(in_shape)]
        out_shape = [f"o{d}" if d in w["axes"] else n for d, n in enumerate(out_shape)]
    attrs = dict(mode={"linear_onnx": "linear", "linear": "linear", "nearest": "nearest", "cubic": "cubic"}[w["mode"]],
                 coordinate_transformation_mode=w["coordinate_transformation_mode"])
    if w["mode"] == "nearest":
        attrs["nearest_mode"] = w["nearest_mode"]
    if w["mode"] == "cubic":
        attrs["cubic_coeff_a"] = -0.75
    if w.get("antialias"):
        attrs["antialias"] = 1
    inputs = [helper.make_tensor_value_info("X", elem, in_shape)]
    inits = []
    if dynamic:
        inputs.append(helper.make_tensor_value_info("sizes", TensorProto.INT64, [rank]))
    else:
        inits.append(helper.make_tensor("sizes", TensorProto.INT64, [rank], w["out"]))
    node = helper.make_node("Resize", ["X", "", "", "sizes"], ["Y"], **attrs)
    graph = helper.make_graph([node], "resize", inputs,
                              [helper.make_tensor_value_info("Y", elem, out_shape)], initializer=inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 19)])
    model.ir_version = 9
    onnx.checker.check_model(model)
    return model.SerializeToString()


def ort_session(w, threads):
    """One session per (workload, threads): a serving cycle's calls share it,
    as a server's do."""
    import onnxruntime as ort

    so = ort.SessionOptions()
    so.intra_op_num_threads = threads
    so.inter_op_num_threads = 1
    so.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    so.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    return ort.InferenceSession(onnx_model(w, bool(w.get("dynamic"))), so, providers=["CPUExecutionProvider"])


def ort_case(w, threads, seed=1, session=None):
    import numpy as np
    import onnxruntime as ort

    dynamic = bool(w.get("dynamic"))
    sess = session or ort_session(w, threads)
    x = make_input(np, w, seed)
    y = np.empty(w["out"], dtype=x.dtype)
    binding = sess.io_binding()
    binding.bind_cpu_input("X", x)
    if dynamic:
        binding.bind_cpu_input("sizes", np.array(w["out"], dtype=np.int64))
    # Preallocated output, like interp's destination-passing kernels.
    y_value = ort.OrtValue.ortvalue_from_numpy(y)
    binding.bind_ortvalue_output("Y", y_value)

    def run():
        sess.run_with_iobinding(binding)

    run()
    run.keep = (x, y, y_value)  # keep the bound buffers alive
    run.output = lambda: y
    return run


def ov_compiled(w, threads):
    """The compiled model of (workload, threads), with its Core: a serving
    cycle's calls share it, as a server's do."""
    import numpy as np
    import openvino as ov
    import openvino.opset10 as ops  # opset10's interpolate is Interpolate-4

    dynamic = bool(w.get("dynamic"))
    et = np_dtype(np, w["dtype"])
    axes = w["axes"]
    in_shape = list(w["inp"])
    if dynamic:
        in_shape = [-1 if d in axes else n for d, n in enumerate(in_shape)]
    x_param = ops.parameter(in_shape, et, name="x")
    params = [x_param]
    if dynamic:
        sizes = ops.parameter([len(axes)], np.int64, name="sizes")
        params.append(sizes)
    else:
        sizes = np.array([w["out"][a] for a in axes], dtype=np.int64)
    scales = np.array(w["scales"], dtype=np.float32)
    kw = dict(coordinate_transformation_mode=w["coordinate_transformation_mode"], nearest_mode=w["nearest_mode"])
    if w["mode"] in ("cubic", "bicubic_pillow"):
        kw["cube_coeff"] = cube_coeff(w)
    if w["antialias"]:
        kw["antialias"] = True
    calc = "sizes" if dynamic else w["shape_calculation_mode"]
    axes_value = np.array(w["axes"], dtype=np.int64)
    if is_v11(w):
        import openvino.opset11 as ops11
        node = ops11.interpolate(x_param, sizes if calc == "sizes" else scales, w["mode"], calc,
                                 axes=axes_value, **kw)
        assert node.get_type_info().version_id == "opset11"
    else:
        node = ops.interpolate(x_param, sizes, scales, w["mode"], calc, axes=axes_value, **kw)
        assert node.get_type_info().version_id == "opset4"
    model = ov.Model([node], params, "interpolate")
    core = ov.Core()
    compiled = core.compile_model(model, "CPU", {
        "INFERENCE_NUM_THREADS": threads,
        "NUM_STREAMS": 1,
        "PERFORMANCE_HINT": "LATENCY",
        # Keep f32 math (no bf16/f16 down-conversion on CPUs that have it).
        "INFERENCE_PRECISION_HINT": "f32",
    })
    return compiled, core


def ov_case(w, threads, seed=1, compiled=None):
    import numpy as np
    import openvino as ov

    dynamic = bool(w.get("dynamic"))
    et = np_dtype(np, w["dtype"])
    compiled, core = compiled or ov_compiled(w, threads)
    req = compiled.create_infer_request()
    x = make_input(np, w, seed)
    y = np.empty(w["out"], dtype=et)
    sizes_value = np.array([w["out"][a] for a in w["axes"]], dtype=np.int64)
    tensors = [ov.Tensor(x, shared_memory=True), ov.Tensor(y, shared_memory=True),
               ov.Tensor(sizes_value, shared_memory=True)]
    req.set_input_tensor(0, tensors[0])
    if dynamic:
        req.set_input_tensor(1, tensors[2])
    # Preallocated output, like interp's destination-passing kernels.
    req.set_output_tensor(0, tensors[1])

    def run():
        req.infer()

    run()
    # shared_memory tensors do not own the arrays: keep everything alive.
    run.keep = (x, y, sizes_value, tensors, req, compiled, core)
    run.output = lambda: y
    return run


def hwc_image(np, w, seed):
    """The workload's input as one H x W x 3 uint8 array (the image the
    Pillow-filter peers resize): an NHWC workload's own bytes; for NCHW the
    same data interleaved (the same work on the same values), outside the
    timed call. Returns (array, (out_width, out_height), to_workload) where
    to_workload turns an H x W x 3 result back into the workload's layout."""
    x = make_input(np, w, seed)
    if nhwc(w):
        assert w["dtype"] == "u8" and x.shape[0] == 1 and x.shape[3] == 3, w
        h, image = 1, x[0]
        back = lambda y: y[None]  # noqa: E731
    else:
        assert w["dtype"] == "u8" and x.shape[:2] == (1, 3) and w["axes"] == [2, 3], w
        h, image = 2, np.ascontiguousarray(x[0].transpose(1, 2, 0))
        back = lambda y: y.transpose(2, 0, 1)[None]  # noqa: E731
    return image, (w["out"][h + 1], w["out"][h]), back


def pillow_case(w, threads, seed=1):
    """PIL.Image.resize on the same bytes, as an H x W RGB image (Pillow's
    interleaved layout, see hwc_image). Pillow resizes on one thread
    whatever `threads` says. The same case times Pillow-SIMD: its venv's
    PIL is the fork."""
    import numpy as np
    from PIL import Image

    if not w.get("pillow"):
        raise NotImplementedError("no Pillow filter computes this workload")
    if threads != 1:
        raise NotImplementedError("Image.resize runs on one thread")
    array, size, back = hwc_image(np, w, seed)
    image = Image.fromarray(array, mode="RGB")
    resample = getattr(Image.Resampling, w["pillow"])

    def run():
        return image.resize(size, resample)

    run()
    run.output = lambda: back(np.asarray(run()))
    return run


def pillow_simd_case(w, threads, seed=1):
    import PIL

    # Pillow-SIMD's versions are Pillow's plus ".postN"; a plain Pillow here
    # would be timed under the wrong name.
    if ".post" not in PIL.__version__:
        raise RuntimeError(f"PIL {PIL.__version__} in this venv is not Pillow-SIMD")
    return pillow_case(w, threads, seed)


VIPS_KERNELS = {"BILINEAR": "linear", "BICUBIC": "cubic"}


def vips_case(w, threads, seed=1):
    """libvips' reduce (the convolution of resize without its integer
    shrink-first step) on the same H x W x 3 image as Pillow, kernel linear
    or cubic (Catmull-Rom, a = -0.5) widened by the shrink factor as Pillow's
    filters are. The operation cache is off (it would return the previous
    call's result); write_to_memory forces the lazy pipeline and copies the
    small result out. Threads: pyvips.concurrency_set (VIPS_CONCURRENCY is also
    set before the first import). A speed peer: vips computes its own fixed
    point and pixel centres, so its values are not interp's or Pillow's."""
    import os

    os.environ.setdefault("VIPS_CONCURRENCY", str(threads))
    import numpy as np
    import pyvips

    if not w.get("pillow"):
        raise NotImplementedError("no Pillow filter computes this workload")
    pyvips.cache_set_max(0)
    pyvips.concurrency_set(threads)
    array, (width, height), back = hwc_image(np, w, seed)
    image = pyvips.Image.new_from_memory(array.data, array.shape[1], array.shape[0], 3, "uchar")
    hshrink, vshrink = array.shape[1] / width, array.shape[0] / height
    kernel = VIPS_KERNELS[w["pillow"]]

    def run():
        return image.reduce(hshrink, vshrink, kernel=kernel).write_to_memory()

    first = image.reduce(hshrink, vshrink, kernel=kernel)
    if (first.width, first.height) != (width, height):
        raise RuntimeError(f"reduce gives {first.width}x{first.height}, not {width}x{height}")
    run.keep = (array, image)  # new_from_memory does not own the array

    def output():
        return back(np.frombuffer(run(), dtype=np.uint8).reshape(height, width, 3))

    run.output = output
    return run


def save_plane(name, w, run, out_dir):
    """Saves the first output plane of a peer (for the cross-check)."""
    import numpy as np

    y = run.output() if hasattr(run, "output") else None
    if y is None:
        return
    y = np.asarray(y)
    # Index 0 of every dimension the op does not resize.
    plane = tuple(slice(None) if d in w["axes"] else 0 for d in range(y.ndim))
    np.save(Path(out_dir) / f"{name}_{w['name']}.npy", y[plane])


def compare_outputs(out_dir: str) -> None:
    """Prints, per workload, each peer's max abs difference from OpenVINO
    (the semantics interp follows) on the first output plane."""
    import numpy as np

    d = Path(out_dir)
    for w in WORKLOADS:
        ref_file = d / f"openvino_{w['name']}.npy"
        if not ref_file.exists():
            continue
        ref = np.load(ref_file).astype(np.float64)
        for impl in ["torch", "onnxruntime", "pillow", "pillow-simd", "vips"]:
            f = d / f"{impl}_{w['name']}.npy"
            if f.exists():
                diff = float(np.max(np.abs(np.load(f).astype(np.float64) - ref)))
                print(json.dumps(dict(workload=w["name"], impl=impl, max_abs_diff_vs_openvino=diff)))


def shared(name, w, threads, factory):
    """`factory` for the calls of a workload: ONNX Runtime's and OpenVINO's
    calls share one session / compiled model (built once, for the first
    call's shapes; dynamic when the workload is)."""
    if len(workload_calls(w)) == 1:
        return factory
    if name == "onnxruntime":
        session = ort_session(w, threads)
        return lambda wk, t, seed: ort_case(wk, t, seed, session=session)
    if name == "openvino":
        compiled = ov_compiled(w, threads)
        return lambda wk, t, seed: ov_case(wk, t, seed, compiled=compiled)
    return factory


def worker(name: str, workloads: list[str], threads_list: list[int], reps: int, out_dir: str | None) -> None:
    """Prints one JSON object per line: {workload, impl, threads, ms} or a note."""
    factory = {"torch": torch_case, "onnxruntime": ort_case, "openvino": ov_case,
               "pillow": pillow_case, "pillow-simd": pillow_simd_case, "vips": vips_case}[name]
    try:
        __import__(PYTHON_MODULES[name])
    except Exception as e:  # noqa: BLE001
        print(json.dumps(dict(impl=name, note=f"import failed: {type(e).__name__}: {e}")), flush=True)
        return
    for w in WORKLOADS:
        if w["name"] not in workloads:
            continue
        if name == "onnxruntime" and is_v11(w):
            print(json.dumps(dict(workload=w["name"], impl=name, threads=threads_list[0],
                                  note="ONNX Resize has no Pillow filter")), flush=True)
            continue
        if name in PILLOW_FILTER_PEERS and not w.get("pillow"):
            continue  # a peer only of the workloads that name a Pillow filter
        for t in threads_list:
            try:
                run = cycle(shared(name, w, t, factory), w, t)
                if out_dir and t == threads_list[0]:
                    save_plane(name, w, run, out_dir)
                ms, n = time_calls(run, reps)
                print(json.dumps(dict(workload=w["name"], impl=name, threads=t, ms=ms, samples=n)), flush=True)
            except Exception as e:  # noqa: BLE001
                msg = str(e).strip().splitlines()
                msg = msg[0][:160] if msg else ""
                print(json.dumps(dict(workload=w["name"], impl=name, threads=t,
                                      note=f"{type(e).__name__}: {msg}")), flush=True)
