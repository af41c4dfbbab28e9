"""PyTorch's CPU uint8 antialiased resize, transcribed (NumPy; the oracle of
`integer_arithmetic = pytorch`).

`torch.nn.functional.interpolate(x, size=(OH, OW), mode="bilinear" or
"bicubic", antialias=True, align_corners=False)` on a uint8 CPU tensor (what
torchvision's `Resize` does to uint8 tensors) computes, on x86-64 with AVX2
(PyTorch 2.15.0, aten/src/ATen/native/cpu/UpSampleKernel.cpp and
UpSampleKernelAVXAntialias.h; read from the source and from the disassembly
of the wheel's libtorch_cpu.so):

 1. Per axis, independently (W = the last dim, H = the one before), from its
    input length L and output length O only (the `size=` form: no scale
    factor reaches the kernel), in float64:
      scale = L / O;  support = S * scale if scale >= 1 else S  (S = 1
      bilinear, 2 bicubic);  ksize = ceil(support) * 2 + 1;
      invscale = 1 / scale if scale >= 1 else 1;
    for output i:
      center = scale * (i + 0.5);
      xmin = max(trunc(center - support + 0.5), 0);
      xsize = clamp(min(trunc(center + support + 0.5), L) - xmin, 0, ksize);
      w_j = filter(((xmin + j) - center + 0.5) * invscale), j < xsize;
      total = w_0 + w_1 + ... (in order, from 0.0);
      if total != 0: w_j /= total (and these enter wt_max).
    Each of these is one float64 operation, no fused multiply-add.
 2. Filters: bilinear max(0, 1 - |x|). Bicubic: Keys with a = -0.5 fixed (the
    antialias path ignores any other a), compiled in the AVX2 kernel with
    fused multiply-adds (fma(a, b, c) = a*b + c rounded once):
      |x| < 1:  fma(|x|, |x| * fma(|x|, 1.5, -2.5), 1.0)
      |x| < 2:  fma(fma(fma(|x|, -0.5, 2.5), |x|, -4.0), |x|, 2.0)
      else 0.
    (The DEFAULT, non-AVX2 build computes the same expressions unfused:
    ((1.5|x| - 2.5)|x|)|x| + 1 and ((-0.5|x| + 2.5)|x| - 4)|x| + 2.)
 3. Precision of the axis: wt_max = the largest normalised weight over all
    its outputs (0.0 if none); p = the first p in 0..21 with
    (int)(0.5 + wt_max * 2^(p+1)) >= 2^15, or 22 if none.
 4. Quantisation: k = (int)(w * 2^p + 0.5) if w * 2^p >= 0, else
    (int)(w * 2^p - 0.5) (truncation toward zero), stored as int16.
 5. A pass along one axis: S = 2^(p-1) + sum_j x[xmin + j] * k_j (exact,
    int32), stored as clamp(S >> p, 0, 255) (arithmetic shift: floor).
 6. Passes: W first, then H, each skipped when its L == O; the intermediate
    is uint8. Both lengths equal: a copy.
 7. Layouts: the AVX2 kernel (C <= 4, NCHW or channels-last) and the
    generic separable kernel (C > 4) compute the same integers; the result
    does not depend on the memory format.

pytorch_resize() is this arithmetic for an array of any rank and two
strictly increasing axes (h, w); the other dimensions index independent
planes. torch_uint8_exact.py checks it against torch.
"""

import math
from fractions import Fraction

import numpy as np


def fma(a, b, c):
    """a * b + c rounded once to float64 (math.fma needs Python 3.13)."""
    return float(Fraction(a) * Fraction(b) + Fraction(c))


def bilinear_filter(x):
    x = abs(x)
    return 1.0 - x if x < 1.0 else 0.0


