//===- InterpOps.cpp - interp operations: verifiers, inference, folds -----===//
//
// The verifiers implement "Validation" of docs/Semantics.md. Every rule
// reports the attribute or operand it concerns and the offending value; the
// diagnostics are tested one by one in test/Dialect/Interp/invalid.mlir.
//
//===----------------------------------------------------------------------===//

#include "interp/Dialect/Interp/IR/InterpOps.h"
#include "interp/Dialect/Interp/IR/InterpConstantFold.h"
#include "interp/Dialect/Interp/IR/InterpShapes.h"
#include "interp/Semantics/Rules.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallSet.h"

#include <cmath>

using namespace mlir;
using namespace mlir::interp;

//===----------------------------------------------------------------------===//
// Constant operands
//===----------------------------------------------------------------------===//

std::optional<SmallVector<int64_t>> interp::getConstantIntegers(Value value) {
  DenseIntElementsAttr attr;
  if (!value || !matchPattern(value, m_Constant(&attr)))
    return std::nullopt;
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

std::optional<SmallVector<float>> interp::getConstantScales(Value value) {
  DenseFPElementsAttr attr;
  if (!value || !matchPattern(value, m_Constant(&attr)))
    return std::nullopt;
  SmallVector<float> result;
  for (APFloat element : attr.getValues<APFloat>()) {
    bool losesInfo = false;
    element.convert(APFloat::IEEEsingle(), APFloat::rmNearestTiesToEven,
                    &losesInfo);
    result.push_back(element.convertToFloat());
  }
  return result;
}

//===----------------------------------------------------------------------===//
// Shared verification helpers
//===----------------------------------------------------------------------===//

/// `values` as `[a, b, c]`, for diagnostics.
static std::string formatList(ArrayRef<int64_t> values) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "[";
  llvm::interleaveComma(values, os);
  os << "]";
  return text;
}

static std::optional<int64_t> getRank(Type type) {
  auto shaped = cast<ShapedType>(type);
  if (!shaped.hasRank())
    return std::nullopt;
  return shaped.getRank();
}

static LogicalResult verifyDataAndResult(Operation *op, Type dataType,
                                         Type resultType) {
  auto data = cast<ShapedType>(dataType);
  auto result = cast<ShapedType>(resultType);
  if (data.getElementType() != result.getElementType())
    return op->emitOpError("result element type ")
           << result.getElementType() << " must equal the data element type "
           << data.getElementType();
  if (data.hasRank() && data.getRank() < 1)
    return op->emitOpError("'data' must have rank >= 1, got rank 0");
  if (data.hasRank() && result.hasRank() && data.getRank() != result.getRank())
    return op->emitOpError("result rank ")
           << result.getRank() << " must equal the data rank "
           << data.getRank();
  for (auto [name, type] :
       {std::pair{"data", data}, std::pair{"result", result}})
    if (type.hasStaticShape() && !rules::elementCount(type.getShape()))
      return op->emitOpError("'") << name << "' type " << type
                                  << " has more elements than int64 can count";
  return success();
}

static LogicalResult verifyPads(Operation *op, StringRef name,
                                ArrayRef<int64_t> pads,
                                std::optional<int64_t> rank) {
  for (auto [i, pad] : llvm::enumerate(pads))
    if (pad < 0 || pad > rules::kMaxDimension)
      return op->emitOpError("'")
             << name << "' value " << pad << " at index " << i
             << " must be non-negative and at most " << rules::kMaxDimension;
  if (rank && static_cast<int64_t>(pads.size()) > *rank)
    return op->emitOpError("'")
           << name << "' has " << pads.size()
           << " entries, more than the data rank " << *rank;
  return success();
}

