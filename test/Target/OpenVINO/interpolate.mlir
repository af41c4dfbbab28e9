// RUN: split-file %s %t
// RUN: %python %S/Inputs/make_bin.py %t/v4.bin i64:7,9 f32:1.5,1.8 i64:2,3
// RUN: interp-translate --import-openvino-ir %t/v4.xml -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s --check-prefixes=V4,LOC
// RUN: interp-translate --import-openvino-ir %t/v4.xml | interp-opt | FileCheck %s --check-prefix=V4
// RUN: %python %S/Inputs/make_bin.py %t/w.bin i64:6,8 f32:1.5,2.0
// RUN: interp-translate --import-openvino-ir %t/v4_3in.xml --openvino-weights=%t/w.bin --openvino-function-name=resize | FileCheck %s --check-prefix=V4-3IN
// RUN: interp-translate --import-openvino-ir %t/v1.xml --openvino-weights=%t/w.bin | FileCheck %s --check-prefix=V1
// RUN: interp-translate --import-openvino-ir %t/v11.xml --openvino-weights=%t/w.bin | FileCheck %s --check-prefix=V11
// Every imported model lowers through --interp-to-llvm and runs: interp-run
// compiles it and --check compares it with interp's reference.
// RUN: interp-translate --import-openvino-ir %t/v4.xml -o %t/v4.mlir
// RUN: interp-translate --import-openvino-ir %t/v4_3in.xml --openvino-weights=%t/w.bin --openvino-function-name=resize -o %t/v4_3in.mlir
// RUN: interp-translate --import-openvino-ir %t/v1.xml --openvino-weights=%t/w.bin -o %t/v1.mlir
// RUN: interp-translate --import-openvino-ir %t/v11.xml --openvino-weights=%t/w.bin -o %t/v11.mlir
// RUN: interp-opt %t/v4.mlir --interp-to-llvm -o /dev/null
// RUN: interp-opt %t/v4_3in.mlir --interp-to-llvm -o /dev/null
// RUN: interp-opt %t/v1.mlir --interp-to-llvm -o /dev/null
// RUN: interp-opt %t/v11.mlir --interp-to-llvm -o /dev/null
// RUN: interp-run %t/v4.mlir --check | FileCheck %s --check-prefix=EXEC
// RUN: interp-run %t/v4_3in.mlir --check | FileCheck %s --check-prefix=EXEC
// RUN: interp-run %t/v1.mlir --check | FileCheck %s --check-prefix=EXEC
// RUN: interp-run %t/v11.mlir --check | FileCheck %s --check-prefix=EXEC
// EXEC: check passed

// Interpolate-4 with four inputs; constants come from the .bin.
// V4-LABEL: func.func @main(
// V4-SAME: %[[X:.*]]: tensor<1x2x4x5xf32>
// V4-SAME: -> tensor<1x2x6x9xf32>
// V4-DAG: %[[SIZES:.*]] = arith.constant dense<[7, 9]> : tensor<2xi64>
// V4-DAG: %[[SCALES:.*]] = arith.constant dense<[1.500000e+00, 1.800000e+00]> : tensor<2xf32>
// V4-DAG: %[[AXES:.*]] = arith.constant dense<[2, 3]> : tensor<2xi64>
// V4: %[[R:.*]] = interp.interpolate_v4 %[[X]], %[[SIZES]], %[[SCALES]], %[[AXES]] {antialias = true, coordinate_transformation_mode = asymmetric, cube_coeff = -5.000000e-01 : f64, mode = cubic, nearest_mode = ceil, shape_calculation_mode = scales} : (tensor<1x2x4x5xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x2x6x9xf32>
// LOC-SAME: loc("Interp_layer"("{{.*}}v4.xml":20:5))
// V4: return %[[R]] : tensor<1x2x6x9xf32>

