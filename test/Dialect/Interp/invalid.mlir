// RUN: interp-opt %s -split-input-file -verify-diagnostics

// One case per diagnostic of the interp ops (docs/Semantics.md, "Validation").

func.func @result_element_type(%x: tensor<4xf32>, %s: tensor<1xi64>, %c: tensor<1xf32>) {
  // rule: element-type
  // expected-error @+1 {{'interp.interpolate_v4' op result element type 'f16' must equal the data element type 'f32'}}
  %0 = interp.interpolate_v4 %x, %s, %c {mode = nearest, shape_calculation_mode = sizes} : (tensor<4xf32>, tensor<1xi64>, tensor<1xf32>) -> tensor<?xf16>
  return
}

// -----

func.func @rank_zero(%x: tensor<f32>, %s: tensor<0xi64>, %c: tensor<0xf32>) {
  // rule: data-rank
  // expected-error @+1 {{'data' must have rank >= 1, got rank 0}}
  %0 = interp.interpolate_v4 %x, %s, %c {mode = nearest, shape_calculation_mode = sizes} : (tensor<f32>, tensor<0xi64>, tensor<0xf32>) -> tensor<f32>
  return
}

// -----

func.func @result_rank(%x: tensor<4x4xf32>, %s: tensor<2xi64>, %c: tensor<2xf32>) {
  // rule: result-rank
  // expected-error @+1 {{result rank 3 must equal the data rank 2}}
  %0 = interp.interpolate_v4 %x, %s, %c {mode = nearest, shape_calculation_mode = sizes} : (tensor<4x4xf32>, tensor<2xi64>, tensor<2xf32>) -> tensor<?x?x?xf32>
  return
}

// -----

func.func @negative_pad(%x: tensor<4xf32>, %s: tensor<1xi64>, %c: tensor<1xf32>) {
  // rule: pads-range
  // expected-error @+1 {{'pads_begin' value -1 at index 0 must be non-negative and at most 281474976710656}}
  %0 = interp.interpolate_v4 %x, %s, %c {mode = nearest, shape_calculation_mode = sizes, pads_begin = array<i64: -1>} : (tensor<4xf32>, tensor<1xi64>, tensor<1xf32>) -> tensor<?xf32>
  return
}

// -----

func.func @pads_longer_than_rank(%x: tensor<4xf32>, %s: tensor<1xi64>, %c: tensor<1xf32>) {
  // rule: pads-length
  // expected-error @+1 {{'pads_end' has 2 entries, more than the data rank 1}}
  %0 = interp.interpolate_v4 %x, %s, %c {mode = nearest, shape_calculation_mode = sizes, pads_end = array<i64: 0, 0>} : (tensor<4xf32>, tensor<1xi64>, tensor<1xf32>) -> tensor<?xf32>
  return
}

// -----

func.func @cube_coeff_nan(%x: tensor<4xf32>, %s: tensor<1xi64>, %c: tensor<1xf32>) {
  // rule: cube-coeff
  // expected-error @+1 {{'cube_coeff' must be finite as float32, got nan}}
  %0 = interp.interpolate_v4 %x, %s, %c {mode = cubic, shape_calculation_mode = sizes, cube_coeff = 0x7FF8000000000000 : f64} : (tensor<4xf32>, tensor<1xi64>, tensor<1xf32>) -> tensor<?xf32>
  return
}

// -----

func.func @cube_coeff_beyond_float32(%x: tensor<4xf32>, %s: tensor<1xi64>, %c: tensor<1xf32>) {
  // rule: cube-coeff
  // expected-error @+1 {{'cube_coeff' must be finite as float32, got 1e+300}}
  %0 = interp.interpolate_v4 %x, %s, %c {mode = cubic, shape_calculation_mode = sizes, cube_coeff = 1.0e300 : f64} : (tensor<4xf32>, tensor<1xi64>, tensor<1xf32>) -> tensor<?xf32>
  return
}

// -----

