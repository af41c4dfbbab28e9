"""interp: OpenVINO's Interpolate-1/4/11 compiled to native code, on numpy.

    import numpy as np, interp
    y = interp.interpolate(x, mode="linear", sizes=[224, 224], axes=[2, 3])
    k = interp.compile(open("model.mlir").read())      # any interp module
    (y,) = k(x)                                          # numpy in, numpy out

Element types: float16, float32, float64, int8, uint8, int32, int64, and
bf16 as its uint16 bits (pass element_type="bf16" to interpolate; a bf16
function argument takes and returns uint16 arrays). Arrays with any strides
are accepted (copied to row-major). Every verifier diagnostic and every
invalid run-time operand raises interp.Error with the message.
"""

from __future__ import annotations

import threading

import numpy as np

# Built with Debian 12's pybind11 (2.10), whose numpy support reads numpy
# 1.x's C structures: under numpy 2 it reads them wrong and crashes the
# interpreter, so numpy 2 is refused here, with the reason.
if int(np.__version__.split(".")[0]) >= 2:
    raise ImportError(
        "interp's module is built with Debian's pybind11 for numpy 1.x; numpy "
        "%s is not supported (use an interpreter with numpy < 2, e.g. Debian's "
        "python3 with python3-numpy)" % np.__version__)

from ._interp import Error, Kernel, tolerance

__all__ = ["Error", "Kernel", "compile", "interpolate", "interpolate_reference", "op_text",
           "tolerance"]

_MLIR_TYPES = {
    np.dtype("float16"): "f16", np.dtype("float32"): "f32", np.dtype("float64"): "f64",
    np.dtype("int8"): "i8", np.dtype("uint8"): "ui8", np.dtype("int32"): "i32",
    np.dtype("int64"): "i64",
}
_ENUM_ATTRIBUTES = ("coordinate_transformation_mode", "nearest_mode")


def compile(mlir_text: str, function: str | None = None, num_threads: int = 1) -> Kernel:
    """Compiles `function` of an MLIR module (default: @main, else the first
    callable function) with --interp-to-llvm; returns a callable that takes
    and returns numpy arrays. num_threads > 1 (or 0: all cores) emits OpenMP
    code."""
    return Kernel(mlir_text, function, num_threads)


def _element_type(x: np.ndarray, element_type: str | None) -> str:
    if element_type == "bf16":
        if x.dtype != np.uint16:
            raise Error("element_type='bf16' takes uint16 arrays holding bf16 bits, got %s" % x.dtype)
        return "bf16"
    if element_type is not None:
        raise Error("element_type may only be 'bf16' (the others follow the dtype)")
    try:
        return _MLIR_TYPES[x.dtype]
    except KeyError:
        raise Error("unsupported dtype %s (interp takes %s, and bf16 as uint16 with "
                    "element_type='bf16')" % (x.dtype, ", ".join(map(str, _MLIR_TYPES)))) from None


def _attribute(name: str, value) -> str:
    if isinstance(value, bool):
        return "%s = %s" % (name, "true" if value else "false")
    if name in ("pads_begin", "pads_end"):
        return "%s = array<i64%s>" % (name, "".join(
            (": " if i == 0 else ", ") + str(int(v)) for i, v in enumerate(value)))
    if name == "cube_coeff":
        return "cube_coeff = %r : f64" % float(value)
    if name in _ENUM_ATTRIBUTES or name in ("mode", "shape_calculation_mode"):
        return "%s = %s" % (name, value)
    raise Error("unknown attribute '%s'" % name)


def _dense(values, element: str) -> str:
    if element == "f32":
        return "dense<[%s]> : tensor<%dxf32>" % (
            ", ".join("0x%08X" % np.float32(v).view(np.uint32) for v in values), len(values))
    return "dense<[%s]> : tensor<%dx%s>" % (", ".join(str(int(v)) for v in values), len(values), element)


