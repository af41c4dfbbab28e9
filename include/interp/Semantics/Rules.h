//===- Rules.h - the one home of interp's coordinate and shape rules -*- C++
//-*-===//
//
// Pure C++ (no MLIR IR) transcription of the rules in docs/Semantics.md that
// every part of interp shares: padding, output-shape computation, the
// coordinate transform, nearest rounding, kernel weights and the
// Interpolate-1 -> Interpolate-4 mapping. The verifier, shape inference, the
// lowering's per-axis tables and the reference implementation all call these
// functions, so a rule changes in one place.
//
//===----------------------------------------------------------------------===//

#ifndef INTERP_SEMANTICS_RULES_H
#define INTERP_SEMANTICS_RULES_H

#include "interp/Dialect/Interp/IR/InterpEnums.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <limits>
#include <optional>

namespace mlir::interp::rules {

/// Marks an unknown dimension; equal to mlir::ShapedType::kDynamic.
inline constexpr int64_t kDynamic = std::numeric_limits<int64_t>::min();

/// Largest output dimension interp accepts. Keeps every index computation and
/// element count of a dimension far from int64 overflow.
inline constexpr int64_t kMaxDimension = int64_t(1) << 48;

/// The largest buffer a 64-bit address space has room for (x86-64 and
/// AArch64 user space: 2^47 bytes): larger static shapes are compile-time
/// errors.
inline constexpr uint64_t kMaxBufferBytes = uint64_t(1) << 47;

/// The number of elements of a static `shape` (0 when any dimension is 0),
/// or std::nullopt when it does not fit int64.
std::optional<int64_t> elementCount(llvm::ArrayRef<int64_t> shape);

/// `pads` resized to `rank`: missing entries are zero, extra entries dropped.
llvm::SmallVector<int64_t> resizePads(llvm::ArrayRef<int64_t> pads,
                                      int64_t rank);

/// `len + begin + end`, or kDynamic when `len` is.
int64_t paddedLength(int64_t len, int64_t begin, int64_t end);

/// The epsilon OpenVINO adds to a scale before it multiplies the length
/// (float32), in AxisRules.h's scaledProduct.
inline constexpr float kScaleEpsilon = 1e-6f;

/// Output length in scales mode: `padded` when `scale == 1.0f`, otherwise
/// `trunc(float(padded) * (scale + kScaleEpsilon))` in float32 arithmetic
/// (AxisRules.h). std::nullopt when the result is not finite or exceeds
/// kMaxDimension.
std::optional<int64_t> scaledLength(int64_t padded, float scale);

/// True when `scale` is usable as an Interpolate-4 scale: finite and > 0.
bool isValidScale(float scale);

/// The scale the coordinate transform divides by: the given scale (as float32,
/// widened) in scales mode, `out / padded` in float64 in sizes mode.
double coordinateScale(ShapeCalcMode shapeMode, float givenScale,
                       int64_t outLength, int64_t paddedLength);

/// Maps output index `x` on an axis to an input coordinate, in float64.
/// Includes the identity short-circuit: when `scale == 1` or
/// `outLength == inLength` the coordinate is `x` itself, in every mode.
double transformCoordinate(CoordinateTransformMode mode, int64_t x,
                           double scale, int64_t outLength, int64_t inLength);

/// Rounds a coordinate to a source index by `mode` (unclamped).
/// `isDownsample` is `scale < 1` for the dimension.
int64_t roundNearest(NearestMode mode, double coordinate, bool isDownsample);

/// Clamps `index` into `[0, length - 1]`.
int64_t clampIndex(int64_t index, int64_t length);

/// Rounds half away from zero (the `round` the linear kernel uses for its
/// window centre).
double roundHalfAwayFromZero(double value);

/// Keys cubic convolution kernel with parameter `a` at distance `t`.
double cubicWeight(double a, double t);

/// Triangle filter weight `max(0, 1 - |a * d|)`.
double triangleWeight(double a, double d);

/// A normalized Pillow weight in fixed point (AxisRules.h,
/// pillowFixedWeight).
int32_t pillowFixedWeight(double w);

/// Whether Pillow 13.0 runs the vertical pass (h) first (AxisRules.h,
/// pillowVerticalFirst).
bool pillowVerticalFirst(int64_t inH, int64_t outH, int64_t inW, int64_t outW);

/// PyTorch's antialiased bicubic filter at `x` (AxisRules.h,
/// torchCubicWeight).
double torchCubicWeight(double x);

/// PyTorch's uint8 weight precision of an axis whose largest normalized
/// weight is `largest` (AxisRules.h, torchWeightPrecision): 0 to 22.
int torchWeightPrecision(double largest);

/// A normalized weight as PyTorch's int16 weight at `precision` fraction
/// bits (AxisRules.h, torchFixedWeight).
int32_t torchFixedWeight(double w, int precision);

/// Window radius of the linear kernel on one axis: 2 when upsampling,
/// otherwise ceil(2 / a).
int64_t linearRadius(double scale, double a);

/// Whether antialias widens the linear kernel's triangle filter: the mode
/// is linear, antialias is set and any axis's coordinate scale
/// (coordinateScale) is below 1. Every axis then uses a = its own scale.
bool antialiasActive(bool isLinear, bool antialias,
                     llvm::ArrayRef<double> axisScales);

/// True when `axes` is one of the exact lists linear_onnx accepts for `rank`.
bool isLinearOnnxAxes(int64_t rank, llvm::ArrayRef<int64_t> axes);

/// Human-readable list of the linear_onnx axes lists, for diagnostics.
const char *linearOnnxAxesDescription();

/// Output shape of Interpolate-4. `inShape` may contain kDynamic; `axes`,
/// `sizes` and `scales` are std::nullopt when not constant. Dimensions that
/// cannot be known are kDynamic. Assumes the operands passed verification
/// (in-range unique axes, matching lengths, valid values).
llvm::SmallVector<int64_t>
inferV4Shape(llvm::ArrayRef<int64_t> inShape, llvm::ArrayRef<int64_t> padsBegin,
             llvm::ArrayRef<int64_t> padsEnd,
             std::optional<llvm::ArrayRef<int64_t>> axes, ShapeCalcMode mode,
             std::optional<llvm::ArrayRef<int64_t>> sizes,
             std::optional<llvm::ArrayRef<float>> scales);

/// Output shape of Interpolate-1: axis dims from `target` (kDynamic when not
/// constant), every other dim the unpadded input dim.
llvm::SmallVector<int64_t>
inferV1Shape(llvm::ArrayRef<int64_t> inShape, llvm::ArrayRef<int64_t> axes,
             std::optional<llvm::ArrayRef<int64_t>> target);

/// The Interpolate-4 parameters equivalent to an Interpolate-1 op
/// (OpenVINO's ConvertInterpolate1ToInterpolate4, see docs/Semantics.md).
struct V1AsV4 {
  InterpolateMode mode;
  CoordinateTransformMode coordinateMode;
  NearestMode nearestMode;
  bool antialias;
  double cubeCoeff;
};
/// std::nullopt for `area`, which has no Interpolate-4 form.
std::optional<V1AsV4> mapV1ToV4(InterpolateV1Mode mode, int64_t rank,
                                llvm::ArrayRef<int64_t> axes, bool alignCorners,
                                bool antialias,
                                llvm::ArrayRef<int64_t> padsBegin,
                                llvm::ArrayRef<int64_t> padsEnd);

/// bilinear_pillow and bicubic_pillow: the Interpolate-11 modes of their own
/// (docs/Semantics.md, "Interpolate-11").
bool isPillowMode(InterpolateV11Mode mode);

/// The Interpolate-4 mode an Interpolate-11 mode is (nearest, linear,
/// linear_onnx and cubic are Interpolate-4's exactly); std::nullopt for the
/// Pillow modes.
std::optional<InterpolateMode> v4ModeOf(InterpolateV11Mode mode);

} // namespace mlir::interp::rules

#endif // INTERP_SEMANTICS_RULES_H
