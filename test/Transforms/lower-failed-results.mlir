// RUN: interp-opt %s --interp-lower-failed-results --interp-internalize-private-functions | FileCheck %s

// The failure returns' results become all-zero values (null descriptors)
// and the declarations go; private definitions get internal linkage (two
// modules' helpers do not clash), public functions and declarations keep
// theirs.
// CHECK-NOT: __interp_failed_results
// CHECK: llvm.func internal @helper()
// CHECK: llvm.func @external()
// CHECK-LABEL: llvm.func @f
// CHECK: %[[Z:.*]] = llvm.mlir.zero : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK: llvm.return %[[Z]]
llvm.func @"__interp_failed_results.f"() -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> attributes {sym_visibility = "private"}
llvm.func @helper() attributes {sym_visibility = "private"} {
  llvm.return
}
llvm.func @external() attributes {sym_visibility = "private"}
llvm.func @f() -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> {
  llvm.call @helper() : () -> ()
  llvm.call @external() : () -> ()
  %r = llvm.call @"__interp_failed_results.f"() : () -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  llvm.return %r : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
}
