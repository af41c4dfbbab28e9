#!/usr/bin/env python3
"""Structure-aware generator of valid, near-valid and hostile interp ops.

Draws random interp.interpolate_v11 / interpolate_v4 / interpolate_v1 ops (random ranks, shapes,
axes, attributes, element types, constant and run-time operands, result types
with `?` or static dims, right or contradicting the operands) and pushes
extreme values at them: size 0, length 1, x64 up, /64 down, scales like 1e-30,
1e30, NaN, Inf, negative or huge sizes, out-of-range or duplicate axes, wrong
operand lengths. Each case runs through `interp-run --check` (compile with
--interp-to-llvm, run, compare with the reference) in its own process, which
must end in exactly one of:

  * exit 0 with the check passing (a valid op, in bounds and agreeing), or,
    when --check outlasts the timeout (the reference is slow on 10^8
    elements), exit 0 of the compiled code alone;
  * exit 1 with a diagnostic ("error:" from the verifier, the parser or the
    lowering, or "interp: invalid run-time operands" from compiled code).

Anything else (a signal, a sanitizer report, a timeout, exit 1 without a
message, a failing --check) is a failure. Run it with the sanitizer build's
interp-run to have out-of-bounds accesses of compiled code reported.

Usage: hostile_ops.py --interp-run PATH [--cases N] [--seed S] [--keep DIR]
                      [--seconds T]   (stop after T seconds: long runs by hand)
Ends with "hostile ops: N cases (V valid and agreeing, R rejected with a
diagnostic), F failed".
"""

import argparse
import os
import random
import struct
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "scripts"))
from pylib.npy import write_npy  # noqa: E402

TYPES = ["f16", "bf16", "f32", "f64", "i8", "ui8", "i32", "i64"]
V4_MODES = ["nearest", "linear", "linear_onnx", "cubic"]
V11_MODES = V4_MODES + ["bilinear_pillow", "bicubic_pillow"] * 2
V1_MODES = ["nearest", "linear", "cubic", "area"]
COORD = ["half_pixel", "pytorch_half_pixel", "asymmetric",
         "tf_half_pixel_for_nn", "align_corners"]
NEAREST = ["round_prefer_floor", "round_prefer_ceil", "floor", "ceil", "simple"]
HOSTILE_SCALES = [1e-30, 1e30, float("nan"), float("inf"), -1.0, 0.0,
                  1.0 / 64, 64.0, 3e-8, 1.0000001, 0.9999995]
HOSTILE_SIZES = [0, 1, -1, -7, 2**40, 2**62, 9223372036854775807, 1 << 20]


def f32_hex(v):
    return "0x%08X" % struct.unpack("<I", struct.pack("<f", v))[0]


def tensor(shape, dyn, elem):
    dims = "".join(("?" if d else str(n)) + "x" for n, d in zip(shape, dyn))
    return "tensor<%s%s>" % (dims, elem)


def i64_array(values):
    return "array<i64>" if not values else "array<i64: %s>" % ", ".join(
        str(v) for v in values)


def result_type(rng, rank, elem, known):
    """The result type: `?` dims, or now and then static ones, from `known`
    (the dims the op gives, where this script can tell) or made up. A
    static dim the operands contradict must be refused: by the verifier
    when it knows, by the compiled code's run-time check otherwise."""
    if rng.random() < 0.6:
        return tensor([0] * rank, [True] * rank, elem)
    dims, dyn = [], []
    for d in range(rank):
        if rng.random() < 0.5:
            dims.append(0)
            dyn.append(True)
        elif d in known and rng.random() < 0.7:
            dims.append(known[d])
            dyn.append(False)
        else:
            dims.append(rng.choice([0, 1, 2, 3, 7, 12]))
            dyn.append(False)
    return tensor(dims, dyn, elem)


