//===- Invoke.cpp - call compiled functions on the caller's buffers -------===//
//
// Inputs are lent to the compiled function as memref descriptors over the
// caller's memory. Its results come back in buffers it allocated, which
// are copied into the caller's destinations and freed here: after the call
// nothing may allocate in a way that can abort or throw, or a result buffer
// would be lost (the process then runs out of memory for good).
//
//===----------------------------------------------------------------------===//

#include "interp/Dialect/Interp/IR/InterpConstantFold.h"
#include "interp/Execution/JitModule.h"
#include "interp/Runtime/InterpRuntime.h"

#include "mlir/ExecutionEngine/ExecutionEngine.h"

#include <atomic>
#include <cstdlib>
#include <cstring>

using namespace mlir;
using namespace mlir::interp;
using namespace mlir::interp::execution;
using reference::ElementType;

SmallVector<int64_t> execution::rowMajorStrides(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> strides(shape.size());
  int64_t stride = 1;
  for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
    strides[d] = stride;
    stride *= shape[d];
  }
  return strides;
}

namespace {
/// A memref descriptor of rank r as 3 + 2r machine words:
/// allocated pointer, aligned pointer, offset, sizes, strides.
struct DescriptorView {
  int64_t *words;
  int64_t rank;
  void *allocated() const { return reinterpret_cast<void *>(words[0]); }
  char *aligned() const { return reinterpret_cast<char *>(words[1]); }
  int64_t offset() const { return words[2]; }
  ArrayRef<int64_t> sizes() const { return {words + 3, words + 3 + rank}; }
  ArrayRef<int64_t> strides() const {
    return {words + 3 + rank, words + 3 + 2 * rank};
  }
};
} // namespace

/// Results copied into their outputs (getCopiedResultCount).
static std::atomic<uint64_t> copiedResults{0};

uint64_t execution::getCopiedResultCount() { return copiedResults.load(); }

/// Where empty tensors point: compiled code is never handed a null pointer.
alignas(64) static char emptyTensorData[64];

static int64_t countElements(ArrayRef<int64_t> shape) {
  int64_t count = 1;
  for (int64_t size : shape)
    count *= size;
  return count;
}

static std::string shapeString(ArrayRef<int64_t> shape) {
  std::string text;
  for (auto [i, size] : llvm::enumerate(shape))
    text += (i ? "x" : "") + std::to_string(size);
  return text.empty() ? "scalar" : text;
}

static std::string typeName(ElementType type) {
  return reference::stringifyElementType(type).str();
}

/// Why `view` cannot be argument (`isInput`) or result `index` of type
/// `type` of `function`, or "" when it can. Result shapes are checked
/// against the computed ones elsewhere.
static std::string checkView(StringRef function, bool isInput, size_t index,
                             RankedTensorType type, ElementType viewType,
                             const void *data, ArrayRef<int64_t> shape,
                             ArrayRef<int64_t> strides) {
  // Built only for a message: for outputs this runs while the call's
  // results are held, when nothing should allocate.
  auto what = [&] {
    return (isInput ? "argument " : "output ") + std::to_string(index) +
           " of '" + function.str() + "'";
  };
  ElementType expected = *toReferenceElementType(type.getElementType());
  if (viewType != expected)
    return what() + " must have element type " + typeName(expected) + ", got " +
           typeName(viewType);
  if (static_cast<int64_t>(shape.size()) != type.getRank())
    return what() + " must have rank " + std::to_string(type.getRank()) +
           ", got " + std::to_string(shape.size());
  if (strides.size() != shape.size())
    return what() + " has " + std::to_string(strides.size()) +
           " strides for rank " + std::to_string(shape.size());
  for (int64_t d = 0; d < type.getRank(); ++d) {
    if (shape[d] < 0)
      return what() + " has negative size " + std::to_string(shape[d]) +
             " in dimension " + std::to_string(d);
    if (!type.isDynamicDim(d) && type.getDimSize(d) != shape[d])
      return what() + " must have size " + std::to_string(type.getDimSize(d)) +
             " in dimension " + std::to_string(d) + ", got " +
             std::to_string(shape[d]);
  }
  if (!data && countElements(shape) != 0)
    return what() + " has a null data pointer";
  return "";
}

