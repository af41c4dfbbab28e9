//===- Passes.td - interp dialect transformations ----------*- tablegen -*-===//

#ifndef INTERP_DIALECT_INTERP_TRANSFORMS_PASSES_TD
#define INTERP_DIALECT_INTERP_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def InterpLegalizeV1 : Pass<"interp-legalize-v1"> {
  let summary = "Rewrite interp.interpolate_v1 into the equivalent "
                "interp.interpolate_v4";
  let description = [{
    Replaces every `interp.interpolate_v1` whose mode has an Interpolate-4
    form (`nearest`, `linear`, `cubic`) by the `interp.interpolate_v4` that
    OpenVINO's ConvertInterpolate1ToInterpolate4 produces:

    | Interpolate-1 | Interpolate-4 |
    |---|---|
    | `nearest` | `nearest`, `nearest_mode = simple` |
    | `linear`, rank < 5 | `linear_onnx` (when the axes are a linear_onnx axes list; otherwise `linear` without antialias, which computes the same) |
    | `linear`, rank 5 | `linear` |
    | `cubic` | `cubic`, `cube_coeff = -0.75` |
    | shape | `shape_calculation_mode = sizes`, sizes = `target_spatial_shape` |
    | `align_corners = true` | `coordinate_transformation_mode = align_corners` |
    | `align_corners = false` | `half_pixel` if the mode is `linear`, all pads are zero and the op is not rank 4 with axes [2, 3]; otherwise `asymmetric` |

    `antialias`, `pads_begin` and `pads_end` are copied. `area` has no
    Interpolate-4 form and stays `interp.interpolate_v1`.

    Example:

    ```mlir
    %r = interp.interpolate_v1 %x, %t {axes = array<i64: 2, 3>, mode = linear, align_corners = false}
         : (tensor<1x2x48x80xf32>, tensor<2xi64>) -> tensor<1x2x50x60xf32>
    // becomes
    %r = interp.interpolate_v4 %x, %t, %scales, %axes
           {coordinate_transformation_mode = asymmetric, mode = linear_onnx,
            nearest_mode = simple, shape_calculation_mode = sizes}
         : (tensor<1x2x48x80xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x2x50x60xf32>
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def InterpLegalizeV11 : Pass<"interp-legalize-v11"> {
  let summary = "Rewrite interp.interpolate_v11 with an Interpolate-4 mode "
                "into interp.interpolate_v4";
  let description = [{
    Replaces every `interp.interpolate_v11` whose mode is `nearest`,
    `linear`, `linear_onnx` or `cubic` by the `interp.interpolate_v4` that
    computes the same (OpenVINO's ConvertInterpolate11ToInterpolate4):
    `scales_or_sizes` becomes `sizes` in sizes mode and `scales` in scales
    mode; the operand the mode does not read is a constant (sizes mode: the
    result's length over the input's where both are static, else 1; scales
    mode: the result's static lengths, else 0), with one entry per axis.
    Every attribute is copied. `bilinear_pillow` and `bicubic_pillow` have
    no Interpolate-4 form and stay `interp.interpolate_v11`.

    Example:

    ```mlir
    %r = interp.interpolate_v11 %x, %sizes, %axes {mode = linear, shape_calculation_mode = sizes}
         : (tensor<1x2x48x80xf32>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x2x24x160xf32>
    // becomes
    %scales = arith.constant dense<[5.000000e-01, 2.000000e+00]> : tensor<2xf32>
    %r = interp.interpolate_v4 %x, %sizes, %scales, %axes {mode = linear, shape_calculation_mode = sizes}
         : (tensor<1x2x48x80xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x2x24x160xf32>
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

#endif // INTERP_DIALECT_INTERP_TRANSFORMS_PASSES_TD