def draw(rng, hostile):
    """(module text, run-time operands [(descr, values)], --arg-shape values)
    of one random op."""
    rank = rng.randint(1, 5)
    shape = [rng.choice([0, 1, 1, 2, 3, 5, 8]) for _ in range(rank)]
    dyn = [rng.random() < 0.2 for _ in range(rank)]
    elem = rng.choice(TYPES)
    axes = [d for d in range(rank) if rng.random() < 0.6] or [rank - 1]
    runtime = rng.random() < 0.5
    data_t = tensor(shape, dyn, elem)
    # What the drawn op adds: function arguments, run-time operands (name,
    # dtype, values) and the body's lines.
    op = dict(rng=rng, hostile=hostile, rank=rank, shape=shape, elem=elem, runtime=runtime,
              data_t=data_t, args=["%data: " + data_t], inputs=[], lines=[])
    draw_op = rng.random()
    if draw_op < 0.45:
        result = draw_v4_v11(op, axes, v11=False)
    elif draw_op < 0.8:
        result = draw_v4_v11(op, axes, v11=True)
    else:
        result = draw_v1(op, axes)
    text = "func.func @main(%s) -> %s {\n%s\n  return %%r : %s\n}\n" % (
        ", ".join(op["args"]), result, "\n".join(op["lines"]), result)
    shapes = ["0=" + "x".join(str(n) for n in shape)] if any(dyn) else []
    return text, op["inputs"], shapes


def draw_axes_and_values(op, axes, v11):
    """Interpolate-4/-11: (mode, axes, whether the axes operand is left
    out, the sizes or scales operand's length, sizes_mode, its values)."""
    rng, hostile, rank = op["rng"], op["hostile"], op["rank"]
    mode = rng.choice(V11_MODES if v11 else V4_MODES)
    pillow = "pillow" in mode
    if pillow and not hostile and rank < 2:
        mode, pillow = rng.choice(V4_MODES), False
    if pillow and not hostile:
        # The Pillow modes resize exactly two strictly increasing axes
        # (SEMANTICS-v11.md).
        axes = sorted(rng.sample(range(rank), 2))
    else:
        rng.shuffle(axes)
    if hostile and rng.random() < 0.2:
        axes.append(rng.choice([rank, -1, axes[0], 99]))
    # v11's axes are optional: without them the op resizes every axis.
    default_axes = v11 and rng.random() < 0.2 and (
        not pillow or hostile or rank == 2)
    if default_axes:
        axes = list(range(rank))
    n = len(axes)
    if hostile and rng.random() < 0.1:
        n += rng.choice([-1, 1])
    n = max(n, 0)
    sizes_mode = rng.random() < 0.5
    if sizes_mode:
        vals = [rng.choice(HOSTILE_SIZES) if hostile and rng.random() < 0.5
                else rng.randint(0, 12) for _ in range(n)]
    else:
        vals = [rng.choice(HOSTILE_SCALES) if hostile and rng.random() < 0.5
                else rng.choice([0.5, 2.0, 1.5, 0.25, 3.0]) for _ in range(n)]
    return mode, axes, default_axes, n, sizes_mode, vals


def add_v4_v11_operands(op, v11, axes, default_axes, n, sizes_mode, vals):
    """The sizes/scales (v4) or scales_or_sizes (v11) and axes operands,
    constant or run-time; returns v11's operand name and type."""
    runtime, lines = op["runtime"], op["lines"]
    if runtime:
        if sizes_mode:
            op["args"].append("%%sizes: tensor<%dxi64>" % n)
            op["inputs"].append(("<i8", vals))
        else:
            op["args"].append("%%scales: tensor<%dxf32>" % n)
            op["inputs"].append(("<f4", vals))
    operand = operand_t = None
    if v11:
        operand = "%sizes" if sizes_mode else "%scales"
        operand_t = "tensor<%dx%s>" % (n, "i64" if sizes_mode else "f32")
        if not runtime:
            lines.append(
                "  %s = arith.constant dense<[%s]> : %s" % (
                    operand, ", ".join(str(v) if sizes_mode else f32_hex(v)
                                       for v in vals), operand_t))
    elif not (runtime and sizes_mode):
        sv = vals if sizes_mode else [1] * n
        lines.append("  %%sizes = arith.constant dense<[%s]> : tensor<%dxi64>"
                     % (", ".join(str(v) for v in sv), n))
    if not v11 and not (runtime and not sizes_mode):
        cv = [1.0] * n if sizes_mode else vals
        lines.append("  %%scales = arith.constant dense<[%s]> : tensor<%dxf32>"
                     % (", ".join(f32_hex(v) for v in cv), n))
    if not default_axes:
        lines.append("  %%axes = arith.constant dense<[%s]> : tensor<%dxi64>"
                     % (", ".join(str(a) for a in axes), len(axes)))
    return operand, operand_t


