#!/usr/bin/env python3
"""End-to-end suite of the ONNX importer (interp-translate --import-onnx).

1. ONNX's own Resize and Upsample node tests (onnx.backend.test.case.node,
   the generator behind onnx/backend/test/data/node): each model is imported,
   compiled and run with interp-run, and compared with the test's expected
   output. The tests feed roi/scales/sizes as graph inputs; interp decides
   exactness from their values, so they become initializers (what exporters
   write). A node the importer refuses ("not expressible exactly") is listed
   with its reason; any other import error is a failure.
2. ONNX Runtime as a second oracle: a fixed-seed set of random Resize-10/11/
   13/18/19 and Upsample-9 configurations (ort_random_cases.py says which
   space and how ORT's float32 coordinates are told apart from failures).

Prints "onnx node tests: N total, M mapped, P passed, X not expressible,
F failed" and the same for the random set. Exit 0 when nothing failed, 1 on
failures, 77 (with a SKIPPED: line) when onnx/onnxruntime cannot be
installed.

Usage: onnx_node_tests.py --bin-dir BUILD/bin [--venv DIR] [--random N]
       [--seed S] [--keep DIR]
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time

VENV_MARKER = "INTERP_ONNX_NODE_TESTS_VENV"
PINS = ["onnx==1.23.2", "onnxruntime==1.32.0", "numpy<2.5"]
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from pylib import venv as pyvenv  # noqa: E402


def bootstrap(args, argv):
    """Re-executes inside BUILD/onnx-venv (or --venv), created with pip."""
    if os.environ.get(VENV_MARKER):
        return
    build = os.path.dirname(os.path.abspath(args.bin_dir))
    venv = args.venv or os.path.join(build, "onnx-venv")
    py = pyvenv.ensure(venv, PINS, lambda py: pyvenv.importable(py, "numpy, onnx, onnxruntime"),
                       "onnx_node_tests")
    pyvenv.reexec(py, __file__, argv, {VENV_MARKER: "1", "OMP_NUM_THREADS": "1"})


# Everything below runs with numpy, onnx and onnxruntime.
np = onnx = None


class Runner:
    def __init__(self, bin_dir, work):
        self.translate = os.path.join(bin_dir, "interp-translate")
        self.run = os.path.join(bin_dir, "interp-run")
        self.work = work
        self.count = 0

    def __call__(self, model, x):
        """(None, result) when imported and run; (reason, None) when the
        importer refuses it as inexpressible; raises on anything else."""
        self.count += 1
        d = os.path.join(self.work, "c%d" % self.count)
        os.makedirs(d)
        path, mlir = os.path.join(d, "m.onnx"), os.path.join(d, "m.mlir")
        onnx.save(model, path)
        r = subprocess.run([self.translate, "--import-onnx", path, "-o", mlir],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if r.returncode != 0:
            m = re.search(r"not expressible exactly as interp.interpolate_v4: (.*)", r.stdout)
            if m:
                return m.group(1).strip(), None
            raise RuntimeError("import failed: " + r.stdout.strip())
        xin = os.path.join(d, "x.npy")
        np.save(xin, x)
        r = subprocess.run([self.run, mlir, "--input=" + xin, "-o", d],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if r.returncode != 0:
            raise RuntimeError("interp-run failed: " + r.stdout.strip()[-500:])
        return None, np.load(os.path.join(d, "result0.npy"))


def close(got, ref, x):
    """Float results within a few float32 ulps of max |X| (the reference and
    interp sum taps in different orders); nearest and integers exactly."""
    if got.shape != ref.shape:
        return False, "shape %s, expected %s" % (got.shape, ref.shape)
    if got.size == 0:
        return True, ""
    m = max(1.0, float(np.max(np.abs(x.astype(np.float64))))) if x.size else 1.0
    err = np.abs(got.astype(np.float64) - ref.astype(np.float64))
    ok = err <= 1e-5 * m + 1e-5 * np.abs(ref.astype(np.float64))
    if not np.issubdtype(ref.dtype, np.floating):
        ok = err <= 0
    return bool(ok.all()), "max abs err %.3g" % float(err.max())


def with_constant_operands(model, inputs):
    """The node test's model with every input but X made an initializer."""
    m = onnx.ModelProto()
    m.CopyFrom(model)
    g = m.graph
    keep = []
    for vi in g.input:
        if vi.name in inputs and vi.name != g.node[0].input[0]:
            g.initializer.append(onnx.numpy_helper.from_array(inputs[vi.name], vi.name))
        else:
            keep.append(vi)
    del g.input[:]
    g.input.extend(keep)
    return m


def node_tests(run):
    import warnings
    import onnx.backend.test.case.node as N
    warnings.filterwarnings("ignore")
    rows = []
    for tc in N.collect_testcases(None):
        g = tc.model.graph
        if len(g.node) != 1 or g.node[0].op_type not in ("Resize", "Upsample"):
            continue
        ins, outs = tc.data_sets[0]
        names = [n for n in g.node[0].input if n]
        inputs = dict(zip(names, ins))
        x = inputs[g.node[0].input[0]]
        try:
            reason, got = run(with_constant_operands(tc.model, inputs), x)
        except RuntimeError as e:
            rows.append((tc.name, "failed", str(e)))
            continue
        if reason is not None:
            rows.append((tc.name, "not expressible", reason))
            continue
        ok, what = close(got, outs[0], x)
        rows.append((tc.name, "passed" if ok else "failed", what))
    return rows



def summarize(title, rows, verbose_kinds):
    count = lambda k: sum(1 for r in rows if r[1] == k)
    for name, kind, what in rows:
        if kind in verbose_kinds:
            print("  %-16s %s: %s" % (kind, name, what))
    mapped = count("passed") + count("failed") + count("ort deviates")
    extra = ""
    if count("ort deviates"):
        extra += ", %d where onnxruntime deviates (onnx.reference = interp)" % count("ort deviates")
    if count("ort refused"):
        extra += ", %d refused by onnxruntime" % count("ort refused")
    print("%s: %d total, %d mapped, %d passed, %d not expressible, %d failed%s" %
          (title, len(rows), mapped, count("passed"), count("not expressible"), count("failed"), extra),
          flush=True)
    return count("failed")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--bin-dir", required=True)
    p.add_argument("--venv")
    p.add_argument("--random", type=int, default=300, help="random configurations for ONNX Runtime")
    p.add_argument("--seed", type=int, default=15)
    p.add_argument("--keep", help="keep the models and results in this directory")
    args = p.parse_args()
    bootstrap(args, sys.argv[1:])
    global np, onnx
    import numpy
    import onnx as onnx_module
    import onnx.numpy_helper  # noqa: F401 (used through onnx.numpy_helper)
    np, onnx = numpy, onnx_module
    start = time.time()
    work = args.keep or tempfile.mkdtemp(prefix="onnx-node-tests-")
    os.makedirs(work, exist_ok=True)
    run = Runner(os.path.abspath(args.bin_dir), work)
    failed = summarize("onnx node tests", node_tests(run), ("not expressible", "failed"))
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from ort_random_cases import ort_tests
    failed += summarize("onnxruntime random configurations (seed %d)" % args.seed,
                        ort_tests(run, close, args.random, args.seed),
                        ("failed", "ort deviates", "ort refused"))
    print("onnx_node_tests: %.0f s, onnx %s" % (time.time() - start, onnx.__version__))
    if not args.keep:
        import shutil
        shutil.rmtree(work, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
