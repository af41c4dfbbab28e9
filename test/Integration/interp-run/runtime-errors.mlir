// Invalid operands known only at run time: the compiled code's runtime
// library prints "interp: invalid run-time operands: ..." and exits with 1.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %npytool save %t/negative.npy int64 2 "[-1, 3]"
// RUN: not interp-run %s --input=random --input=%t/negative.npy 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// NEGATIVE: interp: invalid run-time operands: 'sizes' value -1 at index 0 must be non-negative

// Valid run-time sizes work, and --check reads them from the .npy.
// RUN: %npytool save %t/sizes.npy int64 2 "[3, 5]"
// RUN: interp-run %s --input=random --input=%t/sizes.npy --check | FileCheck %s
// CHECK: result 0: shape=1x1x3x5 dtype=f32 elements=15
// CHECK: check passed
func.func @main(%x: tensor<1x1x2x2xf32>, %sizes: tensor<2xi64>) -> tensor<?x?x?x?xf32> {
  %scales = arith.constant dense<[1.0, 1.0]> : tensor<2xf32>
  %axes = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %sizes, %scales, %axes
         {mode = linear_onnx, shape_calculation_mode = sizes}
       : (tensor<1x1x2x2xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<?x?x?x?xf32>
  return %r : tensor<?x?x?x?xf32>
}
