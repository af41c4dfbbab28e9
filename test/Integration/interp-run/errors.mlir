// Bad inputs and bad options: a clear message on stderr and exit status 1,
// never a crash.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %npytool save %t/good.npy float32 1x1x3x5 "np.arange(15)"

// The same file is accepted (so the failures below are about the inputs).
// RUN: interp-run %s --input=%t/good.npy --check | FileCheck %s --check-prefix=GOOD
// GOOD: result 0: shape=1x1x6x10 dtype=f32
// GOOD: check passed
// --arg-shape sizes the dynamic dims of random data.
// RUN: interp-run %s --arg-shape=0=1x1x2x7 --check | FileCheck %s --check-prefix=ARGSHAPE
// ARGSHAPE: argument 0: shape=1x1x2x7 dtype=f32 {{.*}} source=random(seed=0)
// ARGSHAPE: result 0: shape=1x1x4x14 dtype=f32
// ARGSHAPE: check passed

// RUN: not interp-run %s --input=%t/missing.npy 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: interp-run: error: '{{.*}}missing.npy': cannot read: {{[Nn]}}o such file or directory

// RUN: %npytool raw %t/text.npy "1 2 3 4"
// RUN: not interp-run %s --input=%t/text.npy 2>&1 | FileCheck %s --check-prefix=NOTNPY
// NOTNPY: interp-run: error: '{{.*}}text.npy': not a .npy file (no \x93NUMPY magic)

// RUN: %npytool raw %t/short.npy "x"
// RUN: not interp-run %s --input=%t/short.npy 2>&1 | FileCheck %s --check-prefix=SHORT
// SHORT: interp-run: error: '{{.*}}short.npy': not a .npy file (too short)

// 1x1x3x5 float32: 128 header bytes + 60 data bytes.
// RUN: %npytool save %t/trunc.npy float32 1x1x3x5 "np.arange(15)" --truncate 4
// RUN: not interp-run %s --input=%t/trunc.npy 2>&1 | FileCheck %s --check-prefix=TRUNC
// TRUNC: interp-run: error: '{{.*}}trunc.npy': truncated .npy file: shape 1x1x3x5 of float32 needs 60 bytes of data, the file has 56

// RUN: %npytool save %t/trunc-header.npy float32 1x1x3x5 "np.arange(15)" --truncate 150
// RUN: not interp-run %s --input=%t/trunc-header.npy 2>&1 | FileCheck %s --check-prefix=TRUNC-HEADER
// TRUNC-HEADER: interp-run: error: '{{.*}}trunc-header.npy': truncated .npy header (the header claims 118 bytes, the file has 28 after the preamble)

// RUN: %npytool save %t/fortran.npy float32 1x1x3x5 "np.arange(15)" --fortran
// RUN: not interp-run %s --input=%t/fortran.npy 2>&1 | FileCheck %s --check-prefix=FORTRAN
// FORTRAN: interp-run: error: '{{.*}}fortran.npy': Fortran-ordered arrays are not supported; save a C-ordered copy (np.ascontiguousarray)

// RUN: %npytool save %t/big.npy float32 1x1x3x5 "np.arange(15)" --big-endian
// RUN: not interp-run %s --input=%t/big.npy 2>&1 | FileCheck %s --check-prefix=BIG
// BIG: interp-run: error: '{{.*}}big.npy': big-endian data ('>f4') is not supported; save it little-endian, e.g. with a.astype('<f4')

// RUN: %npytool save %t/f64.npy float64 1x1x3x5 "np.arange(15)"
// RUN: not interp-run %s --input=%t/f64.npy 2>&1 | FileCheck %s --check-prefix=DTYPE
// DTYPE: interp-run: error: '{{.*}}f64.npy' holds float64 ('f8'), but argument 0 (tensor<1x1x?x?xf32>) needs float32 ('f4')

// RUN: %npytool save %t/bool.npy bool 1x1x3x5 "np.arange(15) > 3"
// RUN: not interp-run %s --input=%t/bool.npy 2>&1 | FileCheck %s --check-prefix=BOOL
// BOOL: interp-run: error: '{{.*}}bool.npy' holds bool ('b1'), but argument 0 (tensor<1x1x?x?xf32>) needs float32 ('f4')

// RUN: not interp-run %s --function=bf16 --input=%t/good.npy 2>&1 | FileCheck %s --check-prefix=BF16
// BF16: interp-run: error: '{{.*}}good.npy' holds float32 ('f4'), but argument 0 (tensor<4xbf16>) needs uint16 ('u2'): bf16 data is passed as its uint16 bits

// RUN: %npytool save %t/shape.npy float32 1x2x3x5 "np.arange(30)"
// RUN: not interp-run %s --input=%t/shape.npy 2>&1 | FileCheck %s --check-prefix=SHAPE
// SHAPE: interp-run: error: '{{.*}}shape.npy' (for argument 0) has shape 1x2x3x5, but the argument type is tensor<1x1x?x?xf32>

// RUN: %npytool save %t/rank.npy float32 3x5 "np.arange(15)"
// RUN: not interp-run %s --input=%t/rank.npy 2>&1 | FileCheck %s --check-prefix=RANK
// RANK: interp-run: error: '{{.*}}rank.npy' (for argument 0) has shape 3x5, but the argument type is tensor<1x1x?x?xf32>

