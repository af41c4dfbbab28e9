// The C API: a C program linked with libInterpCAPI.so only parses an interp
// module, lowers it to linalg and then to the LLVM dialect.
// RUN: interp-capi-test | FileCheck %s
// RUN: ldd interp-capi-test | FileCheck %s --check-prefix=LINKS

// CHECK-LABEL: // after convert-interp-to-linalg
// CHECK: func.func @main
// CHECK: linalg.generic
// CHECK-NOT: interp.interpolate_v4
// CHECK-LABEL: // after interp-to-llvm
// CHECK: llvm.func @main
// CHECK-NOT: linalg.generic

// LINKS: libInterpCAPI.so
// LINKS-NOT: libMLIR