/// The descriptor of a tensor at `data` + `offset` elements.
static SmallVector<int64_t> describe(const void *data, int64_t offset,
                                     ArrayRef<int64_t> shape,
                                     ArrayRef<int64_t> strides) {
  int64_t rank = shape.size();
  SmallVector<int64_t> words(3 + 2 * rank);
  words[0] = words[1] =
      reinterpret_cast<int64_t>(data ? data : emptyTensorData);
  words[2] = offset;
  for (int64_t d = 0; d < rank; ++d) {
    words[3 + d] = shape[d];
    words[3 + rank + d] = strides[d];
  }
  return words;
}

static bool isRowMajor(ArrayRef<int64_t> shape, ArrayRef<int64_t> strides) {
  int64_t expected = 1;
  for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
    if (shape[d] != 1 && strides[d] != expected)
      return false;
    expected *= shape[d];
  }
  return true;
}

template <size_t Size>
static void copyElements(const char *src, int64_t srcStride, char *dst,
                         int64_t dstStride, int64_t count) {
  for (int64_t i = 0; i < count; ++i)
    std::memcpy(dst + i * dstStride * Size, src + i * srcStride * Size, Size);
}

/// Copies the elements of `shape` between two strided layouts.
static void copyStrided(const char *src, ArrayRef<int64_t> srcStrides,
                        char *dst, ArrayRef<int64_t> dstStrides,
                        ArrayRef<int64_t> shape, size_t elementSize) {
  int64_t count = countElements(shape);
  if (count == 0)
    return;
  if (isRowMajor(shape, srcStrides) && isRowMajor(shape, dstStrides)) {
    std::memcpy(dst, src, count * elementSize);
    return;
  }
  int64_t rank = shape.size();
  if (rank == 0) {
    std::memcpy(dst, src, elementSize);
    return;
  }
  // Innermost rows one at a time; the outer dimensions count like an
  // odometer.
  int64_t last = rank - 1;
  SmallVector<int64_t> index(rank, 0);
  while (true) {
    int64_t srcOffset = 0, dstOffset = 0;
    for (int64_t d = 0; d < last; ++d) {
      srcOffset += index[d] * srcStrides[d];
      dstOffset += index[d] * dstStrides[d];
    }
    const char *s = src + srcOffset * static_cast<int64_t>(elementSize);
    char *t = dst + dstOffset * static_cast<int64_t>(elementSize);
    switch (elementSize) {
    case 1:
      copyElements<1>(s, srcStrides[last], t, dstStrides[last], shape[last]);
      break;
    case 2:
      copyElements<2>(s, srcStrides[last], t, dstStrides[last], shape[last]);
      break;
    case 4:
      copyElements<4>(s, srcStrides[last], t, dstStrides[last], shape[last]);
      break;
    default:
      copyElements<8>(s, srcStrides[last], t, dstStrides[last], shape[last]);
      break;
    }
    int64_t d = last - 1;
    for (; d >= 0; --d) {
      if (++index[d] < shape[d])
        break;
      index[d] = 0;
    }
    if (d < 0)
      return;
  }
}

/// The status of one call of a compiled function: failed checks come back
/// here whatever handler the process has (another library's, or the
/// default that exits).
static llvm::Error callWithStatus(void (*entryPoint)(void **), void **args) {
  interp_status status;
  status.failed = 0;
  status.message[0] = '\0';
  interp_status *previous = interp_set_thread_status(&status);
  entryPoint(args);
  interp_set_thread_status(previous);
  if (status.failed)
    return llvm::createStringError(status.message);
  return llvm::Error::success();
}

