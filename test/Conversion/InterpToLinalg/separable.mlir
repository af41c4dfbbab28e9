// RUN: interp-opt %s -split-input-file --convert-interp-to-linalg | FileCheck %s

// linear, linear_onnx, cubic and area read constant (index, weight) tables
// through indexing maps (o, t), taps unrolled in the body; no coordinate math
// in the element loop. When the tap counts of the resized axes multiply to at
// most 4, one direct generic sums every tap combination (no intermediate
// tensors); up to 8, the outer axes first get their own passes
// (@three_axes); otherwise one parallel generic per axis, the shrinking axis
// first (@cubic_separable). Along the innermost axis, the outputs whose taps read
// affine positions (integer ratios) compute their index in the body, affine
// in the loop indices, and only the clamped edges use that axis's table.

// The spec example: 1x2x48x80 -> 1x2x24x160 (linear, scales [0.5, 2]): 2 x 2
// taps, one direct generic. Along W (x2, half_pixel) output 2 k + p reads
// (k - 1 + p, k + p) for outputs [2, 158): the generic iterates (n, c, h, k,
// p), reads the H table at (h, t) and the W weights [tap, p, k].
// CHECK-DAG: #[[H0:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d2, 0)>
// CHECK-DAG: #[[H1:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d2, 1)>
// CHECK-DAG: #[[RW0:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (0, d4, d3)>
// CHECK-DAG: #[[RW1:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (1, d4, d3)>
// CHECK-DAG: #[[ROUT:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3 * 2 + d4 + 2)>
// CHECK-DAG: #[[EH0:.*]] = affine_map<(d0, d1, d2, d3) -> (d2, 0)>
// CHECK-DAG: #[[EH1:.*]] = affine_map<(d0, d1, d2, d3) -> (d2, 1)>
// CHECK-DAG: #[[EW0:.*]] = affine_map<(d0, d1, d2, d3) -> (d3, 0)>
// CHECK-DAG: #[[EW1:.*]] = affine_map<(d0, d1, d2, d3) -> (d3, 1)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @spec_example
// CHECK-SAME: %[[X:.*]]: tensor<1x2x48x80xf32>
// CHECK-DAG: %[[IH:.*]] = arith.constant dense<{{.*}}> : tensor<24x2xi32>
// CHECK-DAG: %[[WH:.*]] = arith.constant dense<5.000000e-01> : tensor<24x2xf32>
// CHECK-DAG: %[[RW:.*]] = arith.constant dense<{{.*}}> : tensor<2x2x78xf32>
// CHECK-DAG: %[[E:.*]] = tensor.empty() : tensor<1x2x24x160xf32>
// CHECK: %[[INTERIOR:.*]] = linalg.generic
// CHECK-SAME: indexing_maps = [#[[H0]], #[[H1]], #[[H0]], #[[H1]], #[[RW0]], #[[RW1]], #[[ROUT]]]
// CHECK-SAME: iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]
// CHECK-SAME: ins(%[[IH]], %[[IH]], %[[WH]], %[[WH]], %[[RW]], %[[RW]] : {{.*}}) outs(%[[E]] : tensor<1x2x24x160xf32>)
// CHECK-NEXT: ^bb0(%[[I0:.*]]: i32, %[[I1:.*]]: i32, %[[WH0:.*]]: f32, %[[WH1:.*]]: f32, %[[WW0:.*]]: f32, %[[WW1:.*]]: f32, %{{.*}}: f32):
// CHECK-DAG: %[[N:.*]] = linalg.index 0
// CHECK-DAG: %[[C:.*]] = linalg.index 1
// CHECK-DAG: %[[K:.*]] = linalg.index 3
// CHECK-DAG: %[[P:.*]] = linalg.index 4
// CHECK-DAG: %[[Y0:.*]] = arith.index_cast %[[I0]] : i32 to index
// CHECK-DAG: %[[Y1:.*]] = arith.index_cast %[[I1]] : i32 to index
// CHECK-DAG: %[[XW0:.*]] = arith.addi %[[K]], %[[P]] : index
// CHECK-DAG: %[[KP:.*]] = arith.addi %[[K]], %[[P]] : index
// CHECK-DAG: %[[XW1:.*]] = arith.addi %[[KP]], %{{.*}} : index
// CHECK: %[[W00:.*]] = arith.mulf %[[WH0]], %[[WW0]] : f32
// CHECK: %[[X00:.*]] = tensor.extract %[[X]][%[[N]], %[[C]], %[[Y0]], %[[XW0]]]
// CHECK: arith.mulf %[[W00]], %[[X00]] : f32
// CHECK: arith.mulf %[[WH0]], %[[WW1]] : f32
// CHECK: tensor.extract %[[X]][%[[N]], %[[C]], %[[Y0]], %[[XW1]]]
// CHECK: arith.mulf %[[WH1]], %[[WW0]] : f32
// CHECK: tensor.extract %[[X]][%[[N]], %[[C]], %[[Y1]], %[[XW0]]]
// CHECK: arith.mulf %[[WH1]], %[[WW1]] : f32
// CHECK: tensor.extract %[[X]][%[[N]], %[[C]], %[[Y1]], %[[XW1]]]
// CHECK: linalg.yield
// The edges [0, 2) and [158, 160) gather along W through their table rows,
// into slices of the interior's result.
// CHECK-DAG: %[[LS:.*]] = tensor.extract_slice %[[INTERIOR]][0, 0, 0, 0] [1, 2, 24, 2] [1, 1, 1, 1]
// CHECK-DAG: %[[LI:.*]] = arith.constant dense<{{\[}}[0, 0], [0, 1]]> : tensor<2x2xi32>
// CHECK-DAG: %[[LW:.*]] = arith.constant dense<{{\[}}[1.000000e+00, 0.000000e+00], [7.500000e-01, 2.500000e-01]]> : tensor<2x2xf32>
// CHECK: %[[L:.*]] = linalg.generic
// CHECK-SAME: indexing_maps = [#[[EH0]], #[[EH1]], #[[EH0]], #[[EH1]], #[[EW0]], #[[EW1]], #[[EW0]], #[[EW1]], #[[ID]]]
// CHECK-SAME: ins(%[[IH]], %[[IH]], %[[WH]], %[[WH]], %[[LI]], %[[LI]], %[[LW]], %[[LW]] : {{.*}}) outs(%[[LS]] : tensor<1x2x24x2xf32>)
// CHECK: %[[R1:.*]] = tensor.insert_slice %[[L]] into %[[INTERIOR]][0, 0, 0, 0] [1, 2, 24, 2] [1, 1, 1, 1]
// CHECK-DAG: %[[RS:.*]] = tensor.extract_slice %[[R1]][0, 0, 0, 158] [1, 2, 24, 2] [1, 1, 1, 1]
// CHECK-DAG: arith.constant dense<{{\[}}[78, 79], [79, 79]]> : tensor<2x2xi32>
// CHECK: %[[RT:.*]] = linalg.generic
// CHECK-SAME: outs(%[[RS]] : tensor<1x2x24x2xf32>)
// CHECK: %[[R2:.*]] = tensor.insert_slice %[[RT]] into %[[R1]][0, 0, 0, 158] [1, 2, 24, 2] [1, 1, 1, 1]
// f32 needs no store conversion.
// CHECK-NOT: linalg.generic
// CHECK: %[[R:.*]] = tensor.cast %[[R2]] : tensor<1x2x24x160xf32> to tensor<?x?x?x?xf32>
// CHECK: return %[[R]]
func.func @spec_example(%x: tensor<1x2x48x80xf32>) -> tensor<?x?x?x?xf32> {
  %sizes = arith.constant dense<[24, 160]> : tensor<2xi64>
  %scales = arith.constant dense<[0.5, 2.0]> : tensor<2xf32>
  %axes = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %sizes, %scales, %axes {mode = linear, shape_calculation_mode = scales}
       : (tensor<1x2x48x80xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<?x?x?x?xf32>
  return %r : tensor<?x?x?x?xf32>
}

// -----

// linear_onnx 2 -> 4, half_pixel: c = (o + 0.5) / 2 - 0.5 = -0.25, 0.25, 0.75,
// 1.25, clamped to [0, 1]: taps (0, 1) with weights (1, 0), (0.75, 0.25),
// (0.25, 0.75), and i1 == i2 = 1 for the last, weighted 0.5 each.
// CHECK-LABEL: func.func @linear_onnx_tables
// CHECK-DAG: arith.constant dense<{{\[}}[0, 1], [0, 1], [0, 1], [1, 1]]> : tensor<4x2xi32>
// CHECK-DAG: arith.constant dense<{{\[}}[1.000000e+00, 0.000000e+00], [7.500000e-01, 2.500000e-01], [2.500000e-01, 7.500000e-01], [5.000000e-01, 5.000000e-01]]> : tensor<4x2xf32>
func.func @linear_onnx_tables(%x: tensor<1x1x2x2xf32>) -> tensor<1x1x4x4xf32> {
  %s = arith.constant dense<[4, 4]> : tensor<2xi64>
  %c = arith.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = linear_onnx, shape_calculation_mode = sizes}
     : (tensor<1x1x2x2xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x1x4x4xf32>
  return %r : tensor<1x1x4x4xf32>
}

// -----

// cubic keeps 4 taps per output index; an unchanged axis is skipped. 5 -> 10
// along the innermost axis: outputs [4, 6) read (k - 2 + p, .., k + 1 + p),
// (one direct generic with only the run's weights as inputs); the edges
// [0, 4) and [6, 10) clamp.
// CHECK-LABEL: func.func @cubic_one_axis
// CHECK: arith.constant dense<{{.*}}> : tensor<10x4xi32>
// CHECK: arith.constant dense<{{.*}}> : tensor<10x4xf32>
// CHECK: linalg.generic
// CHECK-SAME: ins(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : tensor<4x2x1xf32>, tensor<4x2x1xf32>, tensor<4x2x1xf32>, tensor<4x2x1xf32>)
// CHECK: arith.constant dense<{{.*}}> : tensor<4x4xi32>
// CHECK: linalg.generic
// CHECK-SAME: outs(%{{.*}} : tensor<3x4xf32>)
// CHECK: arith.constant dense<{{.*}}> : tensor<4x4xi32>
// CHECK: linalg.generic
// CHECK-SAME: outs(%{{.*}} : tensor<3x4xf32>)
// CHECK-NOT: linalg.generic
func.func @cubic_one_axis(%x: tensor<3x5xf32>) -> tensor<3x10xf32> {
  %s = arith.constant dense<[3, 10]> : tensor<2xi64>
  %c = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %r = interp.interpolate_v4 %x, %s, %c {mode = cubic, shape_calculation_mode = sizes}
     : (tensor<3x5xf32>, tensor<2xi64>, tensor<2xf32>) -> tensor<3x10xf32>
  return %r : tensor<3x10xf32>
}

// -----

// Interpolate-1 area, 4 -> 2: each output averages two inputs.
// CHECK-LABEL: func.func @area
// CHECK-DAG: arith.constant dense<{{\[}}[0, 1], [2, 3]]> : tensor<2x2xi32>
// CHECK-DAG: arith.constant dense<5.000000e-01> : tensor<2x2xf32>
// CHECK: linalg.generic
func.func @area(%x: tensor<2x4xf32>) -> tensor<2x2xf32> {
  %t = arith.constant dense<[2]> : tensor<1xi64>
  %r = interp.interpolate_v1 %x, %t {axes = array<i64: 1>, mode = area}
     : (tensor<2x4xf32>, tensor<1xi64>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// -----

// Narrow floats accumulate in f32 and round once when stored, in the body
// of the last (here the only) pass: no separate conversion pass.
// CHECK-LABEL: func.func @f16_store
// CHECK: linalg.generic
// CHECK-SAME: outs(%{{.*}} : tensor<7xf16>)
// CHECK: %[[E:.*]] = tensor.extract {{.*}} : tensor<4xf16>
// CHECK: arith.extf %[[E]] : f16 to f32
// CHECK: %[[T:.*]] = arith.truncf %{{.*}} : f32 to f16
// CHECK-NEXT: linalg.yield %[[T]] : f16
// CHECK-NOT: linalg.generic
func.func @f16_store(%x: tensor<4xf16>) -> tensor<7xf16> {
  %s = arith.constant dense<[7]> : tensor<1xi64>
  %c = arith.constant dense<[1.0]> : tensor<1xf32>
  %r = interp.interpolate_v4 %x, %s, %c {mode = linear, shape_calculation_mode = sizes}
     : (tensor<4xf16>, tensor<1xi64>, tensor<1xf32>) -> tensor<7xf16>
  return %r : tensor<7xf16>
}

// -----

// Integers: round to nearest even, saturate, NaN -> 0 (for unsigned types
// the clamp's lower bound, 0, already takes NaN there). ui8 crosses to
// signless arith through casts. The sum starts with the first product: the
// sign of a zero does not survive the store. A pass that gathers (here along
// the only axis) reads 8-bit elements from a table of their 256 values
// instead of converting each one (uitofp elsewhere).
// CHECK-LABEL: func.func @ui8_store
// CHECK: linalg.generic
// CHECK: %[[E:.*]] = tensor.extract {{.*}} : tensor<4xui8>
// CHECK: %[[TABLE:.*]] = arith.constant dense<"0x000000000000803F{{[0-9A-F]*}}00007F43"> : tensor<256xf32>
// CHECK: %[[S:.*]] = builtin.unrealized_conversion_cast %[[E]] : ui8 to i8
// CHECK: %[[I:.*]] = arith.index_castui %[[S]] : i8 to index
// CHECK: %[[F:.*]] = tensor.extract %[[TABLE]][%[[I]]] : tensor<256xf32>
// CHECK-NEXT: %[[P:.*]] = arith.mulf %{{.*}}, %[[F]] : f32
// CHECK-NOT: arith.constant 0.000000e+00
// CHECK: arith.addf %[[P]], %{{.*}} : f32
// CHECK: %[[R:.*]] = math.roundeven %{{.*}} : f32
// CHECK-DAG: %[[LO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[HI:.*]] = arith.constant 2.550000e+02 : f32
// CHECK: %[[GT:.*]] = arith.cmpf ogt, %[[R]], %[[LO]]
// CHECK: %[[A:.*]] = arith.select %[[GT]], %[[R]], %[[LO]]
// CHECK: %[[LT:.*]] = arith.cmpf olt, %[[A]], %[[HI]]
// CHECK: %[[B:.*]] = arith.select %[[LT]], %[[A]], %[[HI]]
// CHECK: %[[U:.*]] = arith.fptoui %[[B]] : f32 to i8
// CHECK-NEXT: %[[OUT:.*]] = builtin.unrealized_conversion_cast %[[U]] : i8 to ui8
// CHECK-NEXT: linalg.yield %[[OUT]] : ui8
func.func @ui8_store(%x: tensor<4xui8>) -> tensor<7xui8> {
  %s = arith.constant dense<[7]> : tensor<1xi64>
  %c = arith.constant dense<[1.0]> : tensor<1xf32>
  %r = interp.interpolate_v4 %x, %s, %c {mode = cubic, shape_calculation_mode = sizes}
     : (tensor<4xui8>, tensor<1xi64>, tensor<1xf32>) -> tensor<7xui8>
  return %r : tensor<7xui8>
}

// -----

// Signed integers: NaN clamps to the lower bound (-128), so a select makes
// it 0.
// CHECK-LABEL: func.func @i8_store
// CHECK: %[[R:.*]] = math.roundeven %[[SUM:.*]] : f32
// CHECK: %[[S:.*]] = arith.fptosi %{{.*}} : f32 to i8
// CHECK-NEXT: %[[N:.*]] = arith.cmpf uno, %[[SUM]], %[[SUM]] : f32
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : i8
// CHECK-NEXT: %[[SEL:.*]] = arith.select %[[N]], %[[Z]], %[[S]] : i8
// CHECK-NEXT: linalg.yield %[[SEL]] : i8
func.func @i8_store(%x: tensor<4xi8>) -> tensor<7xi8> {
  %s = arith.constant dense<[7]> : tensor<1xi64>
  %c = arith.constant dense<[1.0]> : tensor<1xf32>
  %r = interp.interpolate_v4 %x, %s, %c {mode = cubic, shape_calculation_mode = sizes}
     : (tensor<4xi8>, tensor<1xi64>, tensor<1xf32>) -> tensor<7xi8>
  return %r : tensor<7xi8>
}

// -----

// i32 accumulates in f64.
// CHECK-LABEL: func.func @i32_f64_accumulation
// CHECK: arith.constant dense<{{.*}}> : tensor<3x2xf64>
// CHECK: arith.sitofp %{{.*}} : i32 to f64
// CHECK: arith.fptosi %{{.*}} : f64 to i32
func.func @i32_f64_accumulation(%x: tensor<2xi32>) -> tensor<3xi32> {
  %s = arith.constant dense<[3]> : tensor<1xi64>
  %c = arith.constant dense<[1.0]> : tensor<1xf32>
  %r = interp.interpolate_v4 %x, %s, %c {mode = linear, shape_calculation_mode = sizes, coordinate_transformation_mode = align_corners}
     : (tensor<2xi32>, tensor<1xi64>, tensor<1xf32>) -> tensor<3xi32>
  return %r : tensor<3xi32>
}

// -----

// cubic on two axes has 4 x 4 = 16 tap combinations: separable passes, each
// a direct pass over one axis. The shrinking axis (1, 16 -> 8) runs first
// through its table; then the growing innermost axis (2, 8 -> 16, x2) by
// affine tap run over outputs [4, 12) (index k + p + c_t computed in the
// body, weights [tap, p, k]), and its clamped edges from its table rows.
// CHECK-DAG: #[[RUNW:.*]] = affine_map<(d0, d1, d2, d3) -> (0, d3, d2)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2 * 2 + d3 + 4)>
// CHECK-LABEL: func.func @cubic_separable
// CHECK-SAME: %[[X:.*]]: tensor<2x16x8xf32>
// CHECK-DAG: %[[T1:.*]] = arith.constant dense<{{.*}}> : tensor<8x4xi32>
// The result's tensor.empty comes first: every way of computing the result
// writes into it.
// CHECK-DAG: %[[E2:.*]] = tensor.empty() : tensor<2x8x16xf32>
// CHECK-DAG: %[[E1:.*]] = tensor.empty() : tensor<2x8x8xf32>
// CHECK: %[[P1:.*]] = linalg.generic
// CHECK-SAME: ins(%[[T1]], %[[T1]], %[[T1]], %[[T1]], {{.*}}) outs(%[[E1]] : tensor<2x8x8xf32>)
// CHECK: tensor.extract %[[X]]
// CHECK-DAG: %[[RW:.*]] = arith.constant dense<{{.*}}> : tensor<4x2x4xf32>
// CHECK: %[[RUNPASS:.*]] = linalg.generic
// CHECK-SAME: indexing_maps = [#[[RUNW]], {{.*}}, #[[OUT]]]
// CHECK-SAME: ins(%[[RW]], %[[RW]], %[[RW]], %[[RW]] : tensor<4x2x4xf32>, tensor<4x2x4xf32>, tensor<4x2x4xf32>, tensor<4x2x4xf32>) outs(%[[E2]] : tensor<2x8x16xf32>)
// CHECK: tensor.extract %[[P1]]
// CHECK: linalg.yield
// CHECK: tensor.extract_slice %[[RUNPASS]][0, 0, 0] [2, 8, 4] [1, 1, 1]
// CHECK: linalg.generic
// CHECK: tensor.insert_slice
// CHECK: linalg.generic
// CHECK: tensor.insert_slice
// CHECK-NOT: linalg.generic
func.func @cubic_separable(%x: tensor<2x16x8xf32>) -> tensor<2x8x16xf32> {
  %s = arith.constant dense<[8, 16]> : tensor<2xi64>
  %c = arith.constant dense<[0.5, 2.0]> : tensor<2xf32>
  %a = arith.constant dense<[1, 2]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = cubic, shape_calculation_mode = sizes}
     : (tensor<2x16x8xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<2x8x16xf32>
  return %r : tensor<2x8x16xf32>
}

// -----

// x2 on three axes: 2 x 2 x 2 = 8 tap combinations. The depth axis is fused
// with one direct generic over the 4 combinations of H and W (8 per output
// cost more arithmetic than a slab in cache costs memory): an scf.forall over
// (channel, block of depth outputs) tasks, each an scf.for over its depth
// outputs that combines two source slabs into a scratch slab (1x1x1x6x8),
// then computes the output slab from it (with the W run and its edges).
// CHECK-LABEL: func.func @three_axes
// CHECK-SAME: %[[X:.*]]: tensor<1x2x4x6x8xf32>
// CHECK-DAG: %[[OUT:.*]] = tensor.empty() : tensor<1x2x8x12x16xf32>
// CHECK-DAG: %[[TD:.*]] = arith.constant dense<{{.*}}> : tensor<8x2xi32>
// CHECK: %[[R:.*]] = scf.forall (%[[T:.*]]) in (16) shared_outs(%[[SH:.*]] = %[[OUT]])
// CHECK: %[[SRC:.*]] = tensor.extract_slice %[[X]][0, %[[C:.*]], 0, 0, 0] [1, 1, 4, 6, 8]
// CHECK: %[[BLK:.*]] = tensor.extract_slice %[[SH]][0, %[[C]], %[[D:.*]], 0, 0] [1, 1, 1, 12, 16]
// The scratch slab is on the task's stack.
// CHECK: %[[STACK:.*]] = memref.alloca() : memref<1x1x1x6x8xf32>
// CHECK: %[[SCRATCH:.*]] = bufferization.to_tensor %[[STACK]] restrict writable : memref<1x1x1x6x8xf32> to tensor<1x1x1x6x8xf32>
// CHECK: %[[LOOP:.*]]:2 = scf.for %[[O:.*]] = {{.*}} iter_args(%[[ACC:.*]] = %[[BLK]], %[[S:.*]] = %[[SCRATCH]])
// CHECK: %[[ROW:.*]] = tensor.extract_slice %[[TD]][%{{.*}}, 0] [1, 2]
// CHECK: %[[SLAB:.*]] = linalg.generic
// CHECK-SAME: ins(%[[ROW]], %[[ROW]], {{.*}}) outs(%[[S]] : tensor<1x1x1x6x8xf32>)
// CHECK: tensor.extract %[[SRC]]
// CHECK: %[[OROW:.*]] = tensor.extract_slice %[[ACC]][0, 0, %[[O]], 0, 0] [1, 1, 1, 12, 16]
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]
// CHECK-SAME: outs(%[[OROW]] : tensor<1x1x1x12x16xf32>)
// CHECK: tensor.extract %[[SLAB]]
// CHECK: linalg.generic
// CHECK: tensor.extract %[[SLAB]]
// CHECK: tensor.insert_slice
// CHECK: linalg.generic
// CHECK: tensor.insert_slice
// CHECK: %[[UPD:.*]] = tensor.insert_slice %{{.*}} into %[[ACC]][0, 0, %[[O]], 0, 0]
// CHECK: scf.yield %[[UPD]], %[[SLAB]]
// CHECK: scf.forall.in_parallel
// CHECK: tensor.parallel_insert_slice %[[LOOP]]#0 into %[[SH]][0, %[[C]], %[[D]], 0, 0] [1, 1, 1, 12, 16]
// CHECK-NOT: linalg.generic
func.func @three_axes(%x: tensor<1x2x4x6x8xf32>) -> tensor<1x2x8x12x16xf32> {
  %s = arith.constant dense<[8, 12, 16]> : tensor<3xi64>
  %c = arith.constant dense<[2.0, 2.0, 2.0]> : tensor<3xf32>
  %a = arith.constant dense<[2, 3, 4]> : tensor<3xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = linear_onnx, shape_calculation_mode = sizes}
     : (tensor<1x2x4x6x8xf32>, tensor<3xi64>, tensor<3xf32>, tensor<3xi64>) -> tensor<1x2x8x12x16xf32>
  return %r : tensor<1x2x8x12x16xf32>
}

// -----

// A fused depth axis whose blocks do not divide it: 130 outputs, one task
// set of 64 wanted: blocks of 3 outputs, 44 tasks, the last block 1 long.
// CHECK-LABEL: func.func @fused_uneven_blocks
// CHECK: scf.forall (%[[T:.*]]) in (44)
// CHECK: %[[START:.*]] = arith.muli
// CHECK: %[[LEFT:.*]] = arith.subi %{{.*}}, %[[START]] : index
// CHECK: %[[COUNT:.*]] = arith.minui %[[LEFT]], %{{.*}} : index
// CHECK: tensor.extract_slice %{{.*}}[0, 0, %[[START]], 0, 0] [1, 1, %[[COUNT]], 4, 4]
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[COUNT]]
func.func @fused_uneven_blocks(%x: tensor<1x1x65x2x2xf32>) -> tensor<1x1x130x4x4xf32> {
  %s = arith.constant dense<[130, 4, 4]> : tensor<3xi64>
  %c = arith.constant dense<[2.0, 2.0, 2.0]> : tensor<3xf32>
  %a = arith.constant dense<[2, 3, 4]> : tensor<3xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = linear_onnx, shape_calculation_mode = sizes}
     : (tensor<1x1x65x2x2xf32>, tensor<3xi64>, tensor<3xf32>, tensor<3xi64>) -> tensor<1x1x130x4x4xf32>
  return %r : tensor<1x1x130x4x4xf32>
}

