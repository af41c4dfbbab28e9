#!/usr/bin/env python3
"""interp's own kernels inside IREE programs (scripts/iree/interp_to_iree.py).

Each interp module goes through interp_to_iree.py (the kernel object and the
IREE module with its custom dispatch), is compiled by IREE 3.13 from PyPI
(`iree-compile`, llvm-cpu, target CPU host) and run by `iree-run-module`
(local-task, so the workgroups run on several threads), and the result is
compared with interp's own:

  - the benchmark workloads (benchmarks/workloads.json, tensor-returning
    forms), all in one module: bit for bit against `interp-run --check`'s
    result on the same seeded input (interp-run's own check against the
    reference must pass too). The dynamic-shape workloads are reported as
    not supported (the kernel calls libinterp_runtime for its run-time
    tables), not hidden;
  - random ops of `interp-difftest --export-dir` (seeded), specialized to the
    shapes of their run: dynamic dimensions of the data and the result
    become the run's static ones, run-time sizes/scales/target operands
    become constants of the run's values. Bit for bit against interp's
    result; a case whose static result type contradicts the op (the
    difftest's "static result dim contradicted" cases) must be refused when
    the module is converted;
  - the failure path: a kernel whose scratch arena is made too small
    (interp_to_iree.py's arena_capacity) must make iree-run-module fail
    with IREE's RESOURCE_EXHAUSTED status and interp's message, and the same
    kernel with its own arena must run.

Exit status 0 when everything that ran agrees, 1 otherwise, 77 when IREE
cannot be installed.

Usage: iree_kernels.py --bin-dir BUILD/bin [--cases 200] [--seed S]
                       [--venv DIR] [--work DIR] [--no-workloads] [--no-random]
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

PINS = ["iree-base-compiler==3.13.*", "iree-base-runtime==3.13.*", "numpy<2"]
VENV_MARKER = "INTERP_IREE_VENV"
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
sys.path.insert(0, os.path.join(ROOT, "scripts", "iree"))
from pylib import venv as pyvenv  # noqa: E402
import interp_to_iree  # noqa: E402

IREE_FLAGS = ["--iree-hal-target-device=local",
              "--iree-hal-local-target-device-backends=llvm-cpu",
              "--iree-llvmcpu-target-cpu=host",
              # The dispatches are opaque: f64 tensors must stay f64.
              "--iree-input-demote-f64-to-f32=false"]

np = None


def bootstrap(args, argv):
    if os.environ.get(VENV_MARKER):
        return
    build = os.path.dirname(os.path.abspath(args.bin_dir))
    venv = os.path.abspath(args.venv or os.path.join(build, "iree-venv"))

    def usable(py):
        return (os.path.exists(os.path.join(venv, "bin", "iree-compile"))
                and pyvenv.importable(py, "numpy, iree.compiler, iree.runtime"))
    py = pyvenv.ensure(venv, PINS, usable, "iree_kernels")
    pyvenv.reexec(py, __file__, argv, {VENV_MARKER: venv})


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)


class Iree:
    def __init__(self, venv, bin_dir, work):
        self.compile = os.path.join(venv, "bin", "iree-compile")
        self.runner = os.path.join(venv, "bin", "iree-run-module")
        self.bin_dir = bin_dir
        self.work = work

    def build(self, source, name, arena_capacity=None):
        """interp module -> (vmfb, {function: conversion error}, error)."""
        module = os.path.join(self.work, name + ".iree.mlir")
        try:
            kernels, failures = interp_to_iree.convert(
                source, module, os.path.join(self.work, name + ".d"), self.bin_dir,
                keep_going=True, bf16_bits=True, arena_capacity=arena_capacity)
        except interp_to_iree.Error as e:
            return None, {}, str(e)
        vmfb = os.path.join(self.work, name + ".vmfb")
        r = run([self.compile] + IREE_FLAGS + [module, "-o", vmfb])
        if r.returncode != 0:
            return None, dict(failures), "iree-compile failed: " + r.stderr.strip()[:3000]
        return vmfb, dict(failures), None

    def invoke(self, vmfb, function, inputs, output, device="local-task"):
        cmd = [self.runner, "--module=" + vmfb, "--device=" + device, "--function=" + function]
        cmd += ["--input=@" + i for i in inputs] + ["--output=@" + output]
        return run(cmd, timeout=600)


def same_bits(a, b):
    return a.shape == b.shape and a.dtype.itemsize == b.dtype.itemsize and (
        a.size == 0 or (a.view(np.uint8) == b.view(np.uint8)).all())


def workloads(iree, args):
    sys.path.insert(0, os.path.join(ROOT, "benchmarks"))
    import generate_workloads as gw
    rng = np.random.default_rng(args.seed)
    every = gw.load(os.path.join(ROOT, "benchmarks", "workloads.json"))
    static = [w for w in every if not w["dynamic"]]
    for w in every:
        if w["dynamic"]:
            print("iree_kernels: workload %s (%s): NOT SUPPORTED yet (dynamic shapes: the kernel "
                  "builds its tables with libinterp_runtime)" % (w["name"], w["description"]))
    source = os.path.join(iree.work, "workloads.mlir")
    with open(source, "w") as f:
        f.write("\n".join(gw.kernel(w, "", destination=False) for w in static) + "\n")
    vmfb, failures, error = iree.build(source, "workloads")
    if error:
        print("FAIL workloads: " + error)
        return len(static)
    failed = 0
    for w in static:
        name = w["name"]
        if name in failures:
            print("FAIL %s: %s" % (name, failures[name]))
            failed += 1
            continue
        x_path = os.path.join(iree.work, name + ".x.npy")
        if w["type"] == "ui8":
            x = rng.integers(0, 256, size=w["input"], dtype=np.uint8)
        else:
            x = rng.uniform(-1, 1, size=w["input"]).astype(np.float16 if w["type"] == "f16" else np.float32)
        np.save(x_path, x)
        out_dir = os.path.join(iree.work, name + ".interp")
        r = run([os.path.join(args.bin_dir, "interp-run"), source, "--function=" + name, "--check",
                 "-o", out_dir, "--input=" + x_path])
        if r.returncode != 0:
            print("FAIL %s: interp-run --check failed: %s" % (name, (r.stdout + r.stderr).strip()[-300:]))
            failed += 1
            continue
        out = os.path.join(iree.work, name + ".iree.npy")
        r = iree.invoke(vmfb, name, [x_path], out)
        if r.returncode != 0:
            print("FAIL %s: iree-run-module failed: %s" % (name, r.stderr.strip()[-300:]))
            failed += 1
            continue
        got, mine = np.load(out), np.load(os.path.join(out_dir, "result0.npy"))
        if not same_bits(got, mine):
            diff = float(np.abs(got.astype(np.float64) - mine.astype(np.float64)).max())
            print("FAIL %s: IREE's result differs from interp-run's (max |diff| %g)" % (name, diff))
            failed += 1
            continue
        print("iree_kernels: workload %s (%s, %s): bit-identical to interp-run" % (
            name, w["description"], w["type"]), flush=True)
    return failed


HEADER = re.compile(r"^func\.func @(case_\d+)\((.*)\) -> (tensor<[^>]*>) \{$", re.M)
NPY_ELEM = {"float32": "f32", "float64": "f64", "float16": "f16", "int8": "i8", "uint8": "ui8",
            "int16": "i16", "int32": "i32", "int64": "i64", "uint16": "bf16"}


def specialize(text, case_id, prefix, nargs):
    """case_N with the run's shapes: dynamic dims static, run-time operands
    constants. Returns (function text with one data argument, data path) or
    None when the case does not fit (more than one tensor of the data's rank)."""
    m = re.search(r"^func\.func @case_%s\(.*?^}\n" % case_id, text, re.S | re.M)
    fn = m.group(0)
    header = HEADER.match(fn)
    params = interp_to_iree.split_args(header.group(2))
    result_type = header.group(3)
    want = np.load(prefix + ".interp.npy")
    data = np.load(prefix + ".arg0.npy")
    data_type = params[0][1]
    elem = data_type[data_type.rfind("x") + 1:-1] if "x" in data_type else data_type[7:-1]
    static_data = interp_to_iree.tensor_type(list(data.shape), elem)
    static_result = interp_to_iree.tensor_type(list(want.shape), elem)
    body = fn.split("\n", 1)[1]
    consts = []
    for k, (name, ty) in enumerate(params[1:], start=1):
        value = np.load("%s.arg%d.npy" % (prefix, k))
        if "?" in ty:
            return None
        values = ", ".join(repr(float(v)) if value.dtype.kind == "f" else str(int(v)) for v in value.flat)
        consts.append("  %s = arith.constant dense<[%s]> : %s" % (name, values, ty))
    # The result's type first, where it is the result's (data and result
    # may be spelled alike), then the data's.
    body = body.replace("-> " + result_type, "-> " + static_result)
    body = re.sub(r"(return \S+ : )" + re.escape(result_type), lambda m: m.group(1) + static_result, body)
    body = body.replace(data_type, static_data)
    return ("func.func @case_%s(%s: %s) -> %s {\n%s\n%s" % (
        case_id, params[0][0], static_data, static_result, "\n".join(consts), body)), prefix + ".arg0.npy"


def random_ops(iree, args):
    export = os.path.join(iree.work, "cases")
    r = run([os.path.join(args.bin_dir, "interp-difftest"), "--cases", str(args.cases),
             "--seed", str(args.seed), "--export-dir", export])
    if r.returncode != 0:
        print("FAIL interp-difftest failed: " + (r.stdout + r.stderr)[-400:])
        return 1
    rows = [line.split("\t") for line in open(os.path.join(export, "cases.tsv")).read().splitlines()[1:]]
    texts = {}
    functions, inputs, counts, failures = [], {}, dict(equal=0, dynamic_equal=0, refused=0, unsupported=0, failed=0), []
    for case_id, batch, nargs, dtype, comparison, refusal in rows:
        if batch not in texts:
            texts[batch] = open(os.path.join(export, "batch_%s.mlir" % batch)).read()
        prefix = os.path.join(export, "case_" + case_id)
        if refusal != "-" and not os.path.exists(prefix + ".interp.npy"):
            # interp refuses it at run time; specialized, the static result
            # type contradicts the op: the conversion must refuse it.
            inputs[case_id] = ("refusal", refusal)
            continue
        spec = specialize(texts[batch], case_id, prefix, int(nargs))
        if spec is None:
            counts["unsupported"] += 1
            continue
        check = os.path.join(iree.work, "case_%s.check.mlir" % case_id)
        with open(check, "w") as f:
            f.write(spec[0])
        r = run([os.path.join(args.bin_dir, "interp-opt"), check, "-o", os.devnull])
        if r.returncode != 0:
            counts["failed"] += 1
            failures.append("case_%s (%s): the specialized function does not verify: %s" % (
                case_id, dtype, r.stderr.strip()[:300]))
            continue
        functions.append(spec[0])
        data_path = spec[1]
        if dtype == "bf16":  # the IREE function takes the bits as i16
            data_path = prefix + ".arg0.bits.npy"
            np.save(data_path, np.load(spec[1]).view(np.int16))
        inputs[case_id] = ("run", data_path, dtype)
    source = os.path.join(iree.work, "random.mlir")
    # One module per case would be slow; a module whose conversion refuses
    # a function keeps the others (keep_going).
    with open(source, "w") as f:
        f.write("\n".join(functions) + "\n")
    vmfb, conversion_failures, error = iree.build(source, "random")
    if error:
        print("FAIL random ops: " + error)
        return 1
    for case_id, entry in inputs.items():
        name = "case_" + case_id
        if entry[0] == "refusal":
            counts["refused"] += 1  # interp-run refused it; no static form exists
            continue
        _, data_path, dtype = entry
        if name in conversion_failures:
            counts["failed"] += 1
            failures.append("%s (%s): not converted: %s" % (name, dtype, conversion_failures[name][:300]))
            continue
        out = os.path.join(export, name + ".iree.npy")
        r = iree.invoke(vmfb, name, [data_path], out)
        if r.returncode != 0:
            counts["failed"] += 1
            failures.append("%s: iree-run-module failed: %s" % (name, r.stderr.strip()[-300:]))
            continue
        got = np.load(out)
        # interp-run on the same specialized function (interp's static kernel).
        out_dir = os.path.join(export, name + ".static")
        r = run([os.path.join(args.bin_dir, "interp-run"), source, "--function=" + name, "-o", out_dir,
                 "--input=" + os.path.join(export, name + ".arg0.npy")])
        if r.returncode != 0:
            counts["failed"] += 1
            failures.append("%s: interp-run failed: %s" % (name, (r.stdout + r.stderr).strip()[-300:]))
            continue
        mine = np.load(os.path.join(out_dir, "result0.npy"))
        if not same_bits(got, mine):
            counts["failed"] += 1
            failures.append("%s (%s): differs from interp-run's result" % (name, dtype))
            continue
        counts["equal"] += 1
        # And interp's result on the original (dynamic-shape) function.
        if same_bits(got, np.load(os.path.join(export, name + ".interp.npy"))):
            counts["dynamic_equal"] += 1
    for f in failures[:20]:
        print("FAIL " + f)
    print("iree_kernels: %d random ops (seed %d): %d bit-identical to interp-run's result on the "
          "same static function (%d of them also to interp's result on the original dynamic-shape "
          "function), %d refused by interp at run time (no static form), %d not specializable "
          "(run-time operands of dynamic shape), %d failed" % (
              len(rows), args.seed, counts["equal"], counts["dynamic_equal"], counts["refused"],
              counts["unsupported"], counts["failed"]), flush=True)
    return counts["failed"]


# Separable cubic: the passes need an intermediate buffer from the arena.
FAILING_KERNEL = """
func.func @separable(%x: tensor<1x3x20x30xf32>) -> tensor<1x3x40x50xf32> {
  %sizes = arith.constant dense<[40, 50]> : tensor<2xi64>
  %scales = arith.constant dense<[2.0, 1.6666]> : tensor<2xf32>
  %axes = arith.constant dense<[2, 3]> : tensor<2xi64>
  %0 = interp.interpolate_v4 %x, %sizes, %scales, %axes {mode = cubic, shape_calculation_mode = sizes}
      : (tensor<1x3x20x30xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x3x40x50xf32>
  return %0 : tensor<1x3x40x50xf32>
}
"""


def failure_status(iree):
    """A failed run-time check reaches the caller as IREE's status."""
    source = os.path.join(iree.work, "failing.mlir")
    with open(source, "w") as f:
        f.write(FAILING_KERNEL)
    data = os.path.join(iree.work, "failing.arg0.npy")
    np.save(data, np.random.default_rng(7).standard_normal((1, 3, 20, 30)).astype(np.float32))
    problems = []
    for capacity, name in ((None, "own_arena"), (0, "empty_arena")):
        vmfb, failures, error = iree.build(source, name, arena_capacity=capacity)
        if error or failures:
            problems.append("%s: not built: %s" % (name, error or failures))
            continue
        r = iree.invoke(vmfb, "separable", [data], os.path.join(iree.work, name + ".npy"))
        if capacity is None and r.returncode != 0:
            problems.append("%s: iree-run-module failed: %s" % (name, r.stderr.strip()[-300:]))
        elif capacity is not None and (r.returncode == 0 or "RESOURCE_EXHAUSTED" not in r.stderr
                                       or "interp kernel @separable" not in r.stderr):
            problems.append("%s: expected RESOURCE_EXHAUSTED from interp's kernel, got exit %d: %s" % (
                name, r.returncode, r.stderr.strip()[-300:]))
    for problem in problems:
        print("FAIL " + problem)
    print("iree_kernels: a failed check through IREE's status: %s" % ("ok" if not problems else "FAILED"),
          flush=True)
    return len(problems)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--bin-dir", required=True)
    p.add_argument("--cases", type=int, default=200)
    p.add_argument("--seed", type=int, default=20261207)
    p.add_argument("--venv")
    p.add_argument("--work")
    p.add_argument("--no-workloads", action="store_true")
    p.add_argument("--no-random", action="store_true")
    args = p.parse_args()
    args.bin_dir = os.path.abspath(args.bin_dir)
    bootstrap(args, sys.argv[1:])
    global np
    import numpy
    np = numpy
    work = args.work or tempfile.mkdtemp(prefix="interp-iree-kernels-")
    os.makedirs(work, exist_ok=True)
    iree = Iree(os.environ[VENV_MARKER], args.bin_dir, work)
    version = run([iree.compile, "--version"]).stdout.strip().splitlines()
    print("iree_kernels: %s" % next((v.strip() for v in version if "compiler version" in v), "iree-compile"))
    failed = failure_status(iree)
    if not args.no_random:
        failed += random_ops(iree, args)
    if not args.no_workloads:
        failed += workloads(iree, args)
    if not args.work:
        shutil.rmtree(work, ignore_errors=True)
    print("iree_kernels: %s" % ("PASS" if not failed else "FAIL"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
