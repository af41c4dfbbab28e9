//===- LoopAnnotations.h - hints for LLVM's loop passes ---------*- C++ -*-===//
//
// What interp's loop passes assume of LLVM's loop optimizations, and the
// hints they give them: the passes annotate the same `scf.for` ops, each
// adding its hint to what the loop already carries.
//
//===----------------------------------------------------------------------===//

#ifndef INTERP_LIB_TRANSFORMS_LOOPANNOTATIONS_H
#define INTERP_LIB_TRANSFORMS_LOOPANNOTATIONS_H

#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::interp {

/// Loops with at most this many iterations (a constant) are unrolled by
/// LLVM's -O3: such a loop is not the one that vectorizes, and a loop around
/// only such loops becomes innermost once they are unrolled.
inline constexpr int64_t kLLVMUnrolledTripCount = 8;

/// LLVM's -O3 unrolls a loop with a constant trip count fully, before its
/// loop vectorizer sees it, when the trip count times the loop's size is at
/// most this (`UnrollThresholdAggressive`, the -O3 threshold of
/// LoopUnrollPass), the size counted in instructions.
inline constexpr int64_t kLLVMFullUnrollThreshold = 300;

/// Whether `loop`'s `loop_annotation` has `llvm.loop.vectorize.enable =
/// false`.
bool isLLVMVectorizationDisabled(scf::ForOp loop);

/// Adds `llvm.loop.vectorize.enable = false` to `loop`'s `loop_annotation`,
/// which convert-scf-to-cf carries to the loop's latch.
void disableLLVMVectorization(scf::ForOp loop);

/// Adds `llvm.loop.unroll.disable` to `loop`'s `loop_annotation`.
void disableLLVMUnrolling(scf::ForOp loop);

} // namespace mlir::interp

#endif // INTERP_LIB_TRANSFORMS_LOOPANNOTATIONS_H
