//===- DifferentialTest.cpp - compiled code vs the reference --------------===//
//
// Draws random interp ops from the whole configuration space (the three ops,
// every mode including Interpolate-11's Pillow modes and their PyTorch uint8
// arithmetic, coordinate mode, nearest mode, antialias, pads on any
// dimension, cube_coeff, ranks 1-5, any axes
// order, sizes and scales modes, all eight element types, static and dynamic
// shapes, constant and run-time sizes/scales, length-1 and size-0 dimensions,
// x64 up and /64 down), compiles them with --interp-to-llvm through the JIT,
// runs them on random data and compares with the reference implementation (an
// independent, per-element transliteration of docs/Semantics.md).
//
// Tolerances: nearest and the Pillow modes on 8-bit data are bit-exact;
// everything else gets the project's one tolerance policy
// (interp/Reference/Compare.h) with M the input's largest magnitude:
// integers within 1; f32 |d| <= (2e-5 + 1e-5 |expected|) * M; f64 1e-9
// instead; f16/bf16 one unit in the last place of the expected value plus
// the f32 bound.
//
// Usage: interp-difftest [--cases N] [--seed S] [--verbose]
//        [--export-dir DIR]
// INTERP_DIFF_CASES overrides the default number of cases. --export-dir also
// writes every batch's module, each case's inputs, reference result and
// interp result as .npy files and DIR/cases.tsv, for another compiler to be
// compared on the same cases (test/Conversion/InterpToLinalg/
// iree_portable.py).
//
//===----------------------------------------------------------------------===//

#include "interp/Execution/JitModule.h"
#include "interp/Reference/Compare.h"
#include "interp/Reference/Npy.h"
#include "interp/Reference/Reference.h"
#include "interp/Semantics/Rules.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <cstring>
#include <map>
#include <random>
#include <sstream>

using namespace mlir;
using namespace mlir::interp;
using reference::ElementType;

static llvm::cl::opt<int> numCases("cases", llvm::cl::desc("number of cases"),
                                   llvm::cl::init(2000));
static llvm::cl::opt<unsigned> seed("seed", llvm::cl::desc("random seed"),
                                    llvm::cl::init(20261129));
static llvm::cl::opt<int> batchSize("batch",
                                    llvm::cl::desc("cases per compiled module"),
                                    llvm::cl::init(25));
static llvm::cl::opt<unsigned>
    numThreads("num-threads",
               llvm::cl::desc("the pipeline's num-threads option (1: "
                              "sequential, else OpenMP)"),
               llvm::cl::init(1));
static llvm::cl::opt<uint64_t> minParallelIterations(
    "min-parallel-iterations",
    llvm::cl::desc("the pipeline's min-parallel-iterations option; 0 (the "
                   "default here) keeps the small cases' loops parallel, so "
                   "that --num-threads tests OpenMP code"),
    llvm::cl::init(0));
static llvm::cl::opt<bool> verbose("verbose",
                                   llvm::cl::desc("print every case"));
static llvm::cl::opt<bool>
    emitOnly("emit-only",
             llvm::cl::desc("print the generated modules and stop"));
static llvm::cl::opt<std::string> exportDir(
    "export-dir",
    llvm::cl::desc("also write each batch's module (batch_B.mlir), each "
                   "case's inputs, reference and interp results "
                   "(case_N.argK.npy, case_N.reference.npy, "
                   "case_N.interp.npy) and the manifest cases.tsv here"));

namespace {

struct Case {
  int id = 0;
  bool isV1 = false;
  // Interpolate-11: its attributes in `v11`; `v4` holds the same pads,
  // shape mode and (for its Interpolate-4 modes) everything else, so what
  // reads `v4` below also describes the v11 op.
  bool isV11 = false;
  reference::V11Attributes v11;
  ElementType type = ElementType::F32;
  SmallVector<int64_t> shape;
  SmallVector<bool> dynamicDims;
  // Interpolate-4.
  reference::V4Attributes v4;
  SmallVector<int64_t> axes;
  SmallVector<int64_t> sizes;
  SmallVector<float> scales;
  bool runtimeShapeOperand = false; // sizes / scales as function arguments
  // Interpolate-1.
  reference::V1Attributes v1;
  SmallVector<int64_t> target;
  // Filled by the reference.
  reference::Tensor input;
  reference::Tensor expected;
  double magnitude = 1.0;
  // Result dimensions the result type states (the rest are `?`), and one
  // of them, known only at run time, stated wrong: the compiled code must
  // then refuse to run ("invalid run-time operands: result dimension ...").
  SmallVector<bool> staticResult;
  std::optional<int64_t> wrongDim;
};

bool isPillow(const Case &c) {
  return c.isV11 && rules::isPillowMode(c.v11.mode);
}

class Generator {
public:
  explicit Generator(unsigned seed) : rng(seed) {}

