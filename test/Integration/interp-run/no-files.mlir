// The JIT creates no files unless asked (issue 27, item 10): LLVM's perf
// listener, on in Debian's build, writes $JITDUMPDIR/.debug/jit/... (else
// under $HOME, else the working directory) and never removes it.
//
// RUN: rm -rf %t && mkdir -p %t/home %t/tmp %t/dump %t/cwd
// RUN: cd %t/cwd && env HOME=%t/home TMPDIR=%t/tmp JITDUMPDIR=%t/dump interp-run %s > /dev/null
// RUN: cd %t/cwd && env -u JITDUMPDIR HOME=%t/home TMPDIR=%t/tmp interp-run %s > /dev/null
// RUN: find %t/home %t/tmp %t/dump %t/cwd -mindepth 1 | FileCheck %s --allow-empty --check-prefix=EMPTY
// EMPTY-NOT: {{.}}
//
// Asked for, with --jit-profile or INTERP_JIT_PROFILE=1, perf gets its
// jitdump.
// RUN: env JITDUMPDIR=%t/on interp-run %s --jit-profile > /dev/null
// RUN: env JITDUMPDIR=%t/env INTERP_JIT_PROFILE=1 interp-run %s > /dev/null
// RUN: find %t/on %t/env -name 'jit-*.dump' | FileCheck %s --check-prefix=PROFILE
// PROFILE: on/.debug/jit/{{.*}}/jit-{{[0-9]+}}.dump
// PROFILE: env/.debug/jit/{{.*}}/jit-{{[0-9]+}}.dump
func.func @main(%x: tensor<1x1x2x2xf32>) -> tensor<1x1x4x4xf32> {
  %sizes = arith.constant dense<[4, 4]> : tensor<2xi64>
  %scales = arith.constant dense<[1.0, 1.0]> : tensor<2xf32>
  %axes = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %sizes, %scales, %axes {mode = linear, shape_calculation_mode = sizes}
       : (tensor<1x1x2x2xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x1x4x4xf32>
  return %r : tensor<1x1x4x4xf32>
}