// Interpolate-4's three-input form (no axes: sizes and scales of full
// rank), layers out of topological order, a function name.
// V4-3IN-LABEL: func.func @resize(
// V4-3IN-SAME: tensor<3x4xf32>) -> tensor<6x8xf32>
// V4-3IN: interp.interpolate_v4 %{{.*}}, %{{.*}}, %{{.*}} {mode = nearest, shape_calculation_mode = sizes} : (tensor<3x4xf32>, tensor<2xi64>, tensor<2xf32>) -> tensor<6x8xf32>
// V4-3IN: return
// Interpolate-1: axes and pads are attributes; align_corners defaults to
// true; a missing antialias is false.
// V1-LABEL: func.func @main(
// V1-SAME: tensor<1x1x3x4xf16>) -> tensor<1x1x6x8xf16>
// V1: interp.interpolate_v1 %{{.*}}, %{{.*}} {axes = array<i64: 2, 3>, mode = linear} : (tensor<1x1x3x4xf16>, tensor<2xi64>) -> tensor<1x1x6x8xf16>
// Interpolate-11 with scales and no axes (full rank), a Pillow mode on u8.
// V11-LABEL: func.func @main(
// V11-SAME: tensor<4x5xui8>) -> tensor<6x10xui8>
// V11: interp.interpolate_v11 %{{.*}}, %{{.*}} {antialias = true, mode = bilinear_pillow, shape_calculation_mode = scales} : (tensor<4x5xui8>, tensor<2xf32>) -> tensor<6x10xui8>

//--- v4.xml
<?xml version="1.0"?>
<net name="m" version="11">
  <layers>
    <layer id="0" name="x" type="Parameter" version="opset1">
      <data shape="1,2,4,5" element_type="f32" />
      <output><port id="0" precision="FP32" names="x"><dim>1</dim><dim>2</dim><dim>4</dim><dim>5</dim></port></output>
    </layer>
    <layer id="1" name="sizes" type="Const" version="opset1">
      <data element_type="i64" shape="2" offset="0" size="16" />
      <output><port id="0" precision="I64"><dim>2</dim></port></output>
    </layer>
    <layer id="2" name="scales" type="Const" version="opset1">
      <data element_type="f32" shape="2" offset="16" size="8" />
      <output><port id="0" precision="FP32"><dim>2</dim></port></output>
    </layer>
    <layer id="3" name="axes" type="Const" version="opset1">
      <data element_type="i64" shape="2" offset="24" size="16" />
      <output><port id="0" precision="I64"><dim>2</dim></port></output>
    </layer>
    <layer id="4" name="Interp_layer" type="Interpolate" version="opset4">
      <data mode="CUBIC" shape_calculation_mode="scales" coordinate_transformation_mode="asymmetric" nearest_mode="ceil" antialias="1" pads_begin="0,0,0,0" pads_end="0, 0, 0, 0" cube_coeff="-0.5" />
      <input>
        <port id="0" precision="FP32"><dim>1</dim><dim>2</dim><dim>4</dim><dim>5</dim></port>
        <port id="1" precision="I64"><dim>2</dim></port>
        <port id="2" precision="FP32"><dim>2</dim></port>
        <port id="3" precision="I64"><dim>2</dim></port>
      </input>
      <output><port id="4" precision="FP32"><dim>1</dim><dim>2</dim><dim>6</dim><dim>9</dim></port></output>
    </layer>
    <layer id="5" name="out" type="Result" version="opset1">
      <input><port id="0" precision="FP32"><dim>1</dim><dim>2</dim><dim>6</dim><dim>9</dim></port></input>
    </layer>
  </layers>
  <edges>
    <edge from-layer="0" from-port="0" to-layer="4" to-port="0" />
    <edge from-layer="1" from-port="0" to-layer="4" to-port="1" />
    <edge from-layer="2" from-port="0" to-layer="4" to-port="2" />
    <edge from-layer="3" from-port="0" to-layer="4" to-port="3" />
    <edge from-layer="4" from-port="4" to-layer="5" to-port="0" />
  </edges>
