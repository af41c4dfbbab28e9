//===- ConvertIndexing.cpp - Gather, Concat, Slice on 1-D shape tensors ---===//
//
// They move the elements of small constant tensors around (shapes, sizes,
// scales), folding at import time like the other shape computations.
//
//===----------------------------------------------------------------------===//

#include "Importer.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::interp;
using namespace mlir::interp::onnximport;

/// The elements of a constant tensor of rank <= 1, or an error.
static FailureOr<SmallVector<Attribute>> elementsOf(Importer &im,
                                                    const onnx::NodeProto &node,
                                                    TensorValue &v,
                                                    StringRef what) {
  if (!v.constant || !v.shape || v.shape->size() > 1)
    return im.error(node) << what
                          << " must be a scalar or 1-D tensor known at import "
                             "time (interp imports this op on shape "
                             "computations only)";
  return llvm::to_vector(v.constant.getValues<Attribute>());
}

LogicalResult onnximport::convertGather(Importer &im,
                                        const onnx::NodeProto &node) {
  if (failed(im.expectInputs(node, 2, 2)))
    return failure();
  FailureOr<int64_t> axis = im.getInt(node, "axis", 0);
  if (failed(axis))
    return failure();
  TensorValue &data = *im.input(node, 0), &indices = *im.input(node, 1);
  FailureOr<SmallVector<Attribute>> elements =
      elementsOf(im, node, data, "the data");
  FailureOr<SmallVector<int64_t>> idx = im.getInts(node, indices, "indices");
  if (failed(elements) || failed(idx))
    return failure();
  if (data.shape->size() != 1 || (*axis != 0 && *axis != -1))
    return im.error(node) << "interp imports Gather of a 1-D tensor on axis 0";
  if (indices.shape->size() > 1)
    return im.error(node) << "indices must be a scalar or 1-D";
  int64_t len = elements->size();
  SmallVector<Attribute> out;
  for (int64_t i : *idx) {
    int64_t j = i < 0 ? i + len : i;
    if (j < 0 || j >= len)
      return im.error(node)
             << "index " << i << " is out of range for " << len << " elements";
    out.push_back((*elements)[j]);
  }
  im.setOutput(node, 0, fromAttributes(data.element, *indices.shape, out));
  return success();
}

LogicalResult onnximport::convertConcat(Importer &im,
                                        const onnx::NodeProto &node) {
  if (failed(im.expectInputs(node, 1, 1 << 20)))
    return failure();
  FailureOr<int64_t> axis = im.getInt(node, "axis", INT64_MIN);
  if (failed(axis))
    return failure();
  if (*axis != 0 && *axis != -1)
    return im.error(node) << "attribute 'axis' must be 0 or -1 (interp "
                             "imports Concat of 1-D tensors)";
  TensorValue &first = *im.input(node, 0);
  SmallVector<Attribute> out;
  for (int i = 0; i < node.input_size(); ++i) {
    TensorValue &in = *im.input(node, i);
    FailureOr<SmallVector<Attribute>> e = elementsOf(im, node, in, "an input");
    if (failed(e))
      return failure();
    if (in.shape->size() != 1)
      return im.error(node) << "input " << i << " is not 1-D";
    if (in.element.type != first.element.type)
      return im.error(node) << "inputs of different element types";
    // Bounded as it grows: the inputs are bounded by the file, the number
    // of times one input is named is not.
    if (out.size() + e->size() > kMaxFoldedElements)
      return im.error(node) << "the result has more than " << kMaxFoldedElements
                            << " elements; interp imports Concat on shape "
                               "computations only";
    llvm::append_range(out, *e);
  }
  im.setOutput(node, 0,
               fromAttributes(first.element, {int64_t(out.size())}, out));
  return success();
}

/// One integer per axis from input `i` (opset 10+) or attribute `name`.
static FailureOr<std::optional<SmallVector<int64_t>>>
sliceParam(Importer &im, const onnx::NodeProto &node, int i, StringRef name) {
  if (im.opset < 10)
    return im.getInts(node, name);
  TensorValue *v = im.input(node, i);
  if (!v)
    return std::optional<SmallVector<int64_t>>();
  FailureOr<SmallVector<int64_t>> ints = im.getInts(node, *v, name);
  if (failed(ints))
    return failure();
  return std::optional<SmallVector<int64_t>>(*ints);
}

LogicalResult onnximport::convertSlice(Importer &im,
                                       const onnx::NodeProto &node) {
  if (failed(im.opset < 10 ? im.expectInputs(node, 1, 1)
                           : im.expectInputs(node, 3, 5)))
    return failure();
  TensorValue &data = *im.input(node, 0);
  FailureOr<SmallVector<Attribute>> elements =
      elementsOf(im, node, data, "the data");
  auto starts = sliceParam(im, node, 1, "starts");
  auto ends = sliceParam(im, node, 2, "ends");
  auto axes = sliceParam(im, node, 3, "axes");
  auto steps = sliceParam(im, node, 4, "steps");
  if (failed(elements) || failed(starts) || failed(ends) || failed(axes) ||
      failed(steps))
    return failure();
  if (data.shape->size() != 1)
    return im.error(node) << "interp imports Slice of 1-D tensors";
  if (!*starts || !*ends || (*starts)->size() != 1 || (*ends)->size() != 1)
    return im.error(node) << "starts and ends must have one element each";
  if (*axes &&
      (**axes != SmallVector<int64_t>{0} && **axes != SmallVector<int64_t>{-1}))
    return im.error(node) << "axes must be [0] for a 1-D tensor";
  int64_t step = *steps ? (**steps)[0] : 1;
  if (*steps && (*steps)->size() != 1)
    return im.error(node) << "steps must have one element";
  if (step == 0)
    return im.error(node) << "a step of 0";
  // The clamping rules of the ONNX specification (Python slicing).
  int64_t dim = elements->size();
  auto norm = [&](int64_t v, int64_t lo, int64_t hi) {
    if (v < 0)
      v += dim;
    return std::clamp(v, lo, hi);
  };
  int64_t start = (**starts)[0], end = (**ends)[0];
  start = step > 0 ? norm(start, 0, dim) : norm(start, 0, dim - 1);
  end = step > 0 ? norm(end, 0, dim) : norm(end, -1, dim - 1);
  SmallVector<Attribute> out;
  // Steps by at most what is left: `i + step` may not fit int64 (the step
  // comes from the file).
  for (int64_t i = start; step > 0 ? i < end : i > end;
       i = (step > 0 ? step < end - i : step > end - i) ? i + step : end)
    out.push_back((*elements)[i]);
  im.setOutput(node, 0,
               fromAttributes(data.element, {int64_t(out.size())}, out));
  return success();
}
