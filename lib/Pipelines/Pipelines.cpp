//===- Pipelines.cpp - interp pass pipelines ------------------------------===//

#include "interp/Pipelines/Pipelines.h"
#include "interp/Conversion/Passes.h"
#include "interp/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::interp;

/// interp ops to bufferized linalg on memrefs with deallocations.
static void addInterpToBufferizedLinalg(OpPassManager &pm, bool runtimeRatios) {
  // The input's own allocations are told apart from bufferization's: the
  // deallocation pipeline manages only the latter.
  pm.addPass(createInterpMarkUserAllocations());
  ConvertInterpToLinalgOptions lowering;
  lowering.runtimeRatios = runtimeRatios;
  pm.addPass(createConvertInterpToLinalg(lowering));
  // Elementwise arith/math on tensors next to the interp ops.
  pm.addNestedPass<func::FuncOp>(createConvertElementwiseToLinalgPass());
  // tensor.bitcast (the importers' unsigned-to-signless reinterpretation
  // before those ops) does not bufferize: it moves to the scalars.
  pm.addPass(createInterpLowerTensorBitcasts());
  // No CSE before bufferization: it would merge the tensor.empty of every
  // op of one shape into one value, which One-Shot Bufferize's conflict
  // analysis then takes quadratic time over (100 chained ops of one shape:
  // 7 s; 400: 75 s). CSE after bufferization merges what is left.
  pm.addPass(createCanonicalizerPass());
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  // Tensor arguments and results become memrefs with fully dynamic strides
  // and offset: callers may pass views (sliced, padded or transposed
  // buffers) through the memref calling convention, and the descriptor's
  // strides are honoured.
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::FullyDynamicLayoutMap;
  // A result that ends in a destination (materialize_in_destination,
  // insert_slice) is computed there directly instead of in a temporary that
  // is then copied: the copy costs as much as a nearest resize.
  // Through the scf.if guards (empty result, run-time ratio variants) too.
  pm.addPass(createInterpEliminateDestinationEmptyTensors());
  pm.addPass(bufferization::createEmptyTensorEliminationPass());
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  // insert_slice bufferizes to a copy between two identical subviews, which
  // canonicalization folds once CSE has merged the subviews.
  pm.addPass(createCSEPass());
  // A failed run-time check returns at once; the deallocation pipeline
  // after it frees, on that path, what was allocated before the check.
  pm.addPass(createInterpReturnOnFailedChecks());
  // Input that manages its own memory (memref.alloc ... memref.dealloc)
  // keeps it as written; ownership-based deallocation, which refuses such
  // input, sees only the buffers bufferization allocated.
  pm.addPass(createInterpHideUserDeallocations());
  bufferization::BufferDeallocationPipelineOptions dealloc;
  bufferization::buildBufferDeallocationPipeline(pm, dealloc);
  pm.addPass(createInterpRestoreUserDeallocations());
  pm.addPass(createCanonicalizerPass());
}

void interp::buildInterpToAffinePipeline(OpPassManager &pm,
                                         const InterpPipelineOptions &) {
  // Affine loop bounds must be valid dimensions: not values loaded inside
  // the scf.if guards of the run-time ratio specializations.
  addInterpToBufferizedLinalg(pm, /*runtimeRatios=*/false);
  pm.addPass(createForallToForLoopPass());
  pm.addPass(createInterpScopeLoopAllocas());
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToAffineLoopsPass());
  pm.addPass(createCanonicalizerPass());
}

