// An AOT kernel linked exactly as the README says (libinterp_runtime.so
// and libm, nothing else) even when it calls memrefCopy, which the runtime
// defines (issue 27, item 11).
//
// UNSUPPORTED: asan
// RUN: rm -rf %t && mkdir -p %t
// RUN: interp-opt %S/Inputs/strided-copy.mlir --interp-to-llvm | mlir-translate --mlir-to-llvmir -o %t/copy.ll
// RUN: %clang -O2 -fno-slp-vectorize -Wno-override-module -c %t/copy.ll -o %t/copy.o
// RUN: nm %t/copy.o | FileCheck %s --check-prefix=CALLS
// CALLS: U memrefCopy
// RUN: %clang -O2 -Wall -Werror %S/Inputs/strided-copy-host.c %t/copy.o \
// RUN:   -I %interp_src_root/include -L %interp_lib_dir -linterp_runtime \
// RUN:   -Wl,-rpath,%interp_lib_dir -lm -o %t/host
// RUN: %t/host | FileCheck %s
// CHECK: strided copy: 0 wrong
