//===- AnnotatePlans.cpp - --interp-annotate-plans -----------------------===//

#include "interp/Conversion/InterpToLinalg/LoweringPlan.h"
#include "interp/Conversion/Passes.h"
#include "interp/Dialect/Interp/IR/InterpOps.h"
#include "interp/Dialect/Interp/IR/ResizeProblemOf.h"

namespace mlir::interp {
#define GEN_PASS_DEF_INTERPANNOTATEPLANS
#include "interp/Conversion/Passes.h.inc"
} // namespace mlir::interp

using namespace mlir;
using namespace mlir::interp;

namespace {
struct InterpAnnotatePlansPass
    : interp::impl::InterpAnnotatePlansBase<InterpAnnotatePlansPass> {
  using Base::Base;

  void runOnOperation() override {
    LoweringTarget target;
    target.portable = portable;
    target.runtimeRatios = runtimeRatios;
    WalkResult result = getOperation()->walk([&](ResizeOpInterface op) {
      std::optional<rules::ResizeProblem> problem = op.getResizeProblem();
      if (!problem)
        return WalkResult::advance();
      FailureOr<LoweringPlan> plan = planFor(op, *problem, target);
      if (failed(plan))
        return WalkResult::interrupt();
      op->setAttr(kPlanAttrName, planToAttr(op->getContext(), *plan));
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
