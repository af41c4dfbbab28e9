//===- ConvertShapeLayers.cpp - ShapeOf, Gather, Concat, (Un)Squeeze ------===//
//
// The layers that compute Interpolate's sizes and scales from shapes. They
// move the elements of small tensors around, so every element that is known
// at import time stays known; StridedSlice is in ConvertStridedSlice.cpp.
//
//===----------------------------------------------------------------------===//

#include "Importer.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::interp;
using namespace mlir::interp::ovir;

static int64_t product(ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

LogicalResult ovir::convertShapeOf(Importer &im, const Layer &layer,
                                   unsigned opset) {
  if (failed(im.expectPorts(layer, 1, 1)))
    return failure();
  FailureOr<ElementType> element =
      opset >= 3 ? im.elementTypeOf(layer, "output_type",
                                    layer.data.lookup("output_type").empty()
                                        ? "i64"
                                        : layer.data.lookup("output_type"))
                 : im.elementTypeOf(layer, "output_type", "i64");
  if (failed(element))
    return failure();
  if (element->name != "i64" && element->name != "i32")
    return im.error(layer) << "output_type must be i64 or i32";
  TensorValue &in = im.input(layer, 0);
  if (!in.shape)
    return im.error(layer) << "the input has a dynamic rank";
  Location loc = im.opLoc(layer);
  SmallVector<OpFoldResult> dims;
  for (auto [i, d] : llvm::enumerate(*in.shape)) {
    if (!ShapedType::isDynamic(d)) {
      dims.push_back(IntegerAttr::get(element->scalar, d));
      continue;
    }
    Value t = im.materialize(in, loc);
    Value dim = tensor::DimOp::create(im.builder, loc, t, i);
    dims.push_back(
        arith::IndexCastOp::create(im.builder, loc, element->scalar, dim)
            .getResult());
  }
  int64_t rank = in.shape->size();
  im.setOutput(layer, 0, im.fromElements(*element, {rank}, std::move(dims)));
  return success();
}

/// A constant axis in [-rank, rank), normalized.
static FailureOr<int64_t> getAxis(Importer &im, const Layer &layer,
                                  TensorValue &value, int64_t rank) {
  FailureOr<SmallVector<int64_t>> axis =
      im.getConstantInts(layer, value, "the axis");
  if (failed(axis))
    return failure();
  if (axis->size() != 1)
    return im.error(layer) << "the axis must have one element";
  int64_t a = (*axis)[0];
  if (a < -rank || a >= rank)
    return im.error(layer) << "axis " << a << " is out of range for rank "
                           << rank;
  return a < 0 ? a + rank : a;
}

LogicalResult ovir::convertGather(Importer &im, const Layer &layer) {
  if (failed(im.expectPorts(layer, 3, 3)))
    return failure();
  FailureOr<int64_t> batchDims = im.getInt(layer, "batch_dims", 0);
  if (failed(batchDims))
    return failure();
  if (*batchDims != 0)
    return im.error(layer) << "batch_dims " << *batchDims
                           << " is not supported (only 0)";
  TensorValue &data = im.input(layer, 0), &indices = im.input(layer, 1);
  FailureOr<SmallVector<OpFoldResult>> elements = im.getElements(layer, data);
  if (failed(elements))
    return failure();
  const SmallVector<int64_t> &shape = *data.shape;
  int64_t rank = shape.size();
  if (rank == 0)
    return im.error(layer) << "the data is a scalar";
  FailureOr<int64_t> axis = getAxis(im, layer, im.input(layer, 2), rank);
  FailureOr<SmallVector<int64_t>> idx =
      im.getConstantInts(layer, indices, "the indices");
  if (failed(axis) || failed(idx))
    return failure();
  int64_t outer = product(ArrayRef(shape).take_front(*axis));
  int64_t inner = product(ArrayRef(shape).drop_front(*axis + 1));
  int64_t len = shape[*axis];
  SmallVector<int64_t> outShape(shape.begin(), shape.begin() + *axis);
  llvm::append_range(outShape, *indices.shape);
  llvm::append_range(outShape, ArrayRef(shape).drop_front(*axis + 1));
  if (failed(im.checkFoldable(layer, outShape)))
    return failure();
  Attribute zero = data.element.isFloat
                       ? Attribute(FloatAttr::get(data.element.scalar, 0.0))
                       : Attribute(IntegerAttr::get(data.element.scalar, 0));
  SmallVector<OpFoldResult> out;
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t i : *idx) {
      // Negative indices count from the end; out of range gives 0, as
      // OpenVINO's reference does.
      int64_t j = i < 0 ? i + len : i;
      for (int64_t k = 0; k < inner; ++k)
        out.push_back(j < 0 || j >= len
                          ? OpFoldResult(zero)
                          : (*elements)[(o * len + j) * inner + k]);
    }
  im.setOutput(layer, 0,
               im.fromElements(data.element, outShape, std::move(out)));
  return success();
}

