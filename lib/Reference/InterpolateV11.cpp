//===- InterpolateV11.cpp - reference evaluation of interpolate_v11 -------===//
//
// nearest, linear, linear_onnx and cubic are Interpolate-4's (evaluateV4 with
// scales_or_sizes in the role the mode gives it). bilinear_pillow and
// bicubic_pillow follow docs/Semantics.md's "Interpolate-11" steps: a pass
// along w into an intermediate, then one along h, the filter window of each
// output computed here from the step-5 formulas. This is written again on
// purpose rather than shared with lib/Semantics/AxisTable.cpp's pillowRow,
// so that the differential test compares two derivations.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include "interp/Semantics/Rules.h"
#include "llvm/ADT/Sequence.h"

#include <algorithm>
#include <cmath>

using namespace mlir::interp;
using namespace mlir::interp::reference;
using namespace mlir::interp::reference::detail;

static constexpr llvm::StringLiteral kOp = "interpolate_v11";

/// Step 5: the first tap and the normalized weights of output `o` of an axis
/// of padded length `inLength` resized to `outLength`.
static std::pair<int64_t, llvm::SmallVector<double>>
pillowWindow(bool bicubic, double a, int64_t inLength, int64_t outLength,
             int64_t o) {
  double s = static_cast<double>(inLength) / static_cast<double>(outLength);
  double fs = std::max(s, 1.0);
  double support = (bicubic ? 2.0 : 1.0) * fs;
  double c = (static_cast<double>(o) + 0.5) * s;
  int64_t lo =
      static_cast<int64_t>(std::max(0.0, std::floor(c - support + 0.5)));
  int64_t hi = static_cast<int64_t>(
      std::min(static_cast<double>(inLength), std::floor(c + support + 0.5)));
  llvm::SmallVector<double> weights;
  double sum = 0.0;
  for (int64_t j = lo; j < hi; ++j) {
    double t = std::fabs((static_cast<double>(j) + 0.5 - c) / fs);
    double w;
    if (!bicubic)
      w = std::max(0.0, 1.0 - t);
    else if (t < 1.0)
      w = ((a + 2.0) * t - (a + 3.0)) * t * t + 1.0;
    else if (t < 2.0)
      w = a * (t * t * t - 5.0 * t * t + 8.0 * t - 4.0);
    else
      w = 0.0;
    weights.push_back(w);
    sum += w;
  }
  if (sum != 0.0)
    for (double &w : weights)
      w /= sum;
  return {lo, weights};
}

/// One pass along `axis`: out[.., o, ..] = sum_j w_j in[.., lo + j, ..],
/// summed in Acc in tap order; `store` writes each sum.
template <typename Acc>
static void pillowPass(llvm::function_ref<Acc(int64_t)> read,
                       llvm::ArrayRef<int64_t> inShape, int64_t axis,
                       int64_t outLength, bool bicubic, double a,
                       llvm::function_ref<void(int64_t, Acc)> store) {
  llvm::SmallVector<int64_t> outShape(inShape);
  outShape[axis] = outLength;
  std::vector<std::pair<int64_t, llvm::SmallVector<double>>> windows;
  for (int64_t o = 0; o < outLength; ++o)
    windows.push_back(pillowWindow(bicubic, a, inShape[axis], outLength, o));
  int64_t count = 1;
  for (int64_t d : outShape)
    count *= d;
  llvm::SmallVector<int64_t> index(outShape.size());
  for (int64_t flat = 0; flat < count; ++flat) {
    unflattenIndex(flat, outShape, index);
    const auto &[lo, weights] = windows[index[axis]];
    llvm::SmallVector<int64_t> source(index);
    Acc sum = 0;
    for (auto [j, w] : llvm::enumerate(weights)) {
      source[axis] = lo + static_cast<int64_t>(j);
      sum += static_cast<Acc>(w) * read(flatIndex(source, inShape));
    }
    store(flat, sum);
  }
}

/// Steps 6-8: the w pass, then the h pass; integer data is stored into its
/// element type after each pass, float data keeps Acc in between.
template <typename Acc>
static void evaluatePillow(const Tensor &padded, llvm::ArrayRef<int64_t> axes,
                           llvm::ArrayRef<int64_t> outShape, bool bicubic,
                           double a, Tensor &result) {
  int64_t h = axes[0], w = axes[1];
  llvm::SmallVector<int64_t> midShape(padded.shape);
  midShape[w] = outShape[w];
  bool integer = !rules::isFloat(padded.type);
  Tensor midStored = Tensor::zeros(
      padded.type, integer ? midShape : llvm::SmallVector<int64_t>{0});
  std::vector<Acc> midAcc;
  if (!integer) {
    int64_t count = 1;
    for (int64_t d : midShape)
      count *= d;
    midAcc.resize(count);
  }
  pillowPass<Acc>(
      [&](int64_t i) { return static_cast<Acc>(padded.getAsDouble(i)); },
      padded.shape, w, outShape[w], bicubic, a,
      [&](int64_t i, Acc sum) {
        if (integer)
          midStored.setFromDouble(i, sum);
        else
          midAcc[i] = sum;
      });
  pillowPass<Acc>(
      [&](int64_t i) {
        return integer ? static_cast<Acc>(midStored.getAsDouble(i)) : midAcc[i];
      },
      midShape, h, outShape[h], bicubic, a,
      [&](int64_t i, Acc sum) { result.setFromDouble(i, sum); });
}

