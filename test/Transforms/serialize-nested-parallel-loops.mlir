// RUN: interp-opt %s -split-input-file --interp-serialize-nested-parallel-loops="min-parallel-iterations=0" | FileCheck %s

// All dimensions but the innermost stay parallel.
// CHECK-LABEL: func.func @outer_parallel
// CHECK: scf.parallel (%[[A:.*]], %[[B:.*]], %[[C:.*]]) = (%c0, %c0, %c0) to (%c4, %c8, %c16) step (%c1, %c1, %c1) {
// CHECK-NEXT: scf.for %[[D:.*]] = %c0 to %c64 step %c1 {
// CHECK-NEXT: memref.store %{{.*}}, %{{.*}}[%[[A]], %[[B]], %[[C]], %[[D]]]
func.func @outer_parallel(%m: memref<4x8x16x64xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  scf.parallel (%a, %b, %c, %d) = (%c0, %c0, %c0, %c0) to (%c4, %c8, %c16, %c64) step (%c1, %c1, %c1, %c1) {
    memref.store %v, %m[%a, %b, %c, %d] : memref<4x8x16x64xf32>
    scf.reduce
  }
  return
}

// -----

// The phase loop of an affine tap run (trip count 2) and the loop around it
// stay sequential: LLVM unrolls the first and vectorizes the second.
// CHECK-LABEL: func.func @short_inner_loop
// CHECK: scf.parallel (%{{.*}}, %{{.*}}) = (%c0, %c0) to (%c3, %c540) step (%c1, %c1) {
// CHECK-NEXT: scf.for %{{.*}} = %c0 to %c960 step %c1 {
// CHECK-NEXT: scf.for %{{.*}} = %c0 to %c2 step %c1 {
func.func @short_inner_loop(%m: memref<3x540x960x2xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c540 = arith.constant 540 : index
  %c960 = arith.constant 960 : index
  scf.parallel (%a, %b, %k, %p) = (%c0, %c0, %c0, %c0) to (%c3, %c540, %c960, %c2) step (%c1, %c1, %c1, %c1) {
    memref.store %v, %m[%a, %b, %k, %p] : memref<3x540x960x2xf32>
    scf.reduce
  }
  return
}

// -----

// At least one dimension stays parallel.
// CHECK-LABEL: func.func @keeps_one_parallel
// CHECK: scf.parallel (%{{.*}}) = (%c0) to (%c4) step (%c1) {
// CHECK-NEXT: scf.for %{{.*}} = %c0 to %c2 step %c1 {
func.func @keeps_one_parallel(%m: memref<4x2xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  scf.parallel (%a, %b) = (%c0, %c0) to (%c4, %c2) step (%c1, %c1) {
    memref.store %v, %m[%a, %b] : memref<4x2xf32>
    scf.reduce
  }
  return
}

// -----

// A parallel loop nested in another one becomes sequential; a run-time trip
// count is not short.
// CHECK-LABEL: func.func @nested
// CHECK: scf.parallel (%{{.*}}) = (%c0) to (%[[N:.*]]) step (%c1) {
// CHECK-NEXT: scf.for %{{.*}} = %c0 to %[[N]] step %c1 {
// CHECK-NOT: scf.parallel
// CHECK: scf.for %{{.*}} = %c0 to %c2 step %c1 {
func.func @nested(%m: memref<?x?x2xf32>, %v: f32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.parallel (%a, %b) = (%c0, %c0) to (%n, %n) step (%c1, %c1) {
    scf.parallel (%p) = (%c0) to (%c2) step (%c1) {
      memref.store %v, %m[%a, %b, %p] : memref<?x?x2xf32>
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// A run-time trip count is the outermost parallel dimension, so that the
// collapsed OpenMP loop divides its index by constants only.
// CHECK-LABEL: func.func @run_time_rows
// CHECK: scf.parallel (%[[H:.*]], %[[N:.*]], %[[C:.*]]) = (%c0, %c0, %c0) to (%[[ROWS:.*]], %c1, %c3) step (%c1, %c1, %c1) {
// CHECK-NEXT: scf.for %[[W:.*]] = %c0 to %[[COLS:.*]] step %c1 {
// CHECK-NEXT: memref.store %{{.*}}, %{{.*}}[%[[N]], %[[C]], %[[H]], %[[W]]]
func.func @run_time_rows(%m: memref<1x3x?x?xf32>, %v: f32, %rows: index, %cols: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.parallel (%n, %c, %h, %w) = (%c0, %c0, %c0, %c0) to (%c1, %c3, %rows, %cols) step (%c1, %c1, %c1, %c1) {
    memref.store %v, %m[%n, %c, %h, %w] : memref<1x3x?x?xf32>
    scf.reduce
  }
  return
}

// -----

// Of several run-time trip counts only the innermost stays parallel; the
// others become the outermost sequential loops.
// CHECK-LABEL: func.func @run_time_batch_and_rows
// CHECK: scf.parallel (%[[H:.*]], %[[C:.*]]) = (%c0, %c0) to (%[[ROWS:.*]], %c3) step (%c1, %c1) {
// CHECK-NEXT: scf.for %[[N:.*]] = %c0 to %[[BATCH:.*]] step %c1 {
// CHECK-NEXT: scf.for %[[W:.*]] = %c0 to %c64 step %c1 {
// CHECK-NEXT: memref.store %{{.*}}, %{{.*}}[%[[N]], %[[C]], %[[H]], %[[W]]]
func.func @run_time_batch_and_rows(%m: memref<?x3x?x64xf32>, %v: f32, %batch: index, %rows: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c64 = arith.constant 64 : index
  scf.parallel (%n, %c, %h, %w) = (%c0, %c0, %c0, %c0) to (%batch, %c3, %rows, %c64) step (%c1, %c1, %c1, %c1) {
    memref.store %v, %m[%n, %c, %h, %w] : memref<?x3x?x64xf32>
    scf.reduce
  }
  return
}
