// Kernels the thread-safety test calls from several host threads at once:
// static tables, run-time tables (the runtime library builds them on every
// call) and, compiled a second time with OpenMP, the same kernels again.
func.func @static_linear(%x: tensor<1x3x20x30xf32>) -> tensor<1x3x40x60xf32>
    attributes {llvm.emit_c_interface} {
  %s = arith.constant dense<[40, 60]> : tensor<2xi64>
  %c = arith.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = linear_onnx, shape_calculation_mode = sizes}
       : (tensor<1x3x20x30xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x3x40x60xf32>
  return %r : tensor<1x3x40x60xf32>
}

func.func @dynamic_cubic(%x: tensor<1x3x?x?xf32>, %s: tensor<2xi64>) -> tensor<1x3x?x?xf32>
    attributes {llvm.emit_c_interface} {
  %c = arith.constant dense<[1.0, 1.0]> : tensor<2xf32>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = cubic, shape_calculation_mode = sizes}
       : (tensor<1x3x?x?xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x3x?x?xf32>
  return %r : tensor<1x3x?x?xf32>
}

func.func @fused_ui8(%x: tensor<2x4x8x8xui8>) -> tensor<2x4x16x16xui8>
    attributes {llvm.emit_c_interface} {
  %s = arith.constant dense<[16, 16]> : tensor<2xi64>
  %c = arith.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = linear_onnx, shape_calculation_mode = sizes}
       : (tensor<2x4x8x8xui8>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<2x4x16x16xui8>
  return %r : tensor<2x4x16x16xui8>
}
