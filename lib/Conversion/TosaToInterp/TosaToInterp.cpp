//===- TosaToInterp.cpp - tosa.resize to interp.interpolate_v4 ------------===//
//
// The IR side of --convert-tosa-to-interp: reads a tosa.resize's static
// facts for tosa_resize::decide and builds what it decided. Everything about
// when the results agree is in ResizeRule.cpp.
//
//===----------------------------------------------------------------------===//

#include "interp/Conversion/TosaToInterp/TosaToInterp.h"
#include "interp/Dialect/Interp/IR/InterpOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/Dialect/Tosa/Utils/ConversionUtils.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::interp;
namespace tr = mlir::interp::tosa_resize;

static tr::Element elementOf(Type type) {
  if (type.isF16())
    return tr::Element::F16;
  if (type.isBF16())
    return tr::Element::BF16;
  if (type.isF32())
    return tr::Element::F32;
  if (type.isF64())
    return tr::Element::F64;
  if (type.isSignlessInteger(8))
    return tr::Element::I8;
  if (type.isSignlessInteger(16))
    return tr::Element::I16;
  if (type.isSignlessInteger(32))
    return tr::Element::I32;
  if (type.isSignlessInteger(48))
    return tr::Element::I48;
  if (type.isSignlessInteger(64))
    return tr::Element::I64;
  return tr::Element::Other;
}

/// The rule's view of `op`, or why there is none (the facts must be
/// compile-time constants).
static FailureOr<tr::Resize> readResize(tosa::ResizeOp op,
                                        std::string &whyNot) {
  auto inType = dyn_cast<RankedTensorType>(op.getInput().getType());
  auto outType = dyn_cast<RankedTensorType>(op.getType());
  if (!inType || !outType || inType.getRank() != 4 || outType.getRank() != 4) {
    whyNot = "the input or the result is not a ranked 4-D tensor";
    return failure();
  }
  for (int64_t dim : {1, 2}) {
    if (inType.isDynamicDim(dim) || outType.isDynamicDim(dim)) {
      whyNot = "H or W is dynamic: the rule compares tables built at compile "
               "time";
      return failure();
    }
  }
  SmallVector<int64_t> scale, offset, border;
  if (!tosa::getConstShapeValues(op.getScale().getDefiningOp(), scale) ||
      !tosa::getConstShapeValues(op.getOffset().getDefiningOp(), offset) ||
      !tosa::getConstShapeValues(op.getBorder().getDefiningOp(), border) ||
      scale.size() != 4 || offset.size() != 2) {
    whyNot = "scale, offset or border is not a tosa.const_shape";
    return failure();
  }
  tr::Resize resize;
  resize.mode = op.getMode() == tosa::ResizeMode::BILINEAR
                    ? tr::Mode::Bilinear
                    : tr::Mode::NearestNeighbor;
  resize.input = elementOf(inType.getElementType());
  resize.output = elementOf(outType.getElementType());
  for (int axis = 0; axis < 2; ++axis) {
    tr::Axis &a = resize.axes[axis];
    a.inLength = inType.getDimSize(1 + axis);
    a.outLength = outType.getDimSize(1 + axis);
    a.scaleN = scale[2 * axis];
    a.scaleD = scale[2 * axis + 1];
    a.offset = offset[axis];
  }
  return resize;
}

/// sign-extend to i32 and multiply by `factor`: TOSA's integer BILINEAR
/// result is scale_y_n * scale_x_n times the interpolated value.
static Value widenToI32(OpBuilder &b, Location loc, Value data,
                        int64_t factor) {
  auto inType = cast<RankedTensorType>(data.getType());
  Type i32 = b.getI32Type();
  auto wideType = inType.clone(i32);
  SmallVector<Value> dynamicSizes;
  for (int64_t dim = 0; dim < inType.getRank(); ++dim)
    if (inType.isDynamicDim(dim))
      dynamicSizes.push_back(tensor::DimOp::create(b, loc, data, dim));
  Value empty =
      tensor::EmptyOp::create(b, loc, wideType.getShape(), i32, dynamicSizes);
  Value k = arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(factor));
  AffineMap identity = b.getMultiDimIdentityMap(inType.getRank());
  SmallVector<utils::IteratorType> iterators(inType.getRank(),
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      b, loc, wideType, ValueRange{data}, ValueRange{empty},
      ArrayRef<AffineMap>{identity, identity}, iterators,
      [&](OpBuilder &nb, Location nl, ValueRange args) {
        Value wide = arith::ExtSIOp::create(nb, nl, i32, args[0]);
        Value scaled = arith::MulIOp::create(nb, nl, wide, k);
        linalg::YieldOp::create(nb, nl, scaled);
      });
  return generic.getResult(0);
}

