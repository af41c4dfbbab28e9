//===- InterpOps.cpp - interp operations: verifiers, inference, folds -----===//
//
// The verifiers implement "Validation" of docs/Semantics.md. Every rule
// reports the attribute or operand it concerns and the offending value; the
// diagnostics are tested one by one in test/Dialect/Interp/invalid.mlir.
//
//===----------------------------------------------------------------------===//

#include "interp/Dialect/Interp/IR/InterpOps.h"
#include "ResizeOpVerification.h"
#include "interp/Dialect/Interp/IR/InterpConstantFold.h"
#include "interp/Dialect/Interp/IR/InterpShapes.h"
#include "interp/Semantics/Rules.h"
#include "interp/Semantics/Validation.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/STLExtras.h"

#include <cmath>

using namespace mlir;
using namespace mlir::interp;
using namespace mlir::interp::opverify;

//===----------------------------------------------------------------------===//
// Constant operands
//===----------------------------------------------------------------------===//

SmallVector<int64_t> interp::getIntegers(DenseIntElementsAttr attr) {
  bool isUnsigned = attr.getElementType().isUnsignedInteger();
  SmallVector<int64_t> result;
  for (const APInt &element : attr.getValues<APInt>()) {
    if (isUnsigned && element.getActiveBits() > 63)
      result.push_back(std::numeric_limits<int64_t>::max());
    else
      result.push_back(isUnsigned ? static_cast<int64_t>(element.getZExtValue())
                                  : element.getSExtValue());
  }
  return result;
}

SmallVector<float> interp::getScales(DenseFPElementsAttr attr) {
  SmallVector<float> result;
  for (APFloat element : attr.getValues<APFloat>()) {
    bool losesInfo = false;
    element.convert(APFloat::IEEEsingle(), APFloat::rmNearestTiesToEven,
                    &losesInfo);
    result.push_back(element.convertToFloat());
  }
  return result;
}

std::optional<SmallVector<int64_t>> interp::getConstantIntegers(Value value) {
  DenseIntElementsAttr attr;
  if (!value || !matchPattern(value, m_Constant(&attr)))
    return std::nullopt;
  return getIntegers(attr);
}

std::optional<SmallVector<float>> interp::getConstantScales(Value value) {
  DenseFPElementsAttr attr;
  if (!value || !matchPattern(value, m_Constant(&attr)))
    return std::nullopt;
  return getScales(attr);
}

//===----------------------------------------------------------------------===//
// Shared verification helpers
//===----------------------------------------------------------------------===//

/// Emits `violation` (interp/Semantics/Validation.h) on `op`.
LogicalResult opverify::fail(Operation *op, const validation::Violation &v) {
  return op->emitOpError(v.message);
}

std::optional<int64_t> opverify::getRank(Type type) {
  auto shaped = cast<ShapedType>(type);
  if (!shaped.hasRank())
    return std::nullopt;
  return shaped.getRank();
}

std::string opverify::typeString(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "'" << type << "'";
  return text;
}

LogicalResult opverify::verifyDataAndResult(Operation *op, Type dataType,
                                            Type resultType) {
  auto data = cast<ShapedType>(dataType);
  auto result = cast<ShapedType>(resultType);
  // element-type: only types can break it, so it lives with the verifier.
  if (data.getElementType() != result.getElementType())
    return op->emitOpError("result element type ")
           << result.getElementType() << " must equal the data element type "
           << data.getElementType();
  if (data.hasRank())
    if (auto v = validation::checkDataRank(data.getRank()))
      return fail(op, *v);
  if (data.hasRank() && result.hasRank())
    if (auto v = validation::checkResultRank(result.getRank(), data.getRank()))
      return fail(op, *v);
  for (auto [name, type] :
       {std::pair{"data", data}, std::pair{"result", result}})
    if (type.hasStaticShape())
      if (auto v = validation::checkElementCount(name, typeString(type),
                                                 type.getShape()))
        return fail(op, *v);
  return success();
}

LogicalResult opverify::verifyPads(Operation *op, StringRef name,
                                   ArrayRef<int64_t> pads,
                                   std::optional<int64_t> rank) {
  if (auto v = validation::checkPads(name, pads, rank))
    return fail(op, *v);
  return success();
}

