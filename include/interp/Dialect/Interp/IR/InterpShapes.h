//===- InterpShapes.h - output shapes of interp ops as IR -------*- C++ -*-===//
//
// Builds the result dimensions of an interp op as IR values, for dynamic
// shapes: used by ReifyRankedShapedTypeOpInterface and by the lowering, so the
// run-time shape computation exists once. The rules are those of
// interp/Semantics/Rules.h, transcribed to arith ops.
//
//===----------------------------------------------------------------------===//

#ifndef INTERP_DIALECT_INTERP_IR_INTERPSHAPES_H
#define INTERP_DIALECT_INTERP_IR_INTERPSHAPES_H

#include "interp/Dialect/Interp/IR/InterpOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpDefinition.h"

namespace mlir::interp {

/// The elements of an integer constant as int64. Unsigned values that do not
/// fit int64 saturate to INT64_MAX.
SmallVector<int64_t> getIntegers(DenseIntElementsAttr attr);

/// The elements of a floating-point constant rounded to float32 (the
/// precision OpenVINO reads scales in).
SmallVector<float> getScales(DenseFPElementsAttr attr);

/// getIntegers of the constant `value` (an integer tensor), or std::nullopt.
std::optional<SmallVector<int64_t>> getConstantIntegers(Value value);

/// getScales of the constant `value`, or std::nullopt.
std::optional<SmallVector<float>> getConstantScales(Value value);

/// Result shape of `op` from its operand types and constant operands;
/// unknown dims are ShapedType::kDynamic. Requires ranked data.
SmallVector<int64_t> inferResultShape(InterpolateV4Op op);
SmallVector<int64_t> inferResultShape(InterpolateV1Op op);
SmallVector<int64_t> inferResultShape(InterpolateV11Op op);

/// Every result dimension of `op` as an OpFoldResult (an index attribute
/// where static, an index value computed from the operands otherwise).
/// Fails when the data rank is unknown or, for Interpolate-4 and -11, when
/// `axes` is not constant.
FailureOr<SmallVector<OpFoldResult>>
buildResultSizes(OpBuilder &builder, Location loc, InterpolateV4Op op);
FailureOr<SmallVector<OpFoldResult>>
buildResultSizes(OpBuilder &builder, Location loc, InterpolateV1Op op);
FailureOr<SmallVector<OpFoldResult>>
buildResultSizes(OpBuilder &builder, Location loc, InterpolateV11Op op);

/// Element `index` of the 1-D float tensor `scales` as an f32 value (the
/// precision OpenVINO reads scales in).
Value extractScale(OpBuilder &builder, Location loc, Value scales,
                   int64_t index);

/// The padded input dimensions of `data` (pads resized to its rank, as
/// rules::resizePads does) as OpFoldResults.
SmallVector<OpFoldResult> buildPaddedSizes(OpBuilder &builder, Location loc,
                                           Value data,
                                           ArrayRef<int64_t> padsBegin,
                                           ArrayRef<int64_t> padsEnd);

} // namespace mlir::interp

#endif // INTERP_DIALECT_INTERP_IR_INTERPSHAPES_H
