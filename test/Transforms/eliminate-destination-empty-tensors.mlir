// RUN: interp-opt %s -split-input-file --interp-eliminate-destination-empty-tensors | FileCheck %s

// Both branches of a guard compute into the same tensor.empty, one of them
// in slices: every use is replaced by the destination.
// CHECK-LABEL: func.func @through_branches
// CHECK-SAME: %[[C:.*]]: i1, %{{.*}}: index, %[[OUT:.*]]: memref<?xf32>
// CHECK-NOT: tensor.empty
// CHECK: %[[D:.*]] = bufferization.to_tensor %[[OUT]] restrict writable : memref<?xf32> to tensor<?xf32>
// CHECK: scf.if %[[C]]
// CHECK: linalg.fill {{.*}} outs(%[[D]] : tensor<?xf32>)
// CHECK: } else {
// CHECK: tensor.extract_slice %[[D]][0] [4] [1]
// CHECK: tensor.insert_slice %{{.*}} into %[[D]][0] [4] [1]
// CHECK-NOT: tensor.empty
func.func @through_branches(%c: i1, %n: index, %out: memref<?xf32>) {
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %e = tensor.empty(%n) : tensor<?xf32>
  %r = scf.if %c -> tensor<?xf32> {
    %f = linalg.fill ins(%one : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
    scf.yield %f : tensor<?xf32>
  } else {
    %s = tensor.extract_slice %e[0] [4] [1] : tensor<?xf32> to tensor<4xf32>
    %f = linalg.fill ins(%two : f32) outs(%s : tensor<4xf32>) -> tensor<4xf32>
    %i = tensor.insert_slice %f into %e[0] [4] [1] : tensor<4xf32> into tensor<?xf32>
    scf.yield %i : tensor<?xf32>
  }
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<?xf32>, memref<?xf32>) -> ()
  return
}

// -----

// A static tensor.empty and a dynamic destination: the replacement is cast.
// CHECK-LABEL: func.func @cast_to_static
// CHECK: %[[D:.*]] = bufferization.to_tensor %{{.*}} restrict writable : memref<?xf32> to tensor<?xf32>
// CHECK: %[[S:.*]] = tensor.cast %[[D]] : tensor<?xf32> to tensor<8xf32>
// CHECK: linalg.fill {{.*}} outs(%[[S]] : tensor<8xf32>)
func.func @cast_to_static(%out: memref<?xf32>) {
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %f = linalg.fill ins(%one : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  bufferization.materialize_in_destination %f in restrict writable %out : (tensor<8xf32>, memref<?xf32>) -> ()
  return
}

// -----

// The tensor.empty also feeds a value that is not materialized: left alone
// (it would start sharing the destination's buffer).
// CHECK-LABEL: func.func @other_use
// CHECK: tensor.empty
// CHECK-NOT: bufferization.to_tensor
func.func @other_use(%n: index, %out: memref<?xf32>) -> tensor<?xf32> {
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %e = tensor.empty(%n) : tensor<?xf32>
  %a = linalg.fill ins(%one : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %b = linalg.fill ins(%two : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  bufferization.materialize_in_destination %a in restrict writable %out : (tensor<?xf32>, memref<?xf32>) -> ()
  return %b : tensor<?xf32>
}

// -----

// Without restrict, the destination may alias other buffers: left alone.
// CHECK-LABEL: func.func @not_restrict
// CHECK: tensor.empty
// CHECK-NOT: bufferization.to_tensor
func.func @not_restrict(%n: index, %out: memref<?xf32>) {
  %one = arith.constant 1.0 : f32
  %e = tensor.empty(%n) : tensor<?xf32>
  %a = linalg.fill ins(%one : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  bufferization.materialize_in_destination %a in writable %out : (tensor<?xf32>, memref<?xf32>) -> ()
  return
}

// -----

// A materialization that runs only on one branch: the computation would
// write the destination on every path. Left alone.
// CHECK-LABEL: func.func @conditional_materialization
// CHECK: tensor.empty
// CHECK-NOT: bufferization.to_tensor
func.func @conditional_materialization(%c: i1, %n: index, %out: memref<?xf32>) {
  %one = arith.constant 1.0 : f32
  %e = tensor.empty(%n) : tensor<?xf32>
  %f = linalg.fill ins(%one : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  scf.if %c {
    bufferization.materialize_in_destination %f in restrict writable %out : (tensor<?xf32>, memref<?xf32>) -> ()
  }
  return
}

// -----

// An unranked destination: left alone.
// CHECK-LABEL: func.func @unranked
// CHECK: tensor.empty
// CHECK-NOT: bufferization.to_tensor
func.func @unranked(%out: memref<*xf32>) {
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %f = linalg.fill ins(%one : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %u = tensor.cast %f : tensor<8xf32> to tensor<*xf32>
  bufferization.materialize_in_destination %u in restrict writable %out : (tensor<*xf32>, memref<*xf32>) -> ()
  return
}

// -----

// Through reshapes (a pass over collapsed dimensions): the tensor.empty
// with the destination's shape becomes the destination, collapsed.
// CHECK-LABEL: func.func @through_reshapes
// CHECK-SAME: %[[OUT:.*]]: memref<2x3xf32>
// CHECK-NOT: tensor.empty
// CHECK: %[[D:.*]] = bufferization.to_tensor %[[OUT]] restrict writable : memref<2x3xf32> to tensor<2x3xf32>
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %[[D]]
// CHECK: linalg.fill {{.*}} outs(%[[FLAT]] : tensor<6xf32>)
func.func @through_reshapes(%out: memref<2x3xf32>) {
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<2x3xf32>
  %c = tensor.collapse_shape %e [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  %f = linalg.fill ins(%one : f32) outs(%c : tensor<6xf32>) -> tensor<6xf32>
  %r = tensor.expand_shape %f [[0, 1]] output_shape [2, 3] : tensor<6xf32> into tensor<2x3xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<2x3xf32>, memref<2x3xf32>) -> ()
  return
}
