// RUN: interp-opt %s --interp-to-llvm | FileCheck %s

// A channel-vector pass whose output rows are shorter than one block of
// four outputs takes no block loop: the block's vector write into a 1-long
// row (whose subview may take a dynamic stride) did not lower
// (torch_uint8_exact cases 10 and 207: dynamic NCHW to width 1).
// CHECK-LABEL: llvm.func @nchw_to_one_column
// CHECK-NOT: unrealized_conversion_cast
// CHECK: llvm.return
func.func @nchw_to_one_column(%x: tensor<?x?x?x?xui8>) -> tensor<?x?x?x?xui8> {
  %s = arith.constant dense<[3, 1]> : tensor<2xi64>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %s, %a {mode = bilinear_pillow, shape_calculation_mode = sizes}
     : (tensor<?x?x?x?xui8>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?x?x?xui8>
  return %r : tensor<?x?x?x?xui8>
}