def op_text(shape, element: str, *, mode: str, sizes=None, scales=None, axes=None,
            version: int = 4, **attributes) -> str:
    """The MLIR function interpolate() compiles: @main(%x) with one interp op
    whose sizes/scales/axes are constants and whose result has `?` dims."""
    if (sizes is None) == (scales is None):
        raise Error("give exactly one of sizes and scales")
    rank = len(shape)
    data = "tensor<%s%s>" % ("".join("%dx" % d for d in shape), element)
    result = "tensor<%s%s>" % ("?x" * rank, element)
    values = list(sizes if sizes is not None else scales)
    axes = list(range(rank)) if axes is None else [int(a) for a in axes]
    lines = []
    if version == 1:
        if sizes is None:
            raise Error("Interpolate-1 takes sizes (its target spatial shape)")
        attributes = dict(attributes)
        attrs = ["axes = array<i64: %s>" % ", ".join(map(str, axes)), "mode = %s" % mode]
        attrs += [_attribute(k, v) for k, v in sorted(attributes.items())]
        lines.append("  %%t = arith.constant %s" % _dense(values, "i64"))
        lines.append("  %%r = interp.interpolate_v1 %%x, %%t {%s} : (%s, tensor<%dxi64>) -> %s"
                     % (", ".join(attrs), data, len(values), result))
    elif version in (4, 11):
        calc = "sizes" if sizes is not None else "scales"
        attrs = ["mode = %s" % mode, "shape_calculation_mode = %s" % calc]
        attrs += [_attribute(k, v) for k, v in sorted(attributes.items())]
        n = len(values)
        lines.append("  %%a = arith.constant %s" % _dense(axes, "i64"))
        if version == 4:
            lines.append("  %%s = arith.constant %s" % _dense(values if sizes is not None else [1] * n, "i64"))
            lines.append("  %%c = arith.constant %s" % _dense(values if scales is not None else [1.0] * n, "f32"))
            lines.append("  %%r = interp.interpolate_v4 %%x, %%s, %%c, %%a {%s} : (%s, tensor<%dxi64>, "
                         "tensor<%dxf32>, tensor<%dxi64>) -> %s"
                         % (", ".join(attrs), data, n, n, len(axes), result))
        else:
            operand = _dense(values, "i64" if sizes is not None else "f32")
            lines.append("  %%v = arith.constant %s" % operand)
            lines.append("  %%r = interp.interpolate_v11 %%x, %%v, %%a {%s} : (%s, %s, tensor<%dxi64>) -> %s"
                         % (", ".join(attrs), data, operand.split(" : ")[1], len(axes), result))
    else:
        raise Error("version must be 1, 4 or 11, got %r" % (version,))
    return "func.func @main(%%x: %s) -> %s {\n%s\n  return %%r : %s\n}\n" % (
        data, result, "\n".join(lines), result)


_cache: dict = {}
_cache_lock = threading.Lock()


def _kernel(x, element_type, kwargs) -> Kernel:
    element = _element_type(x, element_type)
    key = (x.shape, element, repr(sorted((k, repr(v)) for k, v in kwargs.items())))
    with _cache_lock:
        kernel = _cache.get(key)
    if kernel is None:
        kernel = Kernel(op_text(x.shape, element, **kwargs), None, 1)
        with _cache_lock:
            _cache[key] = kernel
    return kernel


def interpolate(x, *, mode: str, sizes=None, scales=None, axes=None, version: int = 4,
                element_type: str | None = None, **attributes) -> np.ndarray:
    """Resizes `x` as interp.interpolate_v<version> (1, 4 or 11) with these
    attributes (OpenVINO's names: coordinate_transformation_mode,
    nearest_mode, antialias, pads_begin, pads_end, cube_coeff; align_corners
    for version 1). Compiles once per (shape, dtype, attributes)."""
    x = np.asarray(x)
    kwargs = dict(mode=mode, sizes=sizes, scales=scales, axes=axes, version=version, **attributes)
    return _kernel(x, element_type, kwargs)(x)[0]


def interpolate_reference(x, *, element_type: str | None = None, **kwargs) -> np.ndarray:
    """interpolate() computed by interp's reference implementation instead of
    compiled code (the oracle of the tests)."""
    x = np.asarray(x)
    return _kernel(x, element_type, kwargs).reference(x)[0]
