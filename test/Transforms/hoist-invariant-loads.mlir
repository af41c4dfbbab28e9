// RUN: interp-opt %s -split-input-file --interp-hoist-invariant-loads | FileCheck %s

// A table allocated in the function, read at row-invariant indices, while
// the loop writes the output argument: read once, guarded by the loop
// running at least once.
// CHECK-LABEL: func.func @table_row
// CHECK-SAME: %[[OUT:.*]]: memref<?x?xf32>, %[[I:.*]]: index, %[[N:.*]]: index
// CHECK: %[[T:.*]] = memref.alloc
// CHECK: %[[RUNS:.*]] = arith.cmpi slt, %{{.*}}, %[[N]] : index
// CHECK: %[[W:.*]] = scf.if %[[RUNS]] -> (f32) {
// CHECK-NEXT: %[[L:.*]] = memref.load %[[T]][%[[I]]]
// CHECK-NEXT: scf.yield %[[L]]
// CHECK: } else {
// CHECK: scf.for
// CHECK-NOT: memref.load
// CHECK: memref.store %[[W]], %[[OUT]]
func.func @table_row(%out: memref<?x?xf32>, %i: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = memref.alloc(%n) : memref<?xf32>
  scf.for %k = %c0 to %n step %c1 {
    %w = memref.load %t[%i] : memref<?xf32>
    memref.store %w, %out[%i, %k] : memref<?x?xf32>
  }
  memref.dealloc %t : memref<?xf32>
  return
}

// -----

// A loop that certainly runs (constant bounds) needs no guard; a constant
// global is never written, whatever the loop writes.
// CHECK-LABEL: func.func @constant_trips
// CHECK: %[[G:.*]] = memref.get_global @weights
// CHECK-NEXT: %[[L:.*]] = memref.load %[[G]]
// CHECK-NEXT: scf.for
// CHECK-NOT: scf.if
// CHECK: memref.store %[[L]]
memref.global "private" constant @weights : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
func.func @constant_trips(%out: memref<?xf32>, %i: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %g = memref.get_global @weights : memref<4xf32>
  scf.for %k = %c0 to %c2 step %c1 {
    %w = memref.load %g[%i] : memref<4xf32>
    memref.store %w, %out[%k] : memref<?xf32>
  }
  return
}

// -----

// Memory the loop writes, or may write, stays in the loop: the same buffer,
// two arguments (which may be the same buffer), an unknown call.
// CHECK-LABEL: func.func @written
// CHECK: scf.for
// CHECK-NEXT: memref.load
// CHECK: scf.for
// CHECK-NEXT: memref.load
// CHECK: scf.for
// CHECK-NEXT: memref.load
func.func @written(%a: memref<?xf32>, %b: memref<?xf32>, %n: index, %i: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = memref.alloc(%n) : memref<?xf32>
  scf.for %k = %c0 to %n step %c1 {
    %w = memref.load %t[%i] : memref<?xf32>
    memref.store %w, %t[%k] : memref<?xf32>
  }
  scf.for %k = %c0 to %n step %c1 {
    %w = memref.load %a[%i] : memref<?xf32>
    memref.store %w, %b[%k] : memref<?xf32>
  }
  scf.for %k = %c0 to %n step %c1 {
    %w = memref.load %t[%i] : memref<?xf32>
    func.call @opaque(%t) : (memref<?xf32>) -> ()
    memref.store %w, %a[%k] : memref<?xf32>
  }
  memref.dealloc %t : memref<?xf32>
  return
}
func.func private @opaque(memref<?xf32>)

// -----

// Indices that change with the loop: not invariant.
// CHECK-LABEL: func.func @variant_index
// CHECK: scf.for %[[K:.*]] =
// CHECK-NEXT: memref.load %{{.*}}[%[[K]]]
func.func @variant_index(%out: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = memref.alloc(%n) : memref<?xf32>
  scf.for %k = %c0 to %n step %c1 {
    %w = memref.load %t[%k] : memref<?xf32>
    memref.store %w, %out[%k] : memref<?xf32>
  }
  memref.dealloc %t : memref<?xf32>
  return
}
