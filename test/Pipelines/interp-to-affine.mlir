// RUN: interp-opt %s --interp-to-affine | FileCheck %s

// --interp-to-affine stops at bufferized affine loop nests on memrefs.
// CHECK-LABEL: func.func @resize
// Tensor arguments and results take any strides and offset (views).
// CHECK-SAME: (%[[X:.*]]: memref<1x3x8x8xf32, strided<[?, ?, ?, ?], offset: ?>>) -> memref<1x3x16x8xf32, strided<[?, ?, ?, ?], offset: ?>>
// CHECK-NOT: tensor.
// CHECK-NOT: linalg.
// CHECK: memref.get_global
// CHECK: affine.for %{{.*}} = 0 to 1
// CHECK: affine.for %{{.*}} = 0 to 3
// CHECK: affine.for %{{.*}} = 0 to 16
// CHECK: affine.for %{{.*}} = 0 to 8
// CHECK: affine.load %{{.*}}[%{{.*}}, 0] : memref<16x2xi32>
// CHECK: memref.load %[[X]]
// CHECK: affine.store
func.func @resize(%x: tensor<1x3x8x8xf32>) -> tensor<1x3x16x8xf32> {
  %s = arith.constant dense<[16]> : tensor<1xi64>
  %c = arith.constant dense<[2.0]> : tensor<1xf32>
  %a = arith.constant dense<[2]> : tensor<1xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = linear, shape_calculation_mode = sizes}
     : (tensor<1x3x8x8xf32>, tensor<1xi64>, tensor<1xf32>, tensor<1xi64>) -> tensor<1x3x16x8xf32>
  return %r : tensor<1x3x16x8xf32>
}
