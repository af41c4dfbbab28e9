//===- interp-run.cpp - run a function of an interp module and check it ---===//
//
// interp-run FILE.mlir [options]
//
// Parses FILE.mlir, JIT-compiles it with the --interp-to-llvm pipeline
// (interp::execution::JitModule), calls one function on inputs read from
// .npy files or filled with seeded random data, prints a checksum line per
// result, optionally writes the results as .npy files, and with --check
// compares them with the reference implementation.
//
//===----------------------------------------------------------------------===//

#include "Npy.h"
#include "ReferenceEval.h"

#include "interp/Dialect/Interp/IR/InterpConstantFold.h"
#include "interp/Execution/JitModule.h"
#include "interp/Reference/Reference.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <map>

using namespace mlir;
using namespace mlir::interp;
using interp_run::NpyArray;
using reference::ElementType;
using reference::Tensor;
namespace cl = llvm::cl;

//===----------------------------------------------------------------------===//
// Options
//===----------------------------------------------------------------------===//

static cl::OptionCategory runCategory("interp-run options");

static cl::opt<std::string> inputFilename(cl::Positional, cl::Required,
                                          cl::desc("<input .mlir file>"),
                                          cl::cat(runCategory));

static cl::opt<std::string> functionName(
    "function",
    cl::desc("The function to call. Default: 'main' if it is callable, else "
             "the first callable function (public, with ranked tensor "
             "arguments and results of f16, bf16, f32, f64, i8, ui8, i32 or "
             "i64)"),
    cl::value_desc("name"), cl::cat(runCategory));

static cl::list<std::string> inputFiles(
    "input",
    cl::desc("A .npy file for the next function argument, in argument order "
             "(repeat the option). 'random' stands for seeded random data. "
             "Arguments past the last --input get random data. dtypes: f2, "
             "f4, f8, i1, u1, i4, i8 for f16, f32, f64, i8, ui8, i32, i64; a "
             "bf16 argument takes uint16 ('<u2') holding the bf16 bits. The "
             "array must be C-ordered, little-endian, and its shape must "
             "match the argument type (any size for a '?' dimension)"),
    cl::value_desc("file.npy"), cl::cat(runCategory));

static cl::list<std::string> argShapes(
    "arg-shape",
    cl::desc("The full shape of a random-data argument with dynamic "
             "dimensions, as INDEX=D0xD1x..., e.g. --arg-shape=0=1x3x8x8 "
             "(repeat the option or separate with commas)"),
    cl::value_desc("i=shape"), cl::CommaSeparated, cl::cat(runCategory));

static cl::opt<uint64_t> seed(
    "seed",
    cl::desc("Seed of the random data (default 0). Each argument gets its "
             "own stream, so giving a file for one argument does not change "
             "another's data. Floats are uniform in [-1, 1) rounded to the "
             "element type; i8 and ui8 cover their whole range; i32 and i64 "
             "are uniform in [-1000, 1000]"),
    cl::init(0), cl::value_desc("N"), cl::cat(runCategory));

static cl::opt<std::string>
    outputDir("output-dir",
              cl::desc("Write each result as DIR/resultN.npy (-o DIR for "
                       "short; bf16 as "
                       "'<u2' bits); with --check also DIR/referenceN.npy. "
                       "DIR is created when missing"),
              cl::value_desc("dir"), cl::cat(runCategory));
static cl::alias outputDirShort("o", cl::desc("Alias for --output-dir"),
                                cl::aliasopt(outputDir), cl::cat(runCategory));

static cl::opt<bool>
    printValues("print-values",
                cl::desc("Also print every element of every result, one "
                         "innermost row per line"),
                cl::cat(runCategory));

static cl::opt<unsigned> repeat(
    "repeat",
    cl::desc("Call the function N more times and print the minimum and median "
             "wall time per call (each call includes copying the inputs in "
             "and the results out; use benchmarks/interp-bench for kernel "
             "timings)"),
    cl::init(0), cl::value_desc("N"));

