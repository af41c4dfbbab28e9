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

} // namespace mlir::interp::rules

#endif // INTERP_SEMANTICS_ELEMENTTYPE_H