// -----

// Data converted to f32 per tap read (ui8): x2 on H and W reads fewer
// elements fused (per output row 6 x 2 + 12 x 2 < 12 x 4): the H taps into
// an f32 row slab, then the direct W pass from it.
// CHECK-LABEL: func.func @ui8_x2_fused
// CHECK: scf.forall
// CHECK: memref.alloca() : memref<1x1x1x6xf32>
// CHECK: scf.for
// CHECK: linalg.generic
// CHECK-SAME: outs(%{{.*}} : tensor<1x1x1x6xf32>)
// CHECK: linalg.generic
// CHECK-SAME: outs(%{{.*}} : tensor<1x1x1x12xui8>)
func.func @ui8_x2_fused(%x: tensor<1x1x4x6xui8>) -> tensor<1x1x8x12xui8> {
  %s = arith.constant dense<[8, 12]> : tensor<2xi64>
  %c = arith.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = linear_onnx, shape_calculation_mode = sizes}
     : (tensor<1x1x4x6xui8>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x1x8x12xui8>
  return %r : tensor<1x1x8x12xui8>
}

// -----

// Downsampling W 24 -> 6 reads more fused (24 x 2 + 6 x 2 > 6 x 4): one
// direct generic.
// CHECK-LABEL: func.func @ui8_down_direct
// CHECK-NOT: scf.forall
// CHECK: linalg.generic
// CHECK-SAME: outs(%{{.*}} : tensor<1x1x4x6xui8>)
// CHECK-NOT: scf.forall
func.func @ui8_down_direct(%x: tensor<1x1x8x24xui8>) -> tensor<1x1x4x6xui8> {
  %s = arith.constant dense<[4, 6]> : tensor<2xi64>
  %c = arith.constant dense<[1.0, 1.0]> : tensor<2xf32>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = linear_onnx, shape_calculation_mode = sizes}
     : (tensor<1x1x8x24xui8>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x1x4x6xui8>
  return %r : tensor<1x1x4x6xui8>
}

