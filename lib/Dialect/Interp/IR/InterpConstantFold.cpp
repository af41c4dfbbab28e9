//===- InterpConstantFold.cpp - fold interp ops on constants --------------===//
//
// An interp op whose operands are all constants folds to a constant computed
// by the reference implementation, up to kMaxFoldedElements result elements
// (a compiler should not spend seconds or megabytes on one constant).
//
//===----------------------------------------------------------------------===//

#include "interp/Dialect/Interp/IR/InterpConstantFold.h"
#include "interp/Dialect/Interp/IR/InterpShapes.h"
#include "interp/Reference/Reference.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/Error.h"

#include <cstring>

using namespace mlir;
using namespace mlir::interp;
using reference::ElementType;

std::optional<ElementType> interp::toReferenceElementType(Type type) {
  if (type.isF16())
    return ElementType::F16;
  if (type.isBF16())
    return ElementType::BF16;
  if (type.isF32())
    return ElementType::F32;
  if (type.isF64())
    return ElementType::F64;
  if (type.isSignlessInteger(8))
    return ElementType::I8;
  if (type.isUnsignedInteger(8))
    return ElementType::U8;
  if (type.isSignlessInteger(32))
    return ElementType::I32;
  if (type.isSignlessInteger(64))
    return ElementType::I64;
  return std::nullopt;
}

std::optional<reference::Tensor> interp::toReferenceTensor(Attribute attr) {
  auto dense = dyn_cast_or_null<DenseElementsAttr>(attr);
  if (!dense)
    return std::nullopt;
  std::optional<ElementType> type =
      toReferenceElementType(dense.getElementType());
  if (!type || !dense.getType().hasStaticShape())
    return std::nullopt;
  reference::Tensor tensor;
  tensor.type = *type;
  tensor.shape.assign(dense.getType().getShape().begin(),
                      dense.getType().getShape().end());
  size_t size = reference::elementSize(*type);
  int64_t count = dense.getNumElements();
  ArrayRef<char> raw = dense.getRawData();
  tensor.data.resize(count * size);
  for (int64_t i = 0; i < count; ++i)
    std::memcpy(tensor.data.data() + i * size,
                raw.data() + (dense.isSplat() ? 0 : i * size), size);
  return tensor;
}

static DenseElementsAttr toAttr(const reference::Tensor &tensor,
                                ShapedType type) {
  ArrayRef<char> raw(reinterpret_cast<const char *>(tensor.data.data()),
                     tensor.data.size());
  return DenseElementsAttr::getFromRawBuffer(type, raw);
}

reference::V4Attributes interp::toReferenceAttributes(InterpolateV4Op op) {
  reference::V4Attributes attrs;
  attrs.mode = op.getMode();
  attrs.shapeCalculationMode = op.getShapeCalculationMode();
  attrs.coordinateTransformationMode = op.getCoordinateTransformationMode();
  attrs.nearestMode = op.getNearestMode();
  attrs.antialias = op.getAntialias();
  attrs.padsBegin.assign(op.getPadsBegin().begin(), op.getPadsBegin().end());
  attrs.padsEnd.assign(op.getPadsEnd().begin(), op.getPadsEnd().end());
  attrs.cubeCoeff = op.getCubeCoeff().convertToDouble();
  return attrs;
}

reference::V1Attributes interp::toReferenceAttributes(InterpolateV1Op op) {
  reference::V1Attributes attrs;
  attrs.axes.assign(op.getAxes().begin(), op.getAxes().end());
  attrs.mode = op.getMode();
  attrs.alignCorners = op.getAlignCorners();
  attrs.antialias = op.getAntialias();
  attrs.padsBegin.assign(op.getPadsBegin().begin(), op.getPadsBegin().end());
  attrs.padsEnd.assign(op.getPadsEnd().begin(), op.getPadsEnd().end());
  return attrs;
}

reference::V11Attributes interp::toReferenceAttributes(InterpolateV11Op op) {
  reference::V11Attributes attrs;
  attrs.mode = op.getMode();
  attrs.shapeCalculationMode = op.getShapeCalculationMode();
  attrs.coordinateTransformationMode = op.getCoordinateTransformationMode();
  attrs.nearestMode = op.getNearestMode();
  attrs.antialias = op.getAntialias();
  attrs.padsBegin.assign(op.getPadsBegin().begin(), op.getPadsBegin().end());
  attrs.padsEnd.assign(op.getPadsEnd().begin(), op.getPadsEnd().end());
  attrs.cubeCoeff = op.getCubeCoeff().convertToDouble();
  attrs.integerArithmetic = op.getIntegerArithmetic();
  return attrs;
}

