// RUN: interp-opt %s -split-input-file --convert-interp-to-linalg | FileCheck %s

// Tables that depend on run-time values are filled by the runtime library,
// which first validates the run-time sizes and scales.

// CHECK-LABEL: func.func private @interp_axis_table_taps(i32, i32, i32, i32, f32, i64, i64, i32, f64) -> i64
// CHECK-LABEL: func.func @runtime_sizes
// CHECK-SAME: %[[X:.*]]: tensor<?x?xf16>, %[[S:.*]]: tensor<1xi64>
// CHECK: %[[E:.*]] = tensor.extract %[[S]]
// CHECK: %[[OUT:.*]] = arith.index_cast %[[E]] : i64 to index
// Every run-time check comes before anything is allocated: the result is
// sized through the runtime (negative sizes, results larger than the memory
// the process may use), and the table parameters are validated. An empty
// result then skips the computation. Every branch computes into the same
// tensor.empty, so a destination can replace it
// (interp-eliminate-destination-empty-tensors).
// CHECK: call @interp_check_result_dim(
// CHECK: call @interp_check_result_dim(
// CHECK: %[[COUNT:.*]] = arith.muli
// CHECK: call @interp_check_axis_table(
// CHECK-NOT: memref.alloc
// CHECK: %[[INIT:.*]] = tensor.empty(%{{.*}}, %[[OUT]]) : tensor<?x?xf16>
// CHECK: %[[EMPTY:.*]] = arith.cmpi eq, %[[COUNT]]
// CHECK: scf.if %[[EMPTY]] -> (tensor<?x?xf16>) {
// CHECK-NEXT: scf.yield %[[INIT]]
// CHECK: } else {
// Cubic always has four taps, so the table buffers have four columns and the taps are unrolled.
// CHECK: func.call @interp_axis_table_taps(
// CHECK: %[[IB:.*]] = memref.alloc(%[[OUT]]) : memref<?x4xi64>
// CHECK: %[[WB:.*]] = memref.alloc(%[[OUT]]) : memref<?x4xf32>
// CHECK-DAG: %[[IBC:.*]] = memref.cast %[[IB]] : memref<?x4xi64> to memref<?x?xi64>
// CHECK-DAG: %[[WBC:.*]] = memref.cast %[[WB]] : memref<?x4xf32> to memref<?x?xf32>
// CHECK: func.call @interp_axis_table_fill_f32({{.*}}, %[[IBC]], %[[WBC]])
// CHECK: %[[IT:.*]] = bufferization.to_tensor %[[IB]] restrict
// CHECK: %[[WT:.*]] = bufferization.to_tensor %[[WB]] restrict
// Along the innermost axis, the runtime looks for an affine tap run with
// ratio x2 (period 2, input step 1) and /2; without one, the table pass
// computes the whole axis (the full structure is in @runtime_run below).
// CHECK: func.call @interp_axis_table_run_f32(
// CHECK: func.call @interp_axis_table_run_f32(
// CHECK: scf.if
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]} ins(%[[IT]], %[[IT]], %[[IT]], %[[IT]], %[[WT]], %[[WT]], %[[WT]], %[[WT]] :
// CHECK-SAME: outs(%[[INIT]] : tensor<?x?xf16>)
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
// the runtime checks the scale (finite, > 0, an output length interp
// supports) before anything uses that length.
// CHECK-LABEL: func.func @runtime_scales
// CHECK-SAME: %{{.*}}: tensor<?xf64>, %[[C:.*]]: tensor<1xf32>
// CHECK: arith.fptosi
// CHECK: %[[SC0:.*]] = tensor.extract %[[C]]
// CHECK: call @interp_check_scale(%[[SC0]], %{{.*}}, %{{.*}})
// CHECK: call @interp_check_result_dim(
// CHECK: %[[SC:.*]] = tensor.extract %[[C]]
// CHECK: call @interp_check_axis_table(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[SC]],
// CHECK: scf.if
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
// CHECK-DAG: arith.constant dense<{{.*}}> : tensor<8x2xi32>
// CHECK-DAG: tensor.empty(%{{.*}}) : tensor<?x3x8x4xf32>
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

// -----

// Run-time lengths along the innermost axis: the direct pass (linear
// without antialias, 2 x 2 taps) is specialized for the ratios x2 and /2. The
// runtime library returns the run it finds for each ratio (first and end
// period, phase step, tap offsets) and its weights laid out [tap, phase,
// period]; with a run (x2 first), the table pass computes the clamped edges
// [0, first) and [end, L), the same two passes whichever run was found, and
// the run pass the outputs between, reading the input at k + D p + base_t.
// CHECK-DAG: #[[PHASEW0:.*]] = affine_map<(d0, d1, d2, d3) -> (0, d3, d2)>
// CHECK-DAG: #[[PHASEW1:.*]] = affine_map<(d0, d1, d2, d3) -> (1, d3, d2)>
// CHECK-DAG: #[[PHASEOUT:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2 * 2 + d3)>
// CHECK-LABEL: func.func @runtime_run
// CHECK-SAME: %[[X:.*]]: tensor<2x?x?xf32>
// CHECK: %[[INIT:.*]] = tensor.empty
// CHECK: scf.if
// CHECK: } else {
// CHECK: bufferization.to_tensor %{{.*}} restrict : memref<?x2xf32> to tensor<?x2xf32>
// CHECK: %[[WT:.*]] = bufferization.to_tensor %{{.*}} restrict : memref<?x2xf32> to tensor<?x2xf32>
// CHECK: %[[FOUNDBUF:.*]] = memref.alloc() : memref<5xi64>
// CHECK: %[[RW:.*]] = memref.alloc(%{{.*}}) : memref<2x2x?xf32>
// CHECK: %[[FOUNDC:.*]] = memref.cast %[[FOUNDBUF]] : memref<5xi64> to memref<?xi64>
// CHECK: %[[RWC:.*]] = memref.cast %[[RW]] : memref<2x2x?xf32> to memref<?x?x?xf32>
// CHECK: func.call @interp_axis_table_run_f32({{.*}}, %[[FOUNDC]], %[[RWC]])
// CHECK: %[[FIRST2:.*]] = memref.load %[[FOUNDBUF]]
// CHECK: memref.load %[[FOUNDBUF]]
// A run counts when it covers at least half of the axis.
// CHECK: %[[NONEMPTY:.*]] = arith.cmpi sgt
// CHECK: %[[HALF:.*]] = arith.cmpi sge
// CHECK: %[[FOUND2:.*]] = arith.andi %[[NONEMPTY]], %[[HALF]] : i1
// CHECK: %[[RWT:.*]] = bufferization.to_tensor %[[RW]] restrict
// CHECK: %[[RWS:.*]] = tensor.extract_slice %[[RWT]][0, 0, 0] [2, 2, %{{.*}}] [1, 1, 1]
// /2: period 1, input step 2, weights [tap, 1, period].
// CHECK: memref.alloc(%{{.*}}) : memref<2x1x?xf32>
// CHECK: func.call @interp_axis_table_run_f32(
// CHECK: %[[FOUNDHALF:.*]] = arith.andi
// Either run is a fast path: false (the else branch) computes the same
// result.
// CHECK: %[[FOUND:.*]] = arith.ori %[[FOUND2]], %[[FOUNDHALF]] {interp.fast_path_condition} : i1
// CHECK: scf.if %[[FOUND]] -> (tensor<2x?x?xf32>) {
// CHECK: %[[FIRST:.*]] = arith.select %[[FOUND2]]
// CHECK: %[[END:.*]] = arith.select %[[FOUND2]]
// CHECK: %[[LEFT:.*]] = tensor.extract_slice %[[INIT]]
// CHECK: tensor.extract_slice %[[WT]][%{{.*}}, 0]
// CHECK: linalg.generic
// CHECK-SAME: outs(%[[LEFT]] :
// CHECK: %[[R1:.*]] = tensor.insert_slice %{{.*}} into %[[INIT]]
// CHECK: %[[MID:.*]] = tensor.extract_slice %[[R1]][0, 0, %[[FIRST]]]
// CHECK: %[[INTERIOR:.*]] = scf.if %[[FOUND2]] -> (tensor<2x?x?xf32>) {
// CHECK: linalg.generic
// CHECK-SAME: indexing_maps = [{{.*}}#[[PHASEW0]], #[[PHASEW1]], #[[PHASEOUT]]]
// CHECK-SAME: ins({{.*}}%[[RWS]], %[[RWS]] : {{.*}}tensor<2x2x?xf32>, tensor<2x2x?xf32>) outs(%[[MID]] :
// CHECK: } else {
// CHECK: linalg.generic
// CHECK-SAME: tensor<2x1x?xf32>, tensor<2x1x?xf32>) outs(%[[MID]] :
// CHECK: }
// CHECK: %[[R2:.*]] = tensor.insert_slice %[[INTERIOR]] into %[[R1]]
// CHECK: %[[RIGHT:.*]] = tensor.extract_slice %[[R2]][0, 0, %[[END]]]
// CHECK: linalg.generic
// CHECK-SAME: outs(%[[RIGHT]] :
// CHECK: %[[R3:.*]] = tensor.insert_slice %{{.*}} into %[[R2]]
// CHECK: scf.yield %[[R3]]
// CHECK: } else {
// Neither: separable passes, the last one into the result.
// CHECK: linalg.generic
// CHECK: linalg.generic
// CHECK-SAME: outs(%[[INIT]] :
func.func @runtime_run(%x: tensor<2x?x?xf32>, %s: tensor<2xi64>) -> tensor<2x?x?xf32> {
  %c = arith.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %a = arith.constant dense<[1, 2]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = linear, shape_calculation_mode = sizes}
     : (tensor<2x?x?xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<2x?x?xf32>
  return %r : tensor<2x?x?xf32>
}

// -----

// Run-time taps along an outer axis whose rows (the dimensions inside it)
// are long or dynamic: the row form. A parallel loop over the output rows,
// each row's sums accumulated tap by tap over the whole row (one weight and
// one index read per tap and row, a contiguous innermost loop), in the
// output's row where the sums have its type (f32 here: no store pass).
// CHECK-LABEL: func.func @runtime_taps_outer_axis
// CHECK: %[[I:.*]] = bufferization.to_tensor %{{.*}} restrict {{.*}} to tensor<?x?xi64>
// CHECK: %[[W:.*]] = bufferization.to_tensor %{{.*}} restrict {{.*}} to tensor<?x?xf32>
// CHECK: scf.forall (%[[O:.*]]) in (%{{.*}}) shared_outs(%[[OUT:.*]] = %{{.*}}) -> (tensor<?x?xf32>)
// CHECK: %[[ROW:.*]] = tensor.extract_slice %[[OUT]][%[[O]], 0] [1, %[[N:.*]]] [1, 1] : tensor<?x?xf32> to tensor<?xf32>
// CHECK: %[[ZERO:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[ROW]] : tensor<?xf32>)
// CHECK: %[[SUMS:.*]] = scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[ZERO]]) -> (tensor<?xf32>)
// CHECK-DAG: tensor.extract %[[W]][%[[O]], %[[K]]]
// CHECK-DAG: tensor.extract %[[I]][%[[O]], %[[K]]]
// CHECK: %[[SRC:.*]] = tensor.extract_slice %{{.*}}[%{{.*}}, 0] [1, %[[N]]] [1, 1] : tensor<8x?xf32> to tensor<?xf32>
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel"]} ins(%[[SRC]] : tensor<?xf32>) outs(%[[ACC]] : tensor<?xf32>)
// CHECK: scf.forall.in_parallel
// CHECK-NEXT: tensor.parallel_insert_slice %[[SUMS]] into %[[OUT]][%[[O]], 0] [1, %[[N]]] [1, 1]
func.func @runtime_taps_outer_axis(%x: tensor<8x?xf32>, %s: tensor<1xi64>) -> tensor<?x?xf32> {
  %c = arith.constant dense<[1.0]> : tensor<1xf32>
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = linear, shape_calculation_mode = sizes, antialias = true}
     : (tensor<8x?xf32>, tensor<1xi64>, tensor<1xf32>, tensor<1xi64>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// The same along an outer axis whose rows are 3 elements: a row loop would
// be all overhead, so each output loops over its taps.
// CHECK-LABEL: func.func @runtime_taps_short_rows
// CHECK-NOT: scf.forall
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} outs(%{{.*}} : tensor<?x3xf32>)
// CHECK: scf.for
// CHECK: tensor.extract %{{.*}} : tensor<8x3xf32>
func.func @runtime_taps_short_rows(%x: tensor<8x3xf32>, %s: tensor<1xi64>) -> tensor<?x3xf32> {
  %c = arith.constant dense<[1.0]> : tensor<1xf32>
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = linear, shape_calculation_mode = sizes, antialias = true}
     : (tensor<8x3xf32>, tensor<1xi64>, tensor<1xf32>, tensor<1xi64>) -> tensor<?x3xf32>
  return %r : tensor<?x3xf32>
}
