// Resize and Upsample nodes that interp computes exactly, one per RUN pair:
// the model is written by Inputs/make_model.py (python3-onnx), imported, and
// the interp.interpolate_v4 it becomes is checked. Why each configuration
// maps as it does: docs/ONNX.md, "the mapping table".
// RUN: %python %S/Inputs/make_model.py %t.linear.onnx --mode linear --scales 1,1,2,2
// RUN: interp-translate --import-onnx %t.linear.onnx --mlir-print-debuginfo | FileCheck %s --check-prefix=LINEAR
// RUN: %python %S/Inputs/make_model.py %t.axes.onnx --mode nearest --sizes 8,7 --attr axes=3,2
// RUN: interp-translate --import-onnx %t.axes.onnx | FileCheck %s --check-prefix=AXES
// RUN: %python %S/Inputs/make_model.py %t.linaxes.onnx --mode linear --sizes 8,7 --attr axes=-1,2
// RUN: interp-translate --import-onnx %t.linaxes.onnx | FileCheck %s --check-prefix=LINAXES
// RUN: %python %S/Inputs/make_model.py %t.cubic.onnx --mode cubic --scales 1,1,2,2 --attr cubic_coeff_a=-0.5 --attr coordinate_transformation_mode=asymmetric
// RUN: interp-translate --import-onnx %t.cubic.onnx | FileCheck %s --check-prefix=CUBIC
// RUN: %python %S/Inputs/make_model.py %t.up7.onnx --op Upsample --opset 7 --mode nearest --scales 1,1,2,3
// RUN: interp-translate --import-onnx %t.up7.onnx | FileCheck %s --check-prefix=UP7
// RUN: %python %S/Inputs/make_model.py %t.up9.onnx --op Upsample --opset 9 --mode linear --scales 1,1,2,2 --dtype uint8
// RUN: interp-translate --import-onnx %t.up9.onnx | FileCheck %s --check-prefix=UP9
// RUN: %python %S/Inputs/make_model.py %t.r10.onnx --opset 10 --mode linear --scales 1,1,0.5,0.5
// RUN: interp-translate --import-onnx %t.r10.onnx | FileCheck %s --check-prefix=R10
// RUN: %python %S/Inputs/make_model.py %t.r11.onnx --opset 11 --mode nearest --scales 1,1,2,2 --roi "" --attr coordinate_transformation_mode=tf_half_pixel_for_nn --attr nearest_mode=ceil
// RUN: interp-translate --import-onnx %t.r11.onnx | FileCheck %s --check-prefix=R11
// RUN: %python %S/Inputs/make_model.py %t.kar.onnx --mode nearest --shape 1,1,2,2 --sizes 7,8 --attr axes=2,3 --attr keep_aspect_ratio_policy=not_larger
// RUN: interp-translate --import-onnx %t.kar.onnx | FileCheck %s --check-prefix=KAR
// RUN: %python %S/Inputs/make_model.py %t.crop.onnx --mode linear --sizes 1,1,8,8 --roi 0,0,0,0,1,1,1,1 --attr coordinate_transformation_mode=tf_crop_and_resize --attr extrapolation_value=10.0
// RUN: interp-translate --import-onnx %t.crop.onnx | FileCheck %s --check-prefix=CROP
// RUN: %python %S/Inputs/make_model.py %t.hps.onnx --mode linear --sizes 1,1,6,3 --dtype float16 --attr coordinate_transformation_mode=half_pixel_symmetric
// RUN: interp-translate --import-onnx %t.hps.onnx | FileCheck %s --check-prefix=HPS
// RUN: %python %S/Inputs/make_model.py %t.aa.onnx --mode linear --shape 1,1,8,8 --scales 1,1,0.5,0.5 --attr antialias=1 --attr exclude_outside=1
// RUN: interp-translate --import-onnx %t.aa.onnx | FileCheck %s --check-prefix=AA
// RUN: %python %S/Inputs/make_model.py %t.const.onnx --mode cubic --scales 1,1,2,2 --constant-nodes --name up
// RUN: interp-translate --import-onnx %t.const.onnx --onnx-function-name=resize | FileCheck %s --check-prefix=CONST
// Every model also lowers through --interp-to-llvm and runs: interp-run
// compiles it and --check compares it with interp's reference.
// RUN: interp-translate --import-onnx %t.linear.onnx -o %t.linear.mlir
// RUN: interp-opt %t.linear.mlir --interp-to-llvm -o /dev/null
// RUN: interp-run %t.linear.mlir --check | FileCheck %s --check-prefix=EXEC
// RUN: interp-translate --import-onnx %t.axes.onnx -o %t.axes.mlir
// RUN: interp-opt %t.axes.mlir --interp-to-llvm -o /dev/null
// RUN: interp-run %t.axes.mlir --check | FileCheck %s --check-prefix=EXEC
// RUN: interp-translate --import-onnx %t.linaxes.onnx -o %t.linaxes.mlir
// RUN: interp-opt %t.linaxes.mlir --interp-to-llvm -o /dev/null
// RUN: interp-run %t.linaxes.mlir --check | FileCheck %s --check-prefix=EXEC
// RUN: interp-translate --import-onnx %t.cubic.onnx -o %t.cubic.mlir
// RUN: interp-opt %t.cubic.mlir --interp-to-llvm -o /dev/null
// RUN: interp-run %t.cubic.mlir --check | FileCheck %s --check-prefix=EXEC
// RUN: interp-translate --import-onnx %t.up7.onnx -o %t.up7.mlir
// RUN: interp-opt %t.up7.mlir --interp-to-llvm -o /dev/null
// RUN: interp-run %t.up7.mlir --check | FileCheck %s --check-prefix=EXEC
// RUN: interp-translate --import-onnx %t.up9.onnx -o %t.up9.mlir
// RUN: interp-opt %t.up9.mlir --interp-to-llvm -o /dev/null
// RUN: interp-run %t.up9.mlir --check | FileCheck %s --check-prefix=EXEC
// RUN: interp-translate --import-onnx %t.r10.onnx -o %t.r10.mlir
// RUN: interp-opt %t.r10.mlir --interp-to-llvm -o /dev/null
// RUN: interp-run %t.r10.mlir --check | FileCheck %s --check-prefix=EXEC
// RUN: interp-translate --import-onnx %t.r11.onnx -o %t.r11.mlir
// RUN: interp-opt %t.r11.mlir --interp-to-llvm -o /dev/null
// RUN: interp-run %t.r11.mlir --check | FileCheck %s --check-prefix=EXEC
// RUN: interp-translate --import-onnx %t.kar.onnx -o %t.kar.mlir
// RUN: interp-opt %t.kar.mlir --interp-to-llvm -o /dev/null
// RUN: interp-run %t.kar.mlir --check | FileCheck %s --check-prefix=EXEC
// RUN: interp-translate --import-onnx %t.crop.onnx -o %t.crop.mlir
// RUN: interp-opt %t.crop.mlir --interp-to-llvm -o /dev/null
// RUN: interp-run %t.crop.mlir --check | FileCheck %s --check-prefix=EXEC
// RUN: interp-translate --import-onnx %t.hps.onnx -o %t.hps.mlir
// RUN: interp-opt %t.hps.mlir --interp-to-llvm -o /dev/null
// RUN: interp-run %t.hps.mlir --check | FileCheck %s --check-prefix=EXEC
// RUN: interp-translate --import-onnx %t.aa.onnx -o %t.aa.mlir
// RUN: interp-opt %t.aa.mlir --interp-to-llvm -o /dev/null
// RUN: interp-run %t.aa.mlir --check | FileCheck %s --check-prefix=EXEC
// RUN: interp-translate --import-onnx %t.const.onnx --onnx-function-name=resize -o %t.const.mlir
// RUN: interp-opt %t.const.mlir --interp-to-llvm -o /dev/null
// RUN: interp-run %t.const.mlir --check | FileCheck %s --check-prefix=EXEC

