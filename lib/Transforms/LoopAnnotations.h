//===- LoopAnnotations.h - hints for LLVM's loop passes ---------*- C++ -*-===//
//
// The passes that tell LLVM's loop optimizations what to leave alone
// annotate the same `scf.for` ops; each adds its hint to what the loop
// already carries instead of replacing it.
//
//===----------------------------------------------------------------------===//

#ifndef INTERP_LIB_TRANSFORMS_LOOPANNOTATIONS_H
#define INTERP_LIB_TRANSFORMS_LOOPANNOTATIONS_H

#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::interp {

/// Adds `llvm.loop.vectorize.enable = false` to `loop`'s `loop_annotation`,
/// which convert-scf-to-cf carries to the loop's latch.
void disableLLVMVectorization(scf::ForOp loop);

/// Adds `llvm.loop.unroll.disable` to `loop`'s `loop_annotation`.
void disableLLVMUnrolling(scf::ForOp loop);

} // namespace mlir::interp

#endif // INTERP_LIB_TRANSFORMS_LOOPANNOTATIONS_H
