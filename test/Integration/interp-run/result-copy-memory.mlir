// The result fits in the process's memory (ulimit -v here) but a second
// copy of it does not: interp-run reports that, with status 1, instead of
// aborting in operator new (issue 27, item 7).
//
// UNSUPPORTED: asan
// RUN: rm -rf %t && mkdir -p %t
// RUN: %npytool save %t/sizes.npy int64 2 "[15800, 15800]"
// RUN: not sh -c 'ulimit -v 2000000 && interp-run %s --input=random --input=%t/sizes.npy' 2>&1 | FileCheck %s
// CHECK: interp-run: error: calling 'main' failed: not enough memory to copy result 0 (998560000 bytes)
func.func @main(%x: tensor<1x1x2x2xf32>, %sizes: tensor<2xi64>) -> tensor<1x1x?x?xf32> {
  %scales = arith.constant dense<[1.0, 1.0]> : tensor<2xf32>
  %axes = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %sizes, %scales, %axes {mode = nearest, shape_calculation_mode = sizes}
       : (tensor<1x1x2x2xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x1x?x?xf32>
  return %r : tensor<1x1x?x?xf32>
}
