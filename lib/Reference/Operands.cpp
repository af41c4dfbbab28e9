//===- Operands.cpp - operand checks and padding --------------------------===//
//
// The checks both ops share ("Validation" in docs/Semantics.md, plus the
// reference's own size limit) and the zero padding of step 1.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include "interp/Semantics/Rules.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <cstring>

using namespace mlir::interp;
using namespace mlir::interp::reference;

llvm::Error reference::detail::makeError(llvm::StringRef op,
                                         const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 (op + ": " + message).str());
}

llvm::Error reference::detail::toError(llvm::StringRef op,
                                       const validation::Result &violation) {
  if (!violation)
    return llvm::Error::success();
  return makeError(op, violation->message);
}

std::optional<int64_t>
reference::detail::boundedElementCount(llvm::ArrayRef<int64_t> shape) {
  // An empty dimension empties the tensor however large the others are.
  if (llvm::is_contained(shape, 0))
    return 0;
  int64_t count = 1;
  for (int64_t dim : shape) {
    if (dim < 0 || dim > kMaxReferenceElements / count)
      return std::nullopt;
    count *= dim;
  }
  if (count > kMaxReferenceElements)
    return std::nullopt;
  return count;
}

llvm::Error reference::detail::checkData(llvm::StringRef op,
                                         const Tensor &tensor) {
  if (llvm::Error error =
          toError(op, validation::checkDataRank(tensor.shape.size())))
    return error;
  for (auto [d, dim] : llvm::enumerate(tensor.shape))
    if (dim < 0 || dim > rules::kMaxDimension)
      return makeError(op, "'data' dimension " + llvm::Twine(d) + " is " +
                               llvm::Twine(dim) + ", expected 0.." +
                               llvm::Twine(rules::kMaxDimension));
  std::optional<int64_t> count = boundedElementCount(tensor.shape);
  if (!count)
    return makeError(
        op, "'data' of shape " + validation::formatList(tensor.shape) +
                " has more than " + llvm::Twine(kMaxReferenceElements) +
                " elements, the reference's limit");
  uint64_t expectedBytes = *count * elementSize(tensor.type);
  if (tensor.data.size() != expectedBytes)
    return makeError(op, "'data' holds " + llvm::Twine(tensor.data.size()) +
                             " bytes but shape " +
                             validation::formatList(tensor.shape) + " of " +
                             stringifyElementType(tensor.type) + " needs " +
                             llvm::Twine(expectedBytes));
  return llvm::Error::success();
}

llvm::Error reference::detail::checkPads(llvm::StringRef op,
                                         llvm::ArrayRef<int64_t> padsBegin,
                                         llvm::ArrayRef<int64_t> padsEnd,
                                         int64_t rank) {
  if (llvm::Error error =
          toError(op, validation::checkPads("pads_begin", padsBegin, rank)))
    return error;
  return toError(op, validation::checkPads("pads_end", padsEnd, rank));
}

llvm::Error reference::detail::checkAxes(llvm::StringRef op,
                                         llvm::ArrayRef<int64_t> axes,
                                         int64_t rank,
                                         bool strictlyIncreasing) {
  return toError(op, validation::checkAxes(axes, rank, strictlyIncreasing));
}

llvm::Error reference::detail::checkOutputShape(
    llvm::StringRef op, llvm::ArrayRef<int64_t> outShape,
    llvm::ArrayRef<int64_t> paddedShape, llvm::ArrayRef<int64_t> axes) {
  for (auto [d, dim] : llvm::enumerate(outShape))
    if (llvm::Error error = toError(op, validation::checkOutputDim(d, dim)))
      return error;
  for (int64_t axis : axes)
    if (llvm::Error error =
            toError(op, validation::checkEmptyAxis(axis, paddedShape[axis],
                                                   outShape[axis])))
      return error;
  if (!boundedElementCount(outShape))
    return makeError(op, "output shape " + validation::formatList(outShape) +
                             " has more than " +
                             llvm::Twine(kMaxReferenceElements) +
                             " elements, the reference's limit");
  return llvm::Error::success();
}

llvm::Expected<Tensor>
reference::detail::padData(llvm::StringRef op, const Tensor &data,
                           llvm::ArrayRef<int64_t> padsBegin,
                           llvm::ArrayRef<int64_t> padsEnd) {
  llvm::SmallVector<int64_t> paddedShape;
  for (auto [dim, begin, end] : llvm::zip_equal(data.shape, padsBegin, padsEnd))
    paddedShape.push_back(rules::paddedLength(dim, begin, end));
  if (!boundedElementCount(paddedShape))
    return makeError(
        op, "padded data of shape " + validation::formatList(paddedShape) +
                " has more than " + llvm::Twine(kMaxReferenceElements) +
                " elements, the reference's limit");
  // Zero bytes are the value 0 in every element type.
  Tensor padded = Tensor::zeros(data.type, paddedShape);
  size_t size = elementSize(data.type);
  llvm::SmallVector<int64_t> index(data.shape.size());
  for (int64_t flat = 0, e = data.numElements(); flat < e; ++flat) {
    unflattenIndex(flat, data.shape, index);
    for (size_t d = 0; d < index.size(); ++d)
      index[d] += padsBegin[d];
    std::memcpy(padded.data.data() + flatIndex(index, paddedShape) * size,
                data.data.data() + flat * size, size);
  }
  return padded;
}
