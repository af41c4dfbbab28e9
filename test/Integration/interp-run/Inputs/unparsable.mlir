// Not valid MLIR syntax: used by errors.mlir.
func.func @main(%x: tensor<2xf32> -> tensor<2xf32> {
  return %x : tensor<2xf32>
}