def bicubic_filter(x, fused=True):
    """Keys' cubic with a = -0.5 as PyTorch's AVX2 build computes it
    (fused=True) or its DEFAULT build (fused=False)."""
    x = abs(x)
    if x < 1.0:
        if fused:
            return fma(x, x * fma(x, 1.5, -2.5), 1.0)
        return ((1.5 * x - 2.5) * x) * x + 1.0
    if x < 2.0:
        if fused:
            return fma(fma(fma(x, -0.5, 2.5), x, -4.0), x, 2.0)
        return ((-0.5 * x + 2.5) * x - 4.0) * x + 2.0
    return 0.0


def axis_float_weights(L, O, bicubic, fused=True):
    """Step 1: per output i (xmin, [w_j]) and wt_max, in float64."""
    scale = L / O  # correctly rounded, as (double)L / O
    base = 2.0 if bicubic else 1.0  # interp_size * 0.5
    support = base * scale if scale >= 1.0 else base
    ksize = int(math.ceil(support)) * 2 + 1
    invscale = 1.0 / scale if scale >= 1.0 else 1.0
    filt = (lambda t: bicubic_filter(t, fused)) if bicubic else bilinear_filter
    windows, wt_max = [], 0.0
    for i in range(O):
        center = scale * (i + 0.5)
        xmin = max(int(center - support + 0.5), 0)  # int() truncates, as the C cast
        xsize = min(max(min(int(center + support + 0.5), L) - xmin, 0), ksize)
        ws = [filt((float(xmin + j) - center + 0.5) * invscale) for j in range(xsize)]
        total = 0.0
        for w in ws:
            total += w
        if total != 0.0:
            ws = [w / total for w in ws]
            for w in ws:
                wt_max = max(wt_max, w)
        windows.append((xmin, ws))
    return windows, wt_max


def precision_of(wt_max):
    """Step 3: the axis' weight precision."""
    for p in range(22):
        if int(0.5 + wt_max * (1 << (p + 1))) >= (1 << 15):
            return p
    return 22


def quantize(w, p):
    """Step 4: one weight to int16 at precision p."""
    v = w * (1 << p)
    k = int(-0.5 + v) if v < 0 else int(0.5 + v)
    return ((k + (1 << 15)) % (1 << 16)) - (1 << 15)  # the int16 store


_AXIS_CACHE = {}


def axis_weights(L, O, bicubic, fused=True):
    """Steps 1-4 for one axis: (K, p) with K an (O, L) int64 matrix of the
    quantised weights (zeros outside each window)."""
    key = (L, O, bicubic, fused)
    if key not in _AXIS_CACHE:
        windows, wt_max = axis_float_weights(L, O, bicubic, fused)
        p = precision_of(wt_max)
        K = np.zeros((O, L), np.int64)
        for i, (xmin, ws) in enumerate(windows):
            K[i, xmin:xmin + len(ws)] = [quantize(w, p) for w in ws]
        _AXIS_CACHE[key] = (K, p)
    return _AXIS_CACHE[key]


def resize_axis(x, axis, O, bicubic, fused=True):
    """Step 5: one pass along `axis` (int64 array in, uint8-valued int64 out)."""
    K, p = axis_weights(x.shape[axis], O, bicubic, fused)
    s = np.tensordot(np.moveaxis(x, axis, -1), K.T, axes=1) + (1 << (p - 1))
    return np.moveaxis(np.clip(s >> p, 0, 255), -1, axis)


def pytorch_resize(x, axes, out_hw, mode, fused=True):
    """Steps 1-7: x (uint8, any rank >= 2) resized along axes = (h, w) to
    out_hw = (OH, OW); mode 'bilinear' or 'bicubic'."""
    h, w = axes
    OH, OW = out_hw
    bicubic = mode == "bicubic"
    y = np.asarray(x).astype(np.int64)
    for axis, O in ((w, OW), (h, OH)):  # W first, then H
        if y.shape[axis] != O:
            y = resize_axis(y, axis, O, bicubic, fused)
    return y.astype(np.uint8)
