// Parses but does not verify (axes must be strictly increasing): used by
// errors.mlir.
func.func @main(%x: tensor<1x2x4x4xf32>, %t: tensor<2xi64>) -> tensor<1x2x?x?xf32> {
  %r = interp.interpolate_v1 %x, %t {axes = array<i64: 3, 2>, mode = linear}
       : (tensor<1x2x4x4xf32>, tensor<2xi64>) -> tensor<1x2x?x?xf32>
  return %r : tensor<1x2x?x?xf32>
}
