// A pinned plan (interp.plan) changes the emitted code as it says.
// RUN: interp-opt --convert-interp-to-linalg --split-input-file --verify-diagnostics %s | FileCheck %s

// The planner's choice: constant tables, one direct pass.
// CHECK-LABEL: func.func @planned
// CHECK-NOT: call @interp_axis_table_fill
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<1x3x32x32xf32>)
// CHECK-NOT: outs(%{{.*}} : tensor<1x3x16x32xf32>)
// CHECK: return
func.func @planned(%x: tensor<1x3x16x16xf32>) -> tensor<1x3x32x32xf32> {
  %s = arith.constant dense<[32, 32]> : tensor<2xi64>
  %c = arith.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %y = interp.interpolate_v4 %x, %s, %c, %a {mode = linear_onnx, shape_calculation_mode = sizes}
     : (tensor<1x3x16x16xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x3x32x32xf32>
  return %y : tensor<1x3x32x32xf32>
}

// -----

// Pinned: axis 2's table from the runtime library (checked, then filled),
// axis 3's constant; separable passes, axis 3 (W) first.
// CHECK-LABEL: func.func @pinned
// CHECK: call @interp_check_axis_table
// CHECK: call @interp_axis_table_fill_f32
// CHECK-NOT: call @interp_axis_table_fill_f32
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<1x3x16x32xf32>)
// CHECK: linalg.generic {{.*}} ins({{.*}} : tensor<?x2xi64>, {{.*}}) outs(%{{.*}} : tensor<1x3x32x32xf32>)
// CHECK: return
func.func @pinned(%x: tensor<1x3x16x16xf32>) -> tensor<1x3x32x32xf32> {
  %s = arith.constant dense<[32, 32]> : tensor<2xi64>
  %c = arith.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %y = interp.interpolate_v4 %x, %s, %c, %a {mode = linear_onnx, shape_calculation_mode = sizes, interp.plan = {tables = ["runtime", "constant"], kind = "separable", order = [1, 0]}}
     : (tensor<1x3x16x16xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x3x32x32xf32>
  return %y : tensor<1x3x32x32xf32>
}

// -----

// Pinned through Interpolate-1 (the legalization keeps the attribute):
// separable passes instead of the direct one.
// CHECK-LABEL: func.func @pinned_v1
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<1x3x{{16x32|32x16}}xf32>)
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<1x3x32x32xf32>)
// CHECK: return
func.func @pinned_v1(%x: tensor<1x3x16x16xf32>) -> tensor<1x3x32x32xf32> {
  %t = arith.constant dense<[32, 32]> : tensor<2xi64>
  %y = interp.interpolate_v1 %x, %t {axes = array<i64: 2, 3>, mode = linear, interp.plan = {kind = "separable"}}
     : (tensor<1x3x16x16xf32>, tensor<2xi64>) -> tensor<1x3x32x32xf32>
  return %y : tensor<1x3x32x32xf32>
}

// -----

// nearest x2 copies through affine maps; pinned, it gathers.
// CHECK-LABEL: func.func @pinned_nearest
// CHECK: linalg.generic
// CHECK: tensor.extract
// CHECK: return
func.func @pinned_nearest(%x: tensor<1x3x16x16xf32>) -> tensor<1x3x32x32xf32> {
  %s = arith.constant dense<[32, 32]> : tensor<2xi64>
  %c = arith.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %y = interp.interpolate_v4 %x, %s, %c, %a {mode = nearest, shape_calculation_mode = sizes, coordinate_transformation_mode = asymmetric, nearest_mode = floor, interp.plan = {kind = "nearest_gather"}}
     : (tensor<1x3x16x16xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x3x32x32xf32>
  return %y : tensor<1x3x32x32xf32>
}

// -----

func.func @invalid_pin(%x: tensor<1x3x?x16xf32>) -> tensor<1x3x32x32xf32> {
  %s = arith.constant dense<[32, 32]> : tensor<2xi64>
  %c = arith.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  // expected-error @+2 {{plan: axis 2 cannot have 'constant' tables here}}
  // expected-error @+1 {{failed to legalize operation 'interp.interpolate_v4'}}
  %y = interp.interpolate_v4 %x, %s, %c, %a {mode = linear_onnx, shape_calculation_mode = sizes, interp.plan = {tables = ["constant", "constant"]}}
     : (tensor<1x3x?x16xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x3x32x32xf32>
  return %y : tensor<1x3x32x32xf32>
}
