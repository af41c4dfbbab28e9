//===- InterpolateV4.cpp - reference evaluation of interpolate_v4 ---------===//
//
// Follows "Interpolate-4, step by step" of docs/Semantics.md. Each output
// element is computed on its own: for every
// interpolated axis the kernel lists the taps that element reads (index and
// weight), and the element is the sum over the full N-D product of those
// lists. Nothing is shared between output elements, so this is a different
// derivation from the lowering's separable per-axis tables.
//
// Shared with the lowering (interp/Semantics/Rules.h): only the primitive
// rules (coordinate transforms, rounding, clamping, the cubic and triangle
// weights, the linear radius, pads, the output shape). Which taps an output
// reads and how their weights are normalized (the *Taps functions below) is
// written again here on purpose, from docs/Semantics.md, and so mirrors the
// *Row functions of lib/Semantics/AxisTable.cpp: a mistake in one shows up
// in the differential test as a difference from the other.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include "interp/Semantics/Rules.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"

#include <algorithm>
#include <cmath>
#include <cstring>

using namespace mlir::interp;
using namespace mlir::interp::reference;
using namespace mlir::interp::reference::detail;

static constexpr llvm::StringLiteral kOp = "interpolate_v4";

namespace {
/// The operands after steps 1-4: everything the kernels need to know.
struct ResolvedV4 {
  /// Pad lists resized to the rank.
  llvm::SmallVector<int64_t> padsBegin, padsEnd;
  llvm::SmallVector<int64_t> paddedShape;
  llvm::SmallVector<int64_t> outputShape;
  llvm::SmallVector<int64_t> axes;
  /// The scale the coordinate transform divides by, one per entry of `axes`.
  llvm::SmallVector<double> axisScales;
};

/// The taps one output element reads along one interpolated axis.
struct AxisTaps {
  llvm::SmallVector<int64_t> indices;
  llvm::SmallVector<double> weights;

