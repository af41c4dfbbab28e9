// Model files are untrusted input: numbers chosen to overflow, weights that
// are not files, graphs built to be slow. Each must end in a diagnostic and
// a non-zero exit, never a crash, a hang or an out-of-memory abort.
// RUN: split-file %s %t
// RUN: %python %S/Inputs/make_bin.py %t/w.bin i64:2,3
// RUN: not interp-translate --import-openvino-ir %t/offset.xml --openvino-weights=%t/w.bin 2>&1 | FileCheck %s --check-prefix=OFFSET
// RUN: not interp-translate --import-openvino-ir %t/size.xml --openvino-weights=%t/w.bin 2>&1 | FileCheck %s --check-prefix=SIZE
// RUN: not interp-translate --import-openvino-ir %t/huge.xml --openvino-weights=%t/w.bin 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: not interp-translate --import-openvino-ir %t/bytes.xml --openvino-weights=%t/w.bin 2>&1 | FileCheck %s --check-prefix=BYTES
// RUN: not interp-translate --import-openvino-ir %t/ids.xml --openvino-weights=%t/w.bin 2>&1 | FileCheck %s --check-prefix=IDS
// RUN: not interp-translate --import-openvino-ir %t/port.xml --openvino-weights=%t/w.bin 2>&1 | FileCheck %s --check-prefix=PORT
// A stride of INT64_MAX steps once (i + stride overflowed before).
// RUN: %python %S/Inputs/make_bin.py %t/stride.bin i64:2,3 i64:0 i64:9223372036854775807
// RUN: interp-translate --import-openvino-ir %t/stride.xml --openvino-weights=%t/stride.bin 2>&1 | FileCheck %s --check-prefix=STRIDE
// RUN: interp-translate --import-openvino-ir %t/stride.xml --openvino-weights=%t/stride.bin -o %t/stride.mlir
// RUN: interp-opt %t/stride.mlir --interp-to-llvm -o /dev/null
// RUN: interp-run %t/stride.mlir --check | FileCheck %s --check-prefix=STRIDE-EXEC
//
// Weights that are not regular files: a device (read until memory runs out
// before), a FIFO (blocked forever in open before; `timeout` turns a
// regression into a failure), a directory.
// RUN: ln -sf /dev/zero %t/zero.bin
// RUN: not interp-translate --import-openvino-ir %t/offset.xml --openvino-weights=%t/zero.bin 2>&1 | FileCheck %s --check-prefix=DEVICE
// RUN: rm -f %t/fifo.bin && mkfifo %t/fifo.bin
// RUN: not timeout 10 interp-translate --import-openvino-ir %t/offset.xml --openvino-weights=%t/fifo.bin 2>&1 | FileCheck %s --check-prefix=FIFO
// RUN: cp %t/offset.xml %t/dir.xml && mkdir -p %t/dir.bin
// RUN: not interp-translate --import-openvino-ir %t/dir.xml 2>&1 | FileCheck %s --check-prefix=DIR
//
// A Concat of 100,000 inputs: refused after the first 4,096 elements, and
// the edges resolve in linear time (4.9 s before, quadratic in the inputs).
// RUN: %python %S/Inputs/make_concat.py %t/concat.xml 100000
// RUN: not timeout 10 interp-translate --import-openvino-ir %t/concat.xml --openvino-weights=%t/w.bin 2>&1 | FileCheck %s --check-prefix=CONCAT

// OFFSET: offset.xml:4:5: error: layer 0 ('c', Const opset1): bytes at offset 9223372036854775800, size 16 are outside the weights file '{{.*}}w.bin' of 16 bytes
// SIZE: size.xml:4:5: error: layer 0 ('c', Const opset1): 'size' is -16 bytes but shape [2] of i64 needs 16
// HUGE: huge.xml:4:5: error: layer 0 ('c', Const opset1): shape [4294967296,4294967296] of i64 is larger than any buffer
// BYTES: bytes.xml:4:5: error: layer 0 ('c', Const opset1): shape [2305843009213693952] of i64 is larger than any buffer
// IDS: ids.xml:6:45: error: duplicate port id 0 in layer 9223372036854775807 ('c', Const opset1)
// PORT: port.xml:12:10: error: edge to nonexistent input port -9223372036854775808 of layer 1 ('out', Result opset1)
// STRIDE: %[[C:.*]] = arith.constant dense<2> : tensor<1xi64>
// STRIDE: return %[[C]]
// STRIDE-EXEC: check passed
// DEVICE: error: cannot read the weights: '{{.*}}zero.bin' is not a regular file
// FIFO: error: cannot read the weights: '{{.*}}fifo.bin' is not a regular file
// DIR: error: cannot read the weights: '{{.*}}dir.bin' is not a regular file
// CONCAT: error: layer 1 ('cat', Concat opset1): the result of shape [4097] has more than 4096 elements; interp imports this layer on shape computations only

