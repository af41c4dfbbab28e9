//===- TosaRows.h - what upstream's lowering reads, per axis ----*- C++ -*-===//
//
// Private to lib/Conversion/TosaToInterp. A model of upstream MLIR 22's
// --tosa-to-linalg lowering of tosa.resize (GenericResizeConverter and the
// broadcast/unary patterns that handle length-1 inputs), one axis at a time:
// which input samples each output index reads and with which weights,
// computed with the lowering's own arithmetic (i32 integer division, the
// delta rounded in the element type). The rule compares these rows with
// interp's tables.
//
//===----------------------------------------------------------------------===//

#ifndef LIB_CONVERSION_TOSATOINTERP_TOSAROWS_H
#define LIB_CONVERSION_TOSATOINTERP_TOSAROWS_H

#include "interp/Conversion/TosaToInterp/TosaResizeRule.h"

#include "llvm/ADT/APFloat.h"

#include <vector>

namespace mlir::interp::tosa_resize {

/// The float semantics of a float element, or nullptr.
const llvm::fltSemantics *floatSemantics(Element element);

/// nullptr when the lowering's integer arithmetic on `axis` is exact (the
/// coordinates `o * d + offset` and, for integer NEAREST, twice the
/// remainder fit in i32; integers convert to the float types exactly),
/// otherwise why not. `isFloat`: the element type is a float.
const char *checkAxisArithmetic(const Axis &axis, bool isFloat);

/// NEAREST_NEIGHBOR: the input index each output index copies.
std::vector<int64_t> nearestRow(const Axis &axis, Element element);

/// Float BILINEAR, one output index: `v[index0] * weight0 + v[index1] *
/// weight1` with the weights as the lowering computes them in the element
/// type (`weight1 = dx`, `weight0 = 1 - dx`), widened exactly to double.
struct FloatTaps {
  int64_t index0 = 0;
  int64_t index1 = 0;
  double weight0 = 1.0;
  double weight1 = 0.0;
  /// True when the lowering returns `v[index0]` unchanged: the input length
  /// is 1 (no arithmetic at all) or dx is 0 (`v0 * 1 + v1 * 0`, which is
  /// `v0` for finite `v1`).
  bool passesSample() const { return weight1 == 0.0; }
  /// True when dx != 0 but both taps clamped to one sample (negative
  /// coordinates, or past the last sample): `v * (1 - dx) + v * dx`, which
  /// rounds differently from `v`.
  bool clampedBlend() const { return weight1 != 0.0 && index0 == index1; }
};
std::vector<FloatTaps> floatBilinearRow(const Axis &axis, Element element);

/// Integer BILINEAR, one output index: `v[index0] * weight0 + v[index1] *
/// weight1` in integers, with weights summing to scaleN (the lowering does
/// not normalize). Negative weights come from the truncating division at
/// negative coordinates: linear extrapolation.
struct IntegerTaps {
  int64_t index0 = 0;
  int64_t index1 = 0;
  int64_t weight0 = 0;
  int64_t weight1 = 0;
};
std::vector<IntegerTaps> integerBilinearRow(const Axis &axis);

} // namespace mlir::interp::tosa_resize

#endif // LIB_CONVERSION_TOSATOINTERP_TOSAROWS_H
