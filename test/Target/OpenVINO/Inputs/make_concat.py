#!/usr/bin/env python3
"""Writes an OpenVINO IR whose Concat has N inputs, all fed by one Const:
make_concat.py OUT.xml N. The importer must refuse it (the result is not a
small shape computation) in time linear in N."""
import sys

out, n = sys.argv[1], int(sys.argv[2])
ports = "".join(f'<port id="{i}" precision="I64"><dim>1</dim></port>' for i in range(n))
edges = "".join(f'<edge from-layer="0" from-port="0" to-layer="1" to-port="{i}"/>'
                for i in range(n))
with open(out, "w") as f:
    f.write(f"""<?xml version="1.0"?>
<net name="m" version="11">
  <layers>
    <layer id="0" name="c" type="Const" version="opset1">
      <data element_type="i64" shape="1" offset="0" size="8" />
      <output><port id="0" precision="I64"><dim>1</dim></port></output>
    </layer>
    <layer id="1" name="cat" type="Concat" version="opset1">
      <data axis="0"/>
      <input>{ports}</input>
      <output><port id="{n}" precision="I64"><dim>{n}</dim></port></output>
    </layer>
    <layer id="2" name="out" type="Result" version="opset1">
      <input><port id="0" precision="I64"/></input>
    </layer>
  </layers>
  <edges>{edges}<edge from-layer="1" from-port="{n}" to-layer="2" to-port="0"/></edges>
</net>
""")
