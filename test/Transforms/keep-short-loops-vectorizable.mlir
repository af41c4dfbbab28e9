// RUN: interp-opt %s -split-input-file --interp-keep-short-loops-vectorizable | FileCheck %s

// The column loop of a nearest x2 upsample of 32-wide rows (fmap_nearest):
// 32 iterations around the 2 phases, which LLVM unrolls, 32 x (1 + 2 x 3)
// operations. The column loop is kept rolled so that LLVM vectorizes it;
// the phase loop and the row loop (which holds a 32-trip loop) are left
// alone.
// CHECK: #[[UNROLL:.*]] = #llvm.loop_unroll<disable = true>
// CHECK: #[[ROLLED:.*]] = #llvm.loop_annotation<unroll = #[[UNROLL]]>
// CHECK-LABEL: func.func @phases
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK: memref.store
// CHECK-NEXT: {{^ *}$}}
// CHECK-NEXT: } {loop_annotation = #[[ROLLED]]}
// CHECK-NEXT: {{^ *}$}}
// CHECK-NEXT: return
func.func @phases(%in: memref<32x32xf32>, %out: memref<32x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c32 = arith.constant 32 : index
  scf.for %y = %c0 to %c32 step %c1 {
    scf.for %x = %c0 to %c32 step %c1 {
      %v = memref.load %in[%y, %x] : memref<32x32xf32>
      scf.for %p = %c0 to %c2 step %c1 {
        %x2 = arith.muli %x, %c2 : index
        %o = arith.addi %x2, %p : index
        memref.store %v, %out[%y, %o] : memref<32x64xf32>
      }
    }
  }
  return
}

// -----

// The bounds: 8 iterations LLVM unrolls anyway; above, trips x size (MLIR
// operations, constants aside) up to 300, LLVM's -O3 full-unroll threshold:
// 300 x 1 and 100 x 3 are short, 301 x 1 and 101 x 3 are not; a run-time
// count is not short.
// CHECK-LABEL: func.func @bounds
// CHECK: scf.for %{{.*}} = %c0 to %c8
// CHECK-NEXT: memref.store
// CHECK-NEXT: }{{$}}
// CHECK: scf.for %{{.*}} = %c0 to %c9
// CHECK-NEXT: memref.store
// CHECK-NEXT: } {loop_annotation =
// CHECK: scf.for %{{.*}} = %c0 to %c300
// CHECK-NEXT: memref.store
// CHECK-NEXT: } {loop_annotation =
// CHECK: scf.for %{{.*}} = %c0 to %c301
// CHECK-NEXT: memref.store
// CHECK-NEXT: }{{$}}
// CHECK: scf.for %{{.*}} = %c0 to %c100
// CHECK-NEXT: arith.addi
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: memref.store
// CHECK-NEXT: } {loop_annotation =
// CHECK: scf.for %{{.*}} = %c0 to %c101
// CHECK-NEXT: arith.addi
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: memref.store
// CHECK-NEXT: }{{$}}
// CHECK: scf.for %{{.*}} = %c0 to %arg1
// CHECK-NEXT: memref.store
// CHECK-NEXT: }{{$}}
func.func @bounds(%buf: memref<?xf32>, %n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %c100 = arith.constant 100 : index
  %c101 = arith.constant 101 : index
  %c300 = arith.constant 300 : index
  %c301 = arith.constant 301 : index
  scf.for %i = %c0 to %c8 step %c1 {
    memref.store %v, %buf[%i] : memref<?xf32>
  }
  scf.for %i = %c0 to %c9 step %c1 {
    memref.store %v, %buf[%i] : memref<?xf32>
  }
  scf.for %i = %c0 to %c300 step %c1 {
    memref.store %v, %buf[%i] : memref<?xf32>
  }
  scf.for %i = %c0 to %c301 step %c1 {
    memref.store %v, %buf[%i] : memref<?xf32>
  }
  scf.for %i = %c0 to %c100 step %c1 {
    %j = arith.addi %i, %c1 : index
    %w = arith.mulf %v, %v : f32
    memref.store %w, %buf[%j] : memref<?xf32>
  }
  scf.for %i = %c0 to %c101 step %c1 {
    %j = arith.addi %i, %c1 : index
    %w = arith.mulf %v, %v : f32
    memref.store %w, %buf[%j] : memref<?xf32>
  }
  scf.for %i = %c0 to %n step %c1 {
    memref.store %v, %buf[%i] : memref<?xf32>
  }
  return
}

// -----

// An in-order sum (a loop-carried value) and a loop marked scalar by
// interp-keep-gathering-loops-scalar keep what they have.
// CHECK-DAG: #[[VECTORIZE:.*]] = #llvm.loop_vectorize<disable = true>
// CHECK-DAG: #[[SCALAR:.*]] = #llvm.loop_annotation<vectorize = #[[VECTORIZE]]>
// CHECK-LABEL: func.func @left_alone
// CHECK: scf.for {{.*}} iter_args
// CHECK: scf.yield
// CHECK-NEXT: }{{$}}
// CHECK: scf.for
// CHECK: } {loop_annotation = #[[SCALAR]]}
#scalar = #llvm.loop_annotation<vectorize = <disable = true>>
func.func @left_alone(%buf: memref<32xf32>, %idx: memref<32xindex>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0.0 : f32
  %sum = scf.for %i = %c0 to %c32 step %c1 iter_args(%acc = %zero) -> (f32) {
    %v = memref.load %buf[%i] : memref<32xf32>
    %a = arith.addf %acc, %v : f32
    scf.yield %a : f32
  }
  scf.for %i = %c0 to %c32 step %c1 {
    %j = memref.load %idx[%i] : memref<32xindex>
    %v = memref.load %buf[%j] : memref<32xf32>
    memref.store %v, %buf[%i] : memref<32xf32>
  } {loop_annotation = #scalar}
  return %sum : f32
}

// -----

// The interior of a linear x2 upsample of 32-wide rows (sweep_64x64): 30
// iterations of 2 phases of 4 taps are far above the threshold, and LLVM
// vectorizes such a loop itself, interleaved: left alone.
// CHECK-LABEL: func.func @large_body
// CHECK: memref.store
// CHECK-NEXT: }{{$}}
// CHECK-NEXT: }{{$}}
func.func @large_body(%in: memref<2x32xf32>, %out: memref<64xf32>, %w: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c30 = arith.constant 30 : index
  scf.for %x = %c0 to %c30 step %c1 {
    scf.for %p = %c0 to %c2 step %c1 {
      %i = arith.addi %x, %p : index
      %j = arith.addi %i, %c1 : index
      %a = memref.load %in[%c0, %i] : memref<2x32xf32>
      %b = memref.load %in[%c0, %j] : memref<2x32xf32>
      %c = memref.load %in[%c1, %i] : memref<2x32xf32>
      %d = memref.load %in[%c1, %j] : memref<2x32xf32>
      %wa = arith.mulf %w, %a : f32
      %wb = arith.mulf %w, %b : f32
      %wc = arith.mulf %w, %c : f32
      %wd = arith.mulf %w, %d : f32
      %s1 = arith.addf %wa, %wb : f32
      %s2 = arith.addf %s1, %wc : f32
      %s3 = arith.addf %s2, %wd : f32
      %x2 = arith.muli %x, %c2 : index
      %o = arith.addi %x2, %p : index
      memref.store %s3, %out[%o] : memref<64xf32>
    }
  }
  return
}
