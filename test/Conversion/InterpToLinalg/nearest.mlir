// RUN: interp-opt %s -split-input-file --convert-interp-to-linalg | FileCheck %s

// nearest: one copying linalg.generic over the output. With integer ratios
// (rules::AffineTapRun) the source indexing map does the index math: an axis
// with period P > 1 is iterated as (k, p), writing output P k + p, and its
// index table, reshaped to [K, P], gives linalg the ranges of k and p (the
// body does not read it). Other ratios gather through a constant index table
// per resized axis (see @tie_20_to_6 and @nearest_gather). Neither form
// computes coordinates or weights.

// x2 up (4 -> 8, asymmetric + floor): in[o / 2] as (k, p) -> (2 k + p).
// /2 down (4 -> 2): in[2 o], a strided read.
// CHECK-DAG: #[[SRC:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d4 * 2)>
// CHECK-DAG: #[[RANGE:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d2, d3)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2 * 2 + d3, d4)>
// CHECK-LABEL: func.func @nearest_static
// CHECK-SAME: %[[X:.*]]: tensor<1x3x4x4xf32>
// CHECK-DAG: %[[H:.*]] = arith.constant dense<{{\[}}[0, 0], [1, 1], [2, 2], [3, 3]]> : tensor<4x2xi64>
// CHECK-DAG: %[[INIT:.*]] = tensor.empty() : tensor<1x3x8x2xf32>
// CHECK: %[[R:.*]] = linalg.generic
// CHECK-SAME: indexing_maps = [#[[SRC]], #[[RANGE]], #[[OUT]]]
// CHECK-SAME: iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]
// CHECK-SAME: ins(%[[X]], %[[H]] : tensor<1x3x4x4xf32>, tensor<4x2xi64>) outs(%[[INIT]] : tensor<1x3x8x2xf32>)
// CHECK-NEXT: ^bb0(%[[E:.*]]: f32, %{{.*}}: i64, %{{.*}}: f32):
// CHECK-NEXT: linalg.yield %[[E]] : f32
// CHECK: return %[[R]]
func.func @nearest_static(%x: tensor<1x3x4x4xf32>) -> tensor<1x3x8x2xf32> {
  %s = arith.constant dense<[8, 2]> : tensor<2xi64>
  %c = arith.constant dense<[2.0, 0.5]> : tensor<2xf32>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = nearest, shape_calculation_mode = sizes, coordinate_transformation_mode = asymmetric, nearest_mode = floor}
     : (tensor<1x3x4x4xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x3x8x2xf32>
  return %r : tensor<1x3x8x2xf32>
}

// -----

// An axis whose length does not change is the identity: no table, the output
// index is used directly.
// CHECK-DAG: #[[SRC:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2) -> (d0 * 2 + d1, d2)>
// CHECK-LABEL: func.func @nearest_identity_axis
// CHECK-NOT: tensor<5x1xi32>
// CHECK: linalg.generic
// CHECK-SAME: ins(%{{.*}}, %{{.*}} : tensor<3x5xi8>, tensor<3x2xi64>)
func.func @nearest_identity_axis(%x: tensor<3x5xi8>) -> tensor<6x5xi8> {
  %s = arith.constant dense<[6, 5]> : tensor<2xi64>
  %c = arith.constant dense<[1.0, 1.0]> : tensor<2xf32>
  %r = interp.interpolate_v4 %x, %s, %c {mode = nearest, shape_calculation_mode = sizes}
     : (tensor<3x5xi8>, tensor<2xi64>, tensor<2xf32>) -> tensor<6x5xi8>
  return %r : tensor<6x5xi8>
}

// -----

// The 20 -> 6 round_prefer_ceil tie of docs/Semantics.md: output 4 maps to
// (4 + 0.5) * 20 / 6 - 0.5 = 14.5 exactly in float64, which rounds to 15.
// CHECK-LABEL: func.func @tie_20_to_6
// CHECK: arith.constant dense<{{\[}}[1], [5], [8], [11], [15], [18]]> : tensor<6x1xi32>
func.func @tie_20_to_6(%x: tensor<20xf32>) -> tensor<6xf32> {
  %s = arith.constant dense<[6]> : tensor<1xi64>
  %c = arith.constant dense<[1.0]> : tensor<1xf32>
  %r = interp.interpolate_v4 %x, %s, %c {mode = nearest, shape_calculation_mode = sizes, nearest_mode = round_prefer_ceil}
     : (tensor<20xf32>, tensor<1xi64>, tensor<1xf32>) -> tensor<6xf32>
  return %r : tensor<6xf32>
}

// -----

// Unsigned data is copied as is: nearest copies the element.
// CHECK-LABEL: func.func @nearest_ui8
// CHECK: linalg.generic
// CHECK-NEXT: ^bb0(%[[E:.*]]: ui8, %{{.*}}: i64, %{{.*}}: ui8):
// CHECK-NEXT: linalg.yield %[[E]] : ui8
func.func @nearest_ui8(%x: tensor<4xui8>) -> tensor<8xui8> {
  %s = arith.constant dense<[8]> : tensor<1xi64>
  %c = arith.constant dense<[1.0]> : tensor<1xf32>
  %r = interp.interpolate_v4 %x, %s, %c {mode = nearest, shape_calculation_mode = sizes}
     : (tensor<4xui8>, tensor<1xi64>, tensor<1xf32>) -> tensor<8xui8>
  return %r : tensor<8xui8>
}

// -----

// 4 -> 6 (asymmetric + floor) reads 2k, 2k, 2k + 1 in each period of three
// outputs, which is not affine in the phase: the gathering generic, with the
// index table as its input.
// CHECK-LABEL: func.func @nearest_gather
// CHECK-SAME: %[[X:.*]]: tensor<4xf32>
// CHECK: %[[T:.*]] = arith.constant dense<{{\[}}[0], [0], [1], [2], [2], [3]]> : tensor<6x1xi32>
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[T]] : tensor<6x1xi32>)
// CHECK-NEXT: ^bb0(%[[I:.*]]: i32, %{{.*}}: f32):
// CHECK-NEXT: %[[IDX:.*]] = arith.index_cast %[[I]]
// CHECK-NEXT: %[[E:.*]] = tensor.extract %[[X]][%[[IDX]]]
// CHECK-NEXT: linalg.yield %[[E]] : f32
func.func @nearest_gather(%x: tensor<4xf32>) -> tensor<6xf32> {
  %s = arith.constant dense<[6]> : tensor<1xi64>
  %c = arith.constant dense<[1.0]> : tensor<1xf32>
  %r = interp.interpolate_v4 %x, %s, %c {mode = nearest, shape_calculation_mode = sizes, coordinate_transformation_mode = asymmetric, nearest_mode = floor}
     : (tensor<4xf32>, tensor<1xi64>, tensor<1xf32>) -> tensor<6xf32>
  return %r : tensor<6xf32>
}
