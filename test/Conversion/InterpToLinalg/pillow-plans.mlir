// RUN: interp-opt %s -split-input-file --interp-annotate-plans | FileCheck %s

// The pass order of the Pillow modes (docs/Semantics.md, "Interpolate-11").
// On 8-bit data it is Pillow 13.0's: the vertical pass (the op's first axis,
// position 0) first when (H - OH) > 0 and (H - OH) > 2 (W - OW), otherwise
// the horizontal one; with run-time lengths the rule runs with the code.
// Float data always runs the horizontal pass first.

// H shrinks by 24, W grows: vertical first.
// CHECK-LABEL: func.func @vertical_first_u8
// CHECK: interp.plan = {channel_vector = [1], kind = "separable", order = [0, 1], store_every_pass = true,
func.func @vertical_first_u8(%x: tensor<1x3x48x80xui8>) -> tensor<1x3x24x160xui8> {
  %s = arith.constant dense<[24, 160]> : tensor<2xi64>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %s, %a {mode = bicubic_pillow, shape_calculation_mode = sizes}
     : (tensor<1x3x48x80xui8>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x3x24x160xui8>
  return %r : tensor<1x3x24x160xui8>
}

// -----

// H shrinks by 20 = 2 x W's 10: not more than twice, horizontal first.
// CHECK-LABEL: func.func @horizontal_first_at_the_bound_i8
// CHECK: interp.plan = {channel_vector = [1], kind = "separable", order = [1, 0], store_every_pass = true,
func.func @horizontal_first_at_the_bound_i8(%x: tensor<40x30xi8>) -> tensor<20x20xi8> {
  %s = arith.constant dense<[20, 20]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %s {mode = bilinear_pillow, shape_calculation_mode = sizes}
     : (tensor<40x30xi8>, tensor<2xi64>) -> tensor<20x20xi8>
  return %r : tensor<20x20xi8>
}

// -----

// H shrinks by 21 > 2 x 10: vertical first.
// CHECK-LABEL: func.func @vertical_first_past_the_bound_i8
// CHECK: interp.plan = {channel_vector = [1], kind = "separable", order = [0, 1], store_every_pass = true,
func.func @vertical_first_past_the_bound_i8(%x: tensor<41x30xi8>) -> tensor<20x20xi8> {
  %s = arith.constant dense<[20, 20]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %s {mode = bilinear_pillow, shape_calculation_mode = sizes}
     : (tensor<41x30xi8>, tensor<2xi64>) -> tensor<20x20xi8>
  return %r : tensor<20x20xi8>
}

// -----

// The same shape in f32: horizontal first, the intermediate in f32.
// CHECK-LABEL: func.func @horizontal_first_f32
// CHECK: interp.plan = {kind = "separable", order = [1, 0], store_every_pass = false,
func.func @horizontal_first_f32(%x: tensor<41x30xf32>) -> tensor<20x20xf32> {
  %s = arith.constant dense<[20, 20]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %s {mode = bilinear_pillow, shape_calculation_mode = sizes}
     : (tensor<41x30xf32>, tensor<2xi64>) -> tensor<20x20xf32>
  return %r : tensor<20x20xf32>
}

// -----

// Run-time lengths: the order is decided when the code runs. The vertical
// pass's run-time tap loop runs per output row (rows of W x 3 elements).
// CHECK-LABEL: func.func @order_at_run_time_u8
// CHECK: interp.plan = {channel_vector = [1], kind = "separable", order = [1, 0], order_at_run_time = true, row_tap_loops = [0], store_every_pass = true,
func.func @order_at_run_time_u8(%x: tensor<?x?x3xui8>, %s: tensor<2xi64>) -> tensor<?x?x3xui8> {
  %a = arith.constant dense<[0, 1]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %s, %a {mode = bilinear_pillow, shape_calculation_mode = sizes}
     : (tensor<?x?x3xui8>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?x3xui8>
  return %r : tensor<?x?x3xui8>
}

// -----

// A printed plan pins itself, order_at_run_time included.
// CHECK-LABEL: func.func @pinned_round_trip
// CHECK: interp.plan = {channel_vector = [1], kind = "separable", order = [1, 0], order_at_run_time = true, row_tap_loops = [0], store_every_pass = true,
func.func @pinned_round_trip(%x: tensor<?x?x3xui8>, %s: tensor<2xi64>) -> tensor<?x?x3xui8> {
  %a = arith.constant dense<[0, 1]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %s, %a {interp.plan = {kind = "separable", order_at_run_time = true, store_every_pass = true}, mode = bilinear_pillow, shape_calculation_mode = sizes}
     : (tensor<?x?x3xui8>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?x3xui8>
  return %r : tensor<?x?x3xui8>
}
