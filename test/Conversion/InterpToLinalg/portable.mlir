// RUN: interp-opt %s --split-input-file --convert-interp-to-linalg=portable | FileCheck %s
// RUN: interp-opt %s --split-input-file --convert-interp-to-linalg | FileCheck %s --check-prefix=DEFAULT

// Run-time sizes: the checks are cf.assert of the conditions, the tables are
// computed by linalg.generic ops (a 0-d one sizes antialias's windows); no
// call of libinterp_runtime is left.
// CHECK-LABEL: func.func @runtime_tables
// CHECK-NOT: call
// CHECK: cf.assert %{{.*}}, "interp: invalid run-time operands: 'sizes' must have one element per axis (2) (shape-length)"
// CHECK: cf.assert %{{.*}}, "interp: invalid run-time operands: output dimension 2 must be in [0, 281474976710656] (sizes-sign, output-dims)"
// CHECK: cf.assert %{{.*}}, "interp: invalid run-time operands: output dimension 2 must be in [0, 281474976710656] (output-dims), and empty when the padded input dimension 2 is empty (empty-axis)"
// CHECK: linalg.generic {indexing_maps = [#{{.*}}], iterator_types = []} outs(%{{.*}} : tensor<i64>)
// CHECK: math.ceil
// CHECK: tensor.extract %{{.*}}[] : tensor<i64>
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]{{.*}} outs(%{{.*}}, %{{.*}} : tensor<?x?xi64>, tensor<?x?xf64>)
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
// CHECK-NOT: call
// CHECK-NOT: unrealized_conversion_cast
// CHECK: return
// DEFAULT-LABEL: func.func @runtime_tables
// DEFAULT: call @interp_check_operand_length
// DEFAULT: call @interp_axis_table_fill_f32
func.func @runtime_tables(%x: tensor<1x3x?x?xf32>, %sizes: tensor<?xi64>) -> tensor<1x3x?x?xf32> {
  %scales = arith.constant dense<[1.0, 1.0]> : tensor<2xf32>
  %axes = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %sizes, %scales, %axes {mode = linear, shape_calculation_mode = sizes, antialias = true}
       : (tensor<1x3x?x?xf32>, tensor<?xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x3x?x?xf32>
  return %r : tensor<1x3x?x?xf32>
}

// -----

// Unsigned data crosses to signless arith by tensor.bitcast of the operand
// and the result, and is still read as unsigned: the gathering pass's table
// of the 256 values ends with 255 (0x437F0000), not -1; fptoui stores.
// CHECK-LABEL: func.func @unsigned
// CHECK: tensor.bitcast %{{.*}} : tensor<1x3x4x4xui8> to tensor<1x3x4x4xi8>
// CHECK: arith.constant dense<"0x000000000000803F{{[0-9A-F]*}}00007F43"> : tensor<256xf32>
// CHECK: arith.fptoui
// CHECK: tensor.bitcast %{{.*}} : tensor<1x3x8x8xi8> to tensor<1x3x8x8xui8>
// CHECK-NOT: unrealized_conversion_cast
// DEFAULT-LABEL: func.func @unsigned
// DEFAULT: unrealized_conversion_cast
func.func @unsigned(%x: tensor<1x3x4x4xui8>) -> tensor<1x3x8x8xui8> {
  %sizes = arith.constant dense<[8, 8]> : tensor<2xi64>
  %scales = arith.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %axes = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %sizes, %scales, %axes {mode = linear_onnx, shape_calculation_mode = sizes}
       : (tensor<1x3x4x4xui8>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x3x8x8xui8>
  return %r : tensor<1x3x8x8xui8>
}

// -----

// Nearest x2: the default copies through the output map (d0, d1, 2 d2 + d3)
// (not a projected permutation); the portable form gathers through the
// constant table with an identity output map.
// (The maps are printed as aliases before the function.)
// CHECK-NOT: * 2 +
// CHECK-LABEL: func.func @nearest_x2
// CHECK: tensor.extract
// DEFAULT: = affine_map<(d0, d1, d2, d3) -> (d0 * 2 + d1, d2 * 2 + d3)>
// DEFAULT-LABEL: func.func @nearest_x2
func.func @nearest_x2(%x: tensor<2x16xf32>) -> tensor<4x32xf32> {
  %sizes = arith.constant dense<[4, 32]> : tensor<2xi64>
  %scales = arith.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %axes = arith.constant dense<[0, 1]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %sizes, %scales, %axes {mode = nearest, shape_calculation_mode = sizes, coordinate_transformation_mode = asymmetric, nearest_mode = floor}
       : (tensor<2x16xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<4x32xf32>
  return %r : tensor<4x32xf32>
}

// -----

// Three linear_onnx axes: the default fuses the outer one in an scf.forall;
// the portable form has none.
// CHECK-LABEL: func.func @three_axes
// CHECK-NOT: scf.forall
// CHECK: return
// DEFAULT-LABEL: func.func @three_axes
// DEFAULT: scf.forall
func.func @three_axes(%x: tensor<1x8x32x64x64xf32>) -> tensor<1x8x64x128x128xf32> {
  %sizes = arith.constant dense<[64, 128, 128]> : tensor<3xi64>
  %scales = arith.constant dense<[2.0, 2.0, 2.0]> : tensor<3xf32>
  %axes = arith.constant dense<[2, 3, 4]> : tensor<3xi64>
  %r = interp.interpolate_v4 %x, %sizes, %scales, %axes {mode = linear_onnx, shape_calculation_mode = sizes}
       : (tensor<1x8x32x64x64xf32>, tensor<3xi64>, tensor<3xf32>, tensor<3xi64>) -> tensor<1x8x64x128x128xf32>
  return %r : tensor<1x8x64x128x128xf32>
}

// -----

// PyTorch's arithmetic with run-time lengths: each axis's precision comes
// from the largest of its normalized weights, so the computed tables are
// normalized in f64, reduced to their largest (a 0-d reduction), turned
// into the precision (bits, i32, and 2^bits, f64, in a 0-d generic) and
// quantized; the bits are the pass's shift. The default lowering asks the
// runtime library, which returns the bits.
// CHECK-LABEL: func.func @pytorch_runtime_tables
// CHECK: %[[LARGEST:.*]] = linalg.generic {{.*}}iterator_types = ["reduction", "reduction"]{{.*}} outs(%{{.*}} : tensor<f64>)
// CHECK: %[[PRECISION:.*]]:2 = linalg.generic {{.*}}ins(%[[LARGEST]] : tensor<f64>) outs({{.*}} : tensor<i32>, tensor<f64>)
// CHECK: linalg.generic {{.*}}ins(%{{.*}}, %[[PRECISION]]#1 : tensor<?x?xf64>, tensor<f64>) outs(%{{.*}} : tensor<?x?xi32>)
// CHECK: %[[BITS:.*]] = tensor.extract %[[PRECISION]]#0[] : tensor<i32>
// CHECK: arith.shrsi %{{.*}}, %[[BITS]] : i32
// DEFAULT-LABEL: func.func @pytorch_runtime_tables
// DEFAULT: %[[BITS:.*]] = func.call @interp_axis_table_fill_torch_i32
// DEFAULT-NOT: outs(%{{.*}} : tensor<f64>)
func.func @pytorch_runtime_tables(%x: tensor<?x?xui8>, %s: tensor<2xi64>) -> tensor<?x?xui8> {
  %r = interp.interpolate_v11 %x, %s {mode = bilinear_pillow, shape_calculation_mode = sizes, integer_arithmetic = pytorch}
     : (tensor<?x?xui8>, tensor<2xi64>) -> tensor<?x?xui8>
  return %r : tensor<?x?xui8>
}
