// Benchmark kernels: one function per workload of the "Performance" issue,
// in destination-passing style: each function takes the input tensor and a
// preallocated output buffer (a memref, owned by the caller) and writes the
// result into it with `bufferization.materialize_in_destination ... restrict
// writable`; it returns nothing.
//
// Why not `%out: tensor<...> {bufferization.writable = true}` returned
// through `tensor.insert_slice`: the canonicalizer that runs before One-Shot
// Bufferize folds a full-size insert_slice into its source, so %out is dropped
// and the result comes back in a fresh allocation. And a returned tensor that
// aliases an argument (materialize_in_destination into a tensor %out) gets a
// `bufferization.clone` from the ownership-based deallocation of a public
// function: a second copy plus a malloc the caller must free. The memref
// destination has neither problem.
//
// With the current interp-to-llvm pipeline there is still one memref.copy
// (the last pass's temporary -> %out) per call; adding
// `eliminate-empty-tensors` before one-shot-bufferize removes it for every
// static kernel (checked with --pass-pipeline: the last linalg.generic then
// writes %out directly). w1_dyn keeps its copy (its result comes out of an
// scf.if with a fully dynamic layout, lowered to the generic memrefCopy).
//
// Compiled ahead of time by benchmarks/CMakeLists.txt:
//   interp-opt --interp-to-llvm | mlir-translate --mlir-to-llvmir | clang -O3 -march=native -c
// and called through the C interface (_mlir_ciface_<name>) by interp-bench.
//
// | name   | op                                          | shape                                 |
// |--------|---------------------------------------------|---------------------------------------|
// | w1     | linear_onnx, half_pixel, x2 up              | 1x3x540x960 -> 1x3x1080x1920 f32      |
// | w2     | linear_onnx, half_pixel, down, no antialias | 1x3x1080x1920 -> 1x3x224x224 f32      |
// | w3     | nearest, asymmetric + floor, x2 up          | 1x64x128x128 -> 1x64x256x256 f32      |
// | w4     | cubic, cube_coeff -0.75, half_pixel, x2 up  | 1x3x256x256 -> 1x3x512x512 f32        |
// | w5     | linear + antialias, half_pixel, /4 down     | 1x3x1080x1920 -> 1x3x270x480 f32      |
// | w6     | linear_onnx, half_pixel, x2 up, 5-D         | 1x8x32x64x64 -> 1x8x64x128x128 f32    |
// | w7     | nearest, asymmetric + floor, /2 down        | 1x3x1080x1920 -> 1x3x540x960 f32      |
// | w1_f16 | W1 in f16                                   | 1x3x540x960 -> 1x3x1080x1920 f16      |
// | w1_u8  | W1 in ui8                                   | 1x3x540x960 -> 1x3x1080x1920 ui8      |
// | w1_dyn | W1 with data 1x3x?x? and run-time sizes     | 1x3x?x? -> 1x3x?x? f32                |

// W1: linear_onnx, half_pixel, x2 up.
func.func @w1(%x: tensor<1x3x540x960xf32>, %out: memref<1x3x1080x1920xf32>) attributes {llvm.emit_c_interface} {
  %sizes = arith.constant dense<[1080, 1920]> : tensor<2xi64>
  %scales = arith.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %axes = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %sizes, %scales, %axes {mode = linear_onnx, shape_calculation_mode = sizes}
       : (tensor<1x3x540x960xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x3x1080x1920xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<1x3x1080x1920xf32>, memref<1x3x1080x1920xf32>) -> ()
  return
}

// W2: linear_onnx, half_pixel, down to 224x224, no antialias.
func.func @w2(%x: tensor<1x3x1080x1920xf32>, %out: memref<1x3x224x224xf32>) attributes {llvm.emit_c_interface} {
  %sizes = arith.constant dense<[224, 224]> : tensor<2xi64>
  %scales = arith.constant dense<[0.207407, 0.116667]> : tensor<2xf32>
  %axes = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %sizes, %scales, %axes {mode = linear_onnx, shape_calculation_mode = sizes}
       : (tensor<1x3x1080x1920xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x3x224x224xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<1x3x224x224xf32>, memref<1x3x224x224xf32>) -> ()
  return
}

// W3: nearest, asymmetric + floor, x2 up.
func.func @w3(%x: tensor<1x64x128x128xf32>, %out: memref<1x64x256x256xf32>) attributes {llvm.emit_c_interface} {
  %sizes = arith.constant dense<[256, 256]> : tensor<2xi64>
  %scales = arith.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %axes = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %sizes, %scales, %axes {mode = nearest, shape_calculation_mode = sizes, coordinate_transformation_mode = asymmetric, nearest_mode = floor}
       : (tensor<1x64x128x128xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x64x256x256xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<1x64x256x256xf32>, memref<1x64x256x256xf32>) -> ()
  return
}

