// RUN: interp-opt %s -split-input-file --interp-serialize-nested-parallel-loops="min-parallel-iterations=608" | FileCheck %s --check-prefix=KEEP
// RUN: interp-opt %s -split-input-file --interp-serialize-nested-parallel-loops="min-parallel-iterations=609" | FileCheck %s --check-prefix=SEQ

// A function runs 4 x 8 x 16 innermost iterations in its parallel nest and
// 96 in a sequential loop after it: 608 in all. At a grain of 608 it keeps
// its parallel loop; at 609 every loop of it is sequential.
// KEEP-LABEL: func.func @counted
// KEEP: scf.parallel (%{{.*}}) = (%c0) to (%c4) step (%c1) {
// KEEP-NEXT: scf.for %{{.*}} = %c0 to %c8 step %c1 {
// KEEP-NEXT: scf.for %{{.*}} = %c0 to %c16 step %c1 {
// SEQ-LABEL: func.func @counted
// SEQ-NOT: scf.parallel
// SEQ: scf.for %{{.*}} = %c0 to %c4 step %c1 {
// SEQ-NEXT: scf.for %{{.*}} = %c0 to %c8 step %c1 {
// SEQ-NEXT: scf.for %{{.*}} = %c0 to %c16 step %c1 {
// SEQ-NOT: scf.parallel
func.func @counted(%m: memref<4x8x16xf32>, %t: memref<96xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c96 = arith.constant 96 : index
  scf.parallel (%a, %b) = (%c0, %c0) to (%c4, %c8) step (%c1, %c1) {
    scf.for %k = %c0 to %c16 step %c1 {
      memref.store %v, %m[%a, %b, %k] : memref<4x8x16xf32>
    }
    scf.reduce
  }
  scf.for %i = %c0 to %c96 step %c1 {
    memref.store %v, %t[%i] : memref<96xf32>
  }
  return
}

// -----

// A run-time trip count anywhere in the function keeps its parallel loops,
// whatever the grain.
// KEEP-LABEL: func.func @run_time
// KEEP: scf.parallel
// SEQ-LABEL: func.func @run_time
// SEQ: scf.parallel (%{{.*}}) = (%c0) to (%c2) step (%c1) {
func.func @run_time(%m: memref<2x?xf32>, %v: f32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.parallel (%a, %b) = (%c0, %c0) to (%c2, %n) step (%c1, %c1) {
    memref.store %v, %m[%a, %b] : memref<2x?xf32>
    scf.reduce
  }
  return
}
