//===- Reference.h - slow, readable evaluation of interp ops ----*- C++ -*-===//
//
// A direct transliteration of docs/Semantics.md that evaluates
// interp.interpolate_v4, interp.interpolate_v1 and interp.interpolate_v11 on
// host tensors. Every output element is computed on its own by visiting every
// tap of every axis at once (never separably, never through per-axis tables),
// so that it is an independent derivation to test the compiler's separable
// lowering against. The Pillow modes of v11 are two passes by definition; the
// reference computes their windows itself (lib/Reference/InterpolateV11.cpp).
// The rules that must agree everywhere (shapes, coordinate transform,
// rounding, weights, the v1 -> v4 mapping) come from interp/Semantics/Rules.h.
//
// Invalid operands produce an llvm::Error, never a crash.
//
//===----------------------------------------------------------------------===//

#ifndef INTERP_REFERENCE_REFERENCE_H
#define INTERP_REFERENCE_REFERENCE_H

#include "interp/Dialect/Interp/IR/InterpEnums.h"
#include "interp/Semantics/ElementType.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace mlir::interp::reference {

using rules::accumulatesInFloat64;
using rules::elementSize;
using rules::ElementType;
using rules::stringifyElementType;

/// A dense row-major tensor holding raw element bytes (host byte order).
struct Tensor {
  ElementType type = ElementType::F32;
  llvm::SmallVector<int64_t> shape;
  std::vector<uint8_t> data;

  /// A tensor of `shape` whose bytes are all zero (the value 0 in every
  /// element type). `shape` must be non-negative.
  static Tensor zeros(ElementType type, llvm::ArrayRef<int64_t> shape);

  /// A tensor of `shape` holding `values` (row-major), each stored as by
  /// setFromDouble. `values.size()` must equal the element count.
  static Tensor fromDoubles(ElementType type, llvm::ArrayRef<int64_t> shape,
                            llvm::ArrayRef<double> values);

  /// Product of `shape`. `shape` must be non-negative and small enough for
  /// the product to fit in int64 (true for any tensor the reference built).
  int64_t numElements() const;

  /// The element at `flatIndex` as a double (exact except for i64 values
  /// beyond 2^53).
  double getAsDouble(int64_t flatIndex) const;

  /// The element at `flatIndex` of an integer tensor, exactly; for float
  /// tensors getAsDouble truncated toward zero, saturated, NaN as 0.
  int64_t getAsInteger(int64_t flatIndex) const;

  /// Stores `value` at `flatIndex` with the rounding of a non-nearest kernel:
  /// floating types round to nearest even (NaN and infinities kept); integer
  /// types round to nearest, ties to even, saturate, and map NaN to 0.
  void setFromDouble(int64_t flatIndex, double value);

  /// All elements as doubles, row-major.
  std::vector<double> toDoubles() const;
};

/// Interpolate-4 attributes (the op's attributes; sizes, scales and axes are
/// operands and passed separately).
struct V4Attributes {
  InterpolateMode mode = InterpolateMode::Nearest;
  ShapeCalcMode shapeCalculationMode = ShapeCalcMode::Sizes;
  CoordinateTransformMode coordinateTransformationMode =
      CoordinateTransformMode::HalfPixel;
  NearestMode nearestMode = NearestMode::RoundPreferFloor;
  bool antialias = false;
  /// Per-dimension pads; shorter lists are zero-filled to the rank.
  llvm::SmallVector<int64_t> padsBegin, padsEnd;
  /// Cubic parameter `a`; used as float32, like the op attribute.
  double cubeCoeff = -0.75;
};

/// Interpolate-1 attributes.
struct V1Attributes {
  /// Interpolated dimensions, strictly increasing.
  llvm::SmallVector<int64_t> axes;
  InterpolateV1Mode mode = InterpolateV1Mode::Nearest;
  bool alignCorners = true;
  bool antialias = false;
  /// Per-dimension pads; non-zero entries are allowed on `axes` only.
  llvm::SmallVector<int64_t> padsBegin, padsEnd;
};

/// Interpolate-11 attributes (scales_or_sizes and axes are operands).
struct V11Attributes {
  InterpolateV11Mode mode = InterpolateV11Mode::Nearest;
  ShapeCalcMode shapeCalculationMode = ShapeCalcMode::Sizes;
  CoordinateTransformMode coordinateTransformationMode =
      CoordinateTransformMode::HalfPixel;
  NearestMode nearestMode = NearestMode::RoundPreferFloor;
  bool antialias = false;
  llvm::SmallVector<int64_t> padsBegin, padsEnd;
  /// cubic: used as float32; bicubic_pillow: the float64 value.
  double cubeCoeff = -0.75;
  /// The Pillow modes on ui8 and i8: Pillow 13.0's fixed point, or (interp's
  /// extension, ui8 only) PyTorch's CPU uint8 antialias arithmetic.
  IntegerArithmetic integerArithmetic = IntegerArithmetic::Pillow;
};

/// Most elements the reference will produce or materialize (the padded
/// input included); larger requests are reported as errors.
inline constexpr int64_t kMaxReferenceElements = int64_t(1) << 31;

/// Evaluates interp.interpolate_v4. `sizes` is read in sizes mode and
/// `scales` in scales mode (the other may be empty); `axes` defaults to
/// [0, rank). Returns a tensor of `data.type`, or an error describing why the
/// operands are invalid.
llvm::Expected<Tensor> evaluateV4(const Tensor &data,
                                  llvm::ArrayRef<int64_t> sizes,
                                  llvm::ArrayRef<float> scales,
                                  std::optional<llvm::ArrayRef<int64_t>> axes,
                                  const V4Attributes &attrs);

/// Evaluates interp.interpolate_v1 with `targetSpatialShape` giving the
/// output length of each of `attrs.axes`. nearest, linear and cubic run as
/// the Interpolate-4 op rules::mapV1ToV4 names; area is interp's own box
/// filter.
llvm::Expected<Tensor> evaluateV1(const Tensor &data,
                                  llvm::ArrayRef<int64_t> targetSpatialShape,
                                  const V1Attributes &attrs);

/// Evaluates interp.interpolate_v11. `sizes` is read in sizes mode and
/// `scales` in scales mode (the operand scales_or_sizes, as the mode reads
/// it; the other may be empty); `axes` defaults to [0, rank). nearest,
/// linear, linear_onnx and cubic are Interpolate-4's; the Pillow modes are
/// docs/Semantics.md's "Interpolate-11" steps.
llvm::Expected<Tensor> evaluateV11(const Tensor &data,
                                   llvm::ArrayRef<int64_t> sizes,
                                   llvm::ArrayRef<float> scales,
                                   std::optional<llvm::ArrayRef<int64_t>> axes,
                                   const V11Attributes &attrs);

} // namespace mlir::interp::reference

#endif // INTERP_REFERENCE_REFERENCE_H
