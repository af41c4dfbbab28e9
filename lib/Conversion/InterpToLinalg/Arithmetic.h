//===- Arithmetic.h - element arithmetic and op values in IR ----*- C++ -*-===//
//
// How a pass computes with elements (the accumulator or fixed point, the
// conversions and the store rule: ElementConversion.cpp) and the op-level
// values it reads (OpParameters.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef LIB_CONVERSION_INTERPTOLINALG_ARITHMETIC_H
#define LIB_CONVERSION_INTERPTOLINALG_ARITHMETIC_H

#include "ResizeSpec.h"

namespace mlir::interp::lowering {

/// The element types of one lowering: the data's, and the accumulator's.
struct ElementTypes {
  Type data;
  FloatType accumulator;
  bool isUnsigned = false;
  /// The Pillow modes on 8-bit data sum in fixed point (SEMANTICS-v11.md
  /// step 9): i32 weights and i32 sums instead of the float accumulator.
  std::optional<rules::FixedPointSums> fixedPoint;

  /// The element type of the weight tables: the accumulator, or i32 (each
  /// weight quantized by rules::fixedPointWeight) for fixed-point sums.
  Type weight() const {
    return fixedPoint ? Type(IntegerType::get(accumulator.getContext(), 32))
                      : Type(accumulator);
  }
};

//===----------------------------------------------------------------------===//
// ElementConversion.cpp: the accumulator and the store rule in IR.
//===----------------------------------------------------------------------===//

/// f64 accumulation for element types float32 cannot hold exactly
/// (rules::accumulatesInFloat64).
FloatType accumulatorType(Type elementType);
/// Reinterprets an unsigned scalar as signless or back (arith only takes
/// signless integers).
Value castSignedness(OpBuilder &b, Location loc, Value value, Type type);
Value zeroOf(OpBuilder &b, Location loc, Type type);
/// A data element in the accumulator type.
Value toAccumulator(OpBuilder &b, Location loc, Value value, FloatType accType,
                    bool isUnsigned);
/// An 8-bit data element in the accumulator type read from a table of the
/// 256 values instead of converted: in a scalar loop (a pass that gathers),
/// a load where the conversion would take a float pipe per tap.
/// Other element types convert as toAccumulator does.
Value toAccumulatorByTable(OpBuilder &b, Location loc, Value value,
                           FloatType accType, bool isUnsigned);
/// The value a pass yields into `init`: the accumulated sum, or, when `init`
/// holds the data type, the sum stored by docs/Semantics.md's store rule.
Value storeAccumulated(OpBuilder &b, Location loc, Value sum, Value init,
                       FloatType accType, bool isUnsigned);

/// The sum of a pass's taps, in `types`' arithmetic: float (the accumulator)
/// or fixed point, with the pass's `fractionBits` (an i32, AxisTables::
/// fractionBits; unused for float sums). sumStart is where each output's sum
/// starts: +0, or the fixed-point rounding bias. addTap adds `weight` times the
/// data element `element` (by table where a float pass `gathers` 8-bit data),
/// to `sum` or, when `sum` is null, to nothing. storeSum is what the pass
/// yields into `init`: storeAccumulated's value, or the fixed-point store
/// (shift, clamp, narrow).
Value sumStart(OpBuilder &b, Location loc, const ElementTypes &types,
               Value fractionBits);
Value addTap(OpBuilder &b, Location loc, Value sum, Value weight, Value element,
             const ElementTypes &types, bool gathers);
Value storeSum(OpBuilder &b, Location loc, Value sum, Value init,
               const ElementTypes &types, Value fractionBits);

//===----------------------------------------------------------------------===//
// OpParameters.cpp: op-level values in IR.
//===----------------------------------------------------------------------===//

Value asIndexValue(OpBuilder &b, Location loc, OpFoldResult ofr);
Value asI64(OpBuilder &b, Location loc, OpFoldResult ofr);
/// The given scale of axis `i` as an f32 value (scales mode).
Value scaleValue(OpBuilder &b, Location loc, const ResizeSpec &spec, int64_t i);
/// Whether antialias widens the triangle filter (rules::antialiasActive):
/// a constant when decidable at compile time, an i1 value otherwise.
std::variant<bool, Value> antialiasActive(OpBuilder &b, Location loc,
                                          const ResizeSpec &spec,
                                          ArrayRef<OpFoldResult> paddedSizes);

} // namespace mlir::interp::lowering

#endif // LIB_CONVERSION_INTERPTOLINALG_ARITHMETIC_H
