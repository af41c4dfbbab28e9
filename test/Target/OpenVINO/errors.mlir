// Every error is a diagnostic at the XML position that names what is
// wrong, and exit code 1 (never a crash: `not` fails on a signal).
// RUN: split-file %s %t
// RUN: %python %S/Inputs/make_bin.py %t/const.bin i64:2,3
// RUN: not interp-translate --import-openvino-ir %t/malformed.xml 2>&1 | FileCheck %s --check-prefix=MALFORMED
// RUN: not interp-translate --import-openvino-ir %t/nonet.xml 2>&1 | FileCheck %s --check-prefix=NONET
// RUN: not interp-translate --import-openvino-ir %t/nobin.xml 2>&1 | FileCheck %s --check-prefix=NOBIN
// RUN: not interp-translate --import-openvino-ir %t/nobin.xml --openvino-weights=%t/missing.bin 2>&1 | FileCheck %s --check-prefix=NOWEIGHTS
// RUN: not interp-translate --import-openvino-ir %t/short.xml --openvino-weights=%t/const.bin 2>&1 | FileCheck %s --check-prefix=SHORT
// RUN: not interp-translate --import-openvino-ir %t/size.xml --openvino-weights=%t/const.bin 2>&1 | FileCheck %s --check-prefix=SIZE
// RUN: not interp-translate --import-openvino-ir %t/port.xml 2>&1 | FileCheck %s --check-prefix=PORT
// RUN: not interp-translate --import-openvino-ir %t/layer.xml 2>&1 | FileCheck %s --check-prefix=LAYER
// RUN: not interp-translate --import-openvino-ir %t/unconnected.xml 2>&1 | FileCheck %s --check-prefix=UNCONNECTED
// RUN: not interp-translate --import-openvino-ir %t/cycle.xml 2>&1 | FileCheck %s --check-prefix=CYCLE
// RUN: not interp-translate --import-openvino-ir %t/unsupported.xml 2>&1 | FileCheck %s --check-prefix=NOTIMPORTED
// RUN: not interp-translate --import-openvino-ir %t/type.xml 2>&1 | FileCheck %s --check-prefix=TYPE
// RUN: not interp-translate --import-openvino-ir %t/precision.xml 2>&1 | FileCheck %s --check-prefix=PRECISION
// RUN: not interp-translate --import-openvino-ir %t/attr.xml --openvino-weights=%t/const.bin 2>&1 | FileCheck %s --check-prefix=ATTR
// RUN: not interp-translate --import-openvino-ir %t/verifier.xml --openvino-weights=%t/const.bin 2>&1 | FileCheck %s --check-prefix=VERIFIER

// MALFORMED: malformed.xml:3:{{[0-9]+}}: error: malformed XML: Start-end tags mismatch

// NONET: nonet.xml:1:1: error: not an OpenVINO IR: no <net> element
// NOBIN: nobin.xml:4:5: error: layer 0 ('c', Const opset1): no weights: cannot read '{{.*}}nobin.bin'
// NOWEIGHTS: error: cannot read the weights: cannot open '{{.*}}missing.bin': No such file or directory
// SHORT: short.xml:4:5: error: layer 0 ('c', Const opset1): bytes at offset 8, size 16 are outside the weights file '{{.*}}const.bin' of 16 bytes
// SIZE: size.xml:4:5: error: layer 0 ('c', Const opset1): 'size' is 12 bytes but shape [1, 2] of i64 needs 16
// PORT: port.xml:13:9: error: edge to nonexistent input port 3 of layer 1 ('out', Result opset1)
// LAYER: layer.xml:9:11: error: edge from nonexistent layer 7
// UNCONNECTED: error: input port 0 of layer 1 ('out', Result opset1) has no edge
// CYCLE: cycle.xml:8:5: error: the graph has a cycle through layer 1 ('f1', Floor opset1)
// NOTIMPORTED: unsupported.xml:8:5: error: layer 5 ('relu', Relu opset1): unsupported layer type 'Relu' (version opset1)
// TYPE: error: layer 0 ('x', Parameter opset1): unsupported element type 'u16' in 'element_type'
// PRECISION: precision.xml:6:15: error: <port> is missing mandatory attribute 'precision'
// ATTR: error: layer 2 ('r', Interpolate opset11): attribute 'antialias' is not a boolean (true/false/1/0): 'yes'
// The interp verifier's diagnostics point at the layer too: two sizes for
// four axes.
// VERIFIER: verifier.xml:12:5: error: 'interp.interpolate_v11' op 'scales_or_sizes' has 2 elements but there are 4 axes

