//===- Passes.td - interp conversion passes ----------------*- tablegen -*-===//

#ifndef INTERP_CONVERSION_PASSES_TD
#define INTERP_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertInterpToLinalg : Pass<"convert-interp-to-linalg", "::mlir::ModuleOp"> {
  let summary = "Lower interp ops to linalg, tensor, arith and math";
  let description = [{
    Lowers `interp.interpolate_v4` and `interp.interpolate_v1` on tensors
    (static or dynamic shapes, constant or non-constant sizes and scales) to
    per-axis index/weight tables and parallel `linalg.generic` ops:

    - pads become a zero `tensor.pad`;
    - every interpolated axis gets an index table and a weight table
      (`rules::buildAxisTable`): `arith.constant` tensors when the axis
      lengths and scale are known at compile time, otherwise filled at run
      time by `interp_runtime` (`_mlir_ciface_interp_axis_table_*`), which
      also rejects invalid run-time sizes and scales with a message;
    - `nearest` is one copying `linalg.generic` over the output, reading the
      input through the tables, or through affine indexing maps when every
      axis has an integer ratio;
    - `linear`, `linear_onnx`, `cubic` and `area` sum the taps
      `out[.., o, ..] = sum_k W[o, k] * in[.., I[o, k], ..]`, accumulating
      in f32 (f64 for f64, i32 and i64 data). When the tap counts are static
      and multiply to at most 4, one direct `linalg.generic` sums every tap
      combination of every axis; up to 8 (linear on three axes), the
      outermost axis gets a pass of its own first; otherwise there is one
      separable pass per axis that changes, in the order of least estimated
      work. The last
      pass stores the element type's rule itself (round to nearest even and
      saturate for integers);
    - along the contiguous innermost axis, the outputs whose taps read the
      input at affine positions (integer ratios, `rules::AffineTapRun`) are
      computed with the index written as an affine expression of the loop
      indices, so LLVM vectorizes them with contiguous loads and shuffles;
      only the clamped edges read the tables. With run-time tables the
      runtime library looks for such a run for the ratios x2 and /2, and an
      `scf.if` picks the specialized pass (`runtime-ratios`);
    - every way of computing the result writes into one `tensor.empty`, so
      `interp-eliminate-destination-empty-tensors` can make it the caller's
      buffer.

    Interpolate-1 ops other than `area` are first rewritten to Interpolate-4
    as `--interp-legalize-v1` does. Ops with non-constant `axes` or unranked
    data are refused with a diagnostic.
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

def InterpCheckLoweredToLLVM : Pass<"interp-check-lowered-to-llvm", "::mlir::ModuleOp"> {
  let summary = "Fail when anything but LLVM dialect ops is left";
  let description = [{
    The last pass of `--interp-to-llvm`: upstream conversion passes leave
    ops they cannot convert in place without failing, so this pass reports
    every op that is not in the `llvm` dialect, the `omp` dialect (which
    translates to LLVM IR directly) or `builtin.module`, and fails the
    pipeline.
  }];
}

#endif // INTERP_CONVERSION_PASSES_TD
