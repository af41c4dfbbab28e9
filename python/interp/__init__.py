"""interp: OpenVINO's Interpolate-1/4/11 compiled to native code, on arrays.

    import numpy as np, interp
    y = interp.interpolate(x, mode="linear", sizes=[224, 224], axes=[2, 3])
    interp.interpolate(x, mode="linear", sizes=[224, 224], axes=[2, 3], out=y)
    k = interp.compile(open("model.mlir").read())      # any interp module
    (y,) = k(x)                                          # arrays in, numpy out

Arrays come in through DLPack (`__dlpack__`: numpy, torch CPU tensors, ...)
or the buffer protocol, with any strides (NCHW, NHWC, views), and are read
in place: copied only when a stride is not a whole number of elements or
the data is misaligned. Results go into new numpy arrays, or into the
caller's `out=` array (any strides, its elements distinct). The GIL is
released while kernels compile and run. numpy 1.x and 2.x alike.

Element types: float16, float32, float64, int8, uint8, int32, int64, and
bf16 as its uint16 bits (pass element_type="bf16" to interpolate) or as
DLPack's bfloat16 (torch.bfloat16); a bf16 result is uint16. Every verifier
diagnostic and every invalid run-time operand raises interp.Error with the
message; a result that does not fit in memory raises MemoryError or
interp.Error, and later calls work as before.
"""

from __future__ import annotations

import collections
import math
import numbers
import operator
import re
import threading

import numpy as np

from ._interp import Error, Kernel, attribute_names as _attribute_names, describe as _describe, \
    tolerance

__all__ = ["CacheInfo", "Error", "Kernel", "cache_info", "clear_cache", "compile", "interpolate",
           "interpolate_reference", "op_text", "set_cache_size", "tolerance"]

_MLIR_TYPES = {
    "float16": "f16", "float32": "f32", "float64": "f64", "int8": "i8", "uint8": "ui8",
    "int32": "i32", "int64": "i64", "bfloat16": "bf16",
}
# The attributes interpolate() takes as keywords besides mode, sizes, scales
# and axes, per op version: the ops' ODS attributes, as the module reports
# them. The MLIR parser keeps an unknown name as a discardable attribute that
# nothing reads, so a misspelled one would be dropped silently: every keyword
# is checked against these first. How a value is written follows its kind:
# bools, i64 arrays, cube_coeff's f64; the rest are enums, written as their
# identifiers.
_KNOWN_ATTRIBUTES = {
    version: tuple(name for name in _attribute_names(version)
                   if name not in ("mode", "shape_calculation_mode", "axes"))
    for version in (1, 4, 11)
}
_BOOL_ATTRIBUTES = ("align_corners", "antialias")
_ARRAY_ATTRIBUTES = ("pads_begin", "pads_end")
_IDENTIFIER = re.compile(r"[a-z][a-z0-9_]*\Z")


def compile(mlir_text: str, function: str | None = None, num_threads: int = 1) -> Kernel:
    """Compiles `function` of an MLIR module (default: @main, else the first
    callable function) with --interp-to-llvm; returns a callable that takes
    and returns numpy arrays. num_threads > 1 (or 0: all cores) emits OpenMP
    code."""
    return Kernel(mlir_text, function, num_threads)


def _element_type(dtype: str, element_type: str | None) -> str:
    if element_type == "bf16":
        if dtype not in ("uint16", "bfloat16"):
            raise Error("element_type='bf16' takes uint16 arrays holding bf16 bits, got %s" % dtype)
        return "bf16"
    if element_type is not None:
        raise Error("element_type may only be 'bf16' (the others follow the dtype)")
    try:
        return _MLIR_TYPES[dtype]
    except KeyError:
        raise Error("unsupported dtype %s (interp takes %s, and bf16 as uint16 with "
                    "element_type='bf16')" % (dtype, ", ".join(_MLIR_TYPES))) from None


def _as_array(x):
    """x, its dtype's name and its shape: read in place where it has
    __dlpack__ or the buffer protocol, else as numpy.asarray makes it."""
    described = _describe(x)
    if described is None:
        try:
            x = np.asarray(x)
        except Exception as e:
            raise Error("not an array (%s: %s)" % (type(e).__name__, e)) from e
        described = _describe(x) or (str(x.dtype), x.shape)
    return (x,) + tuple(described)


