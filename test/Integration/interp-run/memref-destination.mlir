// A destination memref the function allocates itself: the result is
// computed in it directly (interp-eliminate-destination-empty-tensors), so
// the resize lowering checks its shape with the op's other checks, before
// anything is written. Before 2026-12-07 only tensor destinations were
// checked there: sizes [8, 8] into a 3x3 memref wrote past its end, and the
// materialization's own check then compared the memref with itself.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %npytool save %t/s8.npy int64 2 "[8, 8]"
// RUN: %npytool save %t/s3.npy int64 2 "[3, 3]"
// RUN: not interp-run %s --function=into_memref --input=random --input=%t/s8.npy 2>&1 | FileCheck %s --check-prefix=MEMREF
// MEMREF: interp: invalid run-time operands: result dimension 2 is 8 but the destination it is written to has 3
// RUN: interp-run %s --function=into_memref --input=random --input=%t/s3.npy | FileCheck %s --check-prefix=MEMREFOK
// MEMREFOK: result 0: shape=1x1x3x3
// RUN: interp-opt %s --interp-to-affine | FileCheck %s --check-prefix=MEMREFIR
// The check of the memref's dimensions comes before the loops that write it.
// MEMREFIR-LABEL: func.func @into_memref(
// MEMREFIR: %[[BUFFER:.*]] = memref.alloc() : memref<1x1x3x3xf32>
// MEMREFIR-NOT: affine.store
// MEMREFIR: call @interp_check_dim_equals(%c1_i32, %c2_i64, %{{.*}}, %c3_i64)
// MEMREFIR-NOT: affine.store
// MEMREFIR: call @interp_check_dim_equals(%c1_i32, %c3_i64, %{{.*}}, %c3_i64)
// MEMREFIR: affine.store %{{.*}}, %[[BUFFER]][
func.func @into_memref(%x: tensor<1x1x4x4xf32>, %sizes: tensor<2xi64>) -> tensor<1x1x3x3xf32> {
  %scales = arith.constant dense<[1.0, 1.0]> : tensor<2xf32>
  %axes = arith.constant dense<[2, 3]> : tensor<2xi64>
  %buffer = memref.alloc() : memref<1x1x3x3xf32>
  %r = interp.interpolate_v4 %x, %sizes, %scales, %axes {mode = linear, shape_calculation_mode = sizes}
       : (tensor<1x1x4x4xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x1x?x?xf32>
  bufferization.materialize_in_destination %r in restrict writable %buffer
      : (tensor<1x1x?x?xf32>, memref<1x1x3x3xf32>) -> ()
  %t = bufferization.to_tensor %buffer restrict : memref<1x1x3x3xf32> to tensor<1x1x3x3xf32>
  %e = tensor.empty() : tensor<1x1x3x3xf32>
  %c = linalg.copy ins(%t : tensor<1x1x3x3xf32>) outs(%e : tensor<1x1x3x3xf32>) -> tensor<1x1x3x3xf32>
  memref.dealloc %buffer : memref<1x1x3x3xf32>
  return %c : tensor<1x1x3x3xf32>
}

// A result that reaches the destination through an scf.if yield: upstream
// eliminate-empty-tensors may compute the op in the destination, so the op
// checks the destination before anything is stored. (Whether it is computed
// in place or copied varies from run to run of interp-opt on this input, in
// upstream's elimination or One-Shot Bufferize: the same result either way,
// and the checks come first either way.)
// RUN: interp-opt %s --interp-to-affine | FileCheck %s --check-prefix=IF
// IF-LABEL: func.func @through_branch(
// IF-NOT: affine.store
// IF: call @interp_check_dim_equals(%c1_i32, %c2_i64,
// IF: call @interp_check_dim_equals(%c1_i32, %c3_i64,
func.func @through_branch(%p: i1, %x: tensor<1x1x4x4xf32>, %sizes: tensor<2xi64>,
                          %other: tensor<1x1x?x?xf32>, %out: memref<1x1x?x?xf32>) {
  %scales = arith.constant dense<[1.0, 1.0]> : tensor<2xf32>
  %axes = arith.constant dense<[2, 3]> : tensor<2xi64>
  %y = scf.if %p -> tensor<1x1x?x?xf32> {
    %r = interp.interpolate_v4 %x, %sizes, %scales, %axes {mode = linear, shape_calculation_mode = sizes}
         : (tensor<1x1x4x4xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x1x?x?xf32>
    scf.yield %r : tensor<1x1x?x?xf32>
  } else {
    scf.yield %other : tensor<1x1x?x?xf32>
  }
  bufferization.materialize_in_destination %y in restrict writable %out
      : (tensor<1x1x?x?xf32>, memref<1x1x?x?xf32>) -> ()
  return
}

// Interpolate-11 (and -1) ops that are not lowered directly become
// Interpolate-4 ops before the conversion, so the Interpolate-4 lowering sees
// the memref the result goes to. Before 2026-12-07 the rewrite ran inside the
// conversion, the new op had no uses yet when it was lowered, and sizes
// [8, 8] into this 3x3 memref wrote past its end with no check before.
// RUN: not interp-run %s --function=v11_into_memref --input=random --input=%t/s8.npy 2>&1 | FileCheck %s --check-prefix=V11
// V11: interp: invalid run-time operands: result dimension 2 is 8 but the destination it is written to has 3
// RUN: interp-run %s --function=v11_into_memref --input=random --input=%t/s3.npy | FileCheck %s --check-prefix=V11OK
// V11OK: result 0: shape=1x1x3x3
// RUN: interp-opt %s --interp-to-affine | FileCheck %s --check-prefix=V11IR
// V11IR-LABEL: func.func @v11_into_memref(
// V11IR: %[[BUFFER:.*]] = memref.alloc() : memref<1x1x3x3xf32>
// V11IR-NOT: affine.store
// V11IR: call @interp_check_dim_equals(%c1_i32, %c2_i64, %{{.*}}, %c3_i64)
// V11IR-NOT: affine.store
// V11IR: call @interp_check_dim_equals(%c1_i32, %c3_i64, %{{.*}}, %c3_i64)
// V11IR: affine.store %{{.*}}, %[[BUFFER]][
func.func @v11_into_memref(%x: tensor<1x1x4x4xf32>, %sizes: tensor<2xi64>) -> tensor<1x1x3x3xf32> {
  %axes = arith.constant dense<[2, 3]> : tensor<2xi64>
  %buffer = memref.alloc() : memref<1x1x3x3xf32>
  %r = interp.interpolate_v11 %x, %sizes, %axes {mode = linear, shape_calculation_mode = sizes}
       : (tensor<1x1x4x4xf32>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x1x?x?xf32>
  bufferization.materialize_in_destination %r in restrict writable %buffer
      : (tensor<1x1x?x?xf32>, memref<1x1x3x3xf32>) -> ()
  %t = bufferization.to_tensor %buffer restrict : memref<1x1x3x3xf32> to tensor<1x1x3x3xf32>
  %e = tensor.empty() : tensor<1x1x3x3xf32>
  %c = linalg.copy ins(%t : tensor<1x1x3x3xf32>) outs(%e : tensor<1x1x3x3xf32>) -> tensor<1x1x3x3xf32>
  memref.dealloc %buffer : memref<1x1x3x3xf32>
  return %c : tensor<1x1x3x3xf32>
}
