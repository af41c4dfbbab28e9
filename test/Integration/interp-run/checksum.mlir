// Checksum, value printing and --check on a case computed by hand.
//
// RUN: interp-run %s --print-values | FileCheck %s
// RUN: interp-run %s --check | FileCheck %s --check-prefix=CHECKED
// RUN: interp-run %s --function=nearest --print-values | FileCheck %s --check-prefix=NEAREST

// linear_onnx, half_pixel, [[1, 2], [3, 4]] -> 4x4. Along each axis the
// output coordinates x = 0..3 map to (x + 0.5) / 2 - 0.5 = -0.25, 0.25,
// 0.75, 1.25, clamped by linear_onnx to 0, 0.25, 0.75, 1, so a row [a, b]
// becomes [a, 0.75a + 0.25b, 0.25a + 0.75b, b]:
//   [1, 2] -> [1, 1.25, 1.75, 2]    and the columns likewise:
//   rows 1, 1.5, 2.5, 3 (+0, +0.25, +0.75, +1 across).
// Each output row sums to 2(a + b), so the total is 2 * 2 * (1+2+3+4) = 40.
// fnv1a64 of the 64 float32 bytes (row-major, little-endian) of that 4x4
// array, computed with Python: 6ea2b59bf88749a8.
//
// CHECK:      function @main: 0 argument(s), 1 result(s)
// CHECK-NEXT: result 0: shape=1x1x4x4 dtype=f32 elements=16 sum=40 min=1 max=4 fnv1a64=6ea2b59bf88749a8
// CHECK-NEXT:   [0, 0, 0, :] 1 1.25 1.75 2
// CHECK-NEXT:   [0, 0, 1, :] 1.5 1.75 2.25 2.5
// CHECK-NEXT:   [0, 0, 2, :] 2.5 2.75 3.25 3.5
// CHECK-NEXT:   [0, 0, 3, :] 3 3.25 3.75 4
// CHECK-NOT:  check

// CHECKED:      result 0: shape=1x1x4x4 dtype=f32 elements=16 sum=40
// CHECKED-NEXT: check result 0: compared=16 max_abs_diff=0 max_rel_diff=0 tolerance=8e-05,4e-05 mismatches=0 ok
// CHECKED-NEXT: check passed
func.func @main() -> tensor<1x1x4x4xf32> {
  %data = arith.constant dense<[[[[1.0, 2.0], [3.0, 4.0]]]]> : tensor<1x1x2x2xf32>
  %sizes = arith.constant dense<[4, 4]> : tensor<2xi64>
  %scales = arith.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %axes = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %data, %sizes, %scales, %axes
         {mode = linear_onnx, shape_calculation_mode = sizes}
       : (tensor<1x1x2x2xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x1x4x4xf32>
  return %r : tensor<1x1x4x4xf32>
}

// nearest, asymmetric, floor, i32, [10, 20, 30] -> 6 along the only axis:
// input index floor(x / 2) = 0, 0, 1, 1, 2, 2. Sum 2 * 60 = 120.
// NEAREST:      result 0: shape=6 dtype=i32 elements=6 sum=120 min=10 max=30
// NEAREST-NEXT:   [:] 10 10 20 20 30 30
func.func @nearest() -> tensor<6xi32> {
  %data = arith.constant dense<[10, 20, 30]> : tensor<3xi32>
  %sizes = arith.constant dense<[6]> : tensor<1xi64>
  %scales = arith.constant dense<[2.0]> : tensor<1xf32>
  %r = interp.interpolate_v4 %data, %sizes, %scales
         {mode = nearest, shape_calculation_mode = sizes,
          coordinate_transformation_mode = asymmetric, nearest_mode = floor}
       : (tensor<3xi32>, tensor<1xi64>, tensor<1xf32>) -> tensor<6xi32>
  return %r : tensor<6xi32>
}
