//===- InterpOps.td - interp operations --------------------*- tablegen -*-===//

#ifndef INTERP_DIALECT_INTERP_IR_INTERPOPS_TD
#define INTERP_DIALECT_INTERP_IR_INTERPOPS_TD

include "interp/Dialect/Interp/IR/InterpDialect.td"
include "interp/Dialect/Interp/IR/InterpEnums.td"
include "interp/Dialect/Interp/IR/InterpInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/IR/CommonTypeConstraints.td"

// Element types of the interpolated data. Signless integers are signed.
def Interp_DataTensor
    : TensorOf<[F16, BF16, F32, F64, I8, UI8, I32, I64]>;
def Interp_Integer
    : AnyTypeOf<[I8, I16, I32, I64, SI8, SI16, SI32, SI64, UI8, UI16, UI32, UI64]>;
def Interp_IntVector : 1DTensorOf<[Interp_Integer]>;
def Interp_FloatVector : 1DTensorOf<[AnyFloat]>;
def Interp_IntOrFloatVector : 1DTensorOf<[Interp_Integer, AnyFloat]>;

def Interp_InterpolateV4Op : Interp_Op<"interpolate_v4", [
    Pure,
    DeclareOpInterfaceMethods<Interp_ResizeOpInterface>,
    DeclareOpInterfaceMethods<InferShapedTypeOpInterface,
                              ["inferReturnTypeComponents"]>,
    DeclareOpInterfaceMethods<ReifyRankedShapedTypeOpInterface,
                              ["reifyResultShapes"]>]> {
  let summary = "OpenVINO Interpolate-4: resize a tensor along some of its axes";
  let description = [{
    Resizes `data` along `axes` (default: every dimension, in order). The
    output length of `axes[i]` is `sizes[i]` when `shape_calculation_mode =
    sizes`, and `trunc(float(L) * (scales[i] + 1e-6))` (float32; `L` unchanged
    when `scales[i] == 1`) when `shape_calculation_mode = scales`, where `L` is
    the padded input length. Every other dimension keeps its padded length.

    `pads_begin` / `pads_end` zero-pad every dimension before interpolation
    (shorter lists are extended with zeros). `mode` selects the kernel:
    `nearest` (rounded by `nearest_mode`), `linear` (triangle filter,
    `antialias` widens it when any axis shrinks), `linear_onnx` (separable
    multilinear; only axes `[0,1]`, `[0,1,2]`, `[2,3]`, `[0,1,2,3]`,
    `[2,3,4]`, `[0,1,2,3,4]`) and `cubic` (Keys kernel with `a = cube_coeff`).
    Input coordinates come from `coordinate_transformation_mode`, computed in
    float64. See `docs/Semantics.md` for the complete definition.

    Example (the specification's example, 1x2x48x80 to 1x2x24x160):

    ```mlir
    %r = interp.interpolate_v4 %x, %sizes, %scales, %axes
           {mode = linear, shape_calculation_mode = scales}
         : (tensor<1x2x48x80xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>)
           -> tensor<1x2x24x160xf32>
    ```
  }];

  let arguments = (ins
    Interp_DataTensor:$data,
    Interp_IntVector:$sizes,
    Interp_FloatVector:$scales,
    Optional<Interp_IntVector>:$axes,
    Interp_InterpolateModeAttr:$mode,
    Interp_ShapeCalcModeAttr:$shape_calculation_mode,
    DefaultValuedAttr<Interp_CoordinateTransformModeAttr,
        "::mlir::interp::CoordinateTransformMode::HalfPixel">
        :$coordinate_transformation_mode,
    DefaultValuedAttr<Interp_NearestModeAttr,
        "::mlir::interp::NearestMode::RoundPreferFloor">:$nearest_mode,
    DefaultValuedAttr<BoolAttr, "false">:$antialias,
    DefaultValuedAttr<DenseI64ArrayAttr, "{}">:$pads_begin,
    DefaultValuedAttr<DenseI64ArrayAttr, "{}">:$pads_end,
    DefaultValuedAttr<F64Attr, "-0.75">:$cube_coeff
  );
  let results = (outs Interp_DataTensor:$result);

  // `$data, $sizes, $scales (, $axes)? attr-dict : functional-type`, with
  // enum attributes written as bare keywords in the dictionary (see
  // InterpAsmFormat.cpp).
  let hasCustomAssemblyFormat = 1;

  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;

  let extraClassDeclaration = [{
    /// The interpolated axes: the constant `axes` operand, or every dimension
    /// when it is absent. std::nullopt when `axes` is not a constant or the
    /// data rank is unknown.
    std::optional<::llvm::SmallVector<int64_t>> getConstantAxes();
  }];
}

def Interp_InterpolateV1Op : Interp_Op<"interpolate_v1", [
    Pure,
    DeclareOpInterfaceMethods<Interp_ResizeOpInterface>,
    DeclareOpInterfaceMethods<InferShapedTypeOpInterface,
                              ["inferReturnTypeComponents"]>,
    DeclareOpInterfaceMethods<ReifyRankedShapedTypeOpInterface,
                              ["reifyResultShapes"]>]> {
  let summary = "OpenVINO Interpolate-1: resize a tensor to a target shape";
  let description = [{
    Resizes `data` along `axes` (strictly increasing) to the lengths in
    `target_spatial_shape`. Other dimensions keep their (unpadded) input
    length. `nearest`, `linear` and `cubic` evaluate as the Interpolate-4 op
    that `--interp-legalize-v1` produces (OpenVINO's own v1 to v4 mapping);
    `area` is interp's box filter with exact fractional overlap (see
    `docs/Semantics.md`). Non-zero `pads_begin` / `pads_end` are allowed on
    `axes` only.

    Example:

    ```mlir
    %s = interp.interpolate_v1 %x, %target
           {axes = array<i64: 2, 3>, mode = linear, align_corners = false}
         : (tensor<1x2x48x80xf32>, tensor<2xi64>) -> tensor<1x2x50x60xf32>
    ```
  }];

  let arguments = (ins
    Interp_DataTensor:$data,
    Interp_IntVector:$target_spatial_shape,
    DenseI64ArrayAttr:$axes,
    Interp_InterpolateV1ModeAttr:$mode,
    DefaultValuedAttr<BoolAttr, "true">:$align_corners,
    DefaultValuedAttr<BoolAttr, "false">:$antialias,
    DefaultValuedAttr<DenseI64ArrayAttr, "{}">:$pads_begin,
    DefaultValuedAttr<DenseI64ArrayAttr, "{}">:$pads_end
  );
  let results = (outs Interp_DataTensor:$result);

  // `$data, $target_spatial_shape attr-dict : functional-type`, with enum
  // attributes written as bare keywords (see InterpAsmFormat.cpp).
  let hasCustomAssemblyFormat = 1;

  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Interp_InterpolateV11Op : Interp_Op<"interpolate_v11", [
    Pure,
    DeclareOpInterfaceMethods<Interp_ResizeOpInterface>,
    DeclareOpInterfaceMethods<InferShapedTypeOpInterface,
                              ["inferReturnTypeComponents"]>,
    DeclareOpInterfaceMethods<ReifyRankedShapedTypeOpInterface,
                              ["reifyResultShapes"]>]> {
  let summary = "OpenVINO Interpolate-11: Interpolate-4 with one shape operand "
                "and the Pillow modes";
  let description = [{
    Resizes `data` along `axes` (default: every dimension, in order).
    `scales_or_sizes` holds one entry per axis: output lengths (an integer
    tensor) when `shape_calculation_mode = sizes`, scales (a float tensor,
    read as float32) when `shape_calculation_mode = scales`; the output
    length rule is Interpolate-4's.

    `nearest`, `linear`, `linear_onnx` and `cubic` compute exactly what
    `interpolate_v4` computes with that operand as its `sizes` or `scales`
    (`--interp-legalize-v11` rewrites them so). `bilinear_pillow` and
    `bicubic_pillow` are Pillow's `BILINEAR` and `BICUBIC` resampling, as
    OpenVINO ports it: exactly two axes, strictly increasing (`[h, w]`); a
    pass along `w` and then one along `h`, each with a filter whose support
    widens by the downscale factor (antialiasing by itself), taps outside the
    input dropped and weights normalized. Integer data is stored into its
    type after *each* pass: ui8 and i8 in Pillow 13.0's fixed point (22-bit
    weights, Pillow's pass order), wider integers rounded (ties to even) and
    saturated. `coordinate_transformation_mode`,
    `nearest_mode` and `antialias` have no effect on them; `bicubic_pillow`
    uses `cube_coeff` as its float64 `a` (Pillow's own is -0.5). Pads
    zero-pad every dimension first, as in Interpolate-4. See
    `docs/Semantics.md` for the complete definition.

    `integer_arithmetic` is an interp extension, not an attribute of
    OpenVINO's Interpolate-11. `pillow` (the default, not printed) is the
    fixed point above. `pytorch` is PyTorch's CPU uint8 antialias
    arithmetic, bit-exact with `torch.nn.functional.interpolate(x, size,
    mode="bilinear" | "bicubic", antialias=True)` on uint8 tensors (what
    torchvision's `Resize` does to them): int16 weights with a precision per
    axis chosen from its largest weight, the `w` pass always first. It needs
    a Pillow mode, ui8 data and, for `bicubic_pillow`, `cube_coeff = -0.5`
    (PyTorch's fixed `a`).

    Example:

    ```mlir
    %r = interp.interpolate_v11 %x, %sizes, %axes
           {mode = bilinear_pillow, shape_calculation_mode = sizes}
         : (tensor<1x3x48x80xf32>, tensor<2xi64>, tensor<2xi64>)
           -> tensor<1x3x24x160xf32>
    %t = interp.interpolate_v11 %x8, %sizes, %axes
           {cube_coeff = -5.000000e-01 : f64, integer_arithmetic = pytorch,
            mode = bicubic_pillow, shape_calculation_mode = sizes}
         : (tensor<1x3x48x80xui8>, tensor<2xi64>, tensor<2xi64>)
           -> tensor<1x3x24x160xui8>
    ```
  }];

  let arguments = (ins
    Interp_DataTensor:$data,
    Interp_IntOrFloatVector:$scales_or_sizes,
    Optional<Interp_IntVector>:$axes,
    Interp_InterpolateV11ModeAttr:$mode,
    Interp_ShapeCalcModeAttr:$shape_calculation_mode,
    DefaultValuedAttr<Interp_CoordinateTransformModeAttr,
        "::mlir::interp::CoordinateTransformMode::HalfPixel">
        :$coordinate_transformation_mode,
    DefaultValuedAttr<Interp_NearestModeAttr,
        "::mlir::interp::NearestMode::RoundPreferFloor">:$nearest_mode,
    DefaultValuedAttr<BoolAttr, "false">:$antialias,
    DefaultValuedAttr<DenseI64ArrayAttr, "{}">:$pads_begin,
    DefaultValuedAttr<DenseI64ArrayAttr, "{}">:$pads_end,
    DefaultValuedAttr<F64Attr, "-0.75">:$cube_coeff,
    DefaultValuedAttr<Interp_IntegerArithmeticAttr,
        "::mlir::interp::IntegerArithmetic::Pillow">:$integer_arithmetic
  );
  let results = (outs Interp_DataTensor:$result);

  // `$data, $scales_or_sizes (, $axes)? attr-dict : functional-type`, with
  // enum attributes written as bare keywords (see InterpAsmFormat.cpp).
  let hasCustomAssemblyFormat = 1;

  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;

  let extraClassDeclaration = [{
    /// The interpolated axes: the constant `axes` operand, or every dimension
    /// when it is absent. std::nullopt when `axes` is not a constant or the
    /// data rank is unknown.
    std::optional<::llvm::SmallVector<int64_t>> getConstantAxes();

    /// True for bilinear_pillow and bicubic_pillow.
    bool isPillowMode();

    /// `scales_or_sizes` when it holds sizes (sizes mode), else null.
    ::mlir::Value getSizes();
    /// `scales_or_sizes` when it holds scales (scales mode), else null.
    ::mlir::Value getScales();
  }];
}

#endif // INTERP_DIALECT_INTERP_IR_INTERPOPS_TD
