// RUN: split-file %s %t
// RUN: %python %S/Inputs/make_bin.py %t/sg.bin i64:2,3 i64:0 f32:2,2
// RUN: interp-translate --import-openvino-ir %t/sg.xml | FileCheck %s --check-prefix=DYN
// RUN: sed 's/1,3,?,?/1,3,5,7/' %t/sg.xml > %t/static.xml
// RUN: interp-translate --import-openvino-ir %t/static.xml --openvino-weights=%t/sg.bin | FileCheck %s --check-prefix=STATIC
// RUN: %python %S/Inputs/make_bin.py %t/ss.bin i64:2 i64:4 i64:1 i64:2,3 i64:2 i64:0 f32:1,1
// RUN: interp-translate --import-openvino-ir %t/ss.xml | FileCheck %s --check-prefix=SLICE
// Every imported model lowers and runs. The dynamic one computes its sizes
// at run time (not a function --check can evaluate): the result's shape
// is checked, and its values against the static model's.
// RUN: interp-translate --import-openvino-ir %t/sg.xml -o %t/sg.mlir
// RUN: interp-translate --import-openvino-ir %t/static.xml --openvino-weights=%t/sg.bin -o %t/static.mlir
// RUN: interp-translate --import-openvino-ir %t/ss.xml -o %t/ss.mlir
// RUN: interp-opt %t/sg.mlir --interp-to-llvm -o /dev/null
// RUN: interp-opt %t/static.mlir --interp-to-llvm -o /dev/null
// RUN: interp-opt %t/ss.mlir --interp-to-llvm -o /dev/null
// RUN: interp-run %t/sg.mlir --arg-shape=0=1x3x5x7 > %t/sg.out
// RUN: FileCheck %s --check-prefix=RUN-DYN < %t/sg.out
// RUN: interp-run %t/static.mlir --check > %t/static.out
// RUN: FileCheck %s --check-prefix=RUN-STATIC < %t/static.out
// RUN: grep "^result 0" %t/sg.out > %t/sg.result
// RUN: grep "^result 0" %t/static.out | diff - %t/sg.result
// RUN: interp-run %t/ss.mlir --check | FileCheck %s --check-prefix=RUN-SLICE

// The PyTorch pattern: ShapeOf -> Gather {2,3} -> Convert f32 -> Multiply
// x2 -> Floor -> Convert i64 -> Interpolate-11 sizes. With dynamic H, W it
// is computed at run time, element by element.
// DYN-LABEL: func.func @main(
// DYN-SAME: %[[X:.*]]: tensor<1x3x?x?xf32>) -> tensor<1x3x?x?xf32>
// DYN: %[[C2:.*]] = arith.constant 2 : index
// DYN: %[[H:.*]] = tensor.dim %[[X]], %[[C2]]
// DYN: arith.index_cast %[[H]] : index to i64
// DYN: %[[C3:.*]] = arith.constant 3 : index
// DYN: tensor.dim %[[X]], %[[C3]]
// DYN: arith.sitofp
// DYN: arith.mulf
// DYN: math.floor
// DYN: arith.fptosi
// DYN: %[[SIZES:.*]] = tensor.from_elements %{{.*}}, %{{.*}} : tensor<2xi64>
// DYN: interp.interpolate_v11 %[[X]], %[[SIZES]], %{{.*}} {coordinate_transformation_mode = asymmetric, mode = nearest, nearest_mode = floor, shape_calculation_mode = sizes} : (tensor<1x3x?x?xf32>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x3x?x?xf32>

// With a static shape the whole subgraph folds to a constant.
// STATIC-LABEL: func.func @main(
// STATIC-SAME: tensor<1x3x5x7xf32>) -> tensor<1x3x10x14xf32>
// STATIC-NOT: tensor.dim
// STATIC: arith.constant dense<[10, 14]> : tensor<2xi64>
// STATIC-NOT: arith.mulf
// STATIC: interp.interpolate_v11

