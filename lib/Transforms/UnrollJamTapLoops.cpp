//===- UnrollJamTapLoops.cpp - independent accumulators for tap loops -----===//

#include "interp/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

namespace mlir::interp {
#define GEN_PASS_DEF_INTERPUNROLLJAMTAPLOOPS
#include "interp/Transforms/Passes.h.inc"
} // namespace mlir::interp

using namespace mlir;

/// A tap loop: an scf.for that carries a value (the accumulator) around.
static bool isTapLoop(Operation &op) {
  auto loop = dyn_cast<scf::ForOp>(op);
  return loop && loop.getNumRegionIterArgs() > 0;
}

/// The loop over outputs around tap loops: no results of its own, tap loops
/// directly in its body, and a constant trip count.
static std::optional<int64_t> outputLoopTripCount(scf::ForOp loop) {
  if (loop.getNumResults() != 0 ||
      !llvm::any_of(loop.getBody()->getOperations(), isTapLoop))
    return std::nullopt;
  std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound());
  std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound());
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  if (!lb || !ub || !step || *step <= 0 || *ub <= *lb)
    return std::nullopt;
  return (*ub - *lb + *step - 1) / *step;
}

/// Moves the iterations of `loop` (constant bounds, no results) after its
/// first `trips` into a copy of it right after it.
static void splitAfterIterations(scf::ForOp loop, int64_t trips) {
  int64_t lb = *getConstantIntValue(loop.getLowerBound());
  int64_t step = *getConstantIntValue(loop.getStep());
  OpBuilder b(loop);
  Value split =
      arith::ConstantIndexOp::create(b, loop.getLoc(), lb + trips * step);
  b.setInsertionPointAfter(loop);
  auto rest = cast<scf::ForOp>(b.clone(*loop.getOperation()));
  rest.setLowerBound(split);
  loop.setUpperBound(split);
}

namespace {
struct InterpUnrollJamTapLoopsPass
    : interp::impl::InterpUnrollJamTapLoopsBase<InterpUnrollJamTapLoopsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (factor <= 1)
      return;
    SmallVector<std::pair<scf::ForOp, int64_t>> loops;
    getOperation()->walk([&](scf::ForOp loop) {
      std::optional<int64_t> trips = outputLoopTripCount(loop);
      if (trips && *trips >= factor)
        loops.push_back({loop, *trips});
    });
    for (auto [loop, trips] : loops) {
      // The upstream utility jams a trip count its factor divides: the
      // last trips % factor outputs go to a copy of the loop after it.
      if (trips % factor != 0)
        splitAfterIterations(loop, trips - trips % factor);
      // Failing to unroll (inner bounds that change with the output) leaves
      // the loop as it was, which is correct, only slower.
      (void)loopUnrollJamByFactor(loop, factor);
    }
  }
};
} // namespace
