//===- Validation.cpp - the one home of interp's validation rules ---------===//

#include "interp/Semantics/Validation.h"
#include "interp/Semantics/AxisRules.h"
#include "interp/Semantics/ScalarDomain.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <cstdio>

using namespace mlir::interp;
using namespace mlir::interp::validation;

std::string validation::formatList(llvm::ArrayRef<int64_t> values) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "[";
  llvm::interleaveComma(values, os);
  os << "]";
  return text;
}

std::string validation::formatNumber(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof(buffer), "%.9g", value);
  return buffer;
}

/// A violation of `rule` with the message the stream builds.
static Violation violation(const char *rule, const std::string &message) {
  return Violation{rule, message};
}

Result validation::checkDataRank(int64_t rank) {
  if (rank >= 1)
    return std::nullopt;
  return violation("data-rank", "'data' must have rank >= 1, got rank " +
                                    std::to_string(rank));
}

Result validation::checkResultRank(int64_t resultRank, int64_t dataRank) {
  if (resultRank == dataRank)
    return std::nullopt;
  return violation("result-rank", "result rank " + std::to_string(resultRank) +
                                      " must equal the data rank " +
                                      std::to_string(dataRank));
}

Result validation::checkElementCount(llvm::StringRef what, llvm::StringRef type,
                                     llvm::ArrayRef<int64_t> shape) {
  if (rules::elementCount(shape))
    return std::nullopt;
  return violation("element-count", "'" + what.str() + "' type " + type.str() +
                                        " has more elements than int64 can "
                                        "count");
}

Result validation::checkPads(llvm::StringRef name, llvm::ArrayRef<int64_t> pads,
                             std::optional<int64_t> rank) {
  for (auto [i, pad] : llvm::enumerate(pads))
    if (pad < 0 || pad > rules::kMaxDimension)
      return violation("pads-range", "'" + name.str() + "' value " +
                                         std::to_string(pad) + " at index " +
                                         std::to_string(i) +
                                         " must be non-negative and at most " +
                                         std::to_string(rules::kMaxDimension));
  // Decision: a longer list is an error rather than silently truncated.
  if (rank && static_cast<int64_t>(pads.size()) > *rank)
    return violation("pads-length", "'" + name.str() + "' has " +
                                        std::to_string(pads.size()) +
                                        " entries, more than the data rank " +
                                        std::to_string(*rank));
  return std::nullopt;
}

Result validation::checkCubeCoeff(double cubeCoeff) {
  if (std::isfinite(static_cast<float>(cubeCoeff)))
    return std::nullopt;
  return violation("cube-coeff",
                   "'cube_coeff' must be finite as float32, got " +
                       formatNumber(cubeCoeff));
}

Result validation::checkAxes(llvm::ArrayRef<int64_t> axes,
                             std::optional<int64_t> rank,
                             bool strictlyIncreasing) {
  llvm::SmallSet<int64_t, 8> seen;
  for (auto [i, axis] : llvm::enumerate(axes)) {
    if (axis < 0 || (rank && axis >= *rank)) {
      std::string message = "'axes' value " + std::to_string(axis) +
                            " at index " + std::to_string(i) +
                            " is out of range";
      if (rank)
        message += " for data of rank " + std::to_string(*rank) +
                   " (expected 0 <= axis < " + std::to_string(*rank) + ")";
      else
        message += " (axes must be non-negative)";
      return violation("axes-range", message);
    }
    if (!seen.insert(axis).second)
      return violation("axes-unique",
                       "'axes' contains " + std::to_string(axis) + " twice");
    if (strictlyIncreasing && i > 0 && axes[i - 1] > axis)
      return violation("axes-increasing",
                       "'axes' must be strictly increasing, got " +
                           formatList(axes));
  }
  return std::nullopt;
}

Result validation::checkShapeLength(ShapeCalcMode mode, int64_t length,
                                    int64_t numAxes) {
  if (length == numAxes)
    return std::nullopt;
  std::string name = mode == ShapeCalcMode::Sizes ? "sizes" : "scales";
  return violation("shape-length",
                   "'" + name + "' has " + std::to_string(length) +
                       " elements but there are " + std::to_string(numAxes) +
                       " axes (shape_calculation_mode = " + name + ")");
}

