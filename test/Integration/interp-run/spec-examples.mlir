// The specification's examples (examples/*.mlir) on random data, compiled
// and compared with the reference implementation.
//
// RUN: interp-run %interp_src_root/examples/interpolate_v4.mlir --check | FileCheck %s --check-prefix=V4
// RUN: interp-run %interp_src_root/examples/interpolate_v1.mlir --check --seed=5 | FileCheck %s --check-prefix=V1

// Interpolate-4: 1x2x48x80, scales [0.5, 2] on axes [2, 3]. The result
// type is tensor<?x?x?x?xf32>: the shape printed is the run-time one,
// floor(48 * 0.5) = 24 and floor(80 * 2) = 160.
// V4:      argument 0: shape=1x2x48x80 dtype=f32 elements=7680 {{.*}} source=random(seed=0)
// V4-NEXT: function @spec_example: 1 argument(s), 1 result(s)
// V4-NEXT: result 0: shape=1x2x24x160 dtype=f32 elements=7680 sum={{[-0-9.e]+}} min=-{{0\.[0-9]+}} max={{0\.[0-9]+}} fnv1a64={{[0-9a-f]+$}}
// V4-NEXT: check result 0: compared=7680 max_abs_diff={{[0-9.e+-]+}} max_rel_diff={{[0-9.e+-]+}} tolerance=2e-05,1e-05 mismatches=0 ok
// V4-NEXT: check passed

// Interpolate-1: target [50, 60] on axes [2, 3], linear, align_corners =
// false.
// V1:      argument 0: shape=1x2x48x80 dtype=f32 {{.*}} source=random(seed=5)
// V1-NEXT: function @spec_example_v1: 1 argument(s), 1 result(s)
// V1-NEXT: result 0: shape=1x2x50x60 dtype=f32 elements=6000
// V1-NEXT: check result 0: compared=6000 {{.*}} mismatches=0 ok
// V1-NEXT: check passed

// Random data is a function of the seed and the argument index only, and
// linear interpolation stays within the input range [-1, 1).
// RUN: interp-run %interp_src_root/examples/interpolate_v4.mlir --seed=7 > %t.a
// RUN: interp-run %interp_src_root/examples/interpolate_v4.mlir --seed=7 > %t.b
// RUN: interp-run %interp_src_root/examples/interpolate_v4.mlir --seed=8 > %t.c
// RUN: cat %t.a %t.b %t.c | FileCheck %s --check-prefix=SEED
// SEED:     argument 0: {{.*}} fnv1a64=[[ARG:[0-9a-f]+]] source=random(seed=7)
// SEED:     result 0: {{.*}} fnv1a64=[[RES:[0-9a-f]+]]
// SEED:     argument 0: {{.*}} fnv1a64=[[ARG]] source=random(seed=7)
// SEED:     result 0: {{.*}} fnv1a64=[[RES]]
// SEED-NOT: fnv1a64=[[ARG]]
// SEED:     argument 0: {{.*}} source=random(seed=8)
// SEED-NOT: fnv1a64=[[RES]]
