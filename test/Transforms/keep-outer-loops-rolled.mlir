// RUN: interp-opt %s -split-input-file --interp-keep-outer-loops-rolled | FileCheck %s

// A channel loop around a row loop around a column loop: the two loops
// that hold loops are kept rolled, the innermost one is left to LLVM.
// CHECK: #[[UNROLL:.*]] = #llvm.loop_unroll<disable = true>
// CHECK: #[[ROLLED:.*]] = #llvm.loop_annotation<unroll = #[[UNROLL]]>
// CHECK-LABEL: func.func @nest
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK: memref.store
// CHECK-NEXT: {{^ *}$}}
// CHECK-NEXT: } {loop_annotation = #[[ROLLED]]}
// CHECK-NEXT: } {loop_annotation = #[[ROLLED]]}
func.func @nest(%in: memref<3x?x?xf32>, %out: memref<3x?x?xf32>, %h: index,
                %w: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %c = %c0 to %c3 step %c1 {
    scf.for %y = %c0 to %h step %c1 {
      scf.for %x = %c0 to %w step %c1 {
        %v = memref.load %in[%c, %y, %x] : memref<3x?x?xf32>
        memref.store %v, %out[%c, %y, %x] : memref<3x?x?xf32>
      }
    }
  }
  return
}

// -----

// A loop that already carries a hint (here from
// interp-keep-gathering-loops-scalar) keeps it and gains the unroll hint;
// a loop nested through an scf.if still counts as one that holds a loop.
// CHECK-DAG: #[[VECTORIZE:.*]] = #llvm.loop_vectorize<disable = true>
// CHECK-DAG: #[[UNROLL:.*]] = #llvm.loop_unroll<disable = true>
// CHECK: #[[BOTH:.*]] = #llvm.loop_annotation<vectorize = #[[VECTORIZE]], unroll = #[[UNROLL]]>
// CHECK-LABEL: func.func @merged
// CHECK: scf.if
// CHECK: scf.for
// CHECK: memref.store
// CHECK-NEXT: {{^ *}$}}
// CHECK-NEXT: {{^ *}$}}
// CHECK-NEXT: } {loop_annotation = #[[BOTH]]}
#scalar = #llvm.loop_annotation<vectorize = <disable = true>>
func.func @merged(%in: memref<?x?xf32>, %out: memref<?x?xf32>, %h: index,
                  %w: index, %cond: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %y = %c0 to %h step %c1 {
    scf.if %cond {
      scf.for %x = %c0 to %w step %c1 {
        %v = memref.load %in[%y, %x] : memref<?x?xf32>
        memref.store %v, %out[%y, %x] : memref<?x?xf32>
      }
    }
  } {loop_annotation = #scalar}
  return
}

// -----

// The phase loop of an affine tap run (2 iterations) is unrolled by LLVM:
// the column loop around it is then innermost and stays LLVM's to unroll;
// the row loop around the column loop (run-time trip count) is kept rolled.
// CHECK-LABEL: func.func @phases
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK: memref.store
// CHECK-NEXT: {{^ *}$}}
// CHECK-NEXT: {{^ *}$}}
// CHECK-NEXT: } {loop_annotation = #{{.*}}}
func.func @phases(%in: memref<?x?xf32>, %out: memref<?x?x2xf32>, %h: index,
                  %w: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %y = %c0 to %h step %c1 {
    scf.for %x = %c0 to %w step %c1 {
      scf.for %p = %c0 to %c2 step %c1 {
        %v = memref.load %in[%y, %x] : memref<?x?xf32>
        memref.store %v, %out[%y, %x, %p] : memref<?x?x2xf32>
      }
    }
  }
  return
}

// -----

// The bound is 8 iterations: a column loop around an 8-trip loop is left to
// LLVM, one around a 9-trip loop is kept rolled.
// CHECK-LABEL: func.func @bound
// CHECK: scf.for
// CHECK: memref.store
// CHECK-NEXT: {{^ *}$}}
// CHECK-NEXT: {{^ *}$}}
// CHECK: scf.for
// CHECK: memref.store
// CHECK-NEXT: {{^ *}$}}
// CHECK-NEXT: } {loop_annotation = #{{.*}}}
func.func @bound(%in: memref<?xf32>, %out: memref<?x9xf32>, %w: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  scf.for %x = %c0 to %w step %c1 {
    scf.for %k = %c0 to %c8 step %c1 {
      %v = memref.load %in[%x] : memref<?xf32>
      memref.store %v, %out[%x, %k] : memref<?x9xf32>
    }
  }
  scf.for %x = %c0 to %w step %c1 {
    scf.for %k = %c0 to %c9 step %c1 {
      %v = memref.load %in[%x] : memref<?xf32>
      memref.store %v, %out[%x, %k] : memref<?x9xf32>
    }
  }
  return
}

// -----

// A single loop is innermost: no annotation.
// CHECK-LABEL: func.func @single
// CHECK-NOT: loop_annotation
func.func @single(%in: memref<?xf32>, %out: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %x = %c0 to %n step %c1 {
    %v = memref.load %in[%x] : memref<?xf32>
    memref.store %v, %out[%x] : memref<?xf32>
  }
  return
}
