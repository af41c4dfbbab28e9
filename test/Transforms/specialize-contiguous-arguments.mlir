// RUN: interp-opt %s --interp-specialize-contiguous-arguments | FileCheck %s

// The original body as @f__strided (optimized for size and never inlined,
// so that it stays small in the entry); @f__contiguous takes the row-major
// strides its static sizes fix (x: only the innermost, its last size is
// dynamic; y: all) and casts back for the body; @f compares the run-time
// strides and calls one of them. The destination with an identity layout
// and the private declaration are left alone.
// CHECK-LABEL: func.func private @f__strided(
// CHECK-SAME: memref<2x3x?xf32, strided<[?, ?, ?], offset: ?>>
// CHECK-SAME: passthrough = ["optsize", "noinline"]
// CHECK: memref.load
// CHECK-LABEL: func.func private @f__contiguous(
// CHECK-SAME: %[[X:.*]]: memref<2x3x?xf32, strided<[?, ?, 1], offset: ?>>, %[[Y:.*]]: memref<4x5xf32, strided<[5, 1], offset: ?>>, %[[OUT:.*]]: memref<4x5xf32>)
// CHECK: memref.cast %[[X]] : memref<2x3x?xf32, strided<[?, ?, 1], offset: ?>> to memref<2x3x?xf32, strided<[?, ?, ?], offset: ?>>
// CHECK: memref.cast %[[Y]] : memref<4x5xf32, strided<[5, 1], offset: ?>> to memref<4x5xf32, strided<[?, ?], offset: ?>>
// CHECK-LABEL: func.func @f(
// CHECK-SAME: attributes {llvm.emit_c_interface}
// CHECK: %{{.*}}, %{{.*}}, %{{.*}}:3, %[[XS:.*]]:3 = memref.extract_strided_metadata %arg0
// CHECK: %[[X1:.*]] = arith.cmpi eq, %[[XS]]#2, %{{.*}} : index
// CHECK: %{{.*}}, %{{.*}}, %{{.*}}:2, %[[YS:.*]]:2 = memref.extract_strided_metadata %arg1
// CHECK: arith.cmpi eq, %[[YS]]#0
// CHECK: arith.cmpi eq, %[[YS]]#1
// CHECK: %[[ALL:.*]] = arith.andi %[[X1]], %{{.*}} : i1
// CHECK: scf.if %[[ALL]] -> (f32) {
// CHECK: func.call @f__contiguous(
// CHECK: } else {
// CHECK: func.call @f__strided(%arg0, %arg1, %arg2)
// CHECK: func.func private @g(memref<4xf32, strided<[?], offset: ?>>)
// CHECK-NOT: __contiguous
func.func @f(%x: memref<2x3x?xf32, strided<[?, ?, ?], offset: ?>>, %y: memref<4x5xf32, strided<[?, ?], offset: ?>>, %out: memref<4x5xf32>) -> f32 attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %v = memref.load %x[%c0, %c0, %c0] : memref<2x3x?xf32, strided<[?, ?, ?], offset: ?>>
  memref.copy %y, %out : memref<4x5xf32, strided<[?, ?], offset: ?>> to memref<4x5xf32>
  return %v : f32
}
func.func private @g(%x: memref<4xf32, strided<[?], offset: ?>>)

// A function whose strides are all static has nothing to specialize.
// CHECK-LABEL: func.func @identity(
// CHECK-NOT: scf.if
// CHECK: return
func.func @identity(%x: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %v = memref.load %x[%c0] : memref<4xf32>
  return %v : f32
}

// Fast paths (the direct passes of run-time tap runs) are dropped from the
// copy for views: false there, which canonicalization folds to the general
// branch. The contiguous copy keeps them.
// CHECK-LABEL: func.func private @fast_path__strided(
// CHECK: %[[FALSE:.*]] = arith.constant false
// CHECK: scf.if %[[FALSE]]
// CHECK-LABEL: func.func private @fast_path__contiguous(
// CHECK: %[[FAST:.*]] = arith.cmpi sgt, %{{.*}} {interp.fast_path_condition}
// CHECK: scf.if %[[FAST]]
func.func @fast_path(%x: memref<?xf32, strided<[?], offset: ?>>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %fast = arith.cmpi sgt, %n, %c0 {interp.fast_path_condition} : index
  %v = scf.if %fast -> (f32) {
    %a = memref.load %x[%c0] : memref<?xf32, strided<[?], offset: ?>>
    scf.yield %a : f32
  } else {
    %b = memref.load %x[%n] : memref<?xf32, strided<[?], offset: ?>>
    scf.yield %b : f32
  }
  return %v : f32
}
