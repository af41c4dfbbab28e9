// Every benchmark workload's plan, as --interp-annotate-plans prints it
// (benchmarks/LOG.md has the measurements behind each choice).
// RUN: %python %interp_src_root/benchmarks/generate_workloads.py mlir %interp_src_root/benchmarks/workloads.json %t.mlir
// RUN: interp-opt --interp-annotate-plans %t.mlir | FileCheck %s
// RUN: interp-opt --interp-annotate-plans=portable=true %t.mlir | FileCheck %s --check-prefix=PORTABLE

// CHECK-LABEL: func.func @w1(
// CHECK: interp.plan = {direct_axes = [0, 1], fuse_outer_axis = false, kind = "direct", peeled = 0 : i64, tables = ["constant", "constant"], taps = [2, 2]}
// CHECK-LABEL: func.func @w3(
// CHECK: interp.plan = {kind = "nearest_copy", tables = ["constant", "constant"], taps = [1, 1]}
// CHECK-LABEL: func.func @w4(
// CHECK: interp.plan = {kind = "separable", order = [0, 1], store_every_pass = false, tables = ["constant", "constant"], taps = [4, 4]}
// CHECK-LABEL: func.func @w6(
// CHECK: interp.plan = {direct_axes = [0, 1, 2], fuse_outer_axis = true, kind = "direct", peeled = 1 : i64, tables = ["constant", "constant", "constant"], taps = [2, 2, 2]}
// CHECK-LABEL: func.func @w1_u8(
// CHECK: interp.plan = {direct_axes = [0, 1], fuse_outer_axis = true, kind = "direct", peeled = 1 : i64, tables = ["constant", "constant"], taps = [2, 2]}
// CHECK-LABEL: func.func @w1_dyn(
// CHECK: interp.plan = {kind = "runtime_ratios", order = [0, 1], ratios = {{\[\[}}2, 1], [1, 2]], tables = ["runtime", "runtime"], taps = [2, 2]}
// Pillow: the op's last axis first, every pass storing 8-bit data.
// CHECK-LABEL: func.func @w8(
// CHECK: interp.plan = {channel_vector = [1], kind = "separable", order = [1, 0], store_every_pass = true, tables = ["constant", "constant"], taps = [10, 18]}
// NHWC: the pass along H iterates each row's W x C elements as one run.
// CHECK-LABEL: func.func @img_aa(
// CHECK: interp.plan = {flat_rows = [0], kind = "separable", order = [0, 1], store_every_pass = false, tables = ["constant", "constant"], taps = [10, 18]}
// CHECK-LABEL: func.func @simd_bicubic(
// CHECK: interp.plan = {channel_vector = [1], flat_rows = [0], kind = "separable", order = [1, 0], store_every_pass = true, tables = ["constant", "constant"], taps = [32, 32]}
// CHECK-LABEL: func.func @serve(
// CHECK: interp.plan = {kind = "runtime_ratios", order = [0, 1], ratios = {{\[\[}}2, 1], [1, 2]], tables = ["runtime", "runtime"], taps = [2, 2]}

// Portable: no fused outer axis, no affine runs (so nearest gathers), and
// run-time tables computed by linalg ops.
// PORTABLE-LABEL: func.func @w1(
// PORTABLE: kind = "direct", peeled = 0 : i64
// PORTABLE-LABEL: func.func @w3(
// PORTABLE: interp.plan = {kind = "nearest_gather", tables = ["constant", "constant"], taps = [1, 1]}
// PORTABLE-LABEL: func.func @w6(
// PORTABLE: fuse_outer_axis = false
// PORTABLE-LABEL: func.func @w1_dyn(
// PORTABLE: interp.plan = {kind = "separable", order = [0, 1], store_every_pass = false, tables = ["computed", "computed"], taps = [2, 2]}
// PORTABLE-LABEL: func.func @img_aa(
// PORTABLE: interp.plan = {kind = "separable", order = [0, 1], store_every_pass = false, tables = ["constant", "constant"], taps = [10, 18]}
