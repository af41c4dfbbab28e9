"""Tests of the Python module interp (python/): compiled kernels against
interp's reference implementation under the project's tolerance, every
element type, views, errors as exceptions, and OpenVINO where it is
installed. Run: PYTHONPATH=build/python_packages python3 -m pytest -rs test/Python
(Debian's python3 and numpy 1.24), and in a virtualenv with numpy 2 and
the module pip-installed (test/Python/run_in_venv.py).
"""

import re

import numpy as np
import pytest

import interp

RNG = np.random.default_rng(20261201)
FLOAT_TYPES = ["float16", "float32", "float64"]
INT_TYPES = ["int8", "uint8", "int32", "int64"]
ELEMENT = {"float16": "f16", "float32": "f32", "float64": "f64", "int8": "i8",
           "uint8": "ui8", "int32": "i32", "int64": "i64", "bf16": "bf16"}


def random_data(shape, dtype):
    if dtype in FLOAT_TYPES:
        return RNG.uniform(-1, 1, shape).astype(dtype)
    if dtype == "bf16":
        bits = RNG.uniform(-1, 1, shape).astype(np.float32).view(np.uint32)
        return (bits >> 16).astype(np.uint16)
    info = np.iinfo(dtype)
    lo, hi = max(info.min, -1000), min(info.max, 1000)
    return RNG.integers(lo, hi, shape, endpoint=True).astype(dtype)


def as_float(a, dtype):
    if dtype == "bf16":
        return (a.astype(np.uint32) << 16).view(np.float32).astype(np.float64)
    return a.astype(np.float64)


def assert_matches_reference(got, want, x, dtype):
    """The project's tolerance (interp/Reference/Compare.h) for this element
    type and input magnitude."""
    assert got.shape == want.shape and got.dtype == want.dtype
    magnitude = max(1.0, float(np.max(np.abs(as_float(x, dtype))))) if x.size else 1.0
    abs_tol, rel_tol = interp.tolerance(ELEMENT[dtype], magnitude)
    g, w = as_float(got, dtype), as_float(want, dtype)
    assert np.all(np.abs(g - w) <= abs_tol + rel_tol * np.abs(w)), (
        "max |d| %g" % np.max(np.abs(g - w)))


def check(x, dtype="float32", **kwargs):
    element_type = "bf16" if dtype == "bf16" else None
    got = interp.interpolate(x, element_type=element_type, **kwargs)
    want = interp.interpolate_reference(x, element_type=element_type, **kwargs)
    assert_matches_reference(got, want, x, dtype)
    return got


@pytest.mark.parametrize("dtype", FLOAT_TYPES + INT_TYPES + ["bf16"])
@pytest.mark.parametrize("mode", ["nearest", "linear", "linear_onnx", "cubic"])
def test_v4_every_type_and_mode(dtype, mode):
    x = random_data((1, 2, 5, 7), dtype)
    y = check(x, dtype, mode=mode, sizes=[9, 4], axes=[2, 3])
    assert y.shape == (1, 2, 9, 4)


@pytest.mark.parametrize("dtype", ["uint8", "int8", "float32", "float16", "bf16", "int32"])
@pytest.mark.parametrize("mode", ["bilinear_pillow", "bicubic_pillow"])
def test_v11_pillow(dtype, mode):
    x = random_data((1, 3, 17, 23), dtype)
    check(x, dtype, mode=mode, sizes=[6, 31], axes=[2, 3], version=11, cube_coeff=-0.5)


@pytest.mark.parametrize("mode", ["nearest", "linear", "cubic", "area"])
def test_v1(mode):
    x = random_data((1, 1, 9, 6), "float32")
    check(x, mode=mode, sizes=[4, 11], axes=[2, 3], version=1, align_corners=False)


def test_scales_pads_antialias_attributes():
    x = random_data((2, 3, 12, 10), "float32")
    y = check(x, mode="linear", scales=[0.5, 0.25], axes=[2, 3], antialias=True,
              pads_begin=[0, 0, 1, 0], pads_end=[0, 0, 1, 2],
              coordinate_transformation_mode="pytorch_half_pixel")
    assert y.shape == (2, 3, 7, 3)


def test_views_with_strides():
    base = random_data((2, 3, 10, 12), "float32")
    view = base[:, ::-1, 1::3, ::2]  # negative and non-unit strides
    y = interp.interpolate(view, mode="linear_onnx", sizes=[6, 5], axes=[2, 3])
    want = interp.interpolate(np.ascontiguousarray(view), mode="linear_onnx", sizes=[6, 5],
                              axes=[2, 3])
    np.testing.assert_array_equal(y, want)
    transposed = base.transpose(0, 1, 3, 2)
    check(transposed, mode="cubic", sizes=[7, 7], axes=[2, 3])


def test_compile_a_module_with_run_time_operands_and_threads():
    text = """
func.func @main(%x: tensor<?x?xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %c = arith.constant dense<[1.0, 1.0]> : tensor<2xf32>
  %a = arith.constant dense<[0, 1]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = linear_onnx, shape_calculation_mode = sizes}
     : (tensor<?x?xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}"""
    for threads in (1, 2):
        kernel = interp.compile(text, num_threads=threads)
        assert kernel.name == "main"
        x = random_data((33, 40), "float32")
        sizes = np.array([70, 21], np.int64)
        (y,) = kernel(x, sizes)
        (want,) = kernel.reference(x, sizes)
        assert_matches_reference(y, want, x, "float32")


