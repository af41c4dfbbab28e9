//===- Inputs.cpp - the arguments interp-run passes -----------------------===//

#include "Inputs.h"
#include "Report.h"

#include "interp/Dialect/Interp/IR/InterpConstantFold.h"
#include "interp/Reference/Npy.h"
#include "interp/Semantics/ElementType.h"

#include "llvm/ADT/StringExtras.h"

#include <map>

using namespace mlir;
using namespace mlir::interp;
using namespace interp_run;
using reference::ElementType;

/// splitmix64: small, fast and the same on every platform (unlike the
/// standard distributions).
namespace {
struct SplitMix64 {
  uint64_t state;
  uint64_t next() {
    uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
};
} // namespace

static Tensor randomTensor(ElementType type, ArrayRef<int64_t> shape,
                           uint64_t seedValue, unsigned argument) {
  SplitMix64 streamSeed{seedValue ^ (0x632be59bd9b4e019ull * (argument + 1))};
  SplitMix64 rng{streamSeed.next()};
  Tensor tensor = Tensor::zeros(type, shape);
  int64_t low = 0, high = 0;
  switch (type) {
  case ElementType::I8:
    low = -128, high = 127;
    break;
  case ElementType::U8:
    low = 0, high = 255;
    break;
  case ElementType::I32:
  case ElementType::I64:
    low = -1000, high = 1000;
    break;
  default:
    break;
  }
  for (int64_t i = 0, e = tensor.numElements(); i < e; ++i) {
    uint64_t bits = rng.next();
    if (rules::isFloat(type))
      tensor.setFromDouble(i, -1.0 + 2.0 * (bits >> 11) * 0x1.0p-53);
    else
      tensor.setFromDouble(
          i, static_cast<double>(
                 low + static_cast<int64_t>(bits % uint64_t(high - low + 1))));
  }
  return tensor;
}

/// The element count of `shape`, or std::nullopt past 2^40 (or overflow).
static std::optional<int64_t> checkedCount(ArrayRef<int64_t> shape) {
  int64_t count = 1;
  for (int64_t dim : shape) {
    if (dim == 0)
      return 0;
    if (dim < 0 || dim > (int64_t(1) << 40) / count)
      return std::nullopt;
    count *= dim;
  }
  return count;
}

/// --arg-shape values by argument index.
static llvm::Expected<std::map<unsigned, SmallVector<int64_t>>>
parseArgShapes(llvm::ArrayRef<std::string> argShapes, unsigned numArguments) {
  std::map<unsigned, SmallVector<int64_t>> shapes;
  for (StringRef entry : argShapes) {
    auto [indexText, shapeText] = entry.split('=');
    unsigned index;
    if (!entry.contains('=') || indexText.trim().getAsInteger(10, index))
      return llvm::createStringError(
          "--arg-shape='" + entry.str() +
          "': expected INDEX=D0xD1x..., e.g. 0=1x3x8x8");
    if (index >= numArguments)
      return llvm::createStringError(
          "--arg-shape='" + entry.str() + "': the function has " +
          std::to_string(numArguments) + " argument(s)");
    if (shapes.count(index))
      return llvm::createStringError("--arg-shape gives argument " +
                                     std::to_string(index) + " twice");
    SmallVector<int64_t> shape;
    shapeText = shapeText.trim();
    if (!shapeText.empty()) {
      SmallVector<StringRef> dims;
      shapeText.split(dims, 'x');
      for (StringRef dim : dims) {
        int64_t size;
        if (dim.trim().getAsInteger(10, size) || size < 0)
          return llvm::createStringError(
              "--arg-shape='" + entry.str() + "': '" + dim.str() +
              "' is not a non-negative dimension size");
        shape.push_back(size);
      }
    }
    shapes[index] = shape;
  }
  return shapes;
}

/// Fails unless `shape` fits `type`: same rank, equal static dimensions.
static llvm::Error checkShapeFits(RankedTensorType type,
                                  ArrayRef<int64_t> shape,
                                  const llvm::Twine &what) {
  bool fits = type.getRank() == static_cast<int64_t>(shape.size());
  for (int64_t d = 0; fits && d < type.getRank(); ++d)
    fits = type.isDynamicDim(d) || type.getDimSize(d) == shape[d];
  if (fits)
    return llvm::Error::success();
  return llvm::createStringError(what + " has shape " + formatShape(shape) +
                                 ", but the argument type is " +
                                 formatType(type));
}

llvm::Expected<SmallVector<Input>>
interp_run::buildInputs(func::FuncOp func, const InputOptions &options) {
  const std::vector<std::string> &inputFiles = options.files;
  unsigned numArguments = func.getNumArguments();
  if (inputFiles.size() > numArguments)
    return llvm::createStringError(
        "got " + std::to_string(inputFiles.size()) + " --input files, but '" +
        func.getName().str() + "' takes " + std::to_string(numArguments) +
        " argument(s)");
  auto shapes = parseArgShapes(options.argShapes, numArguments);
  if (!shapes)
    return shapes.takeError();

  SmallVector<Input> inputs;
  for (unsigned i = 0; i < numArguments; ++i) {
    auto type = cast<RankedTensorType>(func.getArgumentTypes()[i]);
    ElementType elementType = *toReferenceElementType(type.getElementType());
    std::string argName =
        "argument " + std::to_string(i) + " (" + formatType(type) + ")";
    std::optional<SmallVector<int64_t>> givenShape;
    if (auto it = shapes->find(i); it != shapes->end()) {
      givenShape = it->second;
      if (auto err = checkShapeFits(
              type, *givenShape, "--arg-shape for argument " + llvm::Twine(i)))
        return std::move(err);
    }

    bool fromFile = i < inputFiles.size() && inputFiles[i] != "random";
    if (fromFile) {
      StringRef path = inputFiles[i];
      auto array = reference::readNpy(path);
      if (!array)
        return array.takeError();
      StringRef expected = reference::npyDType(elementType);
      if (array->dtype != expected)
        return llvm::createStringError(
            "'" + path.str() + "' holds " +
            reference::describeDType(array->dtype) + " ('" + array->dtype +
            "'), but " + argName + " needs " +
            reference::describeDType(expected) + " ('" + expected.str() + "')" +
            (elementType == ElementType::BF16
                 ? std::string(": bf16 data is passed as its uint16 bits")
                 : std::string()));
      if (auto err = checkShapeFits(type, array->shape,
                                    "'" + path + "' (for argument " +
                                        llvm::Twine(i) + ")"))
        return std::move(err);
      if (givenShape && *givenShape != ArrayRef<int64_t>(array->shape))
        return llvm::createStringError(
            "--arg-shape gives argument " + std::to_string(i) + " shape " +
            formatShape(*givenShape) + ", but '" + path.str() + "' has " +
            formatShape(array->shape));
      Input input;
      input.tensor.type = elementType;
      input.tensor.shape = array->shape;
      input.tensor.data = std::move(array->data);
      input.source = path.str();
      inputs.push_back(std::move(input));
      continue;
    }

    SmallVector<int64_t> shape;
    if (givenShape) {
      shape = *givenShape;
    } else {
      for (int64_t d = 0; d < type.getRank(); ++d) {
        if (type.isDynamicDim(d))
          return llvm::createStringError(
              argName + " has a dynamic dimension " + std::to_string(d) +
              ": give its full shape with --arg-shape=" + std::to_string(i) +
              "=D0x... or pass an --input file");
        shape.push_back(type.getDimSize(d));
      }
    }
    std::optional<int64_t> count = checkedCount(shape);
    if (!count || *count > reference::kMaxReferenceElements)
      return llvm::createStringError(
          argName + " of shape " + formatShape(shape) +
          " is too large for random data (at most " +
          std::to_string(reference::kMaxReferenceElements) + " elements)");
    Input input;
    input.tensor = randomTensor(elementType, shape, options.seed, i);
    input.source = "random(seed=" + std::to_string(options.seed) + ")";
    inputs.push_back(std::move(input));
  }
  return inputs;
}
