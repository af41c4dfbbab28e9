// Model files are untrusted input: element counts chosen to overflow, steps
// that overflow, results that grow without bound. Each must end in a
// diagnostic and a non-zero exit (or the right result), never an abort.
// RUN: %python %S/Inputs/make_hostile.py %t.gather.onnx gather-huge
// RUN: not interp-translate --import-onnx %t.gather.onnx 2>&1 | FileCheck %s --check-prefix=GATHER
// RUN: %python %S/Inputs/make_hostile.py %t.slice.onnx slice-huge
// RUN: not interp-translate --import-onnx %t.slice.onnx 2>&1 | FileCheck %s --check-prefix=SLICE
// RUN: %python %S/Inputs/make_hostile.py %t.nodata.onnx no-data-2d
// RUN: not interp-translate --import-onnx %t.nodata.onnx 2>&1 | FileCheck %s --check-prefix=NODATA
// RUN: %python %S/Inputs/make_hostile.py %t.step.onnx slice-step
// RUN: interp-translate --import-onnx %t.step.onnx 2>&1 | FileCheck %s --check-prefix=STEP
// RUN: %python %S/Inputs/make_hostile.py %t.concat.onnx concat-repeat
// RUN: not interp-translate --import-onnx %t.concat.onnx 2>&1 | FileCheck %s --check-prefix=CONCAT
// A roi that is not finite (found by the importer fuzzer: NaN reached a
// float-to-int64 conversion, undefined behaviour).
// RUN: %python %S/Inputs/make_model.py %t.roi.onnx --mode nearest --sizes 1,1,8,8 --roi 0,0,0,0,1,1,nan,1 --attr coordinate_transformation_mode=tf_crop_and_resize
// RUN: not interp-translate --import-onnx %t.roi.onnx 2>&1 | FileCheck %s --check-prefix=ROI
// Nearest's per-output comparison with ONNX has one budget over all axes
// (2^24 outputs), so a model cannot make the import slow (the fuzzer's slow
// unit: 2^26 outputs on each of two axes); an empty result compares nothing.
// RUN: %python %S/Inputs/make_model.py %t.budget.onnx --mode nearest --sizes 1,1,16777216,2
// RUN: not interp-translate --import-onnx %t.budget.onnx 2>&1 | FileCheck %s --check-prefix=BUDGET
// RUN: %python %S/Inputs/make_model.py %t.empty.onnx --mode nearest --sizes 0,1,67108864,67108864
// RUN: interp-translate --import-onnx %t.empty.onnx 2>&1 | FileCheck %s --check-prefix=EMPTY
// The models that import lower and run (an empty result of huge
// dimensions included).
// RUN: interp-translate --import-onnx %t.step.onnx -o %t.step.mlir
// RUN: interp-translate --import-onnx %t.empty.onnx -o %t.empty.mlir
// RUN: interp-opt %t.step.mlir --interp-to-llvm -o /dev/null
// RUN: interp-opt %t.empty.mlir --interp-to-llvm -o /dev/null
// RUN: interp-run %t.step.mlir --check | FileCheck %s --check-prefix=EXEC
// RUN: interp-run %t.empty.mlir --check | FileCheck %s --check-prefix=EXEC

// GATHER: error: initializer 'data': shape [2305843009213693952] is larger than any buffer
// SLICE: error: initializer 'data': shape [2305843009213693952] is larger than any buffer
// NODATA: error: initializer 'data': shape [4294967296, 4294967296] is larger than any buffer
// STEP: %[[C:.*]] = arith.constant dense<2> : tensor<1xi64>
// STEP: return %[[C]]
// CONCAT: error: Concat node 'c': the result has more than 4096 elements; interp imports Concat on shape computations only
// ROI: error: Resize node 'resize': 'roi' must be finite
// BUDGET: error: Resize node 'resize': {{.*}}'mode': the resized axes have more than 16777216 outputs in all, too many to check at import time
// EMPTY: interp.interpolate_v4 {{.*}} -> tensor<0x1x67108864x67108864xf32>
// EXEC: check passed
