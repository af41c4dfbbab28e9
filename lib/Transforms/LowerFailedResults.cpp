//===- LowerFailedResults.cpp - null results of failed checks -------------===//

#include "interp/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::interp {
#define GEN_PASS_DEF_INTERPLOWERFAILEDRESULTS
#include "interp/Transforms/Passes.h.inc"
} // namespace mlir::interp

using namespace mlir;

/// interp-return-on-failed-checks names its declarations so.
static constexpr llvm::StringLiteral kFailedResultsPrefix =
    "__interp_failed_results.";

namespace {
struct InterpLowerFailedResultsPass
    : interp::impl::InterpLowerFailedResultsBase<InterpLowerFailedResultsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<LLVM::CallOp> calls;
    module.walk([&](LLVM::CallOp call) {
      std::optional<StringRef> callee = call.getCallee();
      if (callee && callee->starts_with(kFailedResultsPrefix))
        calls.push_back(call);
    });
    OpBuilder b(module.getContext());
    for (LLVM::CallOp call : calls) {
      b.setInsertionPoint(call);
      SmallVector<Value> zeros;
      for (Type type : call.getResultTypes())
        zeros.push_back(LLVM::ZeroOp::create(b, call.getLoc(), type));
      call.replaceAllUsesWith(zeros);
      call.erase();
    }
    for (auto func :
         llvm::make_early_inc_range(module.getOps<LLVM::LLVMFuncOp>()))
      if (func.getSymName().starts_with(kFailedResultsPrefix) &&
          func.isExternal() && func.symbolKnownUseEmpty(module))
        func.erase();
  }
};
} // namespace
