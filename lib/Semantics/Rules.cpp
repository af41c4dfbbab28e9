//===- Rules.cpp - interp's coordinate and shape rules --------------------===//
//
// Every function here transcribes one paragraph of docs/Semantics.md; the
// comments name the paragraph rather than repeat it. The per-axis rules are
// AxisRules.h's, instantiated with C++ scalars.
//
//===----------------------------------------------------------------------===//

#include "interp/Semantics/Rules.h"
#include "interp/Semantics/AxisRows.h"
#include "interp/Semantics/ScalarDomain.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"

#include <cmath>

using namespace mlir::interp;
using namespace mlir::interp::rules;

// The generated enum definitions (stringify/symbolize) live here so that the
// rules library is usable without the dialect library.
#include "interp/Dialect/Interp/IR/InterpEnums.cpp.inc"

llvm::SmallVector<int64_t> rules::resizePads(llvm::ArrayRef<int64_t> pads,
                                             int64_t rank) {
  llvm::SmallVector<int64_t> result(pads.take_front(rank));
  result.resize(rank, 0);
  return result;
}

int64_t rules::paddedLength(int64_t len, int64_t begin, int64_t end) {
  if (len == kDynamic)
    return kDynamic;
  return len + begin + end;
}

std::optional<int64_t> rules::scaledLength(int64_t padded, float scale) {
  ScalarDomain d;
  if (!generic::scaledLengthFits(d, padded, scale))
    return std::nullopt;
  return generic::scaledLength(d, padded, scale);
}

bool rules::isValidScale(float scale) {
  ScalarDomain d;
  return generic::isValidScale(d, scale);
}

double rules::coordinateScale(ShapeCalcMode shapeMode, float givenScale,
                              int64_t outLength, int64_t paddedLength) {
  ScalarDomain d;
  return generic::axisValues(d, AxisKernel::Nearest, shapeMode, givenScale,
                             paddedLength, outLength,
                             /*antialiasActive=*/false, 0.0)
      .scale;
}

double rules::transformCoordinate(CoordinateTransformMode mode, int64_t x,
                                  double scale, int64_t outLength,
                                  int64_t inLength) {
  ScalarDomain d;
  return generic::transformCoordinate(d, mode, static_cast<double>(x), scale,
                                      outLength, inLength);
}

int64_t rules::roundNearest(NearestMode mode, double c, bool isDownsample) {
  ScalarDomain d;
  return generic::roundNearest(d, mode, c, isDownsample);
}

int64_t rules::clampIndex(int64_t index, int64_t length) {
  return std::max<int64_t>(0, std::min<int64_t>(index, length - 1));
}

double rules::roundHalfAwayFromZero(double value) { return std::round(value); }

double rules::cubicWeight(double a, double t) {
  ScalarDomain d;
  return generic::cubicWeight(d, a, t);
}

double rules::triangleWeight(double a, double d) {
  ScalarDomain domain;
  return generic::triangleWeight(domain, a, d);
}

int32_t rules::pillowFixedWeight(double w) {
  ScalarDomain d;
  return static_cast<int32_t>(generic::pillowFixedWeight(d, w));
}

double rules::torchCubicWeight(double x) {
  ScalarDomain d;
  return generic::torchCubicWeight(d, x);
}

int rules::torchWeightPrecision(double largest) {
  ScalarDomain d;
  return static_cast<int>(generic::torchWeightPrecision(d, largest).bits);
}

int32_t rules::torchFixedWeight(double w, int precision) {
  ScalarDomain d;
  return static_cast<int32_t>(generic::torchFixedWeight(
      d, w, static_cast<double>(int64_t(1) << precision)));
}

bool rules::pillowVerticalFirst(int64_t inH, int64_t outH, int64_t inW,
                                int64_t outW) {
  ScalarDomain d;
  return generic::pillowVerticalFirst(d, inH, outH, inW, outW);
}

int64_t rules::linearRadius(double scale, double a) {
  ScalarDomain d;
  return generic::linearRadius(d, scale, a);
}

bool rules::antialiasActive(bool isLinear, bool antialias,
                            llvm::ArrayRef<double> axisScales) {
  return isLinear && antialias &&
         llvm::any_of(axisScales, [](double scale) { return scale < 1.0; });
}

bool rules::isLinearOnnxAxes(int64_t rank, llvm::ArrayRef<int64_t> axes) {
  auto is = [&](std::initializer_list<int64_t> list) {
    return llvm::equal(axes, llvm::ArrayRef<int64_t>(list));
  };
  switch (rank) {
  case 2:
    return is({0, 1});
  case 3:
    return is({0, 1, 2});
  case 4:
    return is({2, 3}) || is({0, 1, 2, 3});
  case 5:
    return is({2, 3, 4}) || is({0, 1, 2, 3, 4});
  default:
    return false;
  }
}

const char *rules::linearOnnxAxesDescription() {
  return "[0, 1] for rank 2, [0, 1, 2] for rank 3, [2, 3] or [0, 1, 2, 3] "
         "for rank 4, [2, 3, 4] or [0, 1, 2, 3, 4] for rank 5";
}

