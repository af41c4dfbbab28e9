//===- InterpCanonicalize.cpp - interp canonicalization patterns ----------===//

#include "interp/Dialect/Interp/IR/InterpOps.h"
#include "interp/Dialect/Interp/IR/InterpShapes.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::interp;

namespace {
/// Gives the result the most static type that the operands imply, once
/// sizes, scales and axes are constants. Users keep seeing the old type
/// through a tensor.cast, which folds away where they accept the new one.
template <typename OpTy> struct RefineResultType : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    auto dataType = dyn_cast<RankedTensorType>(op.getData().getType());
    if (!dataType)
      return rewriter.notifyMatchFailure(op, "unranked data");
    auto oldType = cast<TensorType>(op.getResult().getType());
    SmallVector<int64_t> shape = inferResultShape(op);
    if (oldType.hasRank())
      for (auto [d, size] : llvm::enumerate(shape))
        if (size == ShapedType::kDynamic)
          size = oldType.getDimSize(d);
    auto newType = RankedTensorType::get(shape, dataType.getElementType());
    if (newType == oldType)
      return rewriter.notifyMatchFailure(op, "result type already refined");
    auto newOp = cast<OpTy>(rewriter.clone(*op.getOperation()));
    newOp.getResult().setType(newType);
    rewriter.replaceOpWithNewOp<tensor::CastOp>(op, oldType, newOp.getResult());
    return success();
  }
};
} // namespace

void InterpolateV4Op::getCanonicalizationPatterns(RewritePatternSet &results,
                                                  MLIRContext *context) {
  results.add<RefineResultType<InterpolateV4Op>>(context);
}

void InterpolateV1Op::getCanonicalizationPatterns(RewritePatternSet &results,
                                                  MLIRContext *context) {
  results.add<RefineResultType<InterpolateV1Op>>(context);
}

void InterpolateV11Op::getCanonicalizationPatterns(RewritePatternSet &results,
                                                   MLIRContext *context) {
  results.add<RefineResultType<InterpolateV11Op>>(context);
}
