func.func @v11_element_type(%x: tensor<4x4xf32>, %s: tensor<2xi64>) {
  %0 = interp.interpolate_v11 %x, %s {mode = nearest, shape_calculation_mode = sizes} : (tensor<4x4xf32>, tensor<2xi64>) -> tensor<?x?xf16>
  return
}