// ShapeOf-1 -> StridedSlice [2:4] -> Multiply {2,3} -> Divide by 2 -> Concat
// with Unsqueeze(Squeeze(Gather)): folded, then Interpolate-4.
// The same random data (seed 0) gives the same result.
// RUN-DYN: result 0: shape=1x3x10x14 dtype=f32
// RUN-STATIC: result 0: shape=1x3x10x14 dtype=f32
// RUN-STATIC: check passed
// RUN-SLICE: result 0: shape=1x2x4x9
// RUN-SLICE: check passed

// SLICE-LABEL: func.func @main(
// SLICE-SAME: tensor<1x2x4x6xf32>) -> tensor<1x2x4x9xf32>
// SLICE: arith.constant dense<[4, 9]> : tensor<2xi64>

//--- sg.xml
<?xml version="1.0"?>
<net name="sg" version="11">
  <layers>
    <layer id="0" name="x" type="Parameter" version="opset1">
      <data shape="1,3,?,?" element_type="f32" />
      <output><port id="0" precision="FP32"/></output>
    </layer>
    <layer id="1" name="shape" type="ShapeOf" version="opset3">
      <data output_type="i64" />
      <input><port id="0" precision="FP32"/></input>
      <output><port id="1" precision="I64"/></output>
    </layer>
    <layer id="2" name="idx" type="Const" version="opset1">
      <data element_type="i64" shape="2" offset="0" size="16" />
      <output><port id="0" precision="I64"/></output>
    </layer>
    <layer id="3" name="axis" type="Const" version="opset1">
      <data element_type="i64" shape="" offset="16" size="8" />
      <output><port id="0" precision="I64"/></output>
    </layer>
    <layer id="4" name="gather" type="Gather" version="opset8">
      <data batch_dims="0" />
      <input><port id="0" precision="I64"/><port id="1" precision="I64"/><port id="2" precision="I64"/></input>
      <output><port id="3" precision="I64"/></output>
    </layer>
    <layer id="5" name="tofloat" type="Convert" version="opset1">
      <data destination_type="f32" />
      <input><port id="0" precision="I64"/></input>
      <output><port id="1" precision="FP32"/></output>
    </layer>
    <layer id="6" name="two" type="Const" version="opset1">
      <data element_type="f32" shape="2" offset="24" size="8" />
      <output><port id="0" precision="FP32"/></output>
    </layer>
    <layer id="7" name="mul" type="Multiply" version="opset1">
      <data auto_broadcast="numpy" />
      <input><port id="0" precision="FP32"/><port id="1" precision="FP32"/></input>
      <output><port id="2" precision="FP32"/></output>
    </layer>
    <layer id="8" name="floor" type="Floor" version="opset1">
      <input><port id="0" precision="FP32"/></input>
      <output><port id="1" precision="FP32"/></output>
    </layer>
    <layer id="9" name="toint" type="Convert" version="opset1">
      <data destination_type="i64" />
      <input><port id="0" precision="FP32"/></input>
      <output><port id="1" precision="I64"/></output>
    </layer>
    <layer id="10" name="axes" type="Const" version="opset1">
      <data element_type="i64" shape="2" offset="0" size="16" />
      <output><port id="0" precision="I64"/></output>
    </layer>
    <layer id="11" name="resize" type="Interpolate" version="opset11">
      <data mode="nearest" shape_calculation_mode="sizes" coordinate_transformation_mode="asymmetric" nearest_mode="floor" antialias="false" pads_begin="0, 0, 0, 0" pads_end="0, 0, 0, 0" cube_coeff="-0.75" />
      <input><port id="0" precision="FP32"/><port id="1" precision="I64"/><port id="2" precision="I64"/></input>
      <output><port id="3" precision="FP32"/></output>
    </layer>
    <layer id="12" name="out" type="Result" version="opset1">
      <input><port id="0" precision="FP32"/></input>
    </layer>
  </layers>
  <edges>
    <edge from-layer="0" from-port="0" to-layer="1" to-port="0" />
    <edge from-layer="0" from-port="0" to-layer="11" to-port="0" />
    <edge from-layer="1" from-port="1" to-layer="4" to-port="0" />
    <edge from-layer="2" from-port="0" to-layer="4" to-port="1" />
    <edge from-layer="3" from-port="0" to-layer="4" to-port="2" />
    <edge from-layer="4" from-port="3" to-layer="5" to-port="0" />
    <edge from-layer="5" from-port="1" to-layer="7" to-port="0" />
    <edge from-layer="6" from-port="0" to-layer="7" to-port="1" />
    <edge from-layer="7" from-port="2" to-layer="8" to-port="0" />
    <edge from-layer="8" from-port="1" to-layer="9" to-port="0" />
    <edge from-layer="9" from-port="1" to-layer="11" to-port="1" />
    <edge from-layer="10" from-port="0" to-layer="11" to-port="2" />
    <edge from-layer="11" from-port="3" to-layer="12" to-port="0" />
  </edges>
