//===- Passes.td - interp conversion passes ----------------*- tablegen -*-===//

#ifndef INTERP_CONVERSION_PASSES_TD
#define INTERP_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertInterpToLinalg : Pass<"convert-interp-to-linalg", "::mlir::ModuleOp"> {
  let summary = "Lower interp ops to linalg, tensor, arith and math";
  let description = [{
    Lowers `interp.interpolate_v4` and `interp.interpolate_v1` on tensors
    (static or dynamic shapes, constant or non-constant sizes and scales) to
    per-axis resamplings:

    - pads become a zero `tensor.pad`;
    - every interpolated axis gets an index table and a weight table
      (`rules::buildAxisTable`): `arith.constant` tensors when the axis
      lengths and scale are known at compile time, otherwise filled at run
      time by `interp_runtime` (`_mlir_ciface_interp_axis_table_*`), which
      also rejects invalid run-time sizes and scales with a message;
    - `nearest` is one gathering `linalg.generic` over the output;
    - `linear`, `linear_onnx`, `cubic` and `area` are one parallel
      `linalg.generic` per axis that changes, whose body sums the taps
      `out[.., o, ..] = sum_k W[o, k] * in[.., I[o, k], ..]` (unrolled when
      the tap count is static), accumulating in f32 (f64 for f64, i32 and
      i64 data), in the pass order of least estimated work (shrinking axes
      first, the contiguous innermost axis while the tensor is small); a
      final `linalg.generic` stores the result with the element type's rule
      (round to nearest even and saturate for integers).

    Interpolate-1 ops other than `area` are first rewritten to Interpolate-4
    as `--interp-legalize-v1` does. Ops with non-constant `axes` or unranked
    data are refused with a diagnostic.
  }];
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
