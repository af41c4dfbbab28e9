//===- Pipelines.h - interp pass pipelines ----------------------*- C++ -*-===//

#ifndef INTERP_PIPELINES_PIPELINES_H
#define INTERP_PIPELINES_PIPELINES_H

#include "interp/Transforms/Passes.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir {
class OpPassManager;
namespace interp {

struct InterpPipelineOptions
    : public PassPipelineOptions<InterpPipelineOptions> {
  PassOptions::Option<unsigned> numThreads{
      *this, "num-threads",
      llvm::cl::desc(
          "Threads for the loop nests: 1 (default) compiles sequential code; "
          "N > 1 distributes the outer parallel loops over N OpenMP threads; "
          "0 leaves the count to the OpenMP runtime (OMP_NUM_THREADS, else "
          "one per core). Multi-threaded code needs libomp at run time"),
      llvm::cl::init(1)};
  PassOptions::Option<uint64_t> minParallelIterations{
      *this, "min-parallel-iterations",
      llvm::cl::desc(
          "With threads: a function of constant trip counts that runs fewer "
          "innermost loop iterations than this stays sequential "
          "(interp-serialize-nested-parallel-loops); 0 keeps every parallel "
          "loop"),
      llvm::cl::init(kMinParallelIterations)};
  PassOptions::Option<bool> specializeContiguous{
      *this, "specialize-contiguous",
      llvm::cl::desc(
          "Give each public function a copy specialized for contiguous "
          "(row-major) memref arguments, chosen at run time by their "
          "strides (interp-specialize-contiguous-arguments): faster kernels "
          "for the common case, about twice the code"),
      llvm::cl::init(true)};
  PassOptions::Option<unsigned> scalarGatherCount{
      *this, "scalar-gather-count",
      llvm::cl::desc(
          "Loops that would need at least this many hardware gathers per "
          "iteration are not vectorized by LLVM "
          "(interp-keep-gathering-loops-scalar): scalar loads were measured "
          "faster there; 0 lets LLVM vectorize every loop"),
      llvm::cl::init(8)};
  PassOptions::Option<unsigned> tapLoopOutputs{
      *this, "tap-loop-outputs",
      llvm::cl::desc(
          "Outputs a loop over taps (where they are not unrolled) computes "
          "together, each with its own accumulator "
          "(interp-unroll-jam-tap-loops); 1 computes one at a time"),
      llvm::cl::init(4)};
  PassOptions::Option<std::string> targetFeatures{
      *this, "target-features",
      llvm::cl::desc(
          "The features of the CPU the code will run on, for target-specific "
          "instructions (interp-select-x86-multiply-add): an LLVM feature "
          "list (\"+sse2,+avx2\"), 'host' for this machine's (what the JIT "
          "and -march=native builds use), or empty (default): portable code "
          "only"),
      llvm::cl::init("")};
};

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