/// Axes must be unique and, when the rank is known, in [0, rank).
/// `strictlyIncreasing` adds Interpolate-1's ordering rule.
static LogicalResult verifyAxes(Operation *op, ArrayRef<int64_t> axes,
                                std::optional<int64_t> rank,
                                bool strictlyIncreasing) {
  llvm::SmallSet<int64_t, 8> seen;
  for (auto [i, axis] : llvm::enumerate(axes)) {
    if (axis < 0 || (rank && axis >= *rank)) {
      auto diag = op->emitOpError("'axes' value ")
                  << axis << " at index " << i << " is out of range";
      if (rank)
        diag << " for data of rank " << *rank << " (expected 0 <= axis < "
             << *rank << ")";
      else
        diag << " (axes must be non-negative)";
      return diag;
    }
    if (!seen.insert(axis).second)
      return op->emitOpError("'axes' contains ") << axis << " twice";
    if (strictlyIncreasing && i > 0 && axes[i - 1] > axis)
      return op->emitOpError("'axes' must be strictly increasing, got ")
             << formatList(axes);
  }
  return success();
}

/// A static result dimension must equal the inferred one, and an axis whose
/// padded input is empty cannot produce elements.
static LogicalResult verifyResultShape(Operation *op, ShapedType dataType,
                                       ShapedType resultType,
                                       ArrayRef<int64_t> inferred,
                                       ArrayRef<int64_t> paddedInput,
                                       std::optional<ArrayRef<int64_t>> axes) {
  for (auto [d, size] : llvm::enumerate(inferred)) {
    if (size != ShapedType::kDynamic && size > rules::kMaxDimension)
      return op->emitOpError("output dimension ")
             << d << " would be " << size << ", more than the supported "
             << rules::kMaxDimension;
  }
  if (resultType.hasRank()) {
    for (auto [d, size] : llvm::enumerate(resultType.getShape())) {
      if (size == ShapedType::kDynamic || inferred[d] == ShapedType::kDynamic)
        continue;
      if (size != inferred[d])
        return op->emitOpError("result dimension ")
               << d << " is " << size << " but the operands give "
               << inferred[d];
    }
  }
  if (!axes)
    return success();
  for (int64_t axis : *axes) {
    int64_t out = inferred[axis];
    if (out == ShapedType::kDynamic && resultType.hasRank())
      out = resultType.getDimSize(axis);
    if (paddedInput[axis] == 0 && out != ShapedType::kDynamic && out > 0)
      return op->emitOpError("axis ")
             << axis << " has an empty (padded) input and cannot be "
             << "interpolated to length " << out;
  }
  return success();
}