// W4: cubic, cube_coeff -0.75 (the default), half_pixel, x2 up.
func.func @w4(%x: tensor<1x3x256x256xf32>, %out: memref<1x3x512x512xf32>) attributes {llvm.emit_c_interface} {
  %sizes = arith.constant dense<[512, 512]> : tensor<2xi64>
  %scales = arith.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %axes = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %sizes, %scales, %axes {mode = cubic, shape_calculation_mode = sizes, cube_coeff = -0.75}
       : (tensor<1x3x256x256xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x3x512x512xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<1x3x512x512xf32>, memref<1x3x512x512xf32>) -> ()
  return
}

// W5: linear with antialias, half_pixel, /4 down (shape from scales 0.25).
func.func @w5(%x: tensor<1x3x1080x1920xf32>, %out: memref<1x3x270x480xf32>) attributes {llvm.emit_c_interface} {
  %sizes = arith.constant dense<[270, 480]> : tensor<2xi64>
  %scales = arith.constant dense<[0.25, 0.25]> : tensor<2xf32>
  %axes = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %sizes, %scales, %axes {mode = linear, shape_calculation_mode = scales, antialias = true}
       : (tensor<1x3x1080x1920xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x3x270x480xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<1x3x270x480xf32>, memref<1x3x270x480xf32>) -> ()
  return
}

// W6: linear_onnx, half_pixel, x2 up on the three spatial axes of a 5-D tensor.
func.func @w6(%x: tensor<1x8x32x64x64xf32>, %out: memref<1x8x64x128x128xf32>) attributes {llvm.emit_c_interface} {
  %sizes = arith.constant dense<[64, 128, 128]> : tensor<3xi64>
  %scales = arith.constant dense<[2.0, 2.0, 2.0]> : tensor<3xf32>
  %axes = arith.constant dense<[2, 3, 4]> : tensor<3xi64>
  %r = interp.interpolate_v4 %x, %sizes, %scales, %axes {mode = linear_onnx, shape_calculation_mode = sizes}
       : (tensor<1x8x32x64x64xf32>, tensor<3xi64>, tensor<3xf32>, tensor<3xi64>) -> tensor<1x8x64x128x128xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<1x8x64x128x128xf32>, memref<1x8x64x128x128xf32>) -> ()
  return
}

// W7: nearest, asymmetric + floor, /2 down.
func.func @w7(%x: tensor<1x3x1080x1920xf32>, %out: memref<1x3x540x960xf32>) attributes {llvm.emit_c_interface} {
  %sizes = arith.constant dense<[540, 960]> : tensor<2xi64>
  %scales = arith.constant dense<[0.5, 0.5]> : tensor<2xf32>
  %axes = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %sizes, %scales, %axes {mode = nearest, shape_calculation_mode = sizes, coordinate_transformation_mode = asymmetric, nearest_mode = floor}
       : (tensor<1x3x1080x1920xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x3x540x960xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<1x3x540x960xf32>, memref<1x3x540x960xf32>) -> ()
  return
}

// W1 in f16 (weights and accumulation in f32, result rounded to f16).
func.func @w1_f16(%x: tensor<1x3x540x960xf16>, %out: memref<1x3x1080x1920xf16>) attributes {llvm.emit_c_interface} {
  %sizes = arith.constant dense<[1080, 1920]> : tensor<2xi64>
  %scales = arith.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %axes = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %sizes, %scales, %axes {mode = linear_onnx, shape_calculation_mode = sizes}
       : (tensor<1x3x540x960xf16>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x3x1080x1920xf16>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<1x3x1080x1920xf16>, memref<1x3x1080x1920xf16>) -> ()
  return
}

// W1 in ui8 (f32 accumulation, rounded half to even and saturated to ui8).
func.func @w1_u8(%x: tensor<1x3x540x960xui8>, %out: memref<1x3x1080x1920xui8>) attributes {llvm.emit_c_interface} {
  %sizes = arith.constant dense<[1080, 1920]> : tensor<2xi64>
  %scales = arith.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %axes = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %sizes, %scales, %axes {mode = linear_onnx, shape_calculation_mode = sizes}
       : (tensor<1x3x540x960xui8>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x3x1080x1920xui8>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<1x3x1080x1920xui8>, memref<1x3x1080x1920xui8>) -> ()
  return
}

// W1 with a dynamic spatial shape: data 1x3x?x?, sizes passed at run time
// (the per-axis tables are built by libinterp_runtime at every call). The
// caller's output must be 1x3x<sizes[0]>x<sizes[1]>.
func.func @w1_dyn(%x: tensor<1x3x?x?xf32>, %sizes: tensor<2xi64>, %out: memref<1x3x?x?xf32>) attributes {llvm.emit_c_interface} {
  %scales = arith.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %axes = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %sizes, %scales, %axes {mode = linear_onnx, shape_calculation_mode = sizes}
       : (tensor<1x3x?x?xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x3x?x?xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<1x3x?x?xf32>, memref<1x3x?x?xf32>) -> ()
  return
}