LogicalResult ovir::convertConcat(Importer &im, const Layer &layer) {
  if (failed(im.expectPorts(layer, 1, 1u << 20)))
    return failure();
  FailureOr<int64_t> axisAttr = im.getInt(layer, "axis", std::nullopt);
  if (failed(axisAttr))
    return failure();
  TensorValue &first = im.input(layer, 0);
  SmallVector<SmallVector<OpFoldResult>> parts;
  SmallVector<int64_t> outShape;
  int64_t axis = 0;
  for (unsigned i = 0; i < layer.inputs.size(); ++i) {
    TensorValue &in = im.input(layer, i);
    FailureOr<SmallVector<OpFoldResult>> e = im.getElements(layer, in);
    if (failed(e))
      return failure();
    if (in.element.type != first.element.type)
      return im.error(layer) << "inputs of different element types";
    int64_t rank = in.shape->size();
    if (i == 0) {
      if (*axisAttr < -rank || *axisAttr >= rank)
        return im.error(layer)
               << "axis " << *axisAttr << " is out of range for rank " << rank;
      axis = *axisAttr < 0 ? *axisAttr + rank : *axisAttr;
      outShape = *in.shape;
      outShape[axis] = 0;
    }
    SmallVector<int64_t> expect = outShape;
    expect[axis] = (*in.shape)[axis];
    if (expect != *in.shape)
      return im.error(layer) << "input " << i << " of type " << in.getType()
                             << " does not match the others";
    outShape[axis] += (*in.shape)[axis];
    // Checked as it grows: the inputs' elements are bounded, their number
    // is not.
    if (failed(im.checkFoldable(layer, outShape)))
      return failure();
    parts.push_back(std::move(*e));
  }
  int64_t outer = product(ArrayRef(outShape).take_front(axis));
  SmallVector<OpFoldResult> out;
  for (int64_t o = 0; o < outer; ++o)
    for (SmallVector<OpFoldResult> &part : parts) {
      int64_t block = part.size() / std::max<int64_t>(outer, 1);
      llvm::append_range(out, ArrayRef(part).slice(o * block, block));
    }
  im.setOutput(layer, 0,
               im.fromElements(first.element, outShape, std::move(out)));
  return success();
}

LogicalResult ovir::convertSqueeze(Importer &im, const Layer &layer,
                                   bool squeeze) {
  if (failed(im.expectPorts(layer, squeeze ? 1 : 2, 2)))
    return failure();
  TensorValue &data = im.input(layer, 0);
  FailureOr<SmallVector<OpFoldResult>> elements = im.getElements(layer, data);
  if (failed(elements))
    return failure();
  SmallVector<int64_t> shape = *data.shape;
  std::optional<SmallVector<int64_t>> axes;
  if (layer.inputs.size() == 2) {
    FailureOr<SmallVector<int64_t>> a =
        im.getConstantInts(layer, im.input(layer, 1), "the axes");
    if (failed(a))
      return failure();
    axes = *a;
  }
  // Unsqueeze's axes index the output; duplicates count once.
  int64_t rank = shape.size();
  SmallVector<bool> marked;
  for (int pass = 0; pass < 2; ++pass) {
    if (!squeeze)
      rank =
          shape.size() + (pass == 0 ? axes->size() : llvm::count(marked, true));
    marked.assign(rank, false);
    for (int64_t a : axes ? *axes : SmallVector<int64_t>()) {
      if (a < -rank || a >= rank)
        return im.error(layer)
               << "axis " << a << " is out of range for rank " << rank;
      marked[a < 0 ? a + rank : a] = true;
    }
  }
  SmallVector<int64_t> out;
  if (squeeze) {
    // A listed axis whose length is not 1 is kept, as in OpenVINO.
    for (auto [i, d] : llvm::enumerate(shape))
      if (d != 1 || (axes && !marked[i]))
        out.push_back(d);
  } else {
    size_t j = 0;
    for (int64_t i = 0; i < rank; ++i)
      out.push_back(marked[i] || j >= shape.size() ? 1 : shape[j++]);
    if (j != shape.size())
      return im.error(layer) << "inconsistent axes";
  }
  im.setOutput(layer, 0,
               im.fromElements(data.element, out, std::move(*elements)));
  return success();
}
