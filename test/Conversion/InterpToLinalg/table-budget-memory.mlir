// The ops of table-budget.mlir compile to native code within 1 GB of
// address space: they used to take 600 MB with 144 MB of constants (the
// 3 * 10^6-long cubic axis) and to abort with "LLVM ERROR: out of memory"
// (2^31-row constant tables).
//
// UNSUPPORTED: asan
// RUN: sh -c 'ulimit -v 1000000 && interp-opt %S/table-budget.mlir -split-input-file --interp-to-llvm -o /dev/null'
