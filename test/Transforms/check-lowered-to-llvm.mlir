// RUN: interp-opt %s --interp-check-lowered-to-llvm -verify-diagnostics

// The last pass of --interp-to-llvm reports anything left unconverted.
// expected-error @+1 {{'func.func' was not lowered to the LLVM dialect}}
func.func @left_over() {
  // expected-error @+1 {{'func.return' was not lowered to the LLVM dialect}}
  return
}
