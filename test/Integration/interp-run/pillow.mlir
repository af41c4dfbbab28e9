// Interpolate-11's Pillow modes compiled and run, against values computed
// by hand and against the reference (--check) on every element type,
// layout, pads, static and run-time lengths.
//
// RUN: rm -rf %t && mkdir -p %t
// By hand (docs/Semantics.md, "Interpolate-11", step 5): bilinear, 1x4 ->
// 1x2, L = 4, O = 2, s = fs = 2, support 2. o = 0: c = 1, taps 0, 1, 2 at
// t = -0.25, 0.25, 0.75, weights (0.75, 0.75, 0.25) / 1.75, so
// (3 * 0 + 3 * 100 + 200) / 7 = 71.4 -> 71; o = 1: c = 3, taps 1, 2, 3,
// (100 + 3 * 200 + 3 * 50) / 7 = 121.4 -> 121.
// RUN: %npytool save %t/row.npy uint8 1x4 "[0, 100, 200, 50]"
// RUN: interp-run %s --function=by_hand --input=%t/row.npy --print-values | FileCheck %s --check-prefix=HAND
// HAND: result 0: shape=1x2 dtype=ui8
// HAND-NEXT: [0, :] 71 121
//
// RUN: interp-run %s --function=bicubic_u8 --check | FileCheck %s --check-prefix=OK
// RUN: interp-run %s --function=bilinear_nhwc_i8 --check | FileCheck %s --check-prefix=OK
// RUN: interp-run %s --function=bicubic_pads_f32 --check | FileCheck %s --check-prefix=OK
// RUN: interp-run %s --function=bicubic_bf16_scales --check | FileCheck %s --check-prefix=OK
// RUN: interp-run %s --function=bicubic_i32 --check | FileCheck %s --check-prefix=OK
// RUN: interp-run %s --function=bilinear_f64_rank5 --check | FileCheck %s --check-prefix=OK
// RUN: %npytool save %t/sizes.npy int64 2 "[7, 33]"
// RUN: interp-run %s --function=runtime_u8 --input=random --input=%t/sizes.npy --arg-shape=0=2x19x12 --check | FileCheck %s --check-prefix=RUNTIME
// RUNTIME: result 0: shape=2x7x33 dtype=ui8
// RUNTIME: check passed
// OK: check passed

func.func @by_hand(%x: tensor<1x4xui8>) -> tensor<1x2xui8> {
  %s = arith.constant dense<[1, 2]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %s {mode = bilinear_pillow, shape_calculation_mode = sizes}
     : (tensor<1x4xui8>, tensor<2xi64>) -> tensor<1x2xui8>
  return %r : tensor<1x2xui8>
}

// Downscaling h, upscaling w; bicubic overshoots clip at 0 and 255 after
// each pass.
func.func @bicubic_u8(%x: tensor<1x3x48x80xui8>) -> tensor<1x3x17x131xui8> {
  %s = arith.constant dense<[17, 131]> : tensor<2xi64>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %s, %a {mode = bicubic_pillow, shape_calculation_mode = sizes, cube_coeff = -0.5}
     : (tensor<1x3x48x80xui8>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x3x17x131xui8>
  return %r : tensor<1x3x17x131xui8>
}

func.func @bilinear_nhwc_i8(%x: tensor<2x30x20x3xi8>) -> tensor<2x11x45x3xi8> {
  %s = arith.constant dense<[11, 45]> : tensor<2xi64>
  %a = arith.constant dense<[1, 2]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %s, %a {mode = bilinear_pillow, shape_calculation_mode = sizes}
     : (tensor<2x30x20x3xi8>, tensor<2xi64>, tensor<2xi64>) -> tensor<2x11x45x3xi8>
  return %r : tensor<2x11x45x3xi8>
}

// Pads zero-pad first and take part in the filter (14 + 2 = 16 -> 5,
// 9 + 1 = 10 -> 23); the ignored attributes change nothing.
func.func @bicubic_pads_f32(%x: tensor<1x14x9xf32>) -> tensor<1x5x23xf32> {
  %s = arith.constant dense<[5, 23]> : tensor<2xi64>
  %a = arith.constant dense<[1, 2]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %s, %a {mode = bicubic_pillow, shape_calculation_mode = sizes,
         pads_begin = array<i64: 0, 2>, pads_end = array<i64: 0, 0, 1>,
         coordinate_transformation_mode = align_corners, antialias = true}
     : (tensor<1x14x9xf32>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x5x23xf32>
  return %r : tensor<1x5x23xf32>
}

// Scales mode: trunc(40 * (0.3 + 1e-6)) = 12, trunc(25 * (1.7 + 1e-6)) = 42.
func.func @bicubic_bf16_scales(%x: tensor<40x25xbf16>) -> tensor<12x42xbf16> {
  %c = arith.constant dense<[0.3, 1.7]> : tensor<2xf32>
  %r = interp.interpolate_v11 %x, %c {mode = bicubic_pillow, shape_calculation_mode = scales}
     : (tensor<40x25xbf16>, tensor<2xf32>) -> tensor<12x42xbf16>
  return %r : tensor<12x42xbf16>
}

// f64 accumulation for i32.
func.func @bicubic_i32(%x: tensor<3x23x31xi32>) -> tensor<3x8x10xi32> {
  %s = arith.constant dense<[8, 10]> : tensor<2xi64>
  %a = arith.constant dense<[1, 2]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %s, %a {mode = bicubic_pillow, shape_calculation_mode = sizes}
     : (tensor<3x23x31xi32>, tensor<2xi64>, tensor<2xi64>) -> tensor<3x8x10xi32>
  return %r : tensor<3x8x10xi32>
}

// Any two increasing axes of a rank-5 tensor; the others index 2-D slices.
func.func @bilinear_f64_rank5(%x: tensor<2x9x3x13x2xf64>) -> tensor<2x4x3x29x2xf64> {
  %s = arith.constant dense<[4, 29]> : tensor<2xi64>
  %a = arith.constant dense<[1, 3]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %s, %a {mode = bilinear_pillow, shape_calculation_mode = sizes}
     : (tensor<2x9x3x13x2xf64>, tensor<2xi64>, tensor<2xi64>) -> tensor<2x4x3x29x2xf64>
  return %r : tensor<2x4x3x29x2xf64>
}

// Run-time data dims and sizes: tables filled by the runtime library.
func.func @runtime_u8(%x: tensor<?x?x?xui8>, %s: tensor<2xi64>) -> tensor<?x?x?xui8> {
  %a = arith.constant dense<[1, 2]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %s, %a {mode = bicubic_pillow, shape_calculation_mode = sizes}
     : (tensor<?x?x?xui8>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?x?xui8>
  return %r : tensor<?x?x?xui8>
}
