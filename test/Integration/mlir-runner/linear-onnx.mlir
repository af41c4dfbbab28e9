// RUN: interp-opt %s --interp-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%run_shared_libs | FileCheck %s

// ONNX-style bilinear, half_pixel, 2x2 -> 4x4. Rows by hand: the input
// coordinates are -0.25, 0.25, 0.75, 1.25, clamped to [0, 1], so the
// per-axis weights of (x0, x1) are (1, 0), (0.75, 0.25), (0.25, 0.75),
// (0, 1) (the last as i1 == i2 = 1).
// CHECK: [1,   1.25,   1.75,   2]
// CHECK: [1.5,   1.75,   2.25,   2.5]
// CHECK: [2.5,   2.75,   3.25,   3.5]
// CHECK: [3,   3.25,   3.75,   4]
func.func @main() {
  %x = arith.constant dense<[[[[1.0, 2.0], [3.0, 4.0]]]]> : tensor<1x1x2x2xf32>
  %s = arith.constant dense<[4, 4]> : tensor<2xi64>
  %c = arith.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = linear_onnx, shape_calculation_mode = sizes}
     : (tensor<1x1x2x2xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x1x4x4xf32>
  %u = tensor.cast %r : tensor<1x1x4x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(tensor<*xf32>)
