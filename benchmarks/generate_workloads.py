#!/usr/bin/env python3
"""Turns benchmarks/workloads.json, the one definition of the benchmark
workloads, into what interp-bench is built from:

  generate_workloads.py mlir WORKLOADS.json OUT.mlir [--prefix omp_]
      the kernels: one func.func @<prefix><name> per workload, in
      destination-passing style (see KERNEL_STYLE below);
  generate_workloads.py cpp WORKLOADS.json OUT.inc
      interp-bench's table: the kernels' C declarations and one
      WorkloadSpec per workload.

Only the standard library: it runs at build time.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

# Why the kernels look the way they do (written into the generated file).
KERNEL_STYLE = """\
// Each function takes the input tensor and a preallocated output buffer (a
// memref, owned by the caller) and writes the result into it with
// `bufferization.materialize_in_destination ... restrict writable`; it
// returns nothing.
//
// Why not `%out: tensor<...> {bufferization.writable = true}` returned
// through `tensor.insert_slice`: the canonicalizer that runs before One-Shot
// Bufferize folds a full-size insert_slice into its source, so %out is
// dropped and the result comes back in a fresh allocation. And a returned
// tensor that aliases an argument gets a `bufferization.clone` from the
// ownership-based deallocation of a public function: a second copy plus a
// malloc the caller must free. The memref destination has neither problem.
//
// A dynamic workload takes data with dynamic spatial dimensions and its
// sizes as a run-time operand (the per-axis tables are then built by
// libinterp_runtime at every call); the caller's output must have the
// shape the sizes give.
"""

MLIR_TYPES = {"f32": "f32", "f16": "f16", "ui8": "ui8"}


def load(path: str) -> list[dict]:
    with open(path) as f:
        workloads = json.load(f)["workloads"]
    names = set()
    for w in workloads:
        if w["name"] in names:
            sys.exit(f"{path}: workload '{w['name']}' is defined twice")
        names.add(w["name"])
        if w["type"] not in MLIR_TYPES:
            sys.exit(f"{path}: {w['name']}: unsupported type '{w['type']}'")
        if len(w["input"]) != len(w["output"]):
            sys.exit(f"{path}: {w['name']}: input and output ranks differ")
        if len(w["scales"]) != len(w["axes"]):
            sys.exit(f"{path}: {w['name']}: one scale per axis")
        if op(w) not in ("v4", "v11"):
            sys.exit(f"{path}: {w['name']}: unknown op '{op(w)}'")
        for call in cycle(w):
            if not w["dynamic"]:
                sys.exit(f"{path}: {w['name']}: a cycle of input sizes needs a dynamic kernel")
            fixed = [d for d in range(len(w["input"])) if d not in w["axes"]]
            if any(call[k][d] != w[k][d] for k in ("input", "output") for d in fixed) or \
                    len(call["input"]) != len(w["input"]) or len(call["output"]) != len(w["output"]):
                sys.exit(f"{path}: {w['name']}: a call of the cycle changes more than the resized axes")
    return workloads


def cycle(w: dict) -> list[dict]:
    """A serving workload's calls ({input, output} shapes), one per input
    size of its cycle; empty for a workload of one call."""
    return w.get("cycle", [])


def op(w: dict) -> str:
    """interp.interpolate_<op>: v4 unless the workload says v11."""
    return w.get("op", "v4")


def cube_coeff(w: dict) -> float:
    return float(w.get("cube_coeff", -0.75))


def sizes(w: dict) -> list[int]:
    return [w["output"][a] for a in w["axes"]]


def tensor_type(shape, element, dynamic_axes=()):
    dims = ["?" if d in dynamic_axes else str(n) for d, n in enumerate(shape)]
    return f"tensor<{'x'.join(dims + [element])}>"


def float_literal(x: float) -> str:
    text = repr(float(x))
    return text if ("." in text or "e" in text) else text + ".0"


def kernel(w: dict, prefix: str, destination: bool = True) -> str:
    """The workload's function: writing into a memref destination %out (what
    interp-bench calls), or, without `destination`, returning the tensor (what
    another compiler takes: test/Conversion/InterpToLinalg/iree_portable.py)."""
    element = MLIR_TYPES[w["type"]]
    n = len(w["axes"])
    dynamic = tuple(w["axes"]) if w["dynamic"] else ()
    data = tensor_type(w["input"], element, dynamic)
    result = tensor_type(w["output"], element, dynamic)
    out = result.replace("tensor<", "memref<", 1)
    attrs = [f"mode = {w['mode']}", f"shape_calculation_mode = {w['shape_calculation_mode']}"]
    if w["coordinate_transformation_mode"] != "half_pixel":
        attrs.append(f"coordinate_transformation_mode = {w['coordinate_transformation_mode']}")
    if w["nearest_mode"] != "round_prefer_floor":
        attrs.append(f"nearest_mode = {w['nearest_mode']}")
    if w["antialias"]:
        attrs.append("antialias = true")
    if w["mode"] in ("cubic", "bicubic_pillow"):
        attrs.append(f"cube_coeff = {float_literal(cube_coeff(w))}")
    args = [f"%x: {data}"]
    if w["dynamic"]:
        args.append(f"%sizes: tensor<{n}xi64>")
    if destination:
        args.append(f"%out: {out}")
        signature = f"({', '.join(args)}) attributes {{llvm.emit_c_interface}}"
    else:
        signature = f"({', '.join(args)}) -> {result}"
    lines = [f"// {w['name']}: {w['description']}.",
             f"func.func @{prefix}{w['name']}{signature} {{"]
    if not w["dynamic"]:
        lines.append(f"  %sizes = arith.constant dense<[{', '.join(map(str, sizes(w)))}]> : tensor<{n}xi64>")
    scales = f"  %scales = arith.constant dense<[{', '.join(float_literal(s) for s in w['scales'])}]> : tensor<{n}xf32>"
    axes = f"  %axes = arith.constant dense<[{', '.join(map(str, w['axes']))}]> : tensor<{n}xi64>"
    if op(w) == "v11":
        # scales_or_sizes is %sizes or %scales, as shape_calculation_mode reads it.
        sizes_mode = w["shape_calculation_mode"] == "sizes"
        operand, operand_type = ("%sizes", f"tensor<{n}xi64>") if sizes_mode else ("%scales", f"tensor<{n}xf32>")
        lines += ([] if sizes_mode else [scales]) + [
            axes,
            f"  %r = interp.interpolate_v11 %x, {operand}, %axes {{{', '.join(attrs)}}}",
            f"       : ({data}, {operand_type}, tensor<{n}xi64>) -> {result}",
        ]
    else:
        lines += [
            scales, axes,
            f"  %r = interp.interpolate_v4 %x, %sizes, %scales, %axes {{{', '.join(attrs)}}}",
            f"       : ({data}, tensor<{n}xi64>, tensor<{n}xf32>, tensor<{n}xi64>) -> {result}",
        ]
    if destination:
        lines += [
            f"  bufferization.materialize_in_destination %r in restrict writable %out : ({result}, {out}) -> ()",
            "  return",
        ]
    else:
        lines.append(f"  return %r : {result}")
    lines.append("}")
    return "\n".join(lines)


def write_mlir(workloads: list[dict], prefix: str) -> str:
    header = ("// Generated by benchmarks/generate_workloads.py from "
              "benchmarks/workloads.json: do not edit.\n//\n" + KERNEL_STYLE)
    return header + "\n" + "\n\n".join(kernel(w, prefix) for w in workloads) + "\n"


def cpp_string(s: str) -> str:
    return json.dumps(s)  # a valid C++ string literal for ASCII text


def cpp_list(values, suffix="") -> str:
    return "{" + ", ".join(f"{v}{suffix}" for v in values) + "}"


def write_cpp(workloads: list[dict]) -> str:
    out = ["// Generated by benchmarks/generate_workloads.py from "
           "benchmarks/workloads.json: do not edit.", "",
           "// The kernels' C interface (_mlir_ciface_<name>). Every argument is a",
           "// pointer to a StridedMemRefType descriptor; interp-bench builds them",
           "// with the rank of the workload (RankedDescriptor).",
           'extern "C" {']
    for prefix, guard in (("", None), ("omp_", "INTERP_BENCH_HAVE_OMP_KERNELS")):
        if guard:
            out.append(f"#ifdef {guard}")
        for w in workloads:
            params = "void *, void *, void *" if w["dynamic"] else "void *, void *"
            out.append(f"void _mlir_ciface_{prefix}{w['name']}({params});")
        if guard:
            out.append("#endif")
    out += ["}", "",
            "#ifdef INTERP_BENCH_HAVE_OMP_KERNELS",
            "#define INTERP_BENCH_OMP_KERNEL(name) _mlir_ciface_omp_##name",
            "#else",
            "#define INTERP_BENCH_OMP_KERNEL(name) nullptr",
            "#endif", "",
            "const WorkloadSpec kWorkloadSpecs[] = {"]
    for w in workloads:
        kind = "Dynamic" if w["dynamic"] else "Static"
        fields = [
            cpp_string(w["name"]), cpp_string(w["description"]), cpp_string(op(w)),
            cpp_string(w["type"]), cpp_list(w["input"]), cpp_list(w["output"]),
            cpp_string(w["mode"]), cpp_string(w["coordinate_transformation_mode"]),
            cpp_string(w["nearest_mode"]), cpp_string(w["shape_calculation_mode"]),
            "true" if w["antialias"] else "false", float_literal(cube_coeff(w)),
            cpp_list(sizes(w)), cpp_list([float_literal(s) for s in w["scales"]], "f"),
            cpp_list(w["axes"]), "true" if w["memory_bound"] else "false",
            cpp_string(w["check"]), cpp_string(w["opencv"] or ""),
            cpp_string(w["opencv_note"]),
            "{" + ", ".join(cpp_list(c["input"]) for c in cycle(w)) + "}",
            "{" + ", ".join(cpp_list(c["output"]) for c in cycle(w)) + "}",
            f"Kernel::{kind}(_mlir_ciface_{w['name']})",
            f"Kernel::{kind}(INTERP_BENCH_OMP_KERNEL({w['name']}))",
        ]
        out.append("    {" + ",\n     ".join(fields) + "},")
    out += ["};", "", "#undef INTERP_BENCH_OMP_KERNEL", ""]
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=["mlir", "cpp"])
    parser.add_argument("workloads")
    parser.add_argument("output")
    parser.add_argument("--prefix", default="")
    args = parser.parse_args()
    workloads = load(args.workloads)
    text = write_mlir(workloads, args.prefix) if args.what == "mlir" else write_cpp(workloads)
    Path(args.output).write_text(text)


if __name__ == "__main__":
    main()
