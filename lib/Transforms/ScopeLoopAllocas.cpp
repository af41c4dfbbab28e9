//===- ScopeLoopAllocas.cpp - per-iteration stack allocations -------------===//

#include "interp/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::interp {
#define GEN_PASS_DEF_INTERPSCOPELOOPALLOCAS
#include "interp/Transforms/Passes.h.inc"
} // namespace mlir::interp

using namespace mlir;

/// Saves the stack pointer before `begin` and restores it before `end`.
static void bracketWithStackSave(OpBuilder &b, Operation *begin,
                                 Operation *end) {
  auto pointer = LLVM::LLVMPointerType::get(b.getContext());
  b.setInsertionPoint(begin);
  Value saved = LLVM::StackSaveOp::create(b, begin->getLoc(), pointer);
  b.setInsertionPoint(end);
  LLVM::StackRestoreOp::create(b, end->getLoc(), saved);
}

/// memref.alloca_scope inline: its body between a stack save and restore.
static void inlineAllocaScope(OpBuilder &b, memref::AllocaScopeOp scope) {
  Block &body = scope.getBodyRegion().front();
  auto yield = cast<memref::AllocaScopeReturnOp>(body.getTerminator());
  SmallVector<Value> results(yield.getResults());
  Operation *first = &body.front();
  Block *parent = scope->getBlock();
  parent->getOperations().splice(Block::iterator(scope), body.getOperations(),
                                 body.begin(), Block::iterator(yield));
  if (first != yield.getOperation())
    bracketWithStackSave(b, first, scope);
  scope.replaceAllUsesWith(results);
  scope.erase();
}

namespace {
struct InterpScopeLoopAllocasPass
    : interp::impl::InterpScopeLoopAllocasBase<InterpScopeLoopAllocasPass> {
  void runOnOperation() override {
    OpBuilder b(&getContext());
    SmallVector<memref::AllocaScopeOp> scopes;
    getOperation()->walk(
        [&](memref::AllocaScopeOp scope) { scopes.push_back(scope); });
    // Inner scopes first: they are walked after the scopes they lie in.
    for (memref::AllocaScopeOp scope : llvm::reverse(scopes))
      inlineAllocaScope(b, scope);
    // Allocas directly in a loop body (no scope around them).
    llvm::SetVector<Block *> bodies;
    getOperation()->walk([&](memref::AllocaOp alloca) {
      if (isa<LoopLikeOpInterface>(alloca->getParentOp()))
        bodies.insert(alloca->getBlock());
    });
    for (Block *body : bodies)
      bracketWithStackSave(b, &body->front(), body->getTerminator());
  }
};
} // namespace