llvm::Error JitModule::call(StringRef function, const Signature &signature,
                            MutableArrayRef<SmallVector<int64_t>> inputs,
                            ResultAllocator allocate) {
  // Everything that allocates happens before the call: afterwards the
  // result buffers are ours to free, and an allocation that failed (bad_alloc
  // through code without exceptions) would leak them.
  size_t numResults = signature.results.size();
  size_t resultWords = 0;
  for (RankedTensorType type : signature.results)
    resultWords += 3 + 2 * type.getRank();
  SmallVector<int64_t> results(std::max<size_t>(resultWords, 1), 0);
  SmallVector<void *> pointers;
  if (numResults)
    pointers.push_back(results.data());
  for (SmallVector<int64_t> &words : inputs)
    pointers.push_back(words.data());
  SmallVector<void *> args;
  for (void *&pointer : pointers)
    args.push_back(&pointer);
  SmallVector<DescriptorView> views;
  views.reserve(numResults);
  SmallVector<MutableTensorView> outputs(numResults);
  // The buffers to free, each once, after the copies.
  SmallVector<void *> owned;
  owned.reserve(numResults);
  auto entryPoint = entryPoints.find(function);
  if (entryPoint == entryPoints.end())
    return llvm::createStringError("no compiled function @" + function);

  // A failed check returned null results, allocated nothing.
  if (llvm::Error error = callWithStatus(entryPoint->second, args.data()))
    return error;

  size_t base = 0;
  for (RankedTensorType type : signature.results) {
    views.push_back({results.data() + base, type.getRank()});
    base += 3 + 2 * type.getRank();
    void *allocated = views.back().allocated();
    // Constants lower to globals whose descriptors carry this marker as the
    // allocated pointer; they and the inputs are not ours to free.
    bool notOurs = !allocated ||
                   allocated == reinterpret_cast<void *>(0xdeadbeef) ||
                   llvm::any_of(inputs, [&](const SmallVector<int64_t> &in) {
                     return reinterpret_cast<void *>(in[0]) == allocated;
                   });
    if (!notOurs && !llvm::is_contained(owned, allocated))
      owned.push_back(allocated);
  }
  auto freeResults = [&] {
    for (void *buffer : owned)
      std::free(buffer);
  };

  for (auto [i, type] : llvm::enumerate(signature.results)) {
    ElementType element = *toReferenceElementType(type.getElementType());
    auto output = allocate(i, element, views[i].sizes());
    if (!output) {
      freeResults();
      return output.takeError();
    }
    std::string problem =
        checkView(function, /*isInput=*/false, i, type, output->type,
                  output->data, output->shape, output->strides);
    if (problem.empty() && output->shape != views[i].sizes())
      problem = "output " + std::to_string(i) + " of '" + function.str() +
                "' has shape " + shapeString(output->shape) + ", the result " +
                shapeString(views[i].sizes());
    if (!problem.empty()) {
      freeResults();
      return llvm::createStringError(problem);
    }
    outputs[i] = *output;
  }
  copiedResults += outputs.size();
  for (auto [i, output] : llvm::enumerate(outputs)) {
    size_t elementSize = reference::elementSize(output.type);
    copyStrided(views[i].aligned() + views[i].offset() * elementSize,
                views[i].strides(), static_cast<char *>(output.data),
                output.strides, output.shape, elementSize);
  }
  freeResults();
  return llvm::Error::success();
}

/// The destination form at `entryPoint` on `inputs`, writing `output`
/// (contiguous rows).
static llvm::Error callInPlace(void (*entryPoint)(void **),
                               MutableArrayRef<SmallVector<int64_t>> inputs,
                               const MutableTensorView &output) {
  // The form's layout has innermost stride 1; a row of one element may
  // have any stride in the view.
  SmallVector<int64_t> strides(output.strides);
  if (!strides.empty())
    strides.back() = 1;
  SmallVector<int64_t> destination =
      describe(output.data, 0, output.shape, strides);
  SmallVector<void *> pointers;
  for (SmallVector<int64_t> &words : inputs)
    pointers.push_back(words.data());
  pointers.push_back(destination.data());
  SmallVector<void *> args;
  for (void *&pointer : pointers)
    args.push_back(&pointer);
  return callWithStatus(entryPoint, args.data());
}

/// The bytes a strided view spans, as [begin, end); false when it has no
/// elements or its extent does not fit in an address (then taken as
/// overlapping everything).
static bool byteSpan(const char *base, ArrayRef<int64_t> shape,
                     ArrayRef<int64_t> strides, int64_t elementSize,
                     uintptr_t &begin, uintptr_t &end, bool &overflow) {
  overflow = false;
  if (countElements(shape) == 0)
    return false;
  int64_t low = 0, high = 0;
  for (auto [size, stride] : llvm::zip(shape, strides)) {
    int64_t extent;
    if (__builtin_mul_overflow(size - 1, stride, &extent) ||
        __builtin_add_overflow(extent < 0 ? low : high, extent,
                               extent < 0 ? &low : &high)) {
      overflow = true;
      return false;
    }
  }
  int64_t first, last;
  if (__builtin_mul_overflow(low, elementSize, &first) ||
      __builtin_mul_overflow(high + 1, elementSize, &last)) {
    overflow = true;
    return false;
  }
  begin = reinterpret_cast<uintptr_t>(base) + first;
  end = reinterpret_cast<uintptr_t>(base) + last;
  return true;
}