def draw_v4_v11(op, axes, v11):
    """An interp.interpolate_v4 or _v11 op; returns its result type."""
    rng, hostile, rank, shape = op["rng"], op["hostile"], op["rank"], op["shape"]
    mode, axes, default_axes, n, sizes_mode, vals = draw_axes_and_values(op, axes, v11)
    operand, operand_t = add_v4_v11_operands(op, v11, axes, default_axes, n, sizes_mode, vals)
    pads = [rng.randint(0, 2) if rng.random() < 0.3 else 0 for _ in range(rank)]
    if hostile and rng.random() < 0.1:
        pads[0] = rng.choice([-1, 1 << 50])
    # The padded dims the op keeps, and the sizes it sets.
    known = {d: shape[d] + pads[d] for d in range(rank) if d not in axes}
    if sizes_mode:
        known.update({a: v for a, v in zip(axes, vals)
                      if 0 <= a < rank and v >= 0})
    result = result_type(rng, rank, op["elem"], known)
    attrs = ("mode = %s, shape_calculation_mode = %s, "
             "coordinate_transformation_mode = %s, nearest_mode = %s, "
             "antialias = %s, pads_begin = %s, cube_coeff = %s : f64" % (
                 mode, "sizes" if sizes_mode else "scales",
                 rng.choice(COORD), rng.choice(NEAREST),
                 rng.choice(["true", "false"]), i64_array(pads),
                 rng.choice(["-0.75", "-0.5", "1.0e300", "0.0"])
                 if hostile else "-0.75"))
    data_t = op["data_t"]
    if v11 and default_axes:
        op["lines"].append(
            "  %%r = interp.interpolate_v11 %%data, %s {%s} : (%s, %s) -> %s"
            % (operand, attrs, data_t, operand_t, result))
    elif v11:
        op["lines"].append(
            "  %%r = interp.interpolate_v11 %%data, %s, %%axes {%s} "
            ": (%s, %s, tensor<%dxi64>) -> %s"
            % (operand, attrs, data_t, operand_t, len(axes), result))
    else:
        op["lines"].append(
            "  %%r = interp.interpolate_v4 %%data, %%sizes, %%scales, %%axes {%s} "
            ": (%s, tensor<%dxi64>, tensor<%dxf32>, tensor<%dxi64>) -> %s"
            % (attrs, data_t, n, n, len(axes), result))
    return result


def draw_v1(op, axes):
    """An interp.interpolate_v1 op; returns its result type."""
    rng, hostile, rank, shape = op["rng"], op["hostile"], op["rank"], op["shape"]
    mode = rng.choice(V1_MODES)
    axes = sorted(set(axes))
    if hostile and rng.random() < 0.2:
        axes = list(reversed(axes)) + [rank]
    target = [rng.choice(HOSTILE_SIZES) if hostile and rng.random() < 0.4
              else rng.randint(0, 12) for _ in axes]
    known = {d: shape[d] for d in range(rank) if d not in axes}
    known.update({a: v for a, v in zip(axes, target)
                  if 0 <= a < rank and v >= 0})
    result = result_type(rng, rank, op["elem"], known)
    if op["runtime"]:
        op["args"].append("%%target: tensor<%dxi64>" % len(target))
        op["inputs"].append(("<i8", target))
    else:
        op["lines"].append("  %%target = arith.constant dense<[%s]> : tensor<%dxi64>"
                           % (", ".join(str(v) for v in target), len(target)))
    op["lines"].append(
        "  %%r = interp.interpolate_v1 %%data, %%target {axes = %s, mode = %s, "
        "align_corners = %s} : (%s, tensor<%dxi64>) -> %s" % (
            i64_array(axes), mode, rng.choice(["true", "false"]), op["data_t"],
            len(target), result))
    return result


