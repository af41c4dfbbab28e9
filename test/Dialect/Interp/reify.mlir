// RUN: interp-opt %s -split-input-file --resolve-ranked-shaped-type-result-dims -canonicalize | FileCheck %s

// ReifyRankedShapedTypeOpInterface: dynamic result dims as IR.

// Scales mode: trunc(float(padded) * (scale + 1e-6)) in f32, padded kept when
// scale == 1; the padded length includes the pads.
// CHECK-LABEL: func.func @scales_mode
// CHECK-SAME: %[[X:[^:]*]]: tensor<1x2x?x80xf32>, %{{.*}}: tensor<2xi64>, %[[C:[^:]*]]: tensor<2xf32>
// CHECK-DAG: %[[EPS:.*]] = arith.constant 9.99999997E-7 : f32
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK: %[[DIM:.*]] = tensor.dim %[[X]], %{{.*}}
// CHECK: %[[PADDED:.*]] = arith.addi %[[DIM]], %{{.*}} : index
// CHECK: %[[S:.*]] = tensor.extract %[[C]][%{{.*}}] : tensor<2xf32>
// CHECK: %[[PI:.*]] = arith.index_cast %[[PADDED]] : index to i64
// CHECK: %[[PF:.*]] = arith.sitofp %[[PI]] : i64 to f32
// CHECK: %[[SE:.*]] = arith.addf %[[S]], %[[EPS]] : f32
// CHECK: %[[PROD:.*]] = arith.mulf %[[PF]], %[[SE]] : f32
// CHECK: %[[WHOLE:.*]] = math.floor %[[PROD]] : f32
// CHECK: %[[T:.*]] = arith.fptosi %[[WHOLE]] : f32 to i64
// CHECK: %[[IS1:.*]] = arith.cmpf oeq, %[[S]], %[[ONE]] : f32
// CHECK: %[[L:.*]] = arith.select %[[IS1]], %[[PI]], %[[T]] : i64
// CHECK: %[[D2:.*]] = arith.index_cast %[[L]] : i64 to index
// CHECK: return %[[D2]]
func.func @scales_mode(%x: tensor<1x2x?x80xf32>, %s: tensor<2xi64>, %c: tensor<2xf32>) -> index {
  %axes = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %axes {mode = linear, shape_calculation_mode = scales, pads_begin = array<i64: 0, 0, 1>}
       : (tensor<1x2x?x80xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<?x?x?x?xf32>
  %c2 = arith.constant 2 : index
  %d2 = tensor.dim %r, %c2 : tensor<?x?x?x?xf32>
  return %d2 : index
}

// -----

// Sizes mode reads sizes[i]; unsigned sizes are zero-extended. Non-axis dims
// are the padded input dims.
// CHECK-LABEL: func.func @sizes_mode_unsigned
// CHECK-SAME: %[[X:[^:]*]]: tensor<?x5xf32>, %[[S:[^:]*]]: tensor<1xui8>
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[DIM:.*]] = tensor.dim %[[X]], %[[C0]]
// CHECK: %[[D0:.*]] = arith.addi %[[DIM]], %[[C2]] : index
// CHECK: %[[B:.*]] = tensor.bitcast %[[S]] : tensor<1xui8> to tensor<1xi8>
// CHECK: %[[E:.*]] = tensor.extract %[[B]][%[[C0]]] : tensor<1xi8>
// CHECK: %[[D1:.*]] = arith.index_castui %[[E]] : i8 to index
// CHECK: return %[[D0]], %[[D1]]
func.func @sizes_mode_unsigned(%x: tensor<?x5xf32>, %s: tensor<1xui8>, %c: tensor<1xf32>) -> (index, index) {
  %axes = arith.constant dense<[1]> : tensor<1xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %axes {mode = nearest, shape_calculation_mode = sizes, pads_begin = array<i64: 1>, pads_end = array<i64: 1>}
       : (tensor<?x5xf32>, tensor<1xui8>, tensor<1xf32>, tensor<1xi64>) -> tensor<?x?xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %r, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %r, %c1 : tensor<?x?xf32>
  return %d0, %d1 : index, index
}

// -----

// Interpolate-1: the target for axis dims, the unpadded input elsewhere.
// CHECK-LABEL: func.func @v1_target
// CHECK-SAME: %[[X:[^:]*]]: tensor<?x6xf32>, %[[T:[^:]*]]: tensor<1xi32>
// CHECK: %[[D0:.*]] = tensor.dim %[[X]], %{{.*}}
// CHECK: %[[E:.*]] = tensor.extract %[[T]]
// CHECK: %[[D1:.*]] = arith.index_cast %[[E]] : i32 to index
// CHECK: return %[[D0]], %[[D1]]
func.func @v1_target(%x: tensor<?x6xf32>, %t: tensor<1xi32>) -> (index, index) {
  %r = interp.interpolate_v1 %x, %t {axes = array<i64: 1>, mode = area, pads_begin = array<i64: 0, 3>}
       : (tensor<?x6xf32>, tensor<1xi32>) -> tensor<?x?xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %r, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %r, %c1 : tensor<?x?xf32>
  return %d0, %d1 : index, index
}

// -----

// Non-constant axes cannot be reified: the tensor.dim stays.
// CHECK-LABEL: func.func @nonconstant_axes
// CHECK: tensor.dim
func.func @nonconstant_axes(%x: tensor<4x4xf32>, %s: tensor<1xi64>, %c: tensor<1xf32>, %a: tensor<1xi64>) -> index {
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = nearest, shape_calculation_mode = sizes}
       : (tensor<4x4xf32>, tensor<1xi64>, tensor<1xf32>, tensor<1xi64>) -> tensor<?x?xf32>
  %c0 = arith.constant 0 : index
  %d0 = tensor.dim %r, %c0 : tensor<?x?xf32>
  return %d0 : index
}

// -----

// Interpolate-11 in sizes mode: the dim is the scales_or_sizes entry.
// CHECK-LABEL: func.func @v11_sizes_dim
// CHECK: %[[E:.*]] = tensor.extract %arg1[%{{.*}}] : tensor<2xi64>
// CHECK: %[[D:.*]] = arith.index_cast %[[E]] : i64 to index
// CHECK: return %[[D]]
func.func @v11_sizes_dim(%x: tensor<4x6xf32>, %s: tensor<2xi64>) -> index {
  %r = interp.interpolate_v11 %x, %s {mode = bilinear_pillow, shape_calculation_mode = sizes}
       : (tensor<4x6xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %c1 = arith.constant 1 : index
  %d = tensor.dim %r, %c1 : tensor<?x?xf32>
  return %d : index
}