void interp::buildInterpToLLVMPipeline(OpPassManager &pm,
                                       const InterpPipelineOptions &options) {
  addInterpToBufferizedLinalg(pm, /*runtimeRatios=*/true);
  // Contiguous arguments (what most callers pass) get a copy of the function
  // with static strides, whose loops LLVM vectorizes with plain loads;
  // canonicalization folds the static strides into the ops.
  if (options.specializeContiguous) {
    pm.addPass(createInterpSpecializeContiguousArguments());
    pm.addPass(createCanonicalizerPass());
  }
  bool parallel = options.numThreads != 1;
  if (parallel) {
    // Outer parallel dimensions become OpenMP work-sharing loops; inner
    // ones stay sequential (and vectorizable). The tasks of a fused outer
    // axis (scf.forall) are one such outer loop.
    pm.addPass(createForallToParallelLoopPass());
    pm.addNestedPass<func::FuncOp>(createConvertLinalgToParallelLoopsPass());
    InterpSerializeNestedParallelLoopsOptions serializeOptions;
    serializeOptions.minParallelIterations = options.minParallelIterations;
    pm.addPass(createInterpSerializeNestedParallelLoops(serializeOptions));
    // Table entries read per row leave the inner loops here: in the
    // OpenMP-outlined bodies LLVM no longer can hoist them itself.
    pm.addPass(createInterpHoistInvariantLoads());
    ConvertSCFToOpenMPPassOptions openmp;
    openmp.numThreads = options.numThreads;
    pm.addPass(createConvertSCFToOpenMPPass(openmp));
  } else {
    pm.addPass(createForallToForLoopPass());
    pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
    pm.addPass(createInterpHoistInvariantLoads());
  }
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  // The fused outer axis's per-task scratch slab is a stack allocation,
  // freed at the end of each task.
  pm.addPass(createInterpScopeLoopAllocas());
  // bf16 conversions become integer ops instead of compiler-rt calls
  // (__truncsfbf2) that a JIT or a plain link may not find.
  arith::ArithExpandOpsPassOptions expand;
  expand.includeBf16 = true;
  pm.addPass(arith::createArithExpandOpsPass(expand));
  // bufferization.clone from the deallocation pipeline.
  pm.addPass(createConvertBufferizationToMemRefPass());
  // expand-strided-metadata creates affine.apply, so it runs before
  // lower-affine.
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  // Loop-level choices LLVM's cost model gets wrong for resize passes (a
  // single accumulator chain per output, many hardware gathers per
  // iteration), made while the loops are still structured.
  InterpUnrollJamTapLoopsOptions tapLoops;
  tapLoops.factor = options.tapLoopOutputs;
  pm.addPass(createInterpUnrollJamTapLoops(tapLoops));
  InterpKeepGatheringLoopsScalarOptions gatheringLoops;
  gatheringLoops.minGathers = options.scalarGatherCount;
  pm.addPass(createInterpKeepGatheringLoopsScalar(gatheringLoops));
  // LLVM's unrolling of loops around loops copies vectorized loop nests
  // for no speed; with run-time shapes it was most of the compile time.
  pm.addPass(createInterpKeepOuterLoopsRolled());
  // Short rows (32x32 feature maps) are vectorized, not fully unrolled into
  // scalar code.
  pm.addPass(createInterpKeepShortLoopsVectorizable());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createConvertMathToLLVMPass());
  // The vector code of the fixed-point channel-vector passes, with x86's
  // multiply-add where the target has it.
  InterpSelectX86MultiplyAddOptions multiplyAdd;
  multiplyAdd.targetFeatures = options.targetFeatures;
  pm.addPass(createInterpSelectX86MultiplyAdd(multiplyAdd));
  pm.addPass(createConvertVectorToLLVMPass());
  // aligned_alloc instead of malloc plus pointer arithmetic through
  // integers: LLVM then keeps the allocation's provenance, knows buffers do
  // not alias each other, and can vectorize loops that read run-time tables.
  FinalizeMemRefToLLVMConversionPassOptions memrefToLLVM;
  memrefToLLVM.useAlignedAlloc = true;
  pm.addPass(createFinalizeMemRefToLLVMConversionPass(memrefToLLVM));
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  if (parallel)
    pm.addPass(createConvertOpenMPToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createInterpLowerFailedResults());
  pm.addPass(createInterpInternalizePrivateFunctions());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createUBToLLVMConversionPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createInterpCheckLoweredToLLVM());
}

void interp::registerInterpPipelines() {
  PassPipelineRegistration<InterpPipelineOptions>(
      "interp-to-affine",
      "Lower interp ops to bufferized affine.for loop nests on memrefs",
      buildInterpToAffinePipeline);
  PassPipelineRegistration<InterpPipelineOptions>(
      "interp-to-llvm",
      "Lower a module of interp, func, arith, tensor, bufferization and "
      "linalg ops to the LLVM dialect (fails if anything is left)",
      buildInterpToLLVMPipeline);
}
