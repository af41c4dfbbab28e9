// RUN: interp-opt %s --interp-lower-tensor-bitcasts -split-input-file | FileCheck %s
// Each function also lowers through the whole pipeline and runs; the
// element-wise results are known.
// RUN: interp-opt %s -split-input-file --interp-to-llvm -o /dev/null
// RUN: interp-run %s --function=generic_input --print-values | FileCheck %s --check-prefix=RUN-INPUT
// RUN: interp-run %s --function=copy_dynamic --arg-shape=0=3 --print-values | FileCheck %s --check-prefix=RUN-COPY
// RUN: interp-run %s --function=float_bits | FileCheck %s --check-prefix=RUN-FLOAT
// RUN: interp-run %s --function=from_elements --print-values | FileCheck %s --check-prefix=RUN-ELEMENTS

// An input of a generic: the generic reads the source and casts the
// scalar (what the importers' Convert(u8 -> f32) becomes after
// convert-elementwise-to-linalg).
// CHECK-LABEL: func.func @generic_input(
// CHECK: %[[X:.*]] = arith.constant dense<[0, 1, 128, 255]> : tensor<4xui8>
// CHECK-NOT: tensor.bitcast
// CHECK: linalg.generic {{.*}} ins(%[[X]] : tensor<4xui8>)
// CHECK: ^bb0(%[[IN:.*]]: ui8, %{{.*}}: f32):
// CHECK: %[[S:.*]] = builtin.unrealized_conversion_cast %[[IN]] : ui8 to i8
// CHECK: arith.uitofp %[[S]] : i8 to f32
func.func @generic_input() -> tensor<4xf32> {
  %c = arith.constant dense<[0, 1, 128, 255]> : tensor<4xui8>
  %b = tensor.bitcast %c : tensor<4xui8> to tensor<4xi8>
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%b : tensor<4xi8>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: i8, %out: f32):
    %f = arith.uitofp %in : i8 to f32
    linalg.yield %f : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
// RUN-INPUT: [:] 0 1 128 255

// -----

// The result of a generic computed into a tensor.empty: the generic
// computes the unsigned type directly.
// CHECK-LABEL: func.func @generic_result(
// CHECK-NOT: tensor.bitcast
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4xui8>
// CHECK: %[[R:.*]] = linalg.generic {{.*}} outs(%[[E]] : tensor<4xui8>)
// CHECK: %[[I:.*]] = arith.fptoui %{{.*}} : f32 to i8
// CHECK: %[[U:.*]] = builtin.unrealized_conversion_cast %[[I]] : i8 to ui8
// CHECK: linalg.yield %[[U]] : ui8
// CHECK: return %[[R]] : tensor<4xui8>
func.func @generic_result(%x: tensor<4xf32>) -> tensor<4xui8> {
  %e = tensor.empty() : tensor<4xi8>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x : tensor<4xf32>) outs(%e : tensor<4xi8>) {
  ^bb0(%in: f32, %out: i8):
    %i = arith.fptoui %in : f32 to i8
    linalg.yield %i : i8
  } -> tensor<4xi8>
  %b = tensor.bitcast %r : tensor<4xi8> to tensor<4xui8>
  return %b : tensor<4xui8>
}

// -----

// Anything else is an element-wise copy (dynamic sizes from the source);
// an integer to float reinterpretation is an arith.bitcast.
// CHECK-LABEL: func.func @copy_dynamic(
// CHECK-SAME: %[[X:.*]]: tensor<?xui8>
// CHECK: %[[D:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?xui8>
// CHECK: %[[E:.*]] = tensor.empty(%[[D]]) : tensor<?xi8>
// CHECK: linalg.generic {{.*}} ins(%[[X]] : tensor<?xui8>) outs(%[[E]] : tensor<?xi8>)
// CHECK: builtin.unrealized_conversion_cast %{{.*}} : ui8 to i8
// CHECK-LABEL: func.func @float_bits(
// CHECK: linalg.generic
// CHECK: arith.bitcast %{{.*}} : i32 to f32
func.func @copy_dynamic(%x: tensor<?xui8>) -> tensor<?xi8> {
  %b = tensor.bitcast %x : tensor<?xui8> to tensor<?xi8>
  return %b : tensor<?xi8>
}
func.func @float_bits(%x: tensor<2xi32>) -> tensor<2xf32> {
  %b = tensor.bitcast %x : tensor<2xi32> to tensor<2xf32>
  return %b : tensor<2xf32>
}
// Random data reinterpreted: the shapes are checked.
// RUN-COPY: result 0: shape=3 dtype=i8
// RUN-FLOAT: result 0: shape=2 dtype=f32

// -----

// A bitcast of tensor.from_elements casts the elements.
// CHECK-LABEL: func.func @from_elements(
// CHECK-NOT: tensor.bitcast
// CHECK: %[[A:.*]] = builtin.unrealized_conversion_cast %{{.*}} : i8 to ui8
// CHECK: %[[B:.*]] = builtin.unrealized_conversion_cast %{{.*}} : i8 to ui8
// CHECK: tensor.from_elements %[[A]], %[[B]] : tensor<2xui8>
func.func @from_elements() -> tensor<2xui8> {
  %a = arith.constant 7 : i8
  %b = arith.constant -56 : i8
  %t = tensor.from_elements %a, %b : tensor<2xi8>
  %u = tensor.bitcast %t : tensor<2xi8> to tensor<2xui8>
  return %u : tensor<2xui8>
}
// RUN-ELEMENTS: result 0: shape=2 dtype=ui8
// RUN-ELEMENTS-NEXT: [:] 7 200

// -----

// tensor.extract of a bitcast extracts from the source and casts the
// scalar.
// CHECK-LABEL: func.func @extract(
// CHECK-SAME: %[[X:.*]]: tensor<2xui8>
// CHECK-NOT: tensor.bitcast
// CHECK: %[[E:.*]] = tensor.extract %[[X]][%{{.*}}] : tensor<2xui8>
// CHECK: %[[S:.*]] = builtin.unrealized_conversion_cast %[[E]] : ui8 to i8
// CHECK: arith.extui %[[S]] : i8 to i32
func.func @extract(%x: tensor<2xui8>) -> i32 {
  %c1 = arith.constant 1 : index
  %s = tensor.bitcast %x : tensor<2xui8> to tensor<2xi8>
  %e = tensor.extract %s[%c1] : tensor<2xi8>
  %r = arith.extui %e : i8 to i32
  return %r : i32
}
