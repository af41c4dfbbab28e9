//===- InterpolateV11.cpp - interp.interpolate_v11 ------------------------===//
//
// Interpolate-11 is Interpolate-4 with one shape operand, so its verifier and
// shape inference are Interpolate-4's (ResizeOpVerification.h) with
// `scales_or_sizes` in the role its mode gives it, plus the rules of the
// Pillow modes and of interp's integer_arithmetic extension
// (docs/Semantics.md, "Interpolate-11").
//
//===----------------------------------------------------------------------===//

#include "ResizeOpVerification.h"

#include "interp/Dialect/Interp/IR/InterpConstantFold.h"
#include "interp/Semantics/Rules.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/Sequence.h"

using namespace mlir;
using namespace mlir::interp;
using namespace mlir::interp::opverify;

bool InterpolateV11Op::isPillowMode() { return rules::isPillowMode(getMode()); }

Value InterpolateV11Op::getSizes() {
  return getShapeCalculationMode() == ShapeCalcMode::Sizes ? getScalesOrSizes()
                                                           : Value();
}

Value InterpolateV11Op::getScales() {
  return getShapeCalculationMode() == ShapeCalcMode::Scales ? getScalesOrSizes()
                                                            : Value();
}

std::optional<SmallVector<int64_t>> InterpolateV11Op::getConstantAxes() {
  std::optional<int64_t> rank = getRank(getData().getType());
  if (!getAxes()) {
    if (!rank)
      return std::nullopt;
    return llvm::to_vector(llvm::seq<int64_t>(0, *rank));
  }
  return getConstantIntegers(getAxes());
}

/// scales_or_sizes as Interpolate-4's sizes and scales operands (one null).
static std::pair<Value, Value> shapeOperands(Value scalesOrSizes,
                                             ShapeCalcMode mode) {
  if (mode == ShapeCalcMode::Sizes)
    return {scalesOrSizes, Value()};
  return {Value(), scalesOrSizes};
}

SmallVector<int64_t> interp::inferResultShape(InterpolateV11Op op) {
  auto [sizes, scales] =
      shapeOperands(op.getScalesOrSizes(), op.getShapeCalculationMode());
  return inferV4LikeShape(cast<ShapedType>(op.getData().getType()), sizes,
                          scales, op.getAxes(), op.getPadsBegin(),
                          op.getPadsEnd(), op.getShapeCalculationMode());
}

/// pillow-rank, pillow-constant-axes, pillow-axes.
static LogicalResult verifyPillow(InterpolateV11Op op) {
  std::optional<int64_t> rank = getRank(op.getData().getType());
  if (!rank)
    return success();
  if (auto v = validation::checkPillowRank(*rank))
    return fail(op, *v);
  std::optional<SmallVector<int64_t>> axes = op.getConstantAxes();
  bool absent = !op.getAxes();
  if (auto v = validation::checkPillowAxesKnown(axes.has_value() && !absent,
                                                absent, *rank))
    return fail(op, *v);
  if (auto v = validation::checkPillowAxes(*axes))
    return fail(op, *v);
  return success();
}

LogicalResult InterpolateV11Op::verify() {
  Operation *op = getOperation();
  Type shapeElement =
      cast<ShapedType>(getScalesOrSizes().getType()).getElementType();
  if (auto v = validation::checkScalesOrSizesType(
          getShapeCalculationMode(), isa<IntegerType>(shapeElement)))
    return fail(op, *v);
  // interp's extension: which 8-bit arithmetic the Pillow modes follow.
  if (auto v = validation::checkIntegerArithmetic(
          getIntegerArithmetic(), getMode(),
          toReferenceElementType(
              cast<ShapedType>(getData().getType()).getElementType()),
          getCubeCoeff().convertToDouble()))
    return fail(op, *v);

  V4LikeOperands operands;
  operands.op = op;
  operands.data = getData();
  operands.result = getResult();
  std::tie(operands.sizes, operands.scales) =
      shapeOperands(getScalesOrSizes(), getShapeCalculationMode());
  operands.axesOperand = getAxes();
  operands.axes = getConstantAxes();
  operands.shapeMode = getShapeCalculationMode();
  operands.padsBegin = getPadsBegin();
  operands.padsEnd = getPadsEnd();
  operands.cubeCoeff = getCubeCoeff().convertToDouble();
  operands.linearOnnx = getMode() == InterpolateV11Mode::LinearOnnx;
  operands.shapeOperandName = "scales_or_sizes";
  // The Pillow rules first: they decide which axes are valid at all.
  if (isPillowMode() && failed(verifyPillow(*this)))
    return failure();
  return verifyV4LikeOp(operands, [&] { return inferResultShape(*this); });
}

LogicalResult InterpolateV11Op::inferReturnTypeComponents(
    MLIRContext *context, std::optional<Location> location,
    ValueShapeRange operands, DictionaryAttr attributes,
    OpaqueProperties properties, RegionRange regions,
    SmallVectorImpl<ShapedTypeComponents> &inferredReturnShapes) {
  Adaptor adaptor(operands, attributes, properties, regions);
  auto dataType = cast<ShapedType>(adaptor.getData().getType());
  if (!dataType.hasRank()) {
    inferredReturnShapes.emplace_back(dataType.getElementType());
    return success();
  }
  auto [sizes, scales] = shapeOperands(adaptor.getScalesOrSizes(),
                                       adaptor.getShapeCalculationMode());
  inferredReturnShapes.emplace_back(
      inferV4LikeShape(dataType, sizes, scales, adaptor.getAxes(),
                       adaptor.getPadsBegin(), adaptor.getPadsEnd(),
                       adaptor.getShapeCalculationMode()),
      dataType.getElementType());
  return success();
}

LogicalResult
InterpolateV11Op::reifyResultShapes(OpBuilder &builder,
                                    ReifiedRankedShapedTypeDims &shapes) {
  return reifyInterpolateShapes(*this, builder, shapes);
}

OpFoldResult InterpolateV11Op::fold(FoldAdaptor adaptor) {
  if (isIdentityResize(*this, getMode() == InterpolateV11Mode::Linear &&
                                  getAntialias()))
    return getData();
  return foldConstantInterpolate(*this, adaptor);
}
