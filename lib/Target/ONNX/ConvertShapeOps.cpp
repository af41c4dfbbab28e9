//===- ConvertShapeOps.cpp - Constant, Identity, Cast, Shape, Gather, Concat =//
//
// The nodes that compute Resize's sizes and scales from shapes. They fold
// at import time: interp's Resize mapping needs the values of sizes and
// scales to decide whether it computes exactly what ONNX does, so a shape
// computation that is not known at import time is an error anyway. Slice is
// in ConvertSlice.cpp, the arithmetic in ConvertArithmetic.cpp.
//
//===----------------------------------------------------------------------===//

#include "Importer.h"

#include "llvm/ADT/APSInt.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::interp;
using namespace mlir::interp::onnximport;

LogicalResult onnximport::convertConstant(Importer &im,
                                          const onnx::NodeProto &node) {
  if (failed(im.expectInputs(node, 0, 0)))
    return failure();
  if (node.attribute_size() != 1)
    return im.error(node) << "expected exactly one attribute";
  const onnx::AttributeProto &a = node.attribute(0);
  Location loc = im.opLoc(node);
  MLIRContext *ctx = im.getContext();
  ElementType f32 = *elementTypeOf(onnx::TensorProto::FLOAT, ctx);
  ElementType i64 = *elementTypeOf(onnx::TensorProto::INT64, ctx);
  TensorValue v;
  if (a.name() == "value" && a.type() == onnx::AttributeProto::TENSOR) {
    FailureOr<TensorValue> t = im.readTensor(
        a.t(), loc,
        node.op_type() + " node '" + node.name() + "': attribute 'value'");
    if (failed(t))
      return failure();
    v = std::move(*t);
  } else if (a.name() == "value_float") {
    v = im.constant1D(f32, {}, {APFloat(a.f())}, {});
  } else if (a.name() == "value_floats") {
    SmallVector<APFloat> fs;
    for (float f : a.floats())
      fs.push_back(APFloat(f));
    v = im.constant1D(f32, {int64_t(fs.size())}, fs, {});
  } else if (a.name() == "value_int") {
    v = im.constant1D(i64, {}, {}, {APInt(64, a.i(), true)});
  } else if (a.name() == "value_ints") {
    SmallVector<APInt> is;
    for (int64_t i : a.ints())
      is.push_back(APInt(64, i, true));
    v = im.constant1D(i64, {int64_t(is.size())}, {}, is);
  } else {
    return im.error(node) << "attribute '" << a.name()
                          << "' is not supported (value, value_float(s), "
                             "value_int(s) are)";
  }
  im.setOutput(node, 0, std::move(v));
  return success();
}

LogicalResult onnximport::convertIdentity(Importer &im,
                                          const onnx::NodeProto &node) {
  if (failed(im.expectInputs(node, 1, 1)))
    return failure();
  im.setOutput(node, 0, *im.input(node, 0));
  return success();
}

/// Converts one constant element to `to`, as ONNX's Cast does: floats to
/// integers truncate, everything else rounds to nearest even.
static FailureOr<APFloat> toFloat(const TensorValue &from, Attribute e,
                                  const llvm::fltSemantics &sem) {
  bool lost;
  if (auto f = dyn_cast<FloatAttr>(e)) {
    APFloat v = f.getValue();
    v.convert(sem, APFloat::rmNearestTiesToEven, &lost);
    return v;
  }
  APFloat v(sem);
  v.convertFromAPInt(cast<IntegerAttr>(e).getValue(), !from.element.isUnsigned,
                     APFloat::rmNearestTiesToEven);
  return v;
}

static FailureOr<APInt> toInt(const TensorValue &from, Attribute e,
                              const ElementType &to) {
  unsigned bits = to.bytes * 8;
  if (auto f = dyn_cast<FloatAttr>(e)) {
    llvm::APSInt r(bits, to.isUnsigned);
    bool exact;
    if (f.getValue().convertToInteger(r, APFloat::rmTowardZero, &exact) &
        APFloat::opInvalidOp)
      return failure();
    return APInt(r);
  }
  APInt v = cast<IntegerAttr>(e).getValue();
  return from.element.isUnsigned ? v.zextOrTrunc(bits) : v.sextOrTrunc(bits);
}

LogicalResult onnximport::convertCast(Importer &im,
                                      const onnx::NodeProto &node) {
  if (failed(im.expectInputs(node, 1, 1)))
    return failure();
  FailureOr<int64_t> to = im.getInt(node, "to", -1);
  if (failed(to))
    return failure();
  std::optional<ElementType> element = elementTypeOf(*to, im.getContext());
  if (!element)
    return im.error(node) << "attribute 'to': unsupported element type "
                          << dataTypeName(*to);
  TensorValue &in = *im.input(node, 0);
  if (in.element.type == element->type) {
    im.setOutput(node, 0, in);
    return success();
  }
  if (!in.constant)
    return im.error(node) << "a Cast from " << in.element.type << " to "
                          << element->type
                          << " of a tensor not known at import time is not "
                             "supported (interp imports Cast on shape "
                             "computations)";
  SmallVector<APFloat> floats;
  SmallVector<APInt> ints;
  for (Attribute e : in.constant.getValues<Attribute>()) {
    if (element->isFloat) {
      auto sem = &cast<FloatType>(element->type).getFloatSemantics();
      floats.push_back(*toFloat(in, e, *sem));
      continue;
    }
    FailureOr<APInt> v = toInt(in, e, *element);
    if (failed(v))
      return im.error(node)
             << "element " << e << " is out of range of " << element->type;
    ints.push_back(*v);
  }
  im.setOutput(node, 0, im.constant1D(*element, *in.shape, floats, ints));
  return success();
}

LogicalResult onnximport::convertShape(Importer &im,
                                       const onnx::NodeProto &node) {
  if (failed(im.expectInputs(node, 1, 1)))
    return failure();
  TensorValue &in = *im.input(node, 0);
  if (!in.shape)
    return im.error(node) << "the input has an unknown rank";
  int64_t rank = in.shape->size();
  // start/end (opset 15) clamp like Python slices.
  FailureOr<int64_t> start = im.getInt(node, "start", 0);
  FailureOr<int64_t> end = im.getInt(node, "end", rank);
  if (failed(start) || failed(end))
    return failure();
  auto clampAxis = [&](int64_t a) {
    return std::clamp<int64_t>(a < 0 ? a + rank : a, 0, rank);
  };
  SmallVector<APInt> dims;
  for (int64_t d = clampAxis(*start); d < clampAxis(*end); ++d) {
    if (ShapedType::isDynamic((*in.shape)[d]))
      return im.error(node)
             << "dimension " << d << " of the input is dynamic; interp "
             << "imports shape computations on static dimensions only";
    dims.push_back(APInt(64, (*in.shape)[d], true));
  }
  ElementType i64 = *elementTypeOf(onnx::TensorProto::INT64, im.getContext());
  im.setOutput(node, 0, im.constant1D(i64, {int64_t(dims.size())}, {}, dims));
  return success();
}
