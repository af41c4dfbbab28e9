//===- LegalizeV1.cpp - Interpolate-1 to Interpolate-4 --------------------===//
//
// OpenVINO's ConvertInterpolate1ToInterpolate4, with the mapping itself in
// rules::mapV1ToV4 (shared with the reference implementation).
//
//===----------------------------------------------------------------------===//

#include "interp/Dialect/Interp/IR/InterpOps.h"
#include "interp/Dialect/Interp/IR/ResizeProblemOf.h"
#include "interp/Dialect/Interp/Transforms/Passes.h"
#include "interp/Semantics/Rules.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::interp {
#define GEN_PASS_DEF_INTERPLEGALIZEV1
#include "interp/Dialect/Interp/Transforms/Passes.h.inc"
} // namespace mlir::interp

using namespace mlir;
using namespace mlir::interp;

namespace {
struct InterpolateV1ToV4 : OpRewritePattern<InterpolateV1Op> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(InterpolateV1Op op,
                                PatternRewriter &rewriter) const override {
    auto dataType = dyn_cast<RankedTensorType>(op.getData().getType());
    if (!dataType)
      return rewriter.notifyMatchFailure(op, "the mapping needs the rank");
    ArrayRef<int64_t> axes = op.getAxes();
    std::optional<rules::V1AsV4> mapped = rules::mapV1ToV4(
        op.getMode(), dataType.getRank(), axes, op.getAlignCorners(),
        op.getAntialias(), op.getPadsBegin(), op.getPadsEnd());
    if (!mapped)
      return rewriter.notifyMatchFailure(op, "area has no Interpolate-4 form");

    Location loc = op.getLoc();
    int64_t numAxes = axes.size();
    auto axesType = RankedTensorType::get({numAxes}, rewriter.getI64Type());
    Value axesValue = arith::ConstantOp::create(
        rewriter, loc, DenseIntElementsAttr::get(axesType, axes));
    // Sizes mode ignores scales; like OpenVINO's converter, pass out/in where
    // both are static so the IR stays readable, and 1 elsewhere.
    auto resultType = cast<ShapedType>(op.getResult().getType());
    SmallVector<float> scales;
    for (int64_t axis : axes) {
      int64_t in = dataType.getDimSize(axis);
      int64_t out = resultType.hasRank() ? resultType.getDimSize(axis)
                                         : ShapedType::kDynamic;
      bool known =
          in != ShapedType::kDynamic && out != ShapedType::kDynamic && in != 0;
      scales.push_back(known ? static_cast<float>(out) / static_cast<float>(in)
                             : 1.0f);
    }
    auto scalesType = RankedTensorType::get({numAxes}, rewriter.getF32Type());
    Value scalesValue = arith::ConstantOp::create(
        rewriter, loc, DenseFPElementsAttr::get(scalesType, scales));

    Attribute plan = op->getAttr(kPlanAttrName);
    auto legalized = rewriter.replaceOpWithNewOp<InterpolateV4Op>(
        op, op.getResult().getType(), op.getData(), op.getTargetSpatialShape(),
        scalesValue, axesValue, mapped->mode, ShapeCalcMode::Sizes,
        mapped->coordinateMode, mapped->nearestMode, mapped->antialias,
        op.getPadsBegin(), op.getPadsEnd(), llvm::APFloat(mapped->cubeCoeff));
    if (plan)
      legalized->setAttr(kPlanAttrName, plan);
    return success();
  }
};

struct InterpLegalizeV1Pass
    : interp::impl::InterpLegalizeV1Base<InterpLegalizeV1Pass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateLegalizeV1Patterns(patterns);
    // Only v1 ops are rewritten; no folding of unrelated ops.
    GreedyRewriteConfig config;
    config.enableFolding(false);
    if (failed(
            applyPatternsGreedily(getOperation(), std::move(patterns), config)))
      signalPassFailure();
  }
};
} // namespace

void interp::populateLegalizeV1Patterns(RewritePatternSet &patterns) {
  patterns.add<InterpolateV1ToV4>(patterns.getContext());
}