def test_verifier_diagnostics_are_exceptions():
    text = """
func.func @main(%x: tensor<4x4xf32>, %s: tensor<2xi64>) -> tensor<?x?xf16> {
  %r = interp.interpolate_v11 %x, %s {mode = nearest, shape_calculation_mode = sizes}
     : (tensor<4x4xf32>, tensor<2xi64>) -> tensor<?x?xf16>
  return %r : tensor<?x?xf16>
}"""
    with pytest.raises(interp.Error, match="result element type 'f16' must equal"):
        interp.compile(text)
    with pytest.raises(interp.Error, match="resize exactly two axes"):
        interp.interpolate(random_data((2, 3, 4), "uint8"), mode="bilinear_pillow",
                           sizes=[2, 2, 2], axes=[0, 1, 2], version=11)
    with pytest.raises(interp.Error, match="unsupported dtype"):
        interp.interpolate(np.zeros((2, 2), np.complex64), mode="nearest", sizes=[4, 4])


def test_invalid_run_time_operands_are_exceptions_and_the_kernel_survives():
    text = """
func.func @main(%x: tensor<?xf32>, %s: tensor<1xi64>) -> tensor<?xf32> {
  %c = arith.constant dense<[1.0]> : tensor<1xf32>
  %r = interp.interpolate_v4 %x, %s, %c {mode = linear, shape_calculation_mode = sizes}
     : (tensor<?xf32>, tensor<1xi64>, tensor<1xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}"""
    kernel = interp.compile(text)
    x = np.ones(3, np.float32)
    with pytest.raises(interp.Error, match="'sizes' value -5 at index 0 must be non-negative"):
        kernel(x, np.array([-5], np.int64))
    with pytest.raises(interp.Error, match="dtype int32, expected int64"):
        kernel(x, np.array([5], np.int32))
    with pytest.raises(interp.Error, match="takes 2 argument"):
        kernel(x)
    (y,) = kernel(x, np.array([5], np.int64))
    np.testing.assert_array_equal(y, np.ones(5, np.float32))


def test_bf16_convention():
    x = random_data((3, 4), "bf16")
    with pytest.raises(interp.Error, match="uint16 arrays holding bf16 bits"):
        interp.interpolate(x.astype(np.float32), mode="nearest", sizes=[6, 8], element_type="bf16")
    y = interp.interpolate(x, mode="nearest", sizes=[6, 8], element_type="bf16",
                           coordinate_transformation_mode="asymmetric", nearest_mode="floor")
    assert y.dtype == np.uint16
    np.testing.assert_array_equal(y, np.repeat(np.repeat(x, 2, 0), 2, 1))


def test_openvino_agrees():
    ov = pytest.importorskip("openvino", reason="the openvino package is not installed")
    import openvino.opset11 as o11

    x = random_data((1, 3, 20, 30), "float32")
    sizes, axes = np.array([13, 41], np.int64), np.array([2, 3], np.int64)
    node = o11.interpolate(o11.constant(x), o11.constant(sizes), "linear_onnx", "sizes",
                           axes=o11.constant(axes))
    out = ov.Tensor(node.get_output_element_type(0), node.get_output_shape(0))
    assert node.evaluate([out], [ov.Tensor(x), ov.Tensor(sizes), ov.Tensor(axes)])
    got = interp.interpolate(x, mode="linear_onnx", sizes=[13, 41], axes=[2, 3], version=11)
    assert_matches_reference(got, out.data.copy(), x, "float32")


# Issue 27: the kernel cache, attribute checking, errors and copies.

def fresh_reference(x, **kwargs):
    """The reference on a kernel of its own, outside interpolate()'s cache."""
    element = ELEMENT[str(x.dtype)]
    return interp.compile(interp.op_text(x.shape, element, **kwargs)).reference(x)[0]


def test_cache_key_is_exact():
    # Two scales numpy prints alike (8 digits) and float32 keeps apart: one
    # kernel (the scales are a run-time operand), each call its own op's
    # result, as a kernel of that op alone computes it.
    s1, s2 = np.array([0.0123456712], np.float32), np.array([0.0123456749], np.float32)
    assert repr(s1) == repr(s2) and s1[0] != s2[0]
    x = random_data((1, 4000), "float32")
    interp.clear_cache()
    kwargs = dict(mode="linear", axes=[1])
    y1 = interp.interpolate(x, scales=s1, **kwargs)
    y2 = interp.interpolate(x, scales=s2, **kwargs)
    assert interp.cache_info().compiles == 1
    assert not np.array_equal(y1, y2)
    assert_matches_reference(y1, fresh_reference(x, scales=s1, **kwargs), x, "float32")
    assert_matches_reference(y2, fresh_reference(x, scales=s2, **kwargs), x, "float32")
    # The same op written with other Python types shares the kernel.
    interp.interpolate(x, scales=[float(s2[0])], axes=np.array([1]), mode="linear")
    assert interp.cache_info().hits == 2
    # Attribute values are exact too: two cube_coeffs that print alike in
    # float32 are two kernels.
    c1, c2 = -0.5, -0.5 + 2.0 ** -40
    interp.interpolate(x, scales=s1, axes=[1], mode="cubic", cube_coeff=c1)
    interp.interpolate(x, scales=s1, axes=[1], mode="cubic", cube_coeff=c2)
    assert interp.cache_info().compiles == 3


