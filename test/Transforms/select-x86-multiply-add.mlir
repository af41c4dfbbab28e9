// RUN: interp-opt %s --interp-select-x86-multiply-add="target-features=+sse2,+avx2" | FileCheck %s
// RUN: interp-opt %s --interp-select-x86-multiply-add | FileCheck %s --check-prefix=NONE
// RUN: interp-opt %s --interp-select-x86-multiply-add="target-features=+sse2" | FileCheck %s --check-prefix=SSE2

// even(a) * even(w) + odd(a) * odd(w) over 16-bit lanes: x86's pmaddwd.

// CHECK-LABEL: func.func @pairs8
// CHECK-SAME: (%[[A:.*]]: vector<16xi16>, %[[W:.*]]: vector<16xi16>)
// CHECK: %[[R:.*]] = llvm.call_intrinsic "llvm.x86.avx2.pmadd.wd"(%[[A]], %[[W]]) : (vector<16xi16>, vector<16xi16>) -> vector<8xi32>
// CHECK: return %[[R]]
// NONE-LABEL: func.func @pairs8
// NONE-NOT: llvm.call_intrinsic
// NONE: arith.addi
// SSE2-LABEL: func.func @pairs8
// SSE2-NOT: llvm.call_intrinsic
func.func @pairs8(%a: vector<16xi16>, %w: vector<16xi16>) -> vector<8xi32> {
  %ae = vector.shuffle %a, %a [0, 2, 4, 6, 8, 10, 12, 14] : vector<16xi16>, vector<16xi16>
  %we = vector.shuffle %w, %w [0, 2, 4, 6, 8, 10, 12, 14] : vector<16xi16>, vector<16xi16>
  %ao = vector.shuffle %a, %a [1, 3, 5, 7, 9, 11, 13, 15] : vector<16xi16>, vector<16xi16>
  %wo = vector.shuffle %w, %w [1, 3, 5, 7, 9, 11, 13, 15] : vector<16xi16>, vector<16xi16>
  %0 = arith.extsi %ae : vector<8xi16> to vector<8xi32>
  %1 = arith.extsi %we : vector<8xi16> to vector<8xi32>
  %2 = arith.extsi %ao : vector<8xi16> to vector<8xi32>
  %3 = arith.extsi %wo : vector<8xi16> to vector<8xi32>
  %4 = arith.muli %0, %1 : vector<8xi32>
  %5 = arith.muli %2, %3 : vector<8xi32>
  %6 = arith.addi %5, %4 : vector<8xi32>
  return %6 : vector<8xi32>
}

// 4 lanes: SSE2's form.
// SSE2-LABEL: func.func @pairs4
// SSE2: llvm.call_intrinsic "llvm.x86.sse2.pmadd.wd"
func.func @pairs4(%a: vector<8xi16>, %w: vector<8xi16>) -> vector<4xi32> {
  %ae = vector.shuffle %a, %a [0, 2, 4, 6] : vector<8xi16>, vector<8xi16>
  %we = vector.shuffle %w, %w [0, 2, 4, 6] : vector<8xi16>, vector<8xi16>
  %ao = vector.shuffle %a, %a [1, 3, 5, 7] : vector<8xi16>, vector<8xi16>
  %wo = vector.shuffle %w, %w [1, 3, 5, 7] : vector<8xi16>, vector<8xi16>
  %0 = arith.extsi %ae : vector<4xi16> to vector<4xi32>
  %1 = arith.extsi %we : vector<4xi16> to vector<4xi32>
  %2 = arith.extsi %ao : vector<4xi16> to vector<4xi32>
  %3 = arith.extsi %wo : vector<4xi16> to vector<4xi32>
  %4 = arith.muli %1, %0 : vector<4xi32>
  %5 = arith.muli %2, %3 : vector<4xi32>
  %6 = arith.addi %4, %5 : vector<4xi32>
  return %6 : vector<4xi32>
}

// Not the form: the odd lanes of another vector, a zero extension, lanes
// not taken pairwise.
// CHECK-LABEL: func.func @not_pairs
// CHECK-NOT: llvm.call_intrinsic
// CHECK: return
func.func @not_pairs(%a: vector<16xi16>, %b: vector<16xi16>, %w: vector<16xi16>) -> (vector<8xi32>, vector<8xi32>, vector<8xi32>) {
  %ae = vector.shuffle %a, %a [0, 2, 4, 6, 8, 10, 12, 14] : vector<16xi16>, vector<16xi16>
  %we = vector.shuffle %w, %w [0, 2, 4, 6, 8, 10, 12, 14] : vector<16xi16>, vector<16xi16>
  %bo = vector.shuffle %b, %b [1, 3, 5, 7, 9, 11, 13, 15] : vector<16xi16>, vector<16xi16>
  %wo = vector.shuffle %w, %w [1, 3, 5, 7, 9, 11, 13, 15] : vector<16xi16>, vector<16xi16>
  %ah = vector.shuffle %a, %a [0, 1, 2, 3, 4, 5, 6, 7] : vector<16xi16>, vector<16xi16>
  %0 = arith.extsi %ae : vector<8xi16> to vector<8xi32>
  %1 = arith.extsi %we : vector<8xi16> to vector<8xi32>
  %2 = arith.extsi %bo : vector<8xi16> to vector<8xi32>
  %3 = arith.extsi %wo : vector<8xi16> to vector<8xi32>
  %z = arith.extui %ae : vector<8xi16> to vector<8xi32>
  %h = arith.extsi %ah : vector<8xi16> to vector<8xi32>
  %4 = arith.muli %0, %1 : vector<8xi32>
  %5 = arith.muli %2, %3 : vector<8xi32>
  %6 = arith.addi %4, %5 : vector<8xi32>
  %7 = arith.muli %z, %1 : vector<8xi32>
  %8 = arith.addi %7, %5 : vector<8xi32>
  %9 = arith.muli %h, %1 : vector<8xi32>
  %10 = arith.addi %9, %5 : vector<8xi32>
  return %6, %8, %10 : vector<8xi32>, vector<8xi32>, vector<8xi32>
}
