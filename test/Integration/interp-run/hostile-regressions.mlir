// Regressions found by test/Fuzz/hostile_ops.py.
//
// 1. A huge run-time size (2^40) used to build 2^40-row tables and abort with
//    "LLVM ERROR: out of memory"; the result is now sized through the runtime
//    first, which refuses results larger than the machine's memory.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %npytool save %t/huge.npy int64 2 "[3, 1099511627776]"
// RUN: not interp-run %s --function=resize --input=random --input=%t/huge.npy 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: interp: invalid run-time operands: the result would have more than
//
// 2. An empty result (one size 0) whose other axis grows used to read past
//    the end of empty run-time tables (segmentation fault); an empty result
//    now skips the computation.
// RUN: %npytool save %t/empty.npy int64 2 "[0, 4]"
// RUN: interp-run %s --function=resize --input=random --input=%t/empty.npy --check | FileCheck %s --check-prefix=EMPTY
// EMPTY: result 0: shape=1x1x0x4 dtype=f32 elements=0
// EMPTY: check passed
//
// 3. (test/Differential, seed 20261129, case 1257) i8 linear_onnx on three
//    tiny axes, fully unrolled: LLVM 22's SLP vectorizer emitted invalid IR
//    ("Instruction does not dominate all uses!") and the code generator
//    crashed in the JIT. The JIT compiles without the SLP vectorizer (4).
// RUN: interp-run %s --function=slp_invalid_ir --arg-shape=0=2x3x2 --check | FileCheck %s --check-prefix=SLP
// SLP: result 0: shape=5x4x2 dtype=i8 elements=40
// SLP: check passed
//
// 4. (test/Differential, seed 31, case 21) f64 linear_onnx, 2x4x6 -> 2x3x9:
//    LLVM 22's SLP vectorizer, for znver4 (-O3 -march=native), silently
//    computed wrong values at two outputs of the x1.5 axis (14 and 9.33
//    instead of 16.67 and 17.33 for the ramp 10 h + w). The JIT does not run
//    the SLP vectorizer.
// RUN: %python -c "import numpy as np; np.save('%t/ramp.npy', np.array([[[10.0 * h + w + 100 * d for w in range(6)] for h in range(4)] for d in range(2)]))"
// RUN: interp-run %s --function=slp_wrong_values --input=%t/ramp.npy --check | FileCheck %s --check-prefix=SLP64
// SLP64: check passed
func.func @slp_wrong_values(%data: tensor<2x4x6xf64>) -> tensor<2x3x9xf64> {
  %sizes = arith.constant dense<[2, 3, 9]> : tensor<3xi64>
  %scales = arith.constant dense<[1.0, 1.0, 1.0]> : tensor<3xf32>
  %axes = arith.constant dense<[0, 1, 2]> : tensor<3xi64>
  %r = interp.interpolate_v4 %data, %sizes, %scales, %axes {mode = linear_onnx, shape_calculation_mode = sizes, coordinate_transformation_mode = asymmetric}
     : (tensor<2x4x6xf64>, tensor<3xi64>, tensor<3xf32>, tensor<3xi64>) -> tensor<2x3x9xf64>
  return %r : tensor<2x3x9xf64>
}

func.func @slp_invalid_ir(%data: tensor<2x?x2xi8>) -> tensor<?x?x?xi8> {
  %sizes = arith.constant dense<[5, 4, 2]> : tensor<3xi64>
  %scales = arith.constant dense<[1.0, 1.0, 1.0]> : tensor<3xf32>
  %axes = arith.constant dense<[0, 1, 2]> : tensor<3xi64>
  %r = interp.interpolate_v4 %data, %sizes, %scales, %axes {mode = linear_onnx, shape_calculation_mode = sizes, coordinate_transformation_mode = asymmetric, antialias = true}
     : (tensor<2x?x2xi8>, tensor<3xi64>, tensor<3xf32>, tensor<3xi64>) -> tensor<?x?x?xi8>
  return %r : tensor<?x?x?xi8>
}

func.func @resize(%x: tensor<1x1x2x2xf32>, %sizes: tensor<2xi64>) -> tensor<?x?x?x?xf32> {
  %scales = arith.constant dense<[1.0, 1.0]> : tensor<2xf32>
  %axes = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %sizes, %scales, %axes
         {mode = linear, antialias = true, shape_calculation_mode = sizes}
       : (tensor<1x1x2x2xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<?x?x?x?xf32>
  return %r : tensor<?x?x?x?xf32>
}
