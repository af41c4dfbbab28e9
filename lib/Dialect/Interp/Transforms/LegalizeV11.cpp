//===- LegalizeV11.cpp - Interpolate-11 to Interpolate-4 ------------------===//
//
// OpenVINO's ConvertInterpolate11ToInterpolate4: the Interpolate-4 modes of
// Interpolate-11 are Interpolate-4 with scales_or_sizes as the operand the
// shape calculation mode reads.
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
#define GEN_PASS_DEF_INTERPLEGALIZEV11
#include "interp/Dialect/Interp/Transforms/Passes.h.inc"
} // namespace mlir::interp

using namespace mlir;
using namespace mlir::interp;

namespace {
struct InterpolateV11ToV4 : OpRewritePattern<InterpolateV11Op> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(InterpolateV11Op op,
                                PatternRewriter &rewriter) const override {
    std::optional<InterpolateMode> mode = rules::v4ModeOf(op.getMode());
    if (!mode)
      return rewriter.notifyMatchFailure(op, "the Pillow modes have no "
                                             "Interpolate-4 form");
    auto dataType = dyn_cast<RankedTensorType>(op.getData().getType());
    auto resultType = dyn_cast<RankedTensorType>(op.getResult().getType());
    std::optional<SmallVector<int64_t>> axes = op.getConstantAxes();
    int64_t length =
        cast<ShapedType>(op.getScalesOrSizes().getType()).getDimSize(0);
    if (length == ShapedType::kDynamic)
      length = axes ? static_cast<int64_t>(axes->size()) : 1;

    // The operand the mode does not read: readable values where the shapes
    // say them, neutral ones elsewhere.
    auto staticLengths = [&](int64_t i) -> std::pair<int64_t, int64_t> {
      if (!axes || i >= static_cast<int64_t>(axes->size()) || !dataType ||
          !resultType)
        return {ShapedType::kDynamic, ShapedType::kDynamic};
      int64_t axis = (*axes)[i];
      return {dataType.getDimSize(axis), resultType.getDimSize(axis)};
    };
    Location loc = op.getLoc();
    Value sizes, scales;
    if (op.getShapeCalculationMode() == ShapeCalcMode::Sizes) {
      SmallVector<float> values;
      for (int64_t i = 0; i < length; ++i) {
        auto [in, out] = staticLengths(i);
        bool known = in != ShapedType::kDynamic &&
                     out != ShapedType::kDynamic && in != 0;
        values.push_back(
            known ? static_cast<float>(out) / static_cast<float>(in) : 1.0f);
      }
      sizes = op.getScalesOrSizes();
      scales = arith::ConstantOp::create(
          rewriter, loc,
          DenseFPElementsAttr::get(
              RankedTensorType::get({length}, rewriter.getF32Type()), values));
    } else {
      SmallVector<int64_t> values;
      for (int64_t i = 0; i < length; ++i) {
        int64_t out = staticLengths(i).second;
        values.push_back(out == ShapedType::kDynamic ? 0 : out);
      }
      sizes = arith::ConstantOp::create(
          rewriter, loc,
          DenseIntElementsAttr::get(
              RankedTensorType::get({length}, rewriter.getI64Type()), values));
      scales = op.getScalesOrSizes();
    }
    Attribute plan = op->getAttr(kPlanAttrName);
    auto legalized = rewriter.replaceOpWithNewOp<InterpolateV4Op>(
        op, op.getResult().getType(), op.getData(), sizes, scales, op.getAxes(),
        *mode, op.getShapeCalculationMode(),
        op.getCoordinateTransformationMode(), op.getNearestMode(),
        op.getAntialias(), op.getPadsBegin(), op.getPadsEnd(),
        op.getCubeCoeff());
    if (plan)
      legalized->setAttr(kPlanAttrName, plan);
    return success();
  }
};

struct InterpLegalizeV11Pass
    : interp::impl::InterpLegalizeV11Base<InterpLegalizeV11Pass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateLegalizeV11Patterns(patterns);
    // Only v11 ops are rewritten; no folding of unrelated ops.
    GreedyRewriteConfig config;
    config.enableFolding(false);
    if (failed(
            applyPatternsGreedily(getOperation(), std::move(patterns), config)))
      signalPassFailure();
  }
};
} // namespace

void interp::populateLegalizeV11Patterns(RewritePatternSet &patterns) {
  patterns.add<InterpolateV11ToV4>(patterns.getContext());
}
