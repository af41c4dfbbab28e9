// The stock mlir-opt with InterpPlugin.so: the dialect and the interp-to-llvm
// pipeline come from the plugin, and the compiled code computes the same
// numbers as interp-opt's (both runs check the same lines).
// UNSUPPORTED: asan
// RUN: mlir-opt --load-dialect-plugin=%interp_lib_dir/InterpPlugin.so --load-pass-plugin=%interp_lib_dir/InterpPlugin.so %s --pass-pipeline="builtin.module(interp-to-llvm)" | mlir-runner -e main -entry-point-result=void -shared-libs=%run_shared_libs | FileCheck %s
// RUN: interp-opt %s --interp-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%run_shared_libs | FileCheck %s
// The plugin's passes on their own, and the verifier's diagnostics.
// RUN: mlir-opt --load-dialect-plugin=%interp_lib_dir/InterpPlugin.so --load-pass-plugin=%interp_lib_dir/InterpPlugin.so %s --pass-pipeline="builtin.module(convert-interp-to-linalg)" | FileCheck %s --check-prefix=LINALG
// RUN: not mlir-opt --load-dialect-plugin=%interp_lib_dir/InterpPlugin.so %S/Inputs/invalid.mlir 2>&1 | FileCheck %s --check-prefix=INVALID

// linear half_pixel 2 -> 4 on [0, 4]: coordinates (o + 0.5) / 2 - 0.5 =
// -0.25, 0.25, 0.75, 1.25; taps outside the input are dropped, so 0, 1, 3, 4.
// CHECK: [0,  1,  3,  4]
// bilinear_pillow 4 -> 2 on [0, 2, 4, 6]: scale 2, support 2, centres 1 and
// 3, windows [0, 3) and [1, 4), triangle weights 1 - |j + 0.5 - c| / 2 =
// (3, 3, 1) / 7 and (1, 3, 3) / 7: 10/7 and 32/7.
// CHECK: {{\[}}[1.42857,   4.57143]]
// LINALG-NOT: interp.
// LINALG: linalg.generic
// INVALID: 'interp.interpolate_v11' op result element type 'f16' must equal the data element type 'f32'

func.func @linear(%x: tensor<2xf32>) -> tensor<4xf32> {
  %s = arith.constant dense<[4]> : tensor<1xi64>
  %c = arith.constant dense<[2.0]> : tensor<1xf32>
  %r = interp.interpolate_v4 %x, %s, %c {mode = linear, shape_calculation_mode = sizes}
     : (tensor<2xf32>, tensor<1xi64>, tensor<1xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

func.func @pillow(%x: tensor<1x4xf32>) -> tensor<1x2xf32> {
  %s = arith.constant dense<[1, 2]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %s {mode = bilinear_pillow, shape_calculation_mode = sizes}
     : (tensor<1x4xf32>, tensor<2xi64>) -> tensor<1x2xf32>
  return %r : tensor<1x2xf32>
}

func.func @main() {
  %x = arith.constant dense<[0.0, 4.0]> : tensor<2xf32>
  %r = call @linear(%x) : (tensor<2xf32>) -> tensor<4xf32>
  %u = tensor.cast %r : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  %p = arith.constant dense<[[0.0, 2.0, 4.0, 6.0]]> : tensor<1x4xf32>
  %q = call @pillow(%p) : (tensor<1x4xf32>) -> tensor<1x2xf32>
  %v = tensor.cast %q : tensor<1x2xf32> to tensor<*xf32>
  call @printMemrefF32(%v) : (tensor<*xf32>) -> ()
  return
}

func.func private @printMemrefF32(tensor<*xf32>)