//--- malformed.xml
<?xml version="1.0"?>
<net name="m" version="11">
  <layers></net>

//--- nonet.xml
<model/>

//--- nobin.xml
<?xml version="1.0"?>
<net name="m" version="11">
  <layers>
    <layer id="0" name="c" type="Const" version="opset1">
      <data element_type="i64" shape="2" offset="0" size="16" />
      <output><port id="0" precision="I64"/></output>
    </layer>
    <layer id="1" name="out" type="Result" version="opset1">
      <input><port id="0" precision="I64"/></input>
    </layer>
  </layers>
  <edges><edge from-layer="0" from-port="0" to-layer="1" to-port="0" /></edges>
</net>

//--- short.xml
<?xml version="1.0"?>
<net name="m" version="11">
  <layers>
    <layer id="0" name="c" type="Const" version="opset1">
      <data element_type="i64" shape="2" offset="8" size="16" />
      <output><port id="0" precision="I64"/></output>
    </layer>
    <layer id="1" name="out" type="Result" version="opset1">
      <input><port id="0" precision="I64"/></input>
    </layer>
  </layers>
  <edges><edge from-layer="0" from-port="0" to-layer="1" to-port="0" /></edges>
</net>

//--- size.xml
<?xml version="1.0"?>
<net name="m" version="11">
  <layers>
    <layer id="0" name="c" type="Const" version="opset1">
      <data element_type="i64" shape="1, 2" offset="0" size="12" />
      <output><port id="0" precision="I64"/></output>
    </layer>
    <layer id="1" name="out" type="Result" version="opset1">
      <input><port id="0" precision="I64"/></input>
    </layer>
  </layers>
  <edges><edge from-layer="0" from-port="0" to-layer="1" to-port="0" /></edges>
</net>

//--- port.xml
<?xml version="1.0"?>
<net name="m" version="11">
  <layers>
    <layer id="0" name="x" type="Parameter" version="opset1">
      <data shape="2" element_type="f32" />
      <output><port id="0" precision="FP32"/></output>
    </layer>
    <layer id="1" name="out" type="Result" version="opset1">
      <input><port id="0" precision="FP32"/></input>
    </layer>
  </layers>
  <edges>
        <edge from-layer="0" from-port="0" to-layer="1" to-port="3" />
  </edges>
</net>

//--- layer.xml
<?xml version="1.0"?>
<net name="m" version="11">
  <layers>
    <layer id="1" name="out" type="Result" version="opset1">
      <input><port id="0" precision="FP32"/></input>
    </layer>
  </layers>
  <edges>
          <edge from-layer="7" from-port="0" to-layer="1" to-port="0" />
  </edges>
</net>

//--- unconnected.xml
<?xml version="1.0"?>
<net name="m" version="11">
  <layers>
    <layer id="1" name="out" type="Result" version="opset1">
      <input><port id="0" precision="FP32"/></input>
    </layer>
  </layers>
  <edges/>
</net>

