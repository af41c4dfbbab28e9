// RUN: interp-opt %s -split-input-file -canonicalize | FileCheck %s

// All-constant operands fold to a constant computed by the reference
// implementation. Values by hand: ONNX-style bilinear, half_pixel, 2x2 -> 4x4
// of [[1, 2], [3, 4]] has per-axis weights (1, 0), (0.75, 0.25),
// (0.25, 0.75), (0, 1).
// CHECK-LABEL: func.func @fold_linear_onnx
// CHECK-NEXT: %[[C:.*]] = arith.constant dense<{{\[\[\[}}[1.000000e+00, 1.250000e+00, 1.750000e+00, 2.000000e+00], [1.500000e+00, 1.750000e+00, 2.250000e+00, 2.500000e+00], [2.500000e+00, 2.750000e+00, 3.250000e+00, 3.500000e+00], [3.000000e+00, 3.250000e+00, 3.750000e+00, 4.000000e+00]]]]> : tensor<1x1x4x4xf32>
// CHECK-NEXT: return %[[C]]
func.func @fold_linear_onnx() -> tensor<1x1x4x4xf32> {
  %x = arith.constant dense<[[[[1.0, 2.0], [3.0, 4.0]]]]> : tensor<1x1x2x2xf32>
  %s = arith.constant dense<[4, 4]> : tensor<2xi64>
  %c = arith.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = linear_onnx, shape_calculation_mode = sizes}
     : (tensor<1x1x2x2xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x1x4x4xf32>
  return %r : tensor<1x1x4x4xf32>
}

// -----

// A dynamic result type is refined first, then folded.
// Nearest, asymmetric + floor, 3 -> 6 on ui8 [7, 200, 255]: sources
// floor(o / 2) = 0, 0, 1, 1, 2, 2.
// CHECK-LABEL: func.func @fold_after_refine
// CHECK: %[[C:.*]] = arith.constant dense<[7, 7, 200, 200, 255, 255]> : tensor<6xui8>
// CHECK: %[[R:.*]] = tensor.cast %[[C]] : tensor<6xui8> to tensor<?xui8>
// CHECK: return %[[R]]
func.func @fold_after_refine() -> tensor<?xui8> {
  %x = arith.constant dense<[7, 200, 255]> : tensor<3xui8>
  %s = arith.constant dense<[6]> : tensor<1xi64>
  %c = arith.constant dense<[2.0]> : tensor<1xf32>
  %r = interp.interpolate_v4 %x, %s, %c {mode = nearest, shape_calculation_mode = scales, coordinate_transformation_mode = asymmetric, nearest_mode = floor}
     : (tensor<3xui8>, tensor<1xi64>, tensor<1xf32>) -> tensor<?xui8>
  return %r : tensor<?xui8>
}

// -----

// Interpolate-1 area, 4 -> 2 on [1, 3, 5, 7]: pair averages 2 and 6.
// CHECK-LABEL: func.func @fold_v1_area
// CHECK: arith.constant dense<[2.000000e+00, 6.000000e+00]> : tensor<2xf64>
// CHECK-NOT: interp.interpolate_v1
func.func @fold_v1_area() -> tensor<2xf64> {
  %x = arith.constant dense<[1.0, 3.0, 5.0, 7.0]> : tensor<4xf64>
  %t = arith.constant dense<[2]> : tensor<1xi64>
  %r = interp.interpolate_v1 %x, %t {axes = array<i64: 0>, mode = area} : (tensor<4xf64>, tensor<1xi64>) -> tensor<2xf64>
  return %r : tensor<2xf64>
}

// -----

// Results above 65536 elements are not folded.
// CHECK-LABEL: func.func @too_big_to_fold
// CHECK: interp.interpolate_v4
func.func @too_big_to_fold() -> tensor<300x300xf32> {
  %x = arith.constant dense<1.0> : tensor<2x2xf32>
  %s = arith.constant dense<[300, 300]> : tensor<2xi64>
  %c = arith.constant dense<[1.0, 1.0]> : tensor<2xf32>
  %r = interp.interpolate_v4 %x, %s, %c {mode = nearest, shape_calculation_mode = sizes}
     : (tensor<2x2xf32>, tensor<2xi64>, tensor<2xf32>) -> tensor<300x300xf32>
  return %r : tensor<300x300xf32>
}

// -----