static cl::opt<bool> check(
    "check",
    cl::desc("Also evaluate the function with the reference implementation "
             "(before lowering; the function may hold only arith.constant, "
             "tensor.cast, interp ops and func.return) and report the "
             "largest absolute and relative differences per result. Exits "
             "with 1 when an element differs by more than the tolerance"),
    cl::cat(runCategory));

static cl::opt<std::string> tolerance(
    "tolerance",
    cl::desc("ABS,REL (or one number for both): an element fails --check "
             "when |got - ref| > ABS and |got - ref| > REL * |ref|. Default "
             "per element type: f32 1e-4,1e-4; f64 1e-9,1e-9; f16 1e-2,1e-2; "
             "bf16 5e-2,5e-2; integers 1,0 (off by one allowed)"),
    cl::value_desc("abs,rel"), cl::cat(runCategory));

static const char *const kOverview =
    R"(interp-run: run a function of an interp module and check its numbers

  interp-run FILE.mlir [--function=NAME] [--input=a.npy ...] [--check] [-o DIR]

Parses and verifies FILE.mlir, compiles it to native code with the
--interp-to-llvm pipeline, calls one function and prints, for each argument
and result, its shape, element type, element count, sum (as double),
min, max and the FNV-1a 64-bit hash of its bytes. Exits with 1 on any error.

Example:
  interp-run examples/interpolate_v4.mlir --check
  interp-run model.mlir --input=x.npy --arg-shape=1=4 -o out/
)";

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// Prints an error and returns the exit status for it, 1.
static int fail(const llvm::Twine &message) {
  llvm::outs().flush();
  llvm::errs() << "interp-run: error: " << message << "\n";
  return 1;
}

static std::string formatShape(ArrayRef<int64_t> shape) {
  if (shape.empty())
    return "scalar";
  std::string text;
  for (auto [i, dim] : llvm::enumerate(shape))
    text += (i ? "x" : "") + std::to_string(dim);
  return text;
}

static std::string formatType(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}

/// The .npy dtype interp-run uses for `type` (NpyArray::dtype spelling).
static StringRef npyDType(ElementType type) {
  switch (type) {
  case ElementType::F16:
    return "f2";
  case ElementType::BF16:
    return "u2";
  case ElementType::F32:
    return "f4";
  case ElementType::F64:
    return "f8";
  case ElementType::I8:
    return "i1";
  case ElementType::U8:
    return "u1";
  case ElementType::I32:
    return "i4";
  case ElementType::I64:
    return "i8";
  }
  llvm_unreachable("unknown element type");
}

/// The full .npy descr (with byte order) for `type`.
static std::string npyDescr(ElementType type) {
  StringRef dtype = npyDType(type);
  return (dtype.ends_with("1") ? "|" : "<") + dtype.str();
}

static bool isFloat(ElementType type) {
  return type == ElementType::F16 || type == ElementType::BF16 ||
         type == ElementType::F32 || type == ElementType::F64;
}

/// Enough significant digits to tell apart every value of `type`.
static std::string formatElement(ElementType type, double value) {
  int digits = 17;
  switch (type) {
  case ElementType::F16:
    digits = 5;
    break;
  case ElementType::BF16:
    digits = 4;
    break;
  case ElementType::F32:
    digits = 9;
    break;
  default:
    break;
  }
  char buffer[64];
  std::snprintf(buffer, sizeof(buffer), "%.*g", digits, value);
  return buffer;
}

static std::string formatDouble(double value, int digits = 17) {
  char buffer[64];
  std::snprintf(buffer, sizeof(buffer), "%.*g", digits, value);
  return buffer;
}

static uint64_t fnv1a64(ArrayRef<uint8_t> bytes) {
  uint64_t hash = 0xcbf29ce484222325ull;
  for (uint8_t byte : bytes) {
    hash ^= byte;
    hash *= 0x100000001b3ull;
  }
  return hash;
}

