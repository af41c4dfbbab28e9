//===- ConvertConstant.cpp - Const (from the .bin) and Convert ------------===//

#include "Importer.h"

#include "interp/Semantics/Rules.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace mlir;
using namespace mlir::interp;
using namespace mlir::interp::ovir;

LogicalResult ovir::convertConst(Importer &im, const Layer &layer) {
  if (failed(im.expectPorts(layer, 0, 0)))
    return failure();
  FailureOr<ElementType> element = im.getElementType(layer, "element_type");
  FailureOr<SmallVector<int64_t>> shape =
      im.getIntList(layer, "shape", std::nullopt);
  FailureOr<int64_t> offset = im.getInt(layer, "offset", std::nullopt);
  FailureOr<int64_t> size = im.getInt(layer, "size", std::nullopt);
  if (failed(element) || failed(shape) || failed(offset) || failed(size))
    return failure();
  for (int64_t d : *shape)
    if (d < 0)
      return im.error(layer) << "negative dimension in 'shape'";
  // Every count and offset is checked before any byte is read: the file is
  // untrusted, and its numbers may be chosen to overflow.
  std::optional<int64_t> numElements = rules::elementCount(*shape);
  std::optional<int64_t> expected =
      numElements ? llvm::checkedMul<int64_t>(*numElements, element->bytes)
                  : std::nullopt;
  if (!expected || uint64_t(*expected) > rules::kMaxBufferBytes)
    return im.error(layer) << "shape [" << layer.data.lookup("shape") << "] of "
                           << element->name << " is larger than any buffer";
  if (*expected != 0 && *size != *expected)
    return im.error(layer) << "'size' is " << *size << " bytes but shape ["
                           << layer.data.lookup("shape") << "] of "
                           << element->name << " needs " << *expected;
  if (!im.weights)
    return im.error(layer) << "no weights: cannot read '" << im.weightsName
                           << "'";
  int64_t fileSize = im.weights->getBufferSize();
  if (*offset < 0 || *size < 0 || *offset > fileSize ||
      *size > fileSize - *offset)
    return im.error(layer) << "bytes at offset " << *offset << ", size "
                           << *size << " are outside the weights file '"
                           << im.weightsName << "' of " << fileSize << " bytes";
  auto type = RankedTensorType::get(*shape, element->type);
  ArrayRef<char> raw(im.weights->getBufferStart() + *offset, *expected);
  DenseElementsAttr attr =
      *numElements == 0 ? DenseElementsAttr::get(type, ArrayRef<Attribute>())
                        : DenseElementsAttr::getFromRawBuffer(type, raw);
  TensorValue value;
  value.element = *element;
  value.shape = *shape;
  if (*numElements > TensorValue::kMaxElements) {
    value.constant = attr;
  } else {
    SmallVector<OpFoldResult> elements;
    if (element->isFloat) {
      for (APFloat f : attr.getValues<APFloat>())
        elements.push_back(FloatAttr::get(element->scalar, f));
    } else {
      for (APInt i : attr.getValues<APInt>())
        elements.push_back(IntegerAttr::get(element->scalar, i));
    }
    value.elements = std::move(elements);
  }
  im.setOutput(layer, 0, std::move(value));
  return success();
}

/// OpenVINO's Convert of one constant: float to integer truncates toward
/// zero, integers wrap, floats round to nearest even.
static Attribute castAttr(Attribute a, const ElementType &from,
                          const ElementType &to) {
  if (from.isFloat) {
    APFloat f = cast<FloatAttr>(a).getValue();
    if (to.isFloat) {
      bool losesInfo;
      f.convert(cast<FloatType>(to.scalar).getFloatSemantics(),
                APFloat::rmNearestTiesToEven, &losesInfo);
      return FloatAttr::get(to.scalar, f);
    }
    APSInt i(to.bytes * 8, to.isUnsigned);
    bool exact;
    f.convertToInteger(i, APFloat::rmTowardZero, &exact);
    return IntegerAttr::get(to.scalar, i);
  }
  APInt i = cast<IntegerAttr>(a).getValue();
  if (to.isFloat) {
    APFloat f(cast<FloatType>(to.scalar).getFloatSemantics());
    f.convertFromAPInt(i, !from.isUnsigned, APFloat::rmNearestTiesToEven);
    return FloatAttr::get(to.scalar, f);
  }
  unsigned bits = to.bytes * 8;
  return IntegerAttr::get(to.scalar, from.isUnsigned ? i.zextOrTrunc(bits)
                                                     : i.sextOrTrunc(bits));
}