static llvm::Expected<Tensor>
evaluatePillowOp(const Tensor &data, llvm::ArrayRef<int64_t> sizes,
                 llvm::ArrayRef<float> scales,
                 std::optional<llvm::ArrayRef<int64_t>> axesOperand,
                 const V11Attributes &attrs) {
  if (llvm::Error error = checkData(kOp, data))
    return std::move(error);
  int64_t rank = data.shape.size();
  if (llvm::Error error = checkPads(kOp, attrs.padsBegin, attrs.padsEnd, rank))
    return std::move(error);
  if (llvm::Error error =
          toError(kOp, validation::checkCubeCoeff(attrs.cubeCoeff)))
    return std::move(error);
  if (llvm::Error error = toError(kOp, validation::checkPillowRank(rank)))
    return std::move(error);
  if (llvm::Error error = toError(
          kOp, validation::checkPillowAxesKnown(
                   axesOperand.has_value(), !axesOperand.has_value(), rank)))
    return std::move(error);
  llvm::SmallVector<int64_t> axes =
      axesOperand ? llvm::SmallVector<int64_t>(*axesOperand)
                  : llvm::to_vector(llvm::seq<int64_t>(0, rank));
  if (llvm::Error error = toError(kOp, validation::checkPillowAxes(axes)))
    return std::move(error);
  if (llvm::Error error =
          checkAxes(kOp, axes, rank, /*strictlyIncreasing=*/true))
    return std::move(error);

  // Step 1: pads on every dimension, then the output shape.
  llvm::SmallVector<int64_t> padsBegin =
      rules::resizePads(attrs.padsBegin, rank);
  llvm::SmallVector<int64_t> padsEnd = rules::resizePads(attrs.padsEnd, rank);
  llvm::SmallVector<int64_t> paddedShape;
  for (int64_t d = 0; d < rank; ++d)
    paddedShape.push_back(
        rules::paddedLength(data.shape[d], padsBegin[d], padsEnd[d]));
  bool sizesMode = attrs.shapeCalculationMode == ShapeCalcMode::Sizes;
  size_t shapeLength = sizesMode ? sizes.size() : scales.size();
  if (llvm::Error error =
          toError(kOp, validation::checkScalesOrSizesLength(shapeLength, 2)))
    return std::move(error);
  if (sizesMode) {
    if (llvm::Error error =
            toError(kOp, validation::checkSizes("scales_or_sizes", sizes)))
      return std::move(error);
  } else {
    for (auto [i, scale] : llvm::enumerate(scales)) {
      if (llvm::Error error =
              toError(kOp, validation::checkScale(scale, i, "scales_or_sizes")))
        return std::move(error);
      if (llvm::Error error =
              toError(kOp, validation::checkScaleOverflow(scale, i, axes[i],
                                                          paddedShape[axes[i]],
                                                          "scales_or_sizes")))
        return std::move(error);
    }
  }
  llvm::SmallVector<int64_t> outShape = rules::inferV4Shape(
      data.shape, padsBegin, padsEnd, llvm::ArrayRef<int64_t>(axes),
      attrs.shapeCalculationMode, sizes, scales);
  if (llvm::Error error = checkOutputShape(kOp, outShape, paddedShape, axes))
    return std::move(error);

  Tensor result = Tensor::zeros(data.type, outShape);
  if (result.numElements() == 0)
    return result;
  llvm::Expected<Tensor> padded = padData(kOp, data, padsBegin, padsEnd);
  if (!padded)
    return padded.takeError();
  bool bicubic = attrs.mode == InterpolateV11Mode::BicubicPillow;
  // Step 4: `a` is the float64 attribute, not rounded to float32.
  if (rules::accumulatesInFloat64(data.type))
    evaluatePillow<double>(*padded, axes, outShape, bicubic, attrs.cubeCoeff,
                           result);
  else
    evaluatePillow<float>(*padded, axes, outShape, bicubic, attrs.cubeCoeff,
                          result);
  return result;
}

llvm::Expected<Tensor>
reference::evaluateV11(const Tensor &data, llvm::ArrayRef<int64_t> sizes,
                       llvm::ArrayRef<float> scales,
                       std::optional<llvm::ArrayRef<int64_t>> axes,
                       const V11Attributes &attrs) {
  if (rules::isPillowMode(attrs.mode))
    return evaluatePillowOp(data, sizes, scales, axes, attrs);
  V4Attributes v4;
  v4.mode = *rules::v4ModeOf(attrs.mode);
  v4.shapeCalculationMode = attrs.shapeCalculationMode;
  v4.coordinateTransformationMode = attrs.coordinateTransformationMode;
  v4.nearestMode = attrs.nearestMode;
  v4.antialias = attrs.antialias;
  v4.padsBegin = attrs.padsBegin;
  v4.padsEnd = attrs.padsEnd;
  v4.cubeCoeff = attrs.cubeCoeff;
  llvm::Expected<Tensor> result = evaluateV4(data, sizes, scales, axes, v4);
  if (result)
    return result;
  // Its errors name Interpolate-4 and its operands; say which op this is.
  return makeError(kOp,
                   "as Interpolate-4: " + llvm::toString(result.takeError()));
}