def _version(version) -> int:
    # operator.index takes Python and numpy integers but not 4.0; bool is an
    # int to Python, not a version.
    try:
        if not isinstance(version, (bool, np.bool_)):
            v = operator.index(version)
            if v in _KNOWN_ATTRIBUTES:
                return v
    except TypeError:
        pass
    raise Error("version must be 1, 4 or 11, got %r" % (version,))


def _check_attributes(version: int, attributes) -> None:
    known = _KNOWN_ATTRIBUTES[version]
    for name in attributes:
        if name not in known:
            raise Error("unknown attribute '%s' for interpolate_v%d (its attributes: %s)"
                        % (name, version, ", ".join(known)))


def _integer(value, what: str) -> int:
    if not isinstance(value, (bool, np.bool_)):
        try:
            return operator.index(value)
        except TypeError:
            pass
    raise Error("%s must be an integer, got %r" % (what, value))


def _real(value, what: str) -> float:
    if isinstance(value, (numbers.Real, np.floating, np.integer)) and not isinstance(
            value, (bool, np.bool_)):
        return float(value)
    raise Error("%s must be a real number, got %r" % (what, value))


def _identifier(value, what: str) -> str:
    # The value goes into the op text as is: only a bare identifier (as the
    # enums' spellings are) can neither break the text nor add to it.
    if isinstance(value, str) and _IDENTIFIER.match(value):
        return value
    raise Error("%s must be the name of one of its values, got %r" % (what, value))


def _sequence(values, what: str) -> list:
    if isinstance(values, (str, bytes)):
        raise Error("%s must be a sequence of numbers, got %r" % (what, values))
    try:
        return list(np.asarray(values).reshape(-1)) if isinstance(values, np.ndarray) \
            else list(values)
    except TypeError:
        raise Error("%s must be a sequence of numbers, got %r" % (what, values)) from None


def _attribute(name: str, value) -> str:
    if name in _BOOL_ATTRIBUTES:
        if not isinstance(value, (bool, np.bool_)):
            raise Error("%s must be a bool, got %r" % (name, value))
        return "%s = %s" % (name, "true" if value else "false")
    if name in _ARRAY_ATTRIBUTES:
        pads = [_integer(v, name) for v in _sequence(value, name)]
        return "%s = array<i64%s>" % (name, "".join(
            (": " if i == 0 else ", ") + str(v) for i, v in enumerate(pads)))
    if name == "cube_coeff":
        coeff = _real(value, name)
        if not math.isfinite(coeff):
            raise Error("cube_coeff must be finite, got %r" % coeff)
        # repr of a Python float reads back as the same double.
        return "cube_coeff = %r : f64" % coeff
    return "%s = %s" % (name, _identifier(value, name))


def _dense(values, element: str) -> str:
    if element == "f32":
        return "dense<[%s]> : tensor<%dxf32>" % (
            ", ".join("0x%08X" % np.float32(v).view(np.uint32) for v in values), len(values))
    return "dense<[%s]> : tensor<%dx%s>" % (", ".join(str(v) for v in values), len(values),
                                             element)


def op_text(shape, element: str, *, mode: str, sizes=None, scales=None, axes=None,
            version: int = 4, **attributes) -> str:
    """The MLIR function interpolate() compiles: @main(%x) with one interp op
    whose sizes/scales/axes are constants and whose result has `?` dims.
    Every value is written exactly (f32 scales as their bits, cube_coeff as a
    round-tripping double), so equal texts mean equal kernels."""
    version = _version(version)
    _check_attributes(version, attributes)
    if (sizes is None) == (scales is None):
        raise Error("give exactly one of sizes and scales")
    shape = [_integer(d, "a dimension") for d in shape]
    rank = len(shape)
    data = "tensor<%s%s>" % ("".join("%dx" % d for d in shape), element)
    result = "tensor<%s%s>" % ("?x" * rank, element)
    if sizes is not None:
        values = [_integer(v, "sizes") for v in _sequence(sizes, "sizes")]
    else:
        values = [_real(v, "scales") for v in _sequence(scales, "scales")]
    axes = list(range(rank)) if axes is None else [
        _integer(a, "axes") for a in _sequence(axes, "axes")]
    mode = _identifier(mode, "mode")
    lines = []
    if version == 1:
        if sizes is None:
            raise Error("Interpolate-1 takes sizes (its target spatial shape)")
        attrs = ["axes = array<i64: %s>" % ", ".join(map(str, axes)), "mode = %s" % mode]
        attrs += [_attribute(k, v) for k, v in sorted(attributes.items())]
        lines.append("  %%t = arith.constant %s" % _dense(values, "i64"))
        lines.append("  %%r = interp.interpolate_v1 %%x, %%t {%s} : (%s, tensor<%dxi64>) -> %s"
                     % (", ".join(attrs), data, len(values), result))
    else:
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
    return "func.func @main(%%x: %s) -> %s {\n%s\n  return %%r : %s\n}\n" % (
        data, result, "\n".join(lines), result)