  int uniform(int lo, int hi) {
    return std::uniform_int_distribution<int>(lo, hi)(rng);
  }
  double real(double lo, double hi) {
    return std::uniform_real_distribution<double>(lo, hi)(rng);
  }
  bool chance(double p) { return real(0.0, 1.0) < p; }
  template <typename T> const T &pick(ArrayRef<T> values) {
    return values[uniform(0, values.size() - 1)];
  }

  /// A random valid case whose reference evaluation stays cheap.
  Case draw(int id) {
    for (;;) {
      Case c = drawOnce(id);
      if (fillReference(c)) {
        drawResultType(c);
        return c;
      }
    }
  }

  /// Whether result dimension `d` is known when the op is compiled.
  static bool knownStatically(const Case &c, int64_t d) {
    bool isAxis = c.isV1 ? llvm::is_contained(c.v1.axes, d)
                         : llvm::is_contained(c.axes, d);
    if (!isAxis)
      return !c.dynamicDims[d];
    if (c.isV1 || c.v4.shapeCalculationMode == ShapeCalcMode::Sizes)
      return !c.runtimeShapeOperand;
    return !c.runtimeShapeOperand && !c.dynamicDims[d];
  }

  /// Which result dimensions the type states; now and then one known only
  /// at run time, stated wrong.
  void drawResultType(Case &c) {
    int64_t rank = c.expected.shape.size();
    c.staticResult.assign(rank, false);
    if (chance(0.3))
      for (int64_t d = 0; d < rank; ++d)
        c.staticResult[d] = chance(0.5);
    // The verifier also knows that an axis with a statically empty input
    // stays empty.
    SmallVector<int64_t> runtimeOnly;
    for (int64_t d = 0; d < rank; ++d)
      if (!knownStatically(c, d) && !(c.shape[d] == 0 && !c.dynamicDims[d]))
        runtimeOnly.push_back(d);
    if (!runtimeOnly.empty() && chance(0.08)) {
      c.wrongDim = pick(ArrayRef<int64_t>(runtimeOnly));
      c.staticResult[*c.wrongDim] = true;
    }
  }

private:
  std::mt19937_64 rng;

  Case drawOnce(int id) {
    Case c;
    c.id = id;
    c.type = static_cast<ElementType>(uniform(0, 7));
    double version = real(0.0, 1.0);
    c.isV1 = version < 0.2;
    if (c.isV1)
      return drawV1(std::move(c));
    if (version < 0.4)
      return drawV11(std::move(c));
    return drawV4(std::move(c));
  }

  /// Interpolate-11: half of the time an Interpolate-4 mode (drawn as for
  /// Interpolate-4), else a Pillow mode.
  Case drawV11(Case c) {
    if (chance(0.5)) {
      c = drawV4(std::move(c));
      c.isV11 = true;
      static const InterpolateV11Mode modes[] = {
          InterpolateV11Mode::Nearest, InterpolateV11Mode::Linear,
          InterpolateV11Mode::LinearOnnx, InterpolateV11Mode::Cubic};
      c.v11.mode = modes[static_cast<int>(c.v4.mode)];
      copyToV11(c);
      return c;
    }
    c.isV11 = true;
    c.v11.mode = chance(0.5) ? InterpolateV11Mode::BilinearPillow
                             : InterpolateV11Mode::BicubicPillow;
    int rank = uniform(2, 5);
    drawShape(c, rank);
    int64_t h = uniform(0, rank - 2);
    c.axes = {h, uniform(h + 1, rank - 1)};
    // Not read by the Pillow modes; drawn anyway.
    c.v4.mode = InterpolateMode::Linear;
    c.v4.shapeCalculationMode =
        chance(0.5) ? ShapeCalcMode::Sizes : ShapeCalcMode::Scales;
    c.v4.coordinateTransformationMode =
        static_cast<CoordinateTransformMode>(uniform(0, 4));
    c.v4.nearestMode = static_cast<NearestMode>(uniform(0, 4));
    static const double coeffs[] = {-0.5, -0.75, -0.6};
    c.v4.cubeCoeff = chance(0.7) ? pick(ArrayRef<double>(coeffs))
                                 : std::round(real(-1.0, 0.0) * 64) / 64;
    if (chance(0.25))
      for (int d = 0; d < rank; ++d) {
        c.v4.padsBegin.push_back(chance(0.5) ? uniform(0, 2) : 0);
        c.v4.padsEnd.push_back(chance(0.5) ? uniform(0, 2) : 0);
      }
    drawShapeOperand(c, rank);
    copyToV11(c);
    c.v11.antialias = chance(0.3);
    // PyTorch's uint8 arithmetic (an interp extension): ui8 only, bicubic
    // with its fixed a = -0.5.
    if (c.type == ElementType::U8 && chance(0.4)) {
      c.v11.integerArithmetic = IntegerArithmetic::PyTorch;
      if (c.v11.mode == InterpolateV11Mode::BicubicPillow)
        c.v4.cubeCoeff = c.v11.cubeCoeff = -0.5;
    }
    return c;
  }

