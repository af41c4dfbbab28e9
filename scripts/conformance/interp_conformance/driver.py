"""The run: each case generated, run through interp and OpenVINO, classified
(run_case), then the report. Runs inside the venv (numpy available)."""

import os
import shutil
import sys
import tempfile
import time

import numpy as np

from . import report
from .bootstrap import skipped
from .cases import as_v4, gen_case
from .classify import classify, cpu_crosscheck, onnx_nc_condition
from .classify_v11 import PILLOW, classify_v11, load_pillow, pillow_major, pillow_vertical_first, transposed_case
from .common import is_pillow
from .interp_runner import finish_interp, start_interp, write_case
from .model import ov_onnx_rank5_bug_condition
from .openvino_runner import Worker, openvino_requests


def ask_openvino(c, args, worker, d, inp):
    """OpenVINO's arrays ("<name>_arr") and errors ("<name>_err") for the case."""
    ov = {}
    evals = openvino_requests(c, args)
    # The reference first, the CPU cross-check in a second request: a crash in one
    # loses only its own results. A crash is retried once in a fresh worker, since
    # it can be the late effect of an earlier case's out-of-bounds write.
    for group in ([e for e in evals if e["kind"] != "cpu"], [e for e in evals if e["kind"] == "cpu"]):
        if not group:
            continue
        for attempt in (1, 2):
            resp = worker.request({"dir": d, "input": inp, "evals": group}, timeout=args.timeout)
            if "crash" not in resp or attempt == 2:
                break
        if "crash" in resp:
            resp = {e["name"]: {"ok": False, "error": resp["crash"]} for e in group}
        for name, r in resp.items():
            if r["ok"]:
                ov[name + "_arr"] = np.load(r["path"])
            else:
                ov[name + "_err"] = r["error"]
    return ov


def run_case(c, args, worker, workdir):
    d = os.path.join(workdir, "case%04d" % c["id"])
    os.makedirs(d, exist_ok=True)
    c["mlir"], mlir_path, inp = write_case(c, d)
    t0 = time.time()
    started = start_interp(args, mlir_path, inp, os.path.join(d, "interp"))
    started_t = None
    if pillow_vertical_first(c):
        # Pillow >= 13 runs the vertical pass first for this shape: interp on the
        # transposed (padded) image gives that order (files case_t.*, input_t.npy).
        ct = transposed_case(c)
        c["mlir_t"], mlir_t, inp_t = write_case(ct, d, "case_t")
        started_t = start_interp(args, mlir_t, inp_t, os.path.join(d, "interp_t"))
    ov = ask_openvino(c, args, worker, d, inp)
    c4 = as_v4(c)
    if c4["mode"] == "linear_onnx" and (onnx_nc_condition(c4) or ov_onnx_rank5_bug_condition(c4)):
        worker.restart()  # these inputs make the reference access memory out of bounds
    interp = finish_interp(args, started, os.path.join(d, "interp"))
    interp_t = finish_interp(args, started_t, os.path.join(d, "interp_t")) if started_t else None
    c["seconds"] = time.time() - t0
    if is_pillow(c):
        status, reason, notes = classify_v11(c, interp, ov, interp_t)
    else:
        status, reason, notes = classify(c, interp, ov)
        c["cross"] = cpu_crosscheck(c, interp, ov)
    return status, reason, notes


def wait_for_interp_run(args):
    """False when interp-run does not appear within --wait-binary seconds."""
    waited = 0
    while not os.access(args.interp_run, os.X_OK):
        if waited >= args.wait_binary:
            print("error: %s not found; build it with 'ninja -C build interp-run'" % args.interp_run)
            return False
        if waited == 0:
            print("conformance: waiting up to %d s for %s" % (args.wait_binary, args.interp_run), flush=True)
        time.sleep(5)
        waited += 5
    return True


def print_oracles_used(args, worker):
    route = ("ConstantFolding of a Constant-only one-op model" if args.route == "fold"
             else "Node.evaluate()")
    print("conformance: OpenVINO %s; oracle: the C++ reference (%s); i32/i64/f64 data, which it has no "
          "kernel for: the reference on the data cast to f32%s" % (
              worker.version, route,
              {"v1": "; CPU plugin as a cross-check of Interpolate-1", "all": "; CPU plugin as a cross-check",
               "none": ""}[args.cpu_check]), flush=True)
    if PILLOW["Image"] is not None:
        print("conformance: Interpolate-11 Pillow modes (i32/i64 on the reference pass by pass) also against "
              "Pillow %s (%s)" % (PILLOW["version"], "Pillow >= 13: vertical pass first iff (H-OH) > 0 and "
                                  "(H-OH) > 2(W-OW); interp then also runs on the transposed image"
                                  if pillow_major() >= 13 else "horizontal pass first, as interp"), flush=True)
    else:
        print("conformance: Pillow oracle SKIPPED: %s" % PILLOW["why"], flush=True)


def run_cases(args, worker, workdir):
    """[(case, status, reason, notes)] of the selected cases, one table row each."""
    ids = [int(s) for s in args.only.split(",") if s.strip()] if args.only else range(args.cases)
    results = []
    try:
        print("%5s  %-8s %-6s %s" % ("case", "status", "oracle", "description"))
        for i in ids:
            c = gen_case(args.seed, i, args.v1_fraction, args.v11_fraction)
            status, reason, notes = run_case(c, args, worker, workdir)
            results.append((c, status, reason, notes))
            report.print_case(i, status, c, reason, notes, args.quiet)
    finally:
        worker.stop()
    return results


def run(args):
    """Exit status: 0 no failure, 1 failures, 2 interp-run missing (77 by skipped())."""
    if not wait_for_interp_run(args):
        return 2
    worker = Worker(args.route)
    try:
        worker.start()
    except Exception as e:  # noqa: BLE001
        skipped("OpenVINO cannot be loaded by %s: %s" % (sys.executable, e))
    load_pillow(args)
    print_oracles_used(args, worker)
    workdir = os.path.abspath(args.keep) if args.keep else tempfile.mkdtemp(prefix="interp-conformance-")
    os.makedirs(workdir, exist_ok=True)
    t_start = time.time()
    results = run_cases(args, worker, workdir)
    elapsed = time.time() - t_start
    report.print_failures(results, args.seed)
    report.print_oracles(results)
    print("time: %.1f s, %.3f s per case" % (elapsed, elapsed / max(1, len(results))))
    if args.keep:
        print("files kept in %s" % workdir)
    else:
        shutil.rmtree(workdir, ignore_errors=True)
    print(report.summary_line(results))
    return 1 if report.count(results)["fail"] else 0
