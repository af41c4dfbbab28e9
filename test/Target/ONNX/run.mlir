// Imported models run: interp-run compiles the function and --check
// compares it with interp's reference; the values are computed by hand from
// ONNX's formulas (X = 1, 2, 3, 4 as a 2x2 image).
// RUN: %python %S/Inputs/make_model.py %t.ac.onnx --shape 1,1,2,2 --mode linear --sizes 1,1,3,3 --attr coordinate_transformation_mode=align_corners --write-input %t.x.npy
// RUN: interp-translate --import-onnx %t.ac.onnx -o %t.ac.mlir
// RUN: interp-run %t.ac.mlir --input=%t.x.npy --print-values --check | FileCheck %s --check-prefix=AC
// RUN: %python %S/Inputs/make_model.py %t.up.onnx --op Upsample --opset 9 --shape 1,1,2,2 --mode nearest --scales 1,1,2,1.5
// RUN: interp-translate --import-onnx %t.up.onnx -o %t.up.mlir
// RUN: interp-run %t.up.mlir --input=%t.x.npy --print-values --check | FileCheck %s --check-prefix=UP

// align_corners, 2 -> 3: x = o * (2 - 1) / (3 - 1), so the middle row and
// column are the averages.
// AC: result 0: shape=1x1x3x3
// AC-NEXT: [0, 0, 0, :] 1 1.5 2
// AC-NEXT: [0, 0, 1, :] 2 2.5 3
// AC-NEXT: [0, 0, 2, :] 3 3.5 4
// AC: check passed

// Upsample-9 nearest (ONNX Runtime's rounding): rows o / 2 -> 0 0 1 1,
// columns trunc(o / 1.5) for o = 0, 1, 2 -> 0 0 1.
// UP: result 0: shape=1x1x4x3
// UP-NEXT: [0, 0, 0, :] 1 1 2
// UP-NEXT: [0, 0, 1, :] 1 1 2
// UP-NEXT: [0, 0, 2, :] 3 3 4
// UP-NEXT: [0, 0, 3, :] 3 3 4
// UP: check passed
