// RUN: interp-opt %s --interp-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%run_shared_libs | FileCheck %s

// half_pixel + round_prefer_ceil, 20 -> 6 on the ramp 0..19, so each output
// is its source index. Exact coordinates (o + 0.5) * 20 / 6 - 0.5:
// 1.17, 4.5, 7.83, 11.17, 14.5, 17.83 -> 1, 5, 8, 11, 15, 18 (ties up).
// Computing the coordinate in float32 would give 14 for output 4.
// CHECK: [1,  5,  8,  11,  15,  18]
func.func @main() {
  %x = arith.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0]> : tensor<20xf32>
  %s = arith.constant dense<[6]> : tensor<1xi64>
  %c = arith.constant dense<[1.0]> : tensor<1xf32>
  %r = interp.interpolate_v4 %x, %s, %c {mode = nearest, shape_calculation_mode = sizes, nearest_mode = round_prefer_ceil}
     : (tensor<20xf32>, tensor<1xi64>, tensor<1xf32>) -> tensor<6xf32>
  %u = tensor.cast %r : tensor<6xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(tensor<*xf32>)