@pytest.mark.parametrize("version,bad,known", [
    (4, "antialas", "antialias"),
    (11, "antialas", "antialias"),
    (4, "align_corners", "coordinate_transformation_mode"),
    (1, "cube_coeff", "align_corners"),
    (1, "nearest_mode", "pads_begin"),
])
def test_unknown_attributes_are_errors(version, bad, known):
    x = random_data((1, 1, 4, 4), "float32")
    for function in (interp.interpolate, interp.interpolate_reference):
        with pytest.raises(interp.Error, match="unknown attribute '%s'.*%s" % (bad, known)):
            function(x, mode="linear", sizes=[8, 8], axes=[2, 3], version=version,
                     **{bad: True})
    # Checked first: before the array's dtype, the sizes or the mode.
    with pytest.raises(interp.Error, match="unknown attribute '%s'" % bad):
        interp.interpolate(np.zeros(3, np.complex64), mode="no such mode", version=version,
                           **{bad: True})


def test_attribute_values_are_checked():
    x = random_data((1, 1, 4, 4), "float32")
    kwargs = dict(mode="linear", sizes=[8, 8], axes=[2, 3])
    with pytest.raises(interp.Error, match="antialias must be a bool, got 1"):
        interp.interpolate(x, antialias=1, **kwargs)
    with pytest.raises(interp.Error, match="cube_coeff must be a real number"):
        interp.interpolate(x, cube_coeff="-0.5", **kwargs)
    with pytest.raises(interp.Error, match="pads_begin must be an integer"):
        interp.interpolate(x, pads_begin=[0, 0, 0.5, 0], **kwargs)
    with pytest.raises(interp.Error, match="mode must be the name of one of its values"):
        interp.interpolate(x, mode="linear} {", sizes=[8, 8], axes=[2, 3])
    with pytest.raises(interp.Error, match="version must be 1, 4 or 11, got 4.0"):
        interp.interpolate(x, version=4.0, **kwargs)


def test_numpy_scalars_are_accepted_like_python_ones():
    x = random_data((1, 2, 9, 7), "float32")
    want = interp.interpolate(x, mode="cubic", sizes=[5, 4], axes=[2, 3], version=11,
                              antialias=True, pads_begin=[0, 0, 1, 1], cube_coeff=-0.5)
    info = interp.cache_info()
    got = interp.interpolate(x, mode=np.str_("cubic"), sizes=np.array([5, 4], np.int32),
                             axes=(np.int64(2), np.uint8(3)), version=np.int64(11),
                             antialias=np.True_, pads_begin=np.zeros(4, np.int64) + [0, 0, 1, 1],
                             cube_coeff=np.float32(-0.5))
    np.testing.assert_array_equal(got, want)
    # The same op text, so the same kernel.
    assert interp.cache_info().hits == info.hits + 1
    v1 = interp.interpolate(x, mode="linear", sizes=[5, 4], axes=[2, 3], version=1,
                            align_corners=np.False_)
    assert_matches_reference(v1, interp.interpolate_reference(
        x, mode="linear", sizes=[5, 4], axes=[2, 3], version=1, align_corners=False),
        x, "float32")


def test_cache_is_a_bounded_lru_and_clear_cache_empties_it():
    previous = interp.set_cache_size(3)
    try:
        interp.clear_cache()
        # A kernel per configuration: here per element type.
        xs = [random_data((1, n), t) for n, t in ((2, "float32"), (3, "float64"),
                                                  (4, "int32"), (5, "uint8"))]
        for x in xs[:3]:
            interp.interpolate(x, mode="nearest", sizes=[4], axes=[1])
        interp.interpolate(xs[0], mode="nearest", sizes=[4], axes=[1])  # now the newest
        interp.interpolate(xs[3], mode="nearest", sizes=[4], axes=[1])  # evicts xs[1]'s
        assert interp.cache_info() == (1, 4, 3, 3, 4, 0)
        assert interp.cache_info().entries == 3
        interp.interpolate(xs[0], mode="nearest", sizes=[4], axes=[1])
        assert interp.cache_info().hits == 2
        interp.interpolate(xs[1], mode="nearest", sizes=[4], axes=[1])
        assert interp.cache_info().misses == 5 and interp.cache_info().compiles == 5
        assert interp.set_cache_size(1) == 3
        assert interp.cache_info().currsize == 1
        interp.clear_cache()
        assert interp.cache_info() == (0, 0, 1, 0, 0, 0)
        interp.set_cache_size(0)  # no cache: every call compiles, and works
        y = interp.interpolate(xs[2], mode="nearest", sizes=[8], axes=[1])
        np.testing.assert_array_equal(y, np.repeat(xs[2], 2, 1))
        assert interp.cache_info().currsize == 0
        with pytest.raises(interp.Error, match="non-negative"):
            interp.set_cache_size(-1)
    finally:
        interp.set_cache_size(previous)


def proc_status(field):
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise KeyError(field)


@pytest.mark.skipif(not __import__("os").path.exists("/proc/self/status"),
                    reason="needs /proc/self/status (Linux)")
