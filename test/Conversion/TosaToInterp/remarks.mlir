// RUN: interp-opt %s -split-input-file --convert-tosa-to-interp=remarks -verify-diagnostics

// With `remarks`, every tosa.resize left unconverted gets a remark with the
// reason (and converted ones none).

func.func @nearest_shift(%arg0: tensor<1x5x3x1xf32>) -> tensor<1x5x3x1xf32> {
  %scale = tosa.const_shape {values = dense<[2, 2, 1, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[1, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[1, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  // expected-remark @below {{tosa.resize not converted to interp: no interp coordinate mode reproduces the sample TOSA picks for every output along H}}
  %0 = tosa.resize %arg0, %scale, %offset, %border {mode = NEAREST_NEIGHBOR} : (tensor<1x5x3x1xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x5x3x1xf32>
  return %0 : tensor<1x5x3x1xf32>
}

// -----

func.func @nearest_i16(%arg0: tensor<1x4x5x2xi16>) -> tensor<1x8x10x2xi16> {
  %scale = tosa.const_shape {values = dense<[16, 8, 20, 10]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[-4, -5]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[4, 5]> : tensor<2xindex>} : () -> !tosa.shape<2>
  // expected-remark @below {{tosa.resize not converted to interp: NEAREST_NEIGHBOR from i16 to i16 has no interp equivalent}}
  %0 = tosa.resize %arg0, %scale, %offset, %border {mode = NEAREST_NEIGHBOR} : (tensor<1x4x5x2xi16>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x8x10x2xi16>
  return %0 : tensor<1x8x10x2xi16>
}

// -----

func.func @nearest_i8_to_i32(%arg0: tensor<1x4x5x2xi8>) -> tensor<1x8x10x2xi32> {
  %scale = tosa.const_shape {values = dense<[16, 8, 20, 10]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[-4, -5]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[4, 5]> : tensor<2xindex>} : () -> !tosa.shape<2>
  // expected-remark @below {{tosa.resize not converted to interp: NEAREST_NEIGHBOR from i8 to i32 has no interp equivalent}}
  %0 = tosa.resize %arg0, %scale, %offset, %border {mode = NEAREST_NEIGHBOR} : (tensor<1x4x5x2xi8>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x8x10x2xi32>
  return %0 : tensor<1x8x10x2xi32>
}

// -----

func.func @bilinear_not_finite(%arg0: tensor<1x4x5x2xf32>) -> tensor<1x4x9x2xf32> {
  %scale = tosa.const_shape {values = dense<[1, 1, 8, 4]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[0, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[0, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  // expected-remark @below {{tosa.resize not converted to interp: float BILINEAR multiplies both neighbours even with weight 0, so an infinite or NaN neighbour makes NaN where interp reads only what it needs: equal only for finite data (option assume-finite)}}
  %0 = tosa.resize %arg0, %scale, %offset, %border {mode = BILINEAR} : (tensor<1x4x5x2xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x4x9x2xf32>
  return %0 : tensor<1x4x9x2xf32>
}

// -----

func.func @bilinear_clamped(%arg0: tensor<1x4x5x2xf32>) -> tensor<1x8x10x2xf32> {
  %scale = tosa.const_shape {values = dense<[16, 8, 20, 10]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[-4, -5]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[4, 5]> : tensor<2xindex>} : () -> !tosa.shape<2>
  // expected-remark @below {{tosa.resize not converted to interp: BILINEAR blends a sample with itself along H (a coordinate before the first or after the last sample): v * (1 - dx) + v * dx is not v in floating point}}
  %0 = tosa.resize %arg0, %scale, %offset, %border {mode = BILINEAR} : (tensor<1x4x5x2xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x8x10x2xf32>
  return %0 : tensor<1x8x10x2xf32>
}

// -----

func.func @bilinear_i8_negative(%arg0: tensor<1x3x3x2xi8>) -> tensor<1x6x3x2xi32> {
  %scale = tosa.const_shape {values = dense<[2, 1, 1, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[-1, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[0, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  // expected-remark @below {{tosa.resize not converted to interp: integer BILINEAR at a negative coordinate along H: the lowering's truncating division extrapolates}}
  %0 = tosa.resize %arg0, %scale, %offset, %border {mode = BILINEAR} : (tensor<1x3x3x2xi8>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x6x3x2xi32>
  return %0 : tensor<1x6x3x2xi32>
}

// -----

func.func @bilinear_i16(%arg0: tensor<1x4x5x2xi16>) -> tensor<1x7x9x2xi48> {
  %scale = tosa.const_shape {values = dense<[6, 3, 8, 4]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[0, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[0, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  // expected-remark @below {{tosa.resize not converted to interp: BILINEAR from i16 to i48 has no interp equivalent}}
  %0 = tosa.resize %arg0, %scale, %offset, %border {mode = BILINEAR} : (tensor<1x4x5x2xi16>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x7x9x2xi48>
  return %0 : tensor<1x7x9x2xi48>
}

// -----

func.func @converted_no_remark(%arg0: tensor<1x4x5x2xf32>) -> tensor<1x8x10x2xf32> {
  %scale = tosa.const_shape {values = dense<[16, 8, 20, 10]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[-4, -5]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[4, 5]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = tosa.resize %arg0, %scale, %offset, %border {mode = NEAREST_NEIGHBOR} : (tensor<1x4x5x2xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x8x10x2xf32>
  return %0 : tensor<1x8x10x2xf32>
}

// -----

func.func @dynamic_width(%arg0: tensor<1x4x?x2xf32>) -> tensor<1x8x?x2xf32> {
  %scale = tosa.const_shape {values = dense<[16, 8, 2, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[-4, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[4, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  // expected-remark @below {{tosa.resize not converted to interp: H or W is dynamic: the rule compares tables built at compile time}}
  %0 = tosa.resize %arg0, %scale, %offset, %border {mode = NEAREST_NEIGHBOR} : (tensor<1x4x?x2xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x8x?x2xf32>
  return %0 : tensor<1x8x?x2xf32>
}
