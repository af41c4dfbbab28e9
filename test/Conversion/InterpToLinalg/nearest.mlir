// RUN: interp-opt %s -split-input-file --convert-interp-to-linalg | FileCheck %s

// nearest: one gathering linalg.generic over the output, with a constant
// index table per resized axis (no coordinate math, no weights).

// CHECK-LABEL: func.func @nearest_static
// CHECK-SAME: %[[X:.*]]: tensor<1x3x4x4xf32>
// CHECK-DAG: %[[H:.*]] = arith.constant dense<{{\[}}[0], [0], [1], [1], [2], [2], [3], [3]]> : tensor<8x1xi64>
// CHECK-DAG: %[[W:.*]] = arith.constant dense<{{\[}}[0], [2]]> : tensor<2x1xi64>
// CHECK: %[[INIT:.*]] = tensor.empty() : tensor<1x3x8x2xf32>
// CHECK: %[[R:.*]] = linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel", "parallel", "parallel"]
// CHECK-SAME: ins(%[[H]], %[[W]] : tensor<8x1xi64>, tensor<2x1xi64>) outs(%[[INIT]] : tensor<1x3x8x2xf32>)
// CHECK: ^bb0(%[[IH:.*]]: i64, %[[IW:.*]]: i64, %{{.*}}: f32):
// CHECK-DAG: %[[N:.*]] = linalg.index 0
// CHECK-DAG: %[[C:.*]] = linalg.index 1
// CHECK-DAG: %[[Y:.*]] = arith.index_cast %[[IH]]
// CHECK-DAG: %[[XX:.*]] = arith.index_cast %[[IW]]
// CHECK: %[[E:.*]] = tensor.extract %[[X]][%[[N]], %[[C]], %[[Y]], %[[XX]]]
// CHECK-NOT: arith.divf
// CHECK-NOT: math.floor
// CHECK: linalg.yield %[[E]] : f32
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
// CHECK-LABEL: func.func @nearest_identity_axis
// CHECK: arith.constant dense<{{.*}}> : tensor<6x1xi64>
// CHECK-NOT: tensor<5x1xi64>
// CHECK: linalg.generic
// CHECK-SAME: ins(%{{.*}} : tensor<6x1xi64>)
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
// CHECK: arith.constant dense<{{\[}}[1], [5], [8], [11], [15], [18]]> : tensor<6x1xi64>
func.func @tie_20_to_6(%x: tensor<20xf32>) -> tensor<6xf32> {
  %s = arith.constant dense<[6]> : tensor<1xi64>
  %c = arith.constant dense<[1.0]> : tensor<1xf32>
  %r = interp.interpolate_v4 %x, %s, %c {mode = nearest, shape_calculation_mode = sizes, nearest_mode = round_prefer_ceil}
     : (tensor<20xf32>, tensor<1xi64>, tensor<1xf32>) -> tensor<6xf32>
  return %r : tensor<6xf32>
}

// -----

// Unsigned data is gathered as is: nearest copies the element.
// CHECK-LABEL: func.func @nearest_ui8
// CHECK: linalg.generic
// CHECK: %[[E:.*]] = tensor.extract %{{.*}} : tensor<4xui8>
// CHECK-NEXT: linalg.yield %[[E]] : ui8
func.func @nearest_ui8(%x: tensor<4xui8>) -> tensor<8xui8> {
  %s = arith.constant dense<[8]> : tensor<1xi64>
  %c = arith.constant dense<[1.0]> : tensor<1xf32>
  %r = interp.interpolate_v4 %x, %s, %c {mode = nearest, shape_calculation_mode = sizes}
     : (tensor<4xui8>, tensor<1xi64>, tensor<1xf32>) -> tensor<8xui8>
  return %r : tensor<8xui8>
}
