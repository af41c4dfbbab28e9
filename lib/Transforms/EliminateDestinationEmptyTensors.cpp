//===- EliminateDestinationEmptyTensors.cpp - results into destinations ---===//

#include "interp/Runtime/IR/RuntimeDeclarations.h"
#include "interp/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/OneShotAnalysis.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

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

/// interp_check_dim_equals of every dimension of `destination` that may
/// differ from `empty`'s at run time.
static void checkDestinationShape(OpBuilder &b, tensor::EmptyOp empty,
                                  Value destination, ModuleOp module) {
  Location loc = empty.getLoc();
  auto destinationType = cast<MemRefType>(destination.getType());
  auto asI64 = [&](Value index) -> Value {
    return arith::IndexCastOp::create(b, loc, b.getI64Type(), index);
  };
  for (auto [d, size] : llvm::enumerate(empty.getMixedSizes())) {
    std::optional<int64_t> constant = getConstantIntValue(size);
    if (constant && !destinationType.isDynamicDim(d))
      continue;
    Value expected =
        constant
            ? arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(*constant))
                  .getResult()
            : asI64(cast<Value>(size));
    Value actual = asI64(memref::DimOp::create(b, loc, destination, d));
    interp::runtime::checkDimEquals(b, loc, module,
                                    interp::runtime::CheckedDim::Destination, d,
                                    expected, actual);
  }
}

/// Whether only scf.if and scf.execute_region ops enclose `op` in its
/// function: where interp-return-on-failed-checks can return from a check
/// (not from inside a loop).
static bool onlyBranchesAround(Operation *op) {
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp()) {
    if (isa<FunctionOpInterface>(parent))
      return true;
    if (!isa<scf::IfOp, scf::ExecuteRegionOp>(parent))
      return false;
  }
  return false;
}

void EliminateDestinationEmptyTensors::runOnOperation() {
  Operation *root = getOperation();
  SmallVector<MaterializeInDestinationOp> anchors;
  root->walk([&](MaterializeInDestinationOp op) {
    if (isa<BaseMemRefType>(op.getDest().getType()))
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
    config.followSameTypeOrCastsOnly = true;
    DenseSet<OpOperand *> visited;
    SetVector<Value> empties = state.findValueInReverseUseDefChain(
        &op.getSourceMutable(),
        [](Value v) { return v.getDefiningOp<tensor::EmptyOp>() != nullptr; },
        config, &visited);
    Value dest = op.getDest();
    auto destType = cast<MemRefType>(dest.getType());
    auto fits = [&](tensor::EmptyOp empty) {
      auto emptyType = cast<RankedTensorType>(empty.getType());
      return dominance.properlyDominates(dest, empty) &&
             emptyType.getElementType() == destType.getElementType() &&
             succeeded(verifyCompatibleShape(emptyType.getShape(),
                                             destType.getShape()));
    };
    // Any tensor.empty the destination may replace (this pass, or upstream
    // eliminate-empty-tensors on one path) is where the computation starts
    // writing into the destination: a smaller one would be written past its
    // end before the materialization's own check. Its shape, which only the
    // run time may know, is checked there.
    if (auto module = op->getParentOfType<ModuleOp>()) {
      for (Value value : empties) {
        auto empty = value.getDefiningOp<tensor::EmptyOp>();
        if (!fits(empty) || !onlyBranchesAround(empty))
          continue;
        rewriter.setInsertionPoint(empty);
        checkDestinationShape(rewriter, empty, dest, module);
      }
    }
    if (!op.getRestrict() || !op.getWritable() || empties.size() != 1)
      continue;
    auto empty = empties.front().getDefiningOp<tensor::EmptyOp>();
    // Every use is on the paths to the destination, or takes a slice of it
    // (a part computed in place and inserted back): nothing else would start
    // to share the destination's buffer.
    if (!llvm::all_of(empty->getUses(), [&](OpOperand &use) {
          return visited.contains(&use) ||
                 isa<tensor::ExtractSliceOp>(use.getOwner());
        }))
      continue;
    if (!fits(empty))
      continue;
    auto emptyType = cast<RankedTensorType>(empty.getType());
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
