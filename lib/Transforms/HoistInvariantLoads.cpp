//===- HoistInvariantLoads.cpp - loads of unwritten memory out of loops ---===//

#include "interp/Transforms/Passes.h"

#include "mlir/Analysis/AliasAnalysis/LocalAliasAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace mlir::interp {
#define GEN_PASS_DEF_INTERPHOISTINVARIANTLOADS
#include "interp/Transforms/Passes.h.inc"
} // namespace mlir::interp

using namespace mlir;

/// Whether a value of `memref` type is a view of a constant global: never
/// written by anything.
static bool isConstantGlobal(Value memref) {
  while (Operation *def = memref.getDefiningOp()) {
    if (auto getGlobal = dyn_cast<memref::GetGlobalOp>(def)) {
      auto global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
          getGlobal, getGlobal.getNameAttr());
      return global && global.getConstant();
    }
    if (auto view = dyn_cast<ViewLikeOpInterface>(def)) {
      memref = view.getViewSource();
      continue;
    }
    if (auto cast = dyn_cast<memref::CastOp>(def)) {
      memref = cast.getSource();
      continue;
    }
    return false;
  }
  return false;
}

namespace {
/// Local alias analysis plus one fact it does not use: a buffer allocated in
/// a function is not any buffer the function received as an argument (the
/// arguments existed before the allocation).
class BufferAliasAnalysis : public LocalAliasAnalysis {
protected:
  AliasResult aliasImpl(Value lhs, Value rhs) override {
    Value lhsRoot = rootOf(lhs), rhsRoot = rootOf(rhs);
    if (lhsRoot != rhsRoot &&
        ((isLocalAllocation(lhsRoot) && isFunctionArgument(rhsRoot)) ||
         (isLocalAllocation(rhsRoot) && isFunctionArgument(lhsRoot))))
      return AliasResult::NoAlias;
    return LocalAliasAnalysis::aliasImpl(lhs, rhs);
  }

private:
  static Value rootOf(Value memref) {
    while (Operation *def = memref.getDefiningOp()) {
      if (auto view = dyn_cast<ViewLikeOpInterface>(def))
        memref = view.getViewSource();
      else if (auto cast = dyn_cast<memref::CastOp>(def))
        memref = cast.getSource();
      else
        break;
    }
    return memref;
  }
  static bool isLocalAllocation(Value root) {
    return isa_and_nonnull<memref::AllocOp, memref::AllocaOp>(
        root.getDefiningOp());
  }
  static bool isFunctionArgument(Value root) {
    auto arg = dyn_cast<BlockArgument>(root);
    return arg && arg.getOwner()->isEntryBlock() &&
           isa<FunctionOpInterface>(arg.getOwner()->getParentOp());
  }
};
} // namespace

/// Whether no op in `loop` may write the memory `load` reads.
static bool isUnwrittenIn(memref::LoadOp load, scf::ForOp loop,
                          BufferAliasAnalysis &aliases) {
  Value memref = load.getMemRef();
  if (isConstantGlobal(memref))
    return true;
  WalkResult result = loop.getBody()->walk([&](Operation *op) {
    // Containers: the walk visits what they hold.
    if (op == load.getOperation() ||
        op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return WalkResult::advance();
    if (aliases.getModRef(op, memref).isMod())
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return !result.wasInterrupted();
}

/// Hoists what can be hoisted out of `loop`; returns whether anything moved.
static bool hoistFrom(scf::ForOp loop, BufferAliasAnalysis &aliases) {
  bool moved =
      moveLoopInvariantCode(cast<LoopLikeOpInterface>(loop.getOperation())) > 0;
  SmallVector<memref::LoadOp> loads;
  for (Operation &op : loop.getBody()->without_terminator()) {
    auto load = dyn_cast<memref::LoadOp>(op);
    // Scalars only: the guard's other branch yields a zero of the type.
    if (!load || !load.getType().isIntOrIndexOrFloat() ||
        !llvm::all_of(load->getOperands(),
                      [&](Value v) { return loop.isDefinedOutsideOfLoop(v); }))
      continue;
    if (isUnwrittenIn(load, loop, aliases))
      loads.push_back(load);
  }
  if (loads.empty())
    return moved;
  IRRewriter rewriter(loop.getContext());
  rewriter.setInsertionPoint(loop);
  // A loop that certainly runs needs no guard.
  std::optional<int64_t> lower = getConstantIntValue(loop.getLowerBound());
  std::optional<int64_t> upper = getConstantIntValue(loop.getUpperBound());
  if (lower && upper && *lower < *upper && *lower >= 0) {
    for (memref::LoadOp load : loads)
      rewriter.moveOpBefore(load, loop);
    return true;
  }
  Location loc = loop.getLoc();
  Value runs =
      arith::CmpIOp::create(rewriter, loc,
                            loop.getUnsignedCmp() ? arith::CmpIPredicate::ult
                                                  : arith::CmpIPredicate::slt,
                            loop.getLowerBound(), loop.getUpperBound());
  for (memref::LoadOp load : loads) {
    Type type = load.getType();
    auto guarded = scf::IfOp::create(
        rewriter, load.getLoc(), runs,
        [&](OpBuilder &b, Location l) {
          Value v =
              memref::LoadOp::create(b, l, load.getMemRef(), load.getIndices());
          scf::YieldOp::create(b, l, v);
        },
        [&](OpBuilder &b, Location l) {
          // Never used: the loop does not run.
          Value zero = arith::ConstantOp::create(b, l, b.getZeroAttr(type));
          scf::YieldOp::create(b, l, zero);
        });
    rewriter.replaceOp(load, guarded.getResults());
  }
  return true;
}

namespace {
struct HoistInvariantLoads
    : interp::impl::InterpHoistInvariantLoadsBase<HoistInvariantLoads> {
  void runOnOperation() override {
    BufferAliasAnalysis aliases;
    // Innermost loops first, so what leaves an inner loop can leave the
    // next one out too. (The guarding scf.if stays where it was created.)
    SmallVector<scf::ForOp> loops;
    getOperation()->walk([&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops)
      while (hoistFrom(loop, aliases)) {
      }
  }
};
} // namespace