llvm::SmallVector<int64_t> rules::inferV4Shape(
    llvm::ArrayRef<int64_t> inShape, llvm::ArrayRef<int64_t> padsBegin,
    llvm::ArrayRef<int64_t> padsEnd,
    std::optional<llvm::ArrayRef<int64_t>> axes, ShapeCalcMode mode,
    std::optional<llvm::ArrayRef<int64_t>> sizes,
    std::optional<llvm::ArrayRef<float>> scales) {
  int64_t rank = inShape.size();
  llvm::SmallVector<int64_t> begin = resizePads(padsBegin, rank);
  llvm::SmallVector<int64_t> end = resizePads(padsEnd, rank);
  llvm::SmallVector<int64_t> result;
  for (int64_t d = 0; d < rank; ++d)
    result.push_back(paddedLength(inShape[d], begin[d], end[d]));
  if (!axes)
    return llvm::SmallVector<int64_t>(rank, kDynamic);
  for (auto [i, axis] : llvm::enumerate(*axes)) {
    if (mode == ShapeCalcMode::Sizes) {
      result[axis] = sizes ? (*sizes)[i] : kDynamic;
      continue;
    }
    if (!scales || result[axis] == kDynamic) {
      result[axis] = kDynamic;
      continue;
    }
    result[axis] = scaledLength(result[axis], (*scales)[i]).value_or(kDynamic);
  }
  return result;
}

llvm::SmallVector<int64_t>
rules::inferV1Shape(llvm::ArrayRef<int64_t> inShape,
                    llvm::ArrayRef<int64_t> axes,
                    std::optional<llvm::ArrayRef<int64_t>> target) {
  llvm::SmallVector<int64_t> result(inShape);
  for (auto [i, axis] : llvm::enumerate(axes))
    result[axis] = target ? (*target)[i] : kDynamic;
  return result;
}

bool rules::isPillowMode(InterpolateV11Mode mode) { return !v4ModeOf(mode); }

std::optional<InterpolateMode> rules::v4ModeOf(InterpolateV11Mode mode) {
  switch (mode) {
  case InterpolateV11Mode::Nearest:
    return InterpolateMode::Nearest;
  case InterpolateV11Mode::Linear:
    return InterpolateMode::Linear;
  case InterpolateV11Mode::LinearOnnx:
    return InterpolateMode::LinearOnnx;
  case InterpolateV11Mode::Cubic:
    return InterpolateMode::Cubic;
  case InterpolateV11Mode::BilinearPillow:
  case InterpolateV11Mode::BicubicPillow:
    return std::nullopt;
  }
  return std::nullopt;
}

std::optional<V1AsV4> rules::mapV1ToV4(InterpolateV1Mode mode, int64_t rank,
                                       llvm::ArrayRef<int64_t> axes,
                                       bool alignCorners, bool antialias,
                                       llvm::ArrayRef<int64_t> padsBegin,
                                       llvm::ArrayRef<int64_t> padsEnd) {
  V1AsV4 result{InterpolateMode::Nearest, CoordinateTransformMode::Asymmetric,
                NearestMode::Simple, antialias, -0.75};
  switch (mode) {
  case InterpolateV1Mode::Area:
    return std::nullopt;
  case InterpolateV1Mode::Nearest:
    result.mode = InterpolateMode::Nearest;
    break;
  case InterpolateV1Mode::Cubic:
    result.mode = InterpolateMode::Cubic;
    break;
  case InterpolateV1Mode::Linear:
    if (rank == 5) {
      result.mode = InterpolateMode::Linear;
    } else if (isLinearOnnxAxes(rank, axes)) {
      result.mode = InterpolateMode::LinearOnnx;
    } else {
      // Decision: OpenVINO would build a linear_onnx op that fails at run
      // time for these axes. The triangle filter without antialias computes
      // the same clamped multilinear interpolation (and linear_onnx ignores
      // antialias), so interp uses it instead.
      result.mode = InterpolateMode::Linear;
      result.antialias = false;
    }
    break;
  }
  auto isZero = [](int64_t p) { return p == 0; };
  bool zeroPads =
      llvm::all_of(padsBegin, isZero) && llvm::all_of(padsEnd, isZero);
  bool nchwSpatial =
      rank == 4 && llvm::equal(axes, llvm::ArrayRef<int64_t>{2, 3});
  if (alignCorners)
    result.coordinateMode = CoordinateTransformMode::AlignCorners;
  else if (mode == InterpolateV1Mode::Linear && zeroPads && !nchwSpatial)
    result.coordinateMode = CoordinateTransformMode::HalfPixel;
  else
    result.coordinateMode = CoordinateTransformMode::Asymmetric;
  return result;
}

std::optional<int64_t> rules::elementCount(llvm::ArrayRef<int64_t> shape) {
  // An empty dimension empties the tensor however large the others are.
  if (llvm::is_contained(shape, 0))
    return 0;
  int64_t count = 1;
  for (int64_t dim : shape)
    if (dim < 0 || __builtin_mul_overflow(count, dim, &count))
      return std::nullopt;
  return count;
}