// EXEC: check passed

// Scales mode when interp's float32 length rule gives ONNX's floor(s*L);
// every op is located at its node, arguments at their graph inputs.
// LINEAR:      #[[FILE:.+]] = loc("{{.*}}linear.onnx":0:0)
// LINEAR:      func.func @main(%arg0: tensor<1x1x4x4xf32> loc("X"(#[[FILE]]))) -> tensor<1x1x8x8xf32>
// LINEAR:      %[[SZ:.*]] = arith.constant dense<[1, 1, 8, 8]> : tensor<4xi64> loc(#[[LOC:.+]])
// LINEAR:      %[[SC:.*]] = arith.constant dense<[1.000000e+00, 1.000000e+00, 2.000000e+00, 2.000000e+00]> : tensor<4xf32> loc(#[[LOC]])
// LINEAR:      %[[AX:.*]] = arith.constant dense<[0, 1, 2, 3]> : tensor<4xi64> loc(#[[LOC]])
// LINEAR:      interp.interpolate_v4 %arg0, %[[SZ]], %[[SC]], %[[AX]] {mode = linear_onnx, shape_calculation_mode = scales} : (tensor<1x1x4x4xf32>, tensor<4xi64>, tensor<4xf32>, tensor<4xi64>) -> tensor<1x1x8x8xf32> loc(#[[LOC]])
// LINEAR:      #[[LOC]] = loc("resize"(#[[FILE]]))

