// RUN: interp-opt %s -split-input-file --convert-interp-to-linalg | FileCheck %s

// Pads become a zero tensor.pad on every dimension (batch and channel too).
// CHECK-LABEL: func.func @pads_every_dim
// CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[P:.*]] = tensor.pad %{{.*}} low[1, 0, 2] high[0, 1, 0]
// CHECK: tensor.yield %[[Z]]
// CHECK: } : tensor<2x3x4xf32> to tensor<3x4x6xf32>
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[P]], %{{.*}} : tensor<3x4x6xf32>, tensor<6x2xi64>)
func.func @pads_every_dim(%x: tensor<2x3x4xf32>) -> tensor<3x4x12xf32> {
  %s = arith.constant dense<[12]> : tensor<1xi64>
  %c = arith.constant dense<[2.0]> : tensor<1xf32>
  %a = arith.constant dense<[2]> : tensor<1xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = nearest, shape_calculation_mode = scales, pads_begin = array<i64: 1, 0, 2>, pads_end = array<i64: 0, 1>}
     : (tensor<2x3x4xf32>, tensor<1xi64>, tensor<1xf32>, tensor<1xi64>) -> tensor<3x4x12xf32>
  return %r : tensor<3x4x12xf32>
}

// -----

// Padding an empty tensor yields zeros.
// CHECK-LABEL: func.func @pads_of_empty
// CHECK-NOT: tensor.pad
// CHECK: %[[Z:.*]] = arith.constant 0 : i8
// CHECK: linalg.fill ins(%[[Z]] : i8) outs(%{{.*}} : tensor<2x2xi8>)
func.func @pads_of_empty(%x: tensor<0x2xi8>) -> tensor<4x2xi8> {
  %s = arith.constant dense<[4]> : tensor<1xi64>
  %c = arith.constant dense<[1.0]> : tensor<1xf32>
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = nearest, shape_calculation_mode = sizes, pads_begin = array<i64: 1>, pads_end = array<i64: 1>}
     : (tensor<0x2xi8>, tensor<1xi64>, tensor<1xf32>, tensor<1xi64>) -> tensor<4x2xi8>
  return %r : tensor<4x2xi8>
}

// -----

// An empty result needs no computation.
// CHECK-LABEL: func.func @empty_result
// CHECK-NOT: linalg.generic
// CHECK: %[[E:.*]] = tensor.empty() : tensor<3x0xf32>
// CHECK: return %[[E]]
func.func @empty_result(%x: tensor<3x5xf32>) -> tensor<3x0xf32> {
  %s = arith.constant dense<[0]> : tensor<1xi64>
  %c = arith.constant dense<[1.0]> : tensor<1xf32>
  %a = arith.constant dense<[1]> : tensor<1xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = cubic, shape_calculation_mode = sizes}
     : (tensor<3x5xf32>, tensor<1xi64>, tensor<1xf32>, tensor<1xi64>) -> tensor<3x0xf32>
  return %r : tensor<3x0xf32>
}
