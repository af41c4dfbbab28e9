//===- TosaResizeRule.h - when tosa.resize is an interp op ------*- C++ -*-===//
//
// The decision of --convert-tosa-to-interp as a pure function: from the
// static facts of one tosa.resize (element types, per-axis lengths, scale,
// offset) to the interp.interpolate_v4 ops that compute, element for
// element, what upstream's --tosa-to-linalg lowering of that op computes, or
// the reason there are none.
//
// The criterion is a comparison of per-axis tables, not of formulas: both
// sides are separable, so an axis is reproduced when every output index
// reads the same input samples with the same weights. The TOSA side models
// the lowering's integer and element-type arithmetic (TosaRows.cpp); the
// interp side is rules::buildAxisTable, the code the lowering of interp
// itself builds its tables with. Formulas on the offsets alone are wrong at
// exact ties of nearest rounding, where TOSA rounds half up in exact integer
// arithmetic and interp in float64 from a (possibly float32) scale.
//
//===----------------------------------------------------------------------===//

#ifndef INTERP_CONVERSION_TOSATOINTERP_TOSARESIZERULE_H
#define INTERP_CONVERSION_TOSATOINTERP_TOSARESIZERULE_H

#include "interp/Dialect/Interp/IR/InterpEnums.h"

#include "llvm/ADT/SmallVector.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace mlir::interp::tosa_resize {

/// The element types the rule distinguishes (TOSA's, signless).
enum class Element { F16, BF16, F32, F64, I8, I16, I32, I48, I64, Other };

/// TOSA's resize modes (tosa::ResizeMode, without the MLIR dependency).
enum class Mode { NearestNeighbor, Bilinear };

/// One resized axis of a tosa.resize: H (axis 0) or W (axis 1).
struct Axis {
  int64_t inLength = 1;
  int64_t outLength = 1;
  int64_t scaleN = 1;
  int64_t scaleD = 1;
  int64_t offset = 0;
};

/// The static facts the rule needs. Border does not appear: upstream's
/// lowering uses it only through the output length.
struct Resize {
  Mode mode = Mode::NearestNeighbor;
  Element input = Element::Other;
  Element output = Element::Other;
  std::array<Axis, 2> axes;
};

/// One interp.interpolate_v4 on dimensions 1 + axis of the NHWC tensor.
struct Step {
  InterpolateMode mode = InterpolateMode::Nearest;
  ShapeCalcMode shapeMode = ShapeCalcMode::Sizes;
  CoordinateTransformMode coordinateMode = CoordinateTransformMode::HalfPixel;
  /// 0 = H, 1 = W; increasing.
  llvm::SmallVector<int, 2> axes;
  /// The `scales` operand, one per axis (givenScale; read in scales mode
  /// only).
  llvm::SmallVector<float, 2> scales;
};

/// What replaces the tosa.resize, in order: for integer BILINEAR first the
/// widening (sign-extend to i32, times scaleN(H) * scaleN(W), TOSA's
/// unnormalized scale), then the steps (none when both axes are the
/// identity).
struct Rewrite {
  bool widenToI32 = false;
  int64_t widenFactor = 1;
  llvm::SmallVector<Step, 2> steps;
  /// 0 when the result is upstream's element for element (on finite data
  /// under assumeFinite); otherwise the proven bound of the
  /// floatToleranceUlps rule, in its units.
  double errorBoundUlps = 0.0;
};

struct Options {
  /// Float BILINEAR computes `v0 * (1 - dx) + v1 * dx` with every tap, so a
  /// weight of 0 still turns an infinite or NaN neighbour into NaN; interp
  /// reads only the taps it needs. With assumeFinite the rule accepts float
  /// BILINEAR wherever the results agree for finite data.
  bool assumeFinite = false;
  /// Above 0: float BILINEAR that no mapping reproduces bit for bit is
  /// rewritten into one interp `linear` op when, for finite data, every
  /// output provably differs from upstream's by at most floatToleranceUlps
  /// times 2^(1 - p) max(M, m): p the element type's significand bits, M
  /// the largest |v| among the samples either side reads for that output
  /// (at most max |input|, the quantity of TOSA's RESIZE precision
  /// requirement), m the smallest normal number. Implies assumeFinite.
  double floatToleranceUlps = 0.0;
};

/// Either a rewrite or the reason why the op stays.
struct Decision {
  std::optional<Rewrite> rewrite;
  std::string reason;
};

/// A float32 scale for an axis: scaleN / scaleD rounded to nearest, or with
/// `below`, the largest float32 not above scaleN / scaleD. interp divides by
/// the scale in scales mode, so a scale just below the exact ratio moves
/// every coordinate up by a relative 2^-24 at most: exact ties then round
/// up, as TOSA's do, where a scale above the ratio would round them down.
float givenScale(const Axis &axis, bool below = false);

/// The rule.
Decision decide(const Resize &resize, const Options &options);

} // namespace mlir::interp::tosa_resize

#endif // INTERP_CONVERSION_TOSATOINTERP_TOSARESIZERULE_H
