//===- UserDeallocations.cpp - input that manages its own memory ----------===//
//
// See Passes.td: interp-mark-user-allocations runs before bufferization,
// interp-hide-user-deallocations and interp-restore-user-deallocations
// bracket the buffer deallocation pipeline.
//
//===----------------------------------------------------------------------===//

#include "interp/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir::interp {
#define GEN_PASS_DEF_INTERPMARKUSERALLOCATIONS
#define GEN_PASS_DEF_INTERPHIDEUSERDEALLOCATIONS
#define GEN_PASS_DEF_INTERPRESTOREUSERDEALLOCATIONS
#include "interp/Transforms/Passes.h.inc"
} // namespace mlir::interp

using namespace mlir;

static constexpr llvm::StringLiteral kUserAllocation = "interp.user_allocation";
static constexpr llvm::StringLiteral kHiddenAllocation =
    "interp.hidden_user_allocation";
static constexpr llvm::StringLiteral kUserDealloc = "__interp_user_dealloc";

/// Whether `value` reaches a func.return, directly or through views.
static bool isReturned(Value value) {
  SmallVector<Value> worklist = {value};
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    for (Operation *user : v.getUsers()) {
      if (isa<func::ReturnOp>(user))
        return true;
      if (auto view = dyn_cast<ViewLikeOpInterface>(user);
          view && view.getViewSource() == v)
        worklist.push_back(view->getResult(0));
    }
  }
  return false;
}

namespace {
struct InterpMarkUserAllocationsPass
    : interp::impl::InterpMarkUserAllocationsBase<
          InterpMarkUserAllocationsPass> {
  void runOnOperation() override {
    getOperation().walk([&](memref::AllocOp alloc) {
      alloc->setAttr(kUserAllocation, UnitAttr::get(&getContext()));
    });
  }
};

struct InterpHideUserDeallocationsPass
    : interp::impl::InterpHideUserDeallocationsBase<
          InterpHideUserDeallocationsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    OpBuilder b(module.getContext());
    SmallVector<memref::DeallocOp> deallocs;
    SmallVector<memref::AllocOp> allocs;
    module.walk([&](Operation *op) {
      if (auto dealloc = dyn_cast<memref::DeallocOp>(op))
        deallocs.push_back(dealloc);
      else if (auto alloc = dyn_cast<memref::AllocOp>(op);
               alloc && alloc->hasAttr(kUserAllocation))
        allocs.push_back(alloc);
    });
    for (memref::DeallocOp dealloc : deallocs) {
      b.setInsertionPoint(dealloc);
      Location loc = dealloc.getLoc();
      Value base =
          memref::ExtractStridedMetadataOp::create(b, loc, dealloc.getMemref())
              .getBaseBuffer();
      auto type = cast<MemRefType>(base.getType());
      // One declaration per base type: func.call needs exact types.
      std::string name;
      llvm::raw_string_ostream os(name);
      os << kUserDealloc << "." << type;
      func::FuncOp callee = module.lookupSymbol<func::FuncOp>(name);
      if (!callee) {
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPointToStart(module.getBody());
        callee =
            func::FuncOp::create(b, loc, name, b.getFunctionType({type}, {}));
        callee.setPrivate();
      }
      func::CallOp::create(b, loc, callee, ValueRange{base});
      dealloc.erase();
    }
    for (memref::AllocOp alloc : allocs) {
      if (isReturned(alloc.getResult()))
        continue;
      b.setInsertionPoint(alloc);
      auto hidden = UnrealizedConversionCastOp::create(
          b, alloc.getLoc(), alloc.getType(), alloc.getDynamicSizes());
      hidden->setAttr(kHiddenAllocation,
                      alloc.getAlignmentAttr()
                          ? Attribute(alloc.getAlignmentAttr())
                          : Attribute(b.getUnitAttr()));
      alloc.replaceAllUsesWith(hidden.getResult(0));
      alloc.erase();
    }
  }
};

struct InterpRestoreUserDeallocationsPass
    : interp::impl::InterpRestoreUserDeallocationsBase<
          InterpRestoreUserDeallocationsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<func::CallOp> calls;
    SmallVector<UnrealizedConversionCastOp> hidden;
    module.walk([&](Operation *op) {
      if (auto call = dyn_cast<func::CallOp>(op);
          call && call.getCallee().starts_with(kUserDealloc))
        calls.push_back(call);
      else if (auto placeholder = dyn_cast<UnrealizedConversionCastOp>(op);
               placeholder && placeholder->hasAttr(kHiddenAllocation))
        hidden.push_back(placeholder);
    });
    OpBuilder b(module.getContext());
    for (func::CallOp call : calls) {
      b.setInsertionPoint(call);
      memref::DeallocOp::create(b, call.getLoc(), call.getOperand(0));
      call.erase();
    }
    for (UnrealizedConversionCastOp placeholder : hidden) {
      b.setInsertionPoint(placeholder);
      auto alignment =
          dyn_cast<IntegerAttr>(placeholder->getAttr(kHiddenAllocation));
      auto alloc = memref::AllocOp::create(
          b, placeholder.getLoc(),
          cast<MemRefType>(placeholder.getResult(0).getType()),
          placeholder.getInputs(), alignment);
      placeholder.getResult(0).replaceAllUsesWith(alloc.getResult());
      placeholder.erase();
    }
    for (auto func : llvm::make_early_inc_range(module.getOps<func::FuncOp>()))
      if (func.getSymName().starts_with(kUserDealloc) &&
          func.symbolKnownUseEmpty(module))
        func.erase();
    module.walk(
        [&](memref::AllocOp alloc) { alloc->removeAttr(kUserAllocation); });
  }
};
} // namespace
