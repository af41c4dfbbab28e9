//===- Values.cpp - tensors, their known elements, materialization --------===//

#include "Importer.h"

#include "interp/Semantics/Rules.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/Support/InterleavedRange.h"

#include <limits>

using namespace mlir;
using namespace mlir::interp;
using namespace mlir::interp::ovir;

TensorType TensorValue::getType() const {
  if (!shape)
    return UnrankedTensorType::get(element.type);
  return RankedTensorType::get(*shape, element.type);
}

bool TensorValue::isConstant() const {
  if (constant)
    return true;
  return elements && llvm::all_of(*elements, [](OpFoldResult e) {
           return isa<Attribute>(e);
         });
}

int64_t TensorValue::getNumElements() const {
  // Saturates: shapes come from the model file, and callers only compare
  // the count with small bounds.
  return rules::elementCount(*shape).value_or(
      std::numeric_limits<int64_t>::max());
}

LogicalResult Importer::checkFoldable(const Layer &layer,
                                      ArrayRef<int64_t> shape) {
  std::optional<int64_t> n = rules::elementCount(shape);
  if (n && *n <= TensorValue::kMaxElements)
    return success();
  return error(layer) << "the result of shape [" << llvm::interleaved(shape)
                      << "] has more than " << TensorValue::kMaxElements
                      << " elements; interp imports this layer on shape "
                         "computations only";
}

Value Importer::toScalar(OpFoldResult ofr, const ElementType &element,
                         Location loc) {
  if (auto v = dyn_cast<Value>(ofr))
    return v;
  return arith::ConstantOp::create(builder, loc,
                                   cast<TypedAttr>(cast<Attribute>(ofr)));
}

/// A dense attribute of `type` from constant scalar attributes.
static DenseElementsAttr denseFrom(ShapedType type,
                                   ArrayRef<OpFoldResult> elements) {
  if (isa<FloatType>(type.getElementType())) {
    SmallVector<APFloat> fs;
    for (OpFoldResult e : elements)
      fs.push_back(cast<FloatAttr>(cast<Attribute>(e)).getValue());
    return DenseElementsAttr::get(type, fs);
  }
  SmallVector<APInt> is;
  for (OpFoldResult e : elements)
    is.push_back(cast<IntegerAttr>(cast<Attribute>(e)).getValue());
  return DenseElementsAttr::get(type, is);
}

Value Importer::materialize(TensorValue &value, Location loc) {
  if (value.tensor)
    return value.tensor;
  if (value.constant) {
    value.tensor = arith::ConstantOp::create(builder, loc, value.constant);
    return value.tensor;
  }
  auto type = cast<RankedTensorType>(value.getType());
  if (value.isConstant()) {
    value.tensor = arith::ConstantOp::create(builder, loc,
                                             denseFrom(type, *value.elements));
    return value.tensor;
  }
  SmallVector<Value> scalars;
  for (OpFoldResult e : *value.elements)
    scalars.push_back(toScalar(e, value.element, loc));
  auto scalarType = type.clone(value.element.scalar);
  Value t = tensor::FromElementsOp::create(builder, loc, scalarType, scalars);
  if (scalarType != type)
    t = tensor::BitcastOp::create(builder, loc, type, t);
  value.tensor = t;
  return t;
}

FailureOr<SmallVector<OpFoldResult>> Importer::getElements(const Layer &layer,
                                                           TensorValue &value) {
  if (value.elements)
    return *value.elements;
  if (!value.shape || ShapedType::isDynamicShape(*value.shape) ||
      value.getNumElements() > TensorValue::kMaxElements)
    return error(layer) << "the input of type " << value.getType()
                        << " is not a small tensor of static shape; interp "
                           "imports this layer on shape computations only";
  Location loc = opLoc(layer);
  Value t = value.tensor;
  auto type = cast<RankedTensorType>(t.getType());
  if (value.element.isUnsigned)
    t = tensor::BitcastOp::create(builder, loc,
                                  type.clone(value.element.scalar), t);
  SmallVector<OpFoldResult> elements;
  int64_t n = value.getNumElements();
  SmallVector<int64_t> strides(type.getRank(), 1);
  for (int64_t d = type.getRank() - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * type.getDimSize(d + 1);
  for (int64_t i = 0; i < n; ++i) {
    SmallVector<Value> indices;
    for (int64_t d = 0; d < type.getRank(); ++d)
      indices.push_back(arith::ConstantIndexOp::create(
          builder, loc, (i / strides[d]) % type.getDimSize(d)));
    elements.push_back(
        tensor::ExtractOp::create(builder, loc, t, indices).getResult());
  }
  value.elements = elements;
  return elements;
}

FailureOr<SmallVector<int64_t>> Importer::getConstantInts(const Layer &layer,
                                                          TensorValue &value,
                                                          StringRef what) {
  if (value.element.isFloat || !value.isConstant() || !value.elements)
    return error(layer) << what
                        << " must be a constant (or computed from constants "
                           "and static shapes) integer tensor";
  SmallVector<int64_t> result;
  for (OpFoldResult e : *value.elements) {
    APInt v = cast<IntegerAttr>(cast<Attribute>(e)).getValue();
    result.push_back(value.element.isUnsigned ? v.getZExtValue()
                                              : v.getSExtValue());
  }
  return result;
}

TensorValue Importer::fromElements(const ElementType &element,
                                   SmallVector<int64_t> shape,
                                   SmallVector<OpFoldResult> elements) {
  TensorValue v;
  v.element = element;
  v.shape = std::move(shape);
  v.elements = std::move(elements);
  return v;
}
