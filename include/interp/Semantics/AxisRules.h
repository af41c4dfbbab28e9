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