</net>

//--- v4_3in.xml
<?xml version="1.0"?>
<net name="m" version="11">
  <layers>
    <layer id="9" name="out" type="Result" version="opset1">
      <input><port id="0" precision="FP32"/></input>
    </layer>
    <layer id="3" name="r" type="Interpolate" version="opset10">
      <data mode="nearest" shape_calculation_mode="sizes" />
      <input><port id="0" precision="FP32"/><port id="1" precision="I64"/><port id="2" precision="FP32"/></input>
      <output><port id="3" precision="FP32"/></output>
    </layer>
    <layer id="1" name="sizes" type="Const" version="opset1">
      <data element_type="i64" shape="2" offset="0" size="16" />
      <output><port id="0" precision="I64"/></output>
    </layer>
    <layer id="2" name="scales" type="Const" version="opset1">
      <data element_type="f32" shape="2" offset="16" size="8" />
      <output><port id="0" precision="FP32"/></output>
    </layer>
    <layer id="0" name="x" type="Parameter" version="opset1">
      <data shape="3,4" element_type="f32" />
      <output><port id="0" precision="FP32"/></output>
    </layer>
  </layers>
  <edges>
    <edge from-layer="0" from-port="0" to-layer="3" to-port="0" />
    <edge from-layer="1" from-port="0" to-layer="3" to-port="1" />
    <edge from-layer="2" from-port="0" to-layer="3" to-port="2" />
    <edge from-layer="3" from-port="3" to-layer="9" to-port="0" />
  </edges>
</net>

//--- v1.xml
<?xml version="1.0"?>
<net name="m" version="11">
  <layers>
    <layer id="0" name="x" type="Parameter" version="opset1">
      <data shape="1,1,3,4" element_type="f16" />
      <output><port id="0" precision="FP16"/></output>
    </layer>
    <layer id="1" name="target" type="Const" version="opset1">
      <data element_type="i64" shape="2" offset="0" size="16" />
      <output><port id="0" precision="I64"/></output>
    </layer>
    <layer id="2" name="r" type="Interpolate" version="opset1">
      <data axes="2,3" mode="linear" pads_begin="" pads_end="" />
      <input><port id="0" precision="FP16"/><port id="1" precision="I64"/></input>
      <output><port id="2" precision="FP16"/></output>
    </layer>
    <layer id="3" name="out" type="Result" version="opset1">
      <input><port id="0" precision="FP16"/></input>
    </layer>
  </layers>
  <edges>
    <edge from-layer="0" from-port="0" to-layer="2" to-port="0" />
    <edge from-layer="1" from-port="0" to-layer="2" to-port="1" />
    <edge from-layer="2" from-port="2" to-layer="3" to-port="0" />
  </edges>
</net>

//--- v11.xml
<?xml version="1.0"?>
<net name="m" version="11">
  <layers>
    <layer id="0" name="x" type="Parameter" version="opset1">
      <data shape="4,5" element_type="u8" />
      <output><port id="0" precision="U8"/></output>
    </layer>
    <layer id="1" name="scales" type="Const" version="opset1">
      <data element_type="f32" shape="2" offset="16" size="8" />
      <output><port id="0" precision="FP32"/></output>
    </layer>
    <layer id="2" name="r" type="Interpolate" version="opset11">
      <data mode="bilinear_pillow" shape_calculation_mode="scales" antialias="true" />
      <input><port id="0" precision="U8"/><port id="1" precision="FP32"/></input>
      <output><port id="2" precision="U8"/></output>
    </layer>
    <layer id="3" name="out" type="Result" version="opset1">
      <input><port id="0" precision="U8"/></input>
    </layer>
  </layers>
  <edges>
    <edge from-layer="0" from-port="0" to-layer="2" to-port="0" />
    <edge from-layer="1" from-port="0" to-layer="2" to-port="1" />
    <edge from-layer="2" from-port="2" to-layer="3" to-port="0" />
  </edges>
</net>
