//===- AxisRules.h - the per-axis rules, generic over a domain --*- C++ -*-===//
//
// The rules of docs/Semantics.md that compute something per axis: the
// output length of scales mode and its checks, the coordinate transform,
// nearest rounding and the filter weights. Written once, as templates over an
// arithmetic domain (ScalarDomain.h): instantiated with C++ scalars they build
// the compiler's constant tables and the runtime library's tables
// (AxisTable.cpp, Rules.cpp, Validation.cpp); instantiated with IRDomain.h they
// emit the IR that computes the same at run time (the portable lowering's
// tables and checks, run-time output lengths).
// unittests/Semantics/AxisRulesTest.cpp checks that the two instantiations
// agree.
//
// The rows of every kernel, built on these rules, are in AxisRows.h.
//
// Every conversion to i64 is of a value bounded first (a conversion out of
// range is poison in IR), and the branches of a rule are selects: both
// operands are computed in both domains.
//
//===----------------------------------------------------------------------===//

#ifndef INTERP_SEMANTICS_AXISRULES_H
#define INTERP_SEMANTICS_AXISRULES_H

#include "interp/Semantics/ElementType.h"
#include "interp/Semantics/Rules.h"

#include <limits>
#include <optional>

namespace mlir::interp::rules::generic {

//===----------------------------------------------------------------------===//
// Output length and its checks (scales mode).
//===----------------------------------------------------------------------===//

/// scales-value: the scale is finite and > 0.
template <typename D>
typename D::Bool isValidScale(D &d, typename D::F32 scale) {
  return d.land(d.lt(d.f32(0.0f), scale),
                d.lt(scale, d.f32(std::numeric_limits<float>::infinity())));
}

/// `float(padded) * (scale + kScaleEpsilon)` in float32.
template <typename D>
typename D::F32 scaledProduct(D &d, typename D::I64 padded,
                              typename D::F32 scale) {
  return d.mul(d.toF32(padded), d.add(scale, d.f32(kScaleEpsilon)));
}

/// scales-overflow: the output length of a valid scale is in
/// [0, kMaxDimension) (a scale of exactly 1 keeps the padded length).
template <typename D>
typename D::Bool scaledLengthFits(D &d, typename D::I64 padded,
                                  typename D::F32 scale) {
  typename D::F32 product = scaledProduct(d, padded, scale);
  typename D::Bool inRange =
      d.land(d.le(d.f32(0.0f), product),
             d.lt(product, d.f32(static_cast<float>(kMaxDimension))));
  return d.lor(d.eq(scale, d.f32(1.0f)), inRange);
}

/// Output length in scales mode: `padded` when the scale is 1, otherwise
/// the float32 product truncated (floor: the product is >= 0 when it fits,
/// and converting an integral value does not depend on how a consumer
/// rounds; IREE 3.13's host VM rounds fptosi to nearest). Meaningful where
/// scaledLengthFits holds.
template <typename D>
typename D::I64 scaledLength(D &d, typename D::I64 padded,
                             typename D::F32 scale) {
  typename D::F32 product = scaledProduct(d, padded, scale);
  typename D::I64 truncated = d.toI64(d.floor(product));
  return d.select(d.eq(scale, d.f32(1.0f)), padded, truncated);
}

/// sizes-sign: an output length is >= 0.
template <typename D>
typename D::Bool isNonNegativeLength(D &d, typename D::I64 out) {
  return d.le(d.i64(0), out);
}

/// output-dims: an output length is at most kMaxDimension.
template <typename D>
typename D::Bool isWithinMaxDimension(D &d, typename D::I64 out) {
  return d.le(out, d.i64(kMaxDimension));
}

/// empty-axis: an empty (padded) input has an empty output.
template <typename D>
typename D::Bool isValidEmptyAxis(D &d, typename D::I64 in,
                                  typename D::I64 out) {
  return d.lor(d.lnot(d.eq(in, d.i64(0))), d.le(out, d.i64(0)));
}

//===----------------------------------------------------------------------===//
// Coordinates and weights.
//===----------------------------------------------------------------------===//

/// Maps output index `x` (f64) to an input coordinate, with the identity
/// short-circuit (scale 1 or equal lengths) in every mode.
template <typename D>
typename D::F64 transformCoordinate(D &d, CoordinateTransformMode mode,
                                    typename D::F64 x, typename D::F64 scale,
                                    typename D::I64 out, typename D::I64 in) {
  using F64 = typename D::F64;
  F64 half = d.f64(0.5);
  F64 c;
  switch (mode) {
  case CoordinateTransformMode::HalfPixel:
    c = d.sub(d.div(d.add(x, half), scale), half);
    break;
  case CoordinateTransformMode::PytorchHalfPixel:
    c = d.select(d.lt(d.i64(1), out), d.sub(d.div(d.add(x, half), scale), half),
                 d.f64(0.0));
    break;
  case CoordinateTransformMode::Asymmetric:
    c = d.div(x, scale);
    break;
  case CoordinateTransformMode::TfHalfPixelForNn:
    c = d.div(d.add(x, half), scale);
    break;
  case CoordinateTransformMode::AlignCorners:
    // Multiply first, then divide.
    c = d.select(d.eq(out, d.i64(1)), d.f64(0.0),
                 d.div(d.mul(x, d.toF64(d.sub(in, d.i64(1)))),
                       d.toF64(d.sub(out, d.i64(1)))));
    break;
  }
  typename D::Bool identity = d.lor(d.eq(scale, d.f64(1.0)), d.eq(out, in));
  return d.select(identity, x, c);
}

/// Rounds a coordinate to a source index by `mode` (unclamped). The
/// coordinate is bounded first: the index is clamped to the input
/// afterwards, and the conversion to i64 stays defined.
template <typename D>
typename D::I64 roundNearest(D &d, NearestMode mode, typename D::F64 c,
                             typename D::Bool isDownsample) {
  c = d.max(d.f64(-4.0), d.min(c, d.f64(4.0e18)));
  typename D::F64 r;
  switch (mode) {
  case NearestMode::RoundPreferFloor:
    r = d.select(d.eq(c, d.add(d.trunc(c), d.f64(0.5))), d.floor(c),
                 d.round(c));
    break;
  case NearestMode::RoundPreferCeil:
    r = d.round(c);
    break;
  case NearestMode::Floor:
    r = d.floor(c);
    break;
  case NearestMode::Ceil:
    r = d.ceil(c);
    break;
  case NearestMode::Simple:
    r = d.select(isDownsample, d.ceil(c), d.trunc(c));
    break;
  }
  return d.toI64(r);
}

/// Keys cubic convolution kernel with parameter `a` at distance `t`.
template <typename D>
typename D::F64 cubicWeight(D &d, double a, typename D::F64 t) {
  typename D::F64 at = d.abs(t);
  typename D::F64 inner = d.add(
      d.mul(d.mul(d.sub(d.mul(d.f64(a + 2.0), at), d.f64(a + 3.0)), at), at),
      d.f64(1.0));
  typename D::F64 outer =
      d.sub(d.mul(d.add(d.mul(d.sub(d.mul(d.f64(a), at), d.f64(5.0 * a)), at),
                        d.f64(8.0 * a)),
                  at),
            d.f64(4.0 * a));
  return d.select(d.le(at, d.f64(1.0)), inner,
                  d.select(d.lt(at, d.f64(2.0)), outer, d.f64(0.0)));
}

/// Pillow's bicubic filter (Pillow 13.0 Resample.c, bicubic_filter) with
/// parameter `a` at `x`, in Pillow's operation order, which differs from
/// cubicWeight's in the outer lobe: Pillow's 8-bit weights are quantized,
/// so one rounding step more or less changes results (SEMANTICS-v11.md
/// step 9).
template <typename D>
typename D::F64 pillowCubicWeight(D &d, double a, typename D::F64 x) {
  typename D::F64 at = d.abs(x);
  typename D::F64 inner = d.add(
      d.mul(d.mul(d.sub(d.mul(d.f64(a + 2.0), at), d.f64(a + 3.0)), at), at),
      d.f64(1.0));
  typename D::F64 outer = d.mul(
      d.sub(d.mul(d.add(d.mul(d.sub(at, d.f64(5.0)), at), d.f64(8.0)), at),
            d.f64(4.0)),
      d.f64(a));
  return d.select(d.lt(at, d.f64(1.0)), inner,
                  d.select(d.lt(at, d.f64(2.0)), outer, d.f64(0.0)));
}

/// A normalized Pillow weight in 22-bit fixed point (kPillowPrecisionBits), as
/// Pillow's normalize_coeffs_8bpc rounds it: half away from zero, by adding
/// +-0.5 and truncating.
template <typename D>
typename D::I64 pillowFixedWeight(D &d, typename D::F64 w) {
  typename D::F64 scaled =
      d.mul(w, d.f64(static_cast<double>(int64_t(1) << kPillowPrecisionBits)));
  return d.toI64(d.select(d.lt(w, d.f64(0.0)), d.sub(scaled, d.f64(0.5)),
                          d.add(scaled, d.f64(0.5))));
}

/// Pillow 13.0's pass order (ImagingResampleInner): the vertical pass (the
/// op's first axis, `h`) runs first when the height shrinks, and by more
/// than twice as many samples as the width does; otherwise the horizontal
/// one. The order is part of the 8-bit semantics: each pass stores 8 bits.
template <typename D>
typename D::Bool pillowVerticalFirst(D &d, typename D::I64 inH,
                                     typename D::I64 outH, typename D::I64 inW,
                                     typename D::I64 outW) {
  typename D::I64 shrinkH = d.sub(inH, outH);
  typename D::I64 shrinkW = d.sub(inW, outW);
  return d.land(d.lt(d.i64(0), shrinkH),
                d.lt(d.mul(shrinkW, d.i64(2)), shrinkH));
}

//===----------------------------------------------------------------------===//
// PyTorch's CPU uint8 antialias arithmetic (`integer_arithmetic = pytorch`,
// docs/Semantics.md "PyTorch's arithmetic"; the oracle is PyTorch 2.15's
// UpSampleKernel.cpp as its x86-64 AVX2 build computes it). Its windows and
// the float64 operations of its bilinear weights are Pillow's (the Pillow
// rows of AxisRows.h); these rules are what differs.
//===----------------------------------------------------------------------===//

/// PyTorch's antialiased bicubic filter (HelperInterpCubic::aa_filter with
/// its fixed a = -0.5) at `x`, as the AVX2 build of libtorch computes it:
/// with the constants folded and three fused multiply-adds per lobe,
///   |x| < 1:  fma(|x|, |x| * fma(|x|, 1.5, -2.5), 1)
///   |x| < 2:  fma(fma(fma(|x|, -0.5, 2.5), |x|, -4), |x|, 2)
/// and 0 elsewhere (and for NaN).
template <typename D>
typename D::F64 torchCubicWeight(D &d, typename D::F64 x) {
  typename D::F64 at = d.abs(x);
  typename D::F64 inner =
      d.fma(at, d.mul(at, d.fma(at, d.f64(1.5), d.f64(-2.5))), d.f64(1.0));
  typename D::F64 outer =
      d.fma(d.fma(d.fma(at, d.f64(-0.5), d.f64(2.5)), at, d.f64(-4.0)), at,
            d.f64(2.0));
  return d.select(d.lt(at, d.f64(1.0)), inner,
                  d.select(d.lt(at, d.f64(2.0)), outer, d.f64(0.0)));
}

/// The fixed-point precision of one axis: `bits` fraction bits, and
/// `scale` = 2^bits.
template <typename D> struct TorchPrecision {
  typename D::I64 bits;
  typename D::F64 scale;
};

/// PyTorch's weight precision of an axis from `largest`, the largest of its
/// normalized weights (over every output index; 0 when there is none):
/// the first p in 0..21 with (int)(0.5 + largest * 2^(p + 1)) >= 2^15, or 22
/// (kTorchMaxPrecisionBits) when there is none. So round(largest * 2^p) <
/// 2^15: every weight fits int16. (The conversion to int cannot change the
/// comparison: (int)y >= 2^15 exactly when y >= 2^15.)
template <typename D>
TorchPrecision<D> torchWeightPrecision(D &d, typename D::F64 largest) {
  TorchPrecision<D> precision{
      d.i64(kTorchMaxPrecisionBits),
      d.f64(static_cast<double>(int64_t(1) << kTorchMaxPrecisionBits))};
  // The smallest p whose test holds wins: from 21 down, each hit replaces.
  for (int p = kTorchMaxPrecisionBits - 1; p >= 0; --p) {
    typename D::F64 next = d.add(
        d.f64(0.5),
        d.mul(largest, d.f64(static_cast<double>(int64_t(1) << (p + 1)))));
    typename D::Bool stop =
        d.le(d.f64(static_cast<double>(kTorchWeightLimit)), next);
    precision.bits = d.select(stop, d.i64(p), precision.bits);
    precision.scale = d.select(
        stop, d.f64(static_cast<double>(int64_t(1) << p)), precision.scale);
  }
  return precision;
}

/// A normalized weight `w` as PyTorch's int16 weight at the axis' precision
/// (`scale` = 2^p, torchWeightPrecision): v = w * 2^p (exact), then
/// (int)(v - 0.5) for v < 0 and (int)(v + 0.5) otherwise, truncated toward
/// zero (half away from zero). The result is in (-2^15, 2^15) for the
/// weights of an axis whose precision came from their largest.
template <typename D>
typename D::I64 torchFixedWeight(D &d, typename D::F64 w,
                                 typename D::F64 scale) {
  typename D::F64 v = d.mul(w, scale);
  return d.toI64(d.select(d.lt(v, d.f64(0.0)), d.add(d.f64(-0.5), v),
                          d.add(d.f64(0.5), v)));
}

/// Triangle filter weight `max(0, 1 - |a * t|)`.
template <typename D>
typename D::F64 triangleWeight(D &d, typename D::F64 a, typename D::F64 t) {
  return d.max(d.f64(0.0), d.sub(d.f64(1.0), d.abs(d.mul(a, t))));
}

/// Window radius of the linear kernel: 2 when upsampling, otherwise
/// ceil(2 / a), bounded so the conversion stays defined for tiny antialias
/// factors (a wider window than any input covers every tap anyway) and for
/// the NaN scale of an empty axis in sizes mode (0 / 0, no rows).
template <typename D>
typename D::I64 linearRadius(D &d, typename D::F64 scale, typename D::F64 a) {
  typename D::F64 radius =
      d.max(d.f64(1.0), d.min(d.ceil(d.div(d.f64(2.0), a)), d.f64(4.0e18)));
  return d.select(d.lt(d.f64(1.0), scale), d.i64(2), d.toI64(radius));
}

} // namespace mlir::interp::rules::generic

#endif // INTERP_SEMANTICS_AXISRULES_H
