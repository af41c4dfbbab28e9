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
    Option<"portable", "portable", "bool", /*default=*/"false",
           "Emit linalg that another compiler with its own back end (IREE, "
           "a tiling code generator) takes as it is: no calls of "
           "libinterp_runtime (run-time tables are computed by linalg ops, "
           "run-time checks are cf.assert), projected-permutation output "
           "maps only, no scf.forall, unsigned data reinterpreted by "
           "tensor.bitcast instead of unrealized casts (docs/Design.md, "
           "\"Portable linalg\").">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::func::FuncDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def InterpAnnotatePlans : Pass<"interp-annotate-plans"> {
  let summary = "Attach the lowering plan of every interp op as an "
                "`interp.plan` attribute";
  let description = [{
    Computes, for every interp op, the plan `--convert-interp-to-linalg`
    with the same options would carry out (`planLowering`,
    `interp/Conversion/InterpToLinalg/LoweringPlan.h`), without lowering
    anything, and attaches it as the discardable attribute `interp.plan`:

    - `tables`: per axis (the op's order) where its (index, weight) table
      comes from: `identity` (no pass), `constant`, `runtime`
      (libinterp_runtime) or `computed` (linalg ops, portable);
    - `taps`: per axis its taps per output, -1 when known at run time only,
      0 for identity axes;
    - `kind`: `nearest_copy`, `nearest_gather`, `direct` (with
      `direct_axes`, `peeled`, `fuse_outer_axis`), `runtime_ratios` (with
      `ratios` and the fallback `order`) or `separable` (with `order` and
      `store_every_pass`); axis positions index `tables`.

    An `interp.plan` attribute already on an op pins what it names:
    `--convert-interp-to-linalg` carries out `tables`, `kind` (`separable`,
    or `nearest_gather` for nearest, or the planner's own choice) and
    `order`; every other entry, when given, must be what the plan derives,
    so a printed plan pins itself. This pass replaces a pinned plan with the
    plan it pins, and reports a pin that cannot be carried out.

    An Interpolate-1 op other than `area`, and an Interpolate-11 op in an
    Interpolate-4 mode, is planned as the Interpolate-4 op it legalizes to
    (the legalization keeps the attribute). Ops the lowering refuses
    (non-constant axes, unranked tensors) get no plan.
  }];
  let options = [
    Option<"runtimeRatios", "runtime-ratios", "bool", /*default=*/"true",
           "As convert-interp-to-linalg's option of the same name.">,
    Option<"portable", "portable", "bool", /*default=*/"false",
           "As convert-interp-to-linalg's option of the same name.">,
  ];
}

def ConvertTosaToInterp : Pass<"convert-tosa-to-interp"> {
  let summary = "Rewrite tosa.resize into interp.interpolate_v4 where the "
                "results are the same";
  let description = [{
    Rewrites `tosa.resize` (MLIR 22's TOSA: `scale`, `offset` and `border`
    from `tosa.const_shape`, static H and W) into `interp.interpolate_v4`
    wherever the result is, element for element, the one upstream's
    `--tosa-to-linalg` lowering of that op computes. Every other
    `tosa.resize` is left as it is; `remarks` says why.

    The criterion is a comparison of per-axis tables at compile time, not a
    formula: for each axis, the input samples and weights the upstream
    lowering reads for every output index (its i32 coordinate arithmetic and
    its delta rounded in the element type, transcribed) against interp's
    table for a candidate shape calculation mode and coordinate
    transformation mode (`rules::buildAxisTable`, what
    `--convert-interp-to-linalg` emits). Offsets alone do not decide it:
    TOSA rounds ties of nearest half up in exact arithmetic, interp rounds
    in float64 from `out / in` or the float32 scale, and the two differ at
    some ties for every mode.

    - `NEAREST_NEIGHBOR` (f16, bf16, f32, f64, i8, i32, i64, the same type in
      and out) becomes `mode = nearest, nearest_mode = round_prefer_ceil`
      with the first candidate that reproduces both axes' indices, or one op
      per axis (H, then W) when no single candidate does. Exact for every
      input, NaN payloads included: both copy elements.
    - Integer `BILINEAR` (i8 to i32) becomes `arith.extsi` to i32 times
      `scale_y_n * scale_x_n` (a `linalg.generic`; TOSA's result is that
      multiple of the interpolated value) followed by `mode = linear` on
      i32, when interp's float64 weights are provably close enough to
      TOSA's integer weights for its round-to-nearest store to give TOSA's
      exact integer. Negative offsets, where the lowering's truncating
      division extrapolates, stay.
    - Float `BILINEAR` computes `v0 * (1 - dx) + v1 * dx` with both taps even
      where a weight is 0, so an infinite or NaN neighbour gives NaN where
      interp reads only the samples it needs. It becomes a `nearest` copy
      when both input axes have length 1 (no arithmetic at all). Otherwise
      only with `assume-finite`, and then where at most one axis blends two
      samples (TOSA rounds after each axis, interp multiplies the weights
      first), the blends use bit-identical weights, no blend clamps both
      taps to one sample, and the type is f32 or f64 (f16 and bf16 blend in
      their own arithmetic upstream, in float32 in interp). Results are
      then equal as numbers; the sign of a zero result may differ.
    - Float `BILINEAR` that no mapping reproduces becomes, with
      `float-tolerance-ulps=N` (N > 0; implies `assume-finite`), one
      `mode = linear` op over the axes TOSA does not leave unchanged when,
      for finite data, every output provably differs from upstream's by at
      most `N * 2^(1-p) * max(M, m)`: `p` the element type's significand
      bits (so `2^(1-p)` is one ulp of 1: 2^-23 for f32, 2^-10 for f16,
      2^-7 for bf16, 2^-52 for f64), `M` the largest `|v|` among the input
      samples either side reads for that output, `m` the smallest normal
      number. This is the form of TOSA's RESIZE precision requirement
      (`calcAbsErrorBound(max|input|, N, 0, 1)`, whose `M` is the largest
      `|v|` of the whole input), but measured against upstream's lowering
      rather than an fp64 reference. The bound adds the weights'
      differences (TOSA's `1 - dx` and `dx` in the element type against
      interp's table), each side's rounding and underflow, and the final
      f16/bf16 store; the candidate with the smallest bound is taken.
      Over 3000 random configurations of `tosa_differential.py` the bounds
      ran from 3 to 17 ulps (f16 up to 7) and the measured differences
      stayed below 3 ulps (bf16: 7). With `remarks`, each such rewrite
      reports its bound. Data must be
      finite and no step may overflow (`|v|` below half the largest
      finite value).
    - i16 and i48 (interp has neither), dynamic H or W, and scale, offset
      or border that are not `tosa.const_shape` stay.

    Axes that both sides leave unchanged get no op. `N` and `C` may be
    dynamic. `test/Conversion/TosaToInterp/tosa_differential.py` runs random
    configurations through both lowerings and compares the results bit for
    bit, and those rewritten within a tolerance against their bound.
  }];
  let options = [
    Option<"assumeFinite", "assume-finite", "bool", /*default=*/"false",
           "Assume that the data of float BILINEAR resizes is finite, and "
           "rewrite those whose results then agree (see the description).">,
    Option<"floatToleranceUlps", "float-tolerance-ulps", "double",
           /*default=*/"0.0",
           "Rewrite float BILINEAR resizes that interp cannot reproduce bit "
           "for bit when, for finite data, the results provably differ by at "
           "most this many ulps of max(M, smallest normal) (see the "
           "description); 0 (the default) rewrites exact cases only.">,
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark at every tosa.resize left unconverted, with the "
           "reason, and at every one rewritten within float-tolerance-ulps, "
           "with its bound.">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::interp::InterpDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::tosa::TosaDialect",
  ];
}

#endif // INTERP_CONVERSION_PASSES_TD