static Value buildStep(OpBuilder &b, Location loc, Value data,
                       const tr::Resize &resize, const tr::Step &step) {
  auto inType = cast<RankedTensorType>(data.getType());
  SmallVector<int64_t> shape(inType.getShape());
  SmallVector<int64_t> sizes, axes;
  for (int axis : step.axes) {
    const tr::Axis &a = resize.axes[axis];
    shape[1 + axis] = a.outLength;
    sizes.push_back(a.outLength);
    axes.push_back(1 + axis);
  }
  // Read in scales mode only; in sizes mode it is still a valid scale.
  SmallVector<float> scales(step.scales.begin(), step.scales.end());
  auto count = static_cast<int64_t>(step.axes.size());
  auto i64Vector = RankedTensorType::get({count}, b.getI64Type());
  auto f32Vector = RankedTensorType::get({count}, b.getF32Type());
  Value sizesValue = arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(i64Vector, ArrayRef(sizes)));
  Value scalesValue = arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(f32Vector, ArrayRef(scales)));
  Value axesValue = arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(i64Vector, ArrayRef(axes)));
  // TOSA rounds half up; interp's round_prefer_ceil rounds half away from
  // zero, the same wherever it matters (below -1/2 both clamp to 0).
  NearestMode nearestMode = step.mode == InterpolateMode::Nearest
                                ? NearestMode::RoundPreferCeil
                                : NearestMode::RoundPreferFloor;
  return InterpolateV4Op::create(
      b, loc, inType.clone(shape), data, sizesValue, scalesValue, axesValue,
      step.mode, step.shapeMode, step.coordinateMode, nearestMode,
      /*antialias=*/false, /*pads_begin=*/{}, /*pads_end=*/{},
      llvm::APFloat(-0.75));
}

LogicalResult mlir::interp::rewriteTosaResize(RewriterBase &rewriter,
                                              tosa::ResizeOp op,
                                              const tr::Options &options,
                                              std::string *whyNot,
                                              double *errorBoundUlps) {
  std::string reason;
  FailureOr<tr::Resize> resize = readResize(op, reason);
  tr::Decision decision;
  if (succeeded(resize))
    decision = tr::decide(*resize, options);
  if (failed(resize) || !decision.rewrite) {
    if (whyNot)
      *whyNot = failed(resize) ? reason : decision.reason;
    return failure();
  }
  if (errorBoundUlps)
    *errorBoundUlps = decision.rewrite->errorBoundUlps;
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  Location loc = op.getLoc();
  Value data = op.getInput();
  if (decision.rewrite->widenToI32)
    data = widenToI32(rewriter, loc, data, decision.rewrite->widenFactor);
  for (const tr::Step &step : decision.rewrite->steps)
    data = buildStep(rewriter, loc, data, *resize, step);
  // N and C keep the input's (possibly dynamic) sizes; TOSA's result type
  // may be more static.
  if (data.getType() != op.getType())
    data = tensor::CastOp::create(rewriter, loc, op.getType(), data);
  rewriter.replaceOp(op, data);
  return success();
}

namespace {
struct TosaResizeToInterp : OpRewritePattern<tosa::ResizeOp> {
  TosaResizeToInterp(MLIRContext *ctx, tr::Options options)
      : OpRewritePattern(ctx), options(options) {}

  LogicalResult matchAndRewrite(tosa::ResizeOp op,
                                PatternRewriter &rewriter) const override {
    std::string whyNot;
    if (failed(rewriteTosaResize(rewriter, op, options, &whyNot)))
      return rewriter.notifyMatchFailure(op, whyNot);
    return success();
  }

  tr::Options options;
};
} // namespace

void mlir::interp::populateTosaToInterpPatterns(RewritePatternSet &patterns,
                                                const tr::Options &options) {
  patterns.add<TosaResizeToInterp>(patterns.getContext(), options);
}
