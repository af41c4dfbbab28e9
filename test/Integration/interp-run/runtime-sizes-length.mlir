// A `sizes` operand of dynamic length is checked at run time against the
// number of axes before it is read: here the axes default to all 4
// dimensions but the .npy holds 2 sizes.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %npytool save %t/sizes.npy int8 2 "[3, 5]"
// RUN: not interp-run %s --input=random --input=%t/sizes.npy 2>&1 | FileCheck %s
// CHECK: interp: invalid run-time operands: 'sizes' has 2 elements but there are 4 axes
func.func @main(%x: tensor<1x1x2x2xf32>, %sizes: tensor<?xi8>) -> tensor<?x?x?x?xf32> {
  %scales = arith.constant dense<[1.0, 1.0, 1.0, 1.0]> : tensor<4xf32>
  %r = interp.interpolate_v4 %x, %sizes, %scales
         {mode = linear, shape_calculation_mode = sizes}
       : (tensor<1x1x2x2xf32>, tensor<?xi8>, tensor<4xf32>) -> tensor<?x?x?x?xf32>
  return %r : tensor<?x?x?x?xf32>
}
