"""torchvision's resize, computed by interp.

    from interp.transforms import resize
    y = resize(img, 256)                      # shorter side 256, antialiased
    y = resize(img, [224, 224], antialias=False, interpolation="bicubic")

resize() is torchvision.transforms.v2.functional.resize on an image tensor
[..., H, W] (a torch tensor, through the custom op
torch.ops.interp.interpolate so torch.compile traces it, or any array:
numpy out): the same output size (an int or a one-element size is the
shorter side, max_size caps the longer one) and, per dtype and
interpolation, the interp op that computes what torch computes:

  uint8, bilinear/bicubic, antialias   interpolate_v11 *_pillow with
                                       integer_arithmetic = pytorch: equal to
                                       torch's uint8 kernel, element for element
  float, bilinear/bicubic, antialias   interpolate_v11 *_pillow (cube_coeff
                                       -0.5): torch's _aa kernels, within
                                       float rounding
  float, bilinear, no antialias        interpolate_v4 linear_onnx, half_pixel
  float, bicubic, no antialias         interpolate_v4 cubic, half_pixel, -0.75
  nearest / nearest-exact              interpolate_v4 nearest, asymmetric +
                                       floor / half_pixel + round_prefer_ceil
  other integer dtypes, and uint8      computed in float32, rounded and
  without antialias                    clamped, as torchvision does

docs/Python.md has the table with torch.nn.functional.interpolate's names.
"""

import sys

import numpy as np

import interp as _interp

__all__ = ["output_size", "resize"]

_INTERPOLATIONS = ("nearest", "nearest-exact", "bilinear", "bicubic")


def output_size(height: int, width: int, size, max_size=None):
    """(new_h, new_w) as torchvision computes them: size [h, w], or an int
    (or [n]) for the shorter side, the longer one scaled and truncated and,
    with max_size, capped."""
    if isinstance(size, (int, np.integer)) and not isinstance(size, bool):
        size = [int(size)]
    try:
        size = [int(s) for s in size]
    except TypeError:
        raise _interp.Error("size must be an int or a sequence of one or two ints, got %r"
                            % (size,)) from None
    if len(size) not in (1, 2):
        raise _interp.Error("size must have one or two elements, got %r" % (size,))
    if max_size is not None and len(size) != 1:
        raise _interp.Error("max_size is only for an int size (the shorter side), got size %r"
                            % (size,))
    if any(s <= 0 for s in size):
        raise _interp.Error("size must be positive, got %r" % (size,))
    if len(size) == 2:
        return size[0], size[1]
    short, long = (width, height) if width <= height else (height, width)
    new_short, new_long = size[0], int(size[0] * long / short)
    if max_size is not None:
        if max_size <= size[0]:
            raise _interp.Error("max_size = %d must be larger than the shorter side %d"
                                % (max_size, size[0]))
        if new_long > max_size:
            new_short, new_long = int(max_size * new_short / new_long), max_size
    new_w, new_h = (new_short, new_long) if width <= height else (new_long, new_short)
    return new_h, new_w


def _op(dtype: str, interpolation: str, antialias: bool):
    """(interp.interpolate's arguments, whether it computes in float32)."""
    if interpolation == "nearest":
        return dict(version=4, mode="nearest", coordinate_transformation_mode="asymmetric",
                    nearest_mode="floor"), False
    if interpolation == "nearest-exact":
        return dict(version=4, mode="nearest", coordinate_transformation_mode="half_pixel",
                    nearest_mode="round_prefer_ceil"), False
    mode = interpolation + "_pillow"
    if antialias and dtype == "uint8":
        kwargs = dict(version=11, mode=mode, integer_arithmetic="pytorch")
        if interpolation == "bicubic":
            kwargs["cube_coeff"] = -0.5
        return kwargs, False
    in_float = dtype not in ("float32", "float64")
    if antialias:
        return dict(version=11, mode=mode, cube_coeff=-0.5 if interpolation == "bicubic"
                    else -0.75), in_float
    if interpolation == "bilinear":
        return dict(version=4, mode="linear_onnx",
                    coordinate_transformation_mode="half_pixel"), in_float
    return dict(version=4, mode="cubic", coordinate_transformation_mode="half_pixel",
                cube_coeff=-0.75), in_float


def resize(x, size, antialias=True, max_size=None, interpolation="bilinear"):
    """torchvision.transforms.v2.functional.resize(x, size, interpolation,
    max_size, antialias) for an image tensor or array [..., H, W]; a torch
    tensor out for a torch tensor (same dtype and memory format), numpy
    otherwise. interpolation: "bilinear" (default), "bicubic", "nearest",
    "nearest-exact" (or torchvision's InterpolationMode)."""
    interpolation = getattr(interpolation, "value", interpolation)
    if interpolation not in _INTERPOLATIONS:
        raise _interp.Error("interpolation must be one of %s, got %r"
                            % (", ".join(_INTERPOLATIONS), interpolation))
    if not isinstance(antialias, (bool, np.bool_)):
        raise _interp.Error("antialias must be a bool, got %r" % (antialias,))
    torch = sys.modules.get("torch")
    is_torch = torch is not None and isinstance(x, torch.Tensor)
    if not is_torch:
        x = np.asarray(x) if _interp._describe(x) is None else x
    shape = tuple(x.shape)
    if len(shape) < 2:
        raise _interp.Error("resize takes an image [..., H, W], got shape %s" % (shape,))
    new_h, new_w = output_size(shape[-2], shape[-1], size, max_size)
    if (new_h, new_w) == tuple(shape[-2:]):
        return x
    dtype = str(x.dtype).replace("torch.", "")
    kwargs, in_float = _op(dtype, interpolation, bool(antialias))
    # As NCHW: N the leading dims (a view where they allow), C the third
    # from last (linear_onnx resizes H and W of a rank-4 tensor).
    lead = shape[:-3]
    c = shape[-3] if len(shape) >= 3 else 1
    x4 = x.reshape((-1, c) + shape[-2:])
    if in_float:
        x4 = x4.to(torch.float32) if is_torch else x4.astype(np.float32)
    if is_torch:
        from . import torch as interp_torch
        y = interp_torch.interpolate(x4, sizes=[new_h, new_w], axes=[2, 3], **kwargs)
    else:
        y = _interp.interpolate(x4, sizes=[new_h, new_w], axes=[2, 3], **kwargs)
    if in_float:
        if is_torch:
            info = torch.iinfo(x.dtype) if not x.dtype.is_floating_point else None
            y = y.round() if info else y
            y = (y.clamp(info.min, info.max) if info else y).to(x.dtype)
        else:
            kind = np.dtype(dtype)
            if kind.kind in "iu":
                info = np.iinfo(kind)
                y = np.clip(np.round(y), info.min, info.max)
            y = y.astype(kind)
    return y.reshape(lead + ((c,) if len(shape) >= 3 else ()) + (new_h, new_w))
