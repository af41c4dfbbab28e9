// RUN: interp-opt %s -split-input-file -canonicalize | FileCheck %s

// Shape refinement from constant operands (docs/Semantics.md, "Output shape").

// CHECK-LABEL: func.func @spec_example
// CHECK: %[[R:.*]] = interp.interpolate_v4 {{.*}} -> tensor<1x2x24x160xf32>
// CHECK: %[[C:.*]] = tensor.cast %[[R]] : tensor<1x2x24x160xf32> to tensor<?x?x?x?xf32>
// CHECK: return %[[C]]
func.func @spec_example(%x: tensor<1x2x48x80xf32>) -> tensor<?x?x?x?xf32> {
  %sizes = arith.constant dense<[24, 160]> : tensor<2xi64>
  %scales = arith.constant dense<[0.5, 2.0]> : tensor<2xf32>
  %axes = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %sizes, %scales, %axes {mode = linear, shape_calculation_mode = scales}
       : (tensor<1x2x48x80xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<?x?x?x?xf32>
  return %r : tensor<?x?x?x?xf32>
}

// -----

// The float32 epsilon rule: 100 x 0.53 -> 53, 10 x 0.7 -> 7,
// 1000000 x 0.5 -> 500001, and scale 1.0 keeps 1048576 (where
// trunc(1048576 x (1 + 1e-6)) in float32 would give 1048577).
// CHECK-LABEL: func.func @scales_epsilon
// CHECK: -> tensor<53x7x500001x1048576xi8>
func.func @scales_epsilon(%x: tensor<100x10x1000000x1048576xi8>, %s: tensor<4xi64>) -> tensor<?x?x?x?xi8> {
  %scales = arith.constant dense<[0.53, 0.7, 0.5, 1.0]> : tensor<4xf32>
  %r = interp.interpolate_v4 %x, %s, %scales {mode = nearest, shape_calculation_mode = scales}
       : (tensor<100x10x1000000x1048576xi8>, tensor<4xi64>, tensor<4xf32>) -> tensor<?x?x?x?xi8>
  return %r : tensor<?x?x?x?xi8>
}

// -----

// Dynamic batch: only the known dims refine; axis dims follow the scales.
// CHECK-LABEL: func.func @partially_dynamic
// CHECK: interp.interpolate_v4 {{.*}} -> tensor<?x2x24x160xf32>
// CHECK: tensor.cast {{.*}} : tensor<?x2x24x160xf32> to tensor<?x?x?x?xf32>
func.func @partially_dynamic(%x: tensor<?x2x48x80xf32>, %s: tensor<2xi64>) -> tensor<?x?x?x?xf32> {
  %scales = arith.constant dense<[0.5, 2.0]> : tensor<2xf32>
  %axes = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %s, %scales, %axes {mode = linear, shape_calculation_mode = scales}
       : (tensor<?x2x48x80xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<?x?x?x?xf32>
  return %r : tensor<?x?x?x?xf32>
}

// -----

// Dynamic axis input with scales: the axis dim stays dynamic.
// CHECK-LABEL: func.func @dynamic_axis_dim
// CHECK: interp.interpolate_v4 {{.*}} -> tensor<1x2x?x160xf32>
func.func @dynamic_axis_dim(%x: tensor<1x2x?x80xf32>, %s: tensor<2xi64>) -> tensor<?x?x?x?xf32> {
  %scales = arith.constant dense<[0.5, 2.0]> : tensor<2xf32>
  %axes = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %s, %scales, %axes {mode = linear, shape_calculation_mode = scales}
       : (tensor<1x2x?x80xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<?x?x?x?xf32>
  return %r : tensor<?x?x?x?xf32>
}

// -----

// Non-constant sizes: axis dims dynamic, other dims are the padded input dims.
// CHECK-LABEL: func.func @nonconstant_sizes
// CHECK: interp.interpolate_v4 {{.*}} -> tensor<3x2x?x?xf32>
func.func @nonconstant_sizes(%x: tensor<1x2x48x80xf32>, %s: tensor<2xi64>, %c: tensor<2xf32>) -> tensor<?x?x?x?xf32> {
  %axes = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %axes {mode = nearest, shape_calculation_mode = sizes, pads_begin = array<i64: 1>, pads_end = array<i64: 1>}
       : (tensor<1x2x48x80xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<?x?x?x?xf32>
  return %r : tensor<?x?x?x?xf32>
}

// -----

// Non-constant axes: nothing is known about any dim.
// CHECK-LABEL: func.func @nonconstant_axes
// CHECK: interp.interpolate_v4 {{.*}} -> tensor<?x?xf32>
// CHECK-NOT: tensor.cast
func.func @nonconstant_axes(%x: tensor<4x4xf32>, %a: tensor<1xi64>, %c: tensor<1xf32>) -> tensor<?x?xf32> {
  %s = arith.constant dense<[8]> : tensor<1xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = nearest, shape_calculation_mode = sizes}
       : (tensor<4x4xf32>, tensor<1xi64>, tensor<1xf32>, tensor<1xi64>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// Unknown rank stays unknown.
// CHECK-LABEL: func.func @unranked
// CHECK: interp.interpolate_v4 {{.*}} -> tensor<*xf32>
// CHECK-NOT: tensor.cast
func.func @unranked(%x: tensor<*xf32>, %c: tensor<1xf32>) -> tensor<*xf32> {
  %s = arith.constant dense<[8]> : tensor<1xi64>
  %r = interp.interpolate_v4 %x, %s, %c {mode = nearest, shape_calculation_mode = sizes}
       : (tensor<*xf32>, tensor<1xi64>, tensor<1xf32>) -> tensor<*xf32>
  return %r : tensor<*xf32>
}

// -----

// Pads apply to every dim (v4), sizes mode takes the axis dims from sizes.
// CHECK-LABEL: func.func @pads_sizes_mode
// CHECK: interp.interpolate_v4 {{.*}} -> tensor<3x5x7x9xf32>
func.func @pads_sizes_mode(%x: tensor<1x2x4x4xf32>, %c: tensor<2xf32>) -> tensor<?x?x?x?xf32> {
  %s = arith.constant dense<[7, 9]> : tensor<2xi32>
  %axes = arith.constant dense<[2, 3]> : tensor<2xi32>
  %r = interp.interpolate_v4 %x, %s, %c, %axes {mode = cubic, shape_calculation_mode = sizes, pads_begin = array<i64: 1, 2>, pads_end = array<i64: 1, 1, 5, 5>}
       : (tensor<1x2x4x4xf32>, tensor<2xi32>, tensor<2xf32>, tensor<2xi32>) -> tensor<?x?x?x?xf32>
  return %r : tensor<?x?x?x?xf32>
}

// -----

// Axes order matters: scales[i] belongs to axes[i].
// CHECK-LABEL: func.func @axes_order
// CHECK: interp.interpolate_v4 {{.*}} -> tensor<12x4xf32>
func.func @axes_order(%x: tensor<4x8xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %c = arith.constant dense<[0.5, 3.0]> : tensor<2xf32>
  %axes = arith.constant dense<[1, 0]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %axes {mode = nearest, shape_calculation_mode = scales}
       : (tensor<4x8xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// A static result dim the operands cannot tell is kept.
// CHECK-LABEL: func.func @keeps_declared_dims
// CHECK: interp.interpolate_v4 {{.*}} -> tensor<1x2x10x20xf32>
// CHECK-NOT: tensor.cast
func.func @keeps_declared_dims(%x: tensor<?x2x48x80xf32>, %s: tensor<2xi64>, %c: tensor<2xf32>) -> tensor<1x2x10x20xf32> {
  %axes = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %axes {mode = nearest, shape_calculation_mode = sizes}
       : (tensor<?x2x48x80xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x2x10x20xf32>
  return %r : tensor<1x2x10x20xf32>
}

// -----

// Interpolate-1: axis dims from the target, others the unpadded input dims.
// CHECK-LABEL: func.func @v1_refine
// CHECK: interp.interpolate_v1 {{.*}} -> tensor<?x2x50x60xf32>
func.func @v1_refine(%x: tensor<?x2x48x80xf32>) -> tensor<?x?x?x?xf32> {
  %t = arith.constant dense<[50, 60]> : tensor<2xi64>
  %r = interp.interpolate_v1 %x, %t {axes = array<i64: 2, 3>, mode = linear, align_corners = false, pads_begin = array<i64: 0, 0, 1, 1>}
       : (tensor<?x2x48x80xf32>, tensor<2xi64>) -> tensor<?x?x?x?xf32>
  return %r : tensor<?x?x?x?xf32>
}

// -----

// Identity folding: every output dim equals its input dim and no pads, so
// every coordinate is the output index itself, in every mode.

// CHECK-LABEL: func.func @fold_identity_sizes
// CHECK-NOT: interp.interpolate_v4
// CHECK: return %arg0
func.func @fold_identity_sizes(%x: tensor<1x3x8x8xf32>, %c: tensor<2xf32>) -> tensor<1x3x8x8xf32> {
  %s = arith.constant dense<[8, 8]> : tensor<2xi64>
  %axes = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %axes {mode = cubic, shape_calculation_mode = sizes}
       : (tensor<1x3x8x8xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x3x8x8xf32>
  return %r : tensor<1x3x8x8xf32>
}

// -----

// tf_half_pixel_for_nn + ceil would shift by one pixel without the identity
// short-circuit of docs/Semantics.md; with it, scale 1 is the identity.
// CHECK-LABEL: func.func @fold_identity_tf_half_pixel_ceil
// CHECK-NOT: interp.interpolate_v4
// CHECK: return %arg0
func.func @fold_identity_tf_half_pixel_ceil(%x: tensor<5x7xi8>, %s: tensor<2xi64>) -> tensor<5x7xi8> {
  %c = arith.constant dense<[1.0, 1.0]> : tensor<2xf32>
  %r = interp.interpolate_v4 %x, %s, %c {mode = nearest, shape_calculation_mode = scales, coordinate_transformation_mode = tf_half_pixel_for_nn, nearest_mode = ceil}
       : (tensor<5x7xi8>, tensor<2xi64>, tensor<2xf32>) -> tensor<5x7xi8>
  return %r : tensor<5x7xi8>
}

// -----

// Pads make the same shape a real resize: no fold.
// CHECK-LABEL: func.func @no_fold_with_pads
// CHECK: interp.interpolate_v4
func.func @no_fold_with_pads(%x: tensor<4x4xf32>, %c: tensor<1xf32>) -> tensor<4x4xf32> {
  %s = arith.constant dense<[4]> : tensor<1xi64>
  %axes = arith.constant dense<[1]> : tensor<1xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %axes {mode = linear, shape_calculation_mode = sizes, pads_begin = array<i64: 0, 1>, pads_end = array<i64: 0, 1>}
       : (tensor<4x4xf32>, tensor<1xi64>, tensor<1xf32>, tensor<1xi64>) -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

// -----

// A scale just below 1 keeps the length (trunc(10 * (0.9999995 + 1e-6)) = 10)
// but widens the antialiased triangle filter: not the identity.
// CHECK-LABEL: func.func @no_fold_antialias_scale_below_one
// CHECK: interp.interpolate_v4
func.func @no_fold_antialias_scale_below_one(%x: tensor<10xf32>, %s: tensor<1xi64>) -> tensor<10xf32> {
  %c = arith.constant dense<[0.9999995]> : tensor<1xf32>
  %r = interp.interpolate_v4 %x, %s, %c {mode = linear, shape_calculation_mode = scales, antialias = true}
       : (tensor<10xf32>, tensor<1xi64>, tensor<1xf32>) -> tensor<10xf32>
  return %r : tensor<10xf32>
}

// -----

// A real resize is not folded.
// CHECK-LABEL: func.func @no_fold_resize
// CHECK: interp.interpolate_v4
func.func @no_fold_resize(%x: tensor<4xf32>, %c: tensor<1xf32>) -> tensor<5xf32> {
  %s = arith.constant dense<[5]> : tensor<1xi64>
  %r = interp.interpolate_v4 %x, %s, %c {mode = nearest, shape_calculation_mode = sizes}
       : (tensor<4xf32>, tensor<1xi64>, tensor<1xf32>) -> tensor<5xf32>
  return %r : tensor<5xf32>
}

// -----

// CHECK-LABEL: func.func @v1_fold_identity
// CHECK-NOT: interp.interpolate_v1
// CHECK: return %arg0
func.func @v1_fold_identity(%x: tensor<2x6xf32>) -> tensor<2x6xf32> {
  %t = arith.constant dense<[6]> : tensor<1xi64>
  %r = interp.interpolate_v1 %x, %t {axes = array<i64: 1>, mode = area}
       : (tensor<2x6xf32>, tensor<1xi64>) -> tensor<2x6xf32>
  return %r : tensor<2x6xf32>
}

// -----

// CHECK-LABEL: func.func @v1_no_fold_with_pads
// CHECK: interp.interpolate_v1
func.func @v1_no_fold_with_pads(%x: tensor<2x6xf32>) -> tensor<2x6xf32> {
  %t = arith.constant dense<[6]> : tensor<1xi64>
  %r = interp.interpolate_v1 %x, %t {axes = array<i64: 1>, mode = linear, pads_begin = array<i64: 0, 2>}
       : (tensor<2x6xf32>, tensor<1xi64>) -> tensor<2x6xf32>
  return %r : tensor<2x6xf32>
}

// -----

// Interpolate-11: the result type is refined from constant scales_or_sizes
// (scales mode: trunc(48 * (0.5 + 1e-6)) = 24, 80 * 2 = 160).
// CHECK-LABEL: func.func @v11_refine
// CHECK: interp.interpolate_v11 {{.*}} -> tensor<1x3x24x160xui8>
// CHECK: tensor.cast
func.func @v11_refine(%x: tensor<1x3x48x80xui8>) -> tensor<?x?x?x?xui8> {
  %c = arith.constant dense<[0.5, 2.0]> : tensor<2xf32>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %c, %a {mode = bicubic_pillow, shape_calculation_mode = scales}
       : (tensor<1x3x48x80xui8>, tensor<2xf32>, tensor<2xi64>) -> tensor<?x?x?x?xui8>
  return %r : tensor<?x?x?x?xui8>
}

// -----

// A Pillow pass with L == O has one tap of weight 1: the op is the identity.
// CHECK-LABEL: func.func @v11_identity
// CHECK-NEXT: return %arg0
func.func @v11_identity(%x: tensor<1x3x8x8xui8>) -> tensor<1x3x8x8xui8> {
  %s = arith.constant dense<[8, 8]> : tensor<2xi64>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %s, %a {mode = bicubic_pillow, shape_calculation_mode = sizes}
       : (tensor<1x3x8x8xui8>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x3x8x8xui8>
  return %r : tensor<1x3x8x8xui8>
}
