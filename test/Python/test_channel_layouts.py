"""The 8-bit Pillow modes on interleaved pixels (HxWxC, C = 2..4) in every
layout a caller passes: the channel-vector pass of the lowering reads
interleaved pixels with 16-byte loads and checks the strides when the code
runs (docs/Design.md, "8-bit passes"); views whose pixels are not interleaved
take the generic pass. Either way the result is the reference
implementation's, element for element (seeded random sizes).
"""

import numpy as np
import pytest

import interp

SEED = 20261203


def cases():
    rng = np.random.default_rng(SEED)
    for i in range(12):
        c = int(rng.integers(2, 5))
        h, w = (int(v) for v in rng.integers(1, 40, 2))
        oh, ow = (int(v) for v in rng.integers(1, 40, 2))
        mode = ("bilinear_pillow", "bicubic_pillow")[i % 2]
        dtype = ("uint8", "int8")[(i // 2) % 2]
        yield pytest.param(c, h, w, oh, ow, mode, dtype, id="%dx%dx%d-%dx%d-%s-%s" % (h, w, c, oh, ow, mode, dtype))


def views(x):
    """x itself and views of the same values with other strides."""
    yield "contiguous", x
    # Pixels 1 + C apart: every pixel's channels contiguous, the pixels not.
    padded = np.zeros(x.shape[:2] + (x.shape[2] + 1,), x.dtype)
    padded[..., :x.shape[2]] = x
    yield "pixel-padded", padded[..., :x.shape[2]]
    # Every other column of a twice-as-wide image.
    wide = np.zeros((x.shape[0], 2 * x.shape[1], x.shape[2]), x.dtype)
    wide[:, ::2] = x
    yield "column-strided", wide[:, ::2]
    # Channel-planar memory seen as HxWxC.
    yield "planar", np.ascontiguousarray(x.transpose(2, 0, 1)).transpose(1, 2, 0)


@pytest.mark.parametrize("c,h,w,oh,ow,mode,dtype", cases())
def test_layouts_agree_with_reference(c, h, w, oh, ow, mode, dtype):
    rng = np.random.default_rng([SEED, h, w, c])
    info = np.iinfo(dtype)
    x = rng.integers(info.min, info.max + 1, (h, w, c), dtype=dtype)
    kwargs = dict(mode=mode, sizes=[oh, ow], axes=[0, 1], version=11)
    if mode == "bicubic_pillow":
        kwargs["cube_coeff"] = -0.5
    expected = interp.interpolate_reference(x, **kwargs)
    for name, view in views(x):
        np.testing.assert_array_equal(view, x)
        got = interp.interpolate(view, **kwargs)
        np.testing.assert_array_equal(got, expected, err_msg=name)


@pytest.mark.parametrize("seed", range(6))
def test_rows_agree_with_reference(seed):
    """One channel (HxW, the pass along the last axis): contiguous rows,
    and every other column of a wider image."""
    rng = np.random.default_rng([SEED, seed])
    h, w, oh, ow = (int(v) for v in rng.integers(1, 60, 4))
    dtype = ("uint8", "int8")[seed % 2]
    info = np.iinfo(dtype)
    x = rng.integers(info.min, info.max + 1, (h, w), dtype=dtype)
    kwargs = dict(mode=("bilinear_pillow", "bicubic_pillow")[seed % 3 == 0],
                  sizes=[oh, ow], axes=[0, 1], version=11)
    expected = interp.interpolate_reference(x, **kwargs)
    wide = np.zeros((h, 2 * w), dtype)
    wide[:, ::2] = x
    for name, view in (("contiguous", x), ("column-strided", wide[:, ::2])):
        np.testing.assert_array_equal(interp.interpolate(view, **kwargs), expected,
                                      err_msg=name)
