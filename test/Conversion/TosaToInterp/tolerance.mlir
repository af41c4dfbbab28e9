// RUN: interp-opt %s --convert-tosa-to-interp="float-tolerance-ulps=20 remarks" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: interp-opt %s --convert-tosa-to-interp="float-tolerance-ulps=20" | FileCheck %s
// RUN: interp-opt %s --convert-tosa-to-interp="float-tolerance-ulps=2 remarks" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIGHT
// RUN: interp-opt %s --convert-tosa-to-interp | FileCheck %s --check-prefix=EXACT
// RUN: not interp-opt %s --convert-tosa-to-interp="float-tolerance-ulps=-1" 2>&1 | FileCheck %s --check-prefix=NEGATIVE

// float-tolerance-ulps: float BILINEAR that interp cannot reproduce bit for
// bit, rewritten where the proven bound is within the tolerance. The
// bounds themselves are checked against upstream's lowering by
// tosa_differential.py; here, which ops are rewritten, into what, and what
// the remarks say.

// TFLite's half_pixel_centers 2x upscale (scale 2*O / 2*I, offset I - O):
// half_pixel in sizes mode. TOSA blends both axes and rounds after each,
// and clamps both taps to one sample at the edges, so no exact rewrite.
// REMARK: tolerance.mlir:[[@LINE+10]]:8: remark: tosa.resize converted to interp within {{[0-9]+\.[0-9][0-9]}} ulps of upstream's lowering (finite data)
// CHECK-LABEL: func.func @tflite_half_pixel_f32
// CHECK: interp.interpolate_v4 %arg0, {{.*}} {mode = linear, shape_calculation_mode = sizes} : (tensor<1x4x5x2xf32>
// TIGHT: tolerance.mlir:[[@LINE+7]]:8: remark: tosa.resize not converted to interp: BILINEAR blends a sample with itself along H {{.*}}; the smallest error bound interp's linear has against upstream's float BILINEAR is {{[0-9.]+}} ulps, above float-tolerance-ulps (2)
// EXACT-LABEL: func.func @tflite_half_pixel_f32
// EXACT: tosa.resize
func.func @tflite_half_pixel_f32(%arg0: tensor<1x4x5x2xf32>) -> tensor<1x8x10x2xf32> {
  %scale = tosa.const_shape {values = dense<[16, 8, 20, 10]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[-4, -5]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[4, 5]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = tosa.resize %arg0, %scale, %offset, %border {mode = BILINEAR} : (tensor<1x4x5x2xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x8x10x2xf32>
  return %0 : tensor<1x8x10x2xf32>
}

// f16 and bf16 blend in their own arithmetic upstream, in float32 in interp.
// REMARK: tolerance.mlir:[[@LINE+7]]:8: remark: tosa.resize converted to interp within {{[0-9]+\.[0-9][0-9]}} ulps
// CHECK-LABEL: func.func @tflite_half_pixel_f16
// CHECK: interp.interpolate_v4 %arg0, {{.*}} {mode = linear, shape_calculation_mode = sizes} : (tensor<1x4x5x2xf16>
func.func @tflite_half_pixel_f16(%arg0: tensor<1x4x5x2xf16>) -> tensor<1x8x10x2xf16> {
  %scale = tosa.const_shape {values = dense<[16, 8, 20, 10]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[-4, -5]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[4, 5]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = tosa.resize %arg0, %scale, %offset, %border {mode = BILINEAR} : (tensor<1x4x5x2xf16>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x8x10x2xf16>
  return %0 : tensor<1x8x10x2xf16>
}

// TFLite's align_corners (scale (O-1) / (I-1), offset 0) on bf16, along
// both axes: align_corners.
// REMARK: tolerance.mlir:[[@LINE+7]]:8: remark: tosa.resize converted to interp within {{[0-9]+\.[0-9][0-9]}} ulps
// CHECK-LABEL: func.func @align_corners_bf16
// CHECK: interp.interpolate_v4 %arg0, {{.*}} {coordinate_transformation_mode = align_corners, mode = linear, shape_calculation_mode = sizes} : (tensor<1x3x4x1xbf16>
func.func @align_corners_bf16(%arg0: tensor<1x3x4x1xbf16>) -> tensor<1x7x10x1xbf16> {
  %scale = tosa.const_shape {values = dense<[6, 2, 9, 3]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[0, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[0, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = tosa.resize %arg0, %scale, %offset, %border {mode = BILINEAR} : (tensor<1x3x4x1xbf16>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x7x10x1xbf16>
  return %0 : tensor<1x7x10x1xbf16>
}

// What the exact rule takes (one axis blends, bit-identical weights) stays
// an exact rewrite: no remark, and the option implies assume-finite.
// CHECK-LABEL: func.func @exact_one_axis
// CHECK: interp.interpolate_v4 %arg0, {{.*}} : (tensor<1x4x5x2xf32>
// REMARK-NOT: remark
func.func @exact_one_axis(%arg0: tensor<1x4x5x2xf32>) -> tensor<1x4x9x2xf32> {
  %scale = tosa.const_shape {values = dense<[1, 1, 8, 4]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[0, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[0, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = tosa.resize %arg0, %scale, %offset, %border {mode = BILINEAR} : (tensor<1x4x5x2xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x4x9x2xf32>
  return %0 : tensor<1x4x9x2xf32>
}

// NEGATIVE: error: --convert-tosa-to-interp: float-tolerance-ulps must be a finite number >= 0, got -1.000000e+00
