// The Interpolate-1 example of the OpenVINO specification: 1x2x48x80 to
// target [50, 60] on axes [2, 3], mode = linear, align_corners = false.
func.func @spec_example_v1(%data: tensor<1x2x48x80xf32>) -> tensor<1x2x50x60xf32> {
  %target = arith.constant dense<[50, 60]> : tensor<2xi64>
  %r = interp.interpolate_v1 %data, %target
         {axes = array<i64: 2, 3>, mode = linear, align_corners = false}
       : (tensor<1x2x48x80xf32>, tensor<2xi64>) -> tensor<1x2x50x60xf32>
  return %r : tensor<1x2x50x60xf32>
}
