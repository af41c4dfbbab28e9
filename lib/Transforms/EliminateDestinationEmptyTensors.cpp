//===- EliminateDestinationEmptyTensors.cpp - results into destinations ---===//

#include "interp/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/OneShotAnalysis.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/TypeUtilities.h"

namespace mlir::interp {
#define GEN_PASS_DEF_INTERPELIMINATEDESTINATIONEMPTYTENSORS
#include "interp/Transforms/Passes.h.inc"
} // namespace mlir::interp

using namespace mlir;
using namespace mlir::bufferization;

namespace {
struct EliminateDestinationEmptyTensors
    : interp::impl::InterpEliminateDestinationEmptyTensorsBase<
          EliminateDestinationEmptyTensors> {
  void runOnOperation() override;
};
} // namespace

void EliminateDestinationEmptyTensors::runOnOperation() {
  Operation *root = getOperation();
  SmallVector<MaterializeInDestinationOp> anchors;
  root->walk([&](MaterializeInDestinationOp op) {
    if (isa<MemRefType>(op.getDest().getType()) && op.getRestrict() &&
        op.getWritable())
      anchors.push_back(op);
  });
  if (anchors.empty())
    return;

  OneShotBufferizationOptions options;
  options.allowReturnAllocsFromLoops = true;
  OneShotAnalysisState state(root, options);
  if (failed(analyzeOp(root, state))) {
    // Nothing is changed: bufferization reports the problem itself.
    return;
  }

  IRRewriter rewriter(root->getContext());
  DominanceInfo dominance(root);
  for (MaterializeInDestinationOp op : anchors) {
    TraversalConfig config;
    config.followEquivalentOnly = true;
    config.alwaysIncludeLeaves = false;
    // Through reshapes too (a pass over collapsed dimensions): the
    // tensor.empty found must still have the destination's shape.
    config.followSameTypeOrCastsOnly = false;
    DenseSet<OpOperand *> visited;
    SetVector<Value> empties = state.findValueInReverseUseDefChain(
        &op.getSourceMutable(),
        [](Value v) { return v.getDefiningOp<tensor::EmptyOp>() != nullptr; },
        config, &visited);
    if (empties.size() != 1)
      continue;
    auto empty = empties.front().getDefiningOp<tensor::EmptyOp>();
    // A materialization in the tensor.empty's block runs whenever the
    // computation does: this pass makes the destination written only when
    // the program materializes into it. (The resize lowering checks the
    // destination's shape itself, with the op's other checks.)
    if (empty->getBlock() != op->getBlock())
      continue;
    // Every use is on the paths to the destination, or takes a slice of it
    // (a part computed in place and inserted back): nothing else would start
    // to share the destination's buffer.
    if (!llvm::all_of(empty->getUses(), [&](OpOperand &use) {
          return visited.contains(&use) ||
                 isa<tensor::ExtractSliceOp>(use.getOwner());
        }))
      continue;
    Value dest = op.getDest();
    if (!dominance.properlyDominates(dest, empty))
      continue;
    auto emptyType = cast<RankedTensorType>(empty.getType());
    auto destType = cast<MemRefType>(dest.getType());
    if (emptyType.getElementType() != destType.getElementType() ||
        failed(
            verifyCompatibleShape(emptyType.getShape(), destType.getShape())))
      continue;
    rewriter.setInsertionPoint(empty);
    Value replacement = ToTensorOp::create(
        rewriter, empty.getLoc(),
        RankedTensorType::get(destType.getShape(), destType.getElementType()),
        dest, /*restrict=*/true, /*writable=*/true);
    if (replacement.getType() != emptyType)
      replacement = tensor::CastOp::create(rewriter, empty.getLoc(), emptyType,
                                           replacement);
    rewriter.replaceOp(empty, replacement);
    // As upstream eliminate-empty-tensors does after each replacement.
    state.resetCache();
    // The materialization itself now copies a buffer onto itself, which
    // One-Shot Bufferize folds away.
  }
}
