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
caller's `out=` array (any strides, its elements distinct); interpolate()
computes them there directly (no buffer of its own, no copy) wherever the
array's rows are contiguous and it shares no memory with the input. The
GIL is released while kernels compile and run. numpy 1.x and 2.x alike.

Torch tensors (CPU, any strides) come back as torch tensors, of the
input's memory format (contiguous or channels-last), written by the kernel
in place; interp.torch.interpolate is the same resize as the custom op
torch.ops.interp.interpolate (torch.compile traces it), interp.pil.resize
is PIL.Image.resize and interp.transforms.resize torchvision's resize.

interpolate() compiles one kernel per configuration (dtype, rank, version,
mode, axes, attributes, sizes or scales), with the shape of the input and
the sizes or scales as run-time operands: images of any size share it
(cache_info()). Kernels pickle (the other side compiles them again) and a
process may fork after using them. An optional on-disk cache of compiled
objects (set_disk_cache, or INTERP_CACHE_DIR in the environment) lets
another process load a kernel instead of compiling it.

Element types: float16, float32, float64, int8, uint8, int32, int64, and
bf16 as its uint16 bits (pass element_type="bf16" to interpolate) or as
DLPack's bfloat16 (torch.bfloat16); a bf16 result is uint16. Every verifier
diagnostic and every invalid run-time operand raises interp.Error with the
message; a result that does not fit in memory raises MemoryError or
interp.Error, and later calls work as before.
"""

from __future__ import annotations

import collections
import contextlib
import importlib
import math
import numbers
import operator
import os
import re
import sys
import threading

import numpy as np

from ._interp import Error, Kernel, attribute_names as _attribute_names, describe as _describe, \
    disk_cache_directory as _disk_cache_directory, disk_cache_stats, \
    result_shape as _result_shape, set_disk_cache as _set_disk_cache, tolerance

__all__ = ["CacheInfo", "Error", "Kernel", "cache_info", "clear_cache", "compile", "disk_cache",
           "disk_cache_stats", "interpolate", "interpolate_reference", "op_text", "generic_op_text",
           "result_shape", "set_cache_size", "set_disk_cache", "tolerance"]

# interp.torch, interp.pil and interp.transforms import torch or PIL: loaded
# when first named, so that `import interp` needs neither.
_SUBMODULES = ("torch", "pil", "transforms")


def __getattr__(name):
    if name in _SUBMODULES:
        return importlib.import_module("." + name, __name__)
    raise AttributeError("module 'interp' has no attribute %r" % name)

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


# Compiling runs LLVM and MLIR without the GIL, on any thread; a fork()
# meanwhile would give the child their locks as the compiling thread held
# them. So a fork waits until no compile runs (and starts none until it is
# done): os.register_at_fork below.
_compiles_running = 0
_compile_gate = threading.Condition(threading.Lock())


@contextlib.contextmanager
def _compiling():
    global _compiles_running
    with _compile_gate:
        _compiles_running += 1
    try:
        yield
    finally:
        with _compile_gate:
            _compiles_running -= 1
            _compile_gate.notify_all()


def _before_fork():
    _compile_gate.acquire()
    while _compiles_running:
        _compile_gate.wait()
    _cache_lock.acquire()


def _after_fork_in_parent():
    _cache_lock.release()
    _compile_gate.release()


def _after_fork_in_child():
    # Fresh locks: any other thread of the parent is gone.
    global _compile_gate, _cache_lock, _compiles_running
    _compile_gate = threading.Condition(threading.Lock())
    _cache_lock = threading.Lock()
    _compiles_running = 0


def _new_kernel(mlir_text, function=None, num_threads=1, destination_form=False) -> Kernel:
    with _compiling():
        return Kernel(mlir_text, function, num_threads, destination_form)


def compile(mlir_text: str, function: str | None = None, num_threads: int = 1) -> Kernel:
    """Compiles `function` of an MLIR module (default: @main, else the first
    callable function) with --interp-to-llvm; returns a callable that takes
    and returns numpy arrays. num_threads > 1 (or 0: all cores) emits OpenMP
    code. The kernel pickles as its text, function and num_threads: the
    unpickling process compiles it again (or loads it from the disk cache:
    set_disk_cache)."""
    if not isinstance(mlir_text, str):
        raise Error("compile takes the MLIR module as a str, got %s" % type(mlir_text).__name__)
    if function is not None and not isinstance(function, str):
        raise Error("function must be a str (a function's name), got %r" % (function,))
    num_threads = _integer(num_threads, "num_threads")
    if num_threads < 0:
        raise Error("num_threads must be >= 0 (0: every core), got %d" % num_threads)
    return _new_kernel(mlir_text, function, num_threads)


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
    if x is None:
        raise Error("not an array: None")
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


_Config = collections.namedtuple("_Config", "version mode calc values axes attrs")


def _config(rank: int, *, mode, sizes=None, scales=None, axes=None, version=4,
            **attributes) -> _Config:
    """The arguments of interpolate() checked and in canonical form: the
    values (sizes as ints, scales as float32), the axes, the attributes as
    they are written in the op."""
    version = _version(version)
    _check_attributes(version, attributes)
    if (sizes is None) == (scales is None):
        raise Error("give exactly one of sizes and scales")
    if sizes is not None:
        values = [_integer(v, "sizes") for v in _sequence(sizes, "sizes")]
    else:
        values = [float(np.float32(_real(v, "scales"))) for v in _sequence(scales, "scales")]
    axes = list(range(rank)) if axes is None else [
        _integer(a, "axes") for a in _sequence(axes, "axes")]
    mode = _identifier(mode, "mode")
    if version == 1 and sizes is None:
        raise Error("Interpolate-1 takes sizes (its target spatial shape)")
    attrs = tuple(_attribute(k, v) for k, v in sorted(attributes.items()))
    return _Config(version, mode, "sizes" if sizes is not None else "scales", values, axes, attrs)


def _function(c: _Config, data: str, result: str, element: str, operand) -> str:
    """@main(%x: data[, %v: operand]) -> result with the op of `c`; its
    sizes or scales are the argument %v when `operand` (its type) is given,
    else constants."""
    n = len(c.values)
    vtype = "tensor<%dx%s>" % (n, "i64" if c.calc == "sizes" else "f32")
    lines = []
    if operand is None:
        lines.append("  %%v = arith.constant %s" % _dense(c.values, "i64" if c.calc == "sizes"
                                                          else "f32"))
    if c.version == 1:
        attrs = ["axes = array<i64: %s>" % ", ".join(map(str, c.axes)), "mode = %s" % c.mode]
        attrs += list(c.attrs)
        lines.append("  %%r = interp.interpolate_v1 %%x, %%v {%s} : (%s, %s) -> %s"
                     % (", ".join(attrs), data, vtype, result))
    else:
        attrs = ["mode = %s" % c.mode, "shape_calculation_mode = %s" % c.calc] + list(c.attrs)
        lines.append("  %%a = arith.constant %s" % _dense(c.axes, "i64"))
        if c.version == 4:
            if c.calc == "sizes":
                lines.append("  %%c = arith.constant %s" % _dense([1.0] * n, "f32"))
                operands, types = "%v, %c", "%s, tensor<%dxf32>" % (vtype, n)
            else:
                lines.append("  %%s = arith.constant %s" % _dense([1] * n, "i64"))
                operands, types = "%s, %v", "tensor<%dxi64>, %s" % (n, vtype)
            lines.append("  %%r = interp.interpolate_v4 %%x, %s, %%a {%s} : (%s, %s, "
                         "tensor<%dxi64>) -> %s"
                         % (operands, ", ".join(attrs), data, types, len(c.axes), result))
        else:
            lines.append("  %%r = interp.interpolate_v11 %%x, %%v, %%a {%s} : (%s, %s, "
                         "tensor<%dxi64>) -> %s"
                         % (", ".join(attrs), data, vtype, len(c.axes), result))
    args = "%%x: %s" % data + ("" if operand is None else ", %%v: %s" % vtype)
    return "func.func @main(%s) -> %s {\n%s\n  return %%r : %s\n}\n" % (
        args, result, "\n".join(lines), result)


def op_text(shape, element: str, **kwargs) -> str:
    """The MLIR function of one resize of an input of this static shape:
    @main(%x) with one interp op whose sizes/scales/axes are constants and
    whose result has `?` dims (interpolate()'s kernels are generic_op_text's
    instead). Every value is written exactly (f32 scales as their bits,
    cube_coeff as a round-tripping double), so equal texts mean equal
    kernels. kwargs: interpolate()'s (mode, sizes or scales, axes, version,
    attributes)."""
    shape = [_integer(d, "a dimension") for d in shape]
    c = _config(len(shape), **kwargs)
    data = "tensor<%s%s>" % ("".join("%dx" % d for d in shape), element)
    result = "tensor<%s%s>" % ("?x" * len(shape), element)
    return _function(c, data, result, element, None)


def generic_op_text(rank: int, element: str, channels: int | None = None, **kwargs) -> str:
    """The kernel interpolate() compiles for a configuration: @main(%x, %v)
    with the data's every dimension dynamic and the sizes (i64) or scales
    (f32) as the argument %v; the axes and attributes are constants. One
    text, and so one kernel, serves every input shape and every sizes or
    scales of the configuration. `channels`: the innermost dimension's
    length, kept static (part of the layout: the 2 to 4 channels of an HWC
    image, whose 8-bit Pillow-mode passes then sum each pixel's channels in
    vectors); the innermost dimension must not be resized."""
    rank = _integer(rank, "the rank")
    c = _config(rank, **kwargs)
    dims = ["?"] * rank
    if channels is not None:
        dims[-1] = str(_integer(channels, "channels"))
    data = "tensor<%s%s>" % ("".join(d + "x" for d in dims), element)
    return _function(c, data, data, element, True)


def _layout_channels(shape, c) -> int | None:
    """The channels generic_op_text keeps static for an input of `shape`:
    a short innermost dimension (2 to 4) that is not resized."""
    rank = len(shape)
    if rank < 3 or not 2 <= shape[-1] <= 4:
        return None
    if any(a % rank == rank - 1 for a in c.axes):
        return None
    return shape[-1]


def result_shape(shape, **kwargs) -> tuple:
    """The shape interpolate() gives an input of `shape` (interp's shape
    rules, without compiling); kwargs as interpolate() takes them."""
    shape = [_integer(d, "a dimension") for d in shape]
    c = _config(len(shape), **kwargs)
    pads = [[_integer(v, k) for v in _sequence(kwargs.get(k, ()), k)]
            for k in ("pads_begin", "pads_end")]
    sizes = c.values if c.calc == "sizes" else None
    scales = c.values if c.calc == "scales" else None
    return tuple(_result_shape(c.version, shape, c.axes, sizes, scales, pads[0], pads[1]))


# interpolate()'s kernels, least recently used first, keyed by their op text
# (generic_op_text: one per configuration, whatever the input's shape and the
# sizes or scales). The text is what is compiled, so two calls share a kernel
# exactly when they would compile the same code. Bounded, because every
# kernel holds an MLIR context and JIT-compiled code for as long as it is
# cached.
_DEFAULT_CACHE_SIZE = 64
_cache: collections.OrderedDict = collections.OrderedDict()
_cache_size = _DEFAULT_CACHE_SIZE
_cache_hits = 0
_cache_misses = 0
_cache_compiles = 0
_cache_disk_hits = 0
_cache_lock = threading.Lock()
# Configurations whose generic kernel does not compile (a lowering that
# needs static shapes or constant sizes): they get a kernel per op_text.
_static_only: set = set()


class CacheInfo(collections.namedtuple("CacheInfo",
                                       "hits misses maxsize currsize compiles disk_hits")):
    """hits, misses, maxsize and currsize as functools.lru_cache reports
    them; compiles: how many kernels interpolate() compiled; disk_hits: how
    many it loaded from the disk cache instead of compiling them
    (set_disk_cache); entries: the kernels kept (currsize)."""
    __slots__ = ()

    @property
    def entries(self) -> int:
        return self.currsize


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
    """Drops every compiled kernel interpolate() keeps (and its statistics;
    the disk cache's files stay)."""
    global _cache_hits, _cache_misses, _cache_compiles, _cache_disk_hits
    with _cache_lock:
        _cache.clear()
        _cache_hits = _cache_misses = _cache_compiles = _cache_disk_hits = 0


def cache_info() -> CacheInfo:
    """hits, misses, maxsize, currsize (= entries), compiles and disk_hits
    of interpolate()'s kernel cache."""
    with _cache_lock:
        return CacheInfo(_cache_hits, _cache_misses, _cache_size, len(_cache), _cache_compiles,
                         _cache_disk_hits)


def set_disk_cache(path) -> str | None:
    """Turns on the on-disk cache of compiled objects in the directory
    `path` (a str or os.PathLike; made when first written), or off with
    None; returns the previous directory (None: off). Every kernel compiled
    afterwards, by interpolate(), compile() or unpickling, first looks for
    its object there, keyed by its MLIR text, the pipeline's options, the
    versions and builds of interp, MLIR and LLVM, and the host CPU, and
    loads it instead of compiling (cache_info().disk_hits, and the kernel's
    from_disk_cache); else it compiles and writes the object there
    (atomically: a temporary file renamed). A truncated or corrupt file is
    compiled again and overwritten. Nothing removes old files. Off by
    default, unless INTERP_CACHE_DIR is set in the environment."""
    previous = disk_cache()
    if path is None:
        _set_disk_cache("")
    else:
        try:
            path = os.fspath(path)
        except TypeError:
            raise Error("set_disk_cache takes a directory (str or os.PathLike) or None, got %r"
                        % (path,)) from None
        if isinstance(path, bytes):
            path = os.fsdecode(path)
        if not path:
            raise Error("set_disk_cache takes a directory or None, got ''")
        _set_disk_cache(os.path.abspath(path))
    return previous


def disk_cache() -> str | None:
    """The directory of the disk cache in use (set_disk_cache, else
    INTERP_CACHE_DIR), or None when it is off."""
    return _disk_cache_directory() or None


def _cached_kernel(text: str, destination_form: bool = False) -> Kernel:
    """The kernel of `text`, compiled once. Generic kernels (interpolate()
    gives them out=) are compiled in destination form: they compute into
    that array, with no result buffer and no copy."""
    global _cache_hits, _cache_misses, _cache_compiles, _cache_disk_hits
    key = (text, destination_form)
    with _cache_lock:
        kernel = _cache.get(key)
        if kernel is not None:
            _cache.move_to_end(key)
            _cache_hits += 1
            return kernel
        _cache_misses += 1
    # Compiled without the lock (and without the GIL): other threads go on
    # meanwhile; two threads compiling the same text keep the first kernel.
    kernel = _new_kernel(text, destination_form=destination_form)
    with _cache_lock:
        if kernel.from_disk_cache:
            _cache_disk_hits += 1
        else:
            _cache_compiles += 1
        kernel = _cache.setdefault(key, kernel)
        _cache.move_to_end(key)
        _evict()
    return kernel


# The generic kernel's text of each configuration seen, keyed by the call's
# own arguments but the values of sizes or scales (_configuration_key): a
# repeated configuration skips checking the attributes and writing the text
# again. Each value is keyed with its type, so that an argument the checks
# would refuse (True for 1, 2.0 for 2) never finds an entry made by one they
# took. Arguments that do not hash (numpy arrays) take the long way.
_MAX_TEXTS = 1024
_generic_texts: dict = {}


def _frozen(value):
    if isinstance(value, (list, tuple)):
        return (type(value),) + tuple((type(v), v) for v in value)
    return (type(value), value)


def _configuration_key(dtype, shape, element_type, kwargs):
    """What decides the generic kernel of a call, hashable; None when an
    argument does not hash."""
    sizes, scales = kwargs.get("sizes"), kwargs.get("scales")
    values = sizes if sizes is not None else scales
    if not isinstance(values, (list, tuple)) or (sizes is None) == (scales is None):
        return None
    channels = shape[-1] if shape and 2 <= shape[-1] <= 4 else None
    key = (dtype, len(shape), channels, element_type, sizes is None, len(values)) + \
        tuple((name, _frozen(value)) for name, value in sorted(kwargs.items())
              if name not in ("sizes", "scales"))
    try:
        hash(key)
    except TypeError:
        return None
    return key


def _values(c_calc: str, kwargs) -> np.ndarray:
    """The sizes (int64) or scales (float32) operand of a generic kernel,
    each value checked as _config checks it."""
    if c_calc == "sizes":
        return np.array([_integer(v, "sizes") for v in _sequence(kwargs.get("sizes"), "sizes")],
                        np.int64)
    return np.array([np.float32(_real(v, "scales")) for v in
                     _sequence(kwargs.get("scales"), "scales")], np.float32)


def _shape_rule(c: _Config, kwargs):
    """What _result_of needs of a configuration: result_shape's arguments
    but the input's shape and the values."""
    pads = [[_integer(v, k) for v in _sequence(kwargs.get(k, ()), k)]
            for k in ("pads_begin", "pads_end")]
    return (c.version, c.calc, list(c.axes), pads[0], pads[1])


def _result_of(rule, shape, values):
    """The result shape of a generic kernel's call (interp's shape rules),
    or None when the rules refuse it (the kernel then says why)."""
    version, calc, axes, pads_begin, pads_end = rule
    v = values.tolist()
    try:
        return tuple(_result_shape(version, list(shape), axes, v if calc == "sizes" else None,
                                   v if calc == "scales" else None, pads_begin, pads_end))
    except Error:
        return None


def _operands(dtype, shape, element_type, kwargs):
    """The kernel of this call, the arguments after x and the rule of its
    result shape: the generic kernel, the sizes or scales array and
    _shape_rule's tuple, or (for a configuration without one) the kernel of
    this shape and values, none and None."""
    key = _configuration_key(dtype, shape, element_type, kwargs)
    entry = _generic_texts.get(key) if key is not None else None
    if entry is not None and entry[0] not in _static_only:
        try:
            kernel = _cached_kernel(entry[0], destination_form=True)
        except Error:
            pass
        else:
            return kernel, (_values(entry[1][1], kwargs),), entry[1]
    element = _element_type(dtype, element_type)
    c = _config(len(shape), **kwargs)
    generic = generic_op_text(len(shape), element, _layout_channels(shape, c), **kwargs)
    if generic not in _static_only:
        try:
            kernel = _cached_kernel(generic, destination_form=True)
            values = np.array(c.values, np.int64 if c.calc == "sizes" else np.float32)
            rule = _shape_rule(c, kwargs)
            if key is not None:
                if len(_generic_texts) >= _MAX_TEXTS:
                    _generic_texts.clear()
                _generic_texts[key] = (generic, rule)
            return kernel, (values,), rule
        except Error:
            # The same configuration with constants gives the error, if the
            # op is wrong, or a kernel of its own.
            _static_only.add(generic)
    try:
        return _cached_kernel(op_text(shape, element, **kwargs)), (), None
    except Error as e:
        raise Error(_op_error(str(e), c.version, element, shape)) from None


def _new_output(shape, dtype: str, allocate):
    """A new array for a result of `shape`, made before the call so that
    the kernel computes into it (no result buffer, no copy); None when
    numpy cannot make it (MemoryError or a size past the address space, a
    dtype it lacks): the kernel, called on an empty array, then says why
    (its memory check, "more than the supported", comes before it looks at
    the array)."""
    try:
        if allocate is not None:
            return allocate(shape, dtype)
        # bf16 travels as its bits, as the kernel's own arrays do.
        return np.empty(shape, "uint16" if dtype == "bfloat16" else dtype)
    except (TypeError, ValueError, MemoryError):
        return None
    except RuntimeError as e:  # torch's allocator, out of memory
        if isinstance(e, Error):
            raise
        return None


_LOCATION = re.compile(r"^-:\d+:\d+: error: ", re.M)


def _op_error(message: str, version: int, element: str, shape) -> str:
    """A diagnostic of the op interpolate() wrote, in the caller's terms:
    the op and the input, not the text's line and column."""
    lines = [_LOCATION.sub("", line) for line in message.splitlines()
             if line.strip() and line != "invalid MLIR:"]
    return "interpolate_v%d on %s data of shape %s: %s" % (
        version, element, tuple(shape), "; ".join(lines))


def _check_arguments(kwargs) -> None:
    # The attribute names, before the array is looked at.
    version = _version(kwargs.get("version", 4))
    _check_attributes(version, {k: v for k, v in kwargs.items()
                                if k not in ("mode", "sizes", "scales", "axes", "version")})


def _torch_tensor(x):
    """x when it is a torch tensor (without importing torch)."""
    torch = sys.modules.get("torch")
    if torch is not None and isinstance(x, torch.Tensor):
        return x
    return None


def _torch_input(t):
    """A torch tensor as interp reads it (in place), and the allocator of
    results of its kind: torch tensors of its dtype and memory format."""
    import torch
    if t.device.type != "cpu":
        raise Error("interp runs on the CPU: the tensor is on %s (use .cpu())" % t.device)
    if t.is_sparse or t.layout != torch.strided:
        raise Error("interp takes dense (strided) tensors, got layout %s" % t.layout)
    t = t.detach()
    if t.is_conj() or t.is_neg():
        t = t.resolve_conj().resolve_neg()
    memory_format = torch.contiguous_format
    if not t.is_contiguous():
        if t.dim() == 4 and t.is_contiguous(memory_format=torch.channels_last):
            memory_format = torch.channels_last
        elif t.dim() == 5 and t.is_contiguous(memory_format=torch.channels_last_3d):
            memory_format = torch.channels_last_3d
    dtype = t.dtype

    def allocate(shape, _dtype_name):
        return torch.empty(shape, dtype=dtype, memory_format=memory_format)

    return t, allocate


def interpolate(x, *, mode: str, sizes=None, scales=None, axes=None, version: int = 4,
                element_type: str | None = None, out=None, **attributes):
    """Resizes `x` as interp.interpolate_v<version> (1, 4 or 11) with these
    attributes (the op's ODS names: coordinate_transformation_mode,
    nearest_mode, antialias, pads_begin, pads_end, cube_coeff,
    integer_arithmetic; align_corners for version 1; an unknown name raises
    interp.Error). `x` is any array with __dlpack__ or the buffer protocol
    (numpy, a CPU torch tensor, ...), read in place with its strides.
    Returns a new array, a torch tensor (of x's memory format) for a torch
    tensor and numpy otherwise, or writes into `out` (an array of the
    result's dtype and shape, any strides) and returns it. Compiles once per
    configuration (dtype, rank, version, mode, axes, attribute values,
    sizes or scales): the input's shape and the values of sizes or scales
    are run-time operands. Kernels are kept in a bounded cache
    (cache_info, set_cache_size, clear_cache)."""
    kwargs = dict(mode=mode, sizes=sizes, scales=scales, axes=axes, version=version, **attributes)
    _check_arguments(kwargs)
    allocate = None
    t = _torch_tensor(x)
    if t is not None and out is None:
        x, allocate = _torch_input(t)
    elif t is not None:
        x = _torch_input(t)[0]
    x, dtype, shape = _as_array(x)
    kernel, operands, rule = _operands(dtype, shape, element_type, kwargs)
    if rule is not None:
        # A generic kernel's result shape is known here, not to the kernel
        # before it runs: the output is made (or checked) first.
        result = _result_of(rule, shape, operands[0])
        if result is not None and out is None:
            out = _new_output(result, dtype, allocate)
        elif result is not None:
            given = _describe(out)
            if given is not None and len(given[1]) == len(result) and \
                    tuple(given[1]) != result:
                raise Error("out= has shape %s, the result %s" % (tuple(given[1]), result))
    return kernel(x, *operands, out=out, allocate=allocate if out is None else None)[0]


def interpolate_reference(x, *, element_type: str | None = None, **kwargs) -> np.ndarray:
    """interpolate() computed by interp's reference implementation instead of
    compiled code (the oracle of the tests); numpy out."""
    _check_arguments(kwargs)
    t = _torch_tensor(x)
    if t is not None:
        x = _torch_input(t)[0]
    x, dtype, shape = _as_array(x)
    kernel, operands, _ = _operands(dtype, shape, element_type, kwargs)
    return kernel.reference(x, *operands)[0]


if hasattr(os, "register_at_fork"):
    os.register_at_fork(before=_before_fork, after_in_parent=_after_fork_in_parent,
                        after_in_child=_after_fork_in_child)
