// RUN: interp-opt %s -split-input-file --convert-interp-to-linalg | FileCheck %s

// Interpolate-11's Pillow modes: two separable passes with the Pillow
// filters' constant tables. Integer data is stored into its element type
// after each pass (docs/Semantics.md, "Interpolate-11", step 7), so the
// intermediate is a ui8 tensor; float data keeps the accumulator between
// the passes. 8-bit data sums in Pillow's fixed point (step 9): i32 weights
// (22 fraction bits), i32 sums from the rounding bias 2^21, then shifted,
// clamped and narrowed; the passes run in Pillow 13.0's order.

// bicubic, ui8, 48x80 -> 24x160 on axes [2, 3]. The height shrinks (by 24)
// by more than twice what the width does (-80), so Pillow 13.0 runs the
// vertical pass first: along h (48 -> 24, the window doubled: 8 taps per
// output, i32 weights for 24 outputs) into 1x3x24x80xui8, then along w.
// CHECK-LABEL: func.func @bicubic_u8
// CHECK-DAG: %[[FINAL:.*]] = tensor.empty() : tensor<1x3x24x160xui8>
// CHECK-DAG: %[[MID:.*]] = tensor.empty() : tensor<1x3x24x80xui8>
// CHECK-NOT: tensor.empty() : tensor<{{.*}}xf32>
// CHECK: linalg.generic
// CHECK-SAME: tensor<24x8xi32>
// CHECK-SAME: outs(%[[MID]] : tensor<1x3x24x80xui8>)
// CHECK: %[[BIAS:.*]] = arith.constant 2097152 : i32
// CHECK: %[[X:.*]] = builtin.unrealized_conversion_cast %{{.*}} : ui8 to i8
// CHECK-NEXT: %[[WIDE:.*]] = arith.extui %[[X]] : i8 to i32
// CHECK-NEXT: %[[P:.*]] = arith.muli %{{.*}}, %[[WIDE]] : i32
// CHECK-NEXT: arith.addi %[[BIAS]], %[[P]] : i32
// CHECK: %[[SHIFTED:.*]] = arith.shrsi %{{.*}}, %{{.*}} : i32
// CHECK: %[[LO:.*]] = arith.maxsi %[[SHIFTED]], %{{.*}} : i32
// CHECK: %[[HI:.*]] = arith.minsi %[[LO]], %{{.*}} : i32
// CHECK: arith.trunci %[[HI]] : i32 to i8
// CHECK: } -> tensor<1x3x24x80xui8>
// CHECK: } -> tensor<1x3x24x160xui8>
// CHECK: return
func.func @bicubic_u8(%x: tensor<1x3x48x80xui8>) -> tensor<1x3x24x160xui8> {
  %s = arith.constant dense<[24, 160]> : tensor<2xi64>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %s, %a {mode = bicubic_pillow, shape_calculation_mode = sizes}
     : (tensor<1x3x48x80xui8>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x3x24x160xui8>
  return %r : tensor<1x3x24x160xui8>
}

// -----

// bilinear, ui8, 30x40 -> 20x10: the height shrinks by 10, not more than
// twice the width's 30, so the horizontal pass (w) runs first, as it always
// did before Pillow 13.0.
// CHECK-LABEL: func.func @bilinear_u8_horizontal_first
// CHECK: tensor.empty() : tensor<30x10xui8>
// CHECK: } -> tensor<30x10xui8>
// CHECK: } -> tensor<20x10xui8>
func.func @bilinear_u8_horizontal_first(%x: tensor<30x40xui8>) -> tensor<20x10xui8> {
  %s = arith.constant dense<[20, 10]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %s {mode = bilinear_pillow, shape_calculation_mode = sizes}
     : (tensor<30x40xui8>, tensor<2xi64>) -> tensor<20x10xui8>
  return %r : tensor<20x10xui8>
}

// -----

// f32 NHWC on axes [1, 2]: w is dimension 2 and goes first; the
// intermediate holds the f32 accumulator.
// CHECK-LABEL: func.func @bilinear_nhwc_f32
// CHECK: %[[MID:.*]] = tensor.empty() : tensor<1x10x7x3xf32>
// CHECK: outs(%[[MID]] : tensor<1x10x7x3xf32>)
// CHECK: } -> tensor<1x10x7x3xf32>
// CHECK: } -> tensor<1x4x7x3xf32>
func.func @bilinear_nhwc_f32(%x: tensor<1x10x20x3xf32>) -> tensor<1x4x7x3xf32> {
  %s = arith.constant dense<[4, 7]> : tensor<2xi64>
  %a = arith.constant dense<[1, 2]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %s, %a {mode = bilinear_pillow, shape_calculation_mode = sizes}
     : (tensor<1x10x20x3xf32>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x4x7x3xf32>
  return %r : tensor<1x4x7x3xf32>
}

// -----

// An axis whose length does not change is the identity: one pass only. i8
// sums in fixed point too, clamped to [-128, 127].
// CHECK-LABEL: func.func @one_pass
// CHECK: tensor.empty() : tensor<6x4xi8>
// CHECK-NOT: tensor.empty
// CHECK: arith.maxsi %{{.*}}, %c-128_i32 : i32
// CHECK: arith.minsi %{{.*}}, %c127_i32 : i32
// CHECK: return
func.func @one_pass(%x: tensor<6x9xi8>) -> tensor<6x4xi8> {
  %s = arith.constant dense<[6, 4]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %s {mode = bicubic_pillow, shape_calculation_mode = sizes}
     : (tensor<6x9xi8>, tensor<2xi64>) -> tensor<6x4xi8>
  return %r : tensor<6x4xi8>
}

// -----

// Run-time lengths: the runtime library fills the Pillow tables (kernel 6 =
// bicubic_pillow, a = -0.5 as f64) with fixed-point weights, the passes loop
// over a run-time tap count, and Pillow 13.0's rule picks the pass order
// when the code runs: (H - OH) > 0 and (H - OH) > 2 (W - OW) runs h first.
// CHECK-LABEL: func.func @runtime_tables
// CHECK-DAG: %[[KERNEL:.*]] = arith.constant 6 : i32
// CHECK-DAG: %[[A:.*]] = arith.constant -5.000000e-01 : f64
// CHECK: call @interp_check_axis_table(%{{.*}}, %[[KERNEL]], {{.*}}, %[[A]]) :
// CHECK: call @interp_axis_table_fill_pillow_i32(%[[KERNEL]], {{.*}}) : ({{.*}}, memref<?x?xi64>, memref<?x?xi32>) -> ()
// CHECK: %[[SHRINK_H:.*]] = arith.subi %{{.*}}, %{{.*}} : i64
// CHECK: %[[SHRINK_W:.*]] = arith.subi %{{.*}}, %{{.*}} : i64
// CHECK: %[[H_SHRINKS:.*]] = arith.cmpi sgt, %[[SHRINK_H]], %{{.*}} : i64
// CHECK: %[[TWICE_W:.*]] = arith.muli %[[SHRINK_W]], %{{.*}} : i64
// CHECK: %[[MORE:.*]] = arith.cmpi slt, %[[TWICE_W]], %[[SHRINK_H]] : i64
// CHECK: %[[VFIRST:.*]] = arith.andi %[[H_SHRINKS]], %[[MORE]] : i1
// CHECK: scf.if %[[VFIRST]] -> (tensor<1x?x?xui8>)
// CHECK: scf.for
// CHECK: } else {
// CHECK: scf.for
func.func @runtime_tables(%x: tensor<1x?x?xui8>, %s: tensor<2xi64>) -> tensor<1x?x?xui8> {
  %a = arith.constant dense<[1, 2]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %s, %a {mode = bicubic_pillow, shape_calculation_mode = sizes, cube_coeff = -0.5}
     : (tensor<1x?x?xui8>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x?x?xui8>
  return %r : tensor<1x?x?xui8>
}

// -----

// Integer data, windowed taps: tap t of output o reads starts[o] + t (one
// i32 start per output instead of an index per tap); in the generic pass,
// pinned (channel-vector.mlir has the vector form). The last window (the 9
// taps 31..39 of a 12-tap table) is moved left to end at the input's end:
// it starts at 28, its weights after 3 zeros.
// CHECK-LABEL: func.func @consecutive_taps_u8
// CHECK-DAG: %[[W:.*]] = arith.constant dense<{{.*}}[0, 0, 0, 10512, {{.*}}> : tensor<7x12xi32>
// CHECK-DAG: %[[STARTS:.*]] = arith.constant dense<[0, 3, 9, 14, 20, 26, 28]> : tensor<7xi32>
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[STARTS]], %[[W]], %[[W]],
// CHECK-SAME: : tensor<7xi32>, tensor<7x12xi32>, tensor<7x12xi32>,
// CHECK: ^bb0(%[[START:[^:]*]]: i32, %{{.*}}: i32,
// CHECK: %[[FIRST:.*]] = arith.index_cast %[[START]] : i32 to index
// CHECK: %[[C11:.*]] = arith.constant 11 : index
// CHECK-NEXT: %[[LAST:.*]] = arith.addi %[[FIRST]], %[[C11]] : index
// CHECK: tensor.extract %{{.*}}[%{{.*}}, %{{.*}}, %[[FIRST]]]
// CHECK: tensor.extract %{{.*}}[%{{.*}}, %{{.*}}, %[[LAST]]]
func.func @consecutive_taps_u8(%x: tensor<1x2x40xui8>) -> tensor<1x2x7xui8> {
  %s = arith.constant dense<[2, 7]> : tensor<2xi64>
  %a = arith.constant dense<[1, 2]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %s, %a {interp.plan = {channel_vector = []}, mode = bilinear_pillow, shape_calculation_mode = sizes}
     : (tensor<1x2x40xui8>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x2x7xui8>
  return %r : tensor<1x2x7xui8>
}

// -----

// Float data keeps the index table: a zero-weight tap moved onto another
// element would add 0 * inf = NaN where the table adds nothing.
// CHECK-LABEL: func.func @table_taps_f32
// CHECK: arith.constant dense<{{.*}}> : tensor<7x12xi32>
// CHECK-NOT: tensor<7xi32>
// CHECK: return
func.func @table_taps_f32(%x: tensor<1x2x40xf32>) -> tensor<1x2x7xf32> {
  %s = arith.constant dense<[2, 7]> : tensor<2xi64>
  %a = arith.constant dense<[1, 2]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %s, %a {mode = bilinear_pillow, shape_calculation_mode = sizes}
     : (tensor<1x2x40xf32>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x2x7xf32>
  return %r : tensor<1x2x7xf32>
}

// -----

// integer_arithmetic = pytorch (docs/Semantics.md, "PyTorch's arithmetic"):
// the w pass always first (here Pillow 13.0 would run h first), each axis
// with its own precision from its largest weight: 14 fraction bits along w
// (80 -> 160, largest weight above 1/2), 16 along h (48 -> 24, a wider
// window of smaller weights); the sums start at 2^(p - 1) and shift by p.
// CHECK-LABEL: func.func @pytorch_arithmetic
// CHECK-DAG: %[[P_H:.*]] = arith.constant 16 : i32
// CHECK-DAG: %[[P_W:.*]] = arith.constant 14 : i32
// CHECK-DAG: %[[MID:.*]] = tensor.empty() : tensor<1x3x48x160xui8>
// CHECK: linalg.generic
// CHECK-SAME: outs(%[[MID]] : tensor<1x3x48x160xui8>)
// CHECK: arith.constant 8192 : i32
// CHECK: arith.shrsi %{{.*}}, %[[P_W]] : i32
// CHECK: } -> tensor<1x3x48x160xui8>
// CHECK: arith.constant 32768 : i32
// CHECK: arith.shrsi %{{.*}}, %[[P_H]] : i32
// CHECK: } -> tensor<1x3x24x160xui8>
func.func @pytorch_arithmetic(%x: tensor<1x3x48x80xui8>) -> tensor<1x3x24x160xui8> {
  %s = arith.constant dense<[24, 160]> : tensor<2xi64>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %s, %a {mode = bicubic_pillow, shape_calculation_mode = sizes, cube_coeff = -0.5, integer_arithmetic = pytorch}
     : (tensor<1x3x48x80xui8>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x3x24x160xui8>
  return %r : tensor<1x3x24x160xui8>
}

// -----

// Run-time lengths in PyTorch's arithmetic: the runtime library fills the
// tables and returns each axis's precision, the passes' shift (the generic
// passes, pinned: channel-vector.mlir has the other form).
// CHECK-LABEL: func.func @pytorch_runtime_tables
// CHECK: %[[P0:.*]] = func.call @interp_axis_table_fill_torch_i32({{.*}}) : ({{.*}}, memref<?x?xi64>, memref<?x?xi32>) -> i32
// CHECK: %[[P1:.*]] = func.call @interp_axis_table_fill_torch_i32({{.*}}) : ({{.*}}, memref<?x?xi64>, memref<?x?xi32>) -> i32
// CHECK-NOT: scf.if
// CHECK: arith.shrsi %{{.*}}, %[[P1]] : i32
// CHECK: arith.shrsi %{{.*}}, %[[P0]] : i32
func.func @pytorch_runtime_tables(%x: tensor<?x?x3xui8>, %s: tensor<2xi64>) -> tensor<?x?x3xui8> {
  %a = arith.constant dense<[0, 1]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %s, %a {mode = bilinear_pillow, shape_calculation_mode = sizes, integer_arithmetic = pytorch, interp.plan = {channel_vector = []}}
     : (tensor<?x?x3xui8>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?x3xui8>
  return %r : tensor<?x?x3xui8>
}
