//===- LoopAnnotations.cpp - hints for LLVM's loop passes -----------------===//

#include "LoopAnnotations.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;

static constexpr StringLiteral kLoopAnnotation = "loop_annotation";

/// `loop`'s annotation with its vectorize and unroll hints replaced by
/// `vectorize` and `unroll` where those are set; every other hint kept.
static void annotate(scf::ForOp loop, LLVM::LoopVectorizeAttr vectorize,
                     LLVM::LoopUnrollAttr unroll) {
  auto old = loop->getAttrOfType<LLVM::LoopAnnotationAttr>(kLoopAnnotation);
  if (old && !vectorize)
    vectorize = old.getVectorize();
  if (old && !unroll)
    unroll = old.getUnroll();
  auto updated = LLVM::LoopAnnotationAttr::get(
      loop.getContext(), old ? old.getDisableNonforced() : BoolAttr(),
      vectorize, old ? old.getInterleave() : LLVM::LoopInterleaveAttr(), unroll,
      old ? old.getUnrollAndJam() : LLVM::LoopUnrollAndJamAttr(),
      old ? old.getLicm() : LLVM::LoopLICMAttr(),
      old ? old.getDistribute() : LLVM::LoopDistributeAttr(),
      old ? old.getPipeline() : LLVM::LoopPipelineAttr(),
      old ? old.getPeeled() : LLVM::LoopPeeledAttr(),
      old ? old.getUnswitch() : LLVM::LoopUnswitchAttr(),
      old ? old.getMustProgress() : BoolAttr(),
      old ? old.getIsVectorized() : BoolAttr(),
      old ? old.getStartLoc() : FusedLoc(), old ? old.getEndLoc() : FusedLoc(),
      old ? old.getParallelAccesses() : ArrayRef<LLVM::AccessGroupAttr>());
  loop->setAttr(kLoopAnnotation, updated);
}

bool interp::isLLVMVectorizationDisabled(scf::ForOp loop) {
  auto annotation =
      loop->getAttrOfType<LLVM::LoopAnnotationAttr>(kLoopAnnotation);
  LLVM::LoopVectorizeAttr vectorize =
      annotation ? annotation.getVectorize() : LLVM::LoopVectorizeAttr();
  return vectorize && vectorize.getDisable() &&
         vectorize.getDisable().getValue();
}

void interp::disableLLVMVectorization(scf::ForOp loop) {
  MLIRContext *context = loop.getContext();
  annotate(
      loop,
      LLVM::LoopVectorizeAttr::get(context,
                                   /*disable=*/BoolAttr::get(context, true), {},
                                   {}, {}, {}, {}, {}),
      {});
}

void interp::disableLLVMUnrolling(scf::ForOp loop) {
  MLIRContext *context = loop.getContext();
  annotate(loop, {},
           LLVM::LoopUnrollAttr::get(context,
                                     /*disable=*/BoolAttr::get(context, true),
                                     {}, {}, {}, {}, {}, {}));
}
