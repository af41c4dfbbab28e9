// RUN: interp-opt %s -split-input-file --interp-keep-gathering-loops-scalar | FileCheck %s
// RUN: interp-opt %s -split-input-file --interp-keep-gathering-loops-scalar=min-gathers=1 | FileCheck %s --check-prefix=ONE
// RUN: interp-opt %s -split-input-file --interp-keep-gathering-loops-scalar=min-gathers=0 | FileCheck %s --check-prefix=OFF

// Eight taps gathered per output column (a 1920 -> 224 pass unrolls 18):
// eight gathers per vectorized iteration, the loop stays scalar.
// CHECK: #[[VECTORIZE:.*]] = #llvm.loop_vectorize<disable = true>
// CHECK: #[[SCALAR:.*]] = #llvm.loop_annotation<vectorize = #[[VECTORIZE]]>
// CHECK-LABEL: func.func @eight_taps
// CHECK: scf.for
// CHECK: memref.store
// CHECK-NEXT: } {loop_annotation = #[[SCALAR]]}
// OFF-LABEL: func.func @eight_taps
// OFF-NOT: {loop_annotation
func.func @eight_taps(%in: memref<?xi8>, %table: memref<?x8xi32>,
                      %out: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %one = arith.constant 1 : index
  scf.for %o = %c0 to %n step %one {
    %e0 = memref.load %table[%o, %c0] : memref<?x8xi32>
    %i0 = arith.index_cast %e0 : i32 to index
    %v0 = memref.load %in[%i0] : memref<?xi8>
    %f0 = arith.uitofp %v0 : i8 to f32
    %e1 = memref.load %table[%o, %c1] : memref<?x8xi32>
    %i1 = arith.index_cast %e1 : i32 to index
    %v1 = memref.load %in[%i1] : memref<?xi8>
    %f1 = arith.uitofp %v1 : i8 to f32
    %e2 = memref.load %table[%o, %c2] : memref<?x8xi32>
    %i2 = arith.index_cast %e2 : i32 to index
    %v2 = memref.load %in[%i2] : memref<?xi8>
    %f2 = arith.uitofp %v2 : i8 to f32
    %e3 = memref.load %table[%o, %c3] : memref<?x8xi32>
    %i3 = arith.index_cast %e3 : i32 to index
    %v3 = memref.load %in[%i3] : memref<?xi8>
    %f3 = arith.uitofp %v3 : i8 to f32
    %e4 = memref.load %table[%o, %c4] : memref<?x8xi32>
    %i4 = arith.index_cast %e4 : i32 to index
    %v4 = memref.load %in[%i4] : memref<?xi8>
    %f4 = arith.uitofp %v4 : i8 to f32
    %e5 = memref.load %table[%o, %c5] : memref<?x8xi32>
    %i5 = arith.index_cast %e5 : i32 to index
    %v5 = memref.load %in[%i5] : memref<?xi8>
    %f5 = arith.uitofp %v5 : i8 to f32
    %e6 = memref.load %table[%o, %c6] : memref<?x8xi32>
    %i6 = arith.index_cast %e6 : i32 to index
    %v6 = memref.load %in[%i6] : memref<?xi8>
    %f6 = arith.uitofp %v6 : i8 to f32
    %e7 = memref.load %table[%o, %c7] : memref<?x8xi32>
    %i7 = arith.index_cast %e7 : i32 to index
    %v7 = memref.load %in[%i7] : memref<?xi8>
    %f7 = arith.uitofp %v7 : i8 to f32
    %s0 = arith.addf %f0, %f0 : f32
    %s1 = arith.addf %s0, %f1 : f32
    %s2 = arith.addf %s1, %f2 : f32
    %s3 = arith.addf %s2, %f3 : f32
    %s4 = arith.addf %s3, %f4 : f32
    %s5 = arith.addf %s4, %f5 : f32
    %s6 = arith.addf %s5, %f6 : f32
    %s7 = arith.addf %s6, %f7 : f32
    memref.store %s7, %out[%o] : memref<?xf32>
  }
  return
}

// -----

// Two taps (linear): LLVM's gathers stay, unless min-gathers says otherwise.
// CHECK-LABEL: func.func @two_taps
// CHECK-NOT: {loop_annotation
// ONE-LABEL: func.func @two_taps
// ONE: } {loop_annotation =
func.func @two_taps(%in: memref<?xf32>, %table: memref<?x2xi32>,
                    %out: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %o = %c0 to %n step %c1 {
    %e0 = memref.load %table[%o, %c0] : memref<?x2xi32>
    %e1 = memref.load %table[%o, %c1] : memref<?x2xi32>
    %i0 = arith.index_cast %e0 : i32 to index
    %i1 = arith.index_cast %e1 : i32 to index
    %v0 = memref.load %in[%i0] : memref<?xf32>
    %v1 = memref.load %in[%i1] : memref<?xf32>
    %s = arith.addf %v0, %v1 : f32
    memref.store %s, %out[%o] : memref<?xf32>
  }
  return
}