// RUN: not interp-run %s 2>&1 | FileCheck %s --check-prefix=DYNAMIC
// DYNAMIC: interp-run: error: argument 0 (tensor<1x1x?x?xf32>) has a dynamic dimension 2: give its full shape with --arg-shape=0=D0x... or pass an --input file

// RUN: not interp-run %s --arg-shape=0=1x2x3x3 2>&1 | FileCheck %s --check-prefix=ARGSHAPE-BAD
// ARGSHAPE-BAD: interp-run: error: --arg-shape for argument 0 has shape 1x2x3x3, but the argument type is tensor<1x1x?x?xf32>
// RUN: not interp-run %s --arg-shape=1=4 2>&1 | FileCheck %s --check-prefix=ARGSHAPE-INDEX
// ARGSHAPE-INDEX: interp-run: error: --arg-shape='1=4': the function has 1 argument(s)
// RUN: not interp-run %s --arg-shape=0=1xAx3x3 2>&1 | FileCheck %s --check-prefix=ARGSHAPE-SYNTAX
// ARGSHAPE-SYNTAX: interp-run: error: --arg-shape='0=1xAx3x3': 'A' is not a non-negative dimension size
// RUN: not interp-run %s --input=%t/good.npy --arg-shape=0=1x1x3x4 2>&1 | FileCheck %s --check-prefix=ARGSHAPE-FILE
// ARGSHAPE-FILE: interp-run: error: --arg-shape gives argument 0 shape 1x1x3x4, but '{{.*}}good.npy' has 1x1x3x5

// RUN: not interp-run %s --input=%t/good.npy --input=%t/good.npy 2>&1 | FileCheck %s --check-prefix=TOOMANY
// TOOMANY: interp-run: error: got 2 --input files, but 'main' takes 1 argument(s)

// RUN: not interp-run %s --function=nope 2>&1 | FileCheck %s --check-prefix=NOFUNC
// NOFUNC: interp-run: error: no function 'nope' in '{{.*}}errors.mlir' (functions: main, bf16, hidden, adds, i16)
// RUN: not interp-run %s --function=hidden 2>&1 | FileCheck %s --check-prefix=PRIVATE
// PRIVATE: interp-run: error: cannot call 'hidden': it is private (only public functions can be called)
// RUN: not interp-run %s --function=i16 2>&1 | FileCheck %s --check-prefix=I16
// I16: interp-run: error: cannot call 'i16': argument 0 has type tensor<4xi16>; callable functions take and return ranked tensors of f16, bf16, f32, f64, i8, ui8, i32 or i64

// --check refuses what the reference cannot evaluate, before compiling.
// RUN: not interp-run %s --function=adds --check 2>&1 | FileCheck %s --check-prefix=BADOP
// BADOP: interp-run: error: --check supports functions made of interp ops, constants and tensor.cast; found 'arith.addf' at {{.*}}errors.mlir:{{[0-9]+}}:8

// RUN: not interp-run %s --input=%t/good.npy --check --tolerance=1e-4,x 2>&1 | FileCheck %s --check-prefix=TOL
// TOL: interp-run: error: --tolerance='1e-4,x': expected ABS,REL (two non-negative numbers, e.g. 1e-4,1e-4) or one number for both

// RUN: not interp-run %t/nothing.mlir 2>&1 | FileCheck %s --check-prefix=NOMLIR
// NOMLIR: interp-run: error: cannot read '{{.*}}nothing.mlir': {{.*}}o such file or directory
// RUN: not interp-run %S/Inputs/unparsable.mlir 2>&1 | FileCheck %s --check-prefix=UNPARSABLE
// UNPARSABLE: unparsable.mlir:2:34: error: expected ')'
// UNPARSABLE: interp-run: error: cannot parse '{{.*}}unparsable.mlir' as a valid MLIR module (see the diagnostics above)
// RUN: not interp-run %S/Inputs/invalid-op.mlir 2>&1 | FileCheck %s --check-prefix=INVALID
// INVALID: invalid-op.mlir:4:8: error: 'interp.interpolate_v1'
// INVALID: interp-run: error: cannot parse '{{.*}}invalid-op.mlir' as a valid MLIR module (see the diagnostics above)

func.func @main(%x: tensor<1x1x?x?xf32>) -> tensor<1x1x?x?xf32> {
  %sizes = arith.constant dense<[1, 1]> : tensor<2xi64>
  %scales = arith.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %axes = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %sizes, %scales, %axes
         {mode = linear_onnx, shape_calculation_mode = scales}
       : (tensor<1x1x?x?xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x1x?x?xf32>
  return %r : tensor<1x1x?x?xf32>
}

func.func @bf16(%x: tensor<4xbf16>) -> tensor<4xbf16> {
  return %x : tensor<4xbf16>
}

func.func private @hidden(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

func.func @adds(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = arith.addf %x, %x : tensor<4xf32>
  return %y : tensor<4xf32>
}

func.func @i16(%x: tensor<4xi16>) -> tensor<4xi16> {
  return %x : tensor<4xi16>
}
