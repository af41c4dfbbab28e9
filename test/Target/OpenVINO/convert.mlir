// An OpenVINO IR model with element conversions around Interpolate:
// Convert(u8 -> f32), Interpolate-11, and Convert(f32 -> u8) on a second
// result. The importer reinterprets the unsigned tensors (tensor.bitcast)
// around arith.uitofp / arith.fptoui; the module lowers through
// --interp-to-llvm and runs.
// RUN: split-file %s %t
// RUN: %python %S/Inputs/make_bin.py %t/conv.bin f32:1,1,1.5,1.5
// RUN: interp-translate --import-openvino-ir %t/conv.xml | FileCheck %s
// RUN: interp-translate --import-openvino-ir %t/conv.xml -o %t/conv.mlir
// RUN: interp-opt %t/conv.mlir --interp-to-llvm | FileCheck %s --check-prefix=LLVM
// RUN: %python -c "import numpy as np; np.save('%t/x.npy', np.array([10, 20, 30, 250], np.uint8).reshape(1, 1, 2, 2))"
// RUN: interp-run %t/conv.mlir --input=%t/x.npy --print-values | FileCheck %s --check-prefix=EXEC

// CHECK-LABEL: func.func @main(
// CHECK-SAME: %[[X:.*]]: tensor<1x1x2x2xui8>) -> (tensor<1x1x3x3xf32>, tensor<1x1x3x3xui8>)
// CHECK: %[[S:.*]] = tensor.bitcast %[[X]] : tensor<1x1x2x2xui8> to tensor<1x1x2x2xi8>
// CHECK: %[[F:.*]] = arith.uitofp %[[S]] : tensor<1x1x2x2xi8> to tensor<1x1x2x2xf32>
// CHECK: %[[R:.*]] = interp.interpolate_v11 %[[F]]
// CHECK: %[[I:.*]] = arith.fptoui %[[R]] : tensor<1x1x3x3xf32> to tensor<1x1x3x3xi8>
// CHECK: %[[U:.*]] = tensor.bitcast %[[I]] : tensor<1x1x3x3xi8> to tensor<1x1x3x3xui8>
// CHECK: return %[[R]], %[[U]]

// LLVM: llvm.func @main(
// LLVM-NOT: tensor.bitcast

// align_corners 2 -> 3: the middle row and column are the averages; the
// u8 result is arith.fptoui's (77.5 -> 77).
// EXEC: result 0: shape=1x1x3x3 dtype=f32
// EXEC-NEXT: [0, 0, 0, :] 10 15 20
// EXEC-NEXT: [0, 0, 1, :] 20 77.5 135
// EXEC-NEXT: [0, 0, 2, :] 30 140 250
// EXEC: result 1: shape=1x1x3x3 dtype=ui8
// EXEC-NEXT: [0, 0, 0, :] 10 15 20
// EXEC-NEXT: [0, 0, 1, :] 20 77 135
// EXEC-NEXT: [0, 0, 2, :] 30 140 250

//--- conv.xml
<net name="conv" version="11">
  <layers>
    <layer id="0" name="x" type="Parameter" version="opset1">
      <data shape="1,1,2,2" element_type="u8" />
      <output><port id="0" precision="U8"/></output>
    </layer>
    <layer id="1" name="tofloat" type="Convert" version="opset1">
      <data destination_type="f32" />
      <input><port id="0" precision="U8"/></input>
      <output><port id="1" precision="FP32"/></output>
    </layer>
    <layer id="2" name="scales" type="Const" version="opset1">
      <data element_type="f32" shape="4" offset="0" size="16" />
      <output><port id="0" precision="FP32"/></output>
    </layer>
    <layer id="3" name="r" type="Interpolate" version="opset11">
      <data mode="linear_onnx" shape_calculation_mode="scales" coordinate_transformation_mode="align_corners" />
      <input><port id="0" precision="FP32"/><port id="1" precision="FP32"/></input>
      <output><port id="2" precision="FP32"/></output>
    </layer>
    <layer id="4" name="tou8" type="Convert" version="opset1">
      <data destination_type="u8" />
      <input><port id="0" precision="FP32"/></input>
      <output><port id="1" precision="U8"/></output>
    </layer>
    <layer id="5" name="out" type="Result" version="opset1">
      <input><port id="0" precision="FP32"/></input>
    </layer>
    <layer id="6" name="out8" type="Result" version="opset1">
      <input><port id="0" precision="U8"/></input>
    </layer>
  </layers>
  <edges>
    <edge from-layer="0" from-port="0" to-layer="1" to-port="0" />
    <edge from-layer="1" from-port="1" to-layer="3" to-port="0" />
    <edge from-layer="2" from-port="0" to-layer="3" to-port="1" />
    <edge from-layer="3" from-port="2" to-layer="5" to-port="0" />
    <edge from-layer="3" from-port="2" to-layer="4" to-port="0" />
    <edge from-layer="4" from-port="1" to-layer="6" to-port="0" />
  </edges>
</net>
