"""One kernel per configuration (issue 30, item 5) and kernels that travel
(item 6): interpolate() compiles once for images of any size, the generic
kernel computes what a kernel of the static shape computes, kernels pickle
(also to a multiprocessing spawn worker), a process forks after using
interp and both sides go on, and two threads run kernels at once.
"""

import multiprocessing
import os
import pickle
import sys
import threading

import numpy as np
import pytest

import interp

SEED = 20261229


def test_random_sizes_share_one_kernel():
    rng = np.random.default_rng(SEED)
    interp.clear_cache()
    for i in range(100):
        h, w = (int(v) for v in rng.integers(1, 300, 2))
        x = rng.integers(0, 256, (1, 3, h, w), dtype=np.uint8)
        size = [int(v) for v in rng.integers(1, 300, 2)]
        y = interp.interpolate(x, mode="bicubic_pillow", sizes=size, axes=[2, 3], version=11,
                               cube_coeff=-0.5)
        assert y.shape == (1, 3, *size)
        if i % 25 == 0:
            # As the kernel of this shape and these sizes (constants) gives it.
            text = interp.op_text(x.shape, "ui8", mode="bicubic_pillow", sizes=size, axes=[2, 3],
                                  version=11, cube_coeff=-0.5)
            np.testing.assert_array_equal(y, interp.compile(text)(x)[0])
    info = interp.cache_info()
    assert (info.compiles, info.hits, info.entries) == (1, 99, 1), info


@pytest.mark.parametrize("kwargs", [
    dict(mode="linear_onnx", coordinate_transformation_mode="half_pixel", sizes=None),
    dict(mode="cubic", scales=None),
    dict(mode="linear", antialias=True, scales=None),
    dict(mode="nearest", nearest_mode="floor", sizes=None, pads_begin=[0, 0, 1, 2]),
    dict(mode="bilinear_pillow", version=11, sizes=None),
    dict(mode="linear", version=1, sizes=None),
], ids=["linear_onnx", "cubic-scales", "linear-antialias", "nearest-pads", "bilinear_pillow", "v1"])
def test_generic_kernels_match_static_ones(kwargs):
    rng = np.random.default_rng(SEED)
    interp.clear_cache()
    for _ in range(6):
        h, w = (int(v) for v in rng.integers(2, 40, 2))
        x = rng.uniform(-1, 1, (2, 3, h, w)).astype(np.float32)
        k = dict(kwargs, axes=[2, 3])
        if "sizes" in k:
            k["sizes"] = [int(v) for v in rng.integers(1, 50, 2)]
        else:
            k["scales"] = [float(v) for v in rng.choice([0.25, 0.5, 0.75, 1.5, 2.0, 3.0], 2)]
        got = interp.interpolate(x, **k)
        want = interp.compile(interp.op_text(x.shape, "f32", **k))(x)[0]
        assert got.shape == want.shape
        abs_tol, rel_tol = interp.tolerance("f32", 1.0)
        np.testing.assert_allclose(got, want, atol=abs_tol, rtol=rel_tol)
    assert interp.cache_info().compiles == 1, interp.cache_info()


def test_result_shape_is_the_kernels():
    x = np.zeros((1, 3, 17, 29), np.float32)
    for kwargs in (dict(mode="nearest", scales=[0.37, 1.9], axes=[2, 3]),
                   dict(mode="linear", sizes=[5, 7], axes=[2, 3], pads_begin=[0, 1, 2, 3]),
                   dict(mode="cubic", scales=[1.0, 0.5], axes=[1, 3], pads_end=[0, 0, 1, 1]),
                   dict(mode="linear", sizes=[4, 9], axes=[2, 3], version=1)):
        assert interp.result_shape(x.shape, **kwargs) == interp.interpolate(x, **kwargs).shape


def run_pickled(kernel, x):
    return kernel(x)[0]


