"""Running interp: each case as an MLIR function (to_mlir), written with its
input (write_case), compiled and run by build/bin/interp-run in the
background while OpenVINO evaluates (start_interp, finish_interp)."""

import json
import os
import subprocess
import time

import numpy as np

from .cases import spec_json
from .common import MLIR_TYPE, f32


def ttype(shape, et):
    return "tensor<%s%s>" % ("".join("%dx" % d for d in shape), et)


def fmt_float(v, t):
    if t == "f16":
        return repr(float(np.float16(v)))
    if t == "f64":
        return repr(float(v))
    return repr(float(f32(v)))  # exact decimal of the float32 value


def dense(vals, t):
    if t in ("f16", "f32", "f64"):
        body = ", ".join(fmt_float(v, t) for v in vals)
    else:
        body = ", ".join(str(int(v)) for v in vals)
    return "arith.constant dense<[%s]> : %s" % (body, ttype([len(vals)], t))


def arr(vals):
    return "array<i64%s>" % ("".join([": "] + [", ".join(str(v) for v in vals)]) if vals else "")


def v4_like_operands(c, lines, operands, types):
    """The axes operand (when the case has one) appended to `lines`,
    `operands` and `types`, and the attributes Interpolate-4 and -11 share."""
    if c["axes_operand"]:
        lines.append("  %%axes = %s" % dense(c["axes"], c["axes_type"]))
        operands.append("%axes")
        types.append(ttype([len(c["axes"])], c["axes_type"]))
    attrs = ["mode = %s" % c["mode"], "shape_calculation_mode = %s" % c["calc"],
             "coordinate_transformation_mode = %s" % c["ctm"],
             "nearest_mode = %s" % c["nearest_mode"],
             "antialias = %s" % ("true" if c["antialias"] else "false"),
             "cube_coeff = %r : f64" % c["cube_coeff"]]
    if c["pads_begin"]:
        attrs.append("pads_begin = %s" % arr(c["pads_begin"]))
    if c["pads_end"]:
        attrs.append("pads_end = %s" % arr(c["pads_end"]))
    return attrs


def to_mlir(c):
    et = MLIR_TYPE[c["dtype"]]
    tin, tout = ttype(c["shape"], et), ttype(c["out_shape"], et)
    lines = ["func.func @main(%%x: %s) -> %s {" % (tin, tout)]
    if c["op"] == "v4":
        n = len(c["axes"])
        lines.append("  %%sizes = %s" % dense(c["sizes"], c["sizes_type"]))
        lines.append("  %%scales = %s" % dense(c["scales"], c["scales_type"]))
        operands = ["%x", "%sizes", "%scales"]
        types = [tin, ttype([n], c["sizes_type"]), ttype([n], c["scales_type"])]
        attrs = v4_like_operands(c, lines, operands, types)
        lines.append("  %%r = interp.interpolate_v4 %s {%s}" % (", ".join(operands), ", ".join(attrs)))
        lines.append("       : (%s) -> %s" % (", ".join(types), tout))
    elif c["op"] == "v11":
        n = len(c["axes"])
        if c["calc"] == "sizes":
            lines.append("  %%sos = %s" % dense(c["sizes"], c["sizes_type"]))
            sos_t = ttype([n], c["sizes_type"])
        else:
            lines.append("  %%sos = %s" % dense(c["scales"], c["scales_type"]))
            sos_t = ttype([n], c["scales_type"])
        operands, types = ["%x", "%sos"], [tin, sos_t]
        attrs = v4_like_operands(c, lines, operands, types)
        lines.append("  %%r = interp.interpolate_v11 %s {%s}" % (", ".join(operands), ", ".join(attrs)))
        lines.append("       : (%s) -> %s" % (", ".join(types), tout))
    else:
        n = len(c["axes"])
        lines.append("  %%t = %s" % dense(c["target"], c["target_type"]))
        attrs = ["axes = %s" % arr(c["axes"]), "mode = %s" % c["mode"]]
        if c["print_ac"]:
            attrs.append("align_corners = %s" % ("true" if c["align_corners"] else "false"))
        if c["antialias"]:
            attrs.append("antialias = true")
        if any(c["pads_begin"]):
            attrs.append("pads_begin = %s" % arr(c["pads_begin"]))
        if any(c["pads_end"]):
            attrs.append("pads_end = %s" % arr(c["pads_end"]))
        lines.append("  %%r = interp.interpolate_v1 %%x, %%t {%s}" % ", ".join(attrs))
        lines.append("       : (%s, %s) -> %s" % (tin, ttype([n], c["target_type"]), tout))
    lines.append("  return %%r : %s" % tout)
    lines.append("}")
    return "\n".join(lines) + "\n"


def write_case(c, d, name="case"):
    mlir = to_mlir(c)
    with open(os.path.join(d, name + ".mlir"), "w") as f:
        f.write(mlir)
    inp = os.path.join(d, name.replace("case", "input") + ".npy")
    np.save(inp, c["data"])
    with open(os.path.join(d, name + ".json"), "w") as f:
        json.dump(spec_json(c), f, indent=1)
    return mlir, os.path.join(d, name + ".mlir"), inp


def start_interp(args, mlir_path, inp, outdir):
    """interp-run in the background (while OpenVINO evaluates). Returns (proc, error)."""
    waited = 0
    while True:
        try:
            return subprocess.Popen([args.interp_run, mlir_path, "--input=" + inp, "-o", outdir],
                                    stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True), None
        except OSError as e:
            # the binary is being relinked by a concurrent build: wait for it
            if waited >= args.wait_binary:
                return None, "cannot run %s: %s" % (args.interp_run, e)
            if waited == 0:
                print("conformance: %s is missing (being rebuilt?), waiting up to %d s"
                      % (args.interp_run, args.wait_binary), flush=True)
            time.sleep(5)
            waited += 5


def finish_interp(args, started, outdir):
    proc, launch_error = started
    if proc is None:
        out, rc = launch_error, -1
    else:
        try:
            out, _ = proc.communicate(timeout=args.timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            out, _ = proc.communicate()
            out += "\n(timed out)"
        rc = proc.returncode
    res = os.path.join(outdir, "result0.npy")
    if rc == 0 and os.path.exists(res):
        return {"ok": True, "result": np.load(res)}
    lines = [l for l in out.strip().splitlines() if l.strip()]
    return {"ok": False, "error": " | ".join(lines[-3:]) or "exit %d" % rc}