// -----

// The table of i8 holds each bit pattern's signed value: 0, 1, ..., 127
// (0x42FE0000), then -128 (0xC3000000), ..., -1 (0xBF800000).
// CHECK-LABEL: func.func @i8_table
// CHECK: arith.constant dense<"0x000000000000803F{{[0-9A-F]*}}0000FE42000000C3{{[0-9A-F]*}}000080BF"> : tensor<256xf32>
// CHECK: arith.index_castui %{{.*}} : i8 to index
// CHECK-NOT: arith.sitofp
// CHECK: return
func.func @i8_table(%x: tensor<4xi8>) -> tensor<7xi8> {
  %s = arith.constant dense<[7]> : tensor<1xi64>
  %c = arith.constant dense<[1.0]> : tensor<1xf32>
  %r = interp.interpolate_v4 %x, %s, %c {mode = cubic, shape_calculation_mode = sizes}
     : (tensor<4xi8>, tensor<1xi64>, tensor<1xf32>) -> tensor<7xi8>
  return %r : tensor<7xi8>
}

// -----

// A pass along an axis with 16 or more elements inside it reads rows as
// vectors: its elements convert (uitofp), the table would be a gather.
// CHECK-LABEL: func.func @ui8_rows_convert
// CHECK: arith.uitofp %{{.*}} : i8 to f32
// CHECK-NOT: tensor<256xf32>
// CHECK: return
func.func @ui8_rows_convert(%x: tensor<4x16xui8>) -> tensor<7x16xui8> {
  %s = arith.constant dense<[7]> : tensor<1xi64>
  %c = arith.constant dense<[1.0]> : tensor<1xf32>
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = cubic, shape_calculation_mode = sizes}
     : (tensor<4x16xui8>, tensor<1xi64>, tensor<1xf32>, tensor<1xi64>) -> tensor<7x16xui8>
  return %r : tensor<7x16xui8>
}