// The axes attribute keeps its order for nearest.
// AXES: arith.constant dense<[8, 7]> : tensor<2xi64>
// AXES: arith.constant dense<[3, 2]> : tensor<2xi64>
// AXES: interp.interpolate_v4 {{.*}} {mode = nearest, shape_calculation_mode = sizes} {{.*}} -> tensor<1x1x7x8xf32>

// linear_onnx takes its axes sorted (negative axes normalized): sizes and
// scales are permuted with them.
// LINAXES: arith.constant dense<[7, 8]> : tensor<2xi64>
// LINAXES: arith.constant dense<[1.750000e+00, 2.000000e+00]> : tensor<2xf32>
// LINAXES: arith.constant dense<[2, 3]> : tensor<2xi64>
// LINAXES: {mode = linear_onnx, shape_calculation_mode = sizes}

// CUBIC: {coordinate_transformation_mode = asymmetric, cube_coeff = -5.000000e-01 : f64, mode = cubic, shape_calculation_mode = scales}

// Upsample-7 (scales attribute) and -9 (scales input), Resize-10: ONNX
// Runtime's asymmetric coordinates and "simple" nearest rounding.
// UP7: dense<[1.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00]>
// UP7: {coordinate_transformation_mode = asymmetric, mode = nearest, nearest_mode = simple, shape_calculation_mode = scales} {{.*}} -> tensor<1x1x8x12xf32>
// UP9: {coordinate_transformation_mode = asymmetric, mode = linear_onnx, shape_calculation_mode = scales} : (tensor<1x1x4x4xui8>, {{.*}} -> tensor<1x1x8x8xui8>
// R10: {coordinate_transformation_mode = asymmetric, mode = linear_onnx, shape_calculation_mode = scales} {{.*}} -> tensor<1x1x2x2xf32>

// Resize-11's tf_half_pixel_for_nn, with an empty roi.
// R11: {coordinate_transformation_mode = tf_half_pixel_for_nn, mode = nearest, nearest_mode = ceil, shape_calculation_mode = scales}

// not_larger: one scale g = min(7/2, 8/2) = 3.5, sizes floor(g*L + 0.5).
// KAR: arith.constant dense<7> : tensor<2xi64>
// KAR: -> tensor<1x1x7x7xf32>

// tf_crop_and_resize with the whole axis as roi is align_corners
// (extrapolation_value is never read then).
// CROP: {coordinate_transformation_mode = align_corners, mode = linear_onnx, shape_calculation_mode = sizes}

// half_pixel_symmetric with sizes: the adjustment is 1, so half_pixel.
// HPS: {mode = linear_onnx, shape_calculation_mode = sizes} : (tensor<1x1x4x4xf16>, {{.*}} -> tensor<1x1x6x3xf16>

// Linear antialias downsampling with exclude_outside=1.
// AA: {antialias = true, mode = linear, shape_calculation_mode = scales} {{.*}} -> tensor<1x1x4x4xf32>

// Constant nodes fold like initializers; --onnx-function-name names the
// function.
// CONST: func.func @resize(
// CONST: {mode = cubic, shape_calculation_mode = scales}
