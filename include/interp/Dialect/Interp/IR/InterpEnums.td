//===- InterpEnums.td - interp enum attributes -------------*- tablegen -*-===//
//
// The enum attributes of the interp ops. Their C++ enums are also the
// vocabulary of the pure semantics library (interp/Semantics), so the names
// of modes exist once, here.
//
//===----------------------------------------------------------------------===//

#ifndef INTERP_DIALECT_INTERP_IR_INTERPENUMS_TD
#define INTERP_DIALECT_INTERP_IR_INTERPENUMS_TD

include "interp/Dialect/Interp/IR/InterpDialect.td"
include "mlir/IR/EnumAttr.td"

def Interp_InterpolateMode : I32EnumAttr<"InterpolateMode",
    "Interpolate-4 interpolation mode", [
      I32EnumAttrCase<"Nearest", 0, "nearest">,
      I32EnumAttrCase<"Linear", 1, "linear">,
      I32EnumAttrCase<"LinearOnnx", 2, "linear_onnx">,
      I32EnumAttrCase<"Cubic", 3, "cubic">]> {
  let cppNamespace = "::mlir::interp";
  let genSpecializedAttr = 0;
}
def Interp_InterpolateModeAttr
    : EnumAttr<Interp_Dialect, Interp_InterpolateMode, "mode">;

def Interp_InterpolateV1Mode : I32EnumAttr<"InterpolateV1Mode",
    "Interpolate-1 interpolation mode", [
      I32EnumAttrCase<"Nearest", 0, "nearest">,
      I32EnumAttrCase<"Linear", 1, "linear">,
      I32EnumAttrCase<"Cubic", 2, "cubic">,
      I32EnumAttrCase<"Area", 3, "area">]> {
  let cppNamespace = "::mlir::interp";
  let genSpecializedAttr = 0;
}
def Interp_InterpolateV1ModeAttr
    : EnumAttr<Interp_Dialect, Interp_InterpolateV1Mode, "v1_mode">;

def Interp_InterpolateV11Mode : I32EnumAttr<"InterpolateV11Mode",
    "Interpolate-11 interpolation mode", [
      I32EnumAttrCase<"Nearest", 0, "nearest">,
      I32EnumAttrCase<"Linear", 1, "linear">,
      I32EnumAttrCase<"LinearOnnx", 2, "linear_onnx">,
      I32EnumAttrCase<"Cubic", 3, "cubic">,
      I32EnumAttrCase<"BilinearPillow", 4, "bilinear_pillow">,
      I32EnumAttrCase<"BicubicPillow", 5, "bicubic_pillow">]> {
  let cppNamespace = "::mlir::interp";
  let genSpecializedAttr = 0;
}
def Interp_InterpolateV11ModeAttr
    : EnumAttr<Interp_Dialect, Interp_InterpolateV11Mode, "v11_mode">;

// An interp extension, not part of OpenVINO's Interpolate-11: which 8-bit
// fixed-point arithmetic the Pillow modes follow (docs/Semantics.md,
// "Interpolate-11", step 9 and "PyTorch's arithmetic").
def Interp_IntegerArithmetic : I32EnumAttr<"IntegerArithmetic",
    "the 8-bit fixed-point arithmetic of bilinear_pillow and bicubic_pillow", [
      I32EnumAttrCase<"Pillow", 0, "pillow">,
      I32EnumAttrCase<"PyTorch", 1, "pytorch">]> {
  let cppNamespace = "::mlir::interp";
  let genSpecializedAttr = 0;
}
def Interp_IntegerArithmeticAttr
    : EnumAttr<Interp_Dialect, Interp_IntegerArithmetic, "integer_arithmetic">;

def Interp_ShapeCalcMode : I32EnumAttr<"ShapeCalcMode",
    "which operand, sizes or scales, determines the output shape", [
      I32EnumAttrCase<"Sizes", 0, "sizes">,
      I32EnumAttrCase<"Scales", 1, "scales">]> {
  let cppNamespace = "::mlir::interp";
  let genSpecializedAttr = 0;
}
def Interp_ShapeCalcModeAttr
    : EnumAttr<Interp_Dialect, Interp_ShapeCalcMode, "shape_calculation_mode">;

def Interp_CoordinateTransformMode : I32EnumAttr<"CoordinateTransformMode",
    "how an output coordinate maps to an input coordinate", [
      I32EnumAttrCase<"HalfPixel", 0, "half_pixel">,
      I32EnumAttrCase<"PytorchHalfPixel", 1, "pytorch_half_pixel">,
      I32EnumAttrCase<"Asymmetric", 2, "asymmetric">,
      I32EnumAttrCase<"TfHalfPixelForNn", 3, "tf_half_pixel_for_nn">,
      I32EnumAttrCase<"AlignCorners", 4, "align_corners">]> {
  let cppNamespace = "::mlir::interp";
  let genSpecializedAttr = 0;
}
def Interp_CoordinateTransformModeAttr
    : EnumAttr<Interp_Dialect, Interp_CoordinateTransformMode,
               "coordinate_transformation_mode">;

def Interp_NearestMode : I32EnumAttr<"NearestMode",
    "rounding of the input coordinate in nearest mode", [
      I32EnumAttrCase<"RoundPreferFloor", 0, "round_prefer_floor">,
      I32EnumAttrCase<"RoundPreferCeil", 1, "round_prefer_ceil">,
      I32EnumAttrCase<"Floor", 2, "floor">,
      I32EnumAttrCase<"Ceil", 3, "ceil">,
      I32EnumAttrCase<"Simple", 4, "simple">]> {
  let cppNamespace = "::mlir::interp";
  let genSpecializedAttr = 0;
}
def Interp_NearestModeAttr
    : EnumAttr<Interp_Dialect, Interp_NearestMode, "nearest_mode">;

#endif // INTERP_DIALECT_INTERP_IR_INTERPENUMS_TD
