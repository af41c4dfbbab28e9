// RUN: interp-opt %s --interp-to-llvm="num-threads=2" | FileCheck %s
// RUN: interp-opt %s --interp-to-llvm="num-threads=2 min-parallel-iterations=1000" | FileCheck %s --check-prefix=LOWER

// With threads, a function of constant trip counts that runs fewer
// innermost loop iterations than min-parallel-iterations (32768 by default)
// is compiled sequential: forking the threads would cost more than its
// work. These 3 x 8 x 8 = 192 outputs, computed by loops of fewer than 1000
// innermost iterations in all, use no OpenMP; a larger function (and one
// whose trip counts are known only at run time) does.
// CHECK-LABEL: llvm.func internal @small__contiguous(
// CHECK-NOT: omp.
// CHECK-LABEL: llvm.func @small(
// CHECK-LABEL: llvm.func internal @large__contiguous(
// CHECK: omp.parallel
// CHECK-LABEL: llvm.func @large(
// CHECK-LABEL: llvm.func internal @run_time__contiguous(
// CHECK: omp.parallel
// CHECK-LABEL: llvm.func @run_time(

// LOWER-LABEL: llvm.func internal @small__contiguous(
// LOWER-NOT: omp.
// LOWER-LABEL: llvm.func @small(
func.func @small(%x: tensor<1x3x4x4xf32>) -> tensor<1x3x8x8xf32> {
  %s = arith.constant dense<[8, 8]> : tensor<2xi64>
  %c = arith.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = linear_onnx, shape_calculation_mode = sizes}
       : (tensor<1x3x4x4xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x3x8x8xf32>
  return %r : tensor<1x3x8x8xf32>
}

func.func @large(%x: tensor<1x3x128x128xf32>) -> tensor<1x3x256x256xf32> {
  %s = arith.constant dense<[256, 256]> : tensor<2xi64>
  %c = arith.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = linear_onnx, shape_calculation_mode = sizes}
       : (tensor<1x3x128x128xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x3x256x256xf32>
  return %r : tensor<1x3x256x256xf32>
}

func.func @run_time(%x: tensor<1x3x?x?xf32>, %s: tensor<2xi64>) -> tensor<1x3x?x?xf32> {
  %c = arith.constant dense<[1.0, 1.0]> : tensor<2xf32>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = linear_onnx, shape_calculation_mode = sizes}
       : (tensor<1x3x?x?xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x3x?x?xf32>
  return %r : tensor<1x3x?x?xf32>
}
