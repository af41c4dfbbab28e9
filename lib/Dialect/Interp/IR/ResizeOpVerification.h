//===- ResizeOpVerification.h - what the interp verifiers share -*- C++ -*-===//
//
// Private to lib/Dialect/Interp/IR: the verification and inference steps
// Interpolate-1, -4 and -11 have in common. Each rule itself lives in
// interp/Semantics/Validation.h; these helpers report it on an op.
//
//===----------------------------------------------------------------------===//

#ifndef LIB_DIALECT_INTERP_IR_RESIZEOPVERIFICATION_H
#define LIB_DIALECT_INTERP_IR_RESIZEOPVERIFICATION_H

#include "interp/Dialect/Interp/IR/InterpOps.h"
#include "interp/Dialect/Interp/IR/InterpShapes.h"
#include "interp/Semantics/Validation.h"

#include "mlir/Interfaces/InferTypeOpInterface.h"

namespace mlir::interp::opverify {

/// Emits `violation` on `op`.
LogicalResult fail(Operation *op, const validation::Violation &violation);

/// The rank of a shaped type, or nullopt when it is unranked.
std::optional<int64_t> getRank(Type type);

/// `'type'` as MLIR prints it.
std::string typeString(Type type);

/// element-type, data-rank, result-rank, element-count.
LogicalResult verifyDataAndResult(Operation *op, Type dataType,
                                  Type resultType);

/// pads-range, pads-length.
LogicalResult verifyPads(Operation *op, StringRef name, ArrayRef<int64_t> pads,
                         std::optional<int64_t> rank);

/// output-dims, result-dims, empty-axis against the `inferred` shape.
LogicalResult verifyResultShape(Operation *op, ShapedType dataType,
                                ShapedType resultType,
                                ArrayRef<int64_t> inferred,
                                ArrayRef<int64_t> paddedInput,
                                std::optional<ArrayRef<int64_t>> axes);

/// The data shape after the pads (dynamic dims stay dynamic).
SmallVector<int64_t> paddedShape(ShapedType dataType,
                                 ArrayRef<int64_t> padsBegin,
                                 ArrayRef<int64_t> padsEnd);

/// What Interpolate-4 and Interpolate-11 verify alike: the operands in
/// Interpolate-4's terms (Interpolate-11 has only the one shape operand its
/// mode reads; the other is null).
struct V4LikeOperands {
  Operation *op = nullptr;
  Value data, result, sizes, scales, axesOperand;
  /// The constant axes (or every dimension when absent), if known.
  std::optional<SmallVector<int64_t>> axes;
  ShapeCalcMode shapeMode = ShapeCalcMode::Sizes;
  ArrayRef<int64_t> padsBegin, padsEnd;
  double cubeCoeff = -0.75;
  bool linearOnnx = false;
  /// The shape operand's name in diagnostics.
  StringRef shapeOperandName;
};

/// Every Interpolate-4 rule on `operands`; `inferShape` gives the inferred
/// result shape once the operands it reads are valid.
LogicalResult verifyV4LikeOp(const V4LikeOperands &operands,
                             function_ref<SmallVector<int64_t>()> inferShape);

/// Interpolate-4's result shape from its operands (null sizes or scales:
/// not given); unknown dims are ShapedType::kDynamic.
SmallVector<int64_t> inferV4LikeShape(ShapedType dataType, Value sizes,
                                      Value scales, Value axesOperand,
                                      ArrayRef<int64_t> padsBegin,
                                      ArrayRef<int64_t> padsEnd,
                                      ShapeCalcMode shapeMode);

/// The result dimensions of `op` as buildResultSizes builds them.
template <typename OpT>
LogicalResult reifyInterpolateShapes(OpT op, OpBuilder &builder,
                                     ReifiedRankedShapedTypeDims &shapes) {
  FailureOr<SmallVector<OpFoldResult>> sizes =
      buildResultSizes(builder, op.getLoc(), op);
  if (failed(sizes))
    return failure();
  shapes.push_back(std::move(*sizes));
  return success();
}

/// True when `op` has no pads and its result has the data's static type
/// and the shape the rules give: the first half of every identity test.
template <typename OpT> bool keepsStaticShapeWithoutPads(OpT op) {
  auto dataType = dyn_cast<RankedTensorType>(op.getData().getType());
  if (!dataType || dataType != op.getResult().getType() ||
      !dataType.hasStaticShape())
    return false;
  auto isZero = [](int64_t p) { return p == 0; };
  if (!llvm::all_of(op.getPadsBegin(), isZero) ||
      !llvm::all_of(op.getPadsEnd(), isZero))
    return false;
  return llvm::equal(inferResultShape(op), dataType.getShape());
}

/// True when an Interpolate-4-like op provably returns its input: no pads,
/// every output dimension equals its input dimension (so every coordinate is
/// the output index itself; the Pillow modes' window is then one tap of
/// weight 1), and no antialiased triangle filter (`antialiasedLinear`) is
/// widened by a scale slightly below 1 that still keeps the length.
template <typename OpT> bool isIdentityResize(OpT op, bool antialiasedLinear) {
  if (!keepsStaticShapeWithoutPads(op))
    return false;
  if (antialiasedLinear &&
      op.getShapeCalculationMode() == ShapeCalcMode::Scales) {
    std::optional<SmallVector<float>> scales =
        getConstantScales(op.getScales());
    if (!scales || llvm::any_of(*scales, [](float s) { return s < 1.0f; }))
      return false;
  }
  return true;
}

} // namespace mlir::interp::opverify

#endif // LIB_DIALECT_INTERP_IR_RESIZEOPVERIFICATION_H
