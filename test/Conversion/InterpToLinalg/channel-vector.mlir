// RUN: interp-opt %s -split-input-file --interp-annotate-plans | FileCheck %s --check-prefix=PLAN
// RUN: interp-opt %s -split-input-file --convert-interp-to-linalg --canonicalize | FileCheck %s
// RUN: interp-opt %s -split-input-file --convert-interp-to-linalg=portable=true | FileCheck %s --check-prefix=PORTABLE

// The fixed-point pass along W of an NHWC image with 2 to 4 channels sums
// each pixel's channels in vectors (ChannelVectorPass.cpp): groups of 4 taps
// from one 16-byte load, shuffled into channel pairs (taps k, k+1),
// widened to 16 bits, and pairwise multiply-adds with the
// 16-bit halves of the weights. Only where the source's pixels are
// interleaved (checked on its strides when the code runs); elsewhere the
// generic pass. Portable lowerings keep the generic pass.
// Unsigned bytes widen by interleaving zero bytes (x itself, no offset).

// PLAN-LABEL: func.func @rgb_u8
// PLAN: interp.plan = {channel_vector = [1], kind = "separable", order = [1], store_every_pass = true,
// CHECK-LABEL: func.func @rgb_u8
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0> : vector<16xi8>
// CHECK: %[[BUF:.*]] = bufferization.to_buffer %{{.*}} read_only
// CHECK: %{{.*}}, %{{.*}}, %{{.*}}:4, %[[STRIDES:.*]]:4 = memref.extract_strided_metadata %[[BUF]]
// CHECK: %[[FLAT:.*]] = memref.reinterpret_cast %[[BUF]] to offset: [%{{.*}}], sizes: [%{{.*}}], strides: [1]
// CHECK: %[[UNIT:.*]] = arith.cmpi eq, %[[STRIDES]]#3, %c1
// CHECK: %[[PACKED:.*]] = arith.cmpi eq, %[[STRIDES]]#2, %c3
// CHECK: %[[INTERLEAVED:.*]] = arith.andi %[[UNIT]], %[[PACKED]]
// CHECK: scf.if %[[INTERLEAVED]]
// CHECK: scf.forall
// CHECK: %[[BYTES:.*]] = vector.load %[[FLAT]][%{{.*}}] : memref<?xui8, strided<[1], offset: ?>>, vector<16xui8>
// CHECK: %[[SIGNLESS:.*]] = builtin.unrealized_conversion_cast %[[BYTES]]
// CHECK: %[[PAIRS:.*]] = vector.shuffle %[[SIGNLESS]], %[[SIGNLESS]] [0, 3, 1, 4, 2, 5, 0, 3, 6, 9, 7, 10, 8, 11, 6, 9]
// CHECK: %[[ZEROED:.*]] = vector.shuffle %[[PAIRS]], %[[ZERO]] [0, 16, 1, 16, 2, 16, 3, 16, 4, 16, 5, 16, 6, 16, 7, 16, 8, 16, 9, 16, 10, 16, 11, 16, 12, 16, 13, 16, 14, 16, 15, 16]
// CHECK: %[[WIDE:.*]] = vector.bitcast %[[ZEROED]] : vector<32xi8> to vector<16xi16>
// CHECK: %[[W:.*]] = vector.transfer_read %{{.*}} {in_bounds = [true]} : tensor<5x2x16xi16>, vector<16xi16>
// CHECK: vector.shuffle %[[WIDE]], %[[WIDE]] [0, 2, 4, 6, 8, 10, 12, 14]
// CHECK: vector.shuffle %[[W]], %[[W]] [0, 2, 4, 6, 8, 10, 12, 14]
// CHECK: arith.muli {{.*}} : vector<8xi32>
// CHECK: vector.shuffle %[[WIDE]], %[[WIDE]] [1, 3, 5, 7, 9, 11, 13, 15]
// CHECK: arith.muli {{.*}} : vector<8xi32>
// CHECK: arith.addi {{.*}} : vector<8xi32>
// The high halves of the 22-bit weights count 2^15 times.
// CHECK: arith.shli %{{.*}}, %{{.*}} : vector<8xi32>
// CHECK: vector.extract_strided_slice %{{.*}} {offsets = [0], sizes = [4], strides = [1]}
// CHECK: vector.extract_strided_slice %{{.*}} {offsets = [4], sizes = [4], strides = [1]}
// CHECK: arith.shrsi %{{.*}} : vector<4xi32>
// CHECK: arith.maxsi
// CHECK: arith.minsi
// CHECK: arith.trunci %{{.*}} : vector<4xi32> to vector<4xi8>
// CHECK-COUNT-3: tensor.insert
// The last outputs read the row's last pixels lane by lane.
// CHECK: memref.load %[[FLAT]]
// CHECK: vector.from_elements
// CHECK: tensor.parallel_insert_slice
// CHECK: } else {
// CHECK: linalg.generic
// PORTABLE-LABEL: func.func @rgb_u8
// PORTABLE-NOT: vector.
// PORTABLE: return
func.func @rgb_u8(%x: tensor<1x2x12x3xui8>) -> tensor<1x2x5x3xui8> {
  %s = arith.constant dense<[2, 5]> : tensor<2xi64>
  %a = arith.constant dense<[1, 2]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %s, %a {mode = bilinear_pillow, shape_calculation_mode = sizes}
     : (tensor<1x2x12x3xui8>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x2x5x3xui8>
  return %r : tensor<1x2x5x3xui8>
}

// -----

// Signed data: no offset, sign extension of the bytes as they are.
// PLAN-LABEL: func.func @rgbx_i8
// PLAN: channel_vector = [1]
// CHECK-LABEL: func.func @rgbx_i8
// CHECK: vector.shuffle %{{.*}}, %{{.*}} [0, 4, 1, 5, 2, 6, 3, 7, 8, 12, 9, 13, 10, 14, 11, 15]
// CHECK-NOT: arith.xori
// CHECK: arith.extsi %{{.*}} : vector<16xi8> to vector<16xi16>
func.func @rgbx_i8(%x: tensor<9x16x4xi8>) -> tensor<4x7x4xi8> {
  %s = arith.constant dense<[4, 7]> : tensor<2xi64>
  %a = arith.constant dense<[0, 1]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %s, %a {mode = bicubic_pillow, shape_calculation_mode = sizes, cube_coeff = -0.5}
     : (tensor<9x16x4xi8>, tensor<2xi64>, tensor<2xi64>) -> tensor<4x7x4xi8>
  return %r : tensor<4x7x4xi8>
}

// -----

// PyTorch's arithmetic: every weight fits 16 bits, one multiply-add per
// group and no high halves.
// PLAN-LABEL: func.func @torch_u8
// PLAN: channel_vector = [1]
// CHECK-LABEL: func.func @torch_u8
// CHECK: vector.load
// CHECK-NOT: arith.shli %{{.*}} : vector<8xi32>
// CHECK: arith.shrsi %{{.*}} : vector<4xi32>
func.func @torch_u8(%x: tensor<1x20x30x3xui8>) -> tensor<1x8x11x3xui8> {
  %s = arith.constant dense<[8, 11]> : tensor<2xi64>
  %a = arith.constant dense<[1, 2]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %s, %a {mode = bilinear_pillow, shape_calculation_mode = sizes, antialias = true, integer_arithmetic = pytorch}
     : (tensor<1x20x30x3xui8>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x8x11x3xui8>
  return %r : tensor<1x8x11x3xui8>
}

// -----

// Not for: more than 4 channels, float data.
// PLAN-LABEL: func.func @not_channel_vector
// PLAN-NOT: channel_vector
// PLAN: return
// CHECK-LABEL: func.func @not_channel_vector
// CHECK-NOT: vector.load
// CHECK: return
func.func @not_channel_vector(%b: tensor<20x30x5xui8>, %c: tensor<20x30x3xf32>)
    -> (tensor<8x11x5xui8>, tensor<8x11x3xf32>) {
  %s = arith.constant dense<[8, 11]> : tensor<2xi64>
  %ay = arith.constant dense<[0, 1]> : tensor<2xi64>
  %1 = interp.interpolate_v11 %b, %s, %ay {mode = bilinear_pillow, shape_calculation_mode = sizes}
     : (tensor<20x30x5xui8>, tensor<2xi64>, tensor<2xi64>) -> tensor<8x11x5xui8>
  %2 = interp.interpolate_v11 %c, %s, %ay {mode = bilinear_pillow, shape_calculation_mode = sizes}
     : (tensor<20x30x3xf32>, tensor<2xi64>, tensor<2xi64>) -> tensor<8x11x3xf32>
  return %1, %2 : tensor<8x11x5xui8>, tensor<8x11x3xf32>
}

// -----

// One channel: the pass along the last axis (W of NCHW) sums 16 taps per
// group, all lanes one output's, reduced at the end.
// PLAN-LABEL: func.func @nchw_u8
// PLAN: channel_vector = [1]
// CHECK-LABEL: func.func @nchw_u8
// CHECK: %[[UNIT:.*]] = arith.cmpi eq, %{{.*}}#3, %c1
// CHECK: scf.if %[[UNIT]]
// CHECK: %[[BYTES:.*]] = vector.load {{.*}} vector<16xui8>
// CHECK-NOT: vector.shuffle %{{.*}}, %{{.*}} [0, 3
// CHECK: vector.shuffle %{{.*}}, %{{.*}} [0, 16, 1, 16
// CHECK: vector.reduction <add>, %{{.*}} : vector<8xi32> into i32
// CHECK: arith.shrsi %{{.*}}, %{{.*}} : i32
// CHECK: tensor.insert %{{.*}} into %{{.*}}[%{{.*}}] : tensor<7xui8>
func.func @nchw_u8(%x: tensor<1x3x20x30xui8>) -> tensor<1x3x8x7xui8> {
  %s = arith.constant dense<[8, 7]> : tensor<2xi64>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %s, %a {mode = bilinear_pillow, shape_calculation_mode = sizes}
     : (tensor<1x3x20x30xui8>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x3x8x7xui8>
  return %r : tensor<1x3x8x7xui8>
}

// -----

// A pinned plan may turn the form off (the generic pass everywhere).
// PLAN-LABEL: func.func @pinned_off
// PLAN-NOT: channel_vector
// PLAN: interp.plan = {kind = "separable", order = [1]
// CHECK-LABEL: func.func @pinned_off
// CHECK-NOT: vector.load
// CHECK: return
func.func @pinned_off(%x: tensor<1x2x12x3xui8>) -> tensor<1x2x5x3xui8> {
  %s = arith.constant dense<[2, 5]> : tensor<2xi64>
  %a = arith.constant dense<[1, 2]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %s, %a {interp.plan = {channel_vector = [], kind = "separable"}, mode = bilinear_pillow, shape_calculation_mode = sizes}
     : (tensor<1x2x12x3xui8>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x2x5x3xui8>
  return %r : tensor<1x2x5x3xui8>
}

// -----

// Run-time tables (run-time lengths): the weight lanes and the first output whose loads could leave the row are computed by linalg ops
// from the tables the runtime library fills.
// PLAN-LABEL: func.func @runtime_tables
// PLAN: channel_vector = [1]
// CHECK-LABEL: func.func @runtime_tables
// CHECK: call @interp_axis_table_fill_pillow_i32
// CHECK: arith.ceildivui %{{.*}}, %c4 : index
// CHECK: linalg.generic {{.*}} outs(%{{.*}}, %{{.*}} : tensor<9x?x16xi16>, tensor<9x?x16xi16>)
// CHECK-NOT: iterator_types = ["parallel", "reduction"]
// CHECK: linalg.generic {{.*}} iterator_types = ["reduction"]
// CHECK: arith.minsi
// CHECK: scf.forall
// CHECK: vector.load {{.*}} vector<16xui8>
func.func @runtime_tables(%x: tensor<1x?x?x3xui8>) -> tensor<1x7x9x3xui8> {
  %s = arith.constant dense<[7, 9]> : tensor<2xi64>
  %a = arith.constant dense<[1, 2]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %s, %a {mode = bicubic_pillow, shape_calculation_mode = sizes, cube_coeff = -0.5}
     : (tensor<1x?x?x3xui8>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x7x9x3xui8>
  return %r : tensor<1x7x9x3xui8>
}

// -----

// Four outputs at a time: their sums joined into one vector of 4 lanes per
// pixel plus the rounding bias, shifted, clamped and narrowed once (x86:
// vpmovusdb or saturating packs), each pixel's C lanes kept. Into the
// tensor between two passes (here the W pass runs first) the row is
// collapsed to one run of elements and the 4 pixels are one write;
// the outputs past the last whole block, and the row's tail, one at a time.
// PLAN-LABEL: func.func @rgb_blocks_intermediate
// PLAN: channel_vector = [1], kind = "separable", order = [1, 0]
// CHECK-LABEL: func.func @rgb_blocks_intermediate
// CHECK-DAG: %[[BIAS:.*]] = arith.constant dense<2097152> : vector<16xi32>
// CHECK: scf.forall
// CHECK: %[[ROW:.*]] = tensor.collapse_shape %{{.*}} {{\[\[}}0, 1]] : tensor<12x3xui8> into tensor<36xui8>
// CHECK: scf.for %[[O:.*]] = %c0 to %c8 step %c4 iter_args(%[[R:.*]] = %[[ROW]])
// CHECK-COUNT-2: vector.shuffle %{{.*}}, %{{.*}} [0, 1, 2, 3, 8, 9, 10, 11] : vector<8xi32>, vector<8xi32>
// CHECK: %[[JOINED:.*]] = vector.shuffle %{{.*}}, %{{.*}} [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] : vector<8xi32>, vector<8xi32>
// CHECK: %[[BIASED:.*]] = arith.addi %[[JOINED]], %[[BIAS]] : vector<16xi32>
// CHECK: arith.shrsi %[[BIASED]], %{{.*}} : vector<16xi32>
// CHECK: arith.trunci %{{.*}} : vector<16xi32> to vector<16xi8>
// CHECK: %[[KEPT:.*]] = vector.shuffle %{{.*}}, %{{.*}} [0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14] : vector<16xui8>, vector<16xui8>
// CHECK: %[[AT:.*]] = arith.muli %[[O]], %c3 : index
// CHECK: vector.transfer_write %[[KEPT]], %[[R]][%[[AT]]] {in_bounds = [true]} : vector<12xui8>, tensor<36xui8>
// CHECK: scf.for %{{.*}} = %c8 to %c10 step %c1
// CHECK: scf.for %{{.*}} = %c10 to %c12 step %c1
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [12, 3] : tensor<36xui8> into tensor<12x3xui8>
// CHECK: tensor.parallel_insert_slice
func.func @rgb_blocks_intermediate(%x: tensor<1x6x40x3xui8>) -> tensor<1x3x12x3xui8> {
  %s = arith.constant dense<[3, 12]> : tensor<2xi64>
  %a = arith.constant dense<[1, 2]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %s, %a {mode = bilinear_pillow, shape_calculation_mode = sizes}
     : (tensor<1x6x40x3xui8>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x3x12x3xui8>
  return %r : tensor<1x3x12x3xui8>
}

// -----

// Into the op's result (the W pass is its only pass), whose layout the
// pass does not know: the block's sums are narrowed together but stored
// element by element into the [outputs, channels] row.
// CHECK-LABEL: func.func @rgb_blocks_into_result
// CHECK: scf.forall
// CHECK-NOT: tensor.collapse_shape
// CHECK: scf.for %{{.*}} = %c0 to %c8 step %c4
// CHECK: arith.trunci %{{.*}} : vector<16xi32> to vector<16xi8>
// CHECK-COUNT-12: tensor.insert %{{.*}} into %{{.*}}[%{{.*}}, %{{.*}}] : tensor<12x3xui8>
// CHECK-NOT: vector.transfer_write
// CHECK: scf.for %{{.*}} = %c8 to %c10 step %c1
func.func @rgb_blocks_into_result(%x: tensor<1x3x40x3xui8>) -> tensor<1x3x12x3xui8> {
  %s = arith.constant dense<[3, 12]> : tensor<2xi64>
  %a = arith.constant dense<[1, 2]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %s, %a {mode = bilinear_pillow, shape_calculation_mode = sizes}
     : (tensor<1x3x40x3xui8>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x3x12x3xui8>
  return %r : tensor<1x3x12x3xui8>
}

// -----

// One channel: the four outputs' 8 partial sums reduced together by
// pairwise adds of shuffled lanes, [o0 o1 o2 o3], and written as one
// vector into the intermediate tensor's row.
// CHECK-LABEL: func.func @nchw_blocks_intermediate
// CHECK: scf.for %{{.*}} = %c0 to %{{.*}} step %c4
// CHECK-COUNT-2: vector.shuffle %{{.*}}, %{{.*}} [0, 2, 4, 6, 8, 10, 12, 14] : vector<8xi32>, vector<8xi32>
// CHECK: vector.shuffle %{{.*}}, %{{.*}} [0, 2, 4, 6] : vector<8xi32>, vector<8xi32>
// CHECK: arith.trunci %{{.*}} : vector<4xi32> to vector<4xi8>
// CHECK: vector.transfer_write %{{.*}}, %{{.*}}[%{{.*}}] {in_bounds = [true]} : vector<4xui8>, tensor<12xui8>
func.func @nchw_blocks_intermediate(%x: tensor<1x3x6x80xui8>) -> tensor<1x3x3x12xui8> {
  %s = arith.constant dense<[3, 12]> : tensor<2xi64>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %s, %a {mode = bilinear_pillow, shape_calculation_mode = sizes}
     : (tensor<1x3x6x80xui8>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x3x3x12xui8>
  return %r : tensor<1x3x3x12xui8>
}
