// RUN: interp-opt %s | interp-opt | FileCheck %s
// RUN: interp-opt %s --mlir-print-op-generic | interp-opt | FileCheck %s
// RUN: interp-opt %s --emit-bytecode | interp-opt | FileCheck %s

// Round trip of every attribute, every enum value and every default of both
// ops. Defaults are elided when printed.

// CHECK-LABEL: func.func @v4_spec_example
// CHECK: interp.interpolate_v4 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {mode = linear, shape_calculation_mode = scales} : (tensor<1x2x48x80xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x2x24x160xf32>
func.func @v4_spec_example(%x: tensor<1x2x48x80xf32>, %sizes: tensor<2xi64>,
                           %scales: tensor<2xf32>, %axes: tensor<2xi64>) -> tensor<1x2x24x160xf32> {
  %r = interp.interpolate_v4 %x, %sizes, %scales, %axes {mode = linear, shape_calculation_mode = scales}
       : (tensor<1x2x48x80xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x2x24x160xf32>
  return %r : tensor<1x2x24x160xf32>
}

// CHECK-LABEL: func.func @v4_no_axes
// CHECK: interp.interpolate_v4 %{{.*}}, %{{.*}}, %{{.*}} {mode = nearest, shape_calculation_mode = sizes} : (tensor<4x6xf32>, tensor<2xi32>, tensor<2xf64>) -> tensor<?x?xf32>
func.func @v4_no_axes(%x: tensor<4x6xf32>, %sizes: tensor<2xi32>, %scales: tensor<2xf64>) -> tensor<?x?xf32> {
  %r = interp.interpolate_v4 %x, %sizes, %scales {mode = nearest, shape_calculation_mode = sizes}
       : (tensor<4x6xf32>, tensor<2xi32>, tensor<2xf64>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// Explicit default values are elided on printing.
// CHECK-LABEL: func.func @v4_explicit_defaults
// CHECK: interp.interpolate_v4 %{{.*}}, %{{.*}}, %{{.*}} {mode = cubic, shape_calculation_mode = sizes} :
func.func @v4_explicit_defaults(%x: tensor<4x6xf32>, %sizes: tensor<2xi64>, %scales: tensor<2xf32>) -> tensor<?x?xf32> {
  %r = interp.interpolate_v4 %x, %sizes, %scales {mode = cubic, shape_calculation_mode = sizes,
         coordinate_transformation_mode = half_pixel, nearest_mode = round_prefer_floor,
         antialias = false, pads_begin = array<i64>, pads_end = array<i64>, cube_coeff = -0.75}
       : (tensor<4x6xf32>, tensor<2xi64>, tensor<2xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// Every non-default attribute value.
// CHECK-LABEL: func.func @v4_all_attributes
// CHECK: interp.interpolate_v4 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {antialias = true, coordinate_transformation_mode = align_corners, cube_coeff = -5.000000e-01 : f64, mode = linear, nearest_mode = simple, pads_begin = array<i64: 0, 0, 1, 2>, pads_end = array<i64: 0, 0, 3>, shape_calculation_mode = sizes}
func.func @v4_all_attributes(%x: tensor<1x3x8x8xf16>, %sizes: tensor<2xi64>, %scales: tensor<2xf32>, %axes: tensor<2xi64>) -> tensor<1x3x?x?xf16> {
  %r = interp.interpolate_v4 %x, %sizes, %scales, %axes {mode = linear, shape_calculation_mode = sizes,
         coordinate_transformation_mode = align_corners, nearest_mode = simple, antialias = true,
         pads_begin = array<i64: 0, 0, 1, 2>, pads_end = array<i64: 0, 0, 3>, cube_coeff = -0.5}
       : (tensor<1x3x8x8xf16>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x3x?x?xf16>
  return %r : tensor<1x3x?x?xf16>
}

// Every mode, coordinate transformation mode and nearest mode keyword.
// CHECK-LABEL: func.func @v4_enum_values
// CHECK: {mode = nearest, nearest_mode = round_prefer_ceil, shape_calculation_mode = sizes}
// CHECK: {coordinate_transformation_mode = pytorch_half_pixel, mode = nearest, nearest_mode = floor, shape_calculation_mode = sizes}
// CHECK: {coordinate_transformation_mode = asymmetric, mode = nearest, nearest_mode = ceil, shape_calculation_mode = sizes}
// CHECK: {coordinate_transformation_mode = tf_half_pixel_for_nn, mode = linear_onnx, shape_calculation_mode = scales}
// CHECK: {coordinate_transformation_mode = align_corners, mode = cubic, shape_calculation_mode = scales}
func.func @v4_enum_values(%x: tensor<4x6xbf16>, %sizes: tensor<2xi64>, %scales: tensor<2xf32>) {
  %0 = interp.interpolate_v4 %x, %sizes, %scales {mode = nearest, shape_calculation_mode = sizes, nearest_mode = round_prefer_ceil}
       : (tensor<4x6xbf16>, tensor<2xi64>, tensor<2xf32>) -> tensor<?x?xbf16>
  %1 = interp.interpolate_v4 %x, %sizes, %scales {mode = nearest, shape_calculation_mode = sizes, coordinate_transformation_mode = pytorch_half_pixel, nearest_mode = floor}
       : (tensor<4x6xbf16>, tensor<2xi64>, tensor<2xf32>) -> tensor<?x?xbf16>
  %2 = interp.interpolate_v4 %x, %sizes, %scales {mode = nearest, shape_calculation_mode = sizes, coordinate_transformation_mode = asymmetric, nearest_mode = ceil}
       : (tensor<4x6xbf16>, tensor<2xi64>, tensor<2xf32>) -> tensor<?x?xbf16>
  %3 = interp.interpolate_v4 %x, %sizes, %scales {mode = linear_onnx, shape_calculation_mode = scales, coordinate_transformation_mode = tf_half_pixel_for_nn}
       : (tensor<4x6xbf16>, tensor<2xi64>, tensor<2xf32>) -> tensor<?x?xbf16>
  %4 = interp.interpolate_v4 %x, %sizes, %scales {mode = cubic, shape_calculation_mode = scales, coordinate_transformation_mode = align_corners}
       : (tensor<4x6xbf16>, tensor<2xi64>, tensor<2xf32>) -> tensor<?x?xbf16>
  return
}

// Every data element type, and integer operand types of any signedness.
// CHECK-LABEL: func.func @v4_element_types
// CHECK-COUNT-8: interp.interpolate_v4
func.func @v4_element_types(%f16: tensor<4xf16>, %bf16: tensor<4xbf16>, %f32: tensor<4xf32>, %f64: tensor<4xf64>,
                            %i8: tensor<4xi8>, %ui8: tensor<4xui8>, %i32: tensor<4xi32>, %i64: tensor<4xi64>,
                            %s: tensor<1xui16>, %sc: tensor<1xf16>, %ax: tensor<1xsi32>) {
  %0 = interp.interpolate_v4 %f16, %s, %sc, %ax {mode = nearest, shape_calculation_mode = sizes} : (tensor<4xf16>, tensor<1xui16>, tensor<1xf16>, tensor<1xsi32>) -> tensor<?xf16>
  %1 = interp.interpolate_v4 %bf16, %s, %sc, %ax {mode = nearest, shape_calculation_mode = sizes} : (tensor<4xbf16>, tensor<1xui16>, tensor<1xf16>, tensor<1xsi32>) -> tensor<?xbf16>
  %2 = interp.interpolate_v4 %f32, %s, %sc, %ax {mode = nearest, shape_calculation_mode = sizes} : (tensor<4xf32>, tensor<1xui16>, tensor<1xf16>, tensor<1xsi32>) -> tensor<?xf32>
  %3 = interp.interpolate_v4 %f64, %s, %sc, %ax {mode = nearest, shape_calculation_mode = sizes} : (tensor<4xf64>, tensor<1xui16>, tensor<1xf16>, tensor<1xsi32>) -> tensor<?xf64>
  %4 = interp.interpolate_v4 %i8, %s, %sc, %ax {mode = nearest, shape_calculation_mode = sizes} : (tensor<4xi8>, tensor<1xui16>, tensor<1xf16>, tensor<1xsi32>) -> tensor<?xi8>
  %5 = interp.interpolate_v4 %ui8, %s, %sc, %ax {mode = nearest, shape_calculation_mode = sizes} : (tensor<4xui8>, tensor<1xui16>, tensor<1xf16>, tensor<1xsi32>) -> tensor<?xui8>
  %6 = interp.interpolate_v4 %i32, %s, %sc, %ax {mode = nearest, shape_calculation_mode = sizes} : (tensor<4xi32>, tensor<1xui16>, tensor<1xf16>, tensor<1xsi32>) -> tensor<?xi32>
  %7 = interp.interpolate_v4 %i64, %s, %sc, %ax {mode = nearest, shape_calculation_mode = sizes} : (tensor<4xi64>, tensor<1xui16>, tensor<1xf16>, tensor<1xsi32>) -> tensor<?xi64>
  return
}

// Unranked data and dynamic operand lengths are accepted.
// CHECK-LABEL: func.func @v4_unranked
// CHECK: interp.interpolate_v4 %{{.*}} : (tensor<*xf32>, tensor<?xi64>, tensor<?xf32>, tensor<?xi64>) -> tensor<*xf32>
func.func @v4_unranked(%x: tensor<*xf32>, %sizes: tensor<?xi64>, %scales: tensor<?xf32>, %axes: tensor<?xi64>) -> tensor<*xf32> {
  %r = interp.interpolate_v4 %x, %sizes, %scales, %axes {mode = nearest, shape_calculation_mode = sizes}
       : (tensor<*xf32>, tensor<?xi64>, tensor<?xf32>, tensor<?xi64>) -> tensor<*xf32>
  return %r : tensor<*xf32>
}

// CHECK-LABEL: func.func @v1_spec_example
// CHECK: interp.interpolate_v1 %{{.*}}, %{{.*}} {align_corners = false, axes = array<i64: 2, 3>, mode = linear} : (tensor<1x2x48x80xf32>, tensor<2xi64>) -> tensor<1x2x50x60xf32>
func.func @v1_spec_example(%x: tensor<1x2x48x80xf32>, %target: tensor<2xi64>) -> tensor<1x2x50x60xf32> {
  %s = interp.interpolate_v1 %x, %target {axes = array<i64: 2, 3>, mode = linear, align_corners = false}
       : (tensor<1x2x48x80xf32>, tensor<2xi64>) -> tensor<1x2x50x60xf32>
  return %s : tensor<1x2x50x60xf32>
}

// CHECK-LABEL: func.func @v1_modes_and_defaults
// CHECK: {axes = array<i64: 1>, mode = nearest}
// CHECK: {axes = array<i64: 0, 1>, mode = cubic}
// CHECK: {antialias = true, axes = array<i64: 1>, mode = area, pads_begin = array<i64: 0, 2>, pads_end = array<i64: 0, 1>}
func.func @v1_modes_and_defaults(%x: tensor<4x6xf32>, %t1: tensor<1xi32>, %t2: tensor<2xi32>) {
  %0 = interp.interpolate_v1 %x, %t1 {axes = array<i64: 1>, mode = nearest, align_corners = true, antialias = false}
       : (tensor<4x6xf32>, tensor<1xi32>) -> tensor<4x?xf32>
  %1 = interp.interpolate_v1 %x, %t2 {axes = array<i64: 0, 1>, mode = cubic}
       : (tensor<4x6xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  %2 = interp.interpolate_v1 %x, %t1 {axes = array<i64: 1>, mode = area, antialias = true, pads_begin = array<i64: 0, 2>, pads_end = array<i64: 0, 1>}
       : (tensor<4x6xf32>, tensor<1xi32>) -> tensor<4x?xf32>
  return
}

// Interpolate-11: every mode, both shape modes, every attribute.

// CHECK-LABEL: func.func @v11_issue_example
// CHECK: interp.interpolate_v11 %{{.*}}, %{{.*}}, %{{.*}} {mode = bilinear_pillow, shape_calculation_mode = sizes} : (tensor<1x3x48x80xf32>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x3x24x160xf32>
// CHECK: interp.interpolate_v11 %{{.*}}, %{{.*}}, %{{.*}} {mode = bicubic_pillow, shape_calculation_mode = scales} : (tensor<1x3x48x80xui8>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x3x96x40xui8>
func.func @v11_issue_example(%x: tensor<1x3x48x80xf32>, %q: tensor<1x3x48x80xui8>) -> (tensor<1x3x24x160xf32>, tensor<1x3x96x40xui8>) {
  %sizes = arith.constant dense<[24, 160]> : tensor<2xi64>
  %scales = arith.constant dense<[2.0, 0.5]> : tensor<2xf32>
  %axes = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %sizes, %axes {mode = bilinear_pillow, shape_calculation_mode = sizes}
       : (tensor<1x3x48x80xf32>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x3x24x160xf32>
  %s = interp.interpolate_v11 %q, %scales, %axes {mode = bicubic_pillow, shape_calculation_mode = scales}
       : (tensor<1x3x48x80xui8>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x3x96x40xui8>
  return %r, %s : tensor<1x3x24x160xf32>, tensor<1x3x96x40xui8>
}

// CHECK-LABEL: func.func @v11_modes
// CHECK: {mode = nearest, shape_calculation_mode = sizes} : (tensor<4x6xf32>, tensor<2xi32>) -> tensor<?x?xf32>
// CHECK: {mode = linear, shape_calculation_mode = scales} : (tensor<4x6xf32>, tensor<2xf64>) -> tensor<?x?xf32>
// CHECK: {mode = linear_onnx, shape_calculation_mode = sizes}
// CHECK: {mode = cubic, shape_calculation_mode = sizes}
func.func @v11_modes(%x: tensor<4x6xf32>, %sizes: tensor<2xi32>, %scales: tensor<2xf64>) {
  %0 = interp.interpolate_v11 %x, %sizes {mode = nearest, shape_calculation_mode = sizes}
       : (tensor<4x6xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  %1 = interp.interpolate_v11 %x, %scales {mode = linear, shape_calculation_mode = scales}
       : (tensor<4x6xf32>, tensor<2xf64>) -> tensor<?x?xf32>
  %2 = interp.interpolate_v11 %x, %sizes {mode = linear_onnx, shape_calculation_mode = sizes}
       : (tensor<4x6xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  %3 = interp.interpolate_v11 %x, %sizes {mode = cubic, shape_calculation_mode = sizes}
       : (tensor<4x6xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  return
}

// Explicit defaults are elided; every other value prints.
// CHECK-LABEL: func.func @v11_attributes
// CHECK: interp.interpolate_v11 %{{.*}}, %{{.*}} {mode = bicubic_pillow, shape_calculation_mode = sizes} :
// CHECK: interp.interpolate_v11 %{{.*}}, %{{.*}}, %{{.*}} {antialias = true, coordinate_transformation_mode = tf_half_pixel_for_nn, cube_coeff = -5.000000e-01 : f64, mode = bicubic_pillow, nearest_mode = ceil, pads_begin = array<i64: 0, 0, 1>, pads_end = array<i64: 0, 0, 0, 2>, shape_calculation_mode = sizes}
func.func @v11_attributes(%x: tensor<4x6xf32>, %sizes: tensor<2xi64>, %y: tensor<1x3x8x8xbf16>, %axes: tensor<2xi64>) {
  %0 = interp.interpolate_v11 %x, %sizes {mode = bicubic_pillow, shape_calculation_mode = sizes,
         coordinate_transformation_mode = half_pixel, nearest_mode = round_prefer_floor,
         antialias = false, pads_begin = array<i64>, pads_end = array<i64>, cube_coeff = -0.75}
       : (tensor<4x6xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %c = arith.constant dense<[2, 3]> : tensor<2xi64>
  %1 = interp.interpolate_v11 %y, %sizes, %c {mode = bicubic_pillow, shape_calculation_mode = sizes,
         coordinate_transformation_mode = tf_half_pixel_for_nn, nearest_mode = ceil,
         antialias = true, pads_begin = array<i64: 0, 0, 1>, pads_end = array<i64: 0, 0, 0, 2>, cube_coeff = -0.5}
       : (tensor<1x3x8x8xbf16>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x3x?x?xbf16>
  return
}

// integer_arithmetic (interp's extension): `pillow` is the default and is
// elided; `pytorch` prints (ui8 data, a Pillow mode, cube_coeff = -0.5 for
// bicubic_pillow).
// CHECK-LABEL: func.func @v11_integer_arithmetic
// CHECK: interp.interpolate_v11 %{{.*}}, %{{.*}}, %{{.*}} {mode = bilinear_pillow, shape_calculation_mode = sizes} :
// CHECK: interp.interpolate_v11 %{{.*}}, %{{.*}}, %{{.*}} {integer_arithmetic = pytorch, mode = bilinear_pillow, shape_calculation_mode = sizes} :
// CHECK: interp.interpolate_v11 %{{.*}}, %{{.*}}, %{{.*}} {cube_coeff = -5.000000e-01 : f64, integer_arithmetic = pytorch, mode = bicubic_pillow, shape_calculation_mode = scales} :
// CHECK: interp.interpolate_v11 %{{.*}}, %{{.*}} {mode = linear, shape_calculation_mode = sizes} :
func.func @v11_integer_arithmetic(%x: tensor<1x3x8x8xui8>, %sizes: tensor<2xi64>, %scales: tensor<2xf32>, %f: tensor<4x6xf32>) {
  %c = arith.constant dense<[2, 3]> : tensor<2xi64>
  %0 = interp.interpolate_v11 %x, %sizes, %c {mode = bilinear_pillow, shape_calculation_mode = sizes, integer_arithmetic = pillow}
       : (tensor<1x3x8x8xui8>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x3x?x?xui8>
  %1 = interp.interpolate_v11 %x, %sizes, %c {integer_arithmetic = pytorch, mode = bilinear_pillow, shape_calculation_mode = sizes}
       : (tensor<1x3x8x8xui8>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x3x?x?xui8>
  %2 = interp.interpolate_v11 %x, %scales, %c {mode = bicubic_pillow, shape_calculation_mode = scales, integer_arithmetic = pytorch, cube_coeff = -0.5}
       : (tensor<1x3x8x8xui8>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x3x?x?xui8>
  // `pillow` is valid with every mode and type (it only matters on 8-bit
  // data in the Pillow modes).
  %3 = interp.interpolate_v11 %f, %sizes {mode = linear, shape_calculation_mode = sizes, integer_arithmetic = pillow}
       : (tensor<4x6xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return
}
