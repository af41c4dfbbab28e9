//===- CheckLoweredToLLVM.cpp - no silent partial lowering ----------------===//

#include "interp/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::interp {
#define GEN_PASS_DEF_INTERPCHECKLOWEREDTOLLVM
#include "interp/Transforms/Passes.h.inc"
} // namespace mlir::interp

using namespace mlir;

namespace {
struct InterpCheckLoweredToLLVMPass
    : interp::impl::InterpCheckLoweredToLLVMBase<InterpCheckLoweredToLLVMPass> {
  void runOnOperation() override {
    bool failed = false;
    getOperation()->walk([&](Operation *op) {
      // OpenMP ops (multi-threaded code) translate to LLVM IR directly.
      if (isa<ModuleOp>(op) ||
          isa<LLVM::LLVMDialect, omp::OpenMPDialect>(op->getDialect()))
        return;
      op->emitError("'") << op->getName()
                         << "' was not lowered to the LLVM dialect";
      failed = true;
    });
    if (failed)
      signalPassFailure();
  }
};
} // namespace
