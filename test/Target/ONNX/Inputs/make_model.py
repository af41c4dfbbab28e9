#!/usr/bin/env python3
"""Writes a small ONNX model for the lit tests of --import-onnx.

One Resize / Upsample node on a graph input 'X' (or a named preset), e.g.
  make_model.py out.onnx --opset 19 --shape 1,1,4,4 --mode linear \
      --scales 1,1,2,2 --attr coordinate_transformation_mode=align_corners
Constant operands are initializers unless --constant-nodes makes them
Constant nodes. Needs only the `onnx` package (Debian's python3-onnx).
"""
import argparse

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

DTYPES = {"float": TensorProto.FLOAT, "double": TensorProto.DOUBLE,
          "float16": TensorProto.FLOAT16, "uint8": TensorProto.UINT8,
          "int8": TensorProto.INT8, "int32": TensorProto.INT32,
          "int64": TensorProto.INT64, "uint16": TensorProto.UINT16}


def ints(text):
    return [int(v) for v in text.split(",")] if text else []


def floats(text):
    return [float(v) for v in text.split(",")] if text else []


def attr_value(text):
    for conv in (int, float):
        try:
            return conv(text)
        except ValueError:
            pass
    if "," in text:
        return ints(text)
    return text


def dims(text):
    return [int(d) if d.isdigit() else d for d in text.split(",")] if text else []


def resize_model(args):
    nodes, inits = [], []

    def constant(name, array):
        if args.constant_nodes:
            nodes.append(helper.make_node("Constant", [], [name], name=name + "_const",
                                          value=numpy_helper.from_array(array, name)))
        else:
            inits.append(numpy_helper.from_array(array, name))
        return name

    legacy = args.op == "Upsample" or args.opset == 10
    inputs = ["X"]
    if args.op == "Upsample" and args.opset < 9:
        pass
    elif legacy:
        inputs.append(constant("scales", np.array(floats(args.scales), np.float32)))
    else:
        roi = constant("roi", np.array(floats(args.roi), np.float32)) if args.roi else ""
        sc = constant("scales", np.array(floats(args.scales), np.float32)) if args.scales else ""
        sz = ("sizes" if args.runtime_sizes else
              constant("sizes", np.array(ints(args.sizes), np.int64))) if args.sizes else ""
        inputs += [roi, sc, sz]
        while inputs[-1] == "":
            inputs.pop()
    attrs = {"mode": args.mode} if args.mode else {}
    if args.op == "Upsample" and args.opset < 9:
        attrs["scales"] = floats(args.scales)
    for a in args.attr:
        k, v = a.split("=", 1)
        attrs[k] = attr_value(v)
    nodes.append(helper.make_node(args.op, inputs, ["Y"], name=args.name, **attrs))
    return nodes, inits


def shape_subgraph_model(args):
    """sizes = concat(shape(X)[0:2], floor(cast(shape(X)[2:4]) * 1.5)), as
    exporters write computed sizes."""
    c = lambda name, arr: numpy_helper.from_array(np.array(arr), name)
    inits = [c("two", np.int64(2)), c("idx", np.array([2, 3], np.int64)),
             c("start", np.array([0], np.int64)), c("end", np.array([2], np.int64)),
             c("factor", np.array([1.5], np.float32))]
    nodes = [
        helper.make_node("Shape", ["X"], ["shape"], name="shape"),
        helper.make_node("Slice", ["shape", "start", "end"], ["nc"], name="slice_nc"),
        helper.make_node("Gather", ["shape", "idx"], ["hw"], name="gather_hw"),
        helper.make_node("Cast", ["hw"], ["hw_f"], name="cast_f", to=TensorProto.FLOAT),
        helper.make_node("Mul", ["hw_f", "factor"], ["hw_s"], name="mul"),
        helper.make_node("Div", ["hw_s", "factor"], ["hw_d"], name="div"),
        helper.make_node("Mul", ["hw_d", "factor"], ["hw_m"], name="mul2"),
        helper.make_node("Floor", ["hw_m"], ["hw_fl"], name="floor"),
        helper.make_node("Cast", ["hw_fl"], ["hw_i"], name="cast_i", to=TensorProto.INT64),
        helper.make_node("Concat", ["nc", "hw_i"], ["sizes"], name="concat", axis=0),
        helper.make_node("Identity", ["X"], ["X2"], name="identity"),
        helper.make_node("Resize", ["X2", "", "", "sizes"], ["Y"], name="resize",
                         mode=args.mode or "nearest"),
    ]
    return nodes, inits


def main():
    p = argparse.ArgumentParser()
    p.add_argument("out")
    p.add_argument("--preset", default="resize", choices=["resize", "shape-subgraph", "unsupported"])
    p.add_argument("--op", default="Resize")
    p.add_argument("--name", default="resize")
    p.add_argument("--opset", type=int, default=19)
    p.add_argument("--shape", default="1,1,4,4", help="dims; a name is a dynamic dim")
    p.add_argument("--dtype", default="float", choices=sorted(DTYPES))
    p.add_argument("--mode", default="")
    p.add_argument("--scales", default="")
    p.add_argument("--sizes", default="")
    p.add_argument("--roi", default="")
    p.add_argument("--attr", action="append", default=[])
    p.add_argument("--constant-nodes", action="store_true")
    p.add_argument("--runtime-sizes", action="store_true", help="sizes is a graph input")
    p.add_argument("--write-input", help="also write X = 1, 2, 3, ... (row-major) as .npy")
    args = p.parse_args()
    if args.preset == "shape-subgraph":
        nodes, inits = shape_subgraph_model(args)
    elif args.preset == "unsupported":
        nodes, inits = [helper.make_node("Relu", ["X"], ["Y"], name="relu")], []
    else:
        nodes, inits = resize_model(args)
    x = helper.make_tensor_value_info("X", DTYPES[args.dtype], dims(args.shape))
    y = helper.make_tensor_value_info("Y", DTYPES[args.dtype], None)
    ins = [x]
    if args.runtime_sizes:
        ins.append(helper.make_tensor_value_info("sizes", TensorProto.INT64, [len(ints(args.sizes))]))
    graph = helper.make_graph(nodes, "g", ins, [y], initializer=inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", args.opset)])
    model.ir_version = 8
    onnx.save(model, args.out)
    if args.write_input:
        shape = dims(args.shape)
        np.save(args.write_input, np.arange(1, np.prod(shape) + 1).reshape(shape).astype(
            {"float": "float32", "double": "float64"}.get(args.dtype, args.dtype)))


if __name__ == "__main__":
    main()
