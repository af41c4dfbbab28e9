//===- LowerTensorBitcasts.cpp - tensor.bitcast to scalar casts -----------===//
//
// tensor.bitcast has no bufferization model (MLIR 22) and no memref op
// changes an element type, so the reinterpretation moves to the scalars:
// an unrealized_conversion_cast between integer types of one width (both
// become the same LLVM integer) or arith.bitcast between integers and
// floats.
//
//===----------------------------------------------------------------------===//

#include "interp/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::interp {
#define GEN_PASS_DEF_INTERPLOWERTENSORBITCASTS
#include "interp/Transforms/Passes.h.inc"
} // namespace mlir::interp

using namespace mlir;

/// Whether a scalar of type `from` can be reinterpreted as `to` here.
static bool isCastable(Type from, Type to) {
  auto scalar = [](Type t) { return isa<IntegerType, FloatType>(t); };
  return scalar(from) && scalar(to) &&
         from.getIntOrFloatBitWidth() == to.getIntOrFloatBitWidth();
}

/// Whether every element type change of `op` can be reinterpreted.
static bool isCastable(tensor::BitcastOp op) {
  return isCastable(getElementTypeOrSelf(op.getSource().getType()),
                    getElementTypeOrSelf(op.getType()));
}

/// `value` (an integer or float) with its bits reinterpreted as `to` (same
/// width). arith takes signless integers only; signedness changes are
/// unrealized casts, which the LLVM lowering removes.
static Value castScalar(OpBuilder &b, Location loc, Value value, Type to) {
  Type from = value.getType();
  if (from == to)
    return value;
  auto signlessOf = [&](Type t) -> Type {
    if (auto i = dyn_cast<IntegerType>(t); i && !i.isSignless())
      return b.getIntegerType(i.getWidth());
    return t;
  };
  auto unrealized = [&](Value v, Type t) -> Value {
    if (v.getType() == t)
      return v;
    return UnrealizedConversionCastOp::create(b, loc, t, v).getResult(0);
  };
  Value v = unrealized(value, signlessOf(from));
  if (v.getType() != signlessOf(to))
    v = arith::BitcastOp::create(b, loc, signlessOf(to), v);
  return unrealized(v, to);
}

namespace {

/// tensor.extract(tensor.bitcast(x)) -> cast(tensor.extract(x)).
struct ExtractOfBitcast : OpRewritePattern<tensor::ExtractOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(tensor::ExtractOp op,
                                PatternRewriter &rewriter) const override {
    auto bitcast = op.getTensor().getDefiningOp<tensor::BitcastOp>();
    if (!bitcast || !isCastable(bitcast))
      return failure();
    Value element = tensor::ExtractOp::create(
        rewriter, op.getLoc(), bitcast.getSource(), op.getIndices());
    rewriter.replaceOp(
        op, castScalar(rewriter, op.getLoc(), element, op.getType()));
    return success();
  }
};

/// tensor.bitcast(tensor.from_elements(e...)) ->
/// tensor.from_elements(cast(e)...).
struct BitcastOfFromElements : OpRewritePattern<tensor::BitcastOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(tensor::BitcastOp op,
                                PatternRewriter &rewriter) const override {
    auto elements = op.getSource().getDefiningOp<tensor::FromElementsOp>();
    if (!elements || !isCastable(op))
      return failure();
    Type to = op.getType().getElementType();
    SmallVector<Value> casts;
    for (Value e : elements.getElements())
      casts.push_back(castScalar(rewriter, op.getLoc(), e, to));
    rewriter.replaceOpWithNewOp<tensor::FromElementsOp>(op, op.getType(),
                                                        casts);
    return success();
  }
};