// A non-constant operand prevents folding.
// CHECK-LABEL: func.func @not_constant
// CHECK: interp.interpolate_v4
func.func @not_constant(%x: tensor<2xf32>) -> tensor<4xf32> {
  %s = arith.constant dense<[4]> : tensor<1xi64>
  %c = arith.constant dense<[1.0]> : tensor<1xf32>
  %r = interp.interpolate_v4 %x, %s, %c {mode = nearest, shape_calculation_mode = sizes}
     : (tensor<2xf32>, tensor<1xi64>, tensor<1xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// Interpolate-11 bilinear_pillow, ui8 1x4 -> 1x2 (w only; h keeps 1).
// Step 5, L = 4, O = 2: s = fs = 2, support 2. o = 0: c = 1, taps 0..2 at
// t = -0.25, 0.25, 0.75, weights (0.75, 0.75, 0.25) / 1.75, so
// (3 * 0 + 3 * 100 + 1 * 200) / 7 = 71.4 -> 71. o = 1: c = 3, taps 1..3,
// weights (0.25, 0.75, 0.75) / 1.75: (100 + 600 + 150) / 7 = 121.4 -> 121.
// CHECK-LABEL: func.func @fold_bilinear_pillow_down
// CHECK-NEXT: %[[C:.*]] = arith.constant dense<{{\[\[}}71, 121]]> : tensor<1x2xui8>
// CHECK-NEXT: return %[[C]]
func.func @fold_bilinear_pillow_down() -> tensor<1x2xui8> {
  %x = arith.constant dense<[[0, 100, 200, 50]]> : tensor<1x4xui8>
  %s = arith.constant dense<[1, 2]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %s {mode = bilinear_pillow, shape_calculation_mode = sizes}
     : (tensor<1x4xui8>, tensor<2xi64>) -> tensor<1x2xui8>
  return %r : tensor<1x2xui8>
}

// -----

// 8-bit data uses Pillow's fixed point (step 9), whose +2^21 rounds ties up:
// bilinear_pillow x2 on [0, 2]: L = 2, O = 4, s = 0.5, support 1. o = 1:
// c = 0.75, taps 0, 1 with weights 0.75, 0.25, k = 3145728, 1048576:
// (2^21 + 2 * 1048576) >> 22 = 1 (0.5 -> 1); o = 2: c = 1.25, weights 0.25,
// 0.75: (2^21 + 2 * 3145728) >> 22 = 2 (1.5 -> 2); o = 0 and o = 3 read
// one tap each.
// CHECK-LABEL: func.func @fold_bilinear_pillow_ties
// CHECK-NEXT: %[[C:.*]] = arith.constant dense<{{\[\[}}0, 1, 2, 2]]> : tensor<1x4xi8>
func.func @fold_bilinear_pillow_ties() -> tensor<1x4xi8> {
  %x = arith.constant dense<[[0, 2]]> : tensor<1x2xi8>
  %s = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %r = interp.interpolate_v11 %x, %s {mode = bilinear_pillow, shape_calculation_mode = scales}
     : (tensor<1x2xi8>, tensor<2xf32>) -> tensor<1x4xi8>
  return %r : tensor<1x4xi8>
}

// -----

// integer_arithmetic = pytorch folds with PyTorch's arithmetic: bicubic
// [197, 7], 1x2 -> 1x3 (w only). Normalised weights 405/380, -25/380 at
// o = 0 (o = 2 mirrored) and 0.5, 0.5 at o = 1; the axis' largest weight
// 405/380 gives p = 14, k = 17462, -1078, 8192:
// o = 0: (2^13 + 197 * 17462 - 7 * 1078) >> 14 = 3440660 >> 14 = 210;
// o = 1: (2^13 + 204 * 8192) >> 14 = 102; o = 2: -81940 >> 14 -> 0.
// The exact value at o = 0 is 209.5; Pillow's 22-bit weights give 209.
// CHECK-LABEL: func.func @fold_bicubic_pytorch
// CHECK-NEXT: %[[T:.*]] = arith.constant dense<{{\[\[}}210, 102, 0]]> : tensor<1x3xui8>
// CHECK-NEXT: %[[P:.*]] = arith.constant dense<{{\[\[}}209, 102, 0]]> : tensor<1x3xui8>
// CHECK-NEXT: return %[[T]], %[[P]]
func.func @fold_bicubic_pytorch() -> (tensor<1x3xui8>, tensor<1x3xui8>) {
  %x = arith.constant dense<[[197, 7]]> : tensor<1x2xui8>
  %s = arith.constant dense<[1, 3]> : tensor<2xi64>
  %t = interp.interpolate_v11 %x, %s {mode = bicubic_pillow, shape_calculation_mode = sizes, cube_coeff = -0.5, integer_arithmetic = pytorch}
     : (tensor<1x2xui8>, tensor<2xi64>) -> tensor<1x3xui8>
  %p = interp.interpolate_v11 %x, %s {mode = bicubic_pillow, shape_calculation_mode = sizes, cube_coeff = -0.5}
     : (tensor<1x2xui8>, tensor<2xi64>) -> tensor<1x3xui8>
  return %t, %p : tensor<1x3xui8>, tensor<1x3xui8>
}

// -----

// The Interpolate-4 modes of Interpolate-11 fold as Interpolate-4 does
// (the fold_linear_onnx case above, with scales_or_sizes as sizes).
// CHECK-LABEL: func.func @fold_v11_linear_onnx
// CHECK-NEXT: arith.constant dense<{{\[\[\[}}[1.000000e+00, 1.250000e+00, 1.750000e+00, 2.000000e+00], [1.500000e+00, 1.750000e+00, 2.250000e+00, 2.500000e+00], [2.500000e+00, 2.750000e+00, 3.250000e+00, 3.500000e+00], [3.000000e+00, 3.250000e+00, 3.750000e+00, 4.000000e+00]]]]> : tensor<1x1x4x4xf32>
func.func @fold_v11_linear_onnx() -> tensor<1x1x4x4xf32> {
  %x = arith.constant dense<[[[[1.0, 2.0], [3.0, 4.0]]]]> : tensor<1x1x2x2xf32>
  %s = arith.constant dense<[4, 4]> : tensor<2xi64>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %s, %a {mode = linear_onnx, shape_calculation_mode = sizes}
     : (tensor<1x1x2x2xf32>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x1x4x4xf32>
  return %r : tensor<1x1x4x4xf32>
}
