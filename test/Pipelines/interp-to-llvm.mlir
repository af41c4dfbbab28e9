// RUN: interp-opt %s --interp-to-llvm | FileCheck %s
// RUN: interp-opt %s --interp-to-llvm | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=LLVMIR

// The whole module (interp ops next to func, arith, tensor, bufferization and
// linalg ops) ends in the LLVM dialect only; tensor arguments and results use
// the memref calling convention, and llvm.emit_c_interface adds the
// _mlir_ciface_ wrapper.

// CHECK-NOT: func.func
// CHECK-NOT: interp.
// CHECK-NOT: linalg.
// CHECK-NOT: tensor.
// CHECK-NOT: memref.
// CHECK-NOT: scf.
// CHECK-NOT: cf.
// CHECK-NOT: arith.
// CHECK-NOT: bufferization.
// CHECK-LABEL: llvm.func @resize(
// CHECK-SAME: %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64)
// CHECK-SAME: -> !llvm.struct<(ptr, ptr, i64, array<4 x i64>, array<4 x i64>)>
// CHECK-LABEL: llvm.func @_mlir_ciface_resize(
// LLVMIR: define void @_mlir_ciface_resize(ptr
func.func @resize(%x: tensor<1x3x8x8xf32>) -> tensor<1x3x16x16xf32> attributes {llvm.emit_c_interface} {
  %s = arith.constant dense<[16, 16]> : tensor<2xi64>
  %c = arith.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = linear_onnx, shape_calculation_mode = sizes}
     : (tensor<1x3x8x8xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x3x16x16xf32>
  %e = tensor.empty() : tensor<1x3x16x16xf32>
  %sum = linalg.add ins(%r, %r : tensor<1x3x16x16xf32>, tensor<1x3x16x16xf32>) outs(%e : tensor<1x3x16x16xf32>) -> tensor<1x3x16x16xf32>
  return %sum : tensor<1x3x16x16xf32>
}
