//===- InterpToLinalgPass.cpp - --convert-interp-to-linalg ----------------===//

#include "interp/Conversion/Passes.h"
#include "interp/Dialect/Interp/IR/InterpDialect.h"
#include "interp/Dialect/Interp/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::interp {
#define GEN_PASS_DEF_CONVERTINTERPTOLINALG
#include "interp/Conversion/Passes.h.inc"
} // namespace mlir::interp

using namespace mlir;
using namespace mlir::interp;

namespace {
struct ConvertInterpToLinalgPass
    : interp::impl::ConvertInterpToLinalgBase<ConvertInterpToLinalgPass> {
  using Base::Base;

  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    // Interpolate-1 and -11 ops that are not lowered directly become
    // Interpolate-4 ops first, on their own: inside the conversion below,
    // the new op's uses are replaced only after it is lowered, so its
    // lowering would not see the memref its result is materialized into
    // and would write that memref without checking its run-time sizes.
    {
      RewritePatternSet legalize(ctx);
      populateLegalizeV1Patterns(legalize);
      populateLegalizeV11Patterns(legalize);
      GreedyRewriteConfig greedy;
      greedy.enableFolding(false);
      if (failed(applyPatternsGreedily(getOperation(), std::move(legalize),
                                       greedy)))
        return signalPassFailure();
    }
    ConversionTarget target(*ctx);
    target.addIllegalDialect<InterpDialect>();
    target.addLegalDialect<
        arith::ArithDialect, bufferization::BufferizationDialect,
        cf::ControlFlowDialect, func::FuncDialect, linalg::LinalgDialect,
        math::MathDialect, memref::MemRefDialect, scf::SCFDialect,
        tensor::TensorDialect, vector::VectorDialect>();
    // Unsigned scalars cross to signless arith through casts (castSignedness).
    target.addLegalOp<UnrealizedConversionCastOp>();
    RewritePatternSet patterns(ctx);
    InterpToLinalgLowering lowering;
    lowering.runtimeRatios = runtimeRatios;
    lowering.portable = portable;
    populateInterpToLinalgConversionPatterns(patterns, lowering);
    // The pass always lowers: constant folding (through the reference
    // implementation) is canonicalization's job, and folding here would
    // silently replace compiled code by compile-time constants.
    ConversionConfig config;
    config.foldingMode = DialectConversionFoldingMode::Never;
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns), config)))
      signalPassFailure();
  }
};
} // namespace
