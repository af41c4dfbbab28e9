// RUN: interp-opt %s -split-input-file --interp-unroll-jam-tap-loops | FileCheck %s
// RUN: interp-opt %s -split-input-file --interp-unroll-jam-tap-loops=factor=1 | FileCheck %s --check-prefix=OFF

// 8 outputs, each summing its 35 taps: 4 outputs per iteration, one tap loop
// with 4 accumulators; each output's taps are still added in order.
// CHECK-LABEL: func.func @taps
// CHECK: scf.for %{{.*}} = %c0 to %c8 step %c4{{.*}} {
// CHECK: %{{.*}}:4 = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (f32, f32, f32, f32) {
// CHECK-COUNT-4: memref.store
// CHECK-NOT: memref.store
// OFF-LABEL: func.func @taps
// OFF: iter_args(%{{[^,]*}}) -> (f32)
func.func @taps(%in: memref<8x35xf32>, %out: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c35 = arith.constant 35 : index
  %zero = arith.constant 0.0 : f32
  scf.for %o = %c0 to %c8 step %c1 {
    %sum = scf.for %k = %c0 to %c35 step %c1 iter_args(%acc = %zero) -> f32 {
      %v = memref.load %in[%o, %k] : memref<8x35xf32>
      %next = arith.addf %acc, %v : f32
      scf.yield %next : f32
    }
    memref.store %sum, %out[%o] : memref<8xf32>
  }
  return
}

// -----

// 10 outputs: the first 8 jammed by 4, the last 2 in a copy of the loop
// after it.
// CHECK-LABEL: func.func @ten_outputs
// CHECK: %[[SPLIT:.*]] = arith.constant 8 : index
// CHECK: scf.for %{{.*}} = %c0 to %[[SPLIT]] step %c4
// CHECK: iter_args({{.*}}) -> (f32, f32, f32, f32)
// CHECK: scf.for %{{.*}} = %[[SPLIT]] to %c10 step %c1 {
// CHECK: iter_args(%{{[^,]*}}) -> (f32)
func.func @ten_outputs(%in: memref<10x35xf32>, %out: memref<10xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %c35 = arith.constant 35 : index
  %zero = arith.constant 0.0 : f32
  scf.for %o = %c0 to %c10 step %c1 {
    %sum = scf.for %k = %c0 to %c35 step %c1 iter_args(%acc = %zero) -> f32 {
      %v = memref.load %in[%o, %k] : memref<10x35xf32>
      %next = arith.addf %acc, %v : f32
      scf.yield %next : f32
    }
    memref.store %sum, %out[%o] : memref<10xf32>
  }
  return
}

// -----

// Fewer outputs than the factor, a run-time number of them, or a loop
// without a tap loop in it: left alone.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: -> (f32, f32)
// CHECK-NOT: step %c2
// CHECK-NOT: step %c4
func.func @left_alone(%in: memref<?x35xf32>, %out: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %c35 = arith.constant 35 : index
  %zero = arith.constant 0.0 : f32
  scf.for %o = %c0 to %c3 step %c1 {
    %sum = scf.for %k = %c0 to %c35 step %c1 iter_args(%acc = %zero) -> f32 {
      %v = memref.load %in[%o, %k] : memref<?x35xf32>
      %next = arith.addf %acc, %v : f32
      scf.yield %next : f32
    }
    memref.store %sum, %out[%o] : memref<?xf32>
  }
  scf.for %o = %c0 to %n step %c1 {
    %sum = scf.for %k = %c0 to %c35 step %c1 iter_args(%acc = %zero) -> f32 {
      %v = memref.load %in[%o, %k] : memref<?x35xf32>
      %next = arith.addf %acc, %v : f32
      scf.yield %next : f32
    }
    memref.store %sum, %out[%o] : memref<?xf32>
  }
  scf.for %o = %c0 to %c8 step %c1 {
    %v = memref.load %in[%o, %c0] : memref<?x35xf32>
    memref.store %v, %out[%o] : memref<?xf32>
  }
  return
}