/// Whether the destination form can compute the result of `signature`
/// straight into `output`: its rows are contiguous (the form's layout) and
/// its bytes overlap no input's (the form materializes with `restrict`, and
/// the inputs are read while it is written). Overlap is judged on the
/// spans, conservatively.
static bool canComputeInto(const JitModule::Signature &signature,
                           ArrayRef<SmallVector<int64_t>> inputs,
                           const MutableTensorView &output) {
  if (!output.shape.empty() && output.shape.back() > 1 &&
      output.strides.back() != 1)
    return false;
  int64_t elementSize = reference::elementSize(output.type);
  uintptr_t begin, end;
  bool overflow;
  if (!byteSpan(static_cast<const char *>(output.data), output.shape,
                output.strides, elementSize, begin, end, overflow))
    return !overflow;
  for (auto [type, words] : llvm::zip(signature.inputs, inputs)) {
    DescriptorView view{const_cast<int64_t *>(words.data()), type.getRank()};
    int64_t inputSize =
        reference::elementSize(*toReferenceElementType(type.getElementType()));
    uintptr_t inBegin, inEnd;
    if (!byteSpan(view.aligned() + view.offset() * inputSize, view.sizes(),
                  view.strides(), inputSize, inBegin, inEnd, overflow)) {
      if (overflow)
        return false;
      continue;
    }
    if (inBegin < end && begin < inEnd)
      return false;
  }
  return true;
}

llvm::Error JitModule::callInto(StringRef function, const Signature &signature,
                                MutableArrayRef<SmallVector<int64_t>> inputs,
                                const MutableTensorView &output) {
  auto entryPoint = entryPoints.find(function);
  if (entryPoint == entryPoints.end())
    return llvm::createStringError("no compiled function @" + function);
  if (canComputeInto(signature, inputs, output))
    return callInPlace(entryPoint->second, inputs, output);
  // Into a row-major buffer of the output's shape, then copied: the output
  // is still written only once the call has succeeded.
  size_t elementSize = reference::elementSize(output.type);
  int64_t bytes = countElements(output.shape) * elementSize;
  void *buffer = std::malloc(std::max<int64_t>(bytes, 1));
  if (!buffer)
    return llvm::createStringError(
        "not enough memory for a temporary result of %lld bytes",
        static_cast<long long>(bytes));
  SmallVector<int64_t> strides = rowMajorStrides(output.shape);
  llvm::Error error = callInPlace(
      entryPoint->second, inputs,
      MutableTensorView{output.type, buffer, output.shape, strides});
  if (!error) {
    ++copiedResults;
    copyStrided(static_cast<const char *>(buffer), strides,
                static_cast<char *>(output.data), output.strides, output.shape,
                elementSize);
  }
  std::free(buffer);
  return error;
}

/// The error of calling a function in destination form without an output
/// of a shape known before the call.
static llvm::Error needsOutput(StringRef function) {
  return llvm::createStringError(
      "'%s' is compiled in destination form (it writes its result into the "
      "caller's output) and its result shape is known only when it runs: "
      "call it with the output",
      function.str().c_str());
}

/// The descriptors of `inputs`, or why they do not fit `signature`. The
/// inputs compiled code writes to are copied to `copies` (row-major).
static llvm::Expected<SmallVector<SmallVector<int64_t>>>
describeInputs(StringRef function, const JitModule::Signature &signature,
               ArrayRef<TensorView> inputs,
               std::vector<std::vector<uint8_t>> &copies) {
  if (inputs.size() != signature.inputs.size())
    return llvm::createStringError("'%s' takes %zu arguments, got %zu",
                                   function.str().c_str(),
                                   signature.inputs.size(), inputs.size());
  SmallVector<SmallVector<int64_t>> descriptors;
  for (auto [i, input] : llvm::enumerate(inputs)) {
    std::string problem =
        checkView(function, /*isInput=*/true, i, signature.inputs[i],
                  input.type, input.data, input.shape, input.strides);
    if (!problem.empty())
      return llvm::createStringError(problem);
    if (!signature.writtenInputs[i]) {
      descriptors.push_back(
          describe(input.data, 0, input.shape, input.strides));
      continue;
    }
    size_t elementSize = reference::elementSize(input.type);
    SmallVector<int64_t> strides = rowMajorStrides(input.shape);
    copies.emplace_back(countElements(input.shape) * elementSize);
    if (!copies.back().empty())
      copyStrided(static_cast<const char *>(input.data), input.strides,
                  reinterpret_cast<char *>(copies.back().data()), strides,
                  input.shape, elementSize);
    descriptors.push_back(
        describe(copies.back().empty() ? nullptr : copies.back().data(), 0,
                 input.shape, strides));
  }
  return descriptors;
}

