//===- InternalizePrivateFunctions.cpp - private means internal -----------===//

#include "interp/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::interp {
#define GEN_PASS_DEF_INTERPINTERNALIZEPRIVATEFUNCTIONS
#include "interp/Transforms/Passes.h.inc"
} // namespace mlir::interp

using namespace mlir;

namespace {
struct InterpInternalizePrivateFunctionsPass
    : interp::impl::InterpInternalizePrivateFunctionsBase<
          InterpInternalizePrivateFunctionsPass> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<LLVM::LLVMFuncOp>())
      if (!func.isExternal() && func.isPrivate())
        func.setLinkage(LLVM::Linkage::Internal);
  }
};
} // namespace