</net>

//--- ss.xml
<?xml version="1.0"?>
<net name="ss" version="11">
  <layers>
    <layer id="0" name="x" type="Parameter" version="opset1">
      <data shape="1,2,4,6" element_type="f32" />
      <output><port id="0" precision="FP32"/></output>
    </layer>
    <layer id="1" name="shape" type="ShapeOf" version="opset1">
      <input><port id="0" precision="FP32"/></input>
      <output><port id="1" precision="I64"/></output>
    </layer>
    <layer id="2" name="begin" type="Const" version="opset1">
      <data element_type="i64" shape="1" offset="0" size="8" />
      <output><port id="0" precision="I64"/></output>
    </layer>
    <layer id="3" name="end" type="Const" version="opset1">
      <data element_type="i64" shape="1" offset="8" size="8" />
      <output><port id="0" precision="I64"/></output>
    </layer>
    <layer id="4" name="stride" type="Const" version="opset1">
      <data element_type="i64" shape="1" offset="16" size="8" />
      <output><port id="0" precision="I64"/></output>
    </layer>
    <layer id="5" name="hw" type="StridedSlice" version="opset1">
      <data begin_mask="0" end_mask="0" new_axis_mask="" shrink_axis_mask="" ellipsis_mask="" />
      <input><port id="0" precision="I64"/><port id="1" precision="I64"/><port id="2" precision="I64"/><port id="3" precision="I64"/></input>
      <output><port id="4" precision="I64"/></output>
    </layer>
    <layer id="6" name="factor" type="Const" version="opset1">
      <data element_type="i64" shape="2" offset="24" size="16" />
      <output><port id="0" precision="I64"/></output>
    </layer>
    <layer id="7" name="mul" type="Multiply" version="opset1">
      <input><port id="0" precision="I64"/><port id="1" precision="I64"/></input>
      <output><port id="2" precision="I64"/></output>
    </layer>
    <layer id="8" name="two" type="Const" version="opset1">
      <data element_type="i64" shape="" offset="40" size="8" />
      <output><port id="0" precision="I64"/></output>
    </layer>
    <layer id="9" name="div" type="Divide" version="opset1">
      <data auto_broadcast="numpy" m_pythondiv="true" />
      <input><port id="0" precision="I64"/><port id="1" precision="I64"/></input>
      <output><port id="2" precision="I64"/></output>
    </layer>
    <layer id="10" name="h" type="Gather" version="opset1">
      <input><port id="0" precision="I64"/><port id="1" precision="I64"/><port id="2" precision="I64"/></input>
      <output><port id="3" precision="I64"/></output>
    </layer>
    <layer id="11" name="w" type="Gather" version="opset1">
      <input><port id="0" precision="I64"/><port id="1" precision="I64"/><port id="2" precision="I64"/></input>
      <output><port id="3" precision="I64"/></output>
    </layer>
    <layer id="12" name="hsq" type="Unsqueeze" version="opset1">
      <input><port id="0" precision="I64"/><port id="1" precision="I64"/></input>
      <output><port id="2" precision="I64"/></output>
    </layer>
    <layer id="13" name="wsq" type="Squeeze" version="opset1">
      <input><port id="0" precision="I64"/></input>
      <output><port id="1" precision="I64"/></output>
    </layer>
    <layer id="14" name="wun" type="Unsqueeze" version="opset1">
      <input><port id="0" precision="I64"/><port id="1" precision="I64"/></input>
      <output><port id="2" precision="I64"/></output>
    </layer>
    <layer id="15" name="cat" type="Concat" version="opset1">
      <data axis="0" />
      <input><port id="0" precision="I64"/><port id="1" precision="I64"/></input>
      <output><port id="2" precision="I64"/></output>
    </layer>
    <layer id="16" name="scales" type="Const" version="opset1">
      <data element_type="f32" shape="2" offset="56" size="8" />
      <output><port id="0" precision="FP32"/></output>
    </layer>
    <layer id="17" name="axes" type="Const" version="opset1">
      <data element_type="i64" shape="2" offset="24" size="16" />
      <output><port id="0" precision="I64"/></output>
    </layer>
    <layer id="18" name="resize" type="Interpolate" version="opset4">
      <data mode="linear_onnx" shape_calculation_mode="sizes" />
      <input><port id="0" precision="FP32"/><port id="1" precision="I64"/><port id="2" precision="FP32"/><port id="3" precision="I64"/></input>
      <output><port id="4" precision="FP32"/></output>
    </layer>
    <layer id="19" name="zero" type="Const" version="opset1">
      <data element_type="i64" shape="" offset="48" size="8" />
      <output><port id="0" precision="I64"/></output>
    </layer>
    <layer id="20" name="out" type="Result" version="opset1">
      <input><port id="0" precision="FP32"/></input>
    </layer>
  </layers>
  <edges>
    <edge from-layer="0" from-port="0" to-layer="1" to-port="0" />
    <edge from-layer="1" from-port="1" to-layer="5" to-port="0" />
    <edge from-layer="2" from-port="0" to-layer="5" to-port="1" />
    <edge from-layer="3" from-port="0" to-layer="5" to-port="2" />
    <edge from-layer="4" from-port="0" to-layer="5" to-port="3" />
    <edge from-layer="5" from-port="4" to-layer="7" to-port="0" />
    <edge from-layer="6" from-port="0" to-layer="7" to-port="1" />
    <edge from-layer="7" from-port="2" to-layer="9" to-port="0" />
    <edge from-layer="8" from-port="0" to-layer="9" to-port="1" />
    <edge from-layer="9" from-port="2" to-layer="10" to-port="0" />
    <edge from-layer="19" from-port="0" to-layer="10" to-port="1" />
    <edge from-layer="19" from-port="0" to-layer="10" to-port="2" />
    <edge from-layer="9" from-port="2" to-layer="11" to-port="0" />
    <edge from-layer="4" from-port="0" to-layer="11" to-port="1" />
    <edge from-layer="19" from-port="0" to-layer="11" to-port="2" />
    <edge from-layer="10" from-port="3" to-layer="12" to-port="0" />
    <edge from-layer="19" from-port="0" to-layer="12" to-port="1" />
    <edge from-layer="11" from-port="3" to-layer="13" to-port="0" />
    <edge from-layer="13" from-port="1" to-layer="14" to-port="0" />
    <edge from-layer="19" from-port="0" to-layer="14" to-port="1" />
    <edge from-layer="12" from-port="2" to-layer="15" to-port="0" />
    <edge from-layer="14" from-port="2" to-layer="15" to-port="1" />
    <edge from-layer="0" from-port="0" to-layer="18" to-port="0" />
    <edge from-layer="15" from-port="2" to-layer="18" to-port="1" />
    <edge from-layer="16" from-port="0" to-layer="18" to-port="2" />
    <edge from-layer="17" from-port="0" to-layer="18" to-port="3" />
    <edge from-layer="18" from-port="4" to-layer="20" to-port="0" />
  </edges>
</net>
