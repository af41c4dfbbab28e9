// RUN: interp-opt %s --convert-tosa-to-interp | FileCheck %s

// tosa.resize NEAREST_NEIGHBOR: rewritten where interp's nearest indices are
// TOSA's for every output index (table comparison), left otherwise.

// 7 -> 18 along W, asymmetric. Sizes mode gives 9 / fl64(18/7) =
// 3.4999999999999996 -> 3 at x = 9, where TOSA gives 4 (exactly 3.5, half
// up); the table check picks scales mode (9 / 2.57142854f = 3.50000003 -> 4).
// H (2 -> 2, n = d) is the identity: no op for it.
// CHECK-LABEL: func.func @nearest_tie_7to18
// CHECK-DAG:   %[[SZ:.*]] = arith.constant dense<18> : tensor<1xi64>
// CHECK-DAG:   %[[SC:.*]] = arith.constant dense<2.57142854> : tensor<1xf32>
// CHECK-DAG:   %[[AX:.*]] = arith.constant dense<2> : tensor<1xi64>
// CHECK:       interp.interpolate_v4 %arg0, %[[SZ]], %[[SC]], %[[AX]] {coordinate_transformation_mode = asymmetric, mode = nearest, nearest_mode = round_prefer_ceil, shape_calculation_mode = scales}
// CHECK-NOT:   tosa.resize
func.func @nearest_tie_7to18(%arg0: tensor<1x2x7x2xf32>) -> tensor<1x2x18x2xf32> {
  %scale = tosa.const_shape {values = dense<[1, 1, 18, 7]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[0, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[0, 11]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = tosa.resize %arg0, %scale, %offset, %border {mode = NEAREST_NEIGHBOR} : (tensor<1x2x7x2xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x2x18x2xf32>
  return %0 : tensor<1x2x18x2xf32>
}

// TFLite half_pixel_centers x2 (n = 2 O, d = 2 I, offset = I - O, border =
// O - I): half_pixel (the default, not printed), sizes mode, one op.
// CHECK-LABEL: func.func @nearest_tflite_half_up2
// CHECK-DAG:   %[[SZ:.*]] = arith.constant dense<[8, 10]> : tensor<2xi64>
// CHECK-DAG:   %[[SC:.*]] = arith.constant dense<2.000000e+00> : tensor<2xf32>
// CHECK-DAG:   %[[AX:.*]] = arith.constant dense<[1, 2]> : tensor<2xi64>
// CHECK:       interp.interpolate_v4 %arg0, %[[SZ]], %[[SC]], %[[AX]] {mode = nearest, nearest_mode = round_prefer_ceil, shape_calculation_mode = sizes}
// CHECK-NOT:   tosa.resize
// CHECK-NOT:   tosa.const_shape
func.func @nearest_tflite_half_up2(%arg0: tensor<1x4x5x2xf32>) -> tensor<1x8x10x2xf32> {
  %scale = tosa.const_shape {values = dense<[16, 8, 20, 10]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[-4, -5]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[4, 5]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = tosa.resize %arg0, %scale, %offset, %border {mode = NEAREST_NEIGHBOR} : (tensor<1x4x5x2xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x8x10x2xf32>
  return %0 : tensor<1x8x10x2xf32>
}

// TFLite half_pixel_centers x2 along H, asymmetric x2 along W: no single
// coordinate mode gives both axes' indices, so one op per axis, H first.
// CHECK-LABEL: func.func @two_ops
// CHECK-DAG:   %[[SZH:.*]] = arith.constant dense<8> : tensor<1xi64>
// CHECK-DAG:   %[[AXH:.*]] = arith.constant dense<1> : tensor<1xi64>
// CHECK:       %[[H:.*]] = interp.interpolate_v4 %arg0, %[[SZH]], %{{.*}}, %[[AXH]] {mode = nearest, nearest_mode = round_prefer_ceil, shape_calculation_mode = sizes} : {{.*}} -> tensor<1x8x5x2xf32>
// CHECK-DAG:   %[[SZW:.*]] = arith.constant dense<10> : tensor<1xi64>
// CHECK-DAG:   %[[AXW:.*]] = arith.constant dense<2> : tensor<1xi64>
// CHECK:       %[[W:.*]] = interp.interpolate_v4 %[[H]], %[[SZW]], %{{.*}}, %[[AXW]] {coordinate_transformation_mode = asymmetric, mode = nearest, nearest_mode = round_prefer_ceil, shape_calculation_mode = sizes} : {{.*}} -> tensor<1x8x10x2xf32>
// CHECK:       return %[[W]]
func.func @two_ops(%arg0: tensor<1x4x5x2xf32>) -> tensor<1x8x10x2xf32> {
  %scale = tosa.const_shape {values = dense<[16, 8, 2, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[-4, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[4, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = tosa.resize %arg0, %scale, %offset, %border {mode = NEAREST_NEIGHBOR} : (tensor<1x4x5x2xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x8x10x2xf32>
  return %0 : tensor<1x8x10x2xf32>
}

// n = 257 in bf16: the lowering rounds the remainder 128 and n to bf16
// before dividing, and 128/257 comes out as 0.5: index 1 at o = 0, which no
// coordinate mode gives. Stays.
// CHECK-LABEL: func.func @bf16_257
// CHECK:       tosa.resize
// CHECK-NOT:   interp.interpolate_v4
func.func @bf16_257(%arg0: tensor<1x2x9x1xbf16>) -> tensor<1x2x9x1xbf16> {
  %scale = tosa.const_shape {values = dense<[1, 1, 257, 256]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[0, 128]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[0, 120]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = tosa.resize %arg0, %scale, %offset, %border {mode = NEAREST_NEIGHBOR} : (tensor<1x2x9x1xbf16>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x2x9x1xbf16>
  return %0 : tensor<1x2x9x1xbf16>
}

// The same op in f32 rounds 128/257 correctly: every index is o, nothing to
// do along either axis.
// CHECK-LABEL: func.func @f32_257
// CHECK-NEXT:  return %arg0
func.func @f32_257(%arg0: tensor<1x2x9x1xf32>) -> tensor<1x2x9x1xf32> {
  %scale = tosa.const_shape {values = dense<[1, 1, 257, 256]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[0, 128]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[0, 120]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = tosa.resize %arg0, %scale, %offset, %border {mode = NEAREST_NEIGHBOR} : (tensor<1x2x9x1xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x2x9x1xf32>
  return %0 : tensor<1x2x9x1xf32>
}

// N and C may be dynamic: they are not interpolated.
// CHECK-LABEL: func.func @dyn
// CHECK:       interp.interpolate_v4 %arg0, {{.*}} : (tensor<?x4x5x?xi8>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<?x8x10x?xi8>
// CHECK-NOT:   tosa.resize
func.func @dyn(%arg0: tensor<?x4x5x?xi8>) -> tensor<?x8x10x?xi8> {
  %scale = tosa.const_shape {values = dense<[16, 8, 20, 10]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[-4, -5]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[4, 5]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = tosa.resize %arg0, %scale, %offset, %border {mode = NEAREST_NEIGHBOR} : (tensor<?x4x5x?xi8>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<?x8x10x?xi8>
  return %0 : tensor<?x8x10x?xi8>
}

// A result more static than the input: interp's result keeps the input's
// batch, a tensor.cast gives TOSA's type.
// CHECK-LABEL: func.func @dyn_static_result
// CHECK:       %[[R:.*]] = interp.interpolate_v4 {{.*}} -> tensor<?x8x10x3xi32>
// CHECK:       %[[C:.*]] = tensor.cast %[[R]] : tensor<?x8x10x3xi32> to tensor<2x8x10x3xi32>
// CHECK:       return %[[C]]
func.func @dyn_static_result(%arg0: tensor<?x4x5x3xi32>) -> tensor<2x8x10x3xi32> {
  %scale = tosa.const_shape {values = dense<[16, 8, 20, 10]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[-4, -5]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[4, 5]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = tosa.resize %arg0, %scale, %offset, %border {mode = NEAREST_NEIGHBOR} : (tensor<?x4x5x3xi32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<2x8x10x3xi32>
  return %0 : tensor<2x8x10x3xi32>
}

// n = d with offset 1/4: every coordinate o + 1/4 rounds to o.
// CHECK-LABEL: func.func @identity_offset
// CHECK-NEXT:  return %arg0
func.func @identity_offset(%arg0: tensor<1x5x3x1xf16>) -> tensor<1x5x3x1xf16> {
  %scale = tosa.const_shape {values = dense<[4, 4, 1, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[1, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[1, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = tosa.resize %arg0, %scale, %offset, %border {mode = NEAREST_NEIGHBOR} : (tensor<1x5x3x1xf16>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x5x3x1xf16>
  return %0 : tensor<1x5x3x1xf16>
}

// n = d with offset 1/2: index o + 1 (clamped), a shift interp cannot express.
// CHECK-LABEL: func.func @shift
// CHECK:       tosa.resize
// CHECK-NOT:   interp.interpolate_v4
func.func @shift(%arg0: tensor<1x5x3x1xf32>) -> tensor<1x5x3x1xf32> {
  %scale = tosa.const_shape {values = dense<[2, 2, 1, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[1, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[1, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = tosa.resize %arg0, %scale, %offset, %border {mode = NEAREST_NEIGHBOR} : (tensor<1x5x3x1xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x5x3x1xf32>
  return %0 : tensor<1x5x3x1xf32>
}

// 1x1 input broadcast (upstream's MaterializeResizeBroadcast): index 0 for
// every output, any coordinate mode; f64 copies as well.
// CHECK-LABEL: func.func @broadcast
// CHECK:       interp.interpolate_v4 %arg0, {{.*}} {coordinate_transformation_mode = asymmetric, mode = nearest, nearest_mode = round_prefer_ceil, shape_calculation_mode = sizes} : (tensor<2x1x1x3xf64>, {{.*}}) -> tensor<2x5x7x3xf64>
func.func @broadcast(%arg0: tensor<2x1x1x3xf64>) -> tensor<2x5x7x3xf64> {
  %scale = tosa.const_shape {values = dense<[5, 1, 7, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[0, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[0, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = tosa.resize %arg0, %scale, %offset, %border {mode = NEAREST_NEIGHBOR} : (tensor<2x1x1x3xf64>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<2x5x7x3xf64>
  return %0 : tensor<2x5x7x3xf64>
}

// interp has no i16.
// CHECK-LABEL: func.func @i16
// CHECK:       tosa.resize
// CHECK-NOT:   interp.interpolate_v4
func.func @i16(%arg0: tensor<1x4x5x2xi16>) -> tensor<1x8x10x2xi16> {
  %scale = tosa.const_shape {values = dense<[16, 8, 20, 10]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[-4, -5]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[4, 5]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = tosa.resize %arg0, %scale, %offset, %border {mode = NEAREST_NEIGHBOR} : (tensor<1x4x5x2xi16>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x8x10x2xi16>
  return %0 : tensor<1x8x10x2xi16>
}

// The tosa.const_shape operands stay while an unconverted op uses them.
// CHECK-LABEL: func.func @shared_shapes
// CHECK-DAG:   tosa.const_shape {values = dense<[16, 8, 20, 10]> : tensor<4xindex>}
// CHECK-DAG:   interp.interpolate_v4 %arg0
// CHECK-DAG:   tosa.resize %arg1
func.func @shared_shapes(%arg0: tensor<1x4x5x2xf32>, %arg1: tensor<1x4x5x2xi16>) -> (tensor<1x8x10x2xf32>, tensor<1x8x10x2xi16>) {
  %scale = tosa.const_shape {values = dense<[16, 8, 20, 10]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[-4, -5]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[4, 5]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = tosa.resize %arg0, %scale, %offset, %border {mode = NEAREST_NEIGHBOR} : (tensor<1x4x5x2xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x8x10x2xf32>
  %1 = tosa.resize %arg1, %scale, %offset, %border {mode = NEAREST_NEIGHBOR} : (tensor<1x4x5x2xi16>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x8x10x2xi16>
  return %0, %1 : tensor<1x8x10x2xf32>, tensor<1x8x10x2xi16>
}
