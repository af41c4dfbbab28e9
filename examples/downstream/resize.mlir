func.func @main(%x: tensor<1x3x8x8xui8>) -> tensor<1x3x4x6xui8> {
  %s = arith.constant dense<[4, 6]> : tensor<2xi64>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %s, %a {mode = bicubic_pillow, shape_calculation_mode = sizes}
       : (tensor<1x3x8x8xui8>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x3x4x6xui8>
  return %r : tensor<1x3x4x6xui8>
}
