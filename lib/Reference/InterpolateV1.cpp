//===- InterpolateV1.cpp - reference evaluation of interpolate_v1 ---------===//
//
// Follows "Interpolate-1" of docs/Semantics.md: nearest, linear and cubic are
// the Interpolate-4 op that rules::mapV1ToV4 names; area is interp's own box
// filter with exact fractional overlap, evaluated here.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include "interp/Semantics/Rules.h"
#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <cmath>

using namespace mlir::interp;
using namespace mlir::interp::reference;
using namespace mlir::interp::reference::detail;

static constexpr llvm::StringLiteral kOp = "interpolate_v1";

static llvm::Error checkOperands(const Tensor &data,
                                 llvm::ArrayRef<int64_t> target,
                                 const V1Attributes &attrs) {
  if (llvm::Error error = checkData(kOp, data))
    return error;
  int64_t rank = data.shape.size();
  if (llvm::Error error = checkPads(kOp, attrs.padsBegin, attrs.padsEnd, rank))
    return error;
  if (llvm::Error error =
          checkAxes(kOp, attrs.axes, rank, /*strictlyIncreasing=*/true))
    return error;
  if (llvm::Error error = toError(
          kOp, validation::checkTargetLength(target.size(), attrs.axes.size())))
    return error;
  if (llvm::Error error =
          toError(kOp, validation::checkSizes("target_spatial_shape", target)))
    return error;
  // The output keeps unpadded non-axis dims while evaluation pads them, so
  // pads elsewhere would make the two disagree.
  if (llvm::Error error =
          toError(kOp, validation::checkV1PadsOnAxes(
                           attrs.axes, attrs.padsBegin, attrs.padsEnd)))
    return error;
  if (attrs.mode == InterpolateV1Mode::Linear)
    if (llvm::Error error = toError(kOp, validation::checkV1LinearRank(rank)))
      return error;
  return llvm::Error::success();
}

/// area on the padded input: output index `o` of an axis covers the input
/// interval [o * inLength / outLength, (o + 1) * inLength / outLength), input
/// sample `t` covers [t, t + 1), and the element is the mean of the covered
/// samples weighted by overlap. The weight of an N-D sample is the product of
/// its per-axis overlaps, each divided by its interval length.
template <typename Acc>
static void evaluateArea(const Tensor &padded, llvm::ArrayRef<int64_t> axes,
                         Tensor &result) {
  llvm::ArrayRef<int64_t> inShape = padded.shape;
  llvm::ArrayRef<int64_t> outShape = result.shape;
  int64_t rank = inShape.size();
  size_t size = elementSize(result.type);

  llvm::SmallVector<int64_t> outIndex(rank);
  for (int64_t flat = 0, e = result.numElements(); flat < e; ++flat) {
    unflattenIndex(flat, outShape, outIndex);
    // Non-axis dims copy: a one-sample box at the same index.
    llvm::SmallVector<int64_t> first(outIndex), last(outIndex);
    llvm::SmallVector<double> start(rank), end(rank), length(rank);
    for (int64_t axis : axes) {
      double inLength = static_cast<double>(inShape[axis]);
      double outLength = static_cast<double>(outShape[axis]);
      double o = static_cast<double>(outIndex[axis]);
      start[axis] = o * inLength / outLength;
      end[axis] = (o + 1.0) * inLength / outLength;
      length[axis] = inLength / outLength;
      first[axis] =
          std::max<int64_t>(0, static_cast<int64_t>(std::floor(start[axis])));
      last[axis] = std::min<int64_t>(
          inShape[axis] - 1, static_cast<int64_t>(std::ceil(end[axis])) - 1);
    }

    Acc sum = 0;
    forEachInBox(first, last, [&](llvm::ArrayRef<int64_t> inIndex) {
      Acc weight = 1;
      for (int64_t axis : axes) {
        double t = static_cast<double>(inIndex[axis]);
        double overlap =
            std::min(end[axis], t + 1.0) - std::max(start[axis], t);
        weight *= static_cast<Acc>(std::max(0.0, overlap) / length[axis]);
      }
      Acc value =
          static_cast<Acc>(padded.getAsDouble(flatIndex(inIndex, inShape)));
      sum += weight * value;
    });
    storeRounded(result.type, result.data.data() + flat * size, sum);
  }
}

static llvm::Expected<Tensor>
evaluateAreaMode(const Tensor &data, llvm::ArrayRef<int64_t> padsBegin,
                 llvm::ArrayRef<int64_t> padsEnd, llvm::ArrayRef<int64_t> axes,
                 llvm::ArrayRef<int64_t> outShape) {
  Tensor result = Tensor::zeros(data.type, outShape);
  if (result.numElements() == 0)
    return result;
  llvm::Expected<Tensor> padded = padData(kOp, data, padsBegin, padsEnd);
  if (!padded)
    return padded.takeError();
  if (accumulatesInFloat64(data.type))
    evaluateArea<double>(*padded, axes, result);
  else
    evaluateArea<float>(*padded, axes, result);
  return result;
}

llvm::Expected<Tensor>
reference::evaluateV1(const Tensor &data,
                      llvm::ArrayRef<int64_t> targetSpatialShape,
                      const V1Attributes &attrs) {
  if (llvm::Error error = checkOperands(data, targetSpatialShape, attrs))
    return std::move(error);
  int64_t rank = data.shape.size();
  llvm::SmallVector<int64_t> padsBegin =
      rules::resizePads(attrs.padsBegin, rank);
  llvm::SmallVector<int64_t> padsEnd = rules::resizePads(attrs.padsEnd, rank);
  llvm::SmallVector<int64_t> paddedShape;
  for (int64_t d = 0; d < rank; ++d)
    paddedShape.push_back(
        rules::paddedLength(data.shape[d], padsBegin[d], padsEnd[d]));
  llvm::SmallVector<int64_t> outShape =
      rules::inferV1Shape(data.shape, attrs.axes, targetSpatialShape);
  if (llvm::Error error =
          checkOutputShape(kOp, outShape, paddedShape, attrs.axes))
    return std::move(error);

  std::optional<rules::V1AsV4> mapped =
      rules::mapV1ToV4(attrs.mode, rank, attrs.axes, attrs.alignCorners,
                       attrs.antialias, attrs.padsBegin, attrs.padsEnd);
  if (!mapped)
    return evaluateAreaMode(data, padsBegin, padsEnd, attrs.axes, outShape);

  V4Attributes v4;
  v4.mode = mapped->mode;
  v4.shapeCalculationMode = ShapeCalcMode::Sizes;
  v4.coordinateTransformationMode = mapped->coordinateMode;
  v4.nearestMode = mapped->nearestMode;
  v4.antialias = mapped->antialias;
  v4.cubeCoeff = mapped->cubeCoeff;
  v4.padsBegin = attrs.padsBegin;
  v4.padsEnd = attrs.padsEnd;
  return evaluateV4(data, targetSpatialShape, /*scales=*/{},
                    llvm::ArrayRef<int64_t>(attrs.axes), v4);
}