Result validation::checkScalesOrSizesLength(int64_t length, int64_t numAxes) {
  if (length == numAxes)
    return std::nullopt;
  return violation("shape-length", "'scales_or_sizes' has " +
                                       std::to_string(length) +
                                       " elements but there are " +
                                       std::to_string(numAxes) + " axes");
}

Result validation::checkScalesOrSizesType(ShapeCalcMode mode, bool isInteger) {
  bool sizesMode = mode == ShapeCalcMode::Sizes;
  if (sizesMode == isInteger)
    return std::nullopt;
  return violation("shape-operand-type",
                   sizesMode ? "'scales_or_sizes' must hold integers (sizes) "
                               "when shape_calculation_mode = sizes"
                             : "'scales_or_sizes' must hold floating-point "
                               "values (scales) when shape_calculation_mode "
                               "= scales");
}

Result validation::checkPillowRank(int64_t rank) {
  if (rank >= 2)
    return std::nullopt;
  return violation("pillow-rank",
                   "bilinear_pillow and bicubic_pillow need data of rank >= "
                   "2, got rank " +
                       std::to_string(rank));
}

Result validation::checkPillowAxes(llvm::ArrayRef<int64_t> axes) {
  if (axes.size() == 2 && axes[0] < axes[1])
    return std::nullopt;
  return violation("pillow-axes",
                   "bilinear_pillow and bicubic_pillow resize exactly two "
                   "axes, strictly increasing ([h, w]), got " +
                       formatList(axes));
}

Result validation::checkPillowAxesKnown(bool constant, bool absent,
                                        int64_t rank) {
  if (constant || (absent && rank == 2))
    return std::nullopt;
  return violation("pillow-constant-axes",
                   absent ? "bilinear_pillow and bicubic_pillow need an 'axes' "
                            "operand at rank " +
                                std::to_string(rank) +
                                " (without it every dimension is resized)"
                          : std::string("bilinear_pillow and bicubic_pillow "
                                        "need constant 'axes'"));
}

Result validation::checkIntegerArithmetic(
    IntegerArithmetic arithmetic, InterpolateV11Mode mode,
    std::optional<rules::ElementType> type, double cubeCoeff) {
  if (arithmetic != IntegerArithmetic::PyTorch) {
    // Pillow's fixed point (SEMANTICS-v11.md step 9): with |a| <= 2 the
    // normalized bicubic weights keep every int32 sum below 2^31 (a scan of
    // every length pair up to 120 peaks at 0.79 * 2^31, at a = -2); larger
    // |a| can cancel a row's weight sum and overflow.
    bool eightBit =
        type == rules::ElementType::U8 || type == rules::ElementType::I8;
    if (eightBit && mode == InterpolateV11Mode::BicubicPillow &&
        !(cubeCoeff >= -2.0 && cubeCoeff <= 2.0))
      return violation("pillow-fixed-point-cube-coeff",
                       "bicubic_pillow on 8-bit data needs cube_coeff in "
                       "[-2, 2] (beyond, Pillow's fixed-point sums can "
                       "overflow int32), got " +
                           formatNumber(cubeCoeff));
    return std::nullopt;
  }
  if (!rules::isPillowMode(mode))
    return violation("pytorch-arithmetic-mode",
                     "integer_arithmetic = pytorch applies to bilinear_pillow "
                     "and bicubic_pillow only, got mode = " +
                         stringifyEnum(mode).str());
  if (type != rules::ElementType::U8)
    return violation(
        "pytorch-arithmetic-type",
        "integer_arithmetic = pytorch needs ui8 data (PyTorch's integer "
        "antialiased resize exists for uint8 only), got " +
            (type ? "'" + rules::stringifyElementType(*type).str() + "'"
                  : std::string("another element type")));
  if (mode == InterpolateV11Mode::BicubicPillow && cubeCoeff != -0.5)
    return violation("pytorch-arithmetic-cube-coeff",
                     "integer_arithmetic = pytorch needs cube_coeff = -0.5 "
                     "with bicubic_pillow (PyTorch's antialiased bicubic "
                     "fixes a = -0.5), got " +
                         formatNumber(cubeCoeff));
  return std::nullopt;
}

