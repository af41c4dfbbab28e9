// Compiled kernels are thread-safe: four host threads call static,
// run-time-table and OpenMP kernels at once (0 mismatches against the
// results computed alone), and a failing call on one thread reaches the
// handler once without disturbing the others. The kernels and the host are
// built with ThreadSanitizer (libarcher tells it about OpenMP's
// synchronization); any report fails the test.
//
// UNSUPPORTED: asan
// RUN: rm -rf %t && mkdir -p %t
// RUN: interp-opt %S/Inputs/thread-kernels.mlir --interp-to-llvm -o %t/seq.mlir
// RUN: sed 's/func.func @/func.func @omp_/' %S/Inputs/thread-kernels.mlir > %t/omp-kernels.mlir
// min-parallel-iterations=0: the static kernel is small enough to stay
// sequential otherwise, and the test is about its OpenMP code.
// RUN: interp-opt %t/omp-kernels.mlir --interp-to-llvm="num-threads=2 min-parallel-iterations=0" -o %t/omp.mlir
// RUN: FileCheck %s --input-file=%t/omp.mlir --check-prefix=OPENMP
// OPENMP-LABEL: llvm.func internal @omp_static_linear__contiguous(
// OPENMP: omp.parallel
// OPENMP-LABEL: llvm.func internal @omp_dynamic_cubic__contiguous(
// OPENMP: omp.parallel
// OPENMP-LABEL: llvm.func internal @omp_fused_ui8__contiguous(
// OPENMP: omp.parallel
// RUN: mlir-translate --mlir-to-llvmir %t/seq.mlir -o %t/seq.ll
// RUN: mlir-translate --mlir-to-llvmir %t/omp.mlir -o %t/omp.ll
// ThreadSanitizer instruments the functions that ask for it (a C front end
// marks them; here every definition gets the attribute).
// RUN: sed -E 's/^(define .*)\{$/\1sanitize_thread {/' %t/seq.ll > %t/seq.tsan.ll
// RUN: sed -E 's/^(define .*)\{$/\1sanitize_thread {/' %t/omp.ll > %t/omp.tsan.ll
// RUN: %clang -O1 -fno-slp-vectorize -fsanitize=thread -Wno-override-module -c %t/seq.tsan.ll -o %t/seq.o
// RUN: %clang -O1 -fno-slp-vectorize -fsanitize=thread -Wno-override-module -c %t/omp.tsan.ll -o %t/omp.o
// RUN: nm %t/seq.o | FileCheck %s --check-prefix=INSTRUMENTED
// INSTRUMENTED: __tsan_read
// RUN: %clangxx -O1 -g -fsanitize=thread %S/Inputs/threads.cpp %t/seq.o %t/omp.o \
// RUN:   -I %interp_src_root/include -L %interp_lib_dir -linterp_runtime \
// RUN:   -Wl,-rpath,%interp_lib_dir %libomp -Wl,-rpath,%shlibdir -o %t/threads
// RUN: env OMP_TOOL_LIBRARIES=%shlibdir/libarcher.so TSAN_OPTIONS="halt_on_error=1 exitcode=66 ignore_noninstrumented_modules=1" %t/threads | FileCheck %s
// CHECK: 4 threads x 40 rounds: 0 mismatches, 5 errors reported, 0 wrongly reported
