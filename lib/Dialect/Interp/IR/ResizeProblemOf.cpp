//===- ResizeProblemOf.cpp - an interp op as a rules::ResizeProblem -------===//
//
// ResizeOpInterface::getResizeProblem of each op version.
//
//===----------------------------------------------------------------------===//

#include "interp/Dialect/Interp/IR/ResizeProblemOf.h"

#include "interp/Dialect/Interp/IR/InterpConstantFold.h"
#include "interp/Dialect/Interp/IR/InterpOps.h"
#include "interp/Dialect/Interp/IR/InterpShapes.h"
#include "interp/Semantics/ElementType.h"

using namespace mlir;
using namespace mlir::interp;
using rules::ResizeProblem;

/// The parts every version fills alike: shapes, pads, element type.
static std::optional<ResizeProblem> baseProblem(Operation *op, Value data,
                                                ArrayRef<int64_t> padsBegin,
                                                ArrayRef<int64_t> padsEnd,
                                                ArrayRef<int64_t> inferred) {
  auto dataType = dyn_cast<RankedTensorType>(data.getType());
  auto resultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!dataType || !resultType)
    return std::nullopt;
  ResizeProblem problem;
  int64_t rank = dataType.getRank();
  problem.padsBegin = rules::resizePads(padsBegin, rank);
  problem.padsEnd = rules::resizePads(padsEnd, rank);
  ArrayRef<int64_t> begin = problem.padsBegin, end = problem.padsEnd;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t in = dataType.getDimSize(d);
    problem.inSizes.push_back(ShapedType::isDynamic(in)
                                  ? std::nullopt
                                  : std::optional(in + begin[d] + end[d]));
    // A static result dimension is checked against the operands' at run
    // time, and the lowering then relies on it.
    int64_t out = resultType.getDimSize(d);
    if (ShapedType::isDynamic(out) && d < static_cast<int64_t>(inferred.size()))
      out = inferred[d];
    problem.outSizes.push_back(ShapedType::isDynamic(out) ? std::nullopt
                                                          : std::optional(out));
  }
  Type element = dataType.getElementType();
  std::optional<rules::ElementType> kind = toReferenceElementType(element);
  bool wide = kind && rules::accumulatesInFloat64(*kind);
  problem.integerElements = isa<IntegerType>(element);
  problem.accumulatorBytes = wide ? 8 : 4;
  problem.convertsElements = !(wide ? element.isF64() : element.isF32());
  return problem;
}

/// The 8-bit arithmetic of the Pillow modes: Interpolate-11's
/// integer_arithmetic (an interp extension; Interpolate-4 has no Pillow
/// modes).
static std::optional<rules::FixedPointSums>
pillowModeFixedPoint(InterpolateV4Op, rules::ElementType kind) {
  return rules::pillowFixedPoint(kind);
}
static std::optional<rules::FixedPointSums>
pillowModeFixedPoint(InterpolateV11Op op, rules::ElementType kind) {
  return op.getIntegerArithmetic() == IntegerArithmetic::PyTorch
             ? rules::torchFixedPoint(kind)
             : rules::pillowFixedPoint(kind);
}

/// Interpolate-4 and -11 (whose Pillow modes read no coordinate or
/// nearest mode and no antialias).
template <typename OpT>
static std::optional<ResizeProblem> problemOfV4Like(OpT op) {
  std::optional<SmallVector<int64_t>> axes = op.getConstantAxes();
  if (!axes)
    return std::nullopt;
  std::optional<ResizeProblem> problem =
      baseProblem(op, op.getData(), op.getPadsBegin(), op.getPadsEnd(),
                  inferResultShape(op));
  if (!problem)
    return std::nullopt;
  problem->axes = *axes;
  problem->kernel = rules::axisKernelOf(op.getMode());
  problem->shapeMode = op.getShapeCalculationMode();
  problem->cubeCoeff = op.getCubeCoeff().convertToDouble();
  if (problem->shapeMode == ShapeCalcMode::Scales)
    problem->scales = getConstantScales(op.getScales());
  if (problem->isPillow()) {
    std::optional<rules::ElementType> kind = toReferenceElementType(
        cast<ShapedType>(op.getData().getType()).getElementType());
    if (kind)
      problem->fixedPoint = pillowModeFixedPoint(op, *kind);
    return problem;
  }
  problem->coordinateMode = op.getCoordinateTransformationMode();
  problem->nearestMode = op.getNearestMode();
  problem->antialias = op.getAntialias();
  return problem;
}

static std::optional<ResizeProblem> problemOf(InterpolateV1Op op) {
  std::optional<ResizeProblem> problem =
      baseProblem(op, op.getData(), op.getPadsBegin(), op.getPadsEnd(),
                  inferResultShape(op));
  if (!problem)
    return std::nullopt;
  problem->axes = llvm::to_vector(op.getAxes());
  problem->shapeMode = ShapeCalcMode::Sizes;
  std::optional<rules::V1AsV4> mapped = rules::mapV1ToV4(
      op.getMode(), problem->rank(), op.getAxes(), op.getAlignCorners(),
      op.getAntialias(), op.getPadsBegin(), op.getPadsEnd());
  if (!mapped) {
    // area, lowered as it is.
    problem->kernel = rules::AxisKernel::Area;
    problem->coordinateMode = CoordinateTransformMode::Asymmetric;
    problem->nearestMode = NearestMode::Simple;
    return problem;
  }
  problem->kernel = rules::axisKernelOf(mapped->mode);
  problem->coordinateMode = mapped->coordinateMode;
  problem->nearestMode = mapped->nearestMode;
  problem->antialias = mapped->antialias;
  problem->cubeCoeff = mapped->cubeCoeff;
  return problem;
}

std::optional<ResizeProblem> InterpolateV4Op::getResizeProblem() {
  return problemOfV4Like(*this);
}

std::optional<ResizeProblem> InterpolateV1Op::getResizeProblem() {
  return problemOf(*this);
}

std::optional<ResizeProblem> InterpolateV11Op::getResizeProblem() {
  return problemOfV4Like(*this);
}

std::optional<ResizeProblem> interp::resizeProblemOf(Operation *op) {
  if (auto resize = dyn_cast<ResizeOpInterface>(op))
    return resize.getResizeProblem();
  return std::nullopt;
}