/// The same conversion on a scalar or a tensor value of `from.scalar`
/// elements; returns a value of `to.scalar` elements.
static Value castValue(OpBuilder &b, Location loc, Value v,
                       const ElementType &from, const ElementType &to) {
  auto retype = [&](Type element) -> Type {
    if (auto t = dyn_cast<ShapedType>(v.getType()))
      return t.clone(element);
    return element;
  };
  Type target = retype(to.scalar);
  if (from.scalar == to.scalar)
    return v;
  if (from.isFloat && to.isFloat) {
    unsigned fw = from.bytes, tw = to.bytes;
    if (fw == tw) { // f16 <-> bf16 through f32
      v = arith::ExtFOp::create(b, loc, retype(b.getF32Type()), v);
      return arith::TruncFOp::create(b, loc, target, v);
    }
    if (fw < tw)
      return arith::ExtFOp::create(b, loc, target, v);
    return arith::TruncFOp::create(b, loc, target, v);
  }
  if (from.isFloat)
    return to.isUnsigned
               ? arith::FPToUIOp::create(b, loc, target, v).getResult()
               : arith::FPToSIOp::create(b, loc, target, v).getResult();
  if (to.isFloat)
    return from.isUnsigned
               ? arith::UIToFPOp::create(b, loc, target, v).getResult()
               : arith::SIToFPOp::create(b, loc, target, v).getResult();
  if (from.bytes > to.bytes)
    return arith::TruncIOp::create(b, loc, target, v);
  if (from.isUnsigned)
    return arith::ExtUIOp::create(b, loc, target, v);
  return arith::ExtSIOp::create(b, loc, target, v);
}

LogicalResult ovir::convertConvert(Importer &im, const Layer &layer) {
  if (failed(im.expectPorts(layer, 1, 1)))
    return failure();
  FailureOr<ElementType> to = im.getElementType(layer, "destination_type");
  if (failed(to))
    return failure();
  TensorValue &in = im.input(layer, 0);
  const ElementType &from = in.element;
  Location loc = im.opLoc(layer);
  TensorValue out;
  out.element = *to;
  out.shape = in.shape;
  if (in.elements) {
    SmallVector<OpFoldResult> elements;
    for (OpFoldResult e : *in.elements) {
      if (auto a = dyn_cast<Attribute>(e))
        elements.push_back(castAttr(a, from, *to));
      else
        elements.push_back(
            castValue(im.builder, loc, cast<Value>(e), from, *to));
    }
    out.elements = std::move(elements);
  } else if (in.constant) {
    SmallVector<Attribute> attrs;
    for (Attribute a : in.constant.getValues<Attribute>()) {
      if (auto i = dyn_cast<IntegerAttr>(a))
        a = IntegerAttr::get(from.scalar, i.getValue());
      attrs.push_back(castAttr(a, from, *to));
    }
    SmallVector<APFloat> fs;
    SmallVector<APInt> is;
    for (Attribute a : attrs) {
      if (auto f = dyn_cast<FloatAttr>(a))
        fs.push_back(f.getValue());
      else
        is.push_back(cast<IntegerAttr>(a).getValue());
    }
    auto type = cast<ShapedType>(out.getType());
    out.constant = to->isFloat ? DenseElementsAttr::get(type, fs)
                               : DenseElementsAttr::get(type, is);
  } else {
    Value v = in.tensor;
    auto type = cast<TensorType>(v.getType());
    if (from.isUnsigned)
      v = tensor::BitcastOp::create(im.builder, loc, type.clone(from.scalar),
                                    v);
    v = castValue(im.builder, loc, v, from, *to);
    if (to->isUnsigned)
      v = tensor::BitcastOp::create(im.builder, loc, type.clone(to->type), v);
    out.tensor = v;
  }
  im.setOutput(layer, 0, std::move(out));
  return success();
}