// -----

// Eight gathered rows, read contiguously by the inner loop, which stays
// vectorizable; the outer loop, whose vectorization would gather, is
// annotated.
// CHECK-LABEL: func.func @eight_rows
// CHECK: scf.for
// CHECK: scf.for
// CHECK-NOT: {loop_annotation
// CHECK: memref.store
// CHECK-NEXT: }
// CHECK-NEXT: } {loop_annotation =
func.func @eight_rows(%in: memref<?x?xf32>, %table: memref<?x8xi32>,
                      %out: memref<?x?xf32>, %h: index, %w: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %one = arith.constant 1 : index
  scf.for %y = %c0 to %h step %one {
    %e0 = memref.load %table[%y, %c0] : memref<?x8xi32>
    %r0 = arith.index_cast %e0 : i32 to index
    %e1 = memref.load %table[%y, %c1] : memref<?x8xi32>
    %r1 = arith.index_cast %e1 : i32 to index
    %e2 = memref.load %table[%y, %c2] : memref<?x8xi32>
    %r2 = arith.index_cast %e2 : i32 to index
    %e3 = memref.load %table[%y, %c3] : memref<?x8xi32>
    %r3 = arith.index_cast %e3 : i32 to index
    %e4 = memref.load %table[%y, %c4] : memref<?x8xi32>
    %r4 = arith.index_cast %e4 : i32 to index
    %e5 = memref.load %table[%y, %c5] : memref<?x8xi32>
    %r5 = arith.index_cast %e5 : i32 to index
    %e6 = memref.load %table[%y, %c6] : memref<?x8xi32>
    %r6 = arith.index_cast %e6 : i32 to index
    %e7 = memref.load %table[%y, %c7] : memref<?x8xi32>
    %r7 = arith.index_cast %e7 : i32 to index
    scf.for %x = %c0 to %w step %one {
      %v0 = memref.load %in[%r0, %x] : memref<?x?xf32>
      %v1 = memref.load %in[%r1, %x] : memref<?x?xf32>
      %v2 = memref.load %in[%r2, %x] : memref<?x?xf32>
      %v3 = memref.load %in[%r3, %x] : memref<?x?xf32>
      %v4 = memref.load %in[%r4, %x] : memref<?x?xf32>
      %v5 = memref.load %in[%r5, %x] : memref<?x?xf32>
      %v6 = memref.load %in[%r6, %x] : memref<?x?xf32>
      %v7 = memref.load %in[%r7, %x] : memref<?x?xf32>
      %s0 = arith.addf %v0, %v0 : f32
      %s1 = arith.addf %s0, %v1 : f32
      %s2 = arith.addf %s1, %v2 : f32
      %s3 = arith.addf %s2, %v3 : f32
      %s4 = arith.addf %s3, %v4 : f32
      %s5 = arith.addf %s4, %v5 : f32
      %s6 = arith.addf %s5, %v6 : f32
      %s7 = arith.addf %s6, %v7 : f32
      memref.store %s7, %out[%y, %x] : memref<?x?xf32>
    }
  }
  return
}

// -----

// Addresses affine in the induction variable, or offset by a loaded value
// that does not change with it, need no gather.
// ONE-LABEL: func.func @no_gather
// ONE-NOT: {loop_annotation
func.func @no_gather(%in: memref<?xi8>, %start: memref<1xindex>,
                     %out: memref<?xi8>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %o = %c0 to %n step %c1 {
    %s = memref.load %start[%c0] : memref<1xindex>
    %twice = arith.muli %o, %c2 : index
    %i = arith.addi %twice, %s : index
    %v = memref.load %in[%i] : memref<?xi8>
    memref.store %v, %out[%o] : memref<?xi8>
  }
  return
}

// -----

// A run-time tap loop inside the output loop: both gather through the tap
// table, once per iteration.
// ONE-LABEL: func.func @tap_loop
// ONE: scf.for
// ONE: scf.for
// ONE: } {loop_annotation =
// ONE: } {loop_annotation =
func.func @tap_loop(%in: memref<?xi8>, %taps: memref<?x?xi32>,
                    %out: memref<?xf32>, %n: index, %k: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  scf.for %o = %c0 to %n step %c1 {
    %sum = scf.for %t = %c0 to %k step %c1 iter_args(%acc = %zero) -> f32 {
      %entry = memref.load %taps[%o, %t] : memref<?x?xi32>
      %i = arith.index_cast %entry : i32 to index
      %v = memref.load %in[%i] : memref<?xi8>
      %f = arith.uitofp %v : i8 to f32
      %next = arith.addf %acc, %f : f32
      scf.yield %next : f32
    }
    memref.store %sum, %out[%o] : memref<?xf32>
  }
  return
}