  static void copyToV11(Case &c) {
    c.v11.shapeCalculationMode = c.v4.shapeCalculationMode;
    c.v11.coordinateTransformationMode = c.v4.coordinateTransformationMode;
    c.v11.nearestMode = c.v4.nearestMode;
    c.v11.antialias = c.v4.antialias;
    c.v11.padsBegin = c.v4.padsBegin;
    c.v11.padsEnd = c.v4.padsEnd;
    c.v11.cubeCoeff = c.v4.cubeCoeff;
  }

  int64_t drawDim() {
    if (chance(0.04))
      return 0;
    if (chance(0.15))
      return 1;
    return uniform(2, 7);
  }

  void drawShape(Case &c, int rank) {
    for (int d = 0; d < rank; ++d) {
      c.shape.push_back(drawDim());
      c.dynamicDims.push_back(chance(0.2));
    }
    // Room for /64 down on one dimension.
    if (chance(0.06))
      c.shape[uniform(0, rank - 1)] = 64 * uniform(1, 2);
  }

  /// An output length for an axis of padded length `in`.
  int64_t drawLength(int64_t in) {
    if (in == 0)
      return 0;
    if (in >= 64 && chance(0.6))
      return in / 64; // /64 down
    if (chance(0.03))
      return in * 64; // x64 up
    if (chance(0.05))
      return 1;
    if (chance(0.1))
      return in;
    return uniform(1, std::max<int64_t>(2, in * 3));
  }

  float drawScale(int64_t in) {
    if (in >= 64 && chance(0.6))
      return 1.0f / 64.0f;
    if (chance(0.03) && in > 0)
      return 64.0f;
    if (chance(0.03))
      return 1.0f / 64.0f;
    static const float common[] = {0.5f,  2.0f, 1.5f, 0.75f, 3.0f,
                                   0.25f, 1.0f, 0.6f, 1.25f, 0.333f};
    if (chance(0.6))
      return pick(ArrayRef<float>(common));
    return static_cast<float>(real(0.2, 3.5));
  }

  Case drawV4(Case c) {
    auto mode = static_cast<InterpolateMode>(uniform(0, 3));
    int rank;
    if (mode == InterpolateMode::LinearOnnx) {
      rank = uniform(2, 5);
      drawShape(c, rank);
      bool all = rank <= 3 || chance(0.3);
      for (int d = (all ? 0 : 2); d < rank; ++d)
        c.axes.push_back(d);
    } else {
      rank = uniform(1, 5);
      drawShape(c, rank);
      for (int d = 0; d < rank; ++d)
        if (chance(0.6))
          c.axes.push_back(d);
      if (c.axes.empty())
        c.axes.push_back(uniform(0, rank - 1));
      std::shuffle(c.axes.begin(), c.axes.end(), rng);
    }
    c.v4.mode = mode;
    c.v4.shapeCalculationMode =
        chance(0.5) ? ShapeCalcMode::Sizes : ShapeCalcMode::Scales;
    c.v4.coordinateTransformationMode =
        static_cast<CoordinateTransformMode>(uniform(0, 4));
    c.v4.nearestMode = static_cast<NearestMode>(uniform(0, 4));
    c.v4.antialias = chance(0.4);
    static const double coeffs[] = {-0.75, -0.5, -0.6};
    c.v4.cubeCoeff = chance(0.7) ? pick(ArrayRef<double>(coeffs))
                                 : std::round(real(-1.0, 0.0) * 64) / 64;
    if (chance(0.25)) {
      for (int d = 0; d < rank; ++d) {
        c.v4.padsBegin.push_back(chance(0.5) ? uniform(0, 2) : 0);
        c.v4.padsEnd.push_back(chance(0.5) ? uniform(0, 2) : 0);
      }
      // Shorter lists are zero-filled.
      if (chance(0.3))
        c.v4.padsEnd.resize(uniform(0, rank));
    }
    drawShapeOperand(c, rank);
    return c;
  }

  /// Sizes or scales for c.axes, and whether they are run-time operands.
  void drawShapeOperand(Case &c, int rank) {
    SmallVector<int64_t> begin = rules::resizePads(c.v4.padsBegin, rank);
    SmallVector<int64_t> end = rules::resizePads(c.v4.padsEnd, rank);
    for (int64_t axis : c.axes) {
      int64_t in = c.shape[axis] + begin[axis] + end[axis];
      if (c.v4.shapeCalculationMode == ShapeCalcMode::Sizes) {
        c.sizes.push_back(drawLength(in));
      } else {
        float scale = drawScale(in);
        // An empty axis must stay empty.
        while (in == 0 && rules::scaledLength(0, scale).value_or(1) != 0)
          scale = 1.0f;
        c.scales.push_back(scale);
      }
    }
    c.runtimeShapeOperand = chance(0.25);
  }