Result validation::checkTargetLength(int64_t length, int64_t numAxes) {
  if (length == numAxes)
    return std::nullopt;
  return violation("shape-length",
                   "'target_spatial_shape' has " + std::to_string(length) +
                       " elements but 'axes' has " + std::to_string(numAxes));
}

Result validation::checkSizes(llvm::StringRef name,
                              llvm::ArrayRef<int64_t> sizes) {
  rules::ScalarDomain d;
  for (auto [i, size] : llvm::enumerate(sizes))
    if (!rules::generic::isNonNegativeLength(d, size))
      return violation("sizes-sign", "'" + name.str() + "' value " +
                                         std::to_string(size) + " at index " +
                                         std::to_string(i) +
                                         " must be non-negative");
  return std::nullopt;
}

Result validation::checkScale(float scale, int64_t index,
                              llvm::StringRef name) {
  if (rules::isValidScale(scale))
    return std::nullopt;
  return violation("scales-value", "'" + name.str() + "' value " +
                                       formatNumber(scale) + " at index " +
                                       std::to_string(index) +
                                       " must be finite and > 0");
}

Result validation::checkScaleOverflow(float scale, int64_t index, int64_t axis,
                                      int64_t padded, llvm::StringRef name) {
  if (padded < 0 || rules::scaledLength(padded, scale))
    return std::nullopt;
  return violation("scales-overflow",
                   "'" + name.str() + "' value " + formatNumber(scale) +
                       " at index " + std::to_string(index) +
                       " makes output dimension " + std::to_string(axis) +
                       " exceed the supported " +
                       std::to_string(rules::kMaxDimension));
}

Result validation::checkLinearOnnxAxes(int64_t rank,
                                       llvm::ArrayRef<int64_t> axes) {
  if (rules::isLinearOnnxAxes(rank, axes))
    return std::nullopt;
  return violation("linear-onnx-axes",
                   std::string("mode = linear_onnx requires axes ") +
                       rules::linearOnnxAxesDescription() + "; got " +
                       formatList(axes) + " for rank " + std::to_string(rank));
}

Result validation::checkV1PadsOnAxes(llvm::ArrayRef<int64_t> axes,
                                     llvm::ArrayRef<int64_t> padsBegin,
                                     llvm::ArrayRef<int64_t> padsEnd) {
  for (auto [name, pads] :
       {std::pair{"pads_begin", padsBegin}, std::pair{"pads_end", padsEnd}})
    for (auto [d, pad] : llvm::enumerate(pads))
      if (pad != 0 && !llvm::is_contained(axes, static_cast<int64_t>(d)))
        return violation("v1-pads-axes",
                         std::string("'") + name + "' is " +
                             std::to_string(pad) + " on dimension " +
                             std::to_string(d) +
                             ", which is not in 'axes'; pads are allowed on "
                             "axes only");
  return std::nullopt;
}

Result validation::checkV1LinearRank(int64_t rank) {
  if (rank <= 5)
    return std::nullopt;
  return violation("v1-linear-rank",
                   "mode = linear supports rank <= 5, got rank " +
                       std::to_string(rank));
}

Result validation::checkOutputDim(int64_t dim, int64_t size) {
  rules::ScalarDomain d;
  if (rules::generic::isWithinMaxDimension(d, size))
    return std::nullopt;
  return violation("output-dims", "output dimension " + std::to_string(dim) +
                                      " would be " + std::to_string(size) +
                                      ", more than the supported " +
                                      std::to_string(rules::kMaxDimension));
}

Result validation::checkResultDim(int64_t dim, int64_t stated,
                                  int64_t inferred) {
  if (stated == inferred)
    return std::nullopt;
  return violation("result-dims", "result dimension " + std::to_string(dim) +
                                      " is " + std::to_string(stated) +
                                      " but the operands give " +
                                      std::to_string(inferred));
}

Result validation::checkEmptyAxis(int64_t axis, int64_t padded, int64_t out) {
  rules::ScalarDomain d;
  if (rules::generic::isValidEmptyAxis(d, padded, out))
    return std::nullopt;
  return violation("empty-axis", "axis " + std::to_string(axis) +
                                     " has an empty (padded) input and cannot "
                                     "be interpolated to length " +
                                     std::to_string(out));
}
