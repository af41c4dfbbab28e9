// RUN: interp-opt %s -split-input-file --convert-interp-to-linalg | FileCheck %s

// Interpolate-11's Pillow modes: two separable passes with the Pillow
// filters' constant tables, along w (the op's last axis) first. Integer data
// is stored into its element type after each pass (docs/Semantics.md,
// "Interpolate-11", step 7), so the intermediate is a ui8 tensor; float data
// keeps the accumulator between the passes.

// bicubic, ui8, 48x80 -> 24x160 on axes [2, 3]. Along w (80 -> 160) first
// into 1x3x48x160xui8, then along h (48 -> 24, the window doubled: 8 taps
// per output, weights for 24 outputs).
// CHECK-LABEL: func.func @bicubic_u8
// CHECK-DAG: arith.constant dense<{{.*}}> : tensor<24x8xf32>
// CHECK-DAG: %[[FINAL:.*]] = tensor.empty() : tensor<1x3x24x160xui8>
// CHECK-DAG: %[[MID:.*]] = tensor.empty() : tensor<1x3x48x160xui8>
// CHECK-NOT: tensor.empty() : tensor<{{.*}}xf32>
// CHECK: outs(%[[MID]] : tensor<1x3x48x160xui8>)
// CHECK: arith.fptoui
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

// An axis whose length does not change is the identity: one pass only.
// CHECK-LABEL: func.func @one_pass
// CHECK: tensor.empty() : tensor<6x4xi8>
// CHECK-NOT: tensor.empty
// CHECK: return
func.func @one_pass(%x: tensor<6x9xi8>) -> tensor<6x4xi8> {
  %s = arith.constant dense<[6, 4]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %s {mode = bicubic_pillow, shape_calculation_mode = sizes}
     : (tensor<6x9xi8>, tensor<2xi64>) -> tensor<6x4xi8>
  return %r : tensor<6x4xi8>
}

// -----

// Run-time lengths: the runtime library fills the Pillow tables (kernel 6 =
// bicubic_pillow, a = -0.5 as f64) and the passes loop over a run-time tap
// count.
// CHECK-LABEL: func.func @runtime_tables
// CHECK-DAG: %[[KERNEL:.*]] = arith.constant 6 : i32
// CHECK-DAG: %[[A:.*]] = arith.constant -5.000000e-01 : f64
// CHECK: call @interp_check_axis_table(%{{.*}}, %[[KERNEL]], {{.*}}, %[[A]]) :
// CHECK: call @interp_axis_table_fill_f32(%[[KERNEL]],
// CHECK: tensor.empty({{.*}}) : tensor<1x?x?xui8>
// CHECK: scf.for
func.func @runtime_tables(%x: tensor<1x?x?xui8>, %s: tensor<2xi64>) -> tensor<1x?x?xui8> {
  %a = arith.constant dense<[1, 2]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %s, %a {mode = bicubic_pillow, shape_calculation_mode = sizes, cube_coeff = -0.5}
     : (tensor<1x?x?xui8>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x?x?xui8>
  return %r : tensor<1x?x?xui8>
}

// -----

// Integer data, windowed taps: tap t of output o reads starts[o] + t (one
// i32 start per output instead of an index per tap). The last window (the 9
// taps 31..39 of a 12-tap table) is moved left to end at the input's end:
// it starts at 28, its weights after 3 zeros.
// CHECK-LABEL: func.func @consecutive_taps_u8
// CHECK-DAG: %[[W:.*]] = arith.constant dense<{{.*}}[0.000000e+00, 0.000000e+00, 0.000000e+00, 0.00250626565, {{.*}}> : tensor<7x12xf32>
// CHECK-DAG: %[[STARTS:.*]] = arith.constant dense<[0, 3, 9, 14, 20, 26, 28]> : tensor<7xi32>
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[STARTS]], %[[W]], %[[W]],
// CHECK-SAME: : tensor<7xi32>, tensor<7x12xf32>, tensor<7x12xf32>,
// CHECK: ^bb0(%[[START:.*]]: i32, %{{.*}}: f32,
// CHECK: %[[FIRST:.*]] = arith.index_cast %[[START]] : i32 to index
// CHECK: %[[C11:.*]] = arith.constant 11 : index
// CHECK-NEXT: %[[LAST:.*]] = arith.addi %[[FIRST]], %[[C11]] : index
// CHECK: tensor.extract %{{.*}}[%{{.*}}, %{{.*}}, %[[FIRST]]]
// CHECK: tensor.extract %{{.*}}[%{{.*}}, %{{.*}}, %[[LAST]]]
func.func @consecutive_taps_u8(%x: tensor<1x2x40xui8>) -> tensor<1x2x7xui8> {
  %s = arith.constant dense<[2, 7]> : tensor<2xi64>
  %a = arith.constant dense<[1, 2]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %s, %a {mode = bilinear_pillow, shape_calculation_mode = sizes}
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
