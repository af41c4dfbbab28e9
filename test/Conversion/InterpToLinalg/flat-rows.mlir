// RUN: interp-opt %s -split-input-file --interp-annotate-plans | FileCheck %s --check-prefix=PLAN
// RUN: interp-opt %s -split-input-file --convert-interp-to-linalg --canonicalize | FileCheck %s
// RUN: interp-opt %s -split-input-file --convert-interp-to-linalg=portable=true | FileCheck %s --check-prefix=PORTABLE
// RUN: interp-opt %s -split-input-file --convert-interp-to-linalg --canonicalize --interp-eliminate-destination-empty-tensors | FileCheck %s --check-prefix=DEST

// A separable pass with unrolled taps along an outer axis with two or more
// dimensions inside it (H of NHWC) iterates those dimensions as one run of
// elements (ResizePlan::flatRowPasses): where the source has them
// contiguous (checked on its strides when the code runs), the generic runs
// over the pass's result with W x C collapsed, reading the source through
// its flat view, so LLVM vectorizes over the whole row instead of over the
// 3 channels. Elsewhere, and in portable linalg, the generic over W and C.

// PLAN-LABEL: func.func @nhwc_cubic
// PLAN: interp.plan = {flat_rows = [0], kind = "separable", order = [0, 1], store_every_pass = false,
// CHECK-LABEL: func.func @nhwc_cubic
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<1x4x10x3xf32>
// CHECK: %[[BUF:.*]] = bufferization.to_buffer %{{.*}} read_only
// CHECK: %{{.*}}, %{{.*}}, %{{.*}}:4, %[[STRIDES:.*]]:4 = memref.extract_strided_metadata %[[BUF]]
// CHECK: %[[FLAT:.*]] = memref.reinterpret_cast %[[BUF]] to offset: [%{{.*}}], sizes: [%{{.*}}], strides: [1]
// CHECK: %[[UNIT:.*]] = arith.cmpi eq, %[[STRIDES]]#3, %c1
// CHECK: %[[ROW:.*]] = arith.cmpi eq, %[[STRIDES]]#2, %c3
// CHECK: %[[CONTIG:.*]] = arith.andi %[[UNIT]], %[[ROW]]
// CHECK: scf.if %[[CONTIG]] -> (tensor<1x4x10x3xf32>)
// CHECK: %[[COLLAPSED:.*]] = tensor.collapse_shape %[[EMPTY]] {{\[}}[0], [1], [2, 3]] : tensor<1x4x10x3xf32> into tensor<1x4x30xf32>
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel"]
// CHECK-SAME: outs(%[[COLLAPSED]] : tensor<1x4x30xf32>)
// CHECK: %[[F:.*]] = linalg.index 2 : index
// CHECK: %[[TAP:.*]] = arith.muli %{{.*}}, %[[STRIDES]]#1 : index
// CHECK: %[[AT:.*]] = arith.addi %[[F]], %[[TAP]] : index
// CHECK: memref.load %[[FLAT]][%[[AT]]]
// CHECK: tensor.expand_shape %{{.*}} {{\[}}[0], [1], [2, 3]] output_shape [1, 4, 10, 3] : tensor<1x4x30xf32> into tensor<1x4x10x3xf32>
// CHECK: } else {
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "parallel"]
// CHECK-SAME: outs(%[[EMPTY]] : tensor<1x4x10x3xf32>)
// CHECK: tensor.extract %arg0
// PORTABLE-LABEL: func.func @nhwc_cubic
// PORTABLE-NOT: collapse_shape
// PORTABLE: return
func.func @nhwc_cubic(%x: tensor<1x8x10x3xf32>) -> tensor<1x4x5x3xf32> {
  %sizes = arith.constant dense<[4, 5]> : tensor<2xi64>
  %axes = arith.constant dense<[1, 2]> : tensor<2xi64>
  %scales = arith.constant dense<[0.5, 0.5]> : tensor<2xf32>
  %r = interp.interpolate_v4 %x, %sizes, %scales, %axes {mode = cubic, shape_calculation_mode = sizes, coordinate_transformation_mode = half_pixel, nearest_mode = round_prefer_floor, antialias = false, cube_coeff = -0.75 : f64, pads_begin = array<i64: 0, 0, 0, 0>, pads_end = array<i64: 0, 0, 0, 0>} : (tensor<1x8x10x3xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x4x5x3xf32>
  return %r : tensor<1x4x5x3xf32>
}

// -----

// Pinned off (an empty list), the pass keeps the generic over W and C.
// PLAN-LABEL: func.func @pinned_off
// PLAN: interp.plan = {kind = "separable", order = [0, 1], store_every_pass = false,
// CHECK-LABEL: func.func @pinned_off
// CHECK-NOT: collapse_shape
// CHECK: return
func.func @pinned_off(%x: tensor<1x8x10x3xf32>) -> tensor<1x4x5x3xf32> {
  %sizes = arith.constant dense<[4, 5]> : tensor<2xi64>
  %axes = arith.constant dense<[1, 2]> : tensor<2xi64>
  %scales = arith.constant dense<[0.5, 0.5]> : tensor<2xf32>
  %r = interp.interpolate_v4 %x, %sizes, %scales, %axes {mode = cubic, shape_calculation_mode = sizes, coordinate_transformation_mode = half_pixel, nearest_mode = round_prefer_floor, antialias = false, cube_coeff = -0.75 : f64, pads_begin = array<i64: 0, 0, 0, 0>, pads_end = array<i64: 0, 0, 0, 0>, interp.plan = {flat_rows = []}} : (tensor<1x8x10x3xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x4x5x3xf32>
  return %r : tensor<1x4x5x3xf32>
}

// -----

// Two dynamic lengths inside the axis (H first: W and C): no flat rows
// (restoring the shape would take a memref.expand_shape group with two
// dynamic sizes, which MLIR 22's expand-strided-metadata does not handle).
// W last sees the static W output inside H: flat rows when H is last.
// PLAN-LABEL: func.func @two_dynamic_inner
// PLAN: interp.plan = {kind = "separable", order = [0, 1], store_every_pass = false,
func.func @two_dynamic_inner(%x: tensor<1x8x?x?xf32>) -> tensor<1x4x5x?xf32> {
  %sizes = arith.constant dense<[4, 5]> : tensor<2xi64>
  %axes = arith.constant dense<[1, 2]> : tensor<2xi64>
  %scales = arith.constant dense<[0.5, 0.5]> : tensor<2xf32>
  %r = interp.interpolate_v4 %x, %sizes, %scales, %axes {mode = cubic, shape_calculation_mode = sizes, coordinate_transformation_mode = half_pixel, nearest_mode = round_prefer_floor, antialias = false, cube_coeff = -0.75 : f64, pads_begin = array<i64: 0, 0, 0, 0>, pads_end = array<i64: 0, 0, 0, 0>, interp.plan = {order = [0, 1]}} : (tensor<1x8x?x?xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x4x5x?xf32>
  return %r : tensor<1x4x5x?xf32>
}

// PLAN-LABEL: func.func @one_dynamic_inner
// PLAN: interp.plan = {flat_rows = [0], kind = "separable", order = [1, 0], store_every_pass = false,
func.func @one_dynamic_inner(%x: tensor<1x8x?x?xf32>) -> tensor<1x4x5x?xf32> {
  %sizes = arith.constant dense<[4, 5]> : tensor<2xi64>
  %axes = arith.constant dense<[1, 2]> : tensor<2xi64>
  %scales = arith.constant dense<[0.5, 0.5]> : tensor<2xf32>
  %r = interp.interpolate_v4 %x, %sizes, %scales, %axes {mode = cubic, shape_calculation_mode = sizes, coordinate_transformation_mode = half_pixel, nearest_mode = round_prefer_floor, antialias = false, cube_coeff = -0.75 : f64, pads_begin = array<i64: 0, 0, 0, 0>, pads_end = array<i64: 0, 0, 0, 0>} : (tensor<1x8x?x?xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x4x5x?xf32>
  return %r : tensor<1x4x5x?xf32>
}

// -----

// The Pillow modes run H last: its flat-row pass writes the op's result,
// and the result's destination buffer takes the collapsed writes directly
// (interp-eliminate-destination-empty-tensors follows the reshapes).
// PLAN-LABEL: func.func @pillow_into_memref
// PLAN: interp.plan = {channel_vector = [1], flat_rows = [0], kind = "separable", order = [1, 0], store_every_pass = true,
// DEST-LABEL: func.func @pillow_into_memref
// DEST: %[[DEST:.*]] = bufferization.to_tensor %arg1 restrict writable : memref<1x4x5x3xui8> to tensor<1x4x5x3xui8>
// DEST: tensor.collapse_shape %[[DEST]] {{\[}}[0], [1], [2, 3]] : tensor<1x4x5x3xui8> into tensor<1x4x15xui8>
// DEST: bufferization.materialize_in_destination
func.func @pillow_into_memref(%x: tensor<1x8x10x3xui8>, %out: memref<1x4x5x3xui8>) {
  %s = arith.constant dense<[4, 5]> : tensor<2xi64>
  %a = arith.constant dense<[1, 2]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %s, %a {mode = bilinear_pillow, shape_calculation_mode = sizes} : (tensor<1x8x10x3xui8>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x4x5x3xui8>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<1x4x5x3xui8>, memref<1x4x5x3xui8>) -> ()
  return
}