  Case drawV1(Case c) {
    auto mode = static_cast<InterpolateV1Mode>(uniform(0, 3));
    int rank = uniform(1, 5);
    drawShape(c, rank);
    for (int d = 0; d < rank; ++d)
      if (chance(0.6))
        c.v1.axes.push_back(d);
    if (c.v1.axes.empty())
      c.v1.axes.push_back(uniform(0, rank - 1));
    c.v1.mode = mode;
    c.v1.alignCorners = chance(0.5);
    c.v1.antialias = chance(0.3);
    if (chance(0.3)) {
      c.v1.padsBegin.assign(rank, 0);
      c.v1.padsEnd.assign(rank, 0);
      for (int64_t axis : c.v1.axes) {
        c.v1.padsBegin[axis] = chance(0.5) ? uniform(0, 2) : 0;
        c.v1.padsEnd[axis] = chance(0.5) ? uniform(0, 2) : 0;
      }
    }
    for (int64_t axis : c.v1.axes) {
      int64_t in = c.shape[axis];
      if (!c.v1.padsBegin.empty())
        in += c.v1.padsBegin[axis] + c.v1.padsEnd[axis];
      c.target.push_back(in == 0 ? 0 : drawLength(in));
    }
    c.runtimeShapeOperand = chance(0.2);
    return c;
  }

  /// Random input data and the reference result; false when the case is too
  /// expensive for the reference (big antialias windows) or too big.
  bool fillReference(Case &c) {
    int64_t count = 1;
    for (int64_t d : c.shape)
      count *= d;
    if (count > 4000)
      return false;
    SmallVector<double> values;
    for (int64_t i = 0; i < count; ++i)
      values.push_back(randomValue(c.type));
    c.input = reference::Tensor::fromDoubles(c.type, c.shape, values);
    c.magnitude = reference::inputMagnitude(c.input);

    llvm::Expected<reference::Tensor> result =
        c.isV1    ? reference::evaluateV1(c.input, c.target, c.v1)
        : c.isV11 ? reference::evaluateV11(c.input, c.sizes, c.scales,
                                           ArrayRef<int64_t>(c.axes), c.v11)
                  : reference::evaluateV4(c.input, c.sizes, c.scales,
                                          ArrayRef<int64_t>(c.axes), c.v4);
    if (!result) {
      llvm::consumeError(result.takeError());
      return false;
    }
    int64_t outCount = result->numElements();
    if (outCount > 40000)
      return false;
    // Reference cost: output elements times taps per element.
    double taps = 1;
    bool wide = (c.isV1 ? c.v1.mode == InterpolateV1Mode::Area
                        : c.v4.mode == InterpolateMode::Linear);
    wide = wide || isPillow(c);
    if (wide)
      for (size_t d = 0; d < c.shape.size(); ++d)
        taps *= std::max<double>(
            5.0, 2.0 * double(c.shape[d] + 4) /
                         std::max<double>(1, double(result->shape[d])) +
                     5);
    if (double(outCount) * taps > 3e6)
      return false;
    c.expected = std::move(*result);
    return true;
  }

