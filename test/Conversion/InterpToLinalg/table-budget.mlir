// Constant tables have a budget (kMaxConstantTableEntries, 2^18 entries):
// beyond it the runtime library builds the table when the code runs, so
// compile time, compiler memory and the constant data emitted stay bounded
// whatever the static lengths (table-budget-memory.mlir compiles these ops
// within 1 GB of address space).
//
// RUN: interp-opt %s -split-input-file --convert-interp-to-linalg | FileCheck %s

// The 6-row axis keeps a constant table; the 2^31-row one (what made the
// lowering build 2^31-row constants) is built at run time.
// CHECK-LABEL: func.func @nearest_6x2g
// CHECK: call @interp_check_axis_table(
// CHECK-NOT: call @interp_check_axis_table(
// CHECK: arith.constant dense<{{.*}}> : tensor<6x1xi32>
// CHECK: call @interp_axis_table_fill_f32(
// CHECK-NOT: call @interp_axis_table_fill_f32(
func.func @nearest_6x2g(%x: tensor<?x4x12x12xf32>) -> tensor<?x4x6x2143289344xf32> {
  %t = arith.constant dense<[6, 2143289344]> : tensor<2xi64>
  %r = interp.interpolate_v1 %x, %t {axes = array<i64: 2, 3>, mode = nearest}
       : (tensor<?x4x12x12xf32>, tensor<2xi64>) -> tensor<?x4x6x2143289344xf32>
  return %r : tensor<?x4x6x2143289344xf32>
}

// -----

// The 4-row axis keeps its constant table; the 3 * 10^6 one (12 * 10^6
// entries) is built at run time.
// CHECK-LABEL: func.func @cubic_3m
// CHECK: call @interp_check_axis_table(%{{.*}}) : (i64, i32, i32, i32, i32, f32, i64, i64, i32, f64) -> i1
// CHECK-NOT: call @interp_check_axis_table
// CHECK: arith.constant dense<{{.*}}> : tensor<4x4xi32>
// CHECK: call @interp_axis_table_fill_f32(
// CHECK-NOT: tensor<3000000x4xi32>
func.func @cubic_3m(%x: tensor<1x1x2x1000000xf32>) -> tensor<1x1x4x3000000xf32> {
  %s = arith.constant dense<[4, 3000000]> : tensor<2xi64>
  %c = arith.constant dense<[2.0, 3.0]> : tensor<2xf32>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = cubic, shape_calculation_mode = sizes}
       : (tensor<1x1x2x1000000xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x1x4x3000000xf32>
  return %r : tensor<1x1x4x3000000xf32>
}