func.func @axis_out_of_range(%x: tensor<4x4xf32>, %s: tensor<1xi64>, %c: tensor<1xf32>) {
  %axes = arith.constant dense<2> : tensor<1xi64>
  // rule: axes-range
  // expected-error @+1 {{'axes' value 2 at index 0 is out of range for data of rank 2 (expected 0 <= axis < 2)}}
  %0 = interp.interpolate_v4 %x, %s, %c, %axes {mode = nearest, shape_calculation_mode = sizes} : (tensor<4x4xf32>, tensor<1xi64>, tensor<1xf32>, tensor<1xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @negative_axis(%x: tensor<4x4xf32>, %s: tensor<1xi64>, %c: tensor<1xf32>) {
  %axes = arith.constant dense<-1> : tensor<1xi64>
  // rule: axes-range
  // expected-error @+1 {{'axes' value -1 at index 0 is out of range for data of rank 2}}
  %0 = interp.interpolate_v4 %x, %s, %c, %axes {mode = nearest, shape_calculation_mode = sizes} : (tensor<4x4xf32>, tensor<1xi64>, tensor<1xf32>, tensor<1xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @negative_axis_unranked(%x: tensor<*xf32>, %s: tensor<1xi64>, %c: tensor<1xf32>) {
  %axes = arith.constant dense<-3> : tensor<1xi64>
  // rule: axes-range
  // expected-error @+1 {{'axes' value -3 at index 0 is out of range (axes must be non-negative)}}
  %0 = interp.interpolate_v4 %x, %s, %c, %axes {mode = nearest, shape_calculation_mode = sizes} : (tensor<*xf32>, tensor<1xi64>, tensor<1xf32>, tensor<1xi64>) -> tensor<*xf32>
  return
}

// -----

func.func @duplicate_axis(%x: tensor<4x4xf32>, %s: tensor<2xi64>, %c: tensor<2xf32>) {
  %axes = arith.constant dense<[1, 1]> : tensor<2xi64>
  // rule: axes-unique
  // expected-error @+1 {{'axes' contains 1 twice}}
  %0 = interp.interpolate_v4 %x, %s, %c, %axes {mode = nearest, shape_calculation_mode = sizes} : (tensor<4x4xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @sizes_length(%x: tensor<4x4xf32>, %s: tensor<3xi64>, %c: tensor<2xf32>) {
  // rule: shape-length
  // expected-error @+1 {{'sizes' has 3 elements but there are 2 axes (shape_calculation_mode = sizes)}}
  %0 = interp.interpolate_v4 %x, %s, %c {mode = nearest, shape_calculation_mode = sizes} : (tensor<4x4xf32>, tensor<3xi64>, tensor<2xf32>) -> tensor<?x?xf32>
  return
}

// -----

func.func @scales_length(%x: tensor<4x4xf32>, %s: tensor<1xi64>, %c: tensor<1xf32>, %axes: tensor<2xi64>) {
  // rule: shape-length
  // expected-error @+1 {{'scales' has 1 elements but there are 2 axes (shape_calculation_mode = scales)}}
  %0 = interp.interpolate_v4 %x, %s, %c, %axes {mode = nearest, shape_calculation_mode = scales} : (tensor<4x4xf32>, tensor<1xi64>, tensor<1xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @negative_size(%x: tensor<4x4xf32>, %c: tensor<2xf32>) {
  %s = arith.constant dense<[3, -2]> : tensor<2xi64>
  // rule: sizes-sign
  // expected-error @+1 {{'sizes' value -2 at index 1 must be non-negative}}
  %0 = interp.interpolate_v4 %x, %s, %c {mode = nearest, shape_calculation_mode = sizes} : (tensor<4x4xf32>, tensor<2xi64>, tensor<2xf32>) -> tensor<?x?xf32>
  return
}

// -----

func.func @zero_scale(%x: tensor<4x4xf32>, %s: tensor<2xi64>) {
  %c = arith.constant dense<[1.0, 0.0]> : tensor<2xf32>
  // rule: scales-value
  // expected-error @+1 {{'scales' value 0 at index 1 must be finite and > 0}}
  %0 = interp.interpolate_v4 %x, %s, %c {mode = nearest, shape_calculation_mode = scales} : (tensor<4x4xf32>, tensor<2xi64>, tensor<2xf32>) -> tensor<?x?xf32>
  return
}

// -----

func.func @negative_scale(%x: tensor<4x4xf32>, %s: tensor<2xi64>) {
  %c = arith.constant dense<[-2.0, 1.0]> : tensor<2xf32>
  // rule: scales-value
  // expected-error @+1 {{'scales' value -2 at index 0 must be finite and > 0}}
  %0 = interp.interpolate_v4 %x, %s, %c {mode = nearest, shape_calculation_mode = scales} : (tensor<4x4xf32>, tensor<2xi64>, tensor<2xf32>) -> tensor<?x?xf32>
  return
}

// -----

func.func @nan_scale(%x: tensor<4x4xf32>, %s: tensor<2xi64>) {
  %c = arith.constant dense<[0x7FC00000, 1.0]> : tensor<2xf32>
  // rule: scales-value
  // expected-error @+1 {{'scales' value nan at index 0 must be finite and > 0}}
  %0 = interp.interpolate_v4 %x, %s, %c {mode = nearest, shape_calculation_mode = scales} : (tensor<4x4xf32>, tensor<2xi64>, tensor<2xf32>) -> tensor<?x?xf32>
  return
}

// -----

func.func @infinite_scale_f64(%x: tensor<4x4xf32>, %s: tensor<2xi64>) {
  // 1e300 is finite in f64 but not in float32, the precision scales are read in.
  %c = arith.constant dense<[1.0e300, 1.0]> : tensor<2xf64>
  // rule: scales-value
  // expected-error @+1 {{'scales' value inf at index 0 must be finite and > 0}}
  %0 = interp.interpolate_v4 %x, %s, %c {mode = nearest, shape_calculation_mode = scales} : (tensor<4x4xf32>, tensor<2xi64>, tensor<2xf64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @scale_overflows_dimension(%x: tensor<4x4xf32>, %s: tensor<2xi64>) {
  %c = arith.constant dense<[1.0e30, 1.0]> : tensor<2xf32>
  // rule: scales-overflow
  // expected-error @+1 {{'scales' value 1.00000002e+30 at index 0 makes output dimension 0 exceed the supported 281474976710656}}
  %0 = interp.interpolate_v4 %x, %s, %c {mode = nearest, shape_calculation_mode = scales} : (tensor<4x4xf32>, tensor<2xi64>, tensor<2xf32>) -> tensor<?x?xf32>
  return
}

// -----

func.func @size_too_large(%x: tensor<4x4xf32>, %c: tensor<2xf32>) {
  %s = arith.constant dense<[4, 9223372036854775807]> : tensor<2xi64>
  // rule: output-dims
  // expected-error @+1 {{output dimension 1 would be 9223372036854775807, more than the supported 281474976710656}}
  %0 = interp.interpolate_v4 %x, %s, %c {mode = nearest, shape_calculation_mode = sizes} : (tensor<4x4xf32>, tensor<2xi64>, tensor<2xf32>) -> tensor<?x?xf32>
  return
}

// -----

func.func @linear_onnx_axes(%x: tensor<1x3x8x8xf32>, %s: tensor<2xi64>, %c: tensor<2xf32>) {
  %axes = arith.constant dense<[1, 2]> : tensor<2xi64>
  // rule: linear-onnx-axes
  // expected-error @+1 {{mode = linear_onnx requires axes [0, 1] for rank 2, [0, 1, 2] for rank 3, [2, 3] or [0, 1, 2, 3] for rank 4, [2, 3, 4] or [0, 1, 2, 3, 4] for rank 5; got [1, 2] for rank 4}}
  %0 = interp.interpolate_v4 %x, %s, %c, %axes {mode = linear_onnx, shape_calculation_mode = sizes} : (tensor<1x3x8x8xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<?x?x?x?xf32>
  return
}

// -----

func.func @linear_onnx_default_axes_rank1(%x: tensor<8xf32>, %s: tensor<1xi64>, %c: tensor<1xf32>) {
  // rule: linear-onnx-axes
  // expected-error @+1 {{mode = linear_onnx requires axes}}
  %0 = interp.interpolate_v4 %x, %s, %c {mode = linear_onnx, shape_calculation_mode = sizes} : (tensor<8xf32>, tensor<1xi64>, tensor<1xf32>) -> tensor<?xf32>
  return
}

// -----

func.func @result_dim_mismatch(%x: tensor<1x2x48x80xf32>, %s: tensor<2xi64>) {
  %c = arith.constant dense<[0.5, 2.0]> : tensor<2xf32>
  %axes = arith.constant dense<[2, 3]> : tensor<2xi64>
  // rule: result-dims
  // expected-error @+1 {{result dimension 2 is 25 but the operands give 24}}
  %0 = interp.interpolate_v4 %x, %s, %c, %axes {mode = linear, shape_calculation_mode = scales} : (tensor<1x2x48x80xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x2x25x160xf32>
  return
}

// -----

func.func @non_axis_dim_mismatch(%x: tensor<1x2x48x80xf32>, %s: tensor<2xi64>, %c: tensor<2xf32>) {
  %axes = arith.constant dense<[2, 3]> : tensor<2xi64>
  // Non-axis dims are the padded input dims.
  // rule: result-dims
  // expected-error @+1 {{result dimension 1 is 2 but the operands give 4}}
  %0 = interp.interpolate_v4 %x, %s, %c, %axes {mode = nearest, shape_calculation_mode = sizes, pads_begin = array<i64: 0, 1>, pads_end = array<i64: 0, 1>} : (tensor<1x2x48x80xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x2x?x?xf32>
  return
}

// -----

func.func @empty_axis_to_nonempty(%x: tensor<0x4xf32>, %c: tensor<2xf32>) {
  %s = arith.constant dense<[3, 4]> : tensor<2xi64>
  // rule: empty-axis
  // expected-error @+1 {{axis 0 has an empty (padded) input and cannot be interpolated to length 3}}
  %0 = interp.interpolate_v4 %x, %s, %c {mode = nearest, shape_calculation_mode = sizes} : (tensor<0x4xf32>, tensor<2xi64>, tensor<2xf32>) -> tensor<?x?xf32>
  return
}

// -----

func.func @data_element_type(%x: tensor<4xi16>, %s: tensor<1xi64>, %c: tensor<1xf32>) {
  // rule: ods
  // expected-error @+1 {{operand #0 must be tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float or 8-bit signless integer or 8-bit unsigned integer or 32-bit signless integer or 64-bit signless integer values}}
  %0 = interp.interpolate_v4 %x, %s, %c {mode = nearest, shape_calculation_mode = sizes} : (tensor<4xi16>, tensor<1xi64>, tensor<1xf32>) -> tensor<?xi16>
  return
}

// -----

func.func @sizes_not_1d(%x: tensor<4xf32>, %s: tensor<1x1xi64>, %c: tensor<1xf32>) {
  // rule: ods
  // expected-error @+1 {{operand #1 must be 1D tensor of}}
  %0 = interp.interpolate_v4 %x, %s, %c {mode = nearest, shape_calculation_mode = sizes} : (tensor<4xf32>, tensor<1x1xi64>, tensor<1xf32>) -> tensor<?xf32>
  return
}

// -----

func.func @scales_not_float(%x: tensor<4xf32>, %s: tensor<1xi64>, %c: tensor<1xi32>) {
  // rule: ods
  // expected-error @+1 {{operand #2 must be 1D tensor of floating-point values}}
  %0 = interp.interpolate_v4 %x, %s, %c {mode = nearest, shape_calculation_mode = sizes} : (tensor<4xf32>, tensor<1xi64>, tensor<1xi32>) -> tensor<?xf32>
  return
}

// -----

func.func @axes_not_integer(%x: tensor<4xf32>, %s: tensor<1xi64>, %c: tensor<1xf32>) {
  // rule: ods
  // expected-error @+1 {{operand #3 must be 1D tensor of}}
  %0 = interp.interpolate_v4 %x, %s, %c, %c {mode = nearest, shape_calculation_mode = sizes} : (tensor<4xf32>, tensor<1xi64>, tensor<1xf32>, tensor<1xf32>) -> tensor<?xf32>
  return
}

// -----

func.func @missing_mode(%x: tensor<4xf32>, %s: tensor<1xi64>, %c: tensor<1xf32>) {
  // rule: ods
  // expected-error @+1 {{'interp.interpolate_v4' op requires attribute 'mode'}}
  %0 = interp.interpolate_v4 %x, %s, %c {shape_calculation_mode = sizes} : (tensor<4xf32>, tensor<1xi64>, tensor<1xf32>) -> tensor<?xf32>
  return
}

// -----

func.func @unknown_mode(%x: tensor<4xf32>, %s: tensor<1xi64>, %c: tensor<1xf32>) {
  // area is an Interpolate-1 mode only.
  // rule: ods
  // expected-error @+1 {{invalid value 'area' for enum attribute 'mode'}}
  %0 = interp.interpolate_v4 %x, %s, %c {mode = area, shape_calculation_mode = sizes} : (tensor<4xf32>, tensor<1xi64>, tensor<1xf32>) -> tensor<?xf32>
  return
}

// -----

func.func @unknown_nearest_mode(%x: tensor<4xf32>, %s: tensor<1xi64>, %c: tensor<1xf32>) {
  // rule: ods
  // expected-error @+1 {{invalid value 'round_half_even' for enum attribute 'nearest_mode'}}
  %0 = interp.interpolate_v4 %x, %s, %c {mode = nearest, shape_calculation_mode = sizes, nearest_mode = round_half_even} : (tensor<4xf32>, tensor<1xi64>, tensor<1xf32>) -> tensor<?xf32>
  return
}

// -----

func.func @attribute_of_wrong_kind(%x: tensor<4xf32>, %s: tensor<1xi64>, %c: tensor<1xf32>) {
  // rule: ods
  // expected-error @+1 {{'interp.interpolate_v4' op attribute 'antialias' failed to satisfy constraint: bool attribute}}
  %0 = interp.interpolate_v4 %x, %s, %c {mode = nearest, shape_calculation_mode = sizes, antialias = 1 : i32} : (tensor<4xf32>, tensor<1xi64>, tensor<1xf32>) -> tensor<?xf32>
  return
}

// -----

func.func @duplicate_attribute(%x: tensor<4xf32>, %s: tensor<1xi64>, %c: tensor<1xf32>) {
  // rule: ods
  // expected-error @+1 {{duplicate attribute 'mode'}}
  %0 = interp.interpolate_v4 %x, %s, %c {mode = nearest, mode = cubic, shape_calculation_mode = sizes} : (tensor<4xf32>, tensor<1xi64>, tensor<1xf32>) -> tensor<?xf32>
  return
}

// -----

func.func @too_few_operands(%x: tensor<4xf32>, %s: tensor<1xi64>) {
  // rule: ods
  // expected-error @+1 {{expected 3 or 4 operands, got 2}}
  %0 = interp.interpolate_v4 %x, %s {mode = nearest, shape_calculation_mode = sizes} : (tensor<4xf32>, tensor<1xi64>) -> tensor<?xf32>
  return
}

// -----

func.func @two_results(%x: tensor<4xf32>, %s: tensor<1xi64>, %c: tensor<1xf32>) {
  // rule: ods
  // expected-error @+1 {{expected one result type, got 2}}
  %0:2 = interp.interpolate_v4 %x, %s, %c {mode = nearest, shape_calculation_mode = sizes} : (tensor<4xf32>, tensor<1xi64>, tensor<1xf32>) -> (tensor<?xf32>, tensor<?xf32>)
  return
}

// -----

func.func @v1_axes_not_increasing(%x: tensor<4x4xf32>, %t: tensor<2xi64>) {
  // rule: axes-increasing
  // expected-error @+1 {{'axes' must be strictly increasing, got [1, 0]}}
  %0 = interp.interpolate_v1 %x, %t {axes = array<i64: 1, 0>, mode = nearest} : (tensor<4x4xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @v1_axis_out_of_range(%x: tensor<4x4xf32>, %t: tensor<1xi64>) {
  // rule: axes-range
  // expected-error @+1 {{'axes' value 5 at index 0 is out of range for data of rank 2 (expected 0 <= axis < 2)}}
  %0 = interp.interpolate_v1 %x, %t {axes = array<i64: 5>, mode = nearest} : (tensor<4x4xf32>, tensor<1xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @v1_duplicate_axis(%x: tensor<4x4xf32>, %t: tensor<2xi64>) {
  // rule: axes-unique
  // expected-error @+1 {{'axes' contains 1 twice}}
  %0 = interp.interpolate_v1 %x, %t {axes = array<i64: 1, 1>, mode = nearest} : (tensor<4x4xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @v1_target_length(%x: tensor<4x4xf32>, %t: tensor<1xi64>) {
  // rule: shape-length
  // expected-error @+1 {{'target_spatial_shape' has 1 elements but 'axes' has 2}}
  %0 = interp.interpolate_v1 %x, %t {axes = array<i64: 0, 1>, mode = nearest} : (tensor<4x4xf32>, tensor<1xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @v1_negative_target(%x: tensor<4x4xf32>) {
  %t = arith.constant dense<[-1]> : tensor<1xi64>
  // rule: sizes-sign
  // expected-error @+1 {{'target_spatial_shape' value -1 at index 0 must be non-negative}}
  %0 = interp.interpolate_v1 %x, %t {axes = array<i64: 1>, mode = nearest} : (tensor<4x4xf32>, tensor<1xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @v1_pad_off_axis(%x: tensor<4x4xf32>, %t: tensor<1xi64>) {
  // rule: v1-pads-axes
  // expected-error @+1 {{'pads_begin' is 2 on dimension 0, which is not in 'axes'; pads are allowed on axes only}}
  %0 = interp.interpolate_v1 %x, %t {axes = array<i64: 1>, mode = nearest, pads_begin = array<i64: 2, 0>} : (tensor<4x4xf32>, tensor<1xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @v1_negative_pad(%x: tensor<4x4xf32>, %t: tensor<1xi64>) {
  // rule: pads-range
  // expected-error @+1 {{'pads_end' value -3 at index 1 must be non-negative}}
  %0 = interp.interpolate_v1 %x, %t {axes = array<i64: 1>, mode = nearest, pads_end = array<i64: 0, -3>} : (tensor<4x4xf32>, tensor<1xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @v1_linear_rank6(%x: tensor<1x1x1x1x4x4xf32>, %t: tensor<1xi64>) {
  // rule: v1-linear-rank
  // expected-error @+1 {{mode = linear supports rank <= 5, got rank 6}}
  %0 = interp.interpolate_v1 %x, %t {axes = array<i64: 5>, mode = linear} : (tensor<1x1x1x1x4x4xf32>, tensor<1xi64>) -> tensor<1x1x1x1x4x?xf32>
  return
}

// -----

func.func @v1_result_dim(%x: tensor<1x2x48x80xf32>) {
  %t = arith.constant dense<[50, 60]> : tensor<2xi64>
  // rule: result-dims
  // expected-error @+1 {{result dimension 3 is 61 but the operands give 60}}
  %0 = interp.interpolate_v1 %x, %t {axes = array<i64: 2, 3>, mode = linear} : (tensor<1x2x48x80xf32>, tensor<2xi64>) -> tensor<1x2x50x61xf32>
  return
}

// -----

func.func @v1_non_axis_dim(%x: tensor<1x2x48x80xf32>, %t: tensor<2xi64>) {
  // v1 keeps the unpadded input dims off the axes.
  // rule: result-dims
  // expected-error @+1 {{result dimension 1 is 3 but the operands give 2}}
  %0 = interp.interpolate_v1 %x, %t {axes = array<i64: 2, 3>, mode = area} : (tensor<1x2x48x80xf32>, tensor<2xi64>) -> tensor<1x3x?x?xf32>
  return
}

// -----

func.func @v1_unknown_mode(%x: tensor<4xf32>, %t: tensor<1xi64>) {
  // rule: ods
  // expected-error @+1 {{invalid value 'linear_onnx' for enum attribute 'mode'}}
  %0 = interp.interpolate_v1 %x, %t {axes = array<i64: 0>, mode = linear_onnx} : (tensor<4xf32>, tensor<1xi64>) -> tensor<?xf32>
  return
}

// -----

func.func @v1_missing_axes(%x: tensor<4xf32>, %t: tensor<1xi64>) {
  // rule: ods
  // expected-error @+1 {{'interp.interpolate_v1' op requires attribute 'axes'}}
  %0 = interp.interpolate_v1 %x, %t {mode = nearest} : (tensor<4xf32>, tensor<1xi64>) -> tensor<?xf32>
  return
}

// -----

func.func @v1_element_type(%x: tensor<4xf32>, %t: tensor<1xi64>) {
  // rule: element-type
  // expected-error @+1 {{'interp.interpolate_v1' op result element type 'f64' must equal the data element type 'f32'}}
  %0 = interp.interpolate_v1 %x, %t {axes = array<i64: 0>, mode = nearest} : (tensor<4xf32>, tensor<1xi64>) -> tensor<?xf64>
  return
}

// -----

func.func @too_many_elements(%x: tensor<4294967296x4294967296xf32>) {
  %s = arith.constant dense<[4294967296]> : tensor<1xi64>
  %c = arith.constant dense<[1.0]> : tensor<1xf32>
  %a = arith.constant dense<[0]> : tensor<1xi64>
  // rule: element-count
  // expected-error @+1 {{'interp.interpolate_v4' op 'data' type 'tensor<4294967296x4294967296xf32>' has more elements than int64 can count}}
  %0 = interp.interpolate_v4 %x, %s, %c, %a {mode = nearest, shape_calculation_mode = sizes}
     : (tensor<4294967296x4294967296xf32>, tensor<1xi64>, tensor<1xf32>, tensor<1xi64>) -> tensor<4294967296x4294967296xf32>
  return
}

// -----

func.func @result_too_many_elements(%x: tensor<2x2xf32>) {
  %s = arith.constant dense<[4294967296, 4294967296]> : tensor<2xi64>
  %c = arith.constant dense<[1.0, 1.0]> : tensor<2xf32>
  // rule: element-count
  // expected-error @+1 {{'interp.interpolate_v4' op 'result' type 'tensor<4294967296x4294967296xf32>' has more elements than int64 can count}}
  %0 = interp.interpolate_v4 %x, %s, %c {mode = nearest, shape_calculation_mode = sizes}
     : (tensor<2x2xf32>, tensor<2xi64>, tensor<2xf32>) -> tensor<4294967296x4294967296xf32>
  return
}

// -----

// Interpolate-11: every rule of Interpolate-4 with scales_or_sizes in the
// role its mode gives it, and the rules of its own.

func.func @v11_element_type(%x: tensor<4x4xf32>, %s: tensor<2xi64>) {
  // expected-error @+1 {{'interp.interpolate_v11' op result element type 'f16' must equal the data element type 'f32'}}
  %0 = interp.interpolate_v11 %x, %s {mode = nearest, shape_calculation_mode = sizes} : (tensor<4x4xf32>, tensor<2xi64>) -> tensor<?x?xf16>
  return
}

// -----

func.func @v11_rank_zero(%x: tensor<f32>, %s: tensor<0xi64>) {
  // expected-error @+1 {{'data' must have rank >= 1, got rank 0}}
  %0 = interp.interpolate_v11 %x, %s {mode = nearest, shape_calculation_mode = sizes} : (tensor<f32>, tensor<0xi64>) -> tensor<f32>
  return
}

// -----

func.func @v11_sizes_need_integers(%x: tensor<4x4xf32>, %s: tensor<2xf32>) {
  // rule: shape-operand-type
  // expected-error @+1 {{'scales_or_sizes' must hold integers (sizes) when shape_calculation_mode = sizes}}
  %0 = interp.interpolate_v11 %x, %s {mode = linear, shape_calculation_mode = sizes} : (tensor<4x4xf32>, tensor<2xf32>) -> tensor<?x?xf32>
  return
}

// -----

func.func @v11_scales_need_floats(%x: tensor<4x4xf32>, %s: tensor<2xi64>) {
  // rule: shape-operand-type
  // expected-error @+1 {{'scales_or_sizes' must hold floating-point values (scales) when shape_calculation_mode = scales}}
  %0 = interp.interpolate_v11 %x, %s {mode = linear, shape_calculation_mode = scales} : (tensor<4x4xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @v11_shape_length(%x: tensor<4x4xf32>, %s: tensor<3xi64>) {
  // rule: shape-length
  // expected-error @+1 {{'scales_or_sizes' has 3 elements but there are 2 axes}}
  %0 = interp.interpolate_v11 %x, %s {mode = linear, shape_calculation_mode = sizes} : (tensor<4x4xf32>, tensor<3xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @v11_sizes_sign(%x: tensor<4x4xf32>) {
  %s = arith.constant dense<[2, -1]> : tensor<2xi64>
  // rule: sizes-sign
  // expected-error @+1 {{'scales_or_sizes' value -1 at index 1 must be non-negative}}
  %0 = interp.interpolate_v11 %x, %s {mode = cubic, shape_calculation_mode = sizes} : (tensor<4x4xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @v11_scales_value(%x: tensor<4x4xf32>) {
  %s = arith.constant dense<[2.0, 0.0]> : tensor<2xf32>
  // rule: scales-value
  // expected-error @+1 {{'scales_or_sizes' value 0 at index 1 must be finite and > 0}}
  %0 = interp.interpolate_v11 %x, %s {mode = bilinear_pillow, shape_calculation_mode = scales} : (tensor<4x4xf32>, tensor<2xf32>) -> tensor<?x?xf32>
  return
}

// -----

func.func @v11_scales_overflow(%x: tensor<4x4xf32>) {
  %s = arith.constant dense<[2.0, 1.0e30]> : tensor<2xf32>
  // rule: scales-overflow
  // expected-error @+1 {{'scales_or_sizes' value 1.00000002e+30 at index 1 makes output dimension 1 exceed the supported 281474976710656}}
  %0 = interp.interpolate_v11 %x, %s {mode = linear, shape_calculation_mode = scales} : (tensor<4x4xf32>, tensor<2xf32>) -> tensor<?x?xf32>
  return
}

// -----

func.func @v11_axes_range(%x: tensor<4x4xf32>, %s: tensor<1xi64>) {
  %a = arith.constant dense<[2]> : tensor<1xi64>
  // expected-error @+1 {{'axes' value 2 at index 0 is out of range for data of rank 2 (expected 0 <= axis < 2)}}
  %0 = interp.interpolate_v11 %x, %s, %a {mode = nearest, shape_calculation_mode = sizes} : (tensor<4x4xf32>, tensor<1xi64>, tensor<1xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @v11_axes_unique(%x: tensor<4x4xf32>, %s: tensor<2xi64>) {
  %a = arith.constant dense<[1, 1]> : tensor<2xi64>
  // expected-error @+1 {{'axes' contains 1 twice}}
  %0 = interp.interpolate_v11 %x, %s, %a {mode = nearest, shape_calculation_mode = sizes} : (tensor<4x4xf32>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @v11_pads(%x: tensor<4x4xf32>, %s: tensor<2xi64>) {
  // expected-error @+1 {{'pads_end' has 3 entries, more than the data rank 2}}
  %0 = interp.interpolate_v11 %x, %s {mode = nearest, shape_calculation_mode = sizes, pads_end = array<i64: 0, 0, 1>} : (tensor<4x4xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @v11_linear_onnx_axes(%x: tensor<1x2x4x4xf32>, %s: tensor<2xi64>) {
  %a = arith.constant dense<[1, 2]> : tensor<2xi64>
  // expected-error @+1 {{mode = linear_onnx requires axes}}
  %0 = interp.interpolate_v11 %x, %s, %a {mode = linear_onnx, shape_calculation_mode = sizes} : (tensor<1x2x4x4xf32>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x?x?x4xf32>
  return
}

// -----

func.func @v11_result_dims(%x: tensor<4x4xf32>) {
  %s = arith.constant dense<[8, 8]> : tensor<2xi64>
  // expected-error @+1 {{result dimension 1 is 9 but the operands give 8}}
  %0 = interp.interpolate_v11 %x, %s {mode = bicubic_pillow, shape_calculation_mode = sizes} : (tensor<4x4xf32>, tensor<2xi64>) -> tensor<8x9xf32>
  return
}

// -----

func.func @v11_pillow_rank(%x: tensor<4xf32>, %s: tensor<1xi64>) {
  // rule: pillow-rank
  // expected-error @+1 {{bilinear_pillow and bicubic_pillow need data of rank >= 2, got rank 1}}
  %0 = interp.interpolate_v11 %x, %s {mode = bilinear_pillow, shape_calculation_mode = sizes} : (tensor<4xf32>, tensor<1xi64>) -> tensor<?xf32>
  return
}

// -----

func.func @v11_pillow_three_axes(%x: tensor<2x4x4xf32>, %s: tensor<3xi64>) {
  %a = arith.constant dense<[0, 1, 2]> : tensor<3xi64>
  // rule: pillow-axes
  // expected-error @+1 {{bilinear_pillow and bicubic_pillow resize exactly two axes, strictly increasing ([h, w]), got [0, 1, 2]}}
  %0 = interp.interpolate_v11 %x, %s, %a {mode = bilinear_pillow, shape_calculation_mode = sizes} : (tensor<2x4x4xf32>, tensor<3xi64>, tensor<3xi64>) -> tensor<?x?x?xf32>
  return
}

// -----

func.func @v11_pillow_descending(%x: tensor<1x3x4x4xui8>, %s: tensor<2xi64>) {
  %a = arith.constant dense<[3, 2]> : tensor<2xi64>
  // rule: pillow-axes
  // expected-error @+1 {{got [3, 2]}}
  %0 = interp.interpolate_v11 %x, %s, %a {mode = bicubic_pillow, shape_calculation_mode = sizes} : (tensor<1x3x4x4xui8>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x3x?x?xui8>
  return
}

// -----

func.func @v11_pillow_axes_not_constant(%x: tensor<1x3x4x4xf32>, %s: tensor<2xi64>, %a: tensor<2xi64>) {
  // rule: pillow-constant-axes
  // expected-error @+1 {{bilinear_pillow and bicubic_pillow need constant 'axes'}}
  %0 = interp.interpolate_v11 %x, %s, %a {mode = bilinear_pillow, shape_calculation_mode = sizes} : (tensor<1x3x4x4xf32>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?x?x?xf32>
  return
}

// -----

func.func @v11_pillow_axes_absent(%x: tensor<3x4x4xf32>, %s: tensor<2xi64>) {
  // rule: pillow-constant-axes
  // expected-error @+1 {{bilinear_pillow and bicubic_pillow need an 'axes' operand at rank 3 (without it every dimension is resized)}}
  %0 = interp.interpolate_v11 %x, %s {mode = bilinear_pillow, shape_calculation_mode = sizes} : (tensor<3x4x4xf32>, tensor<2xi64>) -> tensor<?x?x?xf32>
  return
}

// -----

func.func @v11_unknown_mode(%x: tensor<4x4xf32>, %s: tensor<2xi64>) {
  // expected-error @+1 {{invalid value 'area' for enum attribute 'mode'}}
  %0 = interp.interpolate_v11 %x, %s {mode = area, shape_calculation_mode = sizes} : (tensor<4x4xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @v11_cube_coeff(%x: tensor<4x4xf32>, %s: tensor<2xi64>) {
  // expected-error @+1 {{'cube_coeff' must be finite as float32, got 1e+300}}
  %0 = interp.interpolate_v11 %x, %s {mode = bicubic_pillow, shape_calculation_mode = sizes, cube_coeff = 1.0e300} : (tensor<4x4xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @v11_pytorch_arithmetic_mode(%x: tensor<4x4xui8>, %s: tensor<2xi64>) {
  // rule: pytorch-arithmetic-mode
  // expected-error @+1 {{integer_arithmetic = pytorch applies to bilinear_pillow and bicubic_pillow only, got mode = linear}}
  %0 = interp.interpolate_v11 %x, %s {mode = linear, shape_calculation_mode = sizes, integer_arithmetic = pytorch} : (tensor<4x4xui8>, tensor<2xi64>) -> tensor<?x?xui8>
  return
}

// -----

func.func @v11_pytorch_arithmetic_i8(%x: tensor<4x4xi8>, %s: tensor<2xi64>) {
  // rule: pytorch-arithmetic-type
  // expected-error @+1 {{integer_arithmetic = pytorch needs ui8 data (PyTorch's integer antialiased resize exists for uint8 only), got 'i8'}}
  %0 = interp.interpolate_v11 %x, %s {mode = bilinear_pillow, shape_calculation_mode = sizes, integer_arithmetic = pytorch} : (tensor<4x4xi8>, tensor<2xi64>) -> tensor<?x?xi8>
  return
}

// -----

func.func @v11_pytorch_arithmetic_f32(%x: tensor<4x4xf32>, %s: tensor<2xi64>) {
  // rule: pytorch-arithmetic-type
  // expected-error @+1 {{integer_arithmetic = pytorch needs ui8 data (PyTorch's integer antialiased resize exists for uint8 only), got 'f32'}}
  %0 = interp.interpolate_v11 %x, %s {mode = bicubic_pillow, shape_calculation_mode = sizes, integer_arithmetic = pytorch, cube_coeff = -0.5} : (tensor<4x4xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @v11_pytorch_arithmetic_cube_coeff(%x: tensor<4x4xui8>, %s: tensor<2xi64>) {
  // rule: pytorch-arithmetic-cube-coeff
  // expected-error @+1 {{integer_arithmetic = pytorch needs cube_coeff = -0.5 with bicubic_pillow (PyTorch's antialiased bicubic fixes a = -0.5), got -0.75}}
  %0 = interp.interpolate_v11 %x, %s {mode = bicubic_pillow, shape_calculation_mode = sizes, integer_arithmetic = pytorch} : (tensor<4x4xui8>, tensor<2xi64>) -> tensor<?x?xui8>
  return
}

// -----

func.func @v11_pillow_fixed_point_cube_coeff(%x: tensor<4x4xi8>, %s: tensor<2xi64>) {
  // rule: pillow-fixed-point-cube-coeff
  // expected-error @+1 {{bicubic_pillow on 8-bit data needs cube_coeff in [-2, 2] (beyond, Pillow's fixed-point sums can overflow int32), got -3}}
  %0 = interp.interpolate_v11 %x, %s {mode = bicubic_pillow, shape_calculation_mode = sizes, cube_coeff = -3.0} : (tensor<4x4xi8>, tensor<2xi64>) -> tensor<?x?xi8>
  return
}

// -----

func.func @v11_pillow_fixed_point_cube_coeff_float(%x: tensor<4x4xf32>, %s: tensor<2xi64>) {
  // Float data sums in float: any finite cube_coeff.
  %0 = interp.interpolate_v11 %x, %s {mode = bicubic_pillow, shape_calculation_mode = sizes, cube_coeff = -3.0} : (tensor<4x4xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @v11_integer_arithmetic_unknown(%x: tensor<4x4xui8>, %s: tensor<2xi64>) {
  // rule: ods
  // expected-error @+1 {{invalid value 'opencv' for enum attribute 'integer_arithmetic'}}
  %0 = interp.interpolate_v11 %x, %s {mode = bilinear_pillow, shape_calculation_mode = sizes, integer_arithmetic = opencv} : (tensor<4x4xui8>, tensor<2xi64>) -> tensor<?x?xui8>
  return
}
