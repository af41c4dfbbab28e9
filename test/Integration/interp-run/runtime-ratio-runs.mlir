// Run-time lengths along the innermost axis: the runtime library looks for
// an affine tap run with the ratios the lowering specialized (x2, then /2);
// with one, the direct pass computes its outputs with affine input indices
// and the table pass the clamped edges; without one (other ratios, or
// lengths too short for a period), the separable passes compute everything.
// Each case runs on random data and is compared with the reference.
//
// RUN: interp-run %s --function=linear_onnx_dyn --arg-shape=0=1x2x7x33 --check | FileCheck %s
// RUN: interp-run %s --function=linear_onnx_dyn --arg-shape=0=1x2x1x1 --check | FileCheck %s
// RUN: rm -rf %t && mkdir -p %t
// RUN: %npytool save %t/up.npy int64 2 "[14, 66]"
// RUN: %npytool save %t/down.npy int64 2 "[3, 16]"
// RUN: %npytool save %t/other.npy int64 2 "[7, 21]"
// RUN: interp-run %s --function=linear_onnx_sizes --input=random --input=%t/up.npy --check | FileCheck %s
// RUN: interp-run %s --function=linear_onnx_sizes --input=random --input=%t/down.npy --check | FileCheck %s
// RUN: interp-run %s --function=linear_onnx_sizes --input=random --input=%t/other.npy --check | FileCheck %s
// RUN: interp-run %s --function=cubic_dyn_ui8 --arg-shape=0=5x40 --check | FileCheck %s
// RUN: interp-run %s --function=linear_half_f64 --arg-shape=0=3x64 --check | FileCheck %s
// RUN: interp-run %s --function=linear_half_f64 --arg-shape=0=3x9 --check | FileCheck %s
// CHECK: mismatches=0 ok
// CHECK: check passed

// x2 on both axes with run-time lengths: the x2 run, one clamped output
// at each end (1x1: no period fits a run at all).
func.func @linear_onnx_dyn(%x: tensor<1x2x?x?xf32>) -> tensor<1x2x?x?xf32> {
  %s = arith.constant dense<[1, 1]> : tensor<2xi64>
  %c = arith.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = linear_onnx, shape_calculation_mode = scales}
     : (tensor<1x2x?x?xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x2x?x?xf32>
  return %r : tensor<1x2x?x?xf32>
}

// Run-time sizes from a file: 7x33 -> 14x66 (x2), 3x16 (/2 and W 33 -> 16,
// not an exact /2: the run covers what is affine), 7x21 (neither ratio).
func.func @linear_onnx_sizes(%x: tensor<1x2x7x33xf32>, %sizes: tensor<2xi64>) -> tensor<1x2x?x?xf32> {
  %c = arith.constant dense<[1.0, 1.0]> : tensor<2xf32>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %sizes, %c, %a {mode = linear_onnx, shape_calculation_mode = sizes}
     : (tensor<1x2x7x33xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x2x?x?xf32>
  return %r : tensor<1x2x?x?xf32>
}

// Four taps on one axis, unsigned data: the x2 run with two clamped periods
// at each end, rounded and saturated on store.
func.func @cubic_dyn_ui8(%x: tensor<?x?xui8>) -> tensor<?x?xui8> {
  %s = arith.constant dense<[1]> : tensor<1xi64>
  %c = arith.constant dense<[2.0]> : tensor<1xf32>
  %a = arith.constant dense<[1]> : tensor<1xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = cubic, shape_calculation_mode = scales}
     : (tensor<?x?xui8>, tensor<1xi64>, tensor<1xf32>, tensor<1xi64>) -> tensor<?x?xui8>
  return %r : tensor<?x?xui8>
}

// /2 down in f64 (f64 weights): the strided run (64 -> 32); 9 -> 4 has
// no exact ratio.
func.func @linear_half_f64(%x: tensor<?x?xf64>) -> tensor<?x?xf64> {
  %s = arith.constant dense<[1]> : tensor<1xi64>
  %c = arith.constant dense<[0.5]> : tensor<1xf32>
  %a = arith.constant dense<[1]> : tensor<1xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = linear, shape_calculation_mode = scales}
     : (tensor<?x?xf64>, tensor<1xi64>, tensor<1xf32>, tensor<1xi64>) -> tensor<?x?xf64>
  return %r : tensor<?x?xf64>
}