def test_memory_and_threads_stay_flat_over_many_shapes():
    # A kernel per static shape (interp.compile of op_text): 2,000 kernels
    # through a cache of 16. Each one used to keep an MLIR context with a
    # thread pool of its own, forever.
    previous = interp.set_cache_size(16)
    try:
        interp.clear_cache()

        def run(first, count):
            for n in range(first, first + count):
                x = np.full((1, n), 1.5, np.float32)
                text = interp.op_text(x.shape, "f32", mode="nearest", sizes=[2], axes=[1])
                y = interp._cached_kernel(text)(x)[0]
                assert y.shape == (1, 2) and y[0, 0] == 1.5

        run(1, 200)  # warm up: the caches of MLIR, LLVM and malloc
        threads, rss = proc_status("Threads"), proc_status("VmRSS")
        run(201, 1800)
        assert proc_status("Threads") == threads
        grown_kb = proc_status("VmRSS") - rss
        # 1,800 leaked kernels would be hundreds of MB.
        assert grown_kb < 48 * 1024, "RSS grew by %d kB" % grown_kb
        assert interp.cache_info().currsize == 16
    finally:
        interp.set_cache_size(previous)
        interp.clear_cache()


def pauses_while(work):
    """Runs `work` in another thread while this one spins; returns how long
    `work` took and the longest pause between this thread's steps (as long as
    `work` itself when `work` holds the GIL throughout)."""
    import threading
    import time
    took = []

    def timed():
        start = time.perf_counter()
        work()
        took.append(time.perf_counter() - start)

    worker = threading.Thread(target=timed)
    longest, last = 0.0, time.perf_counter()
    worker.start()
    while worker.is_alive():
        now = time.perf_counter()
        longest, last = max(longest, now - last), now
    worker.join()
    assert took, "the worker failed"
    return took[0], longest


def test_compiling_releases_the_gil():
    # While another thread compiles (~150 ms), this one keeps running: the
    # longest pause between its steps is far below the compile time, which
    # it would be at least if compiling held the GIL.
    text = interp.op_text((1, 3, 17, 23), "f32", mode="cubic", scales=[0.5, 0.75], axes=[2, 3],
                          antialias=True, pads_begin=[0, 0, 1, 1])
    took, longest = pauses_while(lambda: interp.compile(text))
    assert longest < took / 2, "paused %.0f ms of a %.0f ms compile" % (longest * 1e3, took * 1e3)


OUT_OF_MEMORY = r"""
import resource, numpy as np, interp
text = '''
func.func @main(%x: tensor<?x?xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %c = arith.constant dense<[1.0, 1.0]> : tensor<2xf32>
  %a = arith.constant dense<[0, 1]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = nearest, shape_calculation_mode = sizes}
     : (tensor<?x?xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}'''
kernel = interp.compile(text)
x = np.arange(16, dtype=np.float32).reshape(4, 4)
with open('/proc/self/status') as f:
    vm = next(int(l.split()[1]) * 1024 for l in f if l.startswith('VmSize:'))
limit = vm + 600 * 2**20
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
# 576 MB of result does not fit next to its copy, or at all: an exception,
# and nothing kept: 144 MB results fit afterwards, again and again.
for attempt in range(3):
    try:
        kernel(x, np.array([12000, 12000], np.int64))
        print('no error')
    except (interp.Error, MemoryError) as e:
        print('error:', type(e).__name__, e)
    (y,) = kernel(x, np.array([6000, 6000], np.int64))
    assert y.shape == (6000, 6000) and y[-1, -1] == 15, y[-1, -1]
    del y
print('later calls work')
"""


@pytest.mark.skipif(not __import__("os").path.exists("/proc/self/status"),
                    reason="needs /proc/self/status (Linux)")
