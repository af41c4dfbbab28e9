// RUN: interp-opt %s -split-input-file --interp-legalize-v11 | FileCheck %s

// Every branch of the Interpolate-11 -> Interpolate-4 rewrite
// (docs/Semantics.md, "Interpolate-11"): the operand the mode reads is
// scales_or_sizes, the other a constant with one entry per axis.

// Sizes mode: scales = out / in where both lengths are static (24/48,
// 160/80), attributes copied, axes kept.
// CHECK-LABEL: func.func @sizes_mode
// CHECK-SAME: %[[X:[^:]*]]: tensor<1x2x48x80xf32>, %[[S:[^:]*]]: tensor<2xi64>
// CHECK-DAG: %[[A:.*]] = arith.constant dense<[2, 3]> : tensor<2xi64>
// CHECK-DAG: %[[SCALES:.*]] = arith.constant dense<[5.000000e-01, 2.000000e+00]> : tensor<2xf32>
// CHECK: %[[R:.*]] = interp.interpolate_v4 %[[X]], %[[S]], %[[SCALES]], %[[A]] {antialias = true, coordinate_transformation_mode = asymmetric, mode = linear, shape_calculation_mode = sizes} : (tensor<1x2x48x80xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x2x24x160xf32>
// CHECK: return %[[R]]
func.func @sizes_mode(%x: tensor<1x2x48x80xf32>, %s: tensor<2xi64>) -> tensor<1x2x24x160xf32> {
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %s, %a {mode = linear, shape_calculation_mode = sizes, antialias = true, coordinate_transformation_mode = asymmetric}
       : (tensor<1x2x48x80xf32>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x2x24x160xf32>
  return %r : tensor<1x2x24x160xf32>
}

// -----

// Sizes mode with dynamic lengths and no axes operand: scales of 1 where a
// length is dynamic (axis 0), out / in elsewhere; nearest_mode copied.
// CHECK-LABEL: func.func @sizes_mode_dynamic
// CHECK: %[[SCALES:.*]] = arith.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK: interp.interpolate_v4 %{{.*}}, %{{.*}}, %[[SCALES]] {mode = nearest, nearest_mode = floor, shape_calculation_mode = sizes} : (tensor<?x6xf32>, tensor<2xi32>, tensor<2xf32>) -> tensor<?x12xf32>
func.func @sizes_mode_dynamic(%x: tensor<?x6xf32>, %s: tensor<2xi32>) -> tensor<?x12xf32> {
  %r = interp.interpolate_v11 %x, %s {mode = nearest, shape_calculation_mode = sizes, nearest_mode = floor}
       : (tensor<?x6xf32>, tensor<2xi32>) -> tensor<?x12xf32>
  return %r : tensor<?x12xf32>
}

// -----

// Non-constant axes: scales of 1 for every entry.
// CHECK-LABEL: func.func @unknown_axes
// CHECK: %[[SCALES:.*]] = arith.constant dense<1.000000e+00> : tensor<2xf32>
// CHECK: interp.interpolate_v4 %{{.*}}, %{{.*}}, %[[SCALES]], %{{.*}} {mode = cubic, shape_calculation_mode = sizes}
func.func @unknown_axes(%x: tensor<4x6xf32>, %s: tensor<2xi64>, %a: tensor<2xi64>) -> tensor<?x?xf32> {
  %r = interp.interpolate_v11 %x, %s, %a {mode = cubic, shape_calculation_mode = sizes}
       : (tensor<4x6xf32>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// Scales mode: sizes = the result's static lengths, 0 where dynamic; pads
// and cube_coeff copied.
// CHECK-LABEL: func.func @scales_mode
// CHECK-SAME: %[[X:[^:]*]]: tensor<1x2x8x8xf32>, %[[C:[^:]*]]: tensor<2xf32>
// CHECK-DAG: %[[AXES:.*]] = arith.constant dense<[2, 3]> : tensor<2xi64>
// CHECK-DAG: %[[SIZES:.*]] = arith.constant dense<[0, 20]> : tensor<2xi64>
// CHECK: interp.interpolate_v4 %[[X]], %[[SIZES]], %[[C]], %[[AXES]] {cube_coeff = -5.000000e-01 : f64, mode = cubic, pads_end = array<i64: 0, 0, 0, 2>, shape_calculation_mode = scales} : (tensor<1x2x8x8xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x2x?x20xf32>
func.func @scales_mode(%x: tensor<1x2x8x8xf32>, %c: tensor<2xf32>) -> tensor<1x2x?x20xf32> {
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %c, %a {mode = cubic, shape_calculation_mode = scales, cube_coeff = -0.5, pads_end = array<i64: 0, 0, 0, 2>}
       : (tensor<1x2x8x8xf32>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x2x?x20xf32>
  return %r : tensor<1x2x?x20xf32>
}

// -----

// A scales_or_sizes of dynamic length: the constant takes the number of
// constant axes.
// CHECK-LABEL: func.func @dynamic_length
// CHECK: %[[SIZES:.*]] = arith.constant dense<0> : tensor<1xi64>
// CHECK: interp.interpolate_v4 %{{.*}}, %[[SIZES]], %{{.*}}, %{{.*}} {mode = linear, shape_calculation_mode = scales} : (tensor<4x6xf32>, tensor<1xi64>, tensor<?xf32>, tensor<1xi64>) -> tensor<4x?xf32>
func.func @dynamic_length(%x: tensor<4x6xf32>, %c: tensor<?xf32>) -> tensor<4x?xf32> {
  %a = arith.constant dense<[1]> : tensor<1xi64>
  %r = interp.interpolate_v11 %x, %c, %a {mode = linear, shape_calculation_mode = scales}
       : (tensor<4x6xf32>, tensor<?xf32>, tensor<1xi64>) -> tensor<4x?xf32>
  return %r : tensor<4x?xf32>
}

// -----

// The Pillow modes have no Interpolate-4 form and stay.
// CHECK-LABEL: func.func @pillow_stays
// CHECK: interp.interpolate_v11 {{.*}} {mode = bilinear_pillow, shape_calculation_mode = sizes}
// CHECK: interp.interpolate_v11 {{.*}} {mode = bicubic_pillow, shape_calculation_mode = sizes}
// CHECK-NOT: interp.interpolate_v4
func.func @pillow_stays(%x: tensor<4x6xui8>, %s: tensor<2xi64>) -> (tensor<?x?xui8>, tensor<?x?xui8>) {
  %r = interp.interpolate_v11 %x, %s {mode = bilinear_pillow, shape_calculation_mode = sizes}
       : (tensor<4x6xui8>, tensor<2xi64>) -> tensor<?x?xui8>
  %q = interp.interpolate_v11 %x, %s {mode = bicubic_pillow, shape_calculation_mode = sizes}
       : (tensor<4x6xui8>, tensor<2xi64>) -> tensor<?x?xui8>
  return %r, %q : tensor<?x?xui8>, tensor<?x?xui8>
}
