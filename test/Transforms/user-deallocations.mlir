// RUN: interp-opt %s -split-input-file --interp-mark-user-allocations --interp-hide-user-deallocations | FileCheck %s --check-prefix=HIDE
// RUN: interp-opt %s -split-input-file --interp-mark-user-allocations --interp-hide-user-deallocations --buffer-deallocation-pipeline --interp-restore-user-deallocations | FileCheck %s --check-prefix=DONE

// The input's own buffer is hidden from ownership-based deallocation while
// it runs, and comes back with the input's own deallocation, once.
// HIDE-LABEL: func.func @local
// HIDE: %[[H:.*]] = builtin.unrealized_conversion_cast to memref<4xf32> {interp.hidden_user_allocation = 64 : i64}
// HIDE: call @"__interp_user_dealloc.memref<f32>"
// DONE-LABEL: func.func @local
// DONE: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// DONE: call @use(%[[A]])
// DONE: memref.dealloc %{{.*}} : memref<f32>
// DONE-NOT: memref.dealloc
// DONE-NOT: interp.user_allocation
func.func private @use(memref<4xf32>)
func.func @local() {
  %a = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
  func.call @use(%a) : (memref<4xf32>) -> ()
  memref.dealloc %a : memref<4xf32>
  return
}

// -----

// Someone else's buffer (an argument): freed where the input frees it.
// DONE-LABEL: func.func @argument
// DONE: %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %arg0
// DONE: memref.dealloc %[[BASE]] : memref<f32>
// DONE-NOT: __interp_user_dealloc
func.func @argument(%m: memref<?xf32>) {
  memref.dealloc %m : memref<?xf32>
  return
}

// -----

// A returned buffer stays an allocation: returning it hands its ownership
// to the caller in the deallocation pass's terms too.
// HIDE-LABEL: func.func @returned
// HIDE: memref.alloc
// DONE-LABEL: func.func @returned
// DONE: %[[A:.*]] = memref.alloc() : memref<4xf32>
// DONE-NOT: memref.dealloc
// DONE: return %[[A]]
func.func @returned() -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  return %a : memref<4xf32>
}