  double randomValue(ElementType type) {
    switch (type) {
    case ElementType::F16:
    case ElementType::BF16:
    case ElementType::F32:
    case ElementType::F64:
      return real(-1.0, 1.0) * (chance(0.2) ? 100.0 : 1.0);
    case ElementType::I8:
      return uniform(-128, 127);
    case ElementType::U8:
      return uniform(0, 255);
    case ElementType::I32:
      return uniform(-100000, 100000);
    case ElementType::I64:
      return static_cast<double>(uniform(-1000000, 1000000)) * 4096.0;
    }
    return 0;
  }
};

std::string typeName(ElementType type) {
  return reference::stringifyElementType(type).str();
}

std::string tensorType(ArrayRef<int64_t> shape, ArrayRef<bool> dynamic,
                       const std::string &element) {
  std::string s = "tensor<";
  for (size_t d = 0; d < shape.size(); ++d)
    s += (dynamic[d] ? std::string("?") : std::to_string(shape[d])) + "x";
  return s + element + ">";
}

std::string intList(ArrayRef<int64_t> values) {
  std::string s;
  for (size_t i = 0; i < values.size(); ++i)
    s += (i ? ", " : "") + std::to_string(values[i]);
  return s;
}

std::string i64Array(ArrayRef<int64_t> values) {
  if (values.empty())
    return "array<i64>";
  return "array<i64: " + intList(values) + ">";
}

std::string floatHexList(ArrayRef<float> values) {
  std::string s;
  for (size_t i = 0; i < values.size(); ++i) {
    uint32_t bits;
    std::memcpy(&bits, &values[i], 4);
    char buffer[16];
    std::snprintf(buffer, sizeof(buffer), "0x%08X", bits);
    s += (i ? ", " : "") + std::string(buffer);
  }
  return s;
}

/// The case as a function `@case_<id>`.
std::string emitFunction(const Case &c) {
  std::ostringstream os;
  std::string element = typeName(c.type);
  std::string dataType = tensorType(c.shape, c.dynamicDims, element);
  SmallVector<bool> dynamicResult;
  for (bool isStatic : c.staticResult)
    dynamicResult.push_back(!isStatic);
  SmallVector<int64_t> resultShape(c.expected.shape);
  if (c.wrongDim)
    resultShape[*c.wrongDim] += 1 + c.id % 3;
  std::string resultType = tensorType(resultShape, dynamicResult, element);
  os << "func.func @case_" << c.id << "(%data: " << dataType;
  if (c.isV1) {
    std::string targetType =
        "tensor<" + std::to_string(c.target.size()) + "xi64>";
    if (c.runtimeShapeOperand)
      os << ", %target: " << targetType;
    os << ") -> " << resultType << " {\n";
    if (!c.runtimeShapeOperand)
      os << "  %target = arith.constant dense<[" << intList(c.target)
         << "]> : " << targetType << "\n";
    os << "  %r = interp.interpolate_v1 %data, %target {axes = "
       << i64Array(c.v1.axes) << ", mode = " << stringifyEnum(c.v1.mode).str()
       << ", align_corners = " << (c.v1.alignCorners ? "true" : "false")
       << ", antialias = " << (c.v1.antialias ? "true" : "false")
       << ", pads_begin = " << i64Array(c.v1.padsBegin)
       << ", pads_end = " << i64Array(c.v1.padsEnd) << "} : (" << dataType
       << ", " << targetType << ") -> " << resultType << "\n";
  } else {
    size_t n = c.axes.size();
    std::string sizesType = "tensor<" + std::to_string(n) + "xi64>";
    std::string scalesType = "tensor<" + std::to_string(n) + "xf32>";
    bool sizesMode = c.v4.shapeCalculationMode == ShapeCalcMode::Sizes;
    bool runtimeSizes = c.runtimeShapeOperand && sizesMode;
    bool runtimeScales = c.runtimeShapeOperand && !sizesMode;
    if (runtimeSizes)
      os << ", %sizes: " << sizesType;
    if (runtimeScales)
      os << ", %scales: " << scalesType;
    os << ") -> " << resultType << " {\n";
    SmallVector<int64_t> sizes = c.sizes;
    SmallVector<float> scales = c.scales;
    sizes.resize(n, 1);
    scales.resize(n, 1.0f);
    if (!runtimeSizes)
      os << "  %sizes = arith.constant dense<[" << intList(sizes)
         << "]> : " << sizesType << "\n";
    if (!runtimeScales)
      os << "  %scales = arith.constant dense<[" << floatHexList(scales)
         << "]> : " << scalesType << "\n";
    os << "  %axes = arith.constant dense<[" << intList(c.axes)
       << "]> : " << sizesType << "\n";
    char coeff[64];
    std::snprintf(coeff, sizeof(coeff), "%.17e", c.v4.cubeCoeff);
    if (c.isV11) {
      std::string operandType = sizesMode ? sizesType : scalesType;
      os << "  %r = interp.interpolate_v11 %data, "
         << (sizesMode ? "%sizes" : "%scales")
         << ", %axes {mode = " << stringifyEnum(c.v11.mode).str()
         << ", shape_calculation_mode = "
         << stringifyEnum(c.v11.shapeCalculationMode).str()
         << ", coordinate_transformation_mode = "
         << stringifyEnum(c.v11.coordinateTransformationMode).str()
         << ", nearest_mode = " << stringifyEnum(c.v11.nearestMode).str()
         << ", antialias = " << (c.v11.antialias ? "true" : "false")
         << ", cube_coeff = " << coeff << " : f64"
         << ", pads_begin = " << i64Array(c.v11.padsBegin)
         << ", pads_end = " << i64Array(c.v11.padsEnd)
         << (c.v11.integerArithmetic == IntegerArithmetic::PyTorch
                 ? ", integer_arithmetic = pytorch"
                 : "")
         << "} : (" << dataType << ", " << operandType << ", " << sizesType
         << ") -> " << resultType << "\n";
      os << "  return %r : " << resultType << "\n}\n";
      return os.str();
    }
    os << "  %r = interp.interpolate_v4 %data, %sizes, %scales, %axes {mode = "
       << stringifyEnum(c.v4.mode).str() << ", shape_calculation_mode = "
       << stringifyEnum(c.v4.shapeCalculationMode).str()
       << ", coordinate_transformation_mode = "
       << stringifyEnum(c.v4.coordinateTransformationMode).str()
       << ", nearest_mode = " << stringifyEnum(c.v4.nearestMode).str()
       << ", antialias = " << (c.v4.antialias ? "true" : "false")
       << ", cube_coeff = " << coeff << " : f64"
       << ", pads_begin = " << i64Array(c.v4.padsBegin)
       << ", pads_end = " << i64Array(c.v4.padsEnd) << "} : (" << dataType
       << ", " << sizesType << ", " << scalesType << ", " << sizesType
       << ") -> " << resultType << "\n";
  }
  os << "  return %r : " << resultType << "\n}\n";
  return os.str();
}

SmallVector<reference::Tensor> argumentsOf(const Case &c) {
  SmallVector<reference::Tensor> args = {c.input};
  if (!c.runtimeShapeOperand)
    return args;
  if (c.isV1) {
    SmallVector<double> target(c.target.begin(), c.target.end());
    args.push_back(reference::Tensor::fromDoubles(
        ElementType::I64, {int64_t(target.size())}, target));
  } else if (c.v4.shapeCalculationMode == ShapeCalcMode::Sizes) {
    SmallVector<double> sizes(c.sizes.begin(), c.sizes.end());
    args.push_back(reference::Tensor::fromDoubles(
        ElementType::I64, {int64_t(sizes.size())}, sizes));
  } else {
    SmallVector<double> scales(c.scales.begin(), c.scales.end());
    args.push_back(reference::Tensor::fromDoubles(
        ElementType::F32, {int64_t(scales.size())}, scales));
  }
  return args;
}

/// Whether the case's result is defined exactly, so that any difference is
/// an error: nearest copies elements, and the Pillow modes on 8-bit data sum
/// in exact integer arithmetic (SEMANTICS-v11.md step 9).
bool isExact(const Case &c) {
  if (c.isV11)
    return c.v11.mode == InterpolateV11Mode::Nearest ||
           (rules::isPillowMode(c.v11.mode) &&
            (c.type == ElementType::U8 || c.type == ElementType::I8));
  return c.isV1 ? c.v1.mode == InterpolateV1Mode::Nearest
                : c.v4.mode == InterpolateMode::Nearest;
}

/// Empty string when `got` agrees with the case's expected result.
std::string compare(const Case &c, const reference::Tensor &got) {
  const reference::Tensor &want = c.expected;
  if (got.type != want.type)
    return "element type differs";
  if (got.shape != want.shape) {
    return "shape [" + intList(got.shape) + "] but expected [" +
           intList(want.shape) + "]";
  }
  if (isExact(c)) {
    if (got.data != want.data)
      return "result is not bit-exact (nearest, or a Pillow mode on 8-bit "
             "data)";
    return "";
  }
  reference::Tolerance tolerance =
      reference::resultTolerance(c.type, c.magnitude);
  reference::Comparison result =
      reference::compareTensors(got, want, tolerance);
  if (result.ok())
    return "";
  int64_t i = result.firstMismatch;
  std::ostringstream os;
  os.precision(10);
  os << "element " << i << " is " << got.getAsDouble(i) << ", expected "
     << want.getAsDouble(i) << " (tolerance "
     << tolerance.bound(want.getAsDouble(i)) << ")";
  return os.str();
}

} // namespace

