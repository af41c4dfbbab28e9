// RUN: interp-opt %s --interp-to-llvm="num-threads=2 min-parallel-iterations=0" | FileCheck %s
// RUN: interp-opt %s --interp-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%run_shared_libs > %t.seq
// RUN: interp-opt %s --interp-to-llvm="num-threads=2 min-parallel-iterations=0" | mlir-runner -e main -entry-point-result=void -shared-libs=%run_shared_libs,%libomp > %t.omp
// RUN: FileCheck %s --input-file=%t.omp --check-prefix=EXEC
// RUN: tail -n +2 %t.seq > %t.seq.values
// RUN: tail -n +2 %t.omp > %t.omp.values
// RUN: diff %t.seq.values %t.omp.values

// min-parallel-iterations=0: a function this small would otherwise stay
// sequential (test/Pipelines/interp-to-llvm-openmp-small.mlir).
// A fused outer axis (x2 on D, H and W) with num-threads > 1: its tasks
// (scf.forall: 2 channels x 4 depth outputs) are the one OpenMP
// work-sharing loop, over one dimension; each task keeps its scratch slab
// on the stack (saved and restored per task) and runs its loop nests
// sequentially. The numbers are those of the
// sequential code (checked against the reference in
// test/Integration/interp-run/fused-outer-axis.mlir).
// CHECK: omp.parallel num_threads(
// CHECK-NEXT: omp.wsloop
// CHECK-NEXT: omp.loop_nest (%{{[^,]*}}) : i64 = ({{.*}}) to ({{.*}}) step ({{.*}}) {
// CHECK: llvm.intr.stacksave
// CHECK: llvm.alloca
// CHECK: llvm.intr.stackrestore
// CHECK: omp.yield
// CHECK-NOT: omp.wsloop
// EXEC: Unranked Memref base@ = {{.*}} rank = 5 offset = 0 sizes = [1, 2, 4, 4, 6]
// EXEC-NEXT: [{{\[}}{{\[}}{{\[}}[1,
func.func @main() {
  %x = arith.constant dense<[[[[[1.0, -2.0, 3.5], [0.25, 4.0, -1.0]],
                               [[2.0, 0.5, -3.0], [1.5, -0.75, 2.25]]],
                              [[[-1.0, 3.0, 0.0], [2.5, -2.5, 1.0]],
                               [[0.125, 1.75, -0.5], [3.25, 0.0, -4.0]]]]]> : tensor<1x2x2x2x3xf32>
  %s = arith.constant dense<[4, 4, 6]> : tensor<3xi64>
  %c = arith.constant dense<[2.0, 2.0, 2.0]> : tensor<3xf32>
  %a = arith.constant dense<[2, 3, 4]> : tensor<3xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = linear_onnx, shape_calculation_mode = sizes}
     : (tensor<1x2x2x2x3xf32>, tensor<3xi64>, tensor<3xf32>, tensor<3xi64>) -> tensor<1x2x4x4x6xf32>
  %u = tensor.cast %r : tensor<1x2x4x4x6xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(tensor<*xf32>)
