//===- KeepShortLoopsVectorizable.cpp - vectorize, do not fully unroll ----===//

#include "LoopAnnotations.h"
#include "interp/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::interp {
#define GEN_PASS_DEF_INTERPKEEPSHORTLOOPSVECTORIZABLE
#include "interp/Transforms/Passes.h.inc"
} // namespace mlir::interp

using namespace mlir;

/// The operations one iteration of `loop` runs, constants aside, with the
/// loops inside it (of at most kLLVMUnrolledTripCount constant iterations)
/// unrolled; nullopt when it holds another loop.
static std::optional<int64_t> unrolledSize(scf::ForOp loop) {
  int64_t size = 0;
  for (Operation &op : loop.getBody()->without_terminator()) {
    if (op.hasTrait<OpTrait::ConstantLike>())
      continue;
    if (auto inner = dyn_cast<scf::ForOp>(op)) {
      std::optional<APInt> trips = inner.getStaticTripCount();
      std::optional<int64_t> innerSize = unrolledSize(inner);
      if (!trips || trips->ugt(interp::kLLVMUnrolledTripCount) || !innerSize)
        return std::nullopt;
      size += trips->getZExtValue() * *innerSize;
      continue;
    }
    // Any other op counts with what its regions hold (an scf.if's
    // branches); a loop in them is not one LLVM unrolls away for sure.
    WalkResult walk = op.walk([&](Operation *nested) {
      if (nested != &op && isa<scf::ForOp>(nested))
        return WalkResult::interrupt();
      if (!nested->hasTrait<OpTrait::ConstantLike>() &&
          !nested->hasTrait<OpTrait::IsTerminator>())
        ++size;
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return std::nullopt;
  }
  return size;
}

/// Whether LLVM would unroll `loop` fully as a short innermost loop: a
/// constant trip count above the unrolled bound, no loop inside but ones
/// LLVM unrolls away, a size within LLVM's full-unroll threshold (the
/// size counted in MLIR operations, a lower bound of LLVM's instructions),
/// and no loop-carried value (an in-order float sum, which LLVM does not
/// vectorize: unrolled is its best form).
static bool isShortInnermostLoop(scf::ForOp loop) {
  std::optional<APInt> trips = loop.getStaticTripCount();
  if (!trips || trips->ule(interp::kLLVMUnrolledTripCount) ||
      trips->ugt(interp::kLLVMFullUnrollThreshold) ||
      loop.getNumRegionIterArgs() != 0)
    return false;
  std::optional<int64_t> size = unrolledSize(loop);
  return size && int64_t(trips->getZExtValue()) * *size <=
                     interp::kLLVMFullUnrollThreshold;
}

namespace {
struct InterpKeepShortLoopsVectorizablePass
    : interp::impl::InterpKeepShortLoopsVectorizableBase<
          InterpKeepShortLoopsVectorizablePass> {
  void runOnOperation() override {
    getOperation()->walk([](scf::ForOp loop) {
      if (isShortInnermostLoop(loop) &&
          !interp::isLLVMVectorizationDisabled(loop))
        interp::disableLLVMUnrolling(loop);
    });
  }
};
} // namespace