/// A static result dimension must equal the inferred one, and an axis whose
/// padded input is empty cannot produce elements.
LogicalResult
opverify::verifyResultShape(Operation *op, ShapedType dataType,
                            ShapedType resultType, ArrayRef<int64_t> inferred,
                            ArrayRef<int64_t> paddedInput,
                            std::optional<ArrayRef<int64_t>> axes) {
  for (auto [d, size] : llvm::enumerate(inferred))
    if (size != ShapedType::kDynamic)
      if (auto v = validation::checkOutputDim(d, size))
        return fail(op, *v);
  if (resultType.hasRank()) {
    for (auto [d, size] : llvm::enumerate(resultType.getShape())) {
      if (size == ShapedType::kDynamic || inferred[d] == ShapedType::kDynamic)
        continue;
      if (auto v = validation::checkResultDim(d, size, inferred[d]))
        return fail(op, *v);
    }
  }
  if (!axes)
    return success();
  for (int64_t axis : *axes) {
    int64_t out = inferred[axis];
    if (out == ShapedType::kDynamic && resultType.hasRank())
      out = resultType.getDimSize(axis);
    if (out == ShapedType::kDynamic)
      continue;
    if (auto v = validation::checkEmptyAxis(axis, paddedInput[axis], out))
      return fail(op, *v);
  }
  return success();
}

SmallVector<int64_t> opverify::paddedShape(ShapedType dataType,
                                           ArrayRef<int64_t> padsBegin,
                                           ArrayRef<int64_t> padsEnd) {
  int64_t rank = dataType.getRank();
  SmallVector<int64_t> begin = rules::resizePads(padsBegin, rank);
  SmallVector<int64_t> end = rules::resizePads(padsEnd, rank);
  SmallVector<int64_t> result;
  for (int64_t d = 0; d < rank; ++d)
    result.push_back(
        rules::paddedLength(dataType.getDimSize(d), begin[d], end[d]));
  return result;
}

//===----------------------------------------------------------------------===//
// InterpolateV4Op
//===----------------------------------------------------------------------===//

std::optional<SmallVector<int64_t>> InterpolateV4Op::getConstantAxes() {
  std::optional<int64_t> rank = getRank(getData().getType());
  if (!getAxes()) {
    if (!rank)
      return std::nullopt;
    return llvm::to_vector(llvm::seq<int64_t>(0, *rank));
  }
  return getConstantIntegers(getAxes());
}

SmallVector<int64_t>
opverify::inferV4LikeShape(ShapedType dataType, Value sizes, Value scales,
                           Value axesOperand, ArrayRef<int64_t> padsBegin,
                           ArrayRef<int64_t> padsEnd, ShapeCalcMode shapeMode) {
  std::optional<SmallVector<int64_t>> axes;
  if (!axesOperand)
    axes = llvm::to_vector(llvm::seq<int64_t>(0, dataType.getRank()));
  else
    axes = getConstantIntegers(axesOperand);
  std::optional<SmallVector<int64_t>> sizeValues = getConstantIntegers(sizes);
  std::optional<SmallVector<float>> scaleValues = getConstantScales(scales);
  auto asRef = [](auto &opt) {
    return opt ? std::optional(ArrayRef(*opt)) : std::nullopt;
  };
  return rules::inferV4Shape(dataType.getShape(), padsBegin, padsEnd,
                             asRef(axes), shapeMode, asRef(sizeValues),
                             asRef(scaleValues));
}

SmallVector<int64_t> interp::inferResultShape(InterpolateV4Op op) {
  return opverify::inferV4LikeShape(cast<ShapedType>(op.getData().getType()),
                                    op.getSizes(), op.getScales(), op.getAxes(),
                                    op.getPadsBegin(), op.getPadsEnd(),
                                    op.getShapeCalculationMode());
}