def classify(proc):
    out = proc.stdout + proc.stderr
    if proc.returncode == 0 and "check passed" in out:
        return "valid", None
    if proc.returncode == 1 and ("error:" in out or
                                 "interp: invalid run-time operands" in out):
        if "Sanitizer" in out or "runtime error:" in out:
            return "fail", "sanitizer report"
        if "check result" in out and "FAILED" in out:
            return "fail", "compiled code disagrees with the reference"
        return "rejected", None
    return "fail", "exit %d" % proc.returncode


def classify_unchecked(proc):
    """A run without --check: exit 0 is a valid op too large to compare with
    the reference within the timeout."""
    if proc.returncode == 0 and "result 0:" in proc.stdout + proc.stderr:
        return "unchecked", None
    verdict, why = classify(proc)
    return ("fail", "exit 0 without a result") if verdict == "valid" else (
        verdict, why)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--interp-run", required=True)
    ap.add_argument("--cases", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("--keep")
    ap.add_argument("--seconds", type=float,
                    help="stop drawing cases after this many seconds")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    work = args.keep or tempfile.mkdtemp(prefix="hostile-")
    os.makedirs(work, exist_ok=True)
    counts = {"valid": 0, "unchecked": 0, "rejected": 0, "fail": 0}
    start = time.monotonic()
    ran = 0
    for i in range(args.cases):
        if args.seconds is not None and time.monotonic() - start > args.seconds:
            break
        ran += 1
        text, inputs, shapes = draw(rng, hostile=rng.random() < 0.6)
        case = os.path.join(work, "case%04d.mlir" % i)
        with open(case, "w") as f:
            f.write(text)
        cmd = [args.interp_run, case, "--check", "--seed=%d" % i]
        cmd += ["--arg-shape=" + s for s in shapes]
        cmd += ["--input=random"]
        for j, (dtype, values) in enumerate(inputs):
            path = os.path.join(work, "case%04d-in%d.npy" % (i, j))
            try:
                write_npy(path, dtype, values)
            except (struct.error, OverflowError):
                write_npy(path, dtype, [0] * len(values))
            cmd.append("--input=" + path)
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True,
                                  timeout=args.timeout)
            verdict, why = classify(proc)
        except subprocess.TimeoutExpired:
            # The reference behind --check is a per-element oracle (about a
            # microsecond per element, more under the sanitizers): a valid
            # op with 10^8 result elements outlasts the timeout there. Run
            # the compiled code alone: a hang or a crash still fails.
            try:
                proc = subprocess.run([c for c in cmd if c != "--check"],
                                      capture_output=True, text=True,
                                      timeout=args.timeout)
                verdict, why = classify_unchecked(proc)
            except subprocess.TimeoutExpired:
                verdict, why, proc = "fail", "timeout", None
        counts[verdict] += 1
        if verdict == "fail":
            print("FAIL %s: %s" % (case, why))
            print(text)
            if proc is not None:
                print((proc.stdout + proc.stderr)[-3000:])
    print("hostile ops: %d cases (%d valid and agreeing, %d valid and run "
          "but too large to check within the timeout, %d rejected with a "
          "diagnostic), %d failed" % (ran, counts["valid"], counts["unchecked"],
                                       counts["rejected"], counts["fail"]))
    return 1 if counts["fail"] else 0


if __name__ == "__main__":
    sys.exit(main())
