//===- SerializeNestedParallelLoops.cpp - keep outer parallelism only -----===//

#include "LoopAnnotations.h"
#include "interp/Transforms/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::interp {
#define GEN_PASS_DEF_INTERPSERIALIZENESTEDPARALLELLOOPS
#include "interp/Transforms/Passes.h.inc"
} // namespace mlir::interp

using namespace mlir;

/// The trip count of dimension `d` of `loop` when it is a constant.
static std::optional<int64_t> dimensionTripCount(scf::ParallelOp loop,
                                                 unsigned d) {
  std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound()[d]);
  std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound()[d]);
  std::optional<int64_t> step = getConstantIntValue(loop.getStep()[d]);
  if (!lb || !ub || !step || *step <= 0)
    return std::nullopt;
  return std::max<int64_t>(0, (*ub - *lb + *step - 1) / *step);
}

/// Replaces `loop` (no reductions) by a loop nest with the same body: an
/// scf.parallel over the dimensions `parallel` (none when empty), in that
/// order, around scf.for loops over the dimensions `sequential`, outermost
/// first. Together they name every dimension once.
static void serialize(RewriterBase &rewriter, scf::ParallelOp loop,
                      ArrayRef<unsigned> parallel,
                      ArrayRef<unsigned> sequential) {
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(loop);
  Location loc = loop.getLoc();
  IRMapping mapping;
  if (!parallel.empty()) {
    SmallVector<Value> lbs, ubs, steps;
    for (unsigned d : parallel) {
      lbs.push_back(loop.getLowerBound()[d]);
      ubs.push_back(loop.getUpperBound()[d]);
      steps.push_back(loop.getStep()[d]);
    }
    auto outer = scf::ParallelOp::create(rewriter, loc, lbs, ubs, steps);
    for (auto [d, iv] : llvm::zip_equal(parallel, outer.getInductionVars()))
      mapping.map(loop.getInductionVars()[d], iv);
    rewriter.setInsertionPointToStart(outer.getBody());
  }
  for (unsigned d : sequential) {
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
    std::optional<int64_t> trips = dimensionTripCount(loop, d);
    if (!trips || *trips > interp::kLLVMUnrolledTripCount)
      break;
  }
  return std::max<unsigned>(1, rank - sequential);
}

/// Splits the dimensions of an outermost `loop` into the parallel ones, in
/// the order convert-scf-to-openmp collapses them, and the sequential ones.
///
/// A collapsed OpenMP loop recovers each index from the flattened one by
/// dividing by the trip counts of the dimensions inside it. LLVM's loop
/// strength reduction re-expands the row addresses built from those indices
/// inside the vectorized inner loop, and SCEVExpander hoists a division out
/// of a loop only when its divisor is a non-zero constant: a run-time trip
/// count inside the collapse costs a `div` per vector iteration. So at most
/// one dimension of run-time trip count stays parallel, the outermost of the
/// collapse (only constants divide), and it is the innermost such dimension
/// of the prefix (a spatial one: batches are small); the other run-time
/// dimensions of the prefix become the outermost sequential loops.
static void splitDimensions(scf::ParallelOp loop,
                            SmallVectorImpl<unsigned> &parallel,
                            SmallVectorImpl<unsigned> &sequential) {
  unsigned prefix = parallelPrefix(loop);
  std::optional<unsigned> runTimeParallel;
  for (unsigned d = 0; d < prefix; ++d)
    if (!dimensionTripCount(loop, d))
      runTimeParallel = d;
  if (runTimeParallel)
    parallel.push_back(*runTimeParallel);
  for (unsigned d = 0; d < prefix; ++d) {
    if (d == runTimeParallel)
      continue;
    if (dimensionTripCount(loop, d))
      parallel.push_back(d);
    else
      sequential.push_back(d);
  }
  for (unsigned d = prefix, e = loop.getNumLoops(); d < e; ++d)
    sequential.push_back(d);
}

/// The iterations `loop` runs itself (all dimensions of an scf.parallel),
/// when its trip counts are constants.
static std::optional<uint64_t> staticIterations(LoopLikeOpInterface loop) {
  if (auto parallel = dyn_cast<scf::ParallelOp>(loop.getOperation())) {
    uint64_t iterations = 1;
    for (unsigned d = 0, e = parallel.getNumLoops(); d < e; ++d) {
      std::optional<int64_t> trips = dimensionTripCount(parallel, d);
      if (!trips)
        return std::nullopt;
      iterations = llvm::SaturatingMultiply(iterations, uint64_t(*trips));
    }
    return iterations;
  }
  std::optional<APInt> trips = loop.getStaticTripCount();
  if (!trips || trips->getActiveBits() > 64)
    return std::nullopt;
  return trips->getZExtValue();
}

/// The innermost iterations the loops of `region` run in all (a loop with
/// loops inside counts theirs, once per iteration of its own), or nullopt
/// when a trip count is not a constant.
static std::optional<uint64_t> innermostIterations(Region &region) {
  uint64_t total = 0;
  WalkResult result =
      region.walk<WalkOrder::PreOrder>([&](LoopLikeOpInterface loop) {
        std::optional<uint64_t> iterations = staticIterations(loop);
        if (!iterations)
          return WalkResult::interrupt();
        uint64_t inner = 0;
        for (Region *body : loop.getLoopRegions()) {
          std::optional<uint64_t> n = innermostIterations(*body);
          if (!n)
            return WalkResult::interrupt();
          inner = llvm::SaturatingAdd(inner, *n);
        }
        // Without loops inside (or with empty ones), the loop is innermost.
        inner = std::max<uint64_t>(inner, 1);
        total = llvm::SaturatingAdd(
            total, llvm::SaturatingMultiply(*iterations, inner));
        return WalkResult::skip();
      });
  if (result.wasInterrupted())
    return std::nullopt;
  return total;
}

namespace {
struct InterpSerializeNestedParallelLoopsPass
    : interp::impl::InterpSerializeNestedParallelLoopsBase<
          InterpSerializeNestedParallelLoopsPass> {
  using Base::Base;

  void runOnOperation() override {
    struct Rewrite {
      scf::ParallelOp loop;
      SmallVector<unsigned> parallel, sequential;
    };
    // Functions too small to be worth the threads' fork and join.
    llvm::SmallPtrSet<Operation *, 4> sequentialFunctions;
    if (minParallelIterations > 0) {
      getOperation()->walk([&](FunctionOpInterface function) {
        if (function.isExternal())
          return;
        std::optional<uint64_t> iterations =
            innermostIterations(function.getFunctionBody());
        if (iterations && *iterations < minParallelIterations)
          sequentialFunctions.insert(function);
      });
    }
    SmallVector<Rewrite> rewrites;
    getOperation()->walk([&](scf::ParallelOp loop) {
      if (loop.getNumResults() != 0)
        return;
      Rewrite rewrite{loop, {}, {}};
      if (loop->getParentOfType<scf::ParallelOp>() ||
          sequentialFunctions.contains(
              loop->getParentOfType<FunctionOpInterface>()))
        rewrite.sequential =
            llvm::to_vector(llvm::seq<unsigned>(0, loop.getNumLoops()));
      else if (loop.getNumLoops() > 1)
        splitDimensions(loop, rewrite.parallel, rewrite.sequential);
      else
        return;
      rewrites.push_back(std::move(rewrite));
    });
    IRRewriter rewriter(&getContext());
    // The walk is post-order: inner loops come first, so each loop is
    // rewritten before a parent clones its body.
    for (Rewrite &rewrite : rewrites)
      serialize(rewriter, rewrite.loop, rewrite.parallel, rewrite.sequential);
  }
};
} // namespace
