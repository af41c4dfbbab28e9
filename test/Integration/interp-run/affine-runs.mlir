// Integer ratios along the innermost axis take the lowering's affine
// tap-run path (rules::findAffineTapRun): the interior reads the input at
// indices affine in the loop indices, the clamped edges through the tables,
// and nearest copies through affine indexing maps alone. Each function runs on random
// data and is compared with the reference implementation.
//
// RUN: interp-run %s --function=linear_onnx_x2 --check | FileCheck %s
// RUN: interp-run %s --function=cubic_x2 --check | FileCheck %s
// RUN: interp-run %s --function=linear_onnx_x3_asymmetric --check | FileCheck %s
// RUN: interp-run %s --function=linear_antialias_quarter --check | FileCheck %s
// RUN: interp-run %s --function=linear_onnx_x2_ui8 --check | FileCheck %s
// RUN: interp-run %s --function=linear_x2_f16_padded --check | FileCheck %s
// RUN: interp-run %s --function=nearest_x2_floor --check --tolerance=0 | FileCheck %s
// RUN: interp-run %s --function=nearest_half --check --tolerance=0 | FileCheck %s
// RUN: interp-run %s --function=nearest_x2_ceil_i64 --check --tolerance=0 | FileCheck %s
// CHECK: mismatches=0 ok
// CHECK: check passed

// Both axes, W by affine run with one clamped output at each end.
func.func @linear_onnx_x2(%x: tensor<1x2x7x33xf32>) -> tensor<1x2x14x66xf32> {
  %s = arith.constant dense<[14, 66]> : tensor<2xi64>
  %c = arith.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = linear_onnx, shape_calculation_mode = sizes}
     : (tensor<1x2x7x33xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x2x14x66xf32>
  return %r : tensor<1x2x14x66xf32>
}

// Four taps, two clamped periods at each end.
func.func @cubic_x2(%x: tensor<2x9x40xf32>) -> tensor<2x18x80xf32> {
  %s = arith.constant dense<[18, 80]> : tensor<2xi64>
  %c = arith.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %a = arith.constant dense<[1, 2]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = cubic, shape_calculation_mode = sizes}
     : (tensor<2x9x40xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<2x18x80xf32>
  return %r : tensor<2x18x80xf32>
}

// Period 3, phase step 0: every phase reads (k, k + 1).
func.func @linear_onnx_x3_asymmetric(%x: tensor<3x10xf32>) -> tensor<3x30xf32> {
  %s = arith.constant dense<[3, 30]> : tensor<2xi64>
  %c = arith.constant dense<[1.0, 3.0]> : tensor<2xf32>
  %a = arith.constant dense<[0, 1]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = linear_onnx, shape_calculation_mode = scales, coordinate_transformation_mode = asymmetric}
     : (tensor<3x10xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<3x30xf32>
  return %r : tensor<3x30xf32>
}

// Period 1, input step 4: strided reads, eight or more taps.
func.func @linear_antialias_quarter(%x: tensor<2x16x64xf32>) -> tensor<2x4x16xf32> {
  %s = arith.constant dense<[4, 16]> : tensor<2xi64>
  %c = arith.constant dense<[0.25, 0.25]> : tensor<2xf32>
  %a = arith.constant dense<[1, 2]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = linear, shape_calculation_mode = scales, antialias = true}
     : (tensor<2x16x64xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<2x4x16xf32>
  return %r : tensor<2x4x16xf32>
}

// Unsigned data: converted to f32 in the run, rounded and saturated after.
func.func @linear_onnx_x2_ui8(%x: tensor<8x30xui8>) -> tensor<16x60xui8> {
  %s = arith.constant dense<[16, 60]> : tensor<2xi64>
  %c = arith.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %a = arith.constant dense<[0, 1]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = linear_onnx, shape_calculation_mode = sizes}
     : (tensor<8x30xui8>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<16x60xui8>
  return %r : tensor<16x60xui8>
}

// Pads on the innermost axis: 3 + 20 + 1 = 24 -> 48 (linear, f16).
func.func @linear_x2_f16_padded(%x: tensor<4x20xf16>) -> tensor<4x48xf16> {
  %s = arith.constant dense<[48]> : tensor<1xi64>
  %c = arith.constant dense<[2.0]> : tensor<1xf32>
  %a = arith.constant dense<[1]> : tensor<1xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = linear, shape_calculation_mode = scales, pads_begin = array<i64: 0, 3>, pads_end = array<i64: 0, 1>}
     : (tensor<4x20xf16>, tensor<1xi64>, tensor<1xf32>, tensor<1xi64>) -> tensor<4x48xf16>
  return %r : tensor<4x48xf16>
}

// nearest: out[o] = in[o / 2] on both axes, one copying generic.
func.func @nearest_x2_floor(%x: tensor<3x5x17xf32>) -> tensor<3x10x34xf32> {
  %s = arith.constant dense<[10, 34]> : tensor<2xi64>
  %c = arith.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %a = arith.constant dense<[1, 2]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = nearest, shape_calculation_mode = sizes, coordinate_transformation_mode = asymmetric, nearest_mode = floor}
     : (tensor<3x5x17xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<3x10x34xf32>
  return %r : tensor<3x10x34xf32>
}

// nearest /2: out[o] = in[2 o], strided.
func.func @nearest_half(%x: tensor<2x12x40xf32>) -> tensor<2x6x20xf32> {
  %s = arith.constant dense<[6, 20]> : tensor<2xi64>
  %c = arith.constant dense<[0.5, 0.5]> : tensor<2xf32>
  %a = arith.constant dense<[1, 2]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = nearest, shape_calculation_mode = sizes, coordinate_transformation_mode = asymmetric, nearest_mode = floor}
     : (tensor<2x12x40xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<2x6x20xf32>
  return %r : tensor<2x6x20xf32>
}

// nearest x2 asymmetric + ceil: phases read (k, k + 1), and the last output
// clamps, so this axis gathers; i64 data are copied exactly.
func.func @nearest_x2_ceil_i64(%x: tensor<4x9xi64>) -> tensor<4x18xi64> {
  %s = arith.constant dense<[18]> : tensor<1xi64>
  %c = arith.constant dense<[2.0]> : tensor<1xf32>
  %a = arith.constant dense<[1]> : tensor<1xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = nearest, shape_calculation_mode = sizes, coordinate_transformation_mode = asymmetric, nearest_mode = ceil}
     : (tensor<4x9xi64>, tensor<1xi64>, tensor<1xf32>, tensor<1xi64>) -> tensor<4x18xi64>
  return %r : tensor<4x18xi64>
}