/// What the random cases covered, printed at the end: a count per
/// property.
using Coverage = std::map<std::string, int>;

/// The input length along `d` after the pads.
static int64_t paddedLength(const Case &c, size_t d) {
  const auto &begin = c.isV1 ? c.v1.padsBegin : c.v4.padsBegin;
  const auto &end = c.isV1 ? c.v1.padsEnd : c.v4.padsEnd;
  return c.shape[d] + (d < begin.size() ? begin[d] : 0) +
         (d < end.size() ? end[d] : 0);
}

/// The op, its modes, the element type and the rank.
static void tallyOp(Coverage &coverage, const Case &c) {
  std::string op = c.isV1    ? "v1 " + stringifyEnum(c.v1.mode).str()
                   : c.isV11 ? "v11 " + stringifyEnum(c.v11.mode).str()
                             : "v4 " + stringifyEnum(c.v4.mode).str();
  ++coverage["op: " + op];
  ++coverage["type: " + typeName(c.type)];
  ++coverage["rank: " + std::to_string(c.shape.size())];
  if (!c.isV1)
    ++coverage["shape mode: " + stringifyEnum(c.v4.shapeCalculationMode).str()];
  if (isPillow(c) && c.v11.padsBegin.empty() && c.type == ElementType::U8)
    ++coverage["v11 Pillow ui8 without pads"];
  if (c.isV11 && c.v11.integerArithmetic == IntegerArithmetic::PyTorch)
    ++coverage["v11 integer_arithmetic = pytorch"];
  if (!c.isV1 && !isPillow(c)) {
    ++coverage["coordinate: " +
               stringifyEnum(c.v4.coordinateTransformationMode).str()];
    if (c.v4.mode == InterpolateMode::Nearest)
      ++coverage["nearest mode: " + stringifyEnum(c.v4.nearestMode).str()];
    if (c.v4.antialias && c.v4.mode == InterpolateMode::Linear)
      ++coverage["linear with antialias"];
  }
}

/// How the operands and the result are given: dynamic, at run time, as
/// views, empty, padded, with static result dimensions.
static void tallyOperands(Coverage &coverage, const Case &c) {
  if (llvm::is_contained(c.dynamicDims, true))
    ++coverage["dynamic data dims"];
  if (c.runtimeShapeOperand)
    ++coverage["run-time sizes/scales/target"];
  if (c.id % 2)
    ++coverage["inputs as strided views"];
  if (c.expected.numElements() == 0)
    ++coverage["empty result"];
  if (llvm::is_contained(c.staticResult, true))
    ++coverage["static result dims"];
  if (c.wrongDim)
    ++coverage["static result dim contradicted at run time"];
  bool padded = false;
  for (int64_t p : c.isV1 ? c.v1.padsBegin : c.v4.padsBegin)
    padded |= p != 0;
  for (int64_t p : c.isV1 ? c.v1.padsEnd : c.v4.padsEnd)
    padded |= p != 0;
  if (padded)
    ++coverage["pads"];
}

