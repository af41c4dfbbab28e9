// RUN: interp-opt %s --interp-to-llvm="num-threads=2 min-parallel-iterations=0" | FileCheck %s
// RUN: interp-opt %s --interp-to-llvm="num-threads=2 min-parallel-iterations=0" | mlir-runner -e main -entry-point-result=void -shared-libs=%run_shared_libs,%libomp | FileCheck %s --check-prefix=EXEC

// min-parallel-iterations=0: these 16 outputs would otherwise stay
// sequential (test/Pipelines/interp-to-llvm-openmp-small.mlir).
// num-threads > 1: the outer dimensions of each loop nest become one OpenMP
// work-sharing loop, the inner ones stay sequential loops (which dimensions:
// test/Transforms/serialize-nested-parallel-loops.mlir). Here every
// dimension is short, so only the outermost is parallel.
// CHECK: omp.parallel num_threads(
// CHECK-NEXT: omp.wsloop
// CHECK-NEXT: omp.loop_nest ({{.*}}) : i64 = ({{.*}}) to ({{.*}}) step ({{.*}}) {
// CHECK-NOT: collapse(

// Same numbers as the sequential code (values by hand, see
// test/Integration/mlir-runner/linear-onnx.mlir).
// EXEC: [1,   1.25,   1.75,   2]
// EXEC: [1.5,   1.75,   2.25,   2.5]
// EXEC: [2.5,   2.75,   3.25,   3.5]
// EXEC: [3,   3.25,   3.75,   4]
func.func @main() {
  %x = arith.constant dense<[[[[1.0, 2.0], [3.0, 4.0]]]]> : tensor<1x1x2x2xf32>
  %s = arith.constant dense<[4, 4]> : tensor<2xi64>
  %c = arith.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = linear_onnx, shape_calculation_mode = sizes}
     : (tensor<1x1x2x2xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x1x4x4xf32>
  %u = tensor.cast %r : tensor<1x1x4x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(tensor<*xf32>)
