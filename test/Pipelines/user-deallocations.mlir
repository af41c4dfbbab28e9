// Modules that bring their own memref code (memref.alloc ... memref.dealloc
// next to interp ops, as upstream's integration tests and many compilers'
// output do) go through --interp-to-llvm: ownership-based deallocation used
// to refuse them ("memory free side-effect on MemRef value not
// supported!"). The numbers are the half-pixel triangle filter of
// [[1, 2], [3, 4]] to 4x4, by hand: coordinates -0.25, 0.25, 0.75, 1.25,
// taps outside the input dropped.
//
// RUN: interp-opt %s --interp-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%run_shared_libs | FileCheck %s
// CHECK: [1, 1.25, 1.75, 2]
// CHECK: [1.5, 1.75, 2.25, 2.5]
// CHECK: [2.5, 2.75, 3.25, 3.5]
// CHECK: [3, 3.25, 3.75, 4]
// CHECK: [7]
func.func private @printMemrefF32(memref<*xf32>)

// The caller allocates, the callee frees: a deallocation of an argument
// stays where the input put it.
func.func @consume(%m: memref<1xf32>) {
  %u = memref.cast %m : memref<1xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %m : memref<1xf32>
  return
}

func.func @main() {
  %x = arith.constant dense<[[[[1.0, 2.0], [3.0, 4.0]]]]> : tensor<1x1x2x2xf32>
  %s = arith.constant dense<[4, 4]> : tensor<2xi64>
  %c = arith.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = linear, shape_calculation_mode = sizes}
       : (tensor<1x1x2x2xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x1x4x4xf32>
  %buf = memref.alloc() : memref<1x1x4x4xf32>
  bufferization.materialize_in_destination %r in restrict writable %buf
      : (tensor<1x1x4x4xf32>, memref<1x1x4x4xf32>) -> ()
  %u = memref.cast %buf : memref<1x1x4x4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %buf : memref<1x1x4x4xf32>

  %one = memref.alloc() : memref<1xf32>
  %seven = arith.constant 7.0 : f32
  %i = arith.constant 0 : index
  memref.store %seven, %one[%i] : memref<1xf32>
  call @consume(%one) : (memref<1xf32>) -> ()
  return
}
