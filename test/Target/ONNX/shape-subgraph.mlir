// Sizes computed from the input's shape, as exporters write them
// (Shape, Slice, Gather, Cast, Mul, Div, Floor, Concat, Identity): they fold
// at import time into the constant sizes the Resize rules need, and only
// the interp op is left.
// RUN: %python %S/Inputs/make_model.py %t.onnx --preset shape-subgraph --shape 1,3,4,6
// RUN: interp-translate --import-onnx %t.onnx | FileCheck %s
// RUN: interp-translate --import-onnx %t.onnx -o %t.mlir
// RUN: interp-opt %t.mlir --interp-to-llvm -o /dev/null
// RUN: interp-run %t.mlir --check | FileCheck %s --check-prefix=EXEC
// A shape computation over a dynamic dimension cannot fold.
// RUN: %python %S/Inputs/make_model.py %t.dyn.onnx --preset shape-subgraph --shape 1,3,H,6
// RUN: not interp-translate --import-onnx %t.dyn.onnx 2>&1 | FileCheck %s --check-prefix=DYN

// floor(cast([4, 6]) * 1.5 / 1.5 * 1.5) = [6, 9]; shape[0:2] = [1, 3].
// CHECK:      func.func @main(%arg0: tensor<1x3x4x6xf32>) -> tensor<1x3x6x9xf32> {
// CHECK-NEXT:   %[[SZ:.*]] = arith.constant dense<[1, 3, 6, 9]> : tensor<4xi64>
// CHECK-NEXT:   %[[SC:.*]] = arith.constant dense<[1.000000e+00, 1.000000e+00, 1.500000e+00, 1.500000e+00]> : tensor<4xf32>
// CHECK-NEXT:   %[[AX:.*]] = arith.constant dense<[0, 1, 2, 3]> : tensor<4xi64>
// CHECK-NEXT:   %[[R:.*]] = interp.interpolate_v4 %arg0, %[[SZ]], %[[SC]], %[[AX]] {mode = nearest, shape_calculation_mode = sizes}
// CHECK-NEXT:   return %[[R]] : tensor<1x3x6x9xf32>

// EXEC: check passed

// DYN: error: Shape node 'shape': dimension 2 of the input is dynamic; interp imports shape computations on static dimensions only
