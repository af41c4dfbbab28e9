"""PIL.Image.resize, computed by interp.

    from PIL import Image
    import interp.pil
    small = interp.pil.resize(Image.open("photo.jpg"), (224, 224), Image.BICUBIC)
    arr = interp.pil.resize(np_uint8_hwc, (320, 240))        # an HxW[xC] uint8 array

resize(img, size, resample) is `img.resize(size, resample)` of Pillow 13.0
for BILINEAR and BICUBIC on 8-bit images, element for element: interp's
interpolate_v11 with mode bilinear_pillow / bicubic_pillow (cube_coeff =
-0.5 for BICUBIC, Pillow's a) on ui8 data computes Pillow's integer
arithmetic (docs/Semantics.md, Interpolate-11 step 9). `size` is Pillow's
(width, height). A PIL image comes back as a PIL image of its mode; RGBA and
LA are resized premultiplied (converted to RGBa / La and back by Pillow, as
Image.resize does). An array (H x W or H x W x C, uint8; any strides) comes
back as a numpy array, as Pillow would resize each channel. Pillow itself is
needed only for PIL images.
"""

import sys

import numpy as np

import interp as _interp

__all__ = ["BILINEAR", "BICUBIC", "resize"]

# PIL.Image.Resampling's values.
BILINEAR = 2
BICUBIC = 3
_MODES = {BILINEAR: "bilinear_pillow", BICUBIC: "bicubic_pillow"}
# Modes of 8 bits per band, every band resized on its own.
_EIGHT_BIT_MODES = ("L", "RGB", "RGBX", "CMYK", "YCbCr", "LAB", "HSV")
_PREMULTIPLIED = {"RGBA": "RGBa", "LA": "La"}


def _size(size):
    try:
        width, height = (int(v) for v in size)
    except (TypeError, ValueError):
        raise _interp.Error("size must be (width, height), got %r" % (size,)) from None
    if width <= 0 or height <= 0:
        raise _interp.Error("height and width must be > 0, got size %r" % (size,))
    return width, height


def _resize_array(a, width: int, height: int, resample: int):
    kwargs = dict(mode=_MODES[resample], sizes=[height, width], axes=[0, 1], version=11)
    if resample == BICUBIC:
        kwargs["cube_coeff"] = -0.5
    return _interp.interpolate(a, **kwargs)


def _check_resample(resample):
    resample = int(getattr(resample, "value", resample))
    if resample not in _MODES:
        raise _interp.Error("interp.pil.resize implements BILINEAR (2) and BICUBIC (3), got "
                            "resample=%r" % (resample,))
    return resample


def resize(img, size, resample=BICUBIC, box=None, reducing_gap=None):
    """PIL.Image.Image.resize(size, resample) for BILINEAR and BICUBIC on an
    8-bit PIL image (returns a PIL image) or an H x W[ x C] uint8 array
    (returns a numpy array); box and reducing_gap are not implemented (None
    only). Pillow's default resample is BICUBIC."""
    if box is not None or reducing_gap is not None:
        raise _interp.Error("interp.pil.resize does not implement box= and reducing_gap=")
    resample = _check_resample(resample)
    width, height = _size(size)
    Image = sys.modules.get("PIL.Image")
    if Image is not None and isinstance(img, Image.Image):
        return _resize_image(Image, img, width, height, resample)
    a = img if _interp._describe(img) is not None else np.asarray(img)
    described = _interp._describe(a)
    if described is None or described[0] != "uint8" or len(described[1]) not in (2, 3):
        raise _interp.Error("interp.pil.resize takes a PIL image or an H x W[ x C] uint8 "
                            "array, got %s" % ("dtype %s shape %s" % described if described
                                               else type(img).__name__))
    return _resize_array(a, width, height, resample)


def _resize_image(Image, img, width: int, height: int, resample: int):
    mode = img.mode
    if (width, height) == img.size:
        return img.copy()
    if mode in _PREMULTIPLIED:
        # What Image.resize does: resize premultiplied, back by Pillow.
        return _resize_image(Image, img.convert(_PREMULTIPLIED[mode]), width, height,
                             resample).convert(mode)
    bands = len(img.getbands())
    if mode in _EIGHT_BIT_MODES or mode in _PREMULTIPLIED.values():
        # The bytes tobytes() gives (one per band and pixel) and
        # frombytes() takes back.
        data = np.frombuffer(img.tobytes(), np.uint8)
        w, h = img.size
        a = data.reshape(h, w, -1) if bands > 1 else data.reshape(h, w)
        out = _resize_array(a, width, height, resample)
        return Image.frombytes(mode, (width, height), out.tobytes())
    raise _interp.Error("interp.pil.resize takes 8-bit images (%s, RGBA, LA), got mode %s"
                        % (", ".join(_EIGHT_BIT_MODES), mode))
