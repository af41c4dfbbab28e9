// A failed run-time check returns from every function on the way up: the
// caller of a function that failed returns at once too (and reports
// nothing more), instead of going on with its null results (the read of
// @resize's result below would crash).
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %npytool save %t/bad.npy int64 2 "[-2, 4]"
// RUN: %npytool save %t/good.npy int64 2 "[3, 4]"
// RUN: not interp-run %s --input=random --input=%t/bad.npy 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: interp: invalid run-time operands: 'sizes' value -2 at index 0 must be non-negative
// BAD-NOT: invalid run-time operands
// RUN: interp-run %s --input=random --input=%t/good.npy | FileCheck %s --check-prefix=GOOD
// GOOD: result 0: shape=1x1x3x4
func.func private @resize(%x: tensor<1x1x2x2xf32>, %sizes: tensor<2xi64>) -> tensor<1x1x?x?xf32> {
  %scales = arith.constant dense<[1.0, 1.0]> : tensor<2xf32>
  %axes = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %sizes, %scales, %axes {mode = linear, shape_calculation_mode = sizes}
       : (tensor<1x1x2x2xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x1x?x?xf32>
  return %r : tensor<1x1x?x?xf32>
}

func.func @main(%x: tensor<1x1x2x2xf32>, %sizes: tensor<2xi64>) -> tensor<1x1x?x?xf32> {
  %r = call @resize(%x, %sizes) : (tensor<1x1x2x2xf32>, tensor<2xi64>) -> tensor<1x1x?x?xf32>
  // Runs only when @resize succeeded: its result feeds a second op.
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %h = tensor.dim %r, %c2 : tensor<1x1x?x?xf32>
  %w = tensor.dim %r, %c3 : tensor<1x1x?x?xf32>
  %hi = arith.index_cast %h : index to i64
  %wi = arith.index_cast %w : index to i64
  %s2 = tensor.from_elements %hi, %wi : tensor<2xi64>
  %again = call @resize2(%r, %s2) : (tensor<1x1x?x?xf32>, tensor<2xi64>) -> tensor<1x1x?x?xf32>
  // A read of @resize's result: through a null pointer, had it failed.
  %c0 = arith.constant 0 : index
  %v = tensor.extract %r[%c0, %c0, %c0, %c0] : tensor<1x1x?x?xf32>
  %out = tensor.insert %v into %again[%c0, %c0, %c0, %c0] : tensor<1x1x?x?xf32>
  return %out : tensor<1x1x?x?xf32>
}

func.func private @resize2(%x: tensor<1x1x?x?xf32>, %sizes: tensor<2xi64>) -> tensor<1x1x?x?xf32> {
  %scales = arith.constant dense<[1.0, 1.0]> : tensor<2xf32>
  %axes = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %sizes, %scales, %axes {mode = nearest, shape_calculation_mode = sizes}
       : (tensor<1x1x?x?xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x1x?x?xf32>
  return %r : tensor<1x1x?x?xf32>
}
