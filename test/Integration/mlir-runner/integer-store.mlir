// RUN: interp-opt %s --interp-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%run_shared_libs | FileCheck %s

// i32 linear_onnx, half_pixel, [0, 10] -> 4: 0, 2.5, 7.5, 10 before the
// store; ties round to even: 0, 2, 8, 10.
// CHECK: {{\[}}[0,   2,   8,   10]]
// i8 cubic (a = -0.75, half_pixel) of [-128, 127, -128, 127, -128, 127]
// upsampled to 12. Expected values from a separate Python transcription of
// the Keys kernel: -154.89, -61.26, 96.12, 87.16, -88.16, -88.16, 87.16,
// 87.16, -88.16, -97.12, 60.26, 153.89; the ends overshoot and saturate.
// CHECK: [-128,  -61,  96,  87,  -88,  -88,  87,  87,  -88,  -97,  60,  127]
func.func @main() {
  %x = arith.constant dense<[[0, 10]]> : tensor<1x2xi32>
  %s = arith.constant dense<[1, 4]> : tensor<2xi64>
  %c = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %r = interp.interpolate_v4 %x, %s, %c {mode = linear_onnx, shape_calculation_mode = sizes}
     : (tensor<1x2xi32>, tensor<2xi64>, tensor<2xf32>) -> tensor<1x4xi32>
  %u = tensor.cast %r : tensor<1x4xi32> to tensor<*xi32>
  call @printMemrefI32(%u) : (tensor<*xi32>) -> ()

  %y = arith.constant dense<[-128, 127, -128, 127, -128, 127]> : tensor<6xi8>
  %s2 = arith.constant dense<[12]> : tensor<1xi64>
  %c1 = arith.constant dense<[2.0]> : tensor<1xf32>
  %r2 = interp.interpolate_v4 %y, %s2, %c1 {mode = cubic, shape_calculation_mode = sizes}
     : (tensor<6xi8>, tensor<1xi64>, tensor<1xf32>) -> tensor<12xi8>
  %w = arith.extsi %r2 : tensor<12xi8> to tensor<12xi32>
  %u2 = tensor.cast %w : tensor<12xi32> to tensor<*xi32>
  call @printMemrefI32(%u2) : (tensor<*xi32>) -> ()
  return
}
func.func private @printMemrefI32(tensor<*xi32>)
