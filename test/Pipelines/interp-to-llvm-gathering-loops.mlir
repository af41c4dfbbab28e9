// RUN: interp-opt %s --interp-to-llvm | mlir-translate --mlir-to-llvmir | FileCheck %s
// RUN: interp-opt %s --interp-to-llvm=scalar-gather-count=0 | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=VECTORIZED

// An antialiased 240 -> 28 pass along the contiguous axis gathers 18 taps per
// output element through its index table: its loop reaches LLVM marked not to
// be vectorized (interp-keep-gathering-loops-scalar), with hardware gathers
// it ran at half the speed. The 2-tap pass without antialias keeps LLVM's
// choice. The 18 taps are a tap loop, so the output loop around it, like the
// row loop around the 2-tap pass's columns, is also kept rolled
// (interp-keep-outer-loops-rolled).

// CHECK-LABEL: define {{.*}} @many_taps__contiguous(
// CHECK: br label %{{.*}}, !llvm.loop ![[GATHER:[0-9]+]]
// CHECK-LABEL: define {{.*}} @two_taps__contiguous(
// CHECK-NOT: !llvm.loop ![[GATHER]]
// CHECK: br label %{{.*}}, !llvm.loop ![[ROWS:[0-9]+]]
// CHECK-NOT: !llvm.loop ![[GATHER]]
// CHECK: ret
// CHECK: ![[GATHER]] = distinct !{![[GATHER]], ![[SCALAR:[0-9]+]], ![[ROLLED:[0-9]+]]}
// CHECK: ![[SCALAR]] = !{!"llvm.loop.vectorize.enable", i1 false}
// CHECK: ![[ROLLED]] = !{!"llvm.loop.unroll.disable"}
// CHECK: ![[ROWS]] = distinct !{![[ROWS]], ![[ROLLED]]}
// VECTORIZED-NOT: llvm.loop.vectorize.enable
func.func @many_taps(%x: tensor<1x1x8x240xui8>) -> tensor<1x1x8x28xui8> {
  %s = arith.constant dense<[28]> : tensor<1xi64>
  %c = arith.constant dense<[0.1166667]> : tensor<1xf32>
  %a = arith.constant dense<[3]> : tensor<1xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = linear, antialias = true, shape_calculation_mode = sizes}
     : (tensor<1x1x8x240xui8>, tensor<1xi64>, tensor<1xf32>, tensor<1xi64>) -> tensor<1x1x8x28xui8>
  return %r : tensor<1x1x8x28xui8>
}

func.func @two_taps(%x: tensor<1x1x8x240xui8>) -> tensor<1x1x8x28xui8> {
  %s = arith.constant dense<[28]> : tensor<1xi64>
  %c = arith.constant dense<[0.1166667]> : tensor<1xf32>
  %a = arith.constant dense<[3]> : tensor<1xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = linear, shape_calculation_mode = sizes}
     : (tensor<1x1x8x240xui8>, tensor<1xi64>, tensor<1xf32>, tensor<1xi64>) -> tensor<1x1x8x28xui8>
  return %r : tensor<1x1x8x28xui8>
}
