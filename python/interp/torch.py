"""interp's resize as a PyTorch custom op: torch.ops.interp.interpolate.

    import torch, interp.torch
    y = interp.torch.interpolate(x, mode="linear_onnx", sizes=[224, 224], axes=[2, 3],
                                 coordinate_transformation_mode="half_pixel")

interp.torch.interpolate takes interp.interpolate's arguments and calls the
custom op `torch.ops.interp.interpolate` (torch.library.custom_op), whose
fake (meta) implementation gives the result's shape, dtype and memory
format from interp's shape rules, so torch.compile(fullgraph=True) traces a
model that calls it without a graph break. CPU tensors, contiguous or
channels-last, in; a tensor of the same dtype and memory format out.
docs/Python.md maps torch.nn.functional.interpolate's arguments to interp's.
"""

from typing import List, Optional

import numpy as np
import torch

import interp as _interp

__all__ = ["interpolate", "resize"]


def _encode(attributes) -> str:
    """The attributes as the custom op's string argument: name=value;...
    (bools as true/false, numbers as repr, which reads back exactly, arrays
    as [a,b,...]). Plain string operations, which torch.compile traces."""
    parts = []
    for name in sorted(attributes):
        value = attributes[name]
        if isinstance(value, np.ndarray):
            value = value.tolist()
        if isinstance(value, np.generic):
            value = value.item()
        if isinstance(value, bool):
            text = "true" if value else "false"
        elif isinstance(value, (list, tuple)):
            text = "[" + ",".join(str(int(v)) for v in value) + "]"
        elif isinstance(value, float):
            text = repr(value)
        else:
            text = str(value)
        parts.append(name + "=" + text)
    return ";".join(parts)


def _decode(text: str) -> dict:
    attributes = {}
    for part in text.split(";") if text else []:
        name, value = part.split("=", 1)
        if value in ("true", "false"):
            attributes[name] = value == "true"
        elif value.startswith("["):
            attributes[name] = [int(v) for v in value[1:-1].split(",") if v]
        else:
            try:
                attributes[name] = int(value)
            except ValueError:
                try:
                    attributes[name] = float(value)
                except ValueError:
                    attributes[name] = value
    return attributes


@torch.library.custom_op("interp::interpolate", mutates_args=())
def _interpolate_op(x: torch.Tensor, mode: str, sizes: Optional[List[int]],
                    scales: Optional[List[float]], axes: Optional[List[int]], version: int,
                    attributes: str) -> torch.Tensor:
    return _interp.interpolate(x, mode=mode, sizes=sizes, scales=scales, axes=axes,
                               version=version, **_decode(attributes))


def _memory_format(x: torch.Tensor):
    # What interp.interpolate gives a tensor of this layout (__init__.py,
    # _torch_input).
    if not x.is_contiguous():
        if x.dim() == 4 and x.is_contiguous(memory_format=torch.channels_last):
            return torch.channels_last
        if x.dim() == 5 and x.is_contiguous(memory_format=torch.channels_last_3d):
            return torch.channels_last_3d
    return torch.contiguous_format


@_interpolate_op.register_fake
def _interpolate_fake(x, mode, sizes, scales, axes, version, attributes):
    kwargs = _decode(attributes)
    shape = list(x.shape)
    if all(isinstance(d, int) for d in shape):
        out = _interp.result_shape(shape, mode=mode, sizes=sizes, scales=scales, axes=axes,
                                   version=version, **kwargs)
    else:
        # Symbolic dimensions (dynamic shapes): the rules of the shape in
        # torch's symbolic arithmetic where they are exact (sizes: the given
        # sizes and the padded lengths), else a size only the call knows.
        rank = len(shape)
        axes_ = list(range(rank)) if axes is None else list(axes)
        begin = list(kwargs.get("pads_begin", [])) + [0] * rank
        end = list(kwargs.get("pads_end", [])) + [0] * rank
        out = list(shape) if version == 1 else [
            d + begin[i] + end[i] for i, d in enumerate(shape)]
        ctx = torch.library.get_ctx()
        for i, a in enumerate(axes_):
            out[a] = sizes[i] if sizes is not None else ctx.new_dynamic_size()
    return torch.empty(out, dtype=x.dtype, device=x.device,
                       memory_format=_memory_format(x) if len(out) in (4, 5) else
                       torch.contiguous_format)


def interpolate(x: torch.Tensor, *, mode: str, sizes=None, scales=None, axes=None,
                version: int = 4, **attributes) -> torch.Tensor:
    """interp.interpolate as the custom op torch.ops.interp.interpolate (the
    same arguments but out= and element_type=: a bfloat16 tensor is bf16):
    traced by torch.compile, run eagerly by interp's kernels."""
    if not torch.compiler.is_compiling():
        # Checked here, with interp's messages, before torch sees the
        # arguments (torch.compile traces none of this: it checks them when
        # the fake implementation runs).
        if not isinstance(x, torch.Tensor):
            raise _interp.Error("interp.torch.interpolate takes a torch.Tensor, got %s"
                                % type(x).__name__)
        for name in ("out", "element_type"):
            if name in attributes:
                raise _interp.Error("interp.torch.interpolate takes no %s= "
                                    "(interp.interpolate does)" % name)
        version = _interp._version(version)
        _interp._config(x.dim(), mode=mode, sizes=sizes, scales=scales, axes=axes,
                        version=version, **attributes)
        sizes = None if sizes is None else [int(v) for v in _interp._sequence(sizes, "sizes")]
        scales = None if scales is None else [float(v) for v in
                                              _interp._sequence(scales, "scales")]
        axes = None if axes is None else [int(a) for a in _interp._sequence(axes, "axes")]
    else:
        sizes = None if sizes is None else list(sizes)
        scales = None if scales is None else [float(v) for v in scales]
        axes = None if axes is None else [int(a) for a in axes]
    return torch.ops.interp.interpolate(x, mode, sizes, scales, axes, int(version),
                                        _encode(attributes))


def resize(x, size, antialias=True, max_size=None, interpolation="bilinear"):
    """torchvision.transforms.v2.functional.resize on a tensor (see
    interp.transforms.resize), through the custom op."""
    from . import transforms
    return transforms.resize(x, size, antialias=antialias, max_size=max_size,
                             interpolation=interpolation)
