//===- ShapeBuilder.cpp - interp output shapes as IR ----------------------===//
//
// The run-time form of rules::inferV4Shape / rules::inferV1Shape: static
// dimensions come from the rules library, dynamic ones from the same rules
// (AxisRules.h) in the IR domain.
//
//===----------------------------------------------------------------------===//

#include "interp/Dialect/Interp/IR/InterpShapes.h"
#include "interp/Semantics/AxisRules.h"
#include "interp/Semantics/IRDomain.h"
#include "interp/Semantics/Rules.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::interp;

/// Element `index` of the 1-D integer tensor `vector` as an index value.
static Value extractIndex(OpBuilder &b, Location loc, Value vector,
                          int64_t index) {
  auto type = cast<RankedTensorType>(vector.getType());
  auto intType = cast<IntegerType>(type.getElementType());
  if (!intType.isSignless()) {
    // arith works on signless integers only; reinterpret the bits.
    auto signless = IntegerType::get(b.getContext(), intType.getWidth());
    vector = tensor::BitcastOp::create(b, loc, type.clone(signless), vector);
  }
  Value position = arith::ConstantIndexOp::create(b, loc, index);
  Value element = tensor::ExtractOp::create(b, loc, vector, position);
  if (intType.isUnsigned())
    return arith::IndexCastUIOp::create(b, loc, b.getIndexType(), element);
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), element);
}

Value interp::extractScale(OpBuilder &b, Location loc, Value vector,
                           int64_t index) {
  Value position = arith::ConstantIndexOp::create(b, loc, index);
  Value element = tensor::ExtractOp::create(b, loc, vector, position);
  Type f32 = b.getF32Type();
  unsigned width = element.getType().getIntOrFloatBitWidth();
  if (width > 32)
    return arith::TruncFOp::create(b, loc, f32, element);
  if (element.getType() != f32)
    return arith::ExtFOp::create(b, loc, f32, element);
  return element;
}

/// The output length of scales mode (rules::generic::scaledLength) of an
/// index-typed padded length.
static Value buildScaledLength(OpBuilder &b, Location loc, Value padded,
                               Value scale) {
  rules::IRDomain d{b, loc};
  Value paddedI64 = arith::IndexCastOp::create(b, loc, b.getI64Type(), padded);
  Value length = rules::generic::scaledLength(d, paddedI64, scale);
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), length);
}

SmallVector<OpFoldResult> interp::buildPaddedSizes(OpBuilder &b, Location loc,
                                                   Value data,
                                                   ArrayRef<int64_t> padsBegin,
                                                   ArrayRef<int64_t> padsEnd) {
  auto type = cast<RankedTensorType>(data.getType());
  int64_t rank = type.getRank();
  SmallVector<int64_t> begin = rules::resizePads(padsBegin, rank);
  SmallVector<int64_t> end = rules::resizePads(padsEnd, rank);
  SmallVector<OpFoldResult> result;
  for (int64_t d = 0; d < rank; ++d) {
    if (!type.isDynamicDim(d)) {
      result.push_back(b.getIndexAttr(type.getDimSize(d) + begin[d] + end[d]));
      continue;
    }
    Value dim = tensor::DimOp::create(b, loc, data, d);
    if (begin[d] + end[d] != 0) {
      Value pad = arith::ConstantIndexOp::create(b, loc, begin[d] + end[d]);
      dim = arith::AddIOp::create(b, loc, dim, pad);
    }
    result.push_back(dim);
  }
  return result;
}

/// Interpolate-4 and -11: the shape operand their mode reads.
template <typename OpT>
static FailureOr<SmallVector<OpFoldResult>>
buildV4LikeResultSizes(OpBuilder &b, Location loc, OpT op) {
  if (!isa<RankedTensorType>(op.getData().getType()))
    return failure();
  std::optional<SmallVector<int64_t>> axes = op.getConstantAxes();
  if (!axes)
    return failure();
  SmallVector<int64_t> inferred = inferResultShape(op);
  SmallVector<OpFoldResult> result = buildPaddedSizes(
      b, loc, op.getData(), op.getPadsBegin(), op.getPadsEnd());
  bool sizesMode = op.getShapeCalculationMode() == ShapeCalcMode::Sizes;
  for (auto [i, axis] : llvm::enumerate(*axes)) {
    if (inferred[axis] != ShapedType::kDynamic) {
      result[axis] = b.getIndexAttr(inferred[axis]);
      continue;
    }
    if (sizesMode) {
      result[axis] = extractIndex(b, loc, op.getSizes(), i);
      continue;
    }
    Value padded = getValueOrCreateConstantIndexOp(b, loc, result[axis]);
    Value scale = extractScale(b, loc, op.getScales(), i);
    result[axis] = buildScaledLength(b, loc, padded, scale);
  }
  return result;
}

FailureOr<SmallVector<OpFoldResult>>
interp::buildResultSizes(OpBuilder &b, Location loc, InterpolateV4Op op) {
  return buildV4LikeResultSizes(b, loc, op);
}

FailureOr<SmallVector<OpFoldResult>>
interp::buildResultSizes(OpBuilder &b, Location loc, InterpolateV11Op op) {
  return buildV4LikeResultSizes(b, loc, op);
}

FailureOr<SmallVector<OpFoldResult>>
interp::buildResultSizes(OpBuilder &b, Location loc, InterpolateV1Op op) {
  auto type = dyn_cast<RankedTensorType>(op.getData().getType());
  if (!type)
    return failure();
  SmallVector<int64_t> inferred = inferResultShape(op);
  SmallVector<OpFoldResult> result;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    if (inferred[d] != ShapedType::kDynamic)
      result.push_back(b.getIndexAttr(inferred[d]));
    else
      result.push_back(OpFoldResult(
          tensor::DimOp::create(b, loc, op.getData(), d).getResult()));
  }
  for (auto [i, axis] : llvm::enumerate(op.getAxes()))
    if (inferred[axis] == ShapedType::kDynamic)
      result[axis] = extractIndex(b, loc, op.getTargetSpatialShape(), i);
  return result;
}