/// The evaluated constant in `resultType`, or null when the reference
/// rejected the operands or disagrees with the declared shape.
static OpFoldResult toFoldResult(llvm::Expected<reference::Tensor> result,
                                 Type resultType) {
  if (!result) {
    llvm::consumeError(result.takeError());
    return {};
  }
  auto type = cast<RankedTensorType>(resultType);
  if (!llvm::equal(result->shape, type.getShape()))
    return {};
  return toAttr(*result, type);
}

/// Whether the result type can hold a folded constant of `count` elements.
static bool isFoldableResult(Type resultType) {
  auto type = dyn_cast<RankedTensorType>(resultType);
  return type && type.hasStaticShape() &&
         type.getNumElements() <= kMaxFoldedElements;
}

OpFoldResult interp::foldConstantInterpolate(InterpolateV4Op op,
                                             InterpolateV4Op::FoldAdaptor in) {
  if (!isFoldableResult(op.getResult().getType()))
    return {};
  std::optional<reference::Tensor> data = toReferenceTensor(in.getData());
  auto sizes = dyn_cast_or_null<DenseIntElementsAttr>(in.getSizes());
  auto scales = dyn_cast_or_null<DenseFPElementsAttr>(in.getScales());
  auto axesAttr = dyn_cast_or_null<DenseIntElementsAttr>(in.getAxes());
  if (!data || !sizes || !scales || (op.getAxes() && !axesAttr))
    return {};
  SmallVector<int64_t> sizeValues = getIntegers(sizes);
  SmallVector<float> scaleValues = getScales(scales);
  SmallVector<int64_t> axes;
  if (axesAttr)
    axes = getIntegers(axesAttr);

  llvm::Expected<reference::Tensor> result = reference::evaluateV4(
      *data, sizeValues, scaleValues,
      axesAttr ? std::optional<ArrayRef<int64_t>>(axes) : std::nullopt,
      toReferenceAttributes(op));
  return toFoldResult(std::move(result), op.getResult().getType());
}

OpFoldResult interp::foldConstantInterpolate(InterpolateV1Op op,
                                             InterpolateV1Op::FoldAdaptor in) {
  if (!isFoldableResult(op.getResult().getType()))
    return {};
  std::optional<reference::Tensor> data = toReferenceTensor(in.getData());
  auto target =
      dyn_cast_or_null<DenseIntElementsAttr>(in.getTargetSpatialShape());
  if (!data || !target)
    return {};
  SmallVector<int64_t> targetValues = getIntegers(target);
  llvm::Expected<reference::Tensor> result =
      reference::evaluateV1(*data, targetValues, toReferenceAttributes(op));
  return toFoldResult(std::move(result), op.getResult().getType());
}

OpFoldResult interp::foldConstantInterpolate(InterpolateV11Op op,
                                             InterpolateV11Op::FoldAdaptor in) {
  if (!isFoldableResult(op.getResult().getType()))
    return {};
  std::optional<reference::Tensor> data = toReferenceTensor(in.getData());
  auto axesAttr = dyn_cast_or_null<DenseIntElementsAttr>(in.getAxes());
  if (!data || (op.getAxes() && !axesAttr))
    return {};
  SmallVector<int64_t> sizes, axes;
  SmallVector<float> scales;
  if (op.getShapeCalculationMode() == ShapeCalcMode::Sizes) {
    auto attr = dyn_cast_or_null<DenseIntElementsAttr>(in.getScalesOrSizes());
    if (!attr)
      return {};
    sizes = getIntegers(attr);
  } else {
    auto attr = dyn_cast_or_null<DenseFPElementsAttr>(in.getScalesOrSizes());
    if (!attr)
      return {};
    scales = getScales(attr);
  }
  if (axesAttr)
    axes = getIntegers(axesAttr);
  llvm::Expected<reference::Tensor> result = reference::evaluateV11(
      *data, sizes, scales,
      axesAttr ? std::optional<ArrayRef<int64_t>>(axes) : std::nullopt,
      toReferenceAttributes(op));
  return toFoldResult(std::move(result), op.getResult().getType());
}
