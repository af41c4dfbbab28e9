// RUN: interp-opt %s --interp-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%run_shared_libs | FileCheck %s
// RUN: interp-opt %s --interp-to-llvm | not mlir-runner -e negative_size -entry-point-result=void -shared-libs=%run_shared_libs 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: interp-opt %s --interp-to-llvm | not mlir-runner -e zero_scale -entry-point-result=void -shared-libs=%run_shared_libs 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: interp-opt %s --interp-to-llvm | not mlir-runner -e nan_scale -entry-point-result=void -shared-libs=%run_shared_libs 2>&1 | FileCheck %s --check-prefix=NAN

// mlir-runner cannot load the instrumented runtime library of the sanitizer
// build (see lit.cfg.py).

// Dynamic data and run-time sizes/scales: the tables are built at run time
// by the runtime library, which rejects invalid values before anything is
// allocated.

func.func @resize_sizes(%x: tensor<?xf32>, %s: tensor<1xi64>) -> tensor<?xf32> {
  %c = arith.constant dense<[1.0]> : tensor<1xf32>
  %r = interp.interpolate_v4 %x, %s, %c {mode = linear, shape_calculation_mode = sizes, coordinate_transformation_mode = align_corners}
     : (tensor<?xf32>, tensor<1xi64>, tensor<1xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @resize_scales(%x: tensor<?xf32>, %c: tensor<1xf32>) -> tensor<?xf32> {
  %s = arith.constant dense<[1]> : tensor<1xi64>
  %r = interp.interpolate_v4 %x, %s, %c {mode = nearest, shape_calculation_mode = scales, coordinate_transformation_mode = asymmetric, nearest_mode = floor}
     : (tensor<?xf32>, tensor<1xi64>, tensor<1xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// align_corners 3 -> 5 on [0, 4, 8]: coordinates o * 2 / 4 = 0, 0.5, 1, 1.5,
// 2, so the values are 0, 2, 4, 6, 8.
// CHECK: [0,  2,  4,  6,  8]
// asymmetric + floor, scale 1.5 on a length-4 ramp: 4 * 1.5 = 6 outputs,
// sources floor(o / 1.5) = 0, 0, 1, 2, 2, 3.
// CHECK: [10,  10,  11,  12,  12,  13]
func.func @main() {
  %x = arith.constant dense<[0.0, 4.0, 8.0]> : tensor<3xf32>
  %xd = tensor.cast %x : tensor<3xf32> to tensor<?xf32>
  %s = arith.constant dense<[5]> : tensor<1xi64>
  %r = call @resize_sizes(%xd, %s) : (tensor<?xf32>, tensor<1xi64>) -> tensor<?xf32>
  %u = tensor.cast %r : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()

  %y = arith.constant dense<[10.0, 11.0, 12.0, 13.0]> : tensor<4xf32>
  %yd = tensor.cast %y : tensor<4xf32> to tensor<?xf32>
  %c = arith.constant dense<[1.5]> : tensor<1xf32>
  %r2 = call @resize_scales(%yd, %c) : (tensor<?xf32>, tensor<1xf32>) -> tensor<?xf32>
  %u2 = tensor.cast %r2 : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  return
}

// NEG: interp: invalid run-time operands: 'sizes' value -1 at index 0 must be non-negative
func.func @negative_size() {
  %x = arith.constant dense<[0.0, 4.0, 8.0]> : tensor<3xf32>
  %xd = tensor.cast %x : tensor<3xf32> to tensor<?xf32>
  %s = arith.constant dense<[-1]> : tensor<1xi64>
  %r = call @resize_sizes(%xd, %s) : (tensor<?xf32>, tensor<1xi64>) -> tensor<?xf32>
  return
}

// ZERO: interp: invalid run-time operands: 'scales' value 0 at index 0 must be finite and > 0
func.func @zero_scale() {
  %y = arith.constant dense<[10.0, 11.0, 12.0, 13.0]> : tensor<4xf32>
  %yd = tensor.cast %y : tensor<4xf32> to tensor<?xf32>
  %c = arith.constant dense<[0.0]> : tensor<1xf32>
  %r = call @resize_scales(%yd, %c) : (tensor<?xf32>, tensor<1xf32>) -> tensor<?xf32>
  return
}

// NAN: interp: invalid run-time operands: 'scales' value nan at index 0 must be finite and > 0
func.func @nan_scale() {
  %y = arith.constant dense<[10.0, 11.0, 12.0, 13.0]> : tensor<4xf32>
  %yd = tensor.cast %y : tensor<4xf32> to tensor<?xf32>
  %c = arith.constant dense<[0x7FC00000]> : tensor<1xf32>
  %r = call @resize_scales(%yd, %c) : (tensor<?xf32>, tensor<1xf32>) -> tensor<?xf32>
  return
}

func.func private @printMemrefF32(tensor<*xf32>)
