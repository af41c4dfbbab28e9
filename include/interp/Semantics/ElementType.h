//===- ElementType.h - interp's data element types and their rules -*- C++
//-*-===//
//
// The element types interp computes on, and the rules that depend on them
// ("7. Precision and stores" of docs/Semantics.md): which accumulate in
// float64, and the saturation bounds of the integer store. The lowering,
// the reference implementation and the runtime use these, so the rules
// exist once.
//
//===----------------------------------------------------------------------===//

#ifndef INTERP_SEMANTICS_ELEMENTTYPE_H
#define INTERP_SEMANTICS_ELEMENTTYPE_H

#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <cstdint>
#include <optional>

namespace mlir::interp::rules {

/// The data element types interp supports. I8/I32/I64 are signed (interp
/// treats signless integers as signed); U8 is unsigned.
enum class ElementType { F16, BF16, F32, F64, I8, U8, I32, I64 };

/// Bytes per element of `type`.
size_t elementSize(ElementType type);

/// True for the floating-point types (f16, bf16, f32, f64).
bool isFloat(ElementType type);

/// Lower-case MLIR spelling of `type` ("f16", "bf16", ..., "ui8", ...).
llvm::StringRef stringifyElementType(ElementType type);

/// True when the linear, linear_onnx, cubic and area kernels weigh and
/// accumulate in float64 for `type` (f64, i32, i64: float32 cannot hold
/// their values exactly), false when they use float32 (f16, bf16, f32, i8,
/// u8).
bool accumulatesInFloat64(ElementType type);

/// The integer store saturates to [lowest, highest], both exact doubles:
/// the type's range, except that int64's highest is the largest double
/// below 2^63 (2^63 - 1 is not a double). std::nullopt for floating types.
struct SaturationBounds {
  double lowest;
  double highest;
};
std::optional<SaturationBounds> saturationBounds(ElementType type);

/// The fraction bits of Pillow's 8-bit weights (PRECISION_BITS = 32 - 8 -
/// 2): an 8-bit sample times a weight, summed with the bias, fits in int32
/// even where the bicubic lobes make the weights sum past 1 in magnitude.
inline constexpr int kPillowPrecisionBits = 22;

/// The most fraction bits PyTorch's uint8 weights get (the precision loop
/// of _compute_index_ranges_int16_weights stops there) and the bound their
/// magnitude stays below (int16).
inline constexpr int kTorchMaxPrecisionBits = 22;
inline constexpr int64_t kTorchWeightLimit = int64_t(1) << 15;

/// Sums in fixed point, the arithmetic of the Pillow modes on 8-bit data
/// (SEMANTICS-v11.md step 9): weights with `fractionBits` fraction bits
/// (AxisRules.h, pillowFixedWeight), each pass's int32 sum starting at
/// 2^(fractionBits - 1), shifted right arithmetically by fractionBits and
/// clamped to [lowest, highest] into the element type.
///
/// `scheme` says whose arithmetic it is:
///   - Pillow (the default): Pillow 13.0's, fractionBits = 22 in every pass,
///     Pillow's pass order (pillowVerticalFirst).
///   - PyTorch (`integer_arithmetic = pytorch`, ui8 only): PyTorch's CPU
///     uint8 antialias arithmetic. Each pass has its own precision p, chosen
///     from the axis' largest normalized weight (AxisRules.h,
///     torchWeightPrecision; 0 < p <= 22, so fractionBits holds the bound
///     22, not the value); the weights are torchFixedWeight's int16 values at
///     p, the sum starts at 2^(p - 1) and is shifted right by p, then clamped
///     to [0, 255]; the `w` pass always runs first; the bicubic filter is
///     torchCubicWeight. docs/Semantics.md, "PyTorch's arithmetic".
struct FixedPointSums {
  enum class Scheme { Pillow, PyTorch };
  int fractionBits;
  int64_t lowest, highest;
  Scheme scheme = Scheme::Pillow;
};
/// The Pillow modes' arithmetic on `type`: fixed point for u8 and i8,
/// std::nullopt (float sums, steps 6-8) for every other type.
std::optional<FixedPointSums> pillowFixedPoint(ElementType type);
/// The Pillow modes' arithmetic with `integer_arithmetic = pytorch`: the
/// PyTorch scheme for u8, std::nullopt for every other type (the verifier
/// rejects them).
std::optional<FixedPointSums> torchFixedPoint(ElementType type);

} // namespace mlir::interp::rules

#endif // INTERP_SEMANTICS_ELEMENTTYPE_H
