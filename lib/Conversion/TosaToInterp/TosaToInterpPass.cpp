//===- TosaToInterpPass.cpp - --convert-tosa-to-interp --------------------===//
//
// A walk rather than a greedy driver: every tosa.resize is decided once, so
// a remark is emitted once per op, and nothing else in the input (other TOSA
// ops, constants) is folded or rewritten.
//
//===----------------------------------------------------------------------===//

#include "interp/Conversion/Passes.h"
#include "interp/Conversion/TosaToInterp/TosaToInterp.h"
#include "interp/Dialect/Interp/IR/InterpDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/RegionUtils.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>

namespace mlir::interp {
#define GEN_PASS_DEF_CONVERTTOSATOINTERP
#include "interp/Conversion/Passes.h.inc"
} // namespace mlir::interp

using namespace mlir;
using namespace mlir::interp;

namespace {
struct ConvertTosaToInterpPass
    : interp::impl::ConvertTosaToInterpBase<ConvertTosaToInterpPass> {
  using Base::Base;

  void runOnOperation() override {
    if (!(floatToleranceUlps >= 0.0) || std::isinf(floatToleranceUlps)) {
      getOperation()->emitError()
          << "--convert-tosa-to-interp: float-tolerance-ulps must be a "
             "finite number >= 0, got "
          << floatToleranceUlps;
      return signalPassFailure();
    }
    tosa_resize::Options options;
    options.assumeFinite = assumeFinite;
    options.floatToleranceUlps = floatToleranceUlps;
    SmallVector<tosa::ResizeOp> resizes;
    getOperation()->walk([&](tosa::ResizeOp op) { resizes.push_back(op); });
    IRRewriter rewriter(&getContext());
    // The tosa.const_shape operands of rewritten ops, erased once unused.
    llvm::SetVector<Operation *> shapeOps;
    for (tosa::ResizeOp op : resizes) {
      SmallVector<Operation *> operands;
      for (Value v : {op.getScale(), op.getOffset(), op.getBorder()})
        if (Operation *def = v.getDefiningOp())
          operands.push_back(def);
      std::string whyNot;
      double boundUlps = 0.0;
      Location loc = op.getLoc();
      if (failed(
              rewriteTosaResize(rewriter, op, options, &whyNot, &boundUlps))) {
        if (remarks)
          op.emitRemark() << "tosa.resize not converted to interp: " << whyNot;
        continue;
      }
      if (remarks && boundUlps > 0.0)
        // Rounded up, so the printed bound still holds.
        emitRemark(loc)
            << "tosa.resize converted to interp within "
            << llvm::formatv("{0:F2}", std::ceil(boundUlps * 100) / 100).str()
            << " ulps of upstream's lowering (finite data)";
      shapeOps.insert(operands.begin(), operands.end());
    }
    for (Operation *def : shapeOps)
      if (isa<tosa::ConstShapeOp>(def) && def->use_empty())
        rewriter.eraseOp(def);
  }
};
} // namespace
