//===- InterpToLinalg.cpp - interp ops to linalg: the patterns ------------===//
//
// The pattern: describes an op as a ResizeSpec (its problem, its plan, its
// operands) and hands it to lowerResize. Interpolate-1 ops other than `area`
// and Interpolate-11 ops other than the Pillow modes are rewritten to
// Interpolate-4 first (the --interp-legalize-v1 and --interp-legalize-v11
// patterns).
//
//===----------------------------------------------------------------------===//

#include "Passes.h"

#include "interp/Conversion/InterpToLinalg/InterpToLinalg.h"
#include "interp/Dialect/Interp/IR/InterpOps.h"
#include "interp/Dialect/Interp/IR/InterpShapes.h"
#include "interp/Dialect/Interp/IR/ResizeProblemOf.h"
#include "interp/Dialect/Interp/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::interp;
using namespace mlir::interp::lowering;

/// What the lowering refuses before building anything: encoded (e.g.
/// sparse) tensors, which it would compute as dense ones and so drop the
/// encoding, and static data or results larger than a 64-bit address space.
static LogicalResult checkLowerable(Operation *op) {
  for (Type type : llvm::concat<Type>(llvm::to_vector(op->getOperandTypes()),
                                      llvm::to_vector(op->getResultTypes()))) {
    auto ranked = dyn_cast<RankedTensorType>(type);
    if (ranked && ranked.getEncoding())
      return op->emitOpError("cannot be lowered with the encoded tensor type ")
             << type << ": interp computes dense tensors only";
  }
  for (Value value : {Value(op->getOperand(0)), Value(op->getResult(0))}) {
    auto type = cast<RankedTensorType>(value.getType());
    if (!type.hasStaticShape())
      continue;
    uint64_t bytes = std::max<uint64_t>(1, type.getElementTypeBitWidth() / 8);
    for (int64_t size : type.getShape())
      if (__builtin_mul_overflow(bytes, static_cast<uint64_t>(size), &bytes))
        bytes = UINT64_MAX;
    if (bytes > rules::kMaxBufferBytes)
      return op->emitOpError("cannot be lowered: ")
             << (value == op->getResult(0) ? "the result " : "the data ")
             << type << " needs more bytes than a 64-bit address space has ("
             << rules::kMaxBufferBytes << ")";
  }
  return success();
}

/// The destinations `op`'s result is materialized in (through casts and the
/// results of the scf.if ops that yield it) that exist before `op`, tensors
/// and memrefs: empty-tensor elimination (upstream or interp's) makes the
/// lowering write into them directly, so their shape is checked with the
/// op's, before anything is written.
static SmallVector<Value> destinationsOf(Operation *op) {
  SmallVector<Value> destinations;
  DominanceInfo dominance(op->getParentOp());
  SmallVector<Value> worklist = {op->getResult(0)};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (Operation *user : value.getUsers()) {
      if (auto cast = dyn_cast<tensor::CastOp>(user)) {
        worklist.push_back(cast.getResult());
        continue;
      }
      if (auto yield = dyn_cast<scf::YieldOp>(user)) {
        if (auto branch = dyn_cast<scf::IfOp>(yield->getParentOp()))
          for (auto [operand, result] :
               llvm::zip(yield.getOperands(), branch.getResults()))
            if (operand == value)
              worklist.push_back(result);
        continue;
      }
      auto materialize =
          dyn_cast<bufferization::MaterializeInDestinationOp>(user);
      if (!materialize || materialize.getSource() != value)
        continue;
      Value destination = materialize.getDest();
      if (isa<RankedTensorType, MemRefType>(destination.getType()) &&
          dominance.properlyDominates(destination, op))
        destinations.push_back(destination);
    }
  }
  return destinations;
}