static llvm::Error noFunction(StringRef function) {
  return llvm::createStringError(
      "no callable function '%s' (public, with ranked tensor arguments "
      "and results of interp data types)",
      function.str().c_str());
}

llvm::Error JitModule::invokeInto(StringRef function,
                                  ArrayRef<TensorView> inputs,
                                  ResultAllocator allocate) {
  const Signature *signature = getSignature(function);
  if (!signature)
    return noFunction(function);
  std::vector<std::vector<uint8_t>> copies;
  auto descriptors = describeInputs(function, *signature, inputs, copies);
  if (!descriptors)
    return descriptors.takeError();
  if (signature->destinationForm) {
    // The output is made first, which needs its shape.
    RankedTensorType type = signature->results[0];
    if (!type.hasStaticShape())
      return needsOutput(function);
    ElementType element = *toReferenceElementType(type.getElementType());
    auto output = allocate(0, element, type.getShape());
    if (!output)
      return output.takeError();
    if (std::string problem =
            checkView(function, /*isInput=*/false, 0, type, output->type,
                      output->data, output->shape, output->strides);
        !problem.empty())
      return llvm::createStringError(problem);
    return callInto(function, *signature, *descriptors, *output);
  }
  return call(function, *signature, *descriptors, allocate);
}

llvm::Error JitModule::invokeInto(StringRef function,
                                  ArrayRef<TensorView> inputs,
                                  ArrayRef<MutableTensorView> outputs) {
  const Signature *signature = getSignature(function);
  if (!signature)
    return noFunction(function);
  if (outputs.size() != signature->results.size())
    return llvm::createStringError("'%s' has %zu results, got %zu outputs",
                                   function.str().c_str(),
                                   signature->results.size(), outputs.size());
  // What can be checked before the call is (all but dynamic sizes).
  for (auto [i, output] : llvm::enumerate(outputs)) {
    std::string problem =
        checkView(function, /*isInput=*/false, i, signature->results[i],
                  output.type, output.data, output.shape, output.strides);
    if (!problem.empty())
      return llvm::createStringError(problem);
  }
  std::vector<std::vector<uint8_t>> copies;
  auto descriptors = describeInputs(function, *signature, inputs, copies);
  if (!descriptors)
    return descriptors.takeError();
  if (signature->destinationForm)
    return callInto(function, *signature, *descriptors, outputs[0]);
  return call(function, *signature, *descriptors,
              [&](unsigned index, ElementType, ArrayRef<int64_t>) {
                return outputs[index];
              });
}

/// Row-major views of `inputs`, or why one's bytes do not fit its shape.
/// Their strides are kept in `strides`, reserved first: the views point into
/// its vectors' inline storage.
static llvm::Expected<SmallVector<TensorView>>
rowMajorViews(StringRef function, ArrayRef<reference::Tensor> inputs,
              SmallVector<SmallVector<int64_t>> &strides) {
  strides.reserve(inputs.size());
  SmallVector<TensorView> views;
  for (auto [i, input] : llvm::enumerate(inputs)) {
    if (input.data.size() !=
        input.numElements() * reference::elementSize(input.type))
      return llvm::createStringError(
          "argument %zu of '%s' has %zu bytes for %lld elements of %s", i,
          function.str().c_str(), input.data.size(),
          static_cast<long long>(input.numElements()),
          typeName(input.type).c_str());
    strides.push_back(rowMajorStrides(input.shape));
    views.push_back(
        {input.type, input.data.data(), input.shape, strides.back()});
  }
  return views;
}

/// Replaces the descriptor of every input by one of a copy in `copies` that
/// pads every dimension's extent by 2 in the layout and starts 3 elements
/// in: strides and offset differ from the identity layout.
static void
describeAsPaddedViews(ArrayRef<reference::Tensor> inputs,
                      MutableArrayRef<SmallVector<int64_t>> descriptors,
                      std::vector<std::vector<uint8_t>> &copies) {
  for (auto [input, descriptor] : llvm::zip(inputs, descriptors)) {
    int64_t rank = input.shape.size(), offset = 3, extent = 1;
    SmallVector<int64_t> padded(rank);
    for (int64_t d = rank - 1; d >= 0; --d) {
      padded[d] = extent;
      extent *= input.shape[d] + 2;
    }
    size_t elementSize = reference::elementSize(input.type);
    copies.emplace_back((offset + extent) * elementSize, 0xA5);
    copyStrided(reinterpret_cast<const char *>(input.data.data()),
                rowMajorStrides(input.shape),
                reinterpret_cast<char *>(copies.back().data()) +
                    offset * elementSize,
                padded, input.shape, elementSize);
    descriptor = describe(copies.back().data(), offset, input.shape, padded);
  }
}