# interpolate()'s kernels, least recently used first, keyed by their op text:
# the text is what is compiled, so two calls share a kernel exactly when they
# would compile the same code. Bounded, because every kernel holds an MLIR
# context and JIT-compiled code for as long as it is cached.
_DEFAULT_CACHE_SIZE = 64
_cache: collections.OrderedDict = collections.OrderedDict()
_cache_size = _DEFAULT_CACHE_SIZE
_cache_hits = 0
_cache_misses = 0
_cache_lock = threading.Lock()

CacheInfo = collections.namedtuple("CacheInfo", "hits misses maxsize currsize")


def _evict() -> None:
    while len(_cache) > _cache_size:
        _cache.popitem(last=False)


def set_cache_size(n: int) -> int:
    """Keeps at most `n` compiled kernels for interpolate() (0: none; the
    default is 64), evicting the least recently used; returns the previous
    bound."""
    global _cache_size
    n = _integer(n, "the cache size")
    if n < 0:
        raise Error("the cache size must be non-negative, got %d" % n)
    with _cache_lock:
        previous, _cache_size = _cache_size, n
        _evict()
    return previous


def clear_cache() -> None:
    """Drops every compiled kernel interpolate() keeps (and its statistics)."""
    global _cache_hits, _cache_misses
    with _cache_lock:
        _cache.clear()
        _cache_hits = _cache_misses = 0


def cache_info() -> CacheInfo:
    """hits, misses, maxsize and currsize of interpolate()'s kernel cache, as
    functools.lru_cache reports them."""
    with _cache_lock:
        return CacheInfo(_cache_hits, _cache_misses, _cache_size, len(_cache))


def _kernel(dtype, shape, element_type, kwargs) -> Kernel:
    global _cache_hits, _cache_misses
    key = op_text(shape, _element_type(dtype, element_type), **kwargs)
    with _cache_lock:
        kernel = _cache.get(key)
        if kernel is not None:
            _cache.move_to_end(key)
            _cache_hits += 1
            return kernel
        _cache_misses += 1
    # Compiled without the lock (and without the GIL): other threads go on
    # meanwhile; two threads compiling the same text keep the first kernel.
    kernel = Kernel(key, None, 1)
    with _cache_lock:
        kernel = _cache.setdefault(key, kernel)
        _cache.move_to_end(key)
        _evict()
    return kernel


def _check_arguments(kwargs) -> None:
    # The attribute names, before the array is looked at.
    version = _version(kwargs.get("version", 4))
    _check_attributes(version, {k: v for k, v in kwargs.items()
                                if k not in ("mode", "sizes", "scales", "axes", "version")})


def interpolate(x, *, mode: str, sizes=None, scales=None, axes=None, version: int = 4,
                element_type: str | None = None, out=None, **attributes):
    """Resizes `x` as interp.interpolate_v<version> (1, 4 or 11) with these
    attributes (the op's ODS names: coordinate_transformation_mode,
    nearest_mode, antialias, pads_begin, pads_end, cube_coeff; align_corners
    for version 1; an unknown name raises interp.Error). `x` is any array
    with __dlpack__ or the buffer protocol (numpy, a CPU torch tensor, ...),
    read in place with its strides. Returns a new numpy array, or writes
    into `out` (an array of the result's dtype and shape, any strides) and
    returns it. Compiles once per op (shape, dtype and exact attribute
    values) and keeps the kernel in a bounded cache (set_cache_size,
    clear_cache)."""
    kwargs = dict(mode=mode, sizes=sizes, scales=scales, axes=axes, version=version, **attributes)
    _check_arguments(kwargs)
    x, dtype, shape = _as_array(x)
    return _kernel(dtype, shape, element_type, kwargs)(x, out=out)[0]


def interpolate_reference(x, *, element_type: str | None = None, **kwargs) -> np.ndarray:
    """interpolate() computed by interp's reference implementation instead of
    compiled code (the oracle of the tests)."""
    _check_arguments(kwargs)
    x, dtype, shape = _as_array(x)
    return _kernel(dtype, shape, element_type, kwargs).reference(x)[0]
