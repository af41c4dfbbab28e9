//===- Rules.cpp - interp's coordinate and shape rules --------------------===//
//
// Every function here transcribes one paragraph of docs/Semantics.md; the
// comments name the paragraph rather than repeat it.
//
//===----------------------------------------------------------------------===//

#include "interp/Semantics/Rules.h"

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
  if (scale == 1.0f)
    return padded;
  // "Output shape", scales mode: float32 throughout, epsilon 1e-6.
  float product = static_cast<float>(padded) * (scale + kScaleEpsilon);
  if (!std::isfinite(product) || product < 0.0f ||
      product >= static_cast<float>(kMaxDimension))
    return std::nullopt;
  return static_cast<int64_t>(std::trunc(product));
}

bool rules::isValidScale(double scale) {
  return std::isfinite(scale) && scale > 0.0;
}

double rules::coordinateScale(ShapeCalcMode shapeMode, float givenScale,
                              int64_t outLength, int64_t paddedLength) {
  if (shapeMode == ShapeCalcMode::Scales)
    return static_cast<double>(givenScale);
  return static_cast<double>(outLength) / static_cast<double>(paddedLength);
}

double rules::transformCoordinate(CoordinateTransformMode mode, int64_t x,
                                  double scale, int64_t outLength,
                                  int64_t inLength) {
  // Identity short-circuit, in every mode.
  if (scale == 1.0 || outLength == inLength)
    return static_cast<double>(x);
  double xd = static_cast<double>(x);
  switch (mode) {
  case CoordinateTransformMode::HalfPixel:
    return (xd + 0.5) / scale - 0.5;
  case CoordinateTransformMode::PytorchHalfPixel:
    return outLength > 1 ? (xd + 0.5) / scale - 0.5 : 0.0;
  case CoordinateTransformMode::Asymmetric:
    return xd / scale;
  case CoordinateTransformMode::TfHalfPixelForNn:
    return (xd + 0.5) / scale;
  case CoordinateTransformMode::AlignCorners:
    if (outLength == 1)
      return 0.0;
    // Multiply first, then divide.
    return xd * static_cast<double>(inLength - 1) /
           static_cast<double>(outLength - 1);
  }
  llvm_unreachable("unknown coordinate transformation mode");
}

int64_t rules::roundNearest(NearestMode mode, double c, bool isDownsample) {
  // The result is clamped to the input afterwards; bounding the coordinate
  // first keeps the conversions to int64 defined for extreme scales.
  c = std::max(-4.0, std::min(c, 4.0e18));
  switch (mode) {
  case NearestMode::RoundPreferFloor:
    if (c == std::trunc(c) + 0.5)
      return static_cast<int64_t>(std::floor(c));
    return static_cast<int64_t>(std::round(c));
  case NearestMode::RoundPreferCeil:
    return static_cast<int64_t>(std::round(c));
  case NearestMode::Floor:
    return static_cast<int64_t>(std::floor(c));
  case NearestMode::Ceil:
    return static_cast<int64_t>(std::ceil(c));
  case NearestMode::Simple:
    if (isDownsample)
      return static_cast<int64_t>(std::ceil(c));
    return static_cast<int64_t>(c);
  }
  llvm_unreachable("unknown nearest mode");
}

int64_t rules::clampIndex(int64_t index, int64_t length) {
  return std::max<int64_t>(0, std::min<int64_t>(index, length - 1));
}

double rules::roundHalfAwayFromZero(double value) { return std::round(value); }

double rules::cubicWeight(double a, double t) {
  double at = std::fabs(t);
  if (at <= 1.0)
    return ((a + 2.0) * at - (a + 3.0)) * at * at + 1.0;
  if (at < 2.0)
    return ((a * at - 5.0 * a) * at + 8.0 * a) * at - 4.0 * a;
  return 0.0;
}

double rules::triangleWeight(double a, double d) {
  return std::max(0.0, 1.0 - std::fabs(a * d));
}

int64_t rules::linearRadius(double scale, double a) {
  if (scale > 1.0)
    return 2;
  // A window wider than any input covers every tap; bound it so the
  // conversion stays defined for tiny antialias factors.
  return static_cast<int64_t>(std::min(std::ceil(2.0 / a), 4.0e18));
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