namespace {
/// The results of one call on their way into tensors. Each goes first to a
/// buffer from std::malloc, whose failure is an error ("not enough
/// memory"), and the compiled result is freed; only then is the tensor's
/// std::vector allocated, in the room just freed. (A failed operator new
/// cannot be handled here: LLVM's tools install a new-handler that aborts,
/// and this code has no exceptions.)
class StagedResults {
public:
  /// Sizes everything but the buffers before the call: after it, nothing
  /// but the buffers' malloc may allocate.
  explicit StagedResults(const JitModule::Signature &signature)
      : signature(signature), buffers(signature.results.size(), nullptr),
        shapes(signature.results.size()), strides(signature.results.size()) {
    for (auto [i, type] : llvm::enumerate(signature.results)) {
      shapes[i].resize(type.getRank());
      strides[i].resize(type.getRank());
    }
  }
  StagedResults(const StagedResults &) = delete;
  StagedResults &operator=(const StagedResults &) = delete;
  ~StagedResults() {
    for (void *buffer : buffers)
      std::free(buffer);
  }

  /// A ResultAllocator: a row-major buffer for result `index`.
  llvm::Expected<MutableTensorView> allocate(unsigned index, ElementType type,
                                             ArrayRef<int64_t> shape) {
    int64_t bytes = countElements(shape) *
                    static_cast<int64_t>(reference::elementSize(type));
    buffers[index] = std::malloc(std::max<int64_t>(bytes, 1));
    if (!buffers[index])
      return llvm::createStringError(
          "not enough memory to copy result %u (%lld bytes)", index,
          static_cast<long long>(bytes));
    llvm::copy(shape, shapes[index].begin());
    for (int64_t d = shape.size() - 1, stride = 1; d >= 0; --d) {
      strides[index][d] = stride;
      stride *= shape[d];
    }
    return MutableTensorView{type, buffers[index], shapes[index],
                             strides[index]};
  }

  /// The results as tensors, each buffer freed once copied.
  SmallVector<reference::Tensor> takeTensors() {
    size_t numResults = signature.results.size();
    SmallVector<reference::Tensor> outputs(numResults);
    for (size_t i = 0; i < numResults; ++i) {
      reference::Tensor &output = outputs[i];
      output.type =
          *toReferenceElementType(signature.results[i].getElementType());
      output.shape = shapes[i];
      size_t bytes = output.numElements() * reference::elementSize(output.type);
      output.data.resize(bytes);
      if (bytes)
        std::memcpy(output.data.data(), buffers[i], bytes);
      std::free(buffers[i]);
      buffers[i] = nullptr;
    }
    return outputs;
  }

private:
  const JitModule::Signature &signature;
  SmallVector<void *> buffers;
  SmallVector<SmallVector<int64_t>> shapes, strides;
};
} // namespace

llvm::Expected<SmallVector<reference::Tensor>>
JitModule::invoke(StringRef function, ArrayRef<reference::Tensor> inputs,
                  bool asViews) {
  const Signature *signature = getSignature(function);
  if (!signature)
    return noFunction(function);
  SmallVector<SmallVector<int64_t>> strides;
  auto views = rowMajorViews(function, inputs, strides);
  if (!views)
    return views.takeError();
  std::vector<std::vector<uint8_t>> copies;
  auto descriptors = describeInputs(function, *signature, *views, copies);
  if (!descriptors)
    return descriptors.takeError();
  if (asViews)
    describeAsPaddedViews(inputs, *descriptors, copies);

  StagedResults staged(*signature);
  if (signature->destinationForm) {
    RankedTensorType type = signature->results[0];
    if (!type.hasStaticShape())
      return needsOutput(function);
    auto output = staged.allocate(
        0, *toReferenceElementType(type.getElementType()), type.getShape());
    if (!output)
      return output.takeError();
    if (llvm::Error error =
            callInto(function, *signature, *descriptors, *output))
      return std::move(error);
    return staged.takeTensors();
  }
  if (llvm::Error error =
          call(function, *signature, *descriptors,
               [&](unsigned index, ElementType type, ArrayRef<int64_t> shape) {
                 return staged.allocate(index, type, shape);
               }))
    return std::move(error);
  return staged.takeTensors();
}