/// Cases that take the lowering's special paths.
static void tallyLoweringPaths(Coverage &coverage, const Case &c) {
  // Integer ratios along the innermost axis take the lowering's affine
  // tap-run path (rules::findAffineTapRun) when the lengths are static.
  if (!c.shape.empty()) {
    size_t last = c.shape.size() - 1;
    int64_t in = paddedLength(c, last);
    int64_t out = c.expected.shape[last];
    if (in > 0 && out > 0 && in != out && (out % in == 0 || in % out == 0))
      ++coverage["integer ratio on the innermost axis"];
    // With run-time tables, x2 and /2 take the runtime-found run pass.
    bool runtimeTables = c.dynamicDims[last] || c.runtimeShapeOperand;
    bool nearest = c.isV1 ? c.v1.mode == InterpolateV1Mode::Nearest
                          : c.v4.mode == InterpolateMode::Nearest;
    if (runtimeTables && !nearest && in > 0 && (out == 2 * in || 2 * out == in))
      ++coverage["x2 or /2 on an innermost axis with run-time tables"];
  }
  // linear_onnx (2 taps per axis) resizing three axes with constant
  // tables: the outermost is fused with a direct pass over the other two.
  if (!c.isV1 && c.v4.mode == InterpolateMode::LinearOnnx &&
      !c.runtimeShapeOperand) {
    int resized = 0;
    bool staticTables = true;
    for (size_t d = 0; d < c.shape.size(); ++d) {
      if (paddedLength(c, d) == c.expected.shape[d])
        continue;
      ++resized;
      staticTables &= !c.dynamicDims[d];
    }
    if (resized == 3 && staticTables && c.expected.numElements() > 0)
      ++coverage["linear_onnx on three axes (fused outer axis)"];
  }
}

/// Extreme output lengths.
static void tallyLengths(Coverage &coverage, const Case &c) {
  for (size_t d = 0; d < c.shape.size(); ++d) {
    if (c.expected.shape[d] >= 64 * std::max<int64_t>(1, c.shape[d]))
      ++coverage["x64 up on an axis"];
    if (c.shape[d] >= 64 && c.expected.shape[d] > 0 &&
        c.expected.shape[d] * 64 <= c.shape[d] + 64)
      ++coverage["/64 down on an axis"];
    if (c.expected.shape[d] == 1 && c.shape[d] > 1)
      ++coverage["output length 1"];
  }
}

static void tally(Coverage &coverage, const Case &c) {
  tallyOp(coverage, c);
  tallyOperands(coverage, c);
  tallyLoweringPaths(coverage, c);
  tallyLengths(coverage, c);
}

/// The diagnostic a case whose result type is contradicted at run time
/// must be refused with, before anything runs.
static constexpr char kRefusal[] =
    "interp: invalid run-time operands: result dimension";

namespace {
/// --export-dir: every batch's module, each case's inputs, reference and
/// interp results as .npy files, and the manifest cases.tsv with one line
/// per case: id, batch, number of arguments, element type, "exact"
/// (nearest: bit-exact) or the tolerance "abs,rel", and the diagnostic
/// prefix the case must fail with, or "-".
class Exporter {
public:
  /// Creates the directory and the manifest; false (and a message) when it
  /// cannot.
  bool open(StringRef directory) {
    dir = directory.str();
    std::error_code error = llvm::sys::fs::create_directories(dir);
    if (!error)
      manifest =
          std::make_unique<llvm::raw_fd_ostream>(dir + "/cases.tsv", error);
    if (error) {
      llvm::errs() << "difftest: cannot write to " << dir << ": "
                   << error.message() << "\n";
      return false;
    }
    *manifest << "id\tbatch\targs\ttype\tcomparison\trefusal\n";
    return true;
  }

  bool writeModule(int batch, StringRef source) {
    std::string name = "batch_" + std::to_string(batch) + ".mlir";
    std::error_code error;
    llvm::raw_fd_ostream os(dir + "/" + name, error);
    if (error) {
      llvm::errs() << "difftest: cannot write " << name << "\n";
      return false;
    }
    os << source;
    return true;
  }

