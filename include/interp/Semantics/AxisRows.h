//===- AxisRows.h - every kernel's row, generic over a domain ---*- C++ -*-===//
//
// The (index, weight) row of output index o along one axis, for every
// kernel, as templates over an arithmetic domain (ScalarDomain.h,
// IRDomain.h) built on AxisRules.h's rules: AxisTable.cpp builds the
// compiler's and the runtime library's tables with the scalar domain,
// ComputedTables.cpp the portable lowering's run-time tables with the IR
// domain. unittests/Semantics/AxisRulesTest.cpp checks that they agree.
//
// A row is described per column, so that IR can compute column k of row o
// in one linalg.generic body:
//   - nearest, linear_onnx and cubic have a fixed number of columns
//     (fixedTaps), column k is fixedEntry(row, k);
//   - the windowed kernels (linear, area, the Pillow filters) read the
//     input samples [first, end) of a window; column k is sample first + k
//     with windowWeight's weight, weight 0 past the window's end. The
//     scalar tables keep the window's samples only, and for linear and area
//     only those of non-zero weight (dropsZeroWeights); IR keeps every
//     column. Both sum the same non-zero products in the same order.
// Linear and the Pillow filters then divide each weight by the row's sum
// (normalizedWeight).
//
//===----------------------------------------------------------------------===//

#ifndef INTERP_SEMANTICS_AXISROWS_H
#define INTERP_SEMANTICS_AXISROWS_H

#include "interp/Semantics/AxisRules.h"
#include "interp/Semantics/AxisTable.h"

#include <optional>

