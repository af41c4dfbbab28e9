// A module whose lowering fails in one of three functions is reduced to
// that function's failing op (the others, and the constants the failure
// does not need, are removed).
// RUN: env INTERP_OPT=interp-opt interp-reduce %s -reduction-tree='traversal-mode=0 test=%S/non-constant-axes-test.sh' | FileCheck %s

// CHECK-NOT: func.func @fine
// CHECK-NOT: func.func @also_fine
// CHECK: func.func @runtime_axes
// CHECK: interp.interpolate_v4
// CHECK-NOT: func.func

func.func @fine(%x: tensor<1x1x4x4xf32>) -> tensor<1x1x8x8xf32> {
  %s = arith.constant dense<[8, 8]> : tensor<2xi64>
  %c = arith.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = linear, shape_calculation_mode = sizes}
       : (tensor<1x1x4x4xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x1x8x8xf32>
  return %r : tensor<1x1x8x8xf32>
}

func.func @runtime_axes(%x: tensor<4x4xf32>, %a: tensor<2xi64>) -> tensor<?x?xf32> {
  %s = arith.constant dense<[8, 8]> : tensor<2xi64>
  %c = arith.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = nearest, shape_calculation_mode = sizes}
       : (tensor<4x4xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func @also_fine(%x: tensor<3xui8>) -> tensor<6xui8> {
  %t = arith.constant dense<[6]> : tensor<1xi64>
  %r = interp.interpolate_v1 %x, %t {axes = array<i64: 0>, mode = nearest}
       : (tensor<3xui8>, tensor<1xi64>) -> tensor<6xui8>
  return %r : tensor<6xui8>
}