/// A linalg.generic input defined by a bitcast reads the bitcast's source
/// and casts its block argument.
struct GenericInputBitcast : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    bool changed = false;
    Block &body = op.getRegion().front();
    for (OpOperand *input : op.getDpsInputOperands()) {
      auto bitcast = input->get().getDefiningOp<tensor::BitcastOp>();
      if (!bitcast || !isCastable(bitcast))
        continue;
      BlockArgument arg = op.getMatchingBlockArgument(input);
      Type from = getElementTypeOrSelf(bitcast.getSource().getType());
      Type to = arg.getType();
      SmallVector<OpOperand *> uses = llvm::to_vector(
          llvm::map_range(arg.getUses(), [](OpOperand &u) { return &u; }));
      rewriter.modifyOpInPlace(op, [&] {
        input->set(bitcast.getSource());
        arg.setType(from);
      });
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(&body);
      Value cast = castScalar(rewriter, op.getLoc(), arg, to);
      for (OpOperand *use : uses)
        rewriter.modifyOpInPlace(use->getOwner(), [&] { use->set(cast); });
      changed = true;
    }
    return success(changed);
  }
};

/// tensor.bitcast of a linalg.generic result it is the only user of, when
/// that result is computed into a tensor.empty whose contents the body does
/// not read: the generic computes the bitcast's type directly.
struct BitcastOfGenericResult : OpRewritePattern<tensor::BitcastOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(tensor::BitcastOp op,
                                PatternRewriter &rewriter) const override {
    auto result = dyn_cast<OpResult>(op.getSource());
    auto generic =
        result ? dyn_cast<linalg::GenericOp>(result.getOwner()) : nullptr;
    if (!generic || !result.hasOneUse() || !isCastable(op))
      return failure();
    OpOperand *init = generic.getDpsInitOperand(result.getResultNumber());
    auto empty = init->get().getDefiningOp<tensor::EmptyOp>();
    BlockArgument arg = generic.getMatchingBlockArgument(init);
    if (!empty || !arg.use_empty())
      return failure();
    auto yield = cast<linalg::YieldOp>(generic.getBody()->getTerminator());
    Type to = op.getType().getElementType();
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(empty);
    auto newEmpty = tensor::EmptyOp::create(rewriter, empty.getLoc(),
                                            op.getType().getShape(), to,
                                            empty.getDynamicSizes());
    rewriter.setInsertionPoint(yield);
    OpOperand &yielded = yield->getOpOperand(result.getResultNumber());
    Value cast = castScalar(rewriter, yield.getLoc(), yielded.get(), to);
    rewriter.modifyOpInPlace(generic, [&] {
      init->set(newEmpty);
      arg.setType(to);
      result.setType(op.getType());
    });
    rewriter.modifyOpInPlace(yield, [&] { yielded.set(cast); });
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// Any other bitcast: an element-wise copy that casts each element.
struct BitcastToGeneric : OpRewritePattern<tensor::BitcastOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(tensor::BitcastOp op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!type || !isCastable(op))
      return failure();
    Location loc = op.getLoc();
    SmallVector<Value> dynamicSizes;
    for (int64_t d = 0; d < type.getRank(); ++d)
      if (type.isDynamicDim(d))
        dynamicSizes.push_back(
            tensor::DimOp::create(rewriter, loc, op.getSource(), d));
    Value init = tensor::EmptyOp::create(rewriter, loc, type.getShape(),
                                         type.getElementType(), dynamicSizes);
    AffineMap identity = rewriter.getMultiDimIdentityMap(type.getRank());
    SmallVector<utils::IteratorType> iterators(type.getRank(),
                                               utils::IteratorType::parallel);
    rewriter.replaceOpWithNewOp<linalg::GenericOp>(
        op, type, ValueRange{op.getSource()}, ValueRange{init},
        ArrayRef<AffineMap>{identity, identity}, iterators,
        [&](OpBuilder &b, Location l, ValueRange args) {
          linalg::YieldOp::create(
              b, l, castScalar(b, l, args[0], type.getElementType()));
        });
    return success();
  }
};

struct InterpLowerTensorBitcasts
    : interp::impl::InterpLowerTensorBitcastsBase<InterpLowerTensorBitcasts> {
  void runOnOperation() override {
    // The folding patterns first; the copy only for what is left.
    RewritePatternSet folds(&getContext());
    folds.add<ExtractOfBitcast, BitcastOfFromElements, GenericInputBitcast,
              BitcastOfGenericResult>(&getContext());
    tensor::BitcastOp::getCanonicalizationPatterns(folds, &getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(folds))))
      return signalPassFailure();
    RewritePatternSet copies(&getContext());
    copies.add<BitcastToGeneric>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(copies))))
      return signalPassFailure();
  }
};

} // namespace