LogicalResult
opverify::verifyV4LikeOp(const V4LikeOperands &operands,
                         function_ref<SmallVector<int64_t>()> inferShape) {
  Operation *op = operands.op;
  auto dataType = cast<ShapedType>(operands.data.getType());
  auto resultType = cast<ShapedType>(operands.result.getType());
  std::optional<int64_t> rank = getRank(dataType);
  if (failed(verifyDataAndResult(op, dataType, resultType)) ||
      failed(verifyPads(op, "pads_begin", operands.padsBegin, rank)) ||
      failed(verifyPads(op, "pads_end", operands.padsEnd, rank)))
    return failure();

  if (auto v = validation::checkCubeCoeff(operands.cubeCoeff))
    return fail(op, *v);

  const std::optional<SmallVector<int64_t>> &axes = operands.axes;
  if (axes)
    if (auto v = validation::checkAxes(*axes, rank,
                                       /*strictlyIncreasing=*/false))
      return fail(op, *v);

  // The number of axes, when known, fixes the length of sizes or scales.
  std::optional<int64_t> numAxes;
  if (axes)
    numAxes = axes->size();
  else if (operands.axesOperand &&
           !cast<ShapedType>(operands.axesOperand.getType()).isDynamicDim(0))
    numAxes = cast<ShapedType>(operands.axesOperand.getType()).getDimSize(0);
  ShapeCalcMode shapeMode = operands.shapeMode;
  bool sizesMode = shapeMode == ShapeCalcMode::Sizes;
  Value shapeOperand = sizesMode ? operands.sizes : operands.scales;
  int64_t shapeLength = cast<ShapedType>(shapeOperand.getType()).getDimSize(0);
  if (numAxes && shapeLength != ShapedType::kDynamic)
    if (auto v =
            operands.shapeOperandName == "scales_or_sizes"
                ? validation::checkScalesOrSizesLength(shapeLength, *numAxes)
                : validation::checkShapeLength(shapeMode, shapeLength,
                                               *numAxes))
      return fail(op, *v);

  if (sizesMode) {
    if (auto sizes = getConstantIntegers(operands.sizes))
      if (auto v = validation::checkSizes(operands.shapeOperandName, *sizes))
        return fail(op, *v);
  } else if (auto scales = getConstantScales(operands.scales)) {
    for (auto [i, scale] : llvm::enumerate(*scales))
      if (auto v = validation::checkScale(scale, i, operands.shapeOperandName))
        return fail(op, *v);
  }

  if (operands.linearOnnx && rank && axes)
    if (auto v = validation::checkLinearOnnxAxes(*rank, *axes))
      return fail(op, *v);

  if (!rank)
    return success();
  SmallVector<int64_t> padded =
      paddedShape(dataType, operands.padsBegin, operands.padsEnd);
  // A scale that overflows the output length leaves the dimension unknown
  // in inference; report it here.
  if (!sizesMode && axes) {
    if (auto scales = getConstantScales(operands.scales))
      for (auto [i, axis] : llvm::enumerate(*axes))
        if (i < scales->size() && padded[axis] != ShapedType::kDynamic)
          if (auto v = validation::checkScaleOverflow(
                  (*scales)[i], i, axis, padded[axis],
                  operands.shapeOperandName))
            return fail(op, *v);
  }
  return verifyResultShape(op, dataType, resultType, inferShape(), padded,
                           axes ? std::optional(ArrayRef(*axes))
                                : std::nullopt);
}

LogicalResult InterpolateV4Op::verify() {
  opverify::V4LikeOperands operands;
  operands.op = getOperation();
  operands.data = getData();
  operands.result = getResult();
  operands.sizes = getSizes();
  operands.scales = getScales();
  operands.axesOperand = getAxes();
  operands.axes = getConstantAxes();
  operands.shapeMode = getShapeCalculationMode();
  operands.padsBegin = getPadsBegin();
  operands.padsEnd = getPadsEnd();
  operands.cubeCoeff = getCubeCoeff().convertToDouble();
  operands.linearOnnx = getMode() == InterpolateMode::LinearOnnx;
  operands.shapeOperandName =
      operands.shapeMode == ShapeCalcMode::Sizes ? "sizes" : "scales";
  return opverify::verifyV4LikeOp(operands,
                                  [&] { return inferResultShape(*this); });
}

LogicalResult InterpolateV4Op::inferReturnTypeComponents(
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
  inferredReturnShapes.emplace_back(
      opverify::inferV4LikeShape(dataType, adaptor.getSizes(),
                                 adaptor.getScales(), adaptor.getAxes(),
                                 adaptor.getPadsBegin(), adaptor.getPadsEnd(),
                                 adaptor.getShapeCalculationMode()),
      dataType.getElementType());
  return success();
}

