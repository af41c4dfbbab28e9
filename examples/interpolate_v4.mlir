// The Interpolate-4 example of the OpenVINO specification: a 1x2x48x80
// tensor, mode = linear, scales [0.5, 2.0] on axes [2, 3] -> 1x2x24x160.
// The result type is left dynamic: canonicalization infers 1x2x24x160.
func.func @spec_example(%data: tensor<1x2x48x80xf32>) -> tensor<?x?x?x?xf32> {
  %sizes = arith.constant dense<[24, 160]> : tensor<2xi64>
  %scales = arith.constant dense<[0.5, 2.0]> : tensor<2xf32>
  %axes = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %data, %sizes, %scales, %axes
         {mode = linear, shape_calculation_mode = scales}
       : (tensor<1x2x48x80xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<?x?x?x?xf32>
  return %r : tensor<?x?x?x?xf32>
}
