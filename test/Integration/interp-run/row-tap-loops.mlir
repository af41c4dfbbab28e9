// Tap loops along an outer axis that run per output row (the plan's
// row_tap_loops; docs/Design.md, lowering item 13): more than 32 constant
// consecutive taps (ui8 Pillow arithmetic, f32 bicubic_pillow), run-time
// tables of a Pillow filter on an HWC image with run-time lengths (a tall and
// a wide image, for Pillow 13's rule of which pass runs first), and
// linear with antialias on NCHW with run-time lengths. Each runs on random
// data and is compared with the reference.
//
// RUN: interp-run %s --function=tall_u8 --input=random --check | FileCheck %s
// RUN: interp-run %s --function=tall_f32 --input=random --check | FileCheck %s
// RUN: interp-run %s --function=hwc_runtime --arg-shape=0=300x50x3 --input=random --check | FileCheck %s
// RUN: interp-run %s --function=hwc_runtime --arg-shape=0=45x400x3 --input=random --check | FileCheck %s
// RUN: interp-run %s --function=nchw_antialias --arg-shape=0=1x2x90x33 --input=random --check | FileCheck %s
// CHECK: mismatches=0 ok
// CHECK: check passed

func.func @tall_u8(%x: tensor<2000x40x3xui8>) -> tensor<?x?x?xui8> {
  %v = arith.constant dense<[20, 40]> : tensor<2xi64>
  %a = arith.constant dense<[0, 1]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %v, %a {mode = bilinear_pillow, shape_calculation_mode = sizes} : (tensor<2000x40x3xui8>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?x?xui8>
  return %r : tensor<?x?x?xui8>
}

func.func @tall_f32(%x: tensor<1x2000x40xf32>) -> tensor<?x?x?xf32> {
  %v = arith.constant dense<[20, 40]> : tensor<2xi64>
  %a = arith.constant dense<[1, 2]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %v, %a {mode = bicubic_pillow, shape_calculation_mode = sizes} : (tensor<1x2000x40xf32>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?x?xf32>
  return %r : tensor<?x?x?xf32>
}

func.func @hwc_runtime(%x: tensor<?x?x3xui8>) -> tensor<?x?x3xui8> {
  %v = arith.constant dense<[21, 17]> : tensor<2xi64>
  %a = arith.constant dense<[0, 1]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %v, %a {mode = bicubic_pillow, shape_calculation_mode = sizes} : (tensor<?x?x3xui8>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?x3xui8>
  return %r : tensor<?x?x3xui8>
}

func.func @nchw_antialias(%x: tensor<1x2x?x?xf32>) -> tensor<1x2x?x?xf32> {
  %v = arith.constant dense<[11, 40]> : tensor<2xi64>
  %c = arith.constant dense<[1.0, 1.0]> : tensor<2xf32>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %v, %c, %a {mode = linear, shape_calculation_mode = sizes, antialias = true} : (tensor<1x2x?x?xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x2x?x?xf32>
  return %r : tensor<1x2x?x?xf32>
}
