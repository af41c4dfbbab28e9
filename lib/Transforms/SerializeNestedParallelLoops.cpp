//===- SerializeNestedParallelLoops.cpp - keep outer parallelism only -----===//

#include "LoopAnnotations.h"
#include "interp/Transforms/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::interp {
#define GEN_PASS_DEF_INTERPSERIALIZENESTEDPARALLELLOOPS
#include "interp/Transforms/Passes.h.inc"
} // namespace mlir::interp

using namespace mlir;

/// Replaces `loop` (no reductions) by a loop nest with the same body: an
/// scf.parallel over its first `keepParallel` dimensions (none when 0) around
/// scf.for loops over the others.
static void serialize(RewriterBase &rewriter, scf::ParallelOp loop,
                      unsigned keepParallel) {
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(loop);
  Location loc = loop.getLoc();
  IRMapping mapping;
  unsigned rank = loop.getNumLoops();
  if (keepParallel > 0) {
    auto outer = scf::ParallelOp::create(
        rewriter, loc, loop.getLowerBound().take_front(keepParallel),
        loop.getUpperBound().take_front(keepParallel),
        loop.getStep().take_front(keepParallel));
    for (unsigned d = 0; d < keepParallel; ++d)
      mapping.map(loop.getInductionVars()[d], outer.getInductionVars()[d]);
    rewriter.setInsertionPointToStart(outer.getBody());
  }
  for (unsigned d = keepParallel; d < rank; ++d) {
    auto forOp = scf::ForOp::create(rewriter, loc, loop.getLowerBound()[d],
                                    loop.getUpperBound()[d], loop.getStep()[d]);
    mapping.map(loop.getInductionVars()[d], forOp.getInductionVar());
    rewriter.setInsertionPointToStart(forOp.getBody());
  }
  for (Operation &op : loop.getBody()->without_terminator())
    rewriter.clone(op, mapping);
  rewriter.eraseOp(loop);
}

/// How many leading dimensions of an outermost `loop` stay parallel: all but
/// the innermost, and all but the innermost long one when the innermost
/// dimensions are short (the phase loop of an affine tap run, of trip count
/// P, sits inside the loop LLVM vectorizes). At least one stays parallel.
static unsigned parallelPrefix(scf::ParallelOp loop) {
  unsigned rank = loop.getNumLoops();
  unsigned sequential = 0;
  while (sequential < rank) {
    unsigned d = rank - 1 - sequential;
    ++sequential;
    std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound()[d]);
    std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound()[d]);
    std::optional<int64_t> step = getConstantIntValue(loop.getStep()[d]);
    bool isShort =
        lb && ub && step && *step > 0 &&
        (*ub - *lb + *step - 1) / *step <= interp::kLLVMUnrolledTripCount;
    if (!isShort)
      break;
  }
  return std::max<unsigned>(1, rank - sequential);
}

namespace {
struct InterpSerializeNestedParallelLoopsPass
    : interp::impl::InterpSerializeNestedParallelLoopsBase<
          InterpSerializeNestedParallelLoopsPass> {
  void runOnOperation() override {
    SmallVector<std::pair<scf::ParallelOp, unsigned>> rewrites;
    getOperation()->walk([&](scf::ParallelOp loop) {
      if (loop.getNumResults() != 0)
        return;
      if (loop->getParentOfType<scf::ParallelOp>())
        rewrites.push_back({loop, 0});
      else if (loop.getNumLoops() > 1)
        rewrites.push_back({loop, parallelPrefix(loop)});
    });
    IRRewriter rewriter(&getContext());
    // The walk is post-order: inner loops come first, so each loop is
    // rewritten before a parent clones its body.
    for (auto [loop, keepParallel] : rewrites)
      serialize(rewriter, loop, keepParallel);
  }
};
} // namespace