static SmallVector<int64_t> paddedShape(ShapedType dataType,
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

/// Interpolate-4 result shape from the operands of `op` or of its adaptor.
template <typename OpOrAdaptor>
static SmallVector<int64_t> inferV4Shape(OpOrAdaptor op, ShapedType dataType) {
  std::optional<SmallVector<int64_t>> axes;
  if (!op.getAxes())
    axes = llvm::to_vector(llvm::seq<int64_t>(0, dataType.getRank()));
  else
    axes = getConstantIntegers(op.getAxes());
  std::optional<SmallVector<int64_t>> sizes =
      getConstantIntegers(op.getSizes());
  std::optional<SmallVector<float>> scales = getConstantScales(op.getScales());
  auto asRef = [](auto &opt) {
    return opt ? std::optional(ArrayRef(*opt)) : std::nullopt;
  };
  return rules::inferV4Shape(
      dataType.getShape(), op.getPadsBegin(), op.getPadsEnd(), asRef(axes),
      op.getShapeCalculationMode(), asRef(sizes), asRef(scales));
}

SmallVector<int64_t> interp::inferResultShape(InterpolateV4Op op) {
  return inferV4Shape(op, cast<ShapedType>(op.getData().getType()));
}

LogicalResult InterpolateV4Op::verify() {
  Operation *op = getOperation();
  auto dataType = cast<ShapedType>(getData().getType());
  auto resultType = cast<ShapedType>(getResult().getType());
  std::optional<int64_t> rank = getRank(dataType);
  if (failed(verifyDataAndResult(op, dataType, resultType)) ||
      failed(verifyPads(op, "pads_begin", getPadsBegin(), rank)) ||
      failed(verifyPads(op, "pads_end", getPadsEnd(), rank)))
    return failure();

  // The kernel uses cube_coeff as float32 (docs/Semantics.md).
  double cubeCoeff = getCubeCoeff().convertToDouble();
  if (!std::isfinite(static_cast<float>(cubeCoeff)))
    return emitOpError("'cube_coeff' must be finite as float32, got ")
           << cubeCoeff;

  std::optional<SmallVector<int64_t>> axes = getConstantAxes();
  if (axes && failed(verifyAxes(op, *axes, rank, /*strictlyIncreasing=*/false)))
    return failure();

  // The number of axes, when known, fixes the length of sizes or scales.
  std::optional<int64_t> numAxes;
  if (axes)
    numAxes = axes->size();
  else if (getAxes() && !cast<ShapedType>(getAxes().getType()).isDynamicDim(0))
    numAxes = cast<ShapedType>(getAxes().getType()).getDimSize(0);
  bool sizesMode = getShapeCalculationMode() == ShapeCalcMode::Sizes;
  Value shapeOperand = sizesMode ? getSizes() : getScales();
  StringRef shapeName = sizesMode ? "sizes" : "scales";
  int64_t shapeLength = cast<ShapedType>(shapeOperand.getType()).getDimSize(0);
  if (numAxes && shapeLength != ShapedType::kDynamic && shapeLength != *numAxes)
    return emitOpError("'")
           << shapeName << "' has " << shapeLength << " elements but there are "
           << *numAxes << " axes (shape_calculation_mode = " << shapeName
           << ")";

  if (sizesMode) {
    if (auto sizes = getConstantIntegers(getSizes()))
      for (auto [i, size] : llvm::enumerate(*sizes))
        if (size < 0)
          return emitOpError("'sizes' value ")
                 << size << " at index " << i << " must be non-negative";
  } else if (auto scales = getConstantScales(getScales())) {
    for (auto [i, scale] : llvm::enumerate(*scales))
      if (!rules::isValidScale(scale))
        return emitOpError("'scales' value ")
               << scale << " at index " << i << " must be finite and > 0";
  }

  if (getMode() == InterpolateMode::LinearOnnx && rank && axes &&
      !rules::isLinearOnnxAxes(*rank, *axes))
    return emitOpError("mode = linear_onnx requires axes ")
           << rules::linearOnnxAxesDescription() << "; got "
           << formatList(*axes) << " for rank " << *rank;

  if (!rank)
    return success();
  SmallVector<int64_t> padded =
      paddedShape(dataType, getPadsBegin(), getPadsEnd());
  // A scale that overflows the output length leaves the dimension unknown
  // in inference; report it here.
  if (!sizesMode && axes) {
    if (auto scales = getConstantScales(getScales()))
      for (auto [i, axis] : llvm::enumerate(*axes))
        if (i < scales->size() && padded[axis] != ShapedType::kDynamic &&
            !rules::scaledLength(padded[axis], (*scales)[i]))
          return emitOpError("'scales' value ")
                 << (*scales)[i] << " at index " << i
                 << " makes output dimension " << axis
                 << " exceed the supported " << rules::kMaxDimension;
  }
  SmallVector<int64_t> inferred = inferResultShape(*this);
  return verifyResultShape(op, dataType, resultType, inferred, padded,
                           axes ? std::optional(ArrayRef(*axes))
                                : std::nullopt);
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
  inferredReturnShapes.emplace_back(inferV4Shape(adaptor, dataType),
                                    dataType.getElementType());
  return success();
}

LogicalResult
InterpolateV4Op::reifyResultShapes(OpBuilder &builder,
                                   ReifiedRankedShapedTypeDims &shapes) {
  FailureOr<SmallVector<OpFoldResult>> sizes =
      buildResultSizes(builder, getLoc(), *this);
  if (failed(sizes))
    return failure();
  shapes.push_back(std::move(*sizes));
  return success();
}

/// True when the op provably returns its input: no pads, every output
/// dimension equals its input dimension (so every coordinate is the output
/// index itself), and no antialiased triangle filter is widened by a scale
/// slightly below 1 that still keeps the length.
static bool isIdentity(InterpolateV4Op op) {
  auto dataType = dyn_cast<RankedTensorType>(op.getData().getType());
  if (!dataType || dataType != op.getResult().getType() ||
      !dataType.hasStaticShape())
    return false;
  auto isZero = [](int64_t p) { return p == 0; };
  if (!llvm::all_of(op.getPadsBegin(), isZero) ||
      !llvm::all_of(op.getPadsEnd(), isZero))
    return false;
  SmallVector<int64_t> inferred = inferResultShape(op);
  if (!llvm::equal(inferred, dataType.getShape()))
    return false;
  if (op.getMode() == InterpolateMode::Linear && op.getAntialias() &&
      op.getShapeCalculationMode() == ShapeCalcMode::Scales) {
    std::optional<SmallVector<float>> scales =
        getConstantScales(op.getScales());
    if (!scales || llvm::any_of(*scales, [](float s) { return s < 1.0f; }))
      return false;
  }
  return true;
}

OpFoldResult InterpolateV4Op::fold(FoldAdaptor adaptor) {
  if (isIdentity(*this))
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
      failed(verifyPads(op, "pads_end", getPadsEnd(), rank)) ||
      failed(verifyAxes(op, getAxes(), rank, /*strictlyIncreasing=*/true)))
    return failure();

  ArrayRef<int64_t> axes = getAxes();
  int64_t targetLength =
      cast<ShapedType>(getTargetSpatialShape().getType()).getDimSize(0);
  if (targetLength != ShapedType::kDynamic &&
      targetLength != static_cast<int64_t>(axes.size()))
    return emitOpError("'target_spatial_shape' has ")
           << targetLength << " elements but 'axes' has " << axes.size();
  if (auto target = getConstantIntegers(getTargetSpatialShape()))
    for (auto [i, size] : llvm::enumerate(*target))
      if (size < 0)
        return emitOpError("'target_spatial_shape' value ")
               << size << " at index " << i << " must be non-negative";

  // Non-zero pads only on axes: OpenVINO's shape inference ignores them
  // elsewhere while its evaluation applies them.
  for (auto [name, pads] : {std::pair{StringRef("pads_begin"), getPadsBegin()},
                            std::pair{StringRef("pads_end"), getPadsEnd()}})
    for (auto [d, pad] : llvm::enumerate(pads))
      if (pad != 0 && !llvm::is_contained(axes, static_cast<int64_t>(d)))
        return emitOpError("'")
               << name << "' is " << pad << " on dimension " << d
               << ", which is not in 'axes'; pads are allowed on axes only";

  if (getMode() == InterpolateV1Mode::Linear && rank && *rank > 5)
    return emitOpError("mode = linear supports rank <= 5, got rank ") << *rank;

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
  FailureOr<SmallVector<OpFoldResult>> sizes =
      buildResultSizes(builder, getLoc(), *this);
  if (failed(sizes))
    return failure();
  shapes.push_back(std::move(*sizes));
  return success();
}

/// Same shape, no pads: every Interpolate-1 mode is the identity then.
static bool isIdentity(InterpolateV1Op op) {
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

OpFoldResult InterpolateV1Op::fold(FoldAdaptor adaptor) {
  if (isIdentity(*this))
    return getData();
  return foldConstantInterpolate(*this, adaptor);
}

#define GET_OP_CLASSES
#include "interp/Dialect/Interp/IR/InterpOps.cpp.inc"