def test_out_of_memory_is_an_exception_and_later_calls_work():
    import subprocess
    import sys
    r = subprocess.run([sys.executable, "-c", OUT_OF_MEMORY], capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.count("error:") == 3 and "later calls work" in r.stdout, r.stdout


PEAK_MEMORY = r"""
import numpy as np, interp
def status(field):
    with open('/proc/self/status') as f:
        return next(int(l.split()[1]) for l in f if l.startswith(field + ':'))
n = 4096
x = np.ones((n, n), np.float32)                  # 64 MiB
view = x.T[::-1]                                 # transposed and reversed
interp.interpolate(view, mode='nearest', sizes=[n, n])   # compiled, cached
open('/proc/self/clear_refs', 'w').write('5')   # VmHWM := VmRSS
rss = status('VmRSS')
y = interp.interpolate(view, mode='nearest', sizes=[n, n])
print('grew', (status('VmHWM') - rss) // 1024, 'MiB')
assert y.flags.owndata and y.base is None and (y == 1).all()
"""


@pytest.mark.skipif(not __import__("os").path.exists("/proc/self/clear_refs"),
                    reason="needs /proc/self/clear_refs (Linux)")
def test_a_call_holds_the_output_twice_at_most_and_no_input_copy():
    # The input is read in place (strides and all) and the result is written
    # into the numpy array, from the kernel's own buffer: 2 x 64 MiB at peak
    # (was: three copies of the input and three of the output).
    import re
    import subprocess
    import sys
    r = subprocess.run([sys.executable, "-c", PEAK_MEMORY], capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    grew = int(re.search(r"grew (-?\d+) MiB", r.stdout).group(1))
    assert grew < 160, r.stdout


def test_inputs_with_any_layout():
    base = random_data((6, 10), "float32")
    want = interp.interpolate(base, mode="linear", sizes=[9, 4])
    # Broadcast (0 strides), a view at an odd byte offset, and a field of a
    # structured array (a stride that is not a multiple of the element).
    broadcast = np.broadcast_to(base[:1], (6, 10))
    check(broadcast, mode="linear", sizes=[9, 4])
    raw = np.zeros(base.nbytes + 1, np.uint8)
    misaligned = raw[1:].view(np.float32).reshape(6, 10)
    misaligned[...] = base
    assert misaligned.ctypes.data % 4 != 0
    np.testing.assert_array_equal(interp.interpolate(misaligned, mode="linear", sizes=[9, 4]), want)
    records = np.zeros((6, 10), dtype=[("a", np.uint8), ("x", np.float32)])
    records["x"] = base
    assert records["x"].strides[1] % 4 != 0
    np.testing.assert_array_equal(interp.interpolate(records["x"], mode="linear", sizes=[9, 4]),
                                  want)
    # Inputs are only read.
    before = base.copy()
    interp.interpolate(base, mode="cubic", sizes=[6, 10])
    np.testing.assert_array_equal(base, before)


def test_threads_compile_and_call_at_once():
    # Compiling, calls and the reference run without the GIL: four threads
    # share the cache and its kernels (the same shapes now and then).
    import threading
    errors = []

    def work(seed):
        rng = np.random.default_rng(seed)
        for _ in range(8):
            n = int(rng.integers(2, 12))
            x = rng.uniform(-1, 1, (1, 2, n, 5)).astype(np.float32)
            try:
                check(x, mode="linear", sizes=[n + 3, 7], axes=[2, 3])
            except Exception as e:  # reported below, from the main thread
                errors.append(repr(e))

    threads = [threading.Thread(target=work, args=(seed,)) for seed in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors


# Issue 30: arrays in place through DLPack and the buffer protocol, out=, the
# GIL, numpy 1 and 2.

def test_numpy_of_this_environment():
    # The module is built without numpy's C API: one build serves numpy 1.x
    # and 2.x (CI runs this file under both).
    assert int(np.__version__.split(".")[0]) in (1, 2)
    x = random_data((1, 3, 8, 8), "float32")
    check(x, mode="linear", sizes=[5, 11], axes=[2, 3])


def copies_during(function):
    before = interp._interp.copied_inputs()
    result = function()
    return result, interp._interp.copied_inputs() - before


@pytest.mark.parametrize("layout", ["NCHW", "NHWC"])
def test_views_are_read_in_place(layout):
    # A C-contiguous array, a strided and reversed crop, and NHWC memory seen
    # as NCHW: no input copied, results equal those of a contiguous copy.
    if layout == "NCHW":
        base = random_data((2, 3, 9, 12), "float32")
        views = [(base, [2, 3]), (base[:, :, 1:8:2, ::-1], [2, 3])]
    else:
        base = random_data((2, 9, 12, 3), "float32")
        views = [(base, [1, 2]), (base[:, 1:8:2, ::-1], [1, 2]),
                 (base.transpose(0, 3, 1, 2), [2, 3])]
    for view, axes in views:
        kwargs = dict(mode="cubic", sizes=[7, 5], axes=axes)
        got, copies = copies_during(lambda: interp.interpolate(view, **kwargs))
        assert copies == 0
        want = interp.interpolate(np.ascontiguousarray(view), **kwargs)
        np.testing.assert_array_equal(got, want)


def test_odd_layouts_are_copied_and_counted():
    base = random_data((6, 10), "float32")
    raw = np.zeros(base.nbytes + 1, np.uint8)
    misaligned = raw[1:].view(np.float32).reshape(6, 10)
    misaligned[...] = base
    got, copies = copies_during(lambda: interp.interpolate(misaligned, mode="linear", sizes=[9, 4]))
    assert copies == 1
    np.testing.assert_array_equal(got, interp.interpolate(base, mode="linear", sizes=[9, 4]))


def test_out_is_written_in_place():
    x = random_data((1, 3, 10, 12), "float32")
    kwargs = dict(mode="linear", sizes=[7, 15], axes=[2, 3])
    want = interp.interpolate(x, **kwargs)
    out = np.full((1, 3, 7, 15), np.nan, np.float32)
    got = interp.interpolate(x, out=out, **kwargs)
    assert got is out
    np.testing.assert_array_equal(out, want)
    # A strided out=: the NCHW result into NHWC memory, and into every
    # other row of a larger array.
    nhwc = np.full((1, 7, 15, 3), np.nan, np.float32)
    assert interp.interpolate(x, out=nhwc.transpose(0, 3, 1, 2), **kwargs) is not None
    np.testing.assert_array_equal(nhwc, want.transpose(0, 2, 3, 1))
    big = np.zeros((1, 3, 14, 15), np.float32)
    interp.interpolate(x, out=big[:, :, ::2], **kwargs)
    np.testing.assert_array_equal(big[:, :, ::2], want)
    assert not big[:, :, 1::2].any()
    # The input itself as out= (same shape): read before written.
    y = random_data((1, 1, 6, 6), "float32")
    expect = interp.interpolate(y, mode="cubic", sizes=[6, 6], axes=[2, 3])
    interp.interpolate(y, mode="cubic", sizes=[6, 6], axes=[2, 3], out=y)
    np.testing.assert_array_equal(y, expect)


def results_copied_during(function):
    before = interp._interp.copied_results()
    result = function()
    return result, interp._interp.copied_results() - before


def test_results_are_computed_in_their_array():
    # interpolate()'s kernels write the result into the array it returns,
    # or into out=, with no buffer of their own and no copy after, wherever
    # the array's rows are contiguous and it shares no memory with x.
    x = random_data((1, 3, 10, 12), "float32")
    kwargs = dict(mode="linear", sizes=[7, 15], axes=[2, 3])
    want = interp.interpolate_reference(x, **kwargs)
    got, copied = results_copied_during(lambda: interp.interpolate(x, **kwargs))
    assert copied == 0
    np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-6)
    big = np.zeros((1, 3, 14, 15), np.float32)
    _, copied = results_copied_during(lambda: interp.interpolate(x, out=big[:, :, ::2], **kwargs))
    assert copied == 0
    np.testing.assert_array_equal(big[:, :, ::2], got)
    # Rows that are not contiguous, and an out= that is the input: the
    # result goes through a buffer, then into the array.
    nhwc = np.zeros((1, 7, 15, 3), np.float32)
    _, copied = results_copied_during(
        lambda: interp.interpolate(x, out=nhwc.transpose(0, 3, 1, 2), **kwargs))
    assert copied == 1
    np.testing.assert_array_equal(nhwc.transpose(0, 3, 1, 2), got)
    y = random_data((1, 3, 10, 12), "float32")
    expect = interp.interpolate(y, mode="cubic", sizes=[10, 12], axes=[2, 3])
    _, copied = results_copied_during(
        lambda: interp.interpolate(y, mode="cubic", sizes=[10, 12], axes=[2, 3], out=y))
    assert copied == 1
    np.testing.assert_array_equal(y, expect)
    # An 8-bit image, HWC.
    image = random_data((37, 53, 3), "uint8")
    pil = dict(mode="bilinear_pillow", sizes=[20, 71], axes=[0, 1], version=11)
    got, copied = results_copied_during(lambda: interp.interpolate(image, **pil))
    assert copied == 0
    np.testing.assert_array_equal(got, interp.interpolate_reference(image, **pil))
    # interp.compile's kernels return their result in a buffer of their own.
    kernel = interp.compile(interp.op_text(x.shape, "f32", **kwargs))
    (static,), copied = results_copied_during(lambda: kernel(x))
    assert copied == 1
    np.testing.assert_allclose(static, want, rtol=1e-6, atol=1e-6)


def test_run_time_tables_remembered_per_thread_give_the_same_results():
    # A generic kernel builds its tables on every call, or copies those it
    # built for the same parameters lately (the runtime keeps the last 4 per
    # thread): a repeated size, sizes in turn (more than 4, so that they are
    # rebuilt), the same results as the first call of each.
    image = random_data((61, 83, 3), "uint8")
    planes = random_data((1, 2, 40, 52), "float32")
    calls = []
    for i, (h, w) in enumerate([(30, 41), (17, 96), (61, 83), (5, 7), (122, 40), (33, 33)]):
        calls.append((image, dict(mode="bicubic_pillow", sizes=[h, w], axes=[0, 1], version=11)))
        calls.append((planes, dict(mode="linear", sizes=[h, w], axes=[2, 3], antialias=i % 2 == 0)))
    first = [interp.interpolate(x, **kwargs) for x, kwargs in calls]
    for (x, kwargs), want in zip(calls, first):
        np.testing.assert_array_equal(interp.interpolate(x, **kwargs), want)
    for _ in range(2):
        for (x, kwargs), want in zip(calls, first):
            np.testing.assert_array_equal(interp.interpolate(x, **kwargs), want)
    for (x, kwargs), want in zip(calls[::2], first[::2]):
        np.testing.assert_array_equal(want, interp.interpolate_reference(x, **kwargs))


def test_kernels_pickled_before_destination_forms_still_load():
    # Their state had three items (text, function, num_threads).
    text = interp.op_text((1, 1, 4, 4), "f32", mode="nearest", sizes=[2, 2], axes=[2, 3])
    old = interp.Kernel.__new__(interp.Kernel)
    old.__setstate__((text, None, 1))
    x = random_data((1, 1, 4, 4), "float32")
    np.testing.assert_array_equal(old(x)[0], interp.compile(text)(x)[0])
    with pytest.raises(interp.Error, match="3 or 4 items"):
        interp.Kernel.__new__(interp.Kernel).__setstate__((text,))


def test_out_errors_leave_out_untouched():
    x = random_data((1, 1, 4, 4), "float32")
    kwargs = dict(mode="nearest", sizes=[8, 8], axes=[2, 3])
    cases = [
        (np.zeros((1, 1, 8, 7), np.float32), r"out= has shape \(1, 1, 8, 7\), the result \(1, 1, 8, 8\)"),
        (np.zeros((1, 1, 8, 8), np.float64), "dtype float64, expected float32"),
        (np.zeros((1, 8, 8), np.float32), "rank 3"),
        (np.broadcast_to(np.zeros((1, 1, 1, 8), np.float32), (1, 1, 8, 8)),
         "not a writable array|share memory"),
        ([[0.0]], "not a writable array"),
    ]
    readonly = np.zeros((1, 1, 8, 8), np.float32)
    readonly.flags.writeable = False
    cases.append((readonly, "not a writable array"))
    for out, message in cases:
        before = np.array(out, copy=True)
        with pytest.raises(interp.Error, match=message):
            interp.interpolate(x, out=out, **kwargs)
        np.testing.assert_array_equal(np.asarray(out), before)
    # A writable view whose elements overlap.
    overlapping = np.lib.stride_tricks.as_strided(np.zeros(80, np.float32), (1, 1, 8, 8),
                                                  (0, 0, 4, 4))
    with pytest.raises(interp.Error, match="share memory"):
        interp.interpolate(x, out=overlapping, **kwargs)


def test_kernel_out_with_several_results():
    text = """
func.func @main(%x: tensor<4x4xf32>) -> (tensor<8x8xf32>, tensor<2x2xf32>) {
  %s = arith.constant dense<[8, 8]> : tensor<2xi64>
  %t = arith.constant dense<[2, 2]> : tensor<2xi64>
  %c = arith.constant dense<[1.0, 1.0]> : tensor<2xf32>
  %a = arith.constant dense<[0, 1]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = nearest, shape_calculation_mode = sizes}
     : (tensor<4x4xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<8x8xf32>
  %q = interp.interpolate_v4 %x, %t, %c, %a {mode = linear, shape_calculation_mode = sizes}
     : (tensor<4x4xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<2x2xf32>
  return %r, %q : tensor<8x8xf32>, tensor<2x2xf32>
}"""
    kernel = interp.compile(text)
    x = random_data((4, 4), "float32")
    want = kernel(x)
    outs = (np.empty((8, 8), np.float32), np.empty((2, 2), np.float32))
    got = kernel(x, out=outs)
    assert got[0] is outs[0] and got[1] is outs[1]
    for g, w in zip(got, want):
        np.testing.assert_array_equal(g, w)
    with pytest.raises(interp.Error, match=r"out= gives 1 array\(s\), @main has 2 result"):
        kernel(x, out=outs[0])
    with pytest.raises(interp.Error, match=r"out=\[1\] .*dimension 0 is 3"):
        kernel(x, out=(outs[0], np.empty((3, 2), np.float32)))


class DLPackOnly:
    """An array that speaks DLPack and nothing else (no buffer protocol, no
    __array__), as other libraries' arrays do."""

    def __init__(self, array):
        self._array = array

    def __dlpack__(self, *args, **kwargs):
        return self._array.__dlpack__(*args, **kwargs)

    def __dlpack_device__(self):
        return self._array.__dlpack_device__()


def test_dlpack_inputs():
    x = random_data((1, 3, 9, 7), "float32")
    kwargs = dict(mode="linear_onnx", sizes=[5, 12], axes=[2, 3])
    want = interp.interpolate(x, **kwargs)
    for source in (x, x.transpose(0, 2, 3, 1).copy().transpose(0, 3, 1, 2)):
        got, copies = copies_during(lambda: interp.interpolate(DLPackOnly(source), **kwargs))
        assert copies == 0
        np.testing.assert_array_equal(got, want)
    # Kernel calls take them too, and out= may be one.
    kernel = interp.compile(interp.op_text(x.shape, "f32", **kwargs))
    out = np.empty((1, 3, 5, 12), np.float32)
    (got,) = kernel(DLPackOnly(x), out=DLPackOnly(out))
    np.testing.assert_array_equal(out, want)
    # The result hands itself over through DLPack as well.
    np.testing.assert_array_equal(np.from_dlpack(want), want)


def test_buffer_protocol_inputs():
    import array
    values = array.array("f", range(12))
    got = interp.interpolate(memoryview(values).cast("B").cast("f", (3, 4)), mode="nearest",
                             sizes=[6, 8])
    np.testing.assert_array_equal(got, np.repeat(np.repeat(
        np.arange(12, dtype=np.float32).reshape(3, 4), 2, 0), 2, 1))
    # Lists still go through numpy.asarray.
    np.testing.assert_array_equal(interp.interpolate([[1.0, 2.0]], mode="nearest", sizes=[2, 4]),
                                  [[1, 1, 2, 2], [1, 1, 2, 2]])




def test_calls_release_the_gil():
    # While another thread runs a long kernel, this one keeps running.
    x = random_data((1, 3, 512, 512), "float32")
    kwargs = dict(mode="cubic", sizes=[1536, 1536], axes=[2, 3], antialias=True)
    interp.interpolate(x, **kwargs)  # compiled
    out = np.empty((1, 3, 1536, 1536), np.float32)
    took, longest = pauses_while(lambda: interp.interpolate(x, out=out, **kwargs))
    assert longest < took / 2, "paused %.0f ms of a %.0f ms call" % (longest * 1e3, took * 1e3)


# Issue 30, item 7: every bad argument is interp.Error with a clear message,
# never another exception or a crash; interp works afterwards.

BAD_CALLS = [
    (dict(mode="bogus", sizes=[2, 2], axes=[2, 3]),
     r"interpolate_v4 on f32 data of shape \(1, 1, 4, 4\): .*invalid value 'bogus' for enum "
     r"attribute 'mode'"),
    (dict(mode="linear", sizes=[2, 2], axes=[2, 7]), "'axes' value 7 at index 1 is out of range"),
    (dict(mode="linear", sizes=[2, 2], axes=[3, 3]), "'axes' contains 3 twice"),
    (dict(mode="linear", sizes=[2, 2, 2], axes=[2, 3]), "'sizes' has 3 elements but there are 2"),
    (dict(mode="linear", sizes=[-2, 2], axes=[2, 3]),
     "invalid run-time operands: 'sizes' value -2 at index 0 must be non-negative"),
    (dict(mode="linear", scales=[0.0, 2.0], axes=[2, 3]), "'scales' value 0 at index 0 must be "
     "finite and > 0"),
    (dict(mode="linear", scales=[float("nan"), 2.0], axes=[2, 3]), "'scales' value nan"),
    (dict(mode="linear", sizes=[1 << 50, 2], axes=[2, 3]), "more than the supported"),
    (dict(mode="linear", sizes=["a", 2], axes=[2, 3]), "sizes must be an integer, got 'a'"),
    (dict(mode="linear", axes=[2, 3]), "give exactly one of sizes and scales"),
    (dict(mode="linear", sizes=[2, 2], axes=[2, 3], coordinate_transformation_mode="nope"),
     "invalid value 'nope' for enum attribute 'coordinate_transformation_mode'"),
    (dict(mode="linear", sizes=[2, 2], axes=[2, 3], pads_begin=[-5, 0, 0, 0]),
     "'pads_begin' value -5 at index 0 must be non-negative"),
    (dict(mode="bilinear_pillow", sizes=[2, 2], axes=[2, 3], version=11,
          integer_arithmetic="pytorch"), "integer_arithmetic = pytorch needs ui8 data"),
    (dict(mode="linear", sizes=[2, 2], axes=[2, 3], version=5), "version must be 1, 4 or 11"),
    (dict(mode="linear", sizes=[2, 2], axes=[2, 3], out=np.zeros(3)), "dtype float64, expected"),
]


@pytest.mark.parametrize("kwargs,message", BAD_CALLS, ids=[m[:30] for _, m in BAD_CALLS])
def test_bad_arguments_are_clear_errors(kwargs, message):
    x = np.zeros((1, 1, 4, 4), np.float32)
    with pytest.raises(interp.Error, match=message):
        interp.interpolate(x, **kwargs)
    y = interp.interpolate(x + 1, mode="linear", sizes=[2, 3], axes=[2, 3])
    np.testing.assert_allclose(y, np.ones((1, 1, 2, 3), np.float32), rtol=1e-6)


@pytest.mark.parametrize("array,message", [
    (None, "not an array: None"),
    (np.zeros((2, 2), bool), "unsupported dtype bool"),
    (np.zeros((2, 2), object), "unsupported dtype object"),
    (np.zeros((2, 2), np.complex64), "unsupported dtype complex64"),
    (np.zeros((), np.float32), "must have rank >= 1"),
    (np.zeros((0, 3), np.float32), "empty .* input and cannot be interpolated"),
], ids=["None", "bool", "object", "complex", "rank-0", "empty"])
def test_bad_arrays_are_clear_errors(array, message):
    with pytest.raises(interp.Error, match=message):
        interp.interpolate(array, mode="nearest", sizes=[4, 4])


def test_bad_compile_and_shape_arguments_are_clear_errors():
    with pytest.raises(interp.Error, match="takes the MLIR module as a str"):
        interp.compile(5)
    with pytest.raises(interp.Error, match="num_threads must be >= 0"):
        interp.compile("func.func @f() { return }", num_threads=-1)
    with pytest.raises(interp.Error, match="1 sizes or scales for 2 axes"):
        interp.result_shape((2, 2), mode="nearest", sizes=[1], axes=[0, 1])
    with pytest.raises(interp.Error, match="out of range"):
        interp.result_shape((2, 2), mode="nearest", sizes=[1], axes=[2])


def test_repeated_configurations_check_their_arguments_as_the_first_call():
    # A configuration seen before skips the attribute checks and the op text
    # (interpolate()'s shortcut), but not the checks of what differs between
    # calls: the values of sizes and scales, and arguments of other types.
    x = random_data((1, 2, 6, 5), "float32")
    kwargs = dict(mode="linear", axes=[2, 3], coordinate_transformation_mode="half_pixel")
    interp.clear_cache()
    first = interp.interpolate(x, sizes=[9, 4], **kwargs)
    again = interp.interpolate(x, sizes=[9, 4], **kwargs)
    other = interp.interpolate(x, sizes=(3, 7), **kwargs)
    assert interp.cache_info().compiles == 1
    np.testing.assert_array_equal(first, again)
    assert_matches_reference(other, fresh_reference(x, sizes=[3, 7], **kwargs), x, "float32")
    for bad, message in [([9.5, 4], "sizes must be an integer, got 9.5"),
                         ([True, 4], "sizes must be an integer, got True"),
                         (["9", 4], "sizes must be an integer, got '9'"),
                         ([-9, 4], "'sizes' value -9 at index 0 must be non-negative")]:
        with pytest.raises(interp.Error, match=re.escape(message)):
            interp.interpolate(x, sizes=bad, **kwargs)
    # An attribute value of another type is checked again, not matched to
    # the entry of an equal one (True == 1 in Python).
    interp.interpolate(x, sizes=[9, 4], antialias=True, **kwargs)
    with pytest.raises(interp.Error, match="antialias must be a bool, got 1"):
        interp.interpolate(x, sizes=[9, 4], antialias=1, **kwargs)
    scaled = interp.interpolate(x, scales=[1.5, 0.8], **kwargs)
    assert_matches_reference(scaled, fresh_reference(x, scales=[1.5, 0.8], **kwargs), x,
                             "float32")
    with pytest.raises(interp.Error, match="scales must be a real number, got 'a'"):
        interp.interpolate(x, scales=["a", 0.8], **kwargs)
    assert interp.cache_info().compiles == 3
