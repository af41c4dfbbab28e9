"""What the 8-bit exactness suites (test/Integration/pillow_exact.py,
torch_uint8_exact.py) draw their random resizes from, written once: the
lengths of an axis, the (H, W, OH, OW) of a case by its kind, and 0/extreme
checkerboards. Every draw goes through the caller's numpy Generator, so a
seed gives the same cases. Importable without numpy (the suites load it
before re-running themselves in their virtualenv)."""

import math
import os


def axis_lengths(rng, lo=1 / 40, hi=8.0):
    """(L, O) of one axis, the scale O / L log-uniform in [lo, hi]."""
    f = math.exp(rng.uniform(math.log(lo), math.log(hi)))
    if f < 1:
        o = int(rng.integers(1, 7 if f < 1 / 8 else 25))
        return max(1, round(o / f)), o
    length = int(rng.integers(1, 41))
    return length, max(1, round(length * f))


def sides(rng, kind, special=None):
    """(H, W, OH, OW) of a case of `kind`: random axes; "identity", one axis
    unchanged; "one-pixel", an input or output side of 1; or a suite's own
    kind, `special[kind](rng)` returning all four (random axes for the
    rest)."""
    (H, OH), (W, OW) = axis_lengths(rng), axis_lengths(rng)
    if kind == "identity":
        if rng.integers(2):
            OH = H
        else:
            OW = W
    elif kind == "one-pixel":
        which = int(rng.integers(4))
        H, OH, W, OW = [1 if i == which else v for i, v in enumerate((H, OH, W, OW))]
    elif special and kind in special:
        H, W, OH, OW = special[kind](rng, (H, W, OH, OW))
    return H, W, OH, OW


def checkerboard(rng, H, W, shape, axes, low, high):
    """A board of `low` and `high` cells 1-3 samples wide over the resized
    `axes` of `shape`, broadcast over the other dimensions (bicubic clips
    it after its first pass)."""
    import numpy as np  # the suites import this module before their venv

    cell = int(rng.integers(1, 4))
    board = (np.add.outer(np.arange(H) // cell, np.arange(W) // cell) % 2).astype(bool)
    board = np.expand_dims(board, [d for d in range(len(shape)) if d not in axes])
    return np.broadcast_to(np.where(board, high, low), shape)


def v11_module(batch, op):
    """One function: argument k -> interp.interpolate_v11 -> result k, for
    cases with `data` (an array), OH, OW and `dynamic` (every dim `?`);
    `op(case)` gives the rest: (axes [h, w], the MLIR element type, the op's
    attribute text)."""
    args, results, body = [], [], []
    for k, c in enumerate(batch):
        axes, dtype, attrs = op(c)
        shape = c["data"].shape
        out = list(shape)
        out[axes[0]], out[axes[1]] = c["OH"], c["OW"]
        tin, tout = [("tensor<%sx%s>" % ("x".join("?" if c["dynamic"] else str(d) for d in s), dtype))
                     for s in (shape, out)]
        args.append("%%x%d: %s" % (k, tin))
        results.append(tout)
        body += ["  %%s%d = arith.constant dense<[%d, %d]> : tensor<2xi64>" % (k, c["OH"], c["OW"]),
                 "  %%a%d = arith.constant dense<[%d, %d]> : tensor<2xi64>" % (k, axes[0], axes[1]),
                 "  %%r%d = interp.interpolate_v11 %%x%d, %%s%d, %%a%d {%s}" % (k, k, k, k, attrs),
                 "    : (%s, tensor<2xi64>, tensor<2xi64>) -> %s" % (tin, tout)]
    ret = "  return %s : %s" % (", ".join("%%r%d" % k for k in range(len(batch))), ", ".join(results))
    return "\n".join(["func.func @main(%s) -> (%s) {" % (", ".join(args), ", ".join(results))]
                     + body + [ret, "}", ""])


def run_interp(interp_run, work, b, module, inputs):
    """Writes batch `b`'s module and inputs under `work` and runs
    `interp-run --check --tolerance=0 -o DIR` on them; returns (DIR, the
    completed process, stdout and stderr together)."""
    import subprocess

    import numpy as np

    d = os.path.join(work, "batch%03d" % b)
    os.makedirs(d, exist_ok=True)
    src = os.path.join(d, "batch.mlir")
    with open(src, "w") as f:
        f.write(module)
    cmd = [interp_run, src, "--check", "--tolerance=0", "-o", d]
    for k, x in enumerate(inputs):
        np.save(os.path.join(d, "x%d.npy" % k), x)
        cmd.append("--input=" + os.path.join(d, "x%d.npy" % k))
    return d, subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def batches(cases, max_cases, max_elements):
    """The cases in groups of at most `max_cases`, and of about
    `max_elements` input and output elements."""
    group, size = [], 0
    for c in cases:
        n = c["data"].size * (1 + c["OH"] * c["OW"] / max(1, c["H"] * c["W"]))
        if group and (len(group) == max_cases or size + n > max_elements):
            yield group
            group, size = [], 0
        group.append(c)
        size += n
    if group:
        yield group
