// An interp.plan attribute on an op pins what it names; the annotation
// replaces it with the whole plan it pins. Pins that cannot be carried out
// are diagnostics.
// RUN: interp-opt --interp-annotate-plans --split-input-file --verify-diagnostics %s | FileCheck %s
// The plan of an Interpolate-1 op is that of the Interpolate-4 op it
// legalizes to:
// RUN: interp-opt --interp-legalize-v1 --interp-annotate-plans --split-input-file --verify-diagnostics %s | FileCheck %s --check-prefix=LEGAL

// The printed plan pins itself.
// CHECK-LABEL: func.func @roundtrip
// CHECK: interp.plan = {direct_axes = [0, 1], fuse_outer_axis = false, kind = "direct", peeled = 0 : i64, tables = ["constant", "constant"], taps = [2, 2]}
func.func @roundtrip(%x: tensor<1x3x16x16xf32>) -> tensor<1x3x32x32xf32> {
  %s = arith.constant dense<[32, 32]> : tensor<2xi64>
  %c = arith.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %y = interp.interpolate_v4 %x, %s, %c, %a {mode = linear_onnx, shape_calculation_mode = sizes, interp.plan = {direct_axes = [0, 1], fuse_outer_axis = false, kind = "direct", peeled = 0 : i64, tables = ["constant", "constant"], taps = [2, 2]}}
     : (tensor<1x3x16x16xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x3x32x32xf32>
  return %y : tensor<1x3x32x32xf32>
}

// -----

// A static axis's table from the runtime library, and separable passes in
// a chosen order.
// CHECK-LABEL: func.func @pinned
// CHECK: interp.plan = {kind = "separable", order = [1, 0], store_every_pass = false, tables = ["runtime", "constant"], taps = [2, 2]}
func.func @pinned(%x: tensor<1x3x16x16xf32>) -> tensor<1x3x32x32xf32> {
  %s = arith.constant dense<[32, 32]> : tensor<2xi64>
  %c = arith.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %y = interp.interpolate_v4 %x, %s, %c, %a {mode = linear_onnx, shape_calculation_mode = sizes, interp.plan = {tables = ["runtime", "constant"], kind = "separable", order = [1, 0]}}
     : (tensor<1x3x16x16xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x3x32x32xf32>
  return %y : tensor<1x3x32x32xf32>
}

// -----

// An Interpolate-1 op is planned as the Interpolate-4 op it legalizes to.
// CHECK-LABEL: func.func @v1
// CHECK: interp.interpolate_v1 {{.*}}interp.plan = {kind = "nearest_gather", tables = ["constant", "constant"], taps = [1, 1]}
// LEGAL-LABEL: func.func @v1
// LEGAL: interp.interpolate_v4 {{.*}}interp.plan = {kind = "nearest_gather", tables = ["constant", "constant"], taps = [1, 1]}
func.func @v1(%x: tensor<1x3x16x16xf32>) -> tensor<1x3x32x32xf32> {
  %t = arith.constant dense<[32, 32]> : tensor<2xi64>
  %y = interp.interpolate_v1 %x, %t {axes = array<i64: 2, 3>, mode = nearest}
     : (tensor<1x3x16x16xf32>, tensor<2xi64>) -> tensor<1x3x32x32xf32>
  return %y : tensor<1x3x32x32xf32>
}

// -----

func.func @constant_for_dynamic(%x: tensor<1x3x?x16xf32>) -> tensor<1x3x32x32xf32> {
  // expected-error @+4 {{plan: axis 2 cannot have 'constant' tables here (the planner's choice is 'runtime')}}
  %s = arith.constant dense<[32, 32]> : tensor<2xi64>
  %c = arith.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %y = interp.interpolate_v4 %x, %s, %c, %a {mode = linear_onnx, shape_calculation_mode = sizes, interp.plan = {tables = ["constant", "constant"]}}
     : (tensor<1x3x?x16xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x3x32x32xf32>
  return %y : tensor<1x3x32x32xf32>
}

// -----

func.func @direct_kind(%x: tensor<1x3x16x16xf32>) -> tensor<1x3x32x32xf32> {
  // expected-error @+4 {{plan: 'kind' "nearest_copy" cannot be pinned here: the planner's choice is "direct", and the kinds that may replace it are "separable"}}
  %s = arith.constant dense<[32, 32]> : tensor<2xi64>
  %c = arith.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %y = interp.interpolate_v4 %x, %s, %c, %a {mode = linear_onnx, shape_calculation_mode = sizes, interp.plan = {kind = "nearest_copy"}}
     : (tensor<1x3x16x16xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x3x32x32xf32>
  return %y : tensor<1x3x32x32xf32>
}

// -----

func.func @bad_order(%x: tensor<1x3x16x16xf32>) -> tensor<1x3x32x32xf32> {
  // expected-error @+4 {{plan: 'order' must be a permutation of the positions of the axes that have a pass, [0, 1]}}
  %s = arith.constant dense<[32, 32]> : tensor<2xi64>
  %c = arith.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %y = interp.interpolate_v4 %x, %s, %c, %a {mode = linear_onnx, shape_calculation_mode = sizes, interp.plan = {kind = "separable", order = [0, 0]}}
     : (tensor<1x3x16x16xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x3x32x32xf32>
  return %y : tensor<1x3x32x32xf32>
}

// -----

func.func @derived(%x: tensor<1x3x16x16xf32>) -> tensor<1x3x32x32xf32> {
  // expected-error @+4 {{plan: 'taps' follows from the rest of the plan as [2, 2]; got [4, 4]}}
  %s = arith.constant dense<[32, 32]> : tensor<2xi64>
  %c = arith.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %y = interp.interpolate_v4 %x, %s, %c, %a {mode = linear_onnx, shape_calculation_mode = sizes, interp.plan = {taps = [4, 4]}}
     : (tensor<1x3x16x16xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x3x32x32xf32>
  return %y : tensor<1x3x32x32xf32>
}

// -----

func.func @unknown(%x: tensor<1x3x16x16xf32>) -> tensor<1x3x32x32xf32> {
  // expected-error @+4 {{plan: unknown entry 'tiles' (known: tables, taps, kind, order, direct_axes, peeled, ratios, fuse_outer_axis, store_every_pass, order_at_run_time, channel_vector, row_tap_loops, flat_rows)}}
  %s = arith.constant dense<[32, 32]> : tensor<2xi64>
  %c = arith.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %y = interp.interpolate_v4 %x, %s, %c, %a {mode = linear_onnx, shape_calculation_mode = sizes, interp.plan = {tiles = [8, 8]}}
     : (tensor<1x3x16x16xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x3x32x32xf32>
  return %y : tensor<1x3x32x32xf32>
}

// -----

func.func @pillow_order(%x: tensor<64x64xui8>) -> tensor<32x32xui8> {
  // expected-error @+3 {{plan: the pass order of a Pillow mode on integer data is part of its semantics (every pass stores) and cannot be pinned}}
  %s = arith.constant dense<[32, 32]> : tensor<2xi64>
  %a = arith.constant dense<[0, 1]> : tensor<2xi64>
  %y = interp.interpolate_v11 %x, %s, %a {mode = bilinear_pillow, shape_calculation_mode = sizes, interp.plan = {order = [0, 1]}}
     : (tensor<64x64xui8>, tensor<2xi64>, tensor<2xi64>) -> tensor<32x32xui8>
  return %y : tensor<32x32xui8>
}

// -----

// channel_vector may only list passes the planner gives the form.
func.func @channel_vector_not_planned(%x: tensor<1x20x30x3xui8>) -> tensor<1x8x11x3xui8> {
  // expected-error @+3 {{plan: 'channel_vector' must list distinct axis positions among those the planner chose for it ([1]); got [0]}}
  %s = arith.constant dense<[8, 11]> : tensor<2xi64>
  %a = arith.constant dense<[1, 2]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %s, %a {mode = bilinear_pillow, shape_calculation_mode = sizes, interp.plan = {channel_vector = [0]}}
     : (tensor<1x20x30x3xui8>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x8x11x3xui8>
  return %r : tensor<1x8x11x3xui8>
}

// -----

// flat_rows likewise: W (position 1) has only C inside it.
func.func @flat_rows_not_planned(%x: tensor<1x20x30x3xui8>) -> tensor<1x8x11x3xui8> {
  // expected-error @+3 {{plan: 'flat_rows' must list distinct axis positions among those the planner chose for it ([0]); got [1]}}
  %s = arith.constant dense<[8, 11]> : tensor<2xi64>
  %a = arith.constant dense<[1, 2]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %s, %a {mode = bilinear_pillow, shape_calculation_mode = sizes, interp.plan = {flat_rows = [1]}}
     : (tensor<1x20x30x3xui8>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x8x11x3xui8>
  return %r : tensor<1x8x11x3xui8>
}
