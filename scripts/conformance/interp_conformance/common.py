"""Element types, bfloat16 and the op vocabulary shared by every part of
the conformance check."""

import numpy as np

from pylib.npy import as_f64, bf16_to_f32  # noqa: F401 (re-exported)

MLIR_TYPE = {"f32": "f32", "f16": "f16", "bf16": "bf16", "f64": "f64",
             "i8": "i8", "u8": "ui8", "i32": "i32", "i64": "i64"}
INT_TYPES = ("i8", "u8", "i32", "i64")
REF_TYPES = ("f32", "f16", "bf16", "i8", "u8")  # what OpenVINO's reference evaluate() supports
V4_MODES = ("nearest", "linear", "linear_onnx", "cubic")
CTMS = ("half_pixel", "pytorch_half_pixel", "asymmetric", "tf_half_pixel_for_nn", "align_corners")
NEAREST_MODES = ("round_prefer_floor", "round_prefer_ceil", "floor", "ceil", "simple")
ONNX_AXES = {2: [[0, 1]], 3: [[0, 1, 2]], 4: [[2, 3], [0, 1, 2, 3]], 5: [[2, 3, 4], [0, 1, 2, 3, 4]]}
PILLOW_MODES = ("bilinear_pillow", "bicubic_pillow")


def np_dtype(dt):
    return {"f32": np.float32, "f16": np.float16, "bf16": np.uint16, "f64": np.float64,
            "i8": np.int8, "u8": np.uint8, "i32": np.int32, "i64": np.int64}[dt]


def f32_to_bf16(x):
    u = np.asarray(x, np.float32).view(np.uint32).astype(np.uint64)
    u = (u + 0x7FFF + ((u >> 16) & 1)) >> 16  # round to nearest even
    return u.astype(np.uint16)


def prod(xs):
    p = 1
    for x in xs:
        p *= int(x)
    return p


def f32(v):
    return np.float32(v)


def is_pillow(c):
    return c["op"] == "v11" and c["mode"] in PILLOW_MODES
