// The kernel of examples/host/host.c: linear_onnx (asymmetric) on H and W
// with the sizes given at run time, into a result type whose H and W the
// caller promised to be 8. Sizes other than [8, 8] fail the run-time check
// of the static result dimensions.
func.func @resize(%x: tensor<1x1x4x4xf32>, %sizes: tensor<2xi64>) -> tensor<1x1x8x8xf32>
    attributes {llvm.emit_c_interface} {
  %scales = arith.constant dense<[1.0, 1.0]> : tensor<2xf32>
  %axes = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %sizes, %scales, %axes
         {mode = linear_onnx, shape_calculation_mode = sizes, coordinate_transformation_mode = asymmetric}
       : (tensor<1x1x4x4xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x1x8x8xf32>
  return %r : tensor<1x1x8x8xf32>
}

// The same resize with a dynamic result: the sizes decide the shape, and
// sizes too large for the process's memory fail before anything is
// allocated.
func.func @resize_dynamic(%x: tensor<1x1x4x4xf32>, %sizes: tensor<2xi64>) -> tensor<1x1x?x?xf32>
    attributes {llvm.emit_c_interface} {
  %scales = arith.constant dense<[1.0, 1.0]> : tensor<2xf32>
  %axes = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %sizes, %scales, %axes
         {mode = linear_onnx, shape_calculation_mode = sizes, coordinate_transformation_mode = asymmetric}
       : (tensor<1x1x4x4xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x1x?x?xf32>
  return %r : tensor<1x1x?x?xf32>
}
