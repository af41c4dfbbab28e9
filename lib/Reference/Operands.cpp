//===- Operands.cpp - operand checks and padding --------------------------===//
//
// The checks both ops share ("Validation" in SEMANTICS.md, plus the
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

std::string reference::detail::formatList(llvm::ArrayRef<int64_t> values) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "[";
  llvm::interleaveComma(values, os);
  os << "]";
  return text;
}

std::string reference::detail::formatNumber(double value) {
  // Enough digits to identify a float32 operand; %g keeps 0.5 short.
  char buffer[32];
  std::snprintf(buffer, sizeof(buffer), "%.9g", value);
  return buffer;
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
  if (tensor.shape.empty())
    return makeError(op, "'data' must have rank >= 1, got rank 0");
  for (auto [d, dim] : llvm::enumerate(tensor.shape))
    if (dim < 0 || dim > rules::kMaxDimension)
      return makeError(op, "'data' dimension " + llvm::Twine(d) + " is " +
                               llvm::Twine(dim) + ", expected 0.." +
                               llvm::Twine(rules::kMaxDimension));
  std::optional<int64_t> count = boundedElementCount(tensor.shape);
  if (!count)
    return makeError(op, "'data' of shape " + formatList(tensor.shape) +
                             " has more than " +
                             llvm::Twine(kMaxReferenceElements) +
                             " elements, the reference's limit");
  uint64_t expectedBytes = *count * elementSize(tensor.type);
  if (tensor.data.size() != expectedBytes)
    return makeError(op, "'data' holds " + llvm::Twine(tensor.data.size()) +
                             " bytes but shape " + formatList(tensor.shape) +
                             " of " + stringifyElementType(tensor.type) +
                             " needs " + llvm::Twine(expectedBytes));
  return llvm::Error::success();
}

llvm::Error reference::detail::checkPads(llvm::StringRef op,
                                         llvm::ArrayRef<int64_t> padsBegin,
                                         llvm::ArrayRef<int64_t> padsEnd,
                                         int64_t rank) {
  for (auto [name, pads] :
       {std::pair{"pads_begin", padsBegin}, std::pair{"pads_end", padsEnd}}) {
    for (auto [i, pad] : llvm::enumerate(pads))
      if (pad < 0 || pad > rules::kMaxDimension)
        return makeError(op, llvm::Twine("'") + name + "' value " +
                                 llvm::Twine(pad) + " at index " +
                                 llvm::Twine(i) +
                                 " must be non-negative and at most " +
                                 llvm::Twine(rules::kMaxDimension));
    // Decision shared with the verifier: a longer list is an error rather
    // than silently truncated.
    if (static_cast<int64_t>(pads.size()) > rank)
      return makeError(
          op, llvm::Twine("'") + name + "' has " + llvm::Twine(pads.size()) +
                  " entries, more than the data rank " + llvm::Twine(rank));
  }
  return llvm::Error::success();
}

llvm::Error reference::detail::checkAxes(llvm::StringRef op,
                                         llvm::ArrayRef<int64_t> axes,
                                         int64_t rank,
                                         bool strictlyIncreasing) {
  llvm::SmallSet<int64_t, 8> seen;
  for (auto [i, axis] : llvm::enumerate(axes)) {
    if (axis < 0 || axis >= rank)
      return makeError(op, "'axes' value " + llvm::Twine(axis) + " at index " +
                               llvm::Twine(i) +
                               " is out of range for data of rank " +
                               llvm::Twine(rank));
    if (!seen.insert(axis).second)
      return makeError(op, "'axes' contains " + llvm::Twine(axis) + " twice");
    if (strictlyIncreasing && i > 0 && axes[i - 1] > axis)
      return makeError(op, "'axes' must be strictly increasing, got " +
                               formatList(axes));
  }
  return llvm::Error::success();
}

llvm::Error reference::detail::checkOutputShape(
    llvm::StringRef op, llvm::ArrayRef<int64_t> outShape,
    llvm::ArrayRef<int64_t> paddedShape, llvm::ArrayRef<int64_t> axes) {
  for (auto [d, dim] : llvm::enumerate(outShape))
    if (dim > rules::kMaxDimension)
      return makeError(op, "output dimension " + llvm::Twine(d) + " would be " +
                               llvm::Twine(dim) + ", more than the supported " +
                               llvm::Twine(rules::kMaxDimension));
  for (int64_t axis : axes)
    if (paddedShape[axis] == 0 && outShape[axis] > 0)
      return makeError(op, "axis " + llvm::Twine(axis) +
                               " has an empty (padded) input and cannot be "
                               "interpolated to length " +
                               llvm::Twine(outShape[axis]));
  if (!boundedElementCount(outShape))
    return makeError(op, "output shape " + formatList(outShape) +
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
    return makeError(op, "padded data of shape " + formatList(paddedShape) +
                             " has more than " +
                             llvm::Twine(kMaxReferenceElements) +
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
