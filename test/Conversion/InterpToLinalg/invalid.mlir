// RUN: interp-opt %s -split-input-file --convert-interp-to-linalg -verify-diagnostics

func.func @nonconstant_axes(%x: tensor<4x4xf32>, %s: tensor<1xi64>, %c: tensor<1xf32>, %a: tensor<1xi64>) -> tensor<?x?xf32> {
  // expected-error @+2 {{cannot be lowered with non-constant 'axes' (OpenVINO's CPU plugin requires constant axes too)}}
  // expected-error @+1 {{failed to legalize operation 'interp.interpolate_v4'}}
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = nearest, shape_calculation_mode = sizes}
     : (tensor<4x4xf32>, tensor<1xi64>, tensor<1xf32>, tensor<1xi64>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

func.func @unranked(%x: tensor<*xf32>, %s: tensor<1xi64>, %c: tensor<1xf32>) -> tensor<*xf32> {
  // expected-error @+2 {{cannot be lowered with unranked data}}
  // expected-error @+1 {{failed to legalize operation 'interp.interpolate_v4'}}
  %r = interp.interpolate_v4 %x, %s, %c {mode = nearest, shape_calculation_mode = sizes}
     : (tensor<*xf32>, tensor<1xi64>, tensor<1xf32>) -> tensor<*xf32>
  return %r : tensor<*xf32>
}

// -----

func.func @unranked_result(%x: tensor<4xf32>, %s: tensor<1xi64>, %c: tensor<1xf32>) -> tensor<*xf32> {
  // expected-error @+2 {{cannot be lowered with an unranked result}}
  // expected-error @+1 {{failed to legalize operation 'interp.interpolate_v4'}}
  %r = interp.interpolate_v4 %x, %s, %c {mode = nearest, shape_calculation_mode = sizes}
     : (tensor<4xf32>, tensor<1xi64>, tensor<1xf32>) -> tensor<*xf32>
  return %r : tensor<*xf32>
}

// -----

func.func @v1_area_unranked(%x: tensor<*xf32>, %t: tensor<1xi64>) -> tensor<*xf32> {
  // expected-error @+2 {{cannot be lowered with unranked data}}
  // expected-error @+1 {{failed to legalize operation 'interp.interpolate_v1'}}
  %r = interp.interpolate_v1 %x, %t {axes = array<i64: 0>, mode = area}
     : (tensor<*xf32>, tensor<1xi64>) -> tensor<*xf32>
  return %r : tensor<*xf32>
}

// -----

#sparse = #sparse_tensor.encoding<{map = (d0, d1) -> (d0 : compressed, d1 : dense)}>
func.func @sparse(%x: tensor<4x4xf32, #sparse>, %s: tensor<2xi64>, %c: tensor<2xf32>) -> tensor<4x8xf32> {
  // expected-error @+2 {{cannot be lowered with the encoded tensor type 'tensor<4x4xf32, #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : compressed, d1 : dense) }>>': interp computes dense tensors only}}
  // expected-error @+1 {{failed to legalize operation 'interp.interpolate_v4'}}
  %r = interp.interpolate_v4 %x, %s, %c {mode = nearest, shape_calculation_mode = sizes}
     : (tensor<4x4xf32, #sparse>, tensor<2xi64>, tensor<2xf32>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// -----

// 2^48 elements of 4 bytes: within the element bound, beyond any address
// space.
func.func @address_space(%x: tensor<1x256xf32>) -> tensor<1099511627776x256xf32> {
  %s = arith.constant dense<[1099511627776]> : tensor<1xi64>
  %c = arith.constant dense<[1.0]> : tensor<1xf32>
  %a = arith.constant dense<[0]> : tensor<1xi64>
  // expected-error @+2 {{cannot be lowered: the result 'tensor<1099511627776x256xf32>' needs more bytes than a 64-bit address space has (140737488355328)}}
  // expected-error @+1 {{failed to legalize operation 'interp.interpolate_v4'}}
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = nearest, shape_calculation_mode = sizes}
     : (tensor<1x256xf32>, tensor<1xi64>, tensor<1xf32>, tensor<1xi64>) -> tensor<1099511627776x256xf32>
  return %r : tensor<1099511627776x256xf32>
}
