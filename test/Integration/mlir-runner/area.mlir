// RUN: interp-opt %s --interp-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%run_shared_libs | FileCheck %s

// Interpolate-1 area (interp's box filter), 3 -> 2 on [3, 6, 9]: output 0
// covers [0, 1.5): (3 + 0.5 * 6) / 1.5 = 4; output 1 covers [1.5, 3):
// (0.5 * 6 + 9) / 1.5 = 8.
// CHECK: [4,  8]
// 4 -> 2 averages pairs: [1, 3, 5, 7] -> [2, 6].
// CHECK: [2,  6]
func.func @main() {
  %x = arith.constant dense<[3.0, 6.0, 9.0]> : tensor<3xf32>
  %t = arith.constant dense<[2]> : tensor<1xi64>
  %r = interp.interpolate_v1 %x, %t {axes = array<i64: 0>, mode = area} : (tensor<3xf32>, tensor<1xi64>) -> tensor<2xf32>
  %u = tensor.cast %r : tensor<2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  %y = arith.constant dense<[1.0, 3.0, 5.0, 7.0]> : tensor<4xf32>
  %r2 = interp.interpolate_v1 %y, %t {axes = array<i64: 0>, mode = area} : (tensor<4xf32>, tensor<1xi64>) -> tensor<2xf32>
  %u2 = tensor.cast %r2 : tensor<2xf32> to tensor<*xf32>
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(tensor<*xf32>)
