// Every shape fact the compiler took from the types is checked where only
// the run time knows it: static result dimensions against the sizes the
// operands give, destinations against the result, and the output length a
// run-time scale gives. A failure is "interp: invalid run-time operands:
// ..." and nothing is written (the heap overflow of issue 11: sizes [16, 16]
// into a static 8x8 result).
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %npytool save %t/s16.npy int64 2 "[16, 16]"
// RUN: %npytool save %t/s2.npy int64 2 "[2, 2]"
// RUN: %npytool save %t/s8.npy int64 2 "[8, 8]"
// RUN: not interp-run %s --function=static_result --input=random --input=%t/s16.npy 2>&1 | FileCheck %s --check-prefix=BIG
// BIG: interp: invalid run-time operands: result dimension 2 is 8 but the operands give 16
// RUN: not interp-run %s --function=static_result --input=random --input=%t/s2.npy 2>&1 | FileCheck %s --check-prefix=SMALL
// SMALL: interp: invalid run-time operands: result dimension 2 is 8 but the operands give 2
// RUN: interp-run %s --function=static_result --input=random --input=%t/s8.npy --check | FileCheck %s --check-prefix=OK
// OK: check passed
func.func @static_result(%x: tensor<1x1x4x4xf32>, %sizes: tensor<2xi64>) -> tensor<1x1x8x8xf32> {
  %scales = arith.constant dense<[1.0, 1.0]> : tensor<2xf32>
  %axes = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %sizes, %scales, %axes {mode = linear, shape_calculation_mode = sizes}
       : (tensor<1x1x4x4xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x1x8x8xf32>
  return %r : tensor<1x1x8x8xf32>
}

// A dynamic input with a static result: a 5x5 input doubles to 10x10.
// RUN: not interp-run %s --function=dynamic_input --arg-shape=0=1x1x5x5 2>&1 | FileCheck %s --check-prefix=DYN
// DYN: interp: invalid run-time operands: result dimension 2 is 8 but the operands give 10
// RUN: interp-run %s --function=dynamic_input --arg-shape=0=1x1x4x4 --check | FileCheck %s --check-prefix=OK
func.func @dynamic_input(%x: tensor<1x1x?x?xf32>) -> tensor<1x1x8x8xf32> {
  %sizes = arith.constant dense<[1, 1]> : tensor<2xi64>
  %scales = arith.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %axes = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %sizes, %scales, %axes {mode = linear_onnx, shape_calculation_mode = scales}
       : (tensor<1x1x?x?xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x1x8x8xf32>
  return %r : tensor<1x1x8x8xf32>
}

// A caller-owned destination: the result is computed in it directly, so its
// shape is checked first.
// RUN: not interp-run %s --function=into_destination --input=random --input=%t/s8.npy --arg-shape=2=1x1x3x3 2>&1 | FileCheck %s --check-prefix=DEST
// DEST: interp: invalid run-time operands: result dimension 2 is 8 but the destination it is written to has 3
// RUN: interp-run %s --function=into_destination --input=random --input=%t/s8.npy --arg-shape=2=1x1x8x8 | FileCheck %s --check-prefix=DESTOK
// DESTOK: result 0: shape=1x1x8x8
func.func @into_destination(%x: tensor<1x1x4x4xf32>, %sizes: tensor<2xi64>, %out: tensor<1x1x?x?xf32>) -> tensor<1x1x?x?xf32> {
  %scales = arith.constant dense<[1.0, 1.0]> : tensor<2xf32>
  %axes = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %sizes, %scales, %axes {mode = linear, shape_calculation_mode = sizes}
       : (tensor<1x1x4x4xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x1x?x?xf32>
  %d = bufferization.materialize_in_destination %r in %out : (tensor<1x1x?x?xf32>, tensor<1x1x?x?xf32>) -> tensor<1x1x?x?xf32>
  return %d : tensor<1x1x?x?xf32>
}

// A run-time scale whose output length overflows: reported as such, not as
// the negative length its float-to-integer conversion would give.
// RUN: %npytool save %t/huge-scale.npy float32 2 "[1e19, 1.0]"
// RUN: not interp-run %s --function=runtime_scales --input=random --input=%t/huge-scale.npy 2>&1 | FileCheck %s --check-prefix=SCALE
// SCALE: interp: invalid run-time operands: 'scales' value 9.99999998e+18 at index 0 makes output dimension 2 exceed the supported 281474976710656
func.func @runtime_scales(%x: tensor<1x1x4x4xf32>, %scales: tensor<2xf32>) -> tensor<1x1x?x?xf32> {
  %sizes = arith.constant dense<[1, 1]> : tensor<2xi64>
  %axes = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %sizes, %scales, %axes {mode = nearest, shape_calculation_mode = scales}
       : (tensor<1x1x4x4xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x1x?x?xf32>
  return %r : tensor<1x1x?x?xf32>
}