LogicalResult
InterpolateV4Op::reifyResultShapes(OpBuilder &builder,
                                   ReifiedRankedShapedTypeDims &shapes) {
  return reifyInterpolateShapes(*this, builder, shapes);
}

OpFoldResult InterpolateV4Op::fold(FoldAdaptor adaptor) {
  if (isIdentityResize(*this,
                       getMode() == InterpolateMode::Linear && getAntialias()))
    return getData();
  return foldConstantInterpolate(*this, adaptor);
}

//===----------------------------------------------------------------------===//
// InterpolateV1Op
//===----------------------------------------------------------------------===//

SmallVector<int64_t> interp::inferResultShape(InterpolateV1Op op) {
  auto dataType = cast<ShapedType>(op.getData().getType());
  std::optional<SmallVector<int64_t>> target =
      getConstantIntegers(op.getTargetSpatialShape());
  return rules::inferV1Shape(dataType.getShape(), op.getAxes(),
                             target ? std::optional(ArrayRef(*target))
                                    : std::nullopt);
}

LogicalResult InterpolateV1Op::verify() {
  Operation *op = getOperation();
  auto dataType = cast<ShapedType>(getData().getType());
  auto resultType = cast<ShapedType>(getResult().getType());
  std::optional<int64_t> rank = getRank(dataType);
  if (failed(verifyDataAndResult(op, dataType, resultType)) ||
      failed(verifyPads(op, "pads_begin", getPadsBegin(), rank)) ||
      failed(verifyPads(op, "pads_end", getPadsEnd(), rank)))
    return failure();
  ArrayRef<int64_t> axes = getAxes();
  if (auto v = validation::checkAxes(axes, rank, /*strictlyIncreasing=*/true))
    return fail(op, *v);

  int64_t targetLength =
      cast<ShapedType>(getTargetSpatialShape().getType()).getDimSize(0);
  if (targetLength != ShapedType::kDynamic)
    if (auto v = validation::checkTargetLength(targetLength, axes.size()))
      return fail(op, *v);
  if (auto target = getConstantIntegers(getTargetSpatialShape()))
    if (auto v = validation::checkSizes("target_spatial_shape", *target))
      return fail(op, *v);

  // Non-zero pads only on axes: OpenVINO's shape inference ignores them
  // elsewhere while its evaluation applies them.
  if (auto v =
          validation::checkV1PadsOnAxes(axes, getPadsBegin(), getPadsEnd()))
    return fail(op, *v);

  if (getMode() == InterpolateV1Mode::Linear && rank)
    if (auto v = validation::checkV1LinearRank(*rank))
      return fail(op, *v);

  if (!rank)
    return success();
  SmallVector<int64_t> padded =
      paddedShape(dataType, getPadsBegin(), getPadsEnd());
  return verifyResultShape(op, dataType, resultType, inferResultShape(*this),
                           padded, axes);
}

LogicalResult InterpolateV1Op::inferReturnTypeComponents(
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
  std::optional<SmallVector<int64_t>> target =
      getConstantIntegers(adaptor.getTargetSpatialShape());
  inferredReturnShapes.emplace_back(
      rules::inferV1Shape(dataType.getShape(), adaptor.getAxes(),
                          target ? std::optional(ArrayRef(*target))
                                 : std::nullopt),
      dataType.getElementType());
  return success();
}

LogicalResult
InterpolateV1Op::reifyResultShapes(OpBuilder &builder,
                                   ReifiedRankedShapedTypeDims &shapes) {
  return reifyInterpolateShapes(*this, builder, shapes);
}

/// Same shape, no pads: every Interpolate-1 mode is the identity then.
static bool isIdentity(InterpolateV1Op op) {
  return keepsStaticShapeWithoutPads(op);
}

OpFoldResult InterpolateV1Op::fold(FoldAdaptor adaptor) {
  if (isIdentity(*this))
    return getData();
  return foldConstantInterpolate(*this, adaptor);
}

#define GET_OP_CLASSES
#include "interp/Dialect/Interp/IR/InterpOps.cpp.inc"
