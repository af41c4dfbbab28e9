#!/usr/bin/env python3
"""Writes a hostile ONNX model for test/Target/ONNX/hostile.mlir:
make_hostile.py OUT.onnx CASE. Each case is a small file whose numbers are
chosen to break an importer that trusts them; --import-onnx must answer
each with a diagnostic (or, for `slice-step`, the right result).

  gather-huge   an INT64 initializer of dims [2^61] and no data (2^61 * 8
                bytes is 0 in int64) feeding Gather
  slice-huge    the same initializer feeding Slice
  no-data-2d    an initializer of shape 2^32 x 2^32 and no data, returned
  slice-step    Slice of [2, 3] with step INT64_MAX (i + step overflows)
  concat-repeat Concat naming one 1-element tensor 5,000 times
"""
import sys

from onnx import TensorProto, helper

out, case = sys.argv[1], sys.argv[2]
I64 = TensorProto.INT64


def empty(name, dims):
    t = TensorProto()
    t.name, t.data_type = name, I64
    t.dims.extend(dims)
    return t


def ints(name, values):
    return helper.make_tensor(name, I64, [len(values)], values)


nodes, inits = [], []
if case == "gather-huge":
    inits = [empty("data", [2**61]), ints("idx", [0])]
    nodes = [helper.make_node("Gather", ["data", "idx"], ["Y"], name="g")]
elif case == "slice-huge":
    inits = [empty("data", [2**61]), ints("s", [0]), ints("e", [1])]
    nodes = [helper.make_node("Slice", ["data", "s", "e"], ["Y"], name="s")]
elif case == "no-data-2d":
    inits = [empty("data", [2**32, 2**32])]
    nodes = [helper.make_node("Identity", ["data"], ["Y"], name="i")]
elif case == "slice-step":
    inits = [ints("data", [2, 3]), ints("s", [0]), ints("e", [2]), ints("a", [0]),
             ints("st", [2**63 - 1])]
    nodes = [helper.make_node("Slice", ["data", "s", "e", "a", "st"], ["Y"], name="s")]
elif case == "concat-repeat":
    inits = [ints("one", [1])]
    nodes = [helper.make_node("Concat", ["one"] * 5000, ["Y"], name="c", axis=0)]
else:
    sys.exit("unknown case " + case)
y = helper.make_tensor_value_info("Y", I64, None)
graph = helper.make_graph(nodes, "g", [], [y], initializer=inits)
model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 19)])
model.ir_version = 8
with open(out, "wb") as f:
    f.write(model.SerializeToString())
