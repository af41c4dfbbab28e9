// RUN: interp-opt %s -split-input-file --interp-return-on-failed-checks -verify-diagnostics | FileCheck %s

// A check splits its block: on failure the function returns the results
// of its failed-results declaration at once. Allocations outside loops get
// their null check; the one in the loop does not.
// CHECK-LABEL: func.func private @__interp_failed_results.checked() -> memref<?xf32>
// CHECK-LABEL: func.func @checked
// CHECK: %[[OK:.*]] = call @interp_check_operand_length(
// CHECK-NEXT: cf.cond_br %[[OK]], ^[[NEXT:.*]], ^[[FAILED:.*]]
// CHECK: ^[[NEXT]]:
// CHECK: %[[A:.*]] = memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK: %[[P:.*]] = memref.extract_aligned_pointer_as_index %[[A]]
// CHECK: %[[PI:.*]] = arith.index_cast %[[P]] : index to i64
// CHECK: %[[AOK:.*]] = call @interp_check_allocation(%[[PI]], %{{.*}})
// CHECK-NEXT: cf.cond_br %[[AOK]], ^{{.*}}, ^[[FAILED]]
// CHECK: scf.for
// CHECK: memref.alloc() : memref<4xf32>
// CHECK-NOT: interp_check_allocation
// CHECK: } 
// CHECK: return %[[A]]
// CHECK: ^[[FAILED]]:
// CHECK-NEXT: %[[NULL:.*]] = call @__interp_failed_results.checked() : () -> memref<?xf32>
// CHECK-NEXT: return %[[NULL]]
func.func private @interp_check_operand_length(i32, i64, i64) -> i1
func.func @checked(%n: index, %len: i64) -> memref<?xf32> {
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i64
  %ok = call @interp_check_operand_length(%c0, %len, %c2) : (i32, i64, i64) -> i1
  %a = memref.alloc(%n) : memref<?xf32>
  %lb = arith.constant 0 : index
  %ub = arith.constant 4 : index
  %st = arith.constant 1 : index
  scf.for %i = %lb to %ub step %st {
    %t = memref.alloc() : memref<4xf32>
    memref.dealloc %t : memref<4xf32>
  }
  return %a : memref<?xf32>
}

// -----

// A check inside an scf.if: the branch becomes cf, so the check can return.
// CHECK-LABEL: func.func @in_branch
// CHECK-NOT: scf.if
// CHECK: cf.cond_br %{{.*}}, ^[[THEN:.*]], ^
// CHECK: ^[[THEN]]:
// CHECK: %[[OK:.*]] = call @interp_check_scale(
// CHECK-NEXT: cf.cond_br %[[OK]], ^{{.*}}, ^[[FAILED:.*]]
// CHECK: ^[[FAILED]]:
// CHECK-NEXT: return
func.func private @interp_check_scale(f32, i64, i64) -> i1
func.func @in_branch(%c: i1, %s: f32, %l: i64) {
  scf.if %c {
    %ok = func.call @interp_check_scale(%s, %l, %l) : (f32, i64, i64) -> i1
  }
  return
}

// -----

// A check inside a loop cannot return.
func.func private @interp_check_scale(f32, i64, i64) -> i1
func.func @in_loop(%s: f32, %l: i64) {
  %lb = arith.constant 0 : index
  %ub = arith.constant 4 : index
  %st = arith.constant 1 : index
  scf.for %i = %lb to %ub step %st {
    // expected-error @+1 {{a run-time check inside 'scf.for' cannot return from the function when it fails: interp ops whose operands are checked at run time must not be inside loops}}
    %ok = func.call @interp_check_scale(%s, %l, %l) : (f32, i64, i64) -> i1
  }
  return
}

// -----

// A copy between buffers of dynamic shape checks that they agree.
// CHECK-LABEL: func.func @copy
// CHECK: %[[D0:.*]] = memref.dim %arg0, %{{.*}}
// CHECK: %[[D1:.*]] = memref.dim %arg1, %{{.*}}
// CHECK: %[[OK:.*]] = call @interp_check_dim_equals(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}})
// CHECK-NEXT: cf.cond_br %[[OK]]
// CHECK: memref.copy
func.func @copy(%a: memref<?xf32>, %b: memref<?xf32>) {
  memref.copy %a, %b : memref<?xf32> to memref<?xf32>
  return
}