//--- offset.xml
<?xml version="1.0"?>
<net name="m" version="11">
  <layers>
    <layer id="0" name="c" type="Const" version="opset1">
      <data element_type="i64" shape="2" offset="9223372036854775800" size="16" />
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
      <data element_type="i64" shape="2" offset="32" size="-16" />
      <output><port id="0" precision="I64"/></output>
    </layer>
    <layer id="1" name="out" type="Result" version="opset1">
      <input><port id="0" precision="I64"/></input>
    </layer>
  </layers>
  <edges><edge from-layer="0" from-port="0" to-layer="1" to-port="0" /></edges>
</net>

//--- huge.xml
<?xml version="1.0"?>
<net name="m" version="11">
  <layers>
    <layer id="0" name="c" type="Const" version="opset1">
      <data element_type="i64" shape="4294967296,4294967296" offset="0" size="0" />
      <output><port id="0" precision="I64"/></output>
    </layer>
    <layer id="1" name="out" type="Result" version="opset1">
      <input><port id="0" precision="I64"/></input>
    </layer>
  </layers>
  <edges><edge from-layer="0" from-port="0" to-layer="1" to-port="0" /></edges>
</net>

//--- bytes.xml
<?xml version="1.0"?>
<net name="m" version="11">
  <layers>
    <layer id="0" name="c" type="Const" version="opset1">
      <data element_type="i64" shape="2305843009213693952" offset="0" size="0" />
      <output><port id="0" precision="I64"/></output>
    </layer>
    <layer id="1" name="out" type="Result" version="opset1">
      <input><port id="0" precision="I64"/></input>
    </layer>
  </layers>
  <edges><edge from-layer="0" from-port="0" to-layer="1" to-port="0" /></edges>
</net>

//--- ids.xml
<?xml version="1.0"?>
<net name="m" version="11">
  <layers>
    <layer id="9223372036854775807" name="c" type="Const" version="opset1">
      <data element_type="i64" shape="2" offset="0" size="16" />
      <output><port id="0" precision="I64"/><port id="0" precision="I64"/></output>
    </layer>
    <layer id="1" name="out" type="Result" version="opset1">
      <input><port id="0" precision="I64"/></input>
    </layer>
  </layers>
  <edges><edge from-layer="9223372036854775807" from-port="0" to-layer="1" to-port="0" /></edges>
</net>

//--- port.xml
<?xml version="1.0"?>
<net name="m" version="11">
  <layers>
    <layer id="9223372036854775806" name="c" type="Const" version="opset1">
      <data element_type="i64" shape="2" offset="0" size="16" />
      <output><port id="0" precision="I64"/></output>
    </layer>
    <layer id="1" name="out" type="Result" version="opset1">
      <input><port id="0" precision="I64"/></input>
    </layer>
  </layers>
  <edges><edge from-layer="9223372036854775806" from-port="0" to-layer="1" to-port="-9223372036854775808" /></edges>
</net>

//--- stride.xml
<?xml version="1.0"?>
<net name="m" version="11">
  <layers>
    <layer id="0" name="c" type="Const" version="opset1">
      <data element_type="i64" shape="2" offset="0" size="16" />
      <output><port id="0" precision="I64"/></output>
    </layer>
    <layer id="1" name="b" type="Const" version="opset1">
      <data element_type="i64" shape="1" offset="16" size="8" />
      <output><port id="0" precision="I64"/></output>
    </layer>
    <layer id="2" name="s" type="Const" version="opset1">
      <data element_type="i64" shape="1" offset="24" size="8" />
      <output><port id="0" precision="I64"/></output>
    </layer>
    <layer id="3" name="slice" type="StridedSlice" version="opset1">
      <data begin_mask="0" end_mask="1" new_axis_mask="" shrink_axis_mask="" ellipsis_mask=""/>
      <input><port id="0" precision="I64"/><port id="1" precision="I64"/><port id="2" precision="I64"/><port id="3" precision="I64"/></input>
      <output><port id="4" precision="I64"/></output>
    </layer>
    <layer id="4" name="r" type="Result" version="opset1">
      <input><port id="0" precision="I64"/></input>
    </layer>
  </layers>
  <edges>
    <edge from-layer="0" from-port="0" to-layer="3" to-port="0"/>
    <edge from-layer="1" from-port="0" to-layer="3" to-port="1"/>
    <edge from-layer="1" from-port="0" to-layer="3" to-port="2"/>
    <edge from-layer="2" from-port="0" to-layer="3" to-port="3"/>
    <edge from-layer="3" from-port="4" to-layer="4" to-port="0"/>
  </edges>
</net>
