//===- ConvertArithmetic.cpp - Mul, Div, Floor on shape tensors -----------===//
//
// Element by element on tensors known at import time (scalars and 1-D,
// numpy broadcasting), folded with the element type's arithmetic: APFloat
// rounds each result to the type as ONNX Runtime's float kernels do, and
// integer division truncates as ONNX's Div does.
//
//===----------------------------------------------------------------------===//

#include "Importer.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::interp;
using namespace mlir::interp::onnximport;

static FailureOr<SmallVector<Attribute>>
constantElements(Importer &im, const onnx::NodeProto &node, TensorValue &v,
                 int i) {
  if (!v.constant || !v.shape || v.shape->size() > 1)
    return im.error(node) << "input " << i
                          << " must be a scalar or 1-D tensor known at import "
                             "time (interp imports "
                          << node.op_type() << " on shape computations only)";
  return llvm::to_vector(v.constant.getValues<Attribute>());
}

/// `x op y` on two elements of `element`; failure for a division by zero.
static FailureOr<Attribute> fold(bool isMul, const ElementType &element,
                                 Attribute a, Attribute b) {
  if (element.isFloat) {
    APFloat x = cast<FloatAttr>(a).getValue();
    APFloat y = cast<FloatAttr>(b).getValue();
    if (isMul)
      x.multiply(y, APFloat::rmNearestTiesToEven);
    else
      x.divide(y, APFloat::rmNearestTiesToEven);
    return Attribute(FloatAttr::get(element.type, x));
  }
  APInt x = cast<IntegerAttr>(a).getValue();
  APInt y = cast<IntegerAttr>(b).getValue();
  if (isMul)
    return Attribute(IntegerAttr::get(element.type, x * y));
  if (y.isZero())
    return failure();
  return Attribute(IntegerAttr::get(
      element.type, element.isUnsigned ? x.udiv(y) : x.sdiv(y)));
}

static LogicalResult convertFloor(Importer &im, const onnx::NodeProto &node) {
  TensorValue &in = *im.input(node, 0);
  FailureOr<SmallVector<Attribute>> e = constantElements(im, node, in, 0);
  if (failed(e))
    return failure();
  if (!in.element.isFloat)
    return im.error(node) << "the input must be a float tensor";
  SmallVector<Attribute> out;
  for (Attribute a : *e) {
    APFloat v = cast<FloatAttr>(a).getValue();
    v.roundToIntegral(APFloat::rmTowardNegative);
    out.push_back(FloatAttr::get(in.element.type, v));
  }
  im.setOutput(node, 0, fromAttributes(in.element, *in.shape, out));
  return success();
}

LogicalResult onnximport::convertArithmetic(Importer &im,
                                            const onnx::NodeProto &node) {
  bool isFloor = node.op_type() == "Floor";
  if (failed(im.expectInputs(node, isFloor ? 1 : 2, isFloor ? 1 : 2)))
    return failure();
  if (isFloor)
    return convertFloor(im, node);
  bool isMul = node.op_type() == "Mul";
  TensorValue &x = *im.input(node, 0), &y = *im.input(node, 1);
  FailureOr<SmallVector<Attribute>> a = constantElements(im, node, x, 0);
  FailureOr<SmallVector<Attribute>> b = constantElements(im, node, y, 1);
  if (failed(a) || failed(b))
    return failure();
  if (x.element.type != y.element.type)
    return im.error(node) << "inputs of different element types "
                          << x.element.type << " and " << y.element.type;
  size_t n = std::max(a->size(), b->size());
  if ((a->size() != n && a->size() != 1) || (b->size() != n && b->size() != 1))
    return im.error(node) << "inputs of " << a->size() << " and " << b->size()
                          << " elements do not broadcast";
  SmallVector<Attribute> out;
  for (size_t i = 0; i < n; ++i) {
    FailureOr<Attribute> r =
        fold(isMul, x.element, (*a)[a->size() == 1 ? 0 : i],
             (*b)[b->size() == 1 ? 0 : i]);
    if (failed(r))
      return im.error(node) << "integer division by zero";
    out.push_back(*r);
  }
  SmallVector<int64_t> shape;
  if (x.shape->size() == 1 || y.shape->size() == 1)
    shape.push_back(n);
  im.setOutput(node, 0, fromAttributes(x.element, shape, out));
  return success();
}