/// The integer at `index` of an integer tensor, exactly.
static int64_t getInteger(const Tensor &tensor, int64_t index) {
  const uint8_t *src =
      tensor.data.data() + index * reference::elementSize(tensor.type);
  switch (tensor.type) {
  case ElementType::I8: {
    int8_t value;
    std::memcpy(&value, src, 1);
    return value;
  }
  case ElementType::U8:
    return *src;
  case ElementType::I32: {
    int32_t value;
    std::memcpy(&value, src, 4);
    return value;
  }
  case ElementType::I64: {
    int64_t value;
    std::memcpy(&value, src, 8);
    return value;
  }
  default:
    llvm_unreachable("not an integer type");
  }
}

/// The element at `index`, exactly for integers, with enough digits to
/// identify the value for floats.
static std::string formatElementAt(const Tensor &tensor, int64_t index) {
  if (isFloat(tensor.type))
    return formatElement(tensor.type, tensor.getAsDouble(index));
  return std::to_string(getInteger(tensor, index));
}

/// "shape=... dtype=... elements=N sum=S min=A max=B fnv1a64=H".
static std::string summarize(const Tensor &tensor) {
  int64_t count = tensor.numElements();
  double sum = 0;
  int64_t nans = 0, minIndex = -1, maxIndex = -1;
  bool floating = isFloat(tensor.type);
  for (int64_t i = 0; i < count; ++i) {
    double value = tensor.getAsDouble(i);
    sum += value;
    if (std::isnan(value)) {
      ++nans;
      continue;
    }
    if (minIndex < 0) {
      minIndex = maxIndex = i;
      continue;
    }
    if (floating) {
      if (value < tensor.getAsDouble(minIndex))
        minIndex = i;
      if (value > tensor.getAsDouble(maxIndex))
        maxIndex = i;
    } else {
      int64_t integer = getInteger(tensor, i);
      if (integer < getInteger(tensor, minIndex))
        minIndex = i;
      if (integer > getInteger(tensor, maxIndex))
        maxIndex = i;
    }
  }
  std::string text =
      "shape=" + formatShape(tensor.shape) +
      " dtype=" + reference::stringifyElementType(tensor.type).str() +
      " elements=" + std::to_string(count) + " sum=" + formatDouble(sum);
  if (minIndex >= 0)
    text += " min=" + formatElementAt(tensor, minIndex) +
            " max=" + formatElementAt(tensor, maxIndex);
  if (nans)
    text += " nans=" + std::to_string(nans);
  char hash[32];
  std::snprintf(hash, sizeof(hash), "%016llx",
                static_cast<unsigned long long>(fnv1a64(tensor.data)));
  return text + " fnv1a64=" + hash;
}

static void printTensorValues(llvm::raw_ostream &os, const Tensor &tensor) {
  int64_t count = tensor.numElements();
  int64_t rank = tensor.shape.size();
  int64_t rowLength = rank ? tensor.shape.back() : 1;
  if (count == 0 || rowLength == 0)
    return;
  for (int64_t row = 0; row < count / rowLength; ++row) {
    // The index of the row's first element, its last dimension shown as ':'.
    SmallVector<int64_t> index(std::max<int64_t>(rank - 1, 0));
    int64_t remainder = row;
    for (int64_t d = rank - 2; d >= 0; --d) {
      index[d] = remainder % tensor.shape[d];
      remainder /= tensor.shape[d];
    }
    os << "  [";
    for (int64_t i : index)
      os << i << ", ";
    os << (rank ? ":" : "") << "]";
    for (int64_t i = 0; i < rowLength; ++i)
      os << " " << formatElementAt(tensor, row * rowLength + i);
    os << "\n";
  }
}

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
    if (isFloat(type))
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

//===----------------------------------------------------------------------===//
// Steps
//===----------------------------------------------------------------------===//

