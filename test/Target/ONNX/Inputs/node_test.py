#!/usr/bin/env python3
"""ONNX's own Resize node tests, for the lit tests of --import-onnx.

  node_test.py write NAME PREFIX [--opset N]
      Runs the node test's generator (onnx.backend.test.case.node.resize,
      Debian's python3-onnx; the export_* method of the test's name) and
      writes PREFIX.onnx (roi/scales/sizes made initializers, as exporters
      write them; --opset sets the model's opset), PREFIX.x.npy (the input)
      and PREFIX.expected.npy (the test's expected output).
  node_test.py same GOT EXPECTED
      Exit 0 when the two .npy files have the same dtype, shape and bits,
      else 1 with the differences. Prints one "same: ..." line.
"""
import argparse
import sys
import warnings

import numpy as np


def write(args):
    warnings.filterwarnings("ignore")
    import onnx
    from onnx import numpy_helper
    import onnx.backend.test.case.node as node
    from onnx.backend.test.case.node.resize import Resize
    name = args.name[len("test_"):] if args.name.startswith("test_") else args.name
    export = getattr(Resize, "export_" + name, None)
    if export is None:
        sys.exit("node_test.py: no Resize node test named %s" % args.name)
    before = len(node._NodeTestCases)
    export()
    case = node._NodeTestCases[before]
    model = onnx.ModelProto()
    model.CopyFrom(case.model)
    inputs, outputs = case.data_sets[0]
    graph = model.graph
    names = [n for n in graph.node[0].input if n]
    values = dict(zip(names, inputs))
    keep = []
    for vi in graph.input:
        if vi.name != graph.node[0].input[0]:
            graph.initializer.append(numpy_helper.from_array(values[vi.name], vi.name))
        else:
            keep.append(vi)
    del graph.input[:]
    graph.input.extend(keep)
    if args.opset:
        for o in model.opset_import:
            if o.domain in ("", "ai.onnx"):
                o.version = args.opset
    onnx.save(model, args.prefix + ".onnx")
    np.save(args.prefix + ".x.npy", values[graph.node[0].input[0]])
    np.save(args.prefix + ".expected.npy", outputs[0])


def same(args):
    got, exp = np.load(args.got), np.load(args.expected)
    if got.dtype != exp.dtype or got.shape != exp.shape:
        print("same: no: %s %s, expected %s %s" % (got.dtype, got.shape, exp.dtype, exp.shape))
        return 1
    diff = got.view(np.uint8).reshape(-1) != exp.view(np.uint8).reshape(-1)
    if diff.any():
        print("same: no: got %s, expected %s" % (got.reshape(-1).tolist(), exp.reshape(-1).tolist()))
        return 1
    print("same: yes: %d elements of %s, bit for bit" % (got.size, got.dtype))
    return 0


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    w = sub.add_parser("write")
    w.add_argument("name")
    w.add_argument("prefix")
    w.add_argument("--opset", type=int)
    s = sub.add_parser("same")
    s.add_argument("got")
    s.add_argument("expected")
    args = p.parse_args()
    if args.cmd == "write":
        write(args)
        return 0
    return same(args)


if __name__ == "__main__":
    sys.exit(main())