  void add(int64_t index, double weight) {
    indices.push_back(index);
    weights.push_back(weight);
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// Steps 1-4: validation, pads, axes, output shape, per-axis scales
//===----------------------------------------------------------------------===//

static llvm::Expected<ResolvedV4>
resolveOperands(const Tensor &data, llvm::ArrayRef<int64_t> sizes,
                llvm::ArrayRef<float> scales,
                std::optional<llvm::ArrayRef<int64_t>> axesOperand,
                const V4Attributes &attrs) {
  if (llvm::Error error = checkData(kOp, data))
    return std::move(error);
  int64_t rank = data.shape.size();
  if (llvm::Error error = checkPads(kOp, attrs.padsBegin, attrs.padsEnd, rank))
    return std::move(error);
  if (llvm::Error error =
          toError(kOp, validation::checkCubeCoeff(attrs.cubeCoeff)))
    return std::move(error);

  ResolvedV4 r;
  // Step 1: pads are resized to the rank and apply to every dimension.
  r.padsBegin = rules::resizePads(attrs.padsBegin, rank);
  r.padsEnd = rules::resizePads(attrs.padsEnd, rank);
  for (int64_t d = 0; d < rank; ++d)
    r.paddedShape.push_back(
        rules::paddedLength(data.shape[d], r.padsBegin[d], r.padsEnd[d]));

  // Step 2: axes default to every dimension; their order pairs them with
  // sizes/scales.
  if (axesOperand)
    r.axes.assign(axesOperand->begin(), axesOperand->end());
  else
    r.axes = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  if (llvm::Error error =
          checkAxes(kOp, r.axes, rank, /*strictlyIncreasing=*/false))
    return std::move(error);

  bool sizesMode = attrs.shapeCalculationMode == ShapeCalcMode::Sizes;
  size_t shapeLength = sizesMode ? sizes.size() : scales.size();
  if (llvm::Error error = toError(
          kOp, validation::checkShapeLength(attrs.shapeCalculationMode,
                                            shapeLength, r.axes.size())))
    return std::move(error);
  if (sizesMode) {
    if (llvm::Error error =
            toError(kOp, validation::checkSizes("sizes", sizes)))
      return std::move(error);
  } else {
    for (auto [i, scale] : llvm::enumerate(scales)) {
      if (llvm::Error error = toError(kOp, validation::checkScale(scale, i)))
        return std::move(error);
      if (llvm::Error error =
              toError(kOp, validation::checkScaleOverflow(
                               scale, i, r.axes[i], r.paddedShape[r.axes[i]])))
        return std::move(error);
    }
  }

  if (attrs.mode == InterpolateMode::LinearOnnx)
    if (llvm::Error error =
            toError(kOp, validation::checkLinearOnnxAxes(rank, r.axes)))
      return std::move(error);

  // Step 3: output shape.
  r.outputShape = rules::inferV4Shape(
      data.shape, r.padsBegin, r.padsEnd, llvm::ArrayRef<int64_t>(r.axes),
      attrs.shapeCalculationMode, sizes, scales);
  if (llvm::Error error =
          checkOutputShape(kOp, r.outputShape, r.paddedShape, r.axes))
    return std::move(error);

  // Step 4: the scale each axis's coordinate transform divides by.
  for (auto [i, axis] : llvm::enumerate(r.axes)) {
    float given = sizesMode ? 0.0f : scales[i];
    r.axisScales.push_back(rules::coordinateScale(attrs.shapeCalculationMode,
                                                  given, r.outputShape[axis],
                                                  r.paddedShape[axis]));
  }
  return r;
}

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

/// Step 5 for interpolated axis number `i` at output index `x`.
static double inputCoordinate(const ResolvedV4 &r, const V4Attributes &attrs,
                              size_t i, int64_t x) {
  int64_t axis = r.axes[i];
  return rules::transformCoordinate(attrs.coordinateTransformationMode, x,
                                    r.axisScales[i], r.outputShape[axis],
                                    r.paddedShape[axis]);
}

/// nearest: every dimension goes through the transform and the rounding;
/// dimensions not in `axes` have scale 1, which the transform maps to the
/// identity.
static void evaluateNearest(const Tensor &padded, const ResolvedV4 &r,
                            const V4Attributes &attrs, Tensor &result) {
  int64_t rank = r.paddedShape.size();
  llvm::SmallVector<double> dimScales(rank, 1.0);
  for (auto [axis, scale] : llvm::zip_equal(r.axes, r.axisScales))
    dimScales[axis] = scale;

  size_t size = elementSize(padded.type);
  llvm::SmallVector<int64_t> outIndex(rank), inIndex(rank);
  for (int64_t flat = 0, e = result.numElements(); flat < e; ++flat) {
    unflattenIndex(flat, r.outputShape, outIndex);
    for (int64_t d = 0; d < rank; ++d) {
      int64_t inLength = r.paddedShape[d];
      double c = rules::transformCoordinate(attrs.coordinateTransformationMode,
                                            outIndex[d], dimScales[d],
                                            r.outputShape[d], inLength);
      int64_t rounded = rules::roundNearest(
          attrs.nearestMode, limitToAxis(c, inLength), dimScales[d] < 1.0);
      inIndex[d] = rules::clampIndex(rounded, inLength);
    }
    std::memcpy(result.data.data() + flat * size,
                padded.data.data() + flatIndex(inIndex, r.paddedShape) * size,
                size);
  }
}

/// linear: the triangle filter of width `a` around `c`. Taps outside the
/// input are dropped (not clamped).
static AxisTaps linearTaps(double c, double scale, double a, int64_t inLength) {
  double centre = rules::roundHalfAwayFromZero(c);
  int64_t first = 0, last = inLength - 1;
  // rules::linearRadius converts ceil(2/a) to int64, which overflows for a
  // tiny `a`; such a window spans the whole axis anyway (taps farther than
  // the radius have weight 0), so the whole axis is the same tap set.
  if (a >= 0x1p-40) {
    double radius = static_cast<double>(rules::linearRadius(scale, a));
    first = std::max<int64_t>(
        0, static_cast<int64_t>(limitToAxis(centre - radius, inLength)));
    last = std::min<int64_t>(inLength - 1, static_cast<int64_t>(limitToAxis(
                                               centre + radius, inLength)));
  }
  AxisTaps taps;
  for (int64_t t = first; t <= last; ++t)
    taps.add(t, rules::triangleWeight(a, c - static_cast<double>(t)));
  return taps;
}

/// linear_onnx: the two neighbours of the clamped coordinate.
static AxisTaps linearOnnxTaps(double c, int64_t inLength) {
  double maxIndex = static_cast<double>(inLength - 1);
  c = std::clamp(c, 0.0, maxIndex);
  int64_t i1 = std::min(static_cast<int64_t>(std::trunc(c)), inLength - 1);
  int64_t i2 = std::min(i1 + 1, inLength - 1);
  double d1 = std::fabs(c - static_cast<double>(i1));
  double d2 = std::fabs(c - static_cast<double>(i2));
  if (i1 == i2)
    d1 = d2 = 0.5;
  AxisTaps taps;
  // Each neighbour weighs the distance to the other one.
  taps.add(i1, d2);
  taps.add(i2, d1);
  return taps;
}

/// cubic: four taps around floor(c), indices clamped (replicated border).
static AxisTaps cubicTaps(double c, double a, int64_t inLength) {
  double base = std::floor(c);
  double s = c - base;
  const double distances[4] = {s + 1.0, s, 1.0 - s, 2.0 - s};
  AxisTaps taps;
  for (int k = 0; k < 4; ++k) {
    double position = limitToAxis(base + (k - 1), inLength);
    taps.add(rules::clampIndex(static_cast<int64_t>(position), inLength),
             rules::cubicWeight(a, distances[k]));
  }
  return taps;
}

/// Sums `taps` over the N-D product of the per-axis lists: the weight of a
/// combination is the product of its per-axis weights, each rounded to Acc.
/// With `normalize`, divides by the sum of weights (0 when that is 0).
template <typename Acc>
static Acc blend(const Tensor &padded, llvm::ArrayRef<int64_t> paddedShape,
                 llvm::ArrayRef<int64_t> axes, llvm::ArrayRef<AxisTaps> taps,
                 llvm::ArrayRef<int64_t> outIndex, bool normalize) {
  llvm::SmallVector<int64_t> lo(taps.size(), 0), hi;
  for (const AxisTaps &axisTaps : taps)
    hi.push_back(static_cast<int64_t>(axisTaps.indices.size()) - 1);

  Acc sum = 0, weightSum = 0;
  llvm::SmallVector<int64_t> inIndex(outIndex);
  forEachInBox(lo, hi, [&](llvm::ArrayRef<int64_t> choice) {
    Acc weight = 1;
    for (auto [i, axis] : llvm::enumerate(axes)) {
      inIndex[axis] = taps[i].indices[choice[i]];
      weight *= static_cast<Acc>(taps[i].weights[choice[i]]);
    }
    Acc value =
        static_cast<Acc>(padded.getAsDouble(flatIndex(inIndex, paddedShape)));
    sum += weight * value;
    weightSum += weight;
  });
  if (!normalize)
    return sum;
  return weightSum == 0 ? Acc(0) : sum / weightSum;
}

/// linear, linear_onnx and cubic, accumulating in `Acc`.
template <typename Acc>
static void evaluateWeighted(const Tensor &padded, const ResolvedV4 &r,
                             const V4Attributes &attrs, Tensor &result) {
  // linear: antialias, when active, sets a = scale on every axis (upsampled
  // ones included) as soon as any axis downsamples.
  bool antialias = rules::antialiasActive(attrs.mode == InterpolateMode::Linear,
                                          attrs.antialias, r.axisScales);
  double cubicA = static_cast<float>(attrs.cubeCoeff);

  int64_t rank = r.paddedShape.size();
  size_t size = elementSize(result.type);
  llvm::SmallVector<int64_t> outIndex(rank);
  for (int64_t flat = 0, e = result.numElements(); flat < e; ++flat) {
    unflattenIndex(flat, r.outputShape, outIndex);
    llvm::SmallVector<AxisTaps> taps;
    for (auto [i, axis] : llvm::enumerate(r.axes)) {
      double c = inputCoordinate(r, attrs, i, outIndex[axis]);
      int64_t inLength = r.paddedShape[axis];
      double scale = r.axisScales[i];
      switch (attrs.mode) {
      case InterpolateMode::Linear:
        taps.push_back(linearTaps(c, scale, antialias ? scale : 1.0, inLength));
        break;
      case InterpolateMode::LinearOnnx:
        taps.push_back(linearOnnxTaps(c, inLength));
        break;
      case InterpolateMode::Cubic:
        taps.push_back(cubicTaps(c, cubicA, inLength));
        break;
      case InterpolateMode::Nearest:
        llvm_unreachable("nearest has its own kernel");
      }
    }
    Acc value = blend<Acc>(padded, r.paddedShape, r.axes, taps, outIndex,
                           /*normalize=*/attrs.mode == InterpolateMode::Linear);
    storeRounded(result.type, result.data.data() + flat * size, value);
  }
}

llvm::Expected<Tensor>
reference::evaluateV4(const Tensor &data, llvm::ArrayRef<int64_t> sizes,
                      llvm::ArrayRef<float> scales,
                      std::optional<llvm::ArrayRef<int64_t>> axes,
                      const V4Attributes &attrs) {
  llvm::Expected<ResolvedV4> resolved =
      resolveOperands(data, sizes, scales, axes, attrs);
  if (!resolved)
    return resolved.takeError();
  const ResolvedV4 &r = *resolved;

  Tensor result = Tensor::zeros(data.type, r.outputShape);
  // An empty result needs no input (and its scales may be 0/0).
  if (result.numElements() == 0)
    return result;

  llvm::Expected<Tensor> padded = padData(kOp, data, r.padsBegin, r.padsEnd);
  if (!padded)
    return padded.takeError();

  if (attrs.mode == InterpolateMode::Nearest)
    evaluateNearest(*padded, r, attrs, result);
  else if (accumulatesInFloat64(data.type))
    evaluateWeighted<double>(*padded, r, attrs, result);
  else
    evaluateWeighted<float>(*padded, r, attrs, result);
  return result;
}