static llvm::Expected<func::FuncOp> selectFunction(ModuleOp module) {
  SmallVector<func::FuncOp> callable;
  SmallVector<std::string> all;
  for (auto func : module.getOps<func::FuncOp>()) {
    all.push_back(func.getName().str());
    if (execution::whyNotCallable(func).empty())
      callable.push_back(func);
  }
  if (!functionName.empty()) {
    auto func = module.lookupSymbol<func::FuncOp>(functionName);
    if (!func)
      return llvm::createStringError(
          "no function '" + functionName + "' in '" + inputFilename + "'" +
          (all.empty() ? std::string(" (it has no func.func)")
                       : " (functions: " + llvm::join(all, ", ") + ")"));
    std::string reason = execution::whyNotCallable(func);
    if (!reason.empty())
      return llvm::createStringError("cannot call '" + functionName +
                                     "': " + reason);
    return func;
  }
  for (auto func : callable)
    if (func.getName() == "main")
      return func;
  if (!callable.empty())
    return callable.front();
  return llvm::createStringError(
      "no callable function in '" + inputFilename +
      "': interp-run needs a public func.func with a body whose arguments "
      "and results are ranked tensors of f16, bf16, f32, f64, i8, ui8, i32 "
      "or i64");
}

/// --arg-shape values by argument index.
static llvm::Expected<std::map<unsigned, SmallVector<int64_t>>>
parseArgShapes(unsigned numArguments) {
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

struct Input {
  Tensor tensor;
  std::string source;
};

static llvm::Expected<SmallVector<Input>> buildInputs(func::FuncOp func) {
  unsigned numArguments = func.getNumArguments();
  if (inputFiles.size() > numArguments)
    return llvm::createStringError(
        "got " + std::to_string(inputFiles.size()) + " --input files, but '" +
        func.getName().str() + "' takes " + std::to_string(numArguments) +
        " argument(s)");
  auto shapes = parseArgShapes(numArguments);
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
      auto array = interp_run::readNpy(path);
      if (!array)
        return array.takeError();
      StringRef expected = npyDType(elementType);
      if (array->dtype != expected)
        return llvm::createStringError(
            "'" + path.str() + "' holds " +
            interp_run::describeDType(array->dtype) + " ('" + array->dtype +
            "'), but " + argName + " needs " +
            interp_run::describeDType(expected) + " ('" + expected.str() +
            "')" +
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
    input.tensor = randomTensor(elementType, shape, seed, i);
    input.source = "random(seed=" + std::to_string(seed) + ")";
    inputs.push_back(std::move(input));
  }
  return inputs;
}

namespace {
struct Tolerance {
  double abs, rel;
};
} // namespace

static Tolerance defaultTolerance(ElementType type) {
  switch (type) {
  case ElementType::F16:
    return {1e-2, 1e-2};
  case ElementType::BF16:
    return {5e-2, 5e-2};
  case ElementType::F32:
    return {1e-4, 1e-4};
  case ElementType::F64:
    return {1e-9, 1e-9};
  default:
    return {1, 0};
  }
}

static llvm::Expected<std::optional<Tolerance>> parseTolerance() {
  if (tolerance.empty())
    return std::nullopt;
  auto [absText, relText] = StringRef(tolerance).split(',');
  if (relText.empty() && !StringRef(tolerance).contains(','))
    relText = absText;
  double abs, rel;
  if (absText.trim().getAsDouble(abs) || relText.trim().getAsDouble(rel) ||
      !(abs >= 0) || !(rel >= 0))
    return llvm::createStringError(
        "--tolerance='" + tolerance +
        "': expected ABS,REL (two non-negative numbers, e.g. 1e-4,1e-4) or "
        "one number for both");
  return Tolerance{abs, rel};
}

/// Compares one result with its reference; prints the report line(s) and
/// returns whether it is within the tolerance.
static bool compare(unsigned index, const Tensor &got, const Tensor &ref,
                    Tolerance tol) {
  llvm::outs() << "check result " << index << ": ";
  if (got.type != ref.type || got.shape != ref.shape) {
    llvm::outs() << "FAILED: the compiled result is " << formatShape(got.shape)
                 << " " << reference::stringifyElementType(got.type)
                 << ", the reference is " << formatShape(ref.shape) << " "
                 << reference::stringifyElementType(ref.type) << "\n";
    return false;
  }
  int64_t count = got.numElements();
  double maxAbs = 0, maxRel = 0;
  int64_t mismatches = 0, first = -1;
  for (int64_t i = 0; i < count; ++i) {
    double a = got.getAsDouble(i), b = ref.getAsDouble(i);
    double absDiff, relDiff;
    if (std::isnan(a) || std::isnan(b)) {
      bool both = std::isnan(a) && std::isnan(b);
      absDiff = relDiff = both ? 0 : std::numeric_limits<double>::infinity();
    } else if (a == b) {
      absDiff = relDiff = 0; // also equal infinities
    } else {
      absDiff = std::fabs(a - b);
      relDiff = b != 0 ? absDiff / std::fabs(b)
                       : std::numeric_limits<double>::infinity();
    }
    maxAbs = std::max(maxAbs, absDiff);
    maxRel = std::max(maxRel, relDiff);
    if (absDiff > tol.abs && relDiff > tol.rel) {
      if (first < 0)
        first = i;
      ++mismatches;
    }
  }
  llvm::outs() << "compared=" << count
               << " max_abs_diff=" << formatDouble(maxAbs, 6)
               << " max_rel_diff=" << formatDouble(maxRel, 6)
               << " tolerance=" << formatDouble(tol.abs, 6) << ","
               << formatDouble(tol.rel, 6) << " mismatches=" << mismatches
               << (mismatches ? " FAILED" : " ok") << "\n";
  if (first >= 0) {
    SmallVector<int64_t> position(got.shape.size());
    int64_t remainder = first;
    for (int64_t d = static_cast<int64_t>(got.shape.size()) - 1; d >= 0; --d) {
      position[d] = remainder % got.shape[d];
      remainder /= got.shape[d];
    }
    llvm::outs() << "  first mismatch at [";
    llvm::interleaveComma(position, llvm::outs());
    llvm::outs() << "]: got " << formatElementAt(got, first) << ", reference "
                 << formatElementAt(ref, first) << "\n";
  }
  return mismatches == 0;
}

static llvm::Error writeTensor(StringRef dir, StringRef name,
                               const Tensor &tensor) {
  SmallString<256> path(dir);
  llvm::sys::path::append(path, name);
  if (auto err = interp_run::writeNpy(path, npyDescr(tensor.type), tensor.shape,
                                      tensor.data))
    return err;
  llvm::outs() << "wrote " << path << "\n";
  return llvm::Error::success();
}

/// Erases every func.func except `keep` and the functions it (transitively)
/// references.
static void eraseUnusedFunctions(ModuleOp module, func::FuncOp keep) {
  bool changed = true;
  while (changed) {
    changed = false;
    for (auto func : llvm::make_early_inc_range(module.getOps<func::FuncOp>()))
      if (func != keep && SymbolTable::symbolKnownUseEmpty(func, module)) {
        func.erase();
        changed = true;
      }
  }
}

//===----------------------------------------------------------------------===//
// main
//===----------------------------------------------------------------------===//

static int run() {
  std::optional<Tolerance> userTolerance;
  if (auto parsed = parseTolerance())
    userTolerance = *parsed;
  else
    return fail(llvm::toString(parsed.takeError()));

  DialectRegistry registry;
  execution::registerJitDialects(registry);
  MLIRContext context(registry);

  std::string errorMessage;
  auto file = openInputFile(inputFilename, &errorMessage);
  if (!file)
    return fail("cannot read '" + inputFilename + "': " + errorMessage);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(&context));
  if (!module)
    return fail("cannot parse '" + inputFilename +
                "' as a valid MLIR module (see the diagnostics above)");

  auto selected = selectFunction(*module);
  if (!selected)
    return fail(llvm::toString(selected.takeError()));
  func::FuncOp func = *selected;
  std::string name = func.getName().str();

  auto inputs = buildInputs(func);
  if (!inputs)
    return fail(llvm::toString(inputs.takeError()));
  SmallVector<Tensor> tensors;
  for (auto [i, input] : llvm::enumerate(*inputs)) {
    llvm::outs() << "argument " << i << ": " << summarize(input.tensor)
                 << " source=" << input.source << "\n";
    tensors.push_back(input.tensor);
  }

  // The reference runs on the IR before lowering: keep a copy, and refuse
  // unsupported functions before spending time on compilation.
  OwningOpRef<ModuleOp> referenceModule;
  func::FuncOp referenceFunc;
  if (check) {
    referenceModule = module->clone();
    referenceFunc = referenceModule->lookupSymbol<func::FuncOp>(name);
    if (Operation *op = interp_run::findUnsupportedOp(referenceFunc))
      return fail("--check supports functions made of interp ops, "
                  "constants and tensor.cast; found '" +
                  op->getName().getStringRef() + "' at " +
                  interp_run::formatLocation(op->getLoc()));
  }

  // Compile only what the call needs: other functions of the file may use
  // ops the pipeline does not lower (or be slow to compile).
  eraseUnusedFunctions(*module, func);
  auto jit = execution::JitModule::compile(*module);
  if (!jit)
    return fail("cannot compile '" + inputFilename +
                "': " + llvm::toString(jit.takeError()));
  auto results = (*jit)->invoke(name, tensors);
  if (!results)
    return fail("calling '" + name +
                "' failed: " + llvm::toString(results.takeError()));
  if (repeat > 0) {
    std::vector<double> times;
    for (unsigned i = 0; i < repeat; ++i) {
      auto start = std::chrono::steady_clock::now();
      auto again = (*jit)->invoke(name, tensors);
      auto stop = std::chrono::steady_clock::now();
      if (!again)
        return fail("calling '" + name +
                    "' failed: " + llvm::toString(again.takeError()));
      times.push_back(
          std::chrono::duration<double, std::milli>(stop - start).count());
    }
    std::sort(times.begin(), times.end());
    llvm::outs() << llvm::format(
        "time: %u calls, min %.3f ms, median %.3f ms\n", repeat.getValue(),
        times.front(), times[times.size() / 2]);
  }

  llvm::outs() << "function @" << name << ": " << tensors.size()
               << " argument(s), " << results->size() << " result(s)\n";
  for (auto [i, result] : llvm::enumerate(*results)) {
    llvm::outs() << "result " << i << ": " << summarize(result) << "\n";
    if (printValues)
      printTensorValues(llvm::outs(), result);
  }
  llvm::outs().flush();

  if (!outputDir.empty()) {
    if (std::error_code ec = llvm::sys::fs::create_directories(outputDir))
      return fail("cannot create '" + outputDir + "': " + ec.message());
    for (auto [i, result] : llvm::enumerate(*results))
      if (auto err = writeTensor(outputDir,
                                 "result" + std::to_string(i) + ".npy", result))
        return fail(llvm::toString(std::move(err)));
  }

  if (!check)
    return 0;
  auto expected = interp_run::evaluateWithReference(referenceFunc, tensors);
  if (!expected)
    return fail(llvm::toString(expected.takeError()));
  if (expected->size() != results->size())
    return fail("the reference produced " + std::to_string(expected->size()) +
                " results, the compiled function " +
                std::to_string(results->size()));
  unsigned failed = 0;
  for (auto [i, pair] : llvm::enumerate(llvm::zip(*results, *expected))) {
    auto &[got, ref] = pair;
    Tolerance tol = userTolerance ? *userTolerance : defaultTolerance(ref.type);
    if (!compare(i, got, ref, tol))
      ++failed;
    if (!outputDir.empty())
      if (auto err = writeTensor(outputDir,
                                 "reference" + std::to_string(i) + ".npy", ref))
        return fail(llvm::toString(std::move(err)));
  }
  llvm::outs().flush();
  if (failed)
    return fail("--check failed: " + std::to_string(failed) + " of " +
                std::to_string(results->size()) +
                " result(s) differ from the reference beyond the tolerance");
  llvm::outs() << "check passed\n";
  return 0;
}

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  cl::HideUnrelatedOptions(runCategory);
  outputDirShort.setHiddenFlag(cl::NotHidden);
  cl::ParseCommandLineOptions(argc, argv, kOverview);
  return run();
}