/// The spec of `op` up to its operands: its problem (resizeProblemOf, the
/// one description of what it computes) and its plan, complete before any
/// IR is built. Fails, with the diagnostic, when a pinned plan
/// (`interp.plan`) cannot be carried out.
static FailureOr<ResizeSpec> describe(Operation *op, Value data,
                                      const InterpToLinalgLowering &lowering) {
  // With ranked tensors, only non-constant axes leave an op undescribed.
  std::optional<rules::ResizeProblem> problem = resizeProblemOf(op);
  if (!problem)
    return op->emitOpError(
        "cannot be lowered with non-constant 'axes' (OpenVINO's CPU plugin "
        "requires constant axes too)");
  LoweringTarget target;
  target.portable = lowering.portable;
  target.runtimeRatios = lowering.runtimeRatios;
  FailureOr<LoweringPlan> plan = planFor(op, *problem, target);
  if (failed(plan))
    return failure();
  ResizeSpec spec;
  spec.module = op->getParentOfType<ModuleOp>();
  spec.portable = lowering.portable;
  spec.data = data;
  spec.padsBegin = problem->padsBegin;
  spec.padsEnd = problem->padsEnd;
  spec.axes = problem->axes;
  spec.kernel = problem->kernel;
  spec.coordinateMode = problem->coordinateMode;
  spec.nearestMode = problem->nearestMode;
  spec.shapeMode = problem->shapeMode;
  spec.antialias = problem->antialias;
  spec.cubeCoeff = problem->cubeCoeff;
  spec.fixedPoint = problem->fixedPoint;
  spec.constantScales = problem->scales;
  spec.destinations = destinationsOf(op);
  spec.plan = std::move(*plan);
  spec.problem = std::move(*problem);
  return spec;
}

// What differs between the op versions the patterns below lower directly:
// Interpolate-4, Interpolate-1 `area` and Interpolate-11's Pillow modes (the
// other Interpolate-1 and -11 ops are rewritten to Interpolate-4 first).

static bool lowersDirectly(InterpolateV4Op) { return true; }
static bool lowersDirectly(InterpolateV1Op op) {
  return op.getMode() == InterpolateV1Mode::Area;
}
static bool lowersDirectly(InterpolateV11Op op) { return op.isPillowMode(); }

/// The operand the output lengths (or scales) come from, as run-time
/// diagnostics name it.
static std::pair<Value, runtime::CheckedOperand>
shapeOperandOf(InterpolateV4Op op) {
  if (op.getShapeCalculationMode() == ShapeCalcMode::Sizes)
    return {op.getSizes(), runtime::CheckedOperand::Sizes};
  return {op.getScales(), runtime::CheckedOperand::Scales};
}
static std::pair<Value, runtime::CheckedOperand>
shapeOperandOf(InterpolateV1Op op) {
  return {op.getTargetSpatialShape(), runtime::CheckedOperand::Target};
}
static std::pair<Value, runtime::CheckedOperand>
shapeOperandOf(InterpolateV11Op op) {
  return {op.getScalesOrSizes(), runtime::CheckedOperand::ScalesOrSizes};
}

static Value scalesOf(InterpolateV4Op op) { return op.getScales(); }
static Value scalesOf(InterpolateV1Op) { return Value(); }
static Value scalesOf(InterpolateV11Op op) { return op.getScales(); }

namespace {
/// One op, from its problem and plan (describe) and its operands to the
/// result.
template <typename OpT> struct LowerResizeOp : OpConversionPattern<OpT> {
  LowerResizeOp(MLIRContext *ctx, const InterpToLinalgLowering &lowering)
      : OpConversionPattern<OpT>(ctx), lowering(lowering) {}
  InterpToLinalgLowering lowering;

  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!lowersDirectly(op))
      return failure();
    if (!isa<RankedTensorType>(op.getData().getType()))
      return op.emitOpError("cannot be lowered with unranked data");
    if (!isa<RankedTensorType>(op.getResult().getType()))
      return op.emitOpError("cannot be lowered with an unranked result");
    if (failed(checkLowerable(op)))
      return failure();
    FailureOr<ResizeSpec> described = describe(op, op.getData(), lowering);
    if (failed(described))
      return failure();
    ResizeSpec &spec = *described;
    auto [shapeOperand, which] = shapeOperandOf(op);
    spec.shapeOperand = which;
    checkOperandLength(rewriter, op.getLoc(), spec, shapeOperand,
                       spec.axes.size(), which);
    spec.outSizes = *buildResultSizes(rewriter, op.getLoc(), op);
    spec.scales = scalesOf(op);
    rewriter.replaceOp(
        op, lowerResize(rewriter, op.getLoc(), spec, op.getResult().getType()));
    return success();
  }
};
} // namespace

void interp::populateInterpToLinalgConversionPatterns(
    RewritePatternSet &patterns, const InterpToLinalgLowering &lowering) {
  populateLegalizeV1Patterns(patterns);
  populateLegalizeV11Patterns(patterns);
  patterns.add<LowerResizeOp<InterpolateV4Op>, LowerResizeOp<InterpolateV1Op>,
               LowerResizeOp<InterpolateV11Op>>(patterns.getContext(),
                                                lowering);
}
