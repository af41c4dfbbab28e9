// --check fails (exit 1, with the first mismatch and a summary on stderr)
// when an element differs from the reference by more than the tolerance.
// With --tolerance=0, the 1-ulp differences between the compiled code
// (separable, one axis at a time) and the reference (all taps of every axis
// at once, in another summation order) on the spec's example are enough:
// thousands of random f32 elements are never all rounded alike. If the two
// ever agree bit for bit, this test needs a new case.
//
// RUN: not interp-run %interp_src_root/examples/interpolate_v4.mlir --check --tolerance=0 > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// OUT:      result 0: shape=1x2x24x160 dtype=f32 elements=7680
// OUT-NEXT: check result 0: compared=7680 max_abs_diff={{[0-9.]+e-0[5-9]}} max_rel_diff={{[0-9.e+-]+}} tolerance=0,0 mismatches={{[1-9][0-9]*}} FAILED
// OUT-NEXT:   first mismatch at [{{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}]: got {{[-0-9.e]+}}, reference {{[-0-9.e]+}}
// OUT-NOT:  check passed
// ERR: interp-run: error: --check failed: 1 of 1 result(s) differ from the reference beyond the tolerance

// The default f32 tolerance (1e-4 absolute or relative) accepts the same run.
// RUN: interp-run %interp_src_root/examples/interpolate_v4.mlir --check --tolerance=1e-4 | FileCheck %s --check-prefix=PASS
// PASS: check result 0: compared=7680 {{.*}} tolerance=0.0001,0.0001 mismatches=0 ok
// PASS: check passed
