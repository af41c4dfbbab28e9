//===- Pipelines.h - interp pass pipelines ----------------------*- C++ -*-===//

#ifndef INTERP_PIPELINES_PIPELINES_H
#define INTERP_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassOptions.h"

namespace mlir {
class OpPassManager;
namespace interp {

struct InterpPipelineOptions
    : public PassPipelineOptions<InterpPipelineOptions> {};

/// interp ops (with func/arith/tensor/bufferization/linalg) down to bufferized
/// affine.for loop nests on memrefs.
void buildInterpToAffinePipeline(OpPassManager &pm,
                                 const InterpPipelineOptions &options);

/// interp ops (with func/arith/tensor/bufferization/linalg) all the way to
/// the LLVM dialect; fails when anything else is left.
void buildInterpToLLVMPipeline(OpPassManager &pm,
                               const InterpPipelineOptions &options);

/// Registers `interp-to-affine` and `interp-to-llvm`.
void registerInterpPipelines();

} // namespace interp
} // namespace mlir

#endif // INTERP_PIPELINES_PIPELINES_H
