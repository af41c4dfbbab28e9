// .npy in, .npy out: inputs are made with NumPy, the results are read back
// with NumPy and compared with values NumPy computes on its own (np.repeat
// for nearest, np.interp one axis at a time for linear_onnx; see
// Inputs/npytool.py).
//
// RUN: rm -rf %t && mkdir -p %t

// linear_onnx, half_pixel, scales [2, 2], dynamic spatial dims: the .npy
// shape 1x1x3x5 fills the '?'s; the result is 1x1x6x10.
// RUN: %npytool save %t/x.npy float32 1x1x3x5 "np.arange(15) * 0.5 - 3"
// RUN: interp-run %s --function=bilinear --input=%t/x.npy -o %t/bilinear --check | FileCheck %s --check-prefix=BILINEAR
// RUN: %npytool expect %t/bilinear/result0.npy "interp_axis(interp_axis(x, 2, half_pixel(3, 6)), 3, half_pixel(5, 10))" --dtype float32 --load x=%t/x.npy --atol 1e-6 | FileCheck %s --check-prefix=MATCH
// RUN: %npytool expect %t/bilinear/reference0.npy "interp_axis(interp_axis(x, 2, half_pixel(3, 6)), 3, half_pixel(5, 10))" --dtype float32 --load x=%t/x.npy --atol 1e-6 | FileCheck %s --check-prefix=MATCH
// BILINEAR:      argument 0: shape=1x1x3x5 dtype=f32 elements=15 sum=7.5 min=-3 max=4 {{.*}} source={{.*}}x.npy
// BILINEAR-NEXT: function @bilinear: 1 argument(s), 1 result(s)
// BILINEAR-NEXT: result 0: shape=1x1x6x10 dtype=f32 elements=60
// BILINEAR-NEXT: wrote {{.*}}bilinear{{/|\\}}result0.npy
// BILINEAR-NEXT: check result 0: compared=60 {{.*}} mismatches=0 ok
// BILINEAR-NEXT: wrote {{.*}}bilinear{{/|\\}}reference0.npy
// BILINEAR-NEXT: check passed
// MATCH: match: float32 1x1x6x10
func.func @bilinear(%x: tensor<1x1x?x?xf32>) -> tensor<1x1x?x?xf32> {
  %sizes = arith.constant dense<[1, 1]> : tensor<2xi64>
  %scales = arith.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %axes = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %sizes, %scales, %axes
         {mode = linear_onnx, shape_calculation_mode = scales}
       : (tensor<1x1x?x?xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x1x?x?xf32>
  return %r : tensor<1x1x?x?xf32>
}

// f64, align_corners, sizes [7, 5] from a 4x4 input: input coordinates
// x * 3 / 6 and x * 3 / 4.
// RUN: %npytool save %t/d.npy float64 2x3x4x4 "np.sin(np.arange(96))"
// RUN: interp-run %s --function=align --input=%t/d.npy -o %t/align --check | FileCheck %s --check-prefix=ALIGN
// RUN: %npytool expect %t/align/result0.npy "interp_axis(interp_axis(d, 2, align_corners(4, 7)), 3, align_corners(4, 5))" --dtype float64 --load d=%t/d.npy --atol 1e-12 | FileCheck %s --check-prefix=ALIGN-MATCH
// ALIGN:       result 0: shape=2x3x7x5 dtype=f64 elements=210
// ALIGN:       check result 0: compared=210 {{.*}} tolerance=1e-09,1e-09 mismatches=0 ok
// ALIGN-MATCH: match: float64 2x3x7x5
func.func @align(%x: tensor<2x3x4x4xf64>) -> tensor<2x3x7x5xf64> {
  %sizes = arith.constant dense<[7, 5]> : tensor<2xi64>
  %scales = arith.constant dense<[1.0, 1.0]> : tensor<2xf32>
  %axes = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %sizes, %scales, %axes
         {mode = linear_onnx, shape_calculation_mode = sizes,
          coordinate_transformation_mode = align_corners}
       : (tensor<2x3x4x4xf64>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<2x3x7x5xf64>
  return %r : tensor<2x3x7x5xf64>
}

// nearest, asymmetric, floor, scale 2: every element repeated twice along
// both axes, for ui8, i8, i32, i64, f16 and bf16 (bf16 travels as its uint16
// bits, '<u2').
// RUN: %npytool save %t/u8.npy uint8 1x2x3 "np.arange(6) * 50"
// RUN: %npytool save %t/i8.npy int8 1x2x3 "[-128, -1, 0, 1, 100, 127]"
// RUN: %npytool save %t/i32.npy int32 1x2x3 "[-2147483648, -7, 0, 7, 65536, 2147483647]"
// RUN: %npytool save %t/i64.npy int64 1x2x3 "[-2**62, -7, 0, 7, 2**40, 2**62]"
// RUN: %npytool save %t/f16.npy float16 1x2x3 "[-65504, -0.1, 0, 0.1, 1.5, 65504]"
// RUN: %npytool save %t/bf16.npy uint16 1x2x3 "[0x3f80, 0xbf80, 0x0000, 0x4049, 0x7f80, 0xc2f7]"
// RUN: interp-run %s --function=repeat --input=%t/u8.npy --input=%t/i8.npy --input=%t/i32.npy --input=%t/i64.npy --input=%t/f16.npy --input=%t/bf16.npy -o %t/repeat --check | FileCheck %s --check-prefix=REPEAT
// RUN: %npytool expect %t/repeat/result0.npy "np.repeat(np.repeat(a, 2, axis=1), 2, axis=2)" --dtype uint8 --load a=%t/u8.npy | FileCheck %s --check-prefix=REPEAT-MATCH
// RUN: %npytool expect %t/repeat/result1.npy "np.repeat(np.repeat(a, 2, axis=1), 2, axis=2)" --dtype int8 --load a=%t/i8.npy | FileCheck %s --check-prefix=REPEAT-MATCH
// RUN: %npytool expect %t/repeat/result2.npy "np.repeat(np.repeat(a, 2, axis=1), 2, axis=2)" --dtype int32 --load a=%t/i32.npy | FileCheck %s --check-prefix=REPEAT-MATCH
// RUN: %npytool expect %t/repeat/result3.npy "np.repeat(np.repeat(a, 2, axis=1), 2, axis=2)" --dtype int64 --load a=%t/i64.npy | FileCheck %s --check-prefix=REPEAT-MATCH
// RUN: %npytool expect %t/repeat/result4.npy "np.repeat(np.repeat(a, 2, axis=1), 2, axis=2)" --dtype float16 --load a=%t/f16.npy | FileCheck %s --check-prefix=REPEAT-MATCH
// RUN: %npytool expect %t/repeat/result5.npy "np.repeat(np.repeat(a, 2, axis=1), 2, axis=2)" --dtype uint16 --load a=%t/bf16.npy | FileCheck %s --check-prefix=REPEAT-MATCH
// The bf16 bits are 1, -1, 0, 3.140625, inf, -123.5: each appears 4 times.
// REPEAT:      argument 5: shape=1x2x3 dtype=bf16 elements=6 sum=inf min=-123.5 max=inf
// REPEAT:      result 0: shape=1x4x6 dtype=ui8 elements=24 sum=3000 min=0 max=250
// REPEAT-NEXT: result 1: shape=1x4x6 dtype=i8 elements=24 sum=396 min=-128 max=127
// REPEAT-NEXT: result 2: shape=1x4x6 dtype=i32 elements=24 sum=262140 min=-2147483648 max=2147483647
// REPEAT-NEXT: result 3: shape=1x4x6 dtype=i64 elements=24 sum=4398046511104 min=-4611686018427387904 max=4611686018427387904
// REPEAT-NEXT: result 4: shape=1x4x6 dtype=f16 elements=24 sum=6 min=-65504 max=65504
// REPEAT-NEXT: result 5: shape=1x4x6 dtype=bf16 elements=24 sum=inf min=-123.5 max=inf
// REPEAT-COUNT-6: check result {{[0-5]}}: compared=24 max_abs_diff=0 max_rel_diff=0
// REPEAT:      check passed
// REPEAT-MATCH: match: {{u?int(8|16|32|64)|float16}} 1x4x6 max_abs_diff=0
func.func @repeat(%u8: tensor<1x2x3xui8>, %i8: tensor<1x2x3xi8>, %i32: tensor<1x2x3xi32>,
                  %i64: tensor<1x2x3xi64>, %f16: tensor<1x2x3xf16>, %bf16: tensor<1x2x3xbf16>)
    -> (tensor<1x4x6xui8>, tensor<1x4x6xi8>, tensor<1x4x6xi32>, tensor<1x4x6xi64>,
        tensor<1x4x6xf16>, tensor<1x4x6xbf16>) {
  %sizes = arith.constant dense<[4, 6]> : tensor<2xi64>
  %scales = arith.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %axes = arith.constant dense<[1, 2]> : tensor<2xi64>
  %0 = interp.interpolate_v4 %u8, %sizes, %scales, %axes
         {mode = nearest, shape_calculation_mode = scales,
          coordinate_transformation_mode = asymmetric, nearest_mode = floor}
       : (tensor<1x2x3xui8>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x4x6xui8>
  %1 = interp.interpolate_v4 %i8, %sizes, %scales, %axes
         {mode = nearest, shape_calculation_mode = scales,
          coordinate_transformation_mode = asymmetric, nearest_mode = floor}
       : (tensor<1x2x3xi8>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x4x6xi8>
  %2 = interp.interpolate_v4 %i32, %sizes, %scales, %axes
         {mode = nearest, shape_calculation_mode = scales,
          coordinate_transformation_mode = asymmetric, nearest_mode = floor}
       : (tensor<1x2x3xi32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x4x6xi32>
  %3 = interp.interpolate_v4 %i64, %sizes, %scales, %axes
         {mode = nearest, shape_calculation_mode = scales,
          coordinate_transformation_mode = asymmetric, nearest_mode = floor}
       : (tensor<1x2x3xi64>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x4x6xi64>
  %4 = interp.interpolate_v4 %f16, %sizes, %scales, %axes
         {mode = nearest, shape_calculation_mode = scales,
          coordinate_transformation_mode = asymmetric, nearest_mode = floor}
       : (tensor<1x2x3xf16>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x4x6xf16>
  %5 = interp.interpolate_v4 %bf16, %sizes, %scales, %axes
         {mode = nearest, shape_calculation_mode = scales,
          coordinate_transformation_mode = asymmetric, nearest_mode = floor}
       : (tensor<1x2x3xbf16>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x4x6xbf16>
  return %0, %1, %2, %3, %4, %5 : tensor<1x4x6xui8>, tensor<1x4x6xi8>, tensor<1x4x6xi32>,
                                  tensor<1x4x6xi64>, tensor<1x4x6xf16>, tensor<1x4x6xbf16>
}

// sizes come from an argument (an int32 .npy): the reference reads the
// values it was given, and the shape is known only at run time. Sizes mode
// with half_pixel: the scale is out / in, 3 / 2 and 5 / 2. A tensor.cast
// and the input itself are returned too.
// RUN: %npytool save %t/small.npy float32 1x1x2x2 "[1, 2, 3, 4]"
// RUN: %npytool save %t/sizes.npy int32 2 "[3, 5]"
// RUN: interp-run %s --function=runtime_sizes --input=%t/small.npy --input=%t/sizes.npy -o %t/sizes --check | FileCheck %s --check-prefix=SIZES
// RUN: %npytool expect %t/sizes/result0.npy "interp_axis(interp_axis(x, 2, half_pixel(2, 3)), 3, half_pixel(2, 5))" --dtype float32 --load x=%t/small.npy --atol 1e-6 | FileCheck %s --check-prefix=SIZES-MATCH
// RUN: %npytool expect %t/sizes/result1.npy "x" --dtype float32 --load x=%t/small.npy | FileCheck %s --check-prefix=IDENTITY
// RUN: %npytool expect %t/sizes/result2.npy "x" --dtype float32 --load x=%t/small.npy | FileCheck %s --check-prefix=IDENTITY
// SIZES:       argument 1: shape=2 dtype=i32 elements=2 sum=8 min=3 max=5
// SIZES:       result 0: shape=1x1x3x5 dtype=f32 elements=15
// SIZES-NEXT:  result 1: shape=1x1x2x2 dtype=f32 elements=4 sum=10
// SIZES-NEXT:  result 2: shape=1x1x2x2 dtype=f32 elements=4 sum=10
// SIZES:       check result 0: compared=15 {{.*}} ok
// SIZES-NEXT:  wrote
// SIZES-NEXT:  check result 1: compared=4 max_abs_diff=0 {{.*}} ok
// SIZES-NEXT:  wrote
// SIZES-NEXT:  check result 2: compared=4 max_abs_diff=0 {{.*}} ok
// SIZES-MATCH: match: float32 1x1x3x5
// IDENTITY:  match: float32 1x1x2x2 max_abs_diff=0
func.func @runtime_sizes(%x: tensor<1x1x2x2xf32>, %sizes: tensor<2xi32>)
    -> (tensor<?x?x?x?xf32>, tensor<1x1x?x2xf32>, tensor<1x1x2x2xf32>) {
  %scales = arith.constant dense<[1.0, 1.0]> : tensor<2xf32>
  %axes = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %sizes, %scales, %axes
         {mode = linear_onnx, shape_calculation_mode = sizes}
       : (tensor<1x1x2x2xf32>, tensor<2xi32>, tensor<2xf32>, tensor<2xi64>) -> tensor<?x?x?x?xf32>
  %c = tensor.cast %x : tensor<1x1x2x2xf32> to tensor<1x1x?x2xf32>
  return %r, %c, %x : tensor<?x?x?x?xf32>, tensor<1x1x?x2xf32>, tensor<1x1x2x2xf32>
}
