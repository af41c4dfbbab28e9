"""interp.pil.resize against PIL.Image.resize of Pillow 13.0 (issue 30, item
4): BILINEAR and BICUBIC on 8-bit images, byte for byte, seeded random
sizes (up- and downscales, 1-pixel sides), PIL images of every 8-bit mode
and uint8 arrays. Skipped, with the reason printed (pytest -rs), where
Pillow 13.0 is not installed; test/Python/run_in_venv.py installs it.
"""

import numpy as np
import pytest

import interp
import interp.pil

PILLOW_VERSION = "13.0.0"
PIL = pytest.importorskip("PIL", reason="Pillow is not installed (run_in_venv.py installs it)")
if PIL.__version__ != PILLOW_VERSION:
    pytest.skip("Pillow %s, not %s: interp follows 13.0's 8-bit arithmetic"
                % (PIL.__version__, PILLOW_VERSION), allow_module_level=True)
from PIL import Image  # noqa: E402

SEED = 20261231
MODES = ["L", "RGB", "RGBA", "LA", "RGBX", "CMYK", "YCbCr"]


def random_image(rng, mode, w, h):
    bands = len(Image.new(mode, (1, 1)).getbands())
    data = rng.integers(0, 256, (h, w, bands), dtype=np.uint8)
    if rng.integers(3) == 0:  # 0/255 checkerboards: bicubic overshoots, clipped
        data = ((np.indices((h, w)).sum(0) % 2) * 255).astype(np.uint8)[..., None].repeat(bands, 2)
    return Image.frombytes(mode, (w, h), data.tobytes())


def random_size(rng, w, h):
    def side(n):
        kind = rng.integers(5)
        if kind == 0:
            return n
        if kind == 1:
            return 1
        return int(rng.integers(max(1, n // 8), 3 * n + 2))
    return side(w), side(h)


@pytest.mark.parametrize("resample", [Image.BILINEAR, Image.BICUBIC], ids=["BILINEAR", "BICUBIC"])
@pytest.mark.parametrize("mode", MODES)
def test_pil_images_are_pillow_exactly(mode, resample):
    rng = np.random.default_rng([SEED, MODES.index(mode), int(resample)])
    for _ in range(12):
        w, h = (int(v) for v in rng.integers(1, 70, 2))
        img = random_image(rng, mode, w, h)
        size = random_size(rng, w, h)
        want = img.resize(size, resample)
        got = interp.pil.resize(img, size, resample)
        assert isinstance(got, Image.Image) and got.mode == mode and got.size == want.size
        assert got.tobytes() == want.tobytes(), (mode, (w, h), size)


@pytest.mark.parametrize("resample", [Image.BILINEAR, Image.BICUBIC], ids=["BILINEAR", "BICUBIC"])
def test_arrays_are_pillow_exactly(resample):
    rng = np.random.default_rng([SEED, 99, int(resample)])
    for channels in (None, 1, 3, 4):
        for _ in range(6):
            w, h = (int(v) for v in rng.integers(1, 90, 2))
            shape = (h, w) if channels is None else (h, w, channels)
            a = rng.integers(0, 256, shape, dtype=np.uint8)
            size = random_size(rng, w, h)
            got = interp.pil.resize(a, size, resample)
            assert isinstance(got, np.ndarray) and got.shape == (size[1], size[0]) + shape[2:]
            if channels is None:
                want = np.asarray(Image.fromarray(a).resize(size, resample))
            else:
                want = np.stack([np.asarray(Image.fromarray(np.ascontiguousarray(a[..., c]))
                                            .resize(size, resample))
                                 for c in range(channels)], -1)
            np.testing.assert_array_equal(got, want)
    # A strided view (every other column of an RGB image) is read in place.
    a = rng.integers(0, 256, (40, 60, 3), dtype=np.uint8)
    view = a[:, ::2]
    np.testing.assert_array_equal(interp.pil.resize(view, (17, 23), resample),
                                  np.asarray(Image.fromarray(np.ascontiguousarray(view))
                                             .resize((17, 23), resample)))


def test_errors():
    img = Image.new("RGB", (8, 8))
    with pytest.raises(interp.Error, match="BILINEAR .* and BICUBIC"):
        interp.pil.resize(img, (4, 4), Image.LANCZOS)
    with pytest.raises(interp.Error, match="8-bit"):
        interp.pil.resize(Image.new("F", (8, 8)), (4, 4))
    with pytest.raises(interp.Error, match="uint8"):
        interp.pil.resize(np.zeros((8, 8), np.float32), (4, 4))
    with pytest.raises(interp.Error, match="> 0"):
        interp.pil.resize(img, (0, 4))
    with pytest.raises(interp.Error, match=r"\(width, height\)"):
        interp.pil.resize(img, 4)
    # The same size: a copy, as Pillow gives.
    same = interp.pil.resize(img, (8, 8))
    assert same is not img and same.tobytes() == img.tobytes()
