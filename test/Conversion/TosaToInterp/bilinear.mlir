// RUN: interp-opt %s --convert-tosa-to-interp | FileCheck %s
// RUN: interp-opt %s --convert-tosa-to-interp=assume-finite | FileCheck %s --check-prefix=FINITE

// tosa.resize BILINEAR. Float BILINEAR multiplies both neighbours, also with
// weight 0, so it is rewritten only for 1x1 inputs unless assume-finite says
// the data is finite. Integer BILINEAR is exact whenever it is rewritten.

// A 1x1 float input: upstream copies it (no arithmetic), so a nearest copy
// is exact for every input, without assume-finite.
// CHECK-LABEL: func.func @f32_1x1_broadcast
// CHECK:       interp.interpolate_v4 %arg0, {{.*}} {coordinate_transformation_mode = asymmetric, mode = nearest, nearest_mode = round_prefer_ceil, shape_calculation_mode = sizes} : (tensor<1x1x1x3xf32>, {{.*}}) -> tensor<1x4x6x3xf32>
// FINITE-LABEL: func.func @f32_1x1_broadcast
// FINITE:       interp.interpolate_v4 %arg0, {{.*}} mode = nearest
func.func @f32_1x1_broadcast(%arg0: tensor<1x1x1x3xf32>) -> tensor<1x4x6x3xf32> {
  %scale = tosa.const_shape {values = dense<[4, 1, 6, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[0, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[0, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = tosa.resize %arg0, %scale, %offset, %border {mode = BILINEAR} : (tensor<1x1x1x3xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x4x6x3xf32>
  return %0 : tensor<1x4x6x3xf32>
}

// TFLite half_pixel_centers x2: both axes blend (and the edges blend a
// sample with itself): stays, with or without assume-finite.
// CHECK-LABEL: func.func @f32_half_up2
// CHECK:       tosa.resize
// CHECK-NOT:   interp.interpolate_v4
// FINITE-LABEL: func.func @f32_half_up2
// FINITE:       tosa.resize
// FINITE-NOT:   interp.interpolate_v4
func.func @f32_half_up2(%arg0: tensor<1x4x5x2xf32>) -> tensor<1x8x10x2xf32> {
  %scale = tosa.const_shape {values = dense<[16, 8, 20, 10]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[-4, -5]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[4, 5]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = tosa.resize %arg0, %scale, %offset, %border {mode = BILINEAR} : (tensor<1x4x5x2xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x8x10x2xf32>
  return %0 : tensor<1x8x10x2xf32>
}

// One blending axis (W, align_corners 5 -> 9: weights 1/0 and 0.5/0.5,
// bit-identical), H unchanged: exact for finite data.
// CHECK-LABEL: func.func @f32_align_W_only
// CHECK:       tosa.resize
// FINITE-LABEL: func.func @f32_align_W_only
// FINITE-DAG:   %[[SZ:.*]] = arith.constant dense<9> : tensor<1xi64>
// FINITE-DAG:   %[[AX:.*]] = arith.constant dense<2> : tensor<1xi64>
// FINITE:       interp.interpolate_v4 %arg0, %[[SZ]], %{{.*}}, %[[AX]] {coordinate_transformation_mode = align_corners, mode = linear, shape_calculation_mode = sizes}
// FINITE-NOT:   tosa.resize
func.func @f32_align_W_only(%arg0: tensor<1x4x5x2xf32>) -> tensor<1x4x9x2xf32> {
  %scale = tosa.const_shape {values = dense<[1, 1, 8, 4]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[0, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[0, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = tosa.resize %arg0, %scale, %offset, %border {mode = BILINEAR} : (tensor<1x4x5x2xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x4x9x2xf32>
  return %0 : tensor<1x4x9x2xf32>
}

// H /2 reads every other sample (dx = 0: a gather), W blends (align_corners):
// no mode does both, so a nearest op along H and a linear op along W.
// FINITE-LABEL: func.func @f32_down2_H_align_W
// FINITE:       %[[H:.*]] = interp.interpolate_v4 %arg0, {{.*}} {coordinate_transformation_mode = asymmetric, mode = nearest, nearest_mode = round_prefer_ceil, shape_calculation_mode = sizes} : {{.*}} -> tensor<1x4x5x1xf32>
// FINITE:       interp.interpolate_v4 %[[H]], {{.*}} {coordinate_transformation_mode = align_corners, mode = linear, shape_calculation_mode = sizes} : {{.*}} -> tensor<1x4x9x1xf32>
func.func @f32_down2_H_align_W(%arg0: tensor<1x8x5x1xf32>) -> tensor<1x4x9x1xf32> {
  %scale = tosa.const_shape {values = dense<[1, 2, 8, 4]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[0, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[-1, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = tosa.resize %arg0, %scale, %offset, %border {mode = BILINEAR} : (tensor<1x8x5x1xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x4x9x1xf32>
  return %0 : tensor<1x4x9x1xf32>
}

// f16 blends in f16 upstream, in f32 in interp: stays.
// FINITE-LABEL: func.func @f16_align_W_only
// FINITE:       tosa.resize
// FINITE-NOT:   interp.interpolate_v4
func.func @f16_align_W_only(%arg0: tensor<1x3x5x1xf16>) -> tensor<1x3x9x1xf16> {
  %scale = tosa.const_shape {values = dense<[1, 1, 8, 4]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[0, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[0, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = tosa.resize %arg0, %scale, %offset, %border {mode = BILINEAR} : (tensor<1x3x5x1xf16>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x3x9x1xf16>
  return %0 : tensor<1x3x9x1xf16>
}

// bf16 /2 on both axes: every output is one sample (dx = 0), a gather.
// FINITE-LABEL: func.func @bf16_down2_both
// FINITE:       interp.interpolate_v4 %arg0, {{.*}} mode = nearest, {{.*}} -> tensor<1x4x3x1xbf16>
func.func @bf16_down2_both(%arg0: tensor<1x8x6x1xbf16>) -> tensor<1x4x3x1xbf16> {
  %scale = tosa.const_shape {values = dense<[1, 2, 1, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[0, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[-1, -1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = tosa.resize %arg0, %scale, %offset, %border {mode = BILINEAR} : (tensor<1x8x6x1xbf16>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x4x3x1xbf16>
  return %0 : tensor<1x4x3x1xbf16>
}

// f64 blends in f64 on both sides, with the same weights.
// FINITE-LABEL: func.func @f64_align_W_only
// FINITE:       interp.interpolate_v4 %arg0, {{.*}} {coordinate_transformation_mode = align_corners, mode = linear, shape_calculation_mode = sizes} : (tensor<1x2x5x1xf64>, {{.*}}) -> tensor<1x2x9x1xf64>
func.func @f64_align_W_only(%arg0: tensor<1x2x5x1xf64>) -> tensor<1x2x9x1xf64> {
  %scale = tosa.const_shape {values = dense<[1, 1, 8, 4]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[0, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[0, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = tosa.resize %arg0, %scale, %offset, %border {mode = BILINEAR} : (tensor<1x2x5x1xf64>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x2x9x1xf64>
  return %0 : tensor<1x2x9x1xf64>
}

// Integer bilinear (i8 -> i32, not normalized): extsi, times scale_y_n *
// scale_x_n = 6 * 8, linear on i32; exact for every input.
// CHECK-LABEL: func.func @i8_align
// CHECK:       %[[K:.*]] = arith.constant 48 : i32
// CHECK:       %[[W:.*]] = linalg.generic
// CHECK:         arith.extsi %{{.*}} : i8 to i32
// CHECK:         arith.muli %{{.*}}, %[[K]] : i32
// CHECK-DAG:   %[[SZ:.*]] = arith.constant dense<[7, 9]> : tensor<2xi64>
// CHECK-DAG:   %[[AX:.*]] = arith.constant dense<[1, 2]> : tensor<2xi64>
// CHECK:       interp.interpolate_v4 %[[W]], %[[SZ]], %{{.*}}, %[[AX]] {coordinate_transformation_mode = align_corners, mode = linear, shape_calculation_mode = sizes} : (tensor<1x4x5x2xi32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x7x9x2xi32>
// CHECK-NOT:   tosa.resize
func.func @i8_align(%arg0: tensor<1x4x5x2xi8>) -> tensor<1x7x9x2xi32> {
  %scale = tosa.const_shape {values = dense<[6, 3, 8, 4]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[0, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[0, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = tosa.resize %arg0, %scale, %offset, %border {mode = BILINEAR} : (tensor<1x4x5x2xi8>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x7x9x2xi32>
  return %0 : tensor<1x7x9x2xi32>
}

// TFLite asymmetric 3 -> 7, 4 -> 9 on i8: asymmetric, sizes mode.
// CHECK-LABEL: func.func @i8_asym
// CHECK:       arith.constant 63 : i32
// CHECK:       interp.interpolate_v4 {{.*}} {coordinate_transformation_mode = asymmetric, mode = linear, shape_calculation_mode = sizes} : (tensor<1x3x4x1xi32>, {{.*}}) -> tensor<1x7x9x1xi32>
func.func @i8_asym(%arg0: tensor<1x3x4x1xi8>) -> tensor<1x7x9x1xi32> {
  %scale = tosa.const_shape {values = dense<[7, 3, 9, 4]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[0, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[4, 5]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = tosa.resize %arg0, %scale, %offset, %border {mode = BILINEAR} : (tensor<1x3x4x1xi8>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x7x9x1xi32>
  return %0 : tensor<1x7x9x1xi32>
}

// 1x1 -> 1x1 (upstream's ResizeUnaryConverter): only the widening.
// CHECK-LABEL: func.func @i8_1x1
// CHECK:       arith.constant 15 : i32
// CHECK:       %[[W:.*]] = linalg.generic
// CHECK-NOT:   interp.interpolate_v4
// CHECK:       return %[[W]]
func.func @i8_1x1(%arg0: tensor<1x1x1x4xi8>) -> tensor<1x1x1x4xi32> {
  %scale = tosa.const_shape {values = dense<[3, 1, 5, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[0, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[0, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = tosa.resize %arg0, %scale, %offset, %border {mode = BILINEAR} : (tensor<1x1x1x4xi8>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x1x1x4xi32>
  return %0 : tensor<1x1x1x4xi32>
}

// Integer bilinear with offset -1 (n = 2): the lowering's arith.divsi
// extrapolates (3 x0 - x1): stays.
// CHECK-LABEL: func.func @i8_neg_offset
// CHECK:       tosa.resize
// CHECK-NOT:   interp.interpolate_v4
func.func @i8_neg_offset(%arg0: tensor<1x3x3x2xi8>) -> tensor<1x6x3x2xi32> {
  %scale = tosa.const_shape {values = dense<[2, 1, 1, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[-1, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[0, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = tosa.resize %arg0, %scale, %offset, %border {mode = BILINEAR} : (tensor<1x3x3x2xi8>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x6x3x2xi32>
  return %0 : tensor<1x6x3x2xi32>
}

// interp has neither i16 nor i48.
// CHECK-LABEL: func.func @i16_i48
// CHECK:       tosa.resize
// CHECK-NOT:   interp.interpolate_v4
func.func @i16_i48(%arg0: tensor<1x4x5x2xi16>) -> tensor<1x7x9x2xi48> {
  %scale = tosa.const_shape {values = dense<[6, 3, 8, 4]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[0, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[0, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = tosa.resize %arg0, %scale, %offset, %border {mode = BILINEAR} : (tensor<1x4x5x2xi16>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x7x9x2xi48>
  return %0 : tensor<1x7x9x2xi48>
}