namespace mlir::interp::rules::generic {

/// One axis's quantities in domain D.
template <typename D> struct AxisValues {
  typename D::I64 in, out;
  typename D::F64 inF, outF;
  /// The scale the coordinate transform divides by (coordinateScale).
  typename D::F64 scale;
  /// The triangle's width factor: the scale when antialias is active, else 1.
  typename D::F64 antialiasFactor;
  /// The Keys parameter, a compile-time constant in every domain.
  double cubeCoeff = -0.75;
};

/// The Keys parameter a kernel uses: float32 for cubic (as OpenVINO reads
/// it), float64 for bicubic_pillow.
inline double kernelCubeCoeff(AxisKernel kernel, double cubeCoeff) {
  return kernel == AxisKernel::BicubicPillow
             ? cubeCoeff
             : static_cast<double>(static_cast<float>(cubeCoeff));
}

/// The axis's quantities from the op-level ones (makeAxisTableParams):
/// the given scale in scales mode, `out / in` in sizes mode.
template <typename D>
AxisValues<D> axisValues(D &d, AxisKernel kernel, ShapeCalcMode shapeMode,
                         typename D::F32 givenScale, typename D::I64 in,
                         typename D::I64 out, typename D::Bool antialiasActive,
                         double cubeCoeff) {
  AxisValues<D> v;
  v.in = in;
  v.out = out;
  v.inF = d.toF64(in);
  v.outF = d.toF64(out);
  v.scale = shapeMode == ShapeCalcMode::Scales ? d.toF64(givenScale)
                                               : d.div(v.outF, v.inF);
  v.antialiasFactor = d.select(antialiasActive, v.scale, d.f64(1.0));
  v.cubeCoeff = kernelCubeCoeff(kernel, cubeCoeff);
  return v;
}

/// The columns every row of `kernel` has, for the kernels with a fixed
/// count: nearest 1, linear_onnx 2, cubic 4.
inline std::optional<int64_t> fixedTaps(AxisKernel kernel) {
  switch (kernel) {
  case AxisKernel::Nearest:
    return 1;
  case AxisKernel::LinearOnnx:
    return 2;
  case AxisKernel::Cubic:
    return 4;
  default:
    return std::nullopt;
  }
}

/// One column of a row: an input sample and its weight.
template <typename D> struct Entry {
  typename D::I64 index;
  typename D::F64 weight;
};

/// Whether the scalar tables leave out a window's samples of weight 0 (the
/// linear triangle's and area's zero overlaps) rather than keep them as
/// taps (the Pillow filters keep every sample of the window).
inline bool dropsZeroWeights(AxisKernel kernel) {
  return kernel == AxisKernel::Linear || kernel == AxisKernel::Area;
}

/// What a row's columns share, computed once per output index.
template <typename D> struct RowState {
  typename D::F64 o;
  /// The window [first, end) of a windowed kernel.
  typename D::I64 first, end;
  /// Kernel-specific: the coordinate (nearest, linear_onnx, cubic, linear);
  /// the covered interval [lo, hi) (area); the centre and the filter
  /// scale's reciprocal (Pillow filters).
  typename D::F64 c, lo, hi, centre, inverseFilterScale;
};

/// The per-axis row rule of one kernel and its modes (compile-time
/// constants in every domain) over the quantities `v`.
template <typename D> struct RowRule {
  using F64 = typename D::F64;
  using I64 = typename D::I64;

  D &d;
  AxisKernel kernel;
  CoordinateTransformMode coordinateMode;
  NearestMode nearestMode;
  AxisValues<D> v;
  /// Linear only: antialias is known to be inactive, so the triangle has
  /// width 2 and its window is [floor(c), floor(c) + 2), which holds the
  /// same taps of non-zero weight as the general window.
  bool narrowLinearWindow = false;
  /// bicubic_pillow with `integer_arithmetic = pytorch`: the weights use
  /// torchCubicWeight (PyTorch's operations, a = -0.5) instead of
  /// pillowCubicWeight. The window and the bilinear weights are the same.
  bool torchCubic = false;

  I64 clampIndex(I64 index) const {
    return d.max(d.i64(0), d.min(index, d.sub(v.in, d.i64(1))));
  }
  F64 coordinate(F64 o) const {
    return transformCoordinate(d, coordinateMode, o, v.scale, v.out, v.in);
  }

  RowState<D> row(F64 o) const;
  Entry<D> fixedEntry(const RowState<D> &r, I64 k) const;
  /// The weight of input sample `t` (f64) in a windowed row.
  F64 windowWeight(const RowState<D> &r, F64 t) const;
  /// Column k of a windowed row: sample first + k; past the window, the
  /// window's first sample (clamped) with weight 0.
  Entry<D> windowEntry(const RowState<D> &r, I64 k) const {
    I64 t = d.add(r.first, k);
    typename D::Bool inWindow = d.land(d.lt(t, r.end), d.le(d.i64(0), t));
    F64 w = windowWeight(r, d.toF64(t));
    return {d.select(inWindow, t, clampIndex(r.first)),
            d.select(inWindow, w, d.f64(0.0))};
  }
  /// rules::axisTableTapBound: the columns of a windowed row, at least 1.
  I64 windowColumns() const;
};

template <typename D> RowState<D> RowRule<D>::row(typename D::F64 o) const {
  RowState<D> r;
  r.o = o;
  switch (kernel) {
  case AxisKernel::Nearest:
  case AxisKernel::LinearOnnx:
  case AxisKernel::Cubic:
    r.c = coordinate(o);
    break;
  case AxisKernel::Linear: {
    r.c = coordinate(o);
    if (narrowLinearWindow) {
      // A coordinate beyond 4 samples outside the input has no tap inside
      // it either way.
      F64 bounded = d.max(d.f64(-4.0), d.min(r.c, d.add(v.inF, d.f64(4.0))));
      r.first = d.toI64(d.floor(bounded));
      r.end = d.min(d.add(r.first, d.i64(2)), v.in);
      break;
    }
    // The window [round(c) - radius, round(c) + radius] clipped to the
    // input.
    F64 radius = d.toF64(linearRadius(d, v.scale, v.antialiasFactor));
    F64 centre = d.round(r.c);
    F64 first = d.max(d.f64(0.0), d.sub(centre, radius));
    F64 last = d.min(d.toF64(d.sub(v.in, d.i64(1))), d.add(centre, radius));
    r.first = d.toI64(d.min(first, v.inF));
    r.end = d.toI64(d.add(d.max(last, d.f64(-1.0)), d.f64(1.0)));
    break;
  }
  case AxisKernel::Area: {
    // Output o covers [o * in / out, (o + 1) * in / out); sample i covers
    // [i, i + 1).
    F64 ratio = d.div(v.inF, v.outF);
    r.lo = d.mul(o, ratio);
    r.hi = d.mul(d.add(o, d.f64(1.0)), ratio);
    r.first = d.toI64(d.floor(r.lo));
    r.end = d.min(d.toI64(d.ceil(r.hi)), v.in);
    break;
  }
  case AxisKernel::BilinearPillow:
  case AxisKernel::BicubicPillow: {
    // The window [lo, hi) around the centre (o + 0.5) * in / out with the
    // support widened by the downscale factor, clipped to the input
    // (SEMANTICS-v11.md, step 5), in the operations of Pillow's
    // precompute_coeffs (step 9: its 8-bit weights are quantized).
    bool bicubic = kernel == AxisKernel::BicubicPillow;
    F64 scale = d.div(v.inF, v.outF);
    F64 filterScale = d.max(scale, d.f64(1.0));
    r.inverseFilterScale = d.div(d.f64(1.0), filterScale);
    F64 support = d.mul(d.f64(bicubic ? 2.0 : 1.0), filterScale);
    r.centre = d.mul(d.add(o, d.f64(0.5)), scale);
    F64 lo =
        d.max(d.f64(0.0), d.floor(d.add(d.sub(r.centre, support), d.f64(0.5))));
    F64 hi = d.min(v.inF, d.floor(d.add(d.add(r.centre, support), d.f64(0.5))));
    r.first = d.toI64(lo);
    r.end = d.toI64(hi);
    break;
  }
  }
  return r;
}

template <typename D>
Entry<D> RowRule<D>::fixedEntry(const RowState<D> &r, typename D::I64 k) const {
  switch (kernel) {
  case AxisKernel::Nearest: {
    I64 index = roundNearest(d, nearestMode, r.c, d.lt(v.scale, d.f64(1.0)));
    return {clampIndex(index), d.f64(1.0)};
  }
  case AxisKernel::LinearOnnx: {
    I64 last = d.sub(v.in, d.i64(1));
    F64 c = d.max(d.f64(0.0), d.min(r.c, d.toF64(last)));
    I64 i1 = d.min(d.toI64(c), last);
    I64 i2 = d.min(d.add(i1, d.i64(1)), last);
    typename D::Bool same = d.eq(i1, i2);
    F64 d1 = d.select(same, d.f64(0.5), d.abs(d.sub(c, d.toF64(i1))));
    F64 d2 = d.select(same, d.f64(0.5), d.abs(d.sub(c, d.toF64(i2))));
    typename D::Bool first = d.eq(k, d.i64(0));
    return {d.select(first, i1, i2), d.select(first, d2, d1)};
  }
  case AxisKernel::Cubic: {
    // Beyond 4 samples outside the input every tap clamps to the edge
    // sample and the weights sum to 1: bounding c keeps the result.
    F64 c = d.max(d.f64(-4.0), d.min(r.c, d.add(v.inF, d.f64(4.0))));
    F64 base = d.floor(c);
    F64 s = d.sub(c, base);
    // Distances {s + 1, s, 1 - s, 2 - s} for k = 0..3.
    F64 distance =
        d.select(d.eq(k, d.i64(0)), d.add(s, d.f64(1.0)),
                 d.select(d.eq(k, d.i64(1)), s,
                          d.select(d.eq(k, d.i64(2)), d.sub(d.f64(1.0), s),
                                   d.sub(d.f64(2.0), s))));
    I64 index = clampIndex(d.add(d.sub(d.toI64(base), d.i64(1)), k));
    return {index, cubicWeight(d, v.cubeCoeff, distance)};
  }
  default:
    break;
  }
  return {d.i64(0), d.f64(0.0)};
}

template <typename D>
typename D::F64 RowRule<D>::windowWeight(const RowState<D> &r,
                                         typename D::F64 t) const {
  switch (kernel) {
  case AxisKernel::Linear:
    return triangleWeight(d, v.antialiasFactor, d.sub(r.c, t));
  case AxisKernel::Area: {
    F64 overlap = d.sub(d.min(r.hi, d.add(t, d.f64(1.0))), d.max(r.lo, t));
    return d.select(d.lt(d.f64(0.0), overlap),
                    d.div(overlap, d.sub(r.hi, r.lo)), d.f64(0.0));
  }
  case AxisKernel::BilinearPillow:
  case AxisKernel::BicubicPillow: {
    // Pillow's argument: (t - centre + 0.5) * (1 / filter scale).
    F64 x = d.mul(d.add(d.sub(t, r.centre), d.f64(0.5)), r.inverseFilterScale);
    if (kernel == AxisKernel::BicubicPillow)
      return torchCubic ? torchCubicWeight(d, x)
                        : pillowCubicWeight(d, v.cubeCoeff, x);
    return triangleWeight(d, d.f64(1.0), x);
  }
  default:
    break;
  }
  return d.f64(0.0);
}

template <typename D> typename D::I64 RowRule<D>::windowColumns() const {
  I64 one = d.i64(1);
  I64 bound;
  switch (kernel) {
  case AxisKernel::Linear: {
    // The window [centre - r, centre + r], clipped to the input.
    I64 radius = linearRadius(d, v.scale, v.antialiasFactor);
    bound = d.select(d.le(v.in, radius), v.in,
                     d.min(d.add(d.mul(radius, d.i64(2)), one), v.in));
    break;
  }
  case AxisKernel::Area: {
    F64 ratio = d.div(v.inF, d.toF64(d.max(v.out, one)));
    bound =
        d.min(d.add(d.toI64(d.min(d.ceil(ratio), d.f64(4.0e18))), one), v.in);
    break;
  }
  case AxisKernel::BilinearPillow:
  case AxisKernel::BicubicPillow: {
    // hi - lo = floor(c + R + 0.5) - floor(c - R + 0.5) <= ceil(2R).
    F64 ratio = d.div(v.inF, d.toF64(d.max(v.out, one)));
    double width = kernel == AxisKernel::BicubicPillow ? 2.0 : 1.0;
    F64 support = d.mul(d.f64(width), d.max(ratio, d.f64(1.0)));
    bound = d.min(
        d.add(d.toI64(d.min(d.ceil(d.mul(d.f64(2.0), support)), d.f64(4.0e18))),
              one),
        v.in);
    break;
  }
  default:
    return d.i64(fixedTaps(kernel).value_or(1));
  }
  return d.max(bound, one);
}

/// Whether the kernel's rows are divided by their weight sum.
inline bool isNormalized(AxisKernel kernel) {
  return kernel == AxisKernel::Linear || kernel == AxisKernel::BilinearPillow ||
         kernel == AxisKernel::BicubicPillow;
}

/// A weight of a normalized row divided by the row's sum `sum`: a zero sum
/// makes linear's row 0 (the N-D sum is the product of the per-axis sums)
/// and leaves a Pillow row as it is.
template <typename D>
typename D::F64 normalizedWeight(D &d, AxisKernel kernel, typename D::F64 w,
                                 typename D::F64 sum) {
  typename D::Bool zeroSum = d.eq(sum, d.f64(0.0));
  typename D::F64 scaled = d.div(w, sum);
  return kernel == AxisKernel::Linear ? d.select(zeroSum, d.f64(0.0), scaled)
                                      : d.select(zeroSum, w, scaled);
}

} // namespace mlir::interp::rules::generic

#endif // INTERP_SEMANTICS_AXISROWS_H
