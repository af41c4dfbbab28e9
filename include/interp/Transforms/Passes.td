//===- Passes.td - interp's dialect-independent transforms -*- tablegen -*-===//

#ifndef INTERP_TRANSFORMS_PASSES_TD
#define INTERP_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def InterpSerializeNestedParallelLoops
    : Pass<"interp-serialize-nested-parallel-loops"> {
  let summary = "Keep only the outer dimensions of outermost scf.parallel "
                "loops parallel";
  let description = [{
    `convert-linalg-to-parallel-loops` makes every parallel dimension of a
    linalg op an `scf.parallel`. Handed to `convert-scf-to-openmp` as is, an
    `scf.parallel` nested in another one becomes a nested OpenMP region
    entered once per outer iteration, and the innermost dimension becomes
    part of a collapsed work-sharing loop whose flattened index defeats
    vectorization of the contiguous inner loop.

    This pass rewrites every `scf.parallel` nested in another one, and the
    innermost dimension of every outermost multi-dimensional one, into
    sequential `scf.for` loops (loops with reductions are left alone). When
    the innermost dimensions have short constant trip counts (at most 8, like
    the phase loop of an affine tap run), they and the next dimension out
    become sequential: LLVM unrolls the short loops and vectorizes the long
    one around them. At least one dimension stays parallel. The outer
    dimensions are distributed over threads; the inner loops stay simple,
    vectorizable loops.
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect"];
}

#endif // INTERP_TRANSFORMS_PASSES_TD