def test_kernels_pickle_and_travel_to_spawned_workers():
    text = interp.op_text((2, 5, 7), "f32", mode="cubic", sizes=[9, 3], axes=[1, 2])
    kernel = interp.compile(text, num_threads=2)
    clone = pickle.loads(pickle.dumps(kernel))
    assert clone.text == kernel.text and clone.num_threads == 2 and clone.name == "main"
    x = np.random.default_rng(SEED).uniform(-1, 1, (2, 5, 7)).astype(np.float32)
    want = kernel(x)[0]
    np.testing.assert_array_equal(clone(x)[0], want)
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        results = pool.starmap(run_pickled, [(kernel, x), (clone, x)])
    for r in results:
        np.testing.assert_array_equal(r, want)


FORK_CHILD_TIMEOUT = 120


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no os.fork here")
def test_fork_after_use():
    # The parent has compiled and run kernels (one of them OpenMP, with its
    # thread pool), and another thread compiles while the fork happens; the
    # child calls cached kernels, compiles a new one and exits; the parent
    # goes on. A deadlock would be the timeout.
    x = np.random.default_rng(SEED).uniform(-1, 1, (1, 3, 64, 64)).astype(np.float32)
    want = interp.interpolate(x, mode="linear", sizes=[50, 70], axes=[2, 3])
    omp = interp.compile(interp.op_text(x.shape, "f32", mode="cubic", sizes=[128, 128],
                                        axes=[2, 3]), num_threads=2)
    omp_want = omp(x)[0]
    compiling = threading.Thread(target=lambda: [interp.compile(interp.op_text(
        (1, n), "f32", mode="nearest", sizes=[3], axes=[1])) for n in range(1, 6)])
    compiling.start()
    pid = os.fork()
    if pid == 0:  # the child: no pytest from here on, only an exit code
        code = 1
        try:
            ok = np.array_equal(interp.interpolate(x, mode="linear", sizes=[50, 70], axes=[2, 3]),
                                want)
            ok = ok and np.array_equal(omp(x)[0], omp_want)
            y = interp.interpolate(x.astype(np.float64), mode="cubic", sizes=[9, 9], axes=[2, 3])
            ok = ok and y.shape == (1, 3, 9, 9)
            code = 0 if ok else 2
        finally:
            os._exit(code)
    compiling.join()
    import time
    deadline = time.monotonic() + FORK_CHILD_TIMEOUT
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        if time.monotonic() > deadline:
            os.kill(pid, 9)
            os.waitpid(pid, 0)
            pytest.fail("the forked child hung (killed after %d s)" % FORK_CHILD_TIMEOUT)
        time.sleep(0.05)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, status
    np.testing.assert_array_equal(omp(x)[0], omp_want)


def test_two_threads_run_kernels_at_once():
    # One thread runs a long kernel; meanwhile this one runs short kernels,
    # many of them: the long call holds no lock (nor the GIL) that the short
    # ones need. Holding the GIL, it would let one short call through at most
    # (the one begun before it started).
    rng = np.random.default_rng(SEED)
    x = rng.uniform(-1, 1, (1, 3, 512, 512)).astype(np.float32)
    long_kwargs = dict(mode="cubic", sizes=[1536, 1536], axes=[2, 3], antialias=True)
    small = rng.uniform(-1, 1, (1, 3, 8, 8)).astype(np.float32)
    interp.interpolate(x, **long_kwargs)  # compiled
    small_want = interp.interpolate(small, mode="linear", sizes=[4, 4], axes=[2, 3])
    out = np.empty((1, 3, 1536, 1536), np.float32)
    started, done = threading.Event(), threading.Event()

    def long_call():
        started.set()
        for _ in range(2):
            interp.interpolate(x, out=out, **long_kwargs)
        done.set()

    worker = threading.Thread(target=long_call)
    worker.start()
    started.wait()
    count = 0
    while not done.is_set():
        y = interp.interpolate(small, mode="linear", sizes=[4, 4], axes=[2, 3])
        count += 1
    worker.join()
    np.testing.assert_array_equal(y, small_want)
    assert count >= 5, "%d short calls during the long ones" % count
