//===- Passes.td - interp conversion passes ----------------*- tablegen -*-===//

#ifndef INTERP_CONVERSION_PASSES_TD
#define INTERP_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertInterpToLinalg : Pass<"convert-interp-to-linalg", "::mlir::ModuleOp"> {
  let summary = "Lower interp ops to linalg, tensor, arith and math";
  let description = [{
    Lowers `interp.interpolate_v4` and `interp.interpolate_v1` on tensors
    (static or dynamic shapes, constant or non-constant sizes and scales) to
    per-axis index/weight tables and parallel `linalg.generic` ops. What it
    emits for one op, in order (docs/Design.md has the details and the
    measurements behind each choice):

    - run-time checks of everything only the run time knows (operand
      lengths, scales, static result dimensions, destinations, the result's
      size, run-time table parameters), before anything is allocated: calls
      of `libinterp_runtime` that return `i1`; `interp-return-on-failed-checks`
      turns them into early returns after bufferization;
    - every interpolated axis's (index, weight) table (`rules::buildAxisTable`):
      `arith.constant` tensors when the lengths and scale are known at
      compile time and the table is within the budget of constant data,
      otherwise filled at run time by `interp_runtime`;
    - pads as a zero `tensor.pad`;
    - the op computed by the plan `planResize` chooses from the tables'
      facts (`interp/Conversion/InterpToLinalg/ResizePlan.h`):
      `nearest` is one copying generic, through affine maps when every axis
      has an integer ratio and gathering through the tables otherwise;
      `linear`, `linear_onnx`, `cubic` and `area` with static tap counts
      multiplying to at most 8 are one *direct* generic summing every tap
      combination (above 4 combinations, or for data converted on every tap
      read when that reads less, the outermost axis is *fused* with it
      through a per-task scratch slab on the stack); run-time tables of the
      innermost axis get direct passes specialized for the ratios x2 and /2
      (`runtime-ratios`, guarded by the run the runtime finds); everything
      else is one separable pass per changing axis, in the order of least
      estimated work. Sums accumulate in f32 (f64 for f64, i32 and i64
      data), and the last pass stores the element type's rule itself (round
      to nearest even and saturate for integers);
    - along the contiguous innermost axis, the outputs whose taps read the
      input at affine positions (`rules::AffineTapRun`) are computed with the
      index written as an affine expression of the loop indices, so LLVM
      vectorizes them with contiguous loads and shuffles; only the clamped
      edges read the tables;
    - every way of computing the result writes into one `tensor.empty`, so
      `interp-eliminate-destination-empty-tensors` can make it the caller's
      buffer.

    Interpolate-1 ops other than `area` are first rewritten to Interpolate-4
    as `--interp-legalize-v1` does. Ops with non-constant `axes`, unranked
    or encoded (sparse) tensors, or static shapes larger than a 64-bit
    address space are refused with a diagnostic.
  }];
  let options = [
    Option<"runtimeRatios", "runtime-ratios", "bool", /*default=*/"true",
           "Specialize the innermost axis's run-time tables for the ratios "
           "x2 and /2 (guarded by the run the runtime library finds). Their "
           "loop bounds are loaded at run time inside scf.if, which affine "
           "loops cannot take as dimensions: --interp-to-affine turns it off.">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::func::FuncDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

#endif // INTERP_CONVERSION_PASSES_TD
