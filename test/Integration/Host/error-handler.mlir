// examples/host: a C host calls an ahead-of-time compiled kernel with an
// error handler set (InterpRuntime.h). Invalid run-time operands reach the
// handler exactly once and the kernel returns null results; valid ones are
// computed. The host runs under valgrind: nothing leaks, nothing is read or
// written out of bounds.
//
// UNSUPPORTED: asan
// RUN: rm -rf %t && mkdir -p %t
// RUN: interp-opt %interp_src_root/examples/host/resize.mlir --interp-to-llvm -o %t/resize.llvm.mlir
// RUN: mlir-translate --mlir-to-llvmir %t/resize.llvm.mlir -o %t/resize.ll
// RUN: %clang -O2 -fno-slp-vectorize -Wno-override-module -c %t/resize.ll -o %t/resize.o
// RUN: %clang -O2 -Wall -Werror %interp_src_root/examples/host/host.c %t/resize.o \
// RUN:   -I %interp_src_root/include -L %interp_lib_dir -linterp_runtime \
// RUN:   -Wl,-rpath,%interp_lib_dir -lm -o %t/host
// RUN: valgrind --quiet --leak-check=full --errors-for-leak-kinds=definite,indirect --error-exitcode=99 %t/host | FileCheck %s
// CHECK: wrong sizes: 1 error(s): interp: invalid run-time operands: result dimension 2 is 8 but the operands give 16
// CHECK: huge sizes: 2 error(s): interp: invalid run-time operands: the result would have more than
// CHECK: good sizes: values ok, 2 error(s)
// CHECK: good dynamic sizes: values ok
// CHECK: PASSED
