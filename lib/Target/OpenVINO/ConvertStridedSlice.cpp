//===- ConvertStridedSlice.cpp - StridedSlice on 1-D tensors --------------===//
//
// numpy's begin:end:stride on the one axis, with OpenVINO's masks (a set
// bit means "ignore begin/end"), new axes, a shrunk axis and the ellipsis.
//
//===----------------------------------------------------------------------===//

#include "Importer.h"

using namespace mlir;
using namespace mlir::interp;
using namespace mlir::interp::ovir;

static bool bit(ArrayRef<int64_t> mask, size_t i) {
  return i < mask.size() && mask[i] != 0;
}

/// The indices of begin:end:stride on a dimension of length `n`.
static SmallVector<int64_t> sliceIndices(int64_t n, int64_t begin, int64_t end,
                                         int64_t stride, bool beginMasked,
                                         bool endMasked) {
  auto norm = [&](int64_t v, int64_t lo, int64_t hi) {
    if (v < 0)
      v += n;
    return std::clamp(v, lo, hi);
  };
  SmallVector<int64_t> result;
  if (stride > 0) {
    int64_t b = beginMasked ? 0 : norm(begin, 0, n);
    int64_t e = endMasked ? n : norm(end, 0, n);
    // Steps by what is left, not past `e`: the stride comes from the model
    // file and `i + stride` may not fit int64.
    for (int64_t i = b; i < e; i = stride < e - i ? i + stride : e)
      result.push_back(i);
  } else {
    int64_t b = beginMasked ? n - 1 : norm(begin, -1, n - 1);
    int64_t e = endMasked ? -1 : norm(end, -1, n - 1);
    for (int64_t i = b; i > e; i = stride > e - i ? i + stride : e)
      result.push_back(i);
  }
  return result;
}

LogicalResult ovir::convertStridedSlice(Importer &im, const Layer &layer) {
  if (failed(im.expectPorts(layer, 3, 4)))
    return failure();
  TensorValue &data = im.input(layer, 0);
  FailureOr<SmallVector<OpFoldResult>> elements = im.getElements(layer, data);
  if (failed(elements))
    return failure();
  if (data.shape->size() != 1)
    return im.error(layer) << "interp imports StridedSlice on 1-D tensors "
                              "only, not on "
                           << data.getType();
  FailureOr<SmallVector<int64_t>> begin =
      im.getConstantInts(layer, im.input(layer, 1), "begin");
  FailureOr<SmallVector<int64_t>> end =
      im.getConstantInts(layer, im.input(layer, 2), "end");
  if (failed(begin) || failed(end))
    return failure();
  SmallVector<int64_t> stride(begin->size(), 1);
  if (layer.inputs.size() == 4) {
    FailureOr<SmallVector<int64_t>> s =
        im.getConstantInts(layer, im.input(layer, 3), "stride");
    if (failed(s))
      return failure();
    stride = *s;
  }
  SmallVector<SmallVector<int64_t>> masks;
  for (StringRef name : {"begin_mask", "end_mask", "new_axis_mask",
                         "shrink_axis_mask", "ellipsis_mask"}) {
    FailureOr<SmallVector<int64_t>> m =
        im.getIntList(layer, name, SmallVector<int64_t>());
    if (failed(m))
      return failure();
    masks.push_back(*m);
  }
  ArrayRef<int64_t> beginMask = masks[0], endMask = masks[1],
                    newAxis = masks[2], shrink = masks[3], ellipsis = masks[4];
  if (end->size() != begin->size() || stride.size() != begin->size())
    return im.error(layer) << "begin, end and stride differ in length";

  int64_t n = (*data.shape)[0];
  SmallVector<int64_t> indices = llvm::to_vector(llvm::seq<int64_t>(0, n));
  SmallVector<int64_t> outShape;
  bool consumed = false;
  size_t entries = begin->size();
  for (size_t i = 0; i < entries; ++i) {
    if (bit(newAxis, i)) {
      outShape.push_back(1);
      continue;
    }
    if (bit(ellipsis, i)) {
      // Covers the dimension when no later entry slices it.
      bool later = false;
      for (size_t j = i + 1; j < entries; ++j)
        later |= !bit(newAxis, j);
      if (!later && !consumed) {
        consumed = true;
        outShape.push_back(n);
      }
      continue;
    }
    if (consumed)
      return im.error(layer) << "more slicing entries than dimensions";
    consumed = true;
    if (stride[i] == 0)
      return im.error(layer) << "stride 0";
    if (bit(shrink, i)) {
      int64_t b = (*begin)[i] < 0 ? (*begin)[i] + n : (*begin)[i];
      if (b < 0 || b >= n)
        return im.error(layer) << "begin " << (*begin)[i]
                               << " is out of range for the shrunk axis";
      indices = {b};
      continue;
    }
    indices = sliceIndices(n, (*begin)[i], (*end)[i], stride[i],
                           bit(beginMask, i), bit(endMask, i));
    outShape.push_back(indices.size());
  }
  if (!consumed)
    outShape.push_back(n);
  SmallVector<OpFoldResult> out;
  for (int64_t i : indices)
    out.push_back((*elements)[i]);
  im.setOutput(layer, 0,
               im.fromElements(data.element, outShape, std::move(out)));
  return success();
}
