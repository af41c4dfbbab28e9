// RUN: interp-opt %s -split-input-file --convert-interp-to-linalg | FileCheck %s

// Tables that depend on run-time values are filled by the runtime library,
// which first validates the run-time sizes and scales.

// CHECK-LABEL: func.func private @interp_axis_table_taps(i32, i32, i32, i32, f32, i64, i64, i32, f64) -> i64
// CHECK-LABEL: func.func @runtime_sizes
// CHECK-SAME: %[[X:.*]]: tensor<?x?xf16>, %[[S:.*]]: tensor<1xi64>
// CHECK: %[[E:.*]] = tensor.extract %[[S]]
// CHECK: %[[OUT:.*]] = arith.index_cast %[[E]] : i64 to index
// The result is sized through the runtime (negative sizes, results larger
// than memory) before anything is allocated; an empty result skips the
// computation.
// CHECK: call @interp_checked_result_elements(
// CHECK: %[[COUNT:.*]] = call @interp_checked_result_elements(
// CHECK: %[[EMPTY:.*]] = arith.cmpi eq, %[[COUNT]]
// CHECK: scf.if %[[EMPTY]] -> (tensor<?x?xf16>) {
// CHECK: tensor.empty
// CHECK: } else {
// The taps call validates the run-time parameters; cubic always has four
// taps, so the table buffers have four columns and the taps are unrolled.
// CHECK: func.call @interp_axis_table_taps(
// CHECK: %[[IB:.*]] = memref.alloc(%[[OUT]]) : memref<?x4xi64>
// CHECK: %[[WB:.*]] = memref.alloc(%[[OUT]]) : memref<?x4xf32>
// CHECK-DAG: %[[IBC:.*]] = memref.cast %[[IB]] : memref<?x4xi64> to memref<?x?xi64>
// CHECK-DAG: %[[WBC:.*]] = memref.cast %[[WB]] : memref<?x4xf32> to memref<?x?xf32>
// CHECK: func.call @interp_axis_table_fill_f32({{.*}}, %[[IBC]], %[[WBC]])
// CHECK: %[[IT:.*]] = bufferization.to_tensor %[[IB]] restrict
// CHECK: %[[WT:.*]] = bufferization.to_tensor %[[WB]] restrict
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel"]
// CHECK-SAME: ins(%[[IT]], %[[IT]], %[[IT]], %[[IT]], %[[WT]], %[[WT]], %[[WT]], %[[WT]] :
// CHECK-NOT: scf.for
// CHECK: linalg.yield
func.func @runtime_sizes(%x: tensor<?x?xf16>, %s: tensor<1xi64>) -> tensor<?x?xf16> {
  %c = arith.constant dense<[2.0]> : tensor<1xf32>
  %a = arith.constant dense<[1]> : tensor<1xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = cubic, shape_calculation_mode = sizes}
     : (tensor<?x?xf16>, tensor<1xi64>, tensor<1xf32>, tensor<1xi64>) -> tensor<?x?xf16>
  return %r : tensor<?x?xf16>
}

// -----

// Run-time scales: the output length is computed with the float32 rule and
// the scale is handed to the runtime, which checks both.
// CHECK-LABEL: func.func @runtime_scales
// CHECK-SAME: %{{.*}}: tensor<?xf64>, %[[C:.*]]: tensor<1xf32>
// CHECK: arith.fptosi
// CHECK: %[[SC0:.*]] = tensor.extract %[[C]]
// CHECK: call @interp_check_scale(%[[SC0]])
// CHECK: call @interp_checked_result_elements(
// CHECK: scf.if
// CHECK: %[[SC:.*]] = tensor.extract %[[C]]
// CHECK: func.call @interp_axis_table_taps(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[SC]],
// CHECK: func.call @interp_axis_table_fill_f64
func.func @runtime_scales(%x: tensor<?xf64>, %c: tensor<1xf32>) -> tensor<?xf64> {
  %s = arith.constant dense<[1]> : tensor<1xi64>
  %r = interp.interpolate_v4 %x, %s, %c {mode = linear, shape_calculation_mode = scales}
     : (tensor<?xf64>, tensor<1xi64>, tensor<1xf32>) -> tensor<?xf64>
  return %r : tensor<?xf64>
}

// -----

// A dynamic batch with static resized axes keeps constant tables.
// CHECK-LABEL: func.func @dynamic_batch
// CHECK-NOT: call @interp_axis_table
// CHECK: arith.constant dense<{{.*}}> : tensor<8x2xi64>
// CHECK: tensor.empty(%{{.*}}) : tensor<?x3x8x4xf32>
func.func @dynamic_batch(%x: tensor<?x3x4x4xf32>) -> tensor<?x3x8x4xf32> {
  %s = arith.constant dense<[8, 4]> : tensor<2xi64>
  %c = arith.constant dense<[2.0, 1.0]> : tensor<2xf32>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = linear_onnx, shape_calculation_mode = sizes}
     : (tensor<?x3x4x4xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<?x3x8x4xf32>
  return %r : tensor<?x3x8x4xf32>
}

// -----

// linear with antialias and a run-time size: whether antialias is active
// (some scale below 1) and the tap count are both known only at run time, so
// the body loops over the taps.
// CHECK-LABEL: func.func @runtime_taps
// CHECK: %[[TAPS:.*]] = func.call @interp_axis_table_taps(
// CHECK: %[[K:.*]] = arith.index_cast %[[TAPS]] : i64 to index
// CHECK: %[[IB:.*]] = memref.alloc(%{{.*}}, %[[K]]) : memref<?x?xi64>
// CHECK: %[[IT:.*]] = bufferization.to_tensor %[[IB]] restrict
// CHECK: linalg.generic
// CHECK: %[[K2:.*]] = tensor.dim %[[IT]], %{{.*}}
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[K2]]
// CHECK: tensor.extract %[[IT]]
// CHECK: scf.yield
func.func @runtime_taps(%x: tensor<8xf32>, %s: tensor<1xi64>) -> tensor<?xf32> {
  %c = arith.constant dense<[1.0]> : tensor<1xf32>
  %r = interp.interpolate_v4 %x, %s, %c {mode = linear, shape_calculation_mode = sizes, antialias = true}
     : (tensor<8xf32>, tensor<1xi64>, tensor<1xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}
