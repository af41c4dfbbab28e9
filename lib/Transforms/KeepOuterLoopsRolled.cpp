//===- KeepOuterLoopsRolled.cpp - no LLVM unrolling of loop nests --------===//

#include "LoopAnnotations.h"
#include "interp/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::interp {
#define GEN_PASS_DEF_INTERPKEEPOUTERLOOPSROLLED
#include "interp/Transforms/Passes.h.inc"
} // namespace mlir::interp

using namespace mlir;

/// Whether `loop`'s body holds, at any depth, a loop that LLVM will not
/// unroll away: one with a run-time trip count or a long constant one.
static bool holdsLastingLoop(scf::ForOp loop) {
  return loop.getBody()
      ->walk([&](scf::ForOp inner) {
        std::optional<APInt> trips = inner.getStaticTripCount();
        if (!trips || trips->ugt(interp::kLLVMUnrolledTripCount))
          return WalkResult::interrupt();
        return WalkResult::advance();
      })
      .wasInterrupted();
}

namespace {
struct InterpKeepOuterLoopsRolledPass
    : interp::impl::InterpKeepOuterLoopsRolledBase<
          InterpKeepOuterLoopsRolledPass> {
  void runOnOperation() override {
    getOperation()->walk([](scf::ForOp loop) {
      if (holdsLastingLoop(loop))
        interp::disableLLVMUnrolling(loop);
    });
  }
};
} // namespace
