// RUN: interp-opt %s -split-input-file --interp-legalize-v1 | FileCheck %s

// Every branch of the Interpolate-1 -> Interpolate-4 mapping
// (docs/Semantics.md, "Interpolate-1").

// nearest -> nearest + simple; align_corners (default true) -> align_corners;
// sizes mode with sizes = target, scales = out / in, axes as a constant.
// CHECK-LABEL: func.func @nearest_align_corners
// CHECK-SAME: %[[X:[^:]*]]: tensor<1x2x48x80xf32>, %[[T:[^:]*]]: tensor<2xi64>
// CHECK-DAG: %[[AXES:.*]] = arith.constant dense<[2, 3]> : tensor<2xi64>
// CHECK-DAG: %[[SCALES:.*]] = arith.constant dense<[1.04166663, 7.500000e-01]> : tensor<2xf32>
// CHECK: %[[R:.*]] = interp.interpolate_v4 %[[X]], %[[T]], %[[SCALES]], %[[AXES]] {coordinate_transformation_mode = align_corners, mode = nearest, nearest_mode = simple, shape_calculation_mode = sizes} : (tensor<1x2x48x80xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x2x50x60xf32>
// CHECK: return %[[R]]
func.func @nearest_align_corners(%x: tensor<1x2x48x80xf32>, %t: tensor<2xi64>) -> tensor<1x2x50x60xf32> {
  %r = interp.interpolate_v1 %x, %t {axes = array<i64: 2, 3>, mode = nearest}
       : (tensor<1x2x48x80xf32>, tensor<2xi64>) -> tensor<1x2x50x60xf32>
  return %r : tensor<1x2x50x60xf32>
}

// -----