  /// The case's arguments, its reference result, interp's first result
  /// (when it ran: `results` is null otherwise) and its manifest line.
  void writeCase(const Case &c, int batch,
                 const SmallVector<reference::Tensor> *results) {
    std::string prefix = "case_" + std::to_string(c.id);
    SmallVector<reference::Tensor> args = argumentsOf(c);
    for (auto [k, arg] : llvm::enumerate(args))
      writeNpy(prefix + ".arg" + std::to_string(k) + ".npy", arg);
    writeNpy(prefix + ".reference.npy", c.expected);
    if (results && !results->empty())
      writeNpy(prefix + ".interp.npy", (*results)[0]);
    reference::Tolerance tolerance =
        reference::resultTolerance(c.type, c.magnitude);
    std::string comparison =
        isExact(c)
            ? std::string("exact")
            : llvm::formatv("{0:e},{1:e}", tolerance.abs, tolerance.rel).str();
    *manifest << c.id << "\t" << batch << "\t" << args.size() << "\t"
              << typeName(c.type) << "\t" << comparison << "\t"
              << (c.wrongDim ? kRefusal : "-") << "\n";
  }

private:
  void writeNpy(const std::string &name, const reference::Tensor &tensor) {
    if (llvm::Error error = reference::writeNpy(dir + "/" + name, tensor))
      llvm::errs() << "difftest: " << llvm::toString(std::move(error)) << "\n";
  }

  std::string dir;
  std::unique_ptr<llvm::raw_fd_ostream> manifest;
};

/// The cases run and how many of them failed.
struct Totals {
  int run = 0, failures = 0;
};
} // namespace

static void reportFailure(Totals &totals, const Case &c,
                          const std::string &why) {
  ++totals.failures;
  llvm::errs() << "FAIL case " << c.id << ": " << why << "\n"
               << emitFunction(c) << "\n";
}

/// Why the run of case `c` is wrong, or "": a contradicted result type must
/// be refused, anything else must agree with the reference.
static std::string
problemOf(const Case &c,
          llvm::Expected<SmallVector<reference::Tensor>> results) {
  if (c.wrongDim) {
    std::string expected =
        std::string(kRefusal) + " " + std::to_string(*c.wrongDim);
    if (results)
      return "ran although result dimension " + std::to_string(*c.wrongDim) +
             " contradicts the result type";
    if (std::string message = llvm::toString(results.takeError());
        message.find(expected) == std::string::npos)
      return "expected \"" + expected + "...\", got: " + message;
    return "";
  }
  if (!results)
    return "invocation failed: " + llvm::toString(results.takeError());
  return compare(c, (*results)[0]);
}

/// Compiles one batch of cases (`source`) and runs and checks each case.
static void runBatch(MLIRContext &context, ArrayRef<Case> cases,
                     StringRef source, int batch, Exporter *exporter,
                     Totals &totals) {
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(source, &context);
  if (!module) {
    for (const Case &c : cases)
      reportFailure(totals, c, "generated IR does not parse or verify");
    return;
  }
  auto jit =
      execution::JitModule::compile(*module, numThreads, minParallelIterations);
  if (!jit) {
    std::string message = llvm::toString(jit.takeError());
    for (const Case &c : cases)
      reportFailure(totals, c, "compilation failed: " + message);
    return;
  }
  for (const Case &c : cases) {
    ++totals.run;
    // Every other case passes its inputs as strided views.
    auto results = (*jit)->invoke("case_" + std::to_string(c.id),
                                  argumentsOf(c), /*asViews=*/c.id % 2);
    if (exporter)
      exporter->writeCase(c, batch, results ? &*results : nullptr);
    std::string problem = problemOf(c, std::move(results));
    if (!problem.empty())
      reportFailure(totals, c, problem);
    else if (verbose)
      llvm::outs() << "ok case " << c.id << (c.wrongDim ? " (refused)" : "")
                   << "\n";
  }
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  if (const char *env = std::getenv("INTERP_DIFF_CASES"))
    numCases.setInitialValue(std::atoi(env));
  llvm::cl::ParseCommandLineOptions(argc, argv, "interp differential test\n");
  DialectRegistry registry;
  execution::registerJitDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();

  std::optional<Exporter> exporter;
  if (!exportDir.empty() && !exporter.emplace().open(exportDir))
    return 1;
  Generator generator(seed);
  Coverage coverage;
  Totals totals;
  for (int start = 0; start < numCases; start += batchSize) {
    int end = std::min<int>(numCases, start + batchSize);
    std::vector<Case> cases;
    std::string source;
    for (int id = start; id < end; ++id) {
      cases.push_back(generator.draw(id));
      source += emitFunction(cases.back());
      tally(coverage, cases.back());
    }
    if (emitOnly) {
      llvm::outs() << "// -----\n" << source;
      continue;
    }
    int batch = start / batchSize;
    if (exporter && !exporter->writeModule(batch, source))
      return 1;
    runBatch(context, cases, source, batch, exporter ? &*exporter : nullptr,
             totals);
  }
  llvm::outs() << "coverage:";
  for (auto &[what, count] : coverage)
    llvm::outs() << " [" << what << ": " << count << "]";
  llvm::outs() << "\n";
  llvm::outs() << "difftest: " << totals.run
               << " cases compared with the reference, " << totals.failures
               << " failed (seed " << seed << ")\n";
  return totals.failures == 0 ? 0 : 1;
}
