// Three resized axes (2 x 2 x 2 tap combinations), or two when the data
// converts to f32 per tap read and fusing reads less (ui8, f16, bf16 x2):
// the outermost is fused with a direct pass over the others. Tasks of an scf.forall cover
// (outer dimensions, blocks of outer-axis outputs); each task combines the
// source slabs of its outputs into a scratch slab and computes the output
// slab from it. Each case runs on random data and is compared with the
// reference.
//
// RUN: interp-run %s --function=depth_x2 --check | FileCheck %s
// RUN: interp-run %s --function=uneven_blocks --check | FileCheck %s
// RUN: interp-run %s --function=dynamic_outer --arg-shape=0=2x3x3x4x5 --check | FileCheck %s
// RUN: interp-run %s --function=dynamic_outer --arg-shape=0=0x3x3x4x5 --check | FileCheck %s --check-prefix=EMPTY
// RUN: interp-run %s --function=downsample_ui8 --check | FileCheck %s
// RUN: interp-run %s --function=linear_f64 --check | FileCheck %s
// RUN: interp-run %s --function=ui8_x2 --check | FileCheck %s
// RUN: interp-run %s --function=f16_x3 --check | FileCheck %s
// RUN: interp-run %s --function=bf16_x2 --check | FileCheck %s
// CHECK: mismatches=0 ok
// CHECK: check passed
// EMPTY: result 0: shape=0x3x5x8x10 dtype=f32 elements=0
// EMPTY: check passed

// x2 on D, H and W: 20 tasks (2 channels x 10 depth outputs), the W run
// with its clamped edges.
func.func @depth_x2(%x: tensor<1x2x5x6x7xf32>) -> tensor<1x2x10x12x14xf32> {
  %s = arith.constant dense<[10, 12, 14]> : tensor<3xi64>
  %c = arith.constant dense<[2.0, 2.0, 2.0]> : tensor<3xf32>
  %a = arith.constant dense<[2, 3, 4]> : tensor<3xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = linear_onnx, shape_calculation_mode = sizes}
     : (tensor<1x2x5x6x7xf32>, tensor<3xi64>, tensor<3xf32>, tensor<3xi64>) -> tensor<1x2x10x12x14xf32>
  return %r : tensor<1x2x10x12x14xf32>
}

// 130 depth outputs in blocks of 3: the last block holds one.
func.func @uneven_blocks(%x: tensor<1x1x65x2x3xf32>) -> tensor<1x1x130x4x6xf32> {
  %s = arith.constant dense<[130, 4, 6]> : tensor<3xi64>
  %c = arith.constant dense<[2.0, 2.0, 2.0]> : tensor<3xf32>
  %a = arith.constant dense<[2, 3, 4]> : tensor<3xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = linear_onnx, shape_calculation_mode = sizes}
     : (tensor<1x1x65x2x3xf32>, tensor<3xi64>, tensor<3xf32>, tensor<3xi64>) -> tensor<1x1x130x4x6xf32>
  return %r : tensor<1x1x130x4x6xf32>
}

// Run-time batch and channel counts (zero included): the task count is
// computed at run time, the tables stay constant. half_pixel x1.5 on D.
func.func @dynamic_outer(%x: tensor<?x?x3x4x5xf32>) -> tensor<?x?x5x8x10xf32> {
  %s = arith.constant dense<[5, 8, 10]> : tensor<3xi64>
  %c = arith.constant dense<[1.0, 1.0, 1.0]> : tensor<3xf32>
  %a = arith.constant dense<[2, 3, 4]> : tensor<3xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = linear_onnx, shape_calculation_mode = sizes}
     : (tensor<?x?x3x4x5xf32>, tensor<3xi64>, tensor<3xf32>, tensor<3xi64>) -> tensor<?x?x5x8x10xf32>
  return %r : tensor<?x?x5x8x10xf32>
}

// ui8, linear_onnx /2 on all three axes of a 3-D tensor (align_corners):
// the fused axis is the first (no dimensions before it); the slab
// accumulates in f32, the output stores ui8 by the rounding rule.
func.func @downsample_ui8(%x: tensor<9x8x11xui8>) -> tensor<4x4x5xui8> {
  %s = arith.constant dense<[4, 4, 5]> : tensor<3xi64>
  %c = arith.constant dense<[1.0, 1.0, 1.0]> : tensor<3xf32>
  %a = arith.constant dense<[0, 1, 2]> : tensor<3xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = linear_onnx, shape_calculation_mode = sizes, coordinate_transformation_mode = align_corners}
     : (tensor<9x8x11xui8>, tensor<3xi64>, tensor<3xf32>, tensor<3xi64>) -> tensor<4x4x5xui8>
  return %r : tensor<4x4x5xui8>
}

// f64 data, linear (not onnx) upsampling on the three innermost axes of a
// 4-D tensor: f64 slabs.
func.func @linear_f64(%x: tensor<3x4x5x6xf64>) -> tensor<3x7x9x12xf64> {
  %s = arith.constant dense<[7, 9, 12]> : tensor<3xi64>
  %c = arith.constant dense<[1.0, 1.0, 1.0]> : tensor<3xf32>
  %a = arith.constant dense<[1, 2, 3]> : tensor<3xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = linear, shape_calculation_mode = sizes}
     : (tensor<3x4x5x6xf64>, tensor<3xi64>, tensor<3xf32>, tensor<3xi64>) -> tensor<3x7x9x12xf64>
  return %r : tensor<3x7x9x12xf64>
}

// Two axes, ui8 x2 (half_pixel, clamped edges on both axes): the H taps
// into an f32 row, then the W run from it.
func.func @ui8_x2(%x: tensor<1x2x7x9xui8>) -> tensor<1x2x14x18xui8> {
  %s = arith.constant dense<[14, 18]> : tensor<2xi64>
  %c = arith.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = linear_onnx, shape_calculation_mode = sizes}
     : (tensor<1x2x7x9xui8>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x2x14x18xui8>
  return %r : tensor<1x2x14x18xui8>
}

// f16, linear x3 on H and W with asymmetric coordinates.
func.func @f16_x3(%x: tensor<2x5x6xf16>) -> tensor<2x15x18xf16> {
  %s = arith.constant dense<[15, 18]> : tensor<2xi64>
  %c = arith.constant dense<[3.0, 3.0]> : tensor<2xf32>
  %a = arith.constant dense<[1, 2]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = linear, shape_calculation_mode = scales, coordinate_transformation_mode = asymmetric}
     : (tensor<2x5x6xf16>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<2x15x18xf16>
  return %r : tensor<2x15x18xf16>
}

// bf16, linear_onnx x2 on H and W (align_corners).
func.func @bf16_x2(%x: tensor<1x3x6x8xbf16>) -> tensor<1x3x12x16xbf16> {
  %s = arith.constant dense<[12, 16]> : tensor<2xi64>
  %c = arith.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = linear_onnx, shape_calculation_mode = sizes, coordinate_transformation_mode = align_corners}
     : (tensor<1x3x6x8xbf16>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x3x12x16xbf16>
  return %r : tensor<1x3x12x16xbf16>
}
