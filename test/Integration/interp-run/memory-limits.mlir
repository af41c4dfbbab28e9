// Results that pass the physical-memory bound but not the process's own
// limits (ulimit -v here; a container's memory.max likewise): the size check
// takes the limit into account, and an allocation that fails anyway is
// checked for null before anything is written.
//
// UNSUPPORTED: asan
// RUN: rm -rf %t && mkdir -p %t
// RUN: %npytool save %t/over.npy int64 2 "[30000, 30000]"
// RUN: %npytool save %t/under.npy int64 2 "[27500, 27500]"
// RUN: not sh -c 'ulimit -v 3000000 && interp-run %s --input=random --input=%t/over.npy' 2>&1 | FileCheck %s --check-prefix=LIMIT
// LIMIT: interp: invalid run-time operands: the result would have more than 30000 x 30000 elements of 4 bytes, more than the 3072000000 bytes this process may allocate
// RUN: not sh -c 'ulimit -v 3000000 && interp-run %s --input=random --input=%t/under.npy' 2>&1 | FileCheck %s --check-prefix=NULL
// NULL: interp: out of memory: allocating 3025000000 bytes failed
func.func @main(%x: tensor<1x1x2x2xf32>, %sizes: tensor<2xi64>) -> tensor<1x1x?x?xf32> {
  %scales = arith.constant dense<[1.0, 1.0]> : tensor<2xf32>
  %axes = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %sizes, %scales, %axes {mode = nearest, shape_calculation_mode = sizes}
       : (tensor<1x1x2x2xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x1x?x?xf32>
  return %r : tensor<1x1x?x?xf32>
}
