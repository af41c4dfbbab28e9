// RUN: interp-opt %s --interp-to-llvm | mlir-translate --mlir-to-llvmir | FileCheck %s

// Nearest x2 of 32-wide rows (as fmap_nearest's planes): the loop over a row's
// 32 inputs, around its 2 phases, is short and small enough that LLVM's -O3
// would unroll it fully into scalar loads and stores; it reaches LLVM marked
// not to be unrolled, and vectorizable (interp-keep-short-loops-vectorizable).
// CHECK-LABEL: define {{.*}} @rows__contiguous(
// The column loop (32 trips; the rows are 16), its phase loop, whose latch
// has no hint (LLVM unrolls it), and the column loop's latch, with the hint.
// CHECK: icmp slt i64 %[[X:[0-9]+]], 32
// CHECK: icmp slt i64 %[[P:[0-9]+]], 2
// CHECK: store float
// CHECK-NEXT: add i64 %[[P]], 1
// CHECK-NEXT: br label %{{[0-9]+}}{{$}}
// CHECK: add i64 %[[X]], 1
// CHECK-NEXT: br label %{{[0-9]+}}, !llvm.loop ![[SHORT:[0-9]+]]
// CHECK: ret
// CHECK: ![[SHORT]] = distinct !{![[SHORT]], ![[ROLLED:[0-9]+]]}
// CHECK: ![[ROLLED]] = !{!"llvm.loop.unroll.disable"}
// CHECK-NOT: llvm.loop.vectorize.enable
func.func @rows(%x: tensor<1x3x16x32xf32>) -> tensor<1x3x32x64xf32> {
  %s = arith.constant dense<[32, 64]> : tensor<2xi64>
  %c = arith.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = nearest, shape_calculation_mode = sizes, coordinate_transformation_mode = asymmetric, nearest_mode = floor}
     : (tensor<1x3x16x32xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x3x32x64xf32>
  return %r : tensor<1x3x32x64xf32>
}