// nearest without align_corners -> asymmetric (half_pixel is for linear only).
// CHECK-LABEL: func.func @nearest_asymmetric
// CHECK: interp.interpolate_v4 {{.*}} {coordinate_transformation_mode = asymmetric, mode = nearest, nearest_mode = simple, shape_calculation_mode = sizes}
func.func @nearest_asymmetric(%x: tensor<4x6xf32>, %t: tensor<2xi64>) -> tensor<?x?xf32> {
  %r = interp.interpolate_v1 %x, %t {axes = array<i64: 0, 1>, mode = nearest, align_corners = false}
       : (tensor<4x6xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// cubic -> cubic with cube_coeff -0.75 (the default, so not printed).
// CHECK-LABEL: func.func @cubic
// CHECK: interp.interpolate_v4 {{.*}} {coordinate_transformation_mode = asymmetric, mode = cubic, nearest_mode = simple, shape_calculation_mode = sizes}
func.func @cubic(%x: tensor<4x6xf32>, %t: tensor<1xi64>) -> tensor<4x?xf32> {
  %r = interp.interpolate_v1 %x, %t {axes = array<i64: 1>, mode = cubic, align_corners = false}
       : (tensor<4x6xf32>, tensor<1xi64>) -> tensor<4x?xf32>
  return %r : tensor<4x?xf32>
}

// -----

// linear, rank 4, axes {2, 3}, no align_corners: linear_onnx + asymmetric
// (the rank-4 {2, 3} exception to half_pixel).
// CHECK-LABEL: func.func @linear_nchw
// CHECK: interp.interpolate_v4 {{.*}} {coordinate_transformation_mode = asymmetric, mode = linear_onnx, nearest_mode = simple, shape_calculation_mode = sizes}
func.func @linear_nchw(%x: tensor<1x2x48x80xf32>, %t: tensor<2xi64>) -> tensor<1x2x50x60xf32> {
  %r = interp.interpolate_v1 %x, %t {axes = array<i64: 2, 3>, mode = linear, align_corners = false}
       : (tensor<1x2x48x80xf32>, tensor<2xi64>) -> tensor<1x2x50x60xf32>
  return %r : tensor<1x2x50x60xf32>
}

// -----

// linear, rank 3 (axes [0, 1, 2]), zero pads: linear_onnx + half_pixel.
// CHECK-LABEL: func.func @linear_rank3_half_pixel
// CHECK: interp.interpolate_v4 {{.*}} {mode = linear_onnx, nearest_mode = simple, shape_calculation_mode = sizes}
func.func @linear_rank3_half_pixel(%x: tensor<2x4x6xf32>, %t: tensor<3xi64>) -> tensor<?x?x?xf32> {
  %r = interp.interpolate_v1 %x, %t {axes = array<i64: 0, 1, 2>, mode = linear, align_corners = false}
       : (tensor<2x4x6xf32>, tensor<3xi64>) -> tensor<?x?x?xf32>
  return %r : tensor<?x?x?xf32>
}

// -----

// linear, rank 4 over all axes: linear_onnx + half_pixel (not the {2, 3} case).
// CHECK-LABEL: func.func @linear_rank4_all_axes
// CHECK: interp.interpolate_v4 {{.*}} {mode = linear_onnx, nearest_mode = simple, shape_calculation_mode = sizes}
func.func @linear_rank4_all_axes(%x: tensor<1x2x4x6xf32>, %t: tensor<4xi64>) -> tensor<?x?x?x?xf32> {
  %r = interp.interpolate_v1 %x, %t {axes = array<i64: 0, 1, 2, 3>, mode = linear, align_corners = false}
       : (tensor<1x2x4x6xf32>, tensor<4xi64>) -> tensor<?x?x?x?xf32>
  return %r : tensor<?x?x?x?xf32>
}

// -----

// linear with a pad: asymmetric.
// CHECK-LABEL: func.func @linear_pads_asymmetric
// CHECK: interp.interpolate_v4 {{.*}} {coordinate_transformation_mode = asymmetric, mode = linear_onnx, nearest_mode = simple, pads_end = array<i64: 0, 2>, shape_calculation_mode = sizes}
func.func @linear_pads_asymmetric(%x: tensor<4x6xf32>, %t: tensor<2xi64>) -> tensor<4x?xf32> {
  %r = interp.interpolate_v1 %x, %t {axes = array<i64: 0, 1>, mode = linear, align_corners = false, pads_end = array<i64: 0, 2>}
       : (tensor<4x6xf32>, tensor<2xi64>) -> tensor<4x?xf32>
  return %r : tensor<4x?xf32>
}

// -----

// linear, rank 5: the triangle filter (linear), antialias copied.
// CHECK-LABEL: func.func @linear_rank5
// CHECK: interp.interpolate_v4 {{.*}} {antialias = true, mode = linear, nearest_mode = simple, shape_calculation_mode = sizes}
func.func @linear_rank5(%x: tensor<1x2x4x4x4xf32>, %t: tensor<3xi64>) -> tensor<1x2x?x?x?xf32> {
  %r = interp.interpolate_v1 %x, %t {axes = array<i64: 2, 3, 4>, mode = linear, align_corners = false, antialias = true}
       : (tensor<1x2x4x4x4xf32>, tensor<3xi64>) -> tensor<1x2x?x?x?xf32>
  return %r : tensor<1x2x?x?x?xf32>
}

// -----

// linear, rank 4 with axes [1, 2], which linear_onnx does not accept: the
// triangle filter without antialias computes the same thing.
// CHECK-LABEL: func.func @linear_not_linear_onnx_axes
// CHECK: interp.interpolate_v4 {{.*}} {mode = linear, nearest_mode = simple, shape_calculation_mode = sizes}
func.func @linear_not_linear_onnx_axes(%x: tensor<1x4x6x3xf32>, %t: tensor<2xi64>) -> tensor<1x?x?x3xf32> {
  %r = interp.interpolate_v1 %x, %t {axes = array<i64: 1, 2>, mode = linear, align_corners = false, antialias = true}
       : (tensor<1x4x6x3xf32>, tensor<2xi64>) -> tensor<1x?x?x3xf32>
  return %r : tensor<1x?x?x3xf32>
}

// -----

// Pads are copied; scales are 1 where a length is not static.
// CHECK-LABEL: func.func @pads_and_dynamic_scales
// CHECK-DAG: arith.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK: interp.interpolate_v4 {{.*}} {coordinate_transformation_mode = align_corners, mode = cubic, nearest_mode = simple, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 0, 2>, shape_calculation_mode = sizes}
func.func @pads_and_dynamic_scales(%x: tensor<?x4xf32>, %t: tensor<2xi64>) -> tensor<?x8xf32> {
  %r = interp.interpolate_v1 %x, %t {axes = array<i64: 0, 1>, mode = cubic, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 0, 2>}
       : (tensor<?x4xf32>, tensor<2xi64>) -> tensor<?x8xf32>
  return %r : tensor<?x8xf32>
}

// -----

// area has no Interpolate-4 form and stays.
// CHECK-LABEL: func.func @area_stays
// CHECK: interp.interpolate_v1 {{.*}} {axes = array<i64: 1>, mode = area}
// CHECK-NOT: interp.interpolate_v4
func.func @area_stays(%x: tensor<4x6xf32>, %t: tensor<1xi64>) -> tensor<4x?xf32> {
  %r = interp.interpolate_v1 %x, %t {axes = array<i64: 1>, mode = area}
       : (tensor<4x6xf32>, tensor<1xi64>) -> tensor<4x?xf32>
  return %r : tensor<4x?xf32>
}