//--- cycle.xml
<?xml version="1.0"?>
<net name="m" version="11">
  <layers>
    <layer id="0" name="x" type="Parameter" version="opset1">
      <data shape="2" element_type="f32" />
      <output><port id="0" precision="FP32"/></output>
    </layer>
    <layer id="1" name="f1" type="Floor" version="opset1">
      <input><port id="0" precision="FP32"/></input>
      <output><port id="1" precision="FP32"/></output>
    </layer>
    <layer id="2" name="f2" type="Floor" version="opset1">
      <input><port id="0" precision="FP32"/></input>
      <output><port id="1" precision="FP32"/></output>
    </layer>
  </layers>
  <edges>
    <edge from-layer="1" from-port="1" to-layer="2" to-port="0" />
    <edge from-layer="2" from-port="1" to-layer="1" to-port="0" />
  </edges>
</net>

//--- unsupported.xml
<?xml version="1.0"?>
<net name="m" version="11">
  <layers>
    <layer id="0" name="x" type="Parameter" version="opset1">
      <data shape="2" element_type="f32" />
      <output><port id="0" precision="FP32"/></output>
    </layer>
    <layer id="5" name="relu" type="Relu" version="opset1">
      <input><port id="0" precision="FP32"/></input>
      <output><port id="1" precision="FP32"/></output>
    </layer>
    <layer id="6" name="out" type="Result" version="opset1">
      <input><port id="0" precision="FP32"/></input>
    </layer>
  </layers>
  <edges>
    <edge from-layer="0" from-port="0" to-layer="5" to-port="0" />
    <edge from-layer="5" from-port="1" to-layer="6" to-port="0" />
  </edges>
</net>

//--- type.xml
<?xml version="1.0"?>
<net name="m" version="11">
  <layers>
    <layer id="0" name="x" type="Parameter" version="opset1">
      <data shape="2" element_type="u16" />
      <output><port id="0" precision="U16"/></output>
    </layer>
  </layers>
  <edges/>
</net>

//--- precision.xml
<?xml version="1.0"?>
<net name="m" version="11">
  <layers>
    <layer id="0" name="x" type="Parameter" version="opset1">
      <data shape="2" element_type="f32" />
      <output><port id="0"/></output>
    </layer>
  </layers>
  <edges/>
</net>

//--- attr.xml
<?xml version="1.0"?>
<net name="m" version="11">
  <layers>
    <layer id="0" name="x" type="Parameter" version="opset1">
      <data shape="1,1,4,4" element_type="f32" />
      <output><port id="0" precision="FP32"/></output>
    </layer>
    <layer id="1" name="sizes" type="Const" version="opset1">
      <data element_type="i64" shape="2" offset="0" size="16" />
      <output><port id="0" precision="I64"/></output>
    </layer>
    <layer id="2" name="r" type="Interpolate" version="opset11">
      <data mode="nearest" shape_calculation_mode="sizes" antialias="yes" />
      <input><port id="0" precision="FP32"/><port id="1" precision="I64"/></input>
      <output><port id="2" precision="FP32"/></output>
    </layer>
  </layers>
  <edges>
    <edge from-layer="0" from-port="0" to-layer="2" to-port="0" />
    <edge from-layer="1" from-port="0" to-layer="2" to-port="1" />
  </edges>
</net>

//--- verifier.xml
<?xml version="1.0"?>
<net name="m" version="11">
  <layers>
    <layer id="0" name="x" type="Parameter" version="opset1">
      <data shape="1,1,4,4" element_type="f32" />
      <output><port id="0" precision="FP32"/></output>
    </layer>
    <layer id="1" name="sizes" type="Const" version="opset1">
      <data element_type="i64" shape="2" offset="0" size="16" />
      <output><port id="0" precision="I64"/></output>
    </layer>
    <layer id="2" name="r" type="Interpolate" version="opset11">
      <data mode="nearest" shape_calculation_mode="sizes" />
      <input><port id="0" precision="FP32"/><port id="1" precision="I64"/></input>
      <output><port id="2" precision="FP32"/></output>
    </layer>
  </layers>
  <edges>
    <edge from-layer="0" from-port="0" to-layer="2" to-port="0" />
    <edge from-layer="1" from-port="0" to-layer="2" to-port="1" />
  </edges>
</net>
