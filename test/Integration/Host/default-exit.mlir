// The default error handler ends the process with status 1 while other
// threads run OpenMP kernels, every time (issue 27, item 8: std::exit ran
// destructors under them, SIGSEGV or a libomp assertion in 8 of 20 runs).
//
// UNSUPPORTED: asan
// RUN: rm -rf %t && mkdir -p %t
// RUN: sed 's/func.func @/func.func @omp_/' %S/Inputs/thread-kernels.mlir > %t/omp-kernels.mlir
// RUN: interp-opt %t/omp-kernels.mlir --interp-to-llvm="num-threads=2 min-parallel-iterations=0" \
// RUN:   | mlir-translate --mlir-to-llvmir -o %t/omp.ll
// RUN: %clang -O2 -fno-slp-vectorize -Wno-override-module -c %t/omp.ll -o %t/omp.o
// RUN: %clangxx -O2 %S/Inputs/exit-while-running.cpp %t/omp.o \
// RUN:   -I %interp_src_root/include -L %interp_lib_dir -linterp_runtime \
// RUN:   -Wl,-rpath,%interp_lib_dir %libomp -Wl,-rpath,%shlibdir -o %t/host
// RUN: sh -c 'for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do %t/host 2>>%t/err; echo "status $?"; done' \
// RUN:   | sort | uniq -c | FileCheck %s
// CHECK: 20 status 1
// RUN: sort %t/err | uniq -c | FileCheck %s --check-prefix=MESSAGE
// MESSAGE: 20 interp: invalid run-time operands:
