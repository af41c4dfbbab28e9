#!/usr/bin/env python3
"""Differential test of --convert-tosa-to-interp against upstream's lowering.

Draws seeded random tosa.resize configurations (fixed seed: the run is
deterministic), runs every one through `interp-opt --convert-tosa-to-interp`
and, for each one the pass rewrote, runs both
  upstream:  mlir-opt --tosa-to-linalg-pipeline (plain tosa-to-linalg for
             configurations only the verifier accepts: i32/i64/f64), then
             bufferization and the LLVM lowering, mlir-runner;
  interp:    the pass's output, interp-opt --interp-to-llvm, mlir-runner;
on the same random data, and requires the printed bit patterns to be equal.

Data: the configurations converted without `assume-finite` get float data
with NaN (two payloads), +-Inf, -0, subnormals and the largest finite value
mixed in, and must be bit-identical. Float BILINEAR configurations are mostly
converted with `assume-finite`, on finite data, and must be equal as numbers
(the sign of a zero may differ; with this data none has). The finite
float BILINEAR configurations the pass leaves even then are converted once
more with `float-tolerance-ulps` (default 20, TOSA's ulp term for RESIZE);
each one rewritten reports its proven bound B in a remark, and every output
must differ from upstream's by at most B * 2^(1-p) * max(M, m): p the
significand bits, m the smallest normal, M the largest |v| in the window of
input rows and columns ix - 1 .. ix + 2 around TOSA's taps ix, ix + 1 (a
superset of what either side reads: weights within the bound put interp's
coordinate within one sample of TOSA's).

Configurations stay within what `tosa-validate` accepts (scale_n <= 2048,
d < 16 n, -n <= offset < 16 n, -16 n <= border < n, n / d <= 256, exact
output lengths), except a few marked verifier-only (types outside TOSA's
profiles), which the plain tosa-to-linalg lowers.

Ends with
  tosa differential: N configurations, R rewritten (all equal), L left as
  tosa.resize, F failed
(R includes those within the tolerance) and exits 1 when F > 0. Usage:
  tosa_differential.py --bin-dir BUILD/bin [--count 500] [--seed 15]
                       [--tolerance-ulps 20] [--batch 80] [--work DIR]
                       [--keep] [--verbose]
"""

import argparse
import collections
import math
import os
import random
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time

LLVM_BIN = "/usr/lib/llvm-22/bin"
LLVM_LIB = "/usr/lib/llvm-22/lib"
# Bufferize and lower upstream's linalg to LLVM (what mlir-runner needs).
UPSTREAM_LOWER = [
    "--canonicalize", "--one-shot-bufferize=bufferize-function-boundaries",
    "--convert-linalg-to-loops", "--convert-scf-to-cf", "--expand-strided-metadata",
    "--lower-affine", "--finalize-memref-to-llvm", "--convert-math-to-llvm",
    "--convert-arith-to-llvm", "--convert-index-to-llvm", "--convert-cf-to-llvm",
    "--convert-func-to-llvm", "--reconcile-unrealized-casts"]

FLOATS = ("f16", "bf16", "f32", "f64")
BITS = {"f16": 16, "bf16": 16, "f32": 32, "f64": 64, "i8": 8, "i16": 16,
        "i32": 32, "i64": 64}


# ----------------------------------------------------------------------------
# Configurations
# ----------------------------------------------------------------------------
def output_length(I, n, d, off, border):
    num = (I - 1) * n - off + border
    if num % d:
        return None
    return num // d + 1


def legal_axis(n, d, off, border):
    """tosa-validate's per-axis limits (level 8K)."""
    return (1 <= n <= 2048 and 1 <= d < 16 * n and -n <= off < 16 * n
            and -16 * n <= border < n and n // d <= 256)


def gen_axis(rng, force_one):
    """One axis from a family: random, frontend parameterisations (TFLite
    half_pixel_centers, asymmetric, align_corners), the offset patterns of
    each interp coordinate mode, identity, large n."""
    for _ in range(1000):
        I = 1 if force_one else rng.randint(1, 10)
        fam = rng.choice(["random", "random", "asym", "half", "tfhalf", "align",
                          "tflite_half", "tflite_asym", "identity", "bign"])
        if fam in ("align", "tflite_half", "tflite_asym"):
            O = rng.randint(1, 16)
            if fam == "align":
                if I == 1 or O == 1:
                    continue
                n, d, off = O - 1, I - 1, 0
            elif fam == "tflite_half":
                n, d, off = 2 * O, 2 * I, I - O
            else:
                n, d, off = O, I, 0
            border = (O - 1) * d - (I - 1) * n + off
        else:
            if fam == "bign":
                n = rng.choice([256, 257, 1000, 1024, 2047, 2048, rng.randint(17, 2048)])
                d = rng.randint(max(1, n // 8), min(16 * n - 1, 4 * n))
            else:
                n = rng.randint(1, 16)
                d = rng.randint(1, min(16 * n - 1, 48))
            if fam == "identity":
                d = n
            if fam in ("asym", "identity"):
                off = 0
            elif fam == "half":
                if (d - n) % 2:
                    n, d = 2 * n, 2 * d
                off = (d - n) // 2
            elif fam == "tfhalf":
                if d % 2:
                    n, d = 2 * n, 2 * d
                off = d // 2
            elif rng.random() < 0.6:
                off = rng.randint(-n, n)
            else:
                off = rng.randint(-n, 16 * n - 1)
            borders = [b for b in range(-16 * n, n)
                       if ((I - 1) * n - off + b) % d == 0
                       and 1 <= ((I - 1) * n - off + b) // d + 1 <= 24]
            if fam == "identity" and 0 in borders and rng.random() < 0.7:
                borders = [0]
            if not borders:
                continue
            border = rng.choice(borders)
        if not legal_axis(n, d, off, border):
            continue
        O = output_length(I, n, d, off, border)
        if O is None or not 1 <= O <= 40:
            continue
        return dict(I=I, O=O, n=n, d=d, off=off, border=border, fam=fam)
    raise RuntimeError("no axis drawn")


def gen_config(rng, idx):
    one = rng.random() < 0.07  # 1x1 inputs: upstream's broadcast/unary paths
    h, w = gen_axis(rng, one), gen_axis(rng, one)
    mode = rng.choice(["NEAREST_NEIGHBOR", "BILINEAR"])
    legal = True
    if mode == "NEAREST_NEIGHBOR":
        et = rng.choices(["f32", "f16", "bf16", "i8", "i16", "i32", "i64", "f64"],
                         [30, 14, 14, 16, 4, 8, 6, 8])[0]
        eo = et
        legal = et not in ("i32", "i64", "f64")
    else:
        et = rng.choices(["f32", "f16", "bf16", "i8", "f64"], [44, 12, 12, 24, 8])[0]
        eo = "i32" if et == "i8" else et
        legal = et != "f64"
    # A dynamic batch in the function signature (upstream lowers dynamic N
    # only, and tosa-validate wants static shapes: the plain pass lowers it).
    dyn = rng.random() < 0.1
    cfg = dict(idx=idx, mode=mode, et=et, eo=eo, legal=legal and not dyn,
               N=rng.choice([1, 1, 2]), C=rng.randint(1, 3), dynN=dyn, dynC=False,
               IH=h["I"], IW=w["I"], OH=h["O"], OW=w["O"],
               scale=[h["n"], h["d"], w["n"], w["d"]], offset=[h["off"], w["off"]],
               border=[h["border"], w["border"]], fam=(h["fam"], w["fam"]))
    # Float BILINEAR is mostly converted with assume-finite (on finite data);
    # the rest checks that without it only the exact cases are rewritten.
    cfg["finite"] = mode == "BILINEAR" and et in FLOATS and rng.random() < 0.75
    return cfg


# ----------------------------------------------------------------------------
# Data
# ----------------------------------------------------------------------------
def f32_bits(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def float_bits(et, x):
    """Bits of x rounded to et (round to nearest even)."""
    if et == "f64":
        return struct.unpack("<Q", struct.pack("<d", x))[0]
    if et == "f32":
        return f32_bits(x)
    if et == "f16":
        return struct.unpack("<H", struct.pack("<e", x))[0]
    b = f32_bits(x)  # bf16 from f32, ties to even
    return ((b + 0x7FFF + ((b >> 16) & 1)) >> 16) & 0xFFFF


SPECIALS = {
    "f64": [0x7FF8000000000000, 0x7FF4000000000001, 0x7FF0000000000000, 0xFFF0000000000000,
            0x8000000000000000, 0x0000000000000001, 0x7FEFFFFFFFFFFFFF],
    "f32": [0x7FC00000, 0x7FA00001, 0x7F800000, 0xFF800000, 0x80000000, 0x00000001,
            0x7F7FFFFF],
    "f16": [0x7E00, 0x7D01, 0x7C00, 0xFC00, 0x8000, 0x0001, 0x7BFF],
    "bf16": [0x7FC0, 0x7FA1, 0x7F80, 0xFF80, 0x8000, 0x0001, 0x7F7F],
}


def gen_data(cfg, rng, count):
    """Element bit patterns (as unsigned ints of the element width)."""
    et = cfg["et"]
    out = []
    for _ in range(count):
        if et in FLOATS:
            if not cfg["finite"] and rng.random() < 0.2:
                out.append(rng.choice(SPECIALS[et]))
                continue
            while True:
                x = rng.uniform(-1, 1) * 2.0 ** rng.randint(-3, 3)
                bits = float_bits(et, x)
                if bits & ~(1 << (BITS[et] - 1)):  # not +-0
                    break
            out.append(bits)
        else:
            width = BITS[et]
            v = rng.randint(-(1 << (width - 1)), (1 << (width - 1)) - 1)
            out.append(v & ((1 << width) - 1))
    return out


def dense_hex(cfg, bits):
    nbytes = BITS[cfg["et"]] // 8
    return "0x" + b"".join(b.to_bytes(nbytes, "little") for b in bits).hex().upper()


# ----------------------------------------------------------------------------
# MLIR text
# ----------------------------------------------------------------------------
def ttype(N, H, W, C, et):
    return f"tensor<{N}x{H}x{W}x{C}x{et}>"


def static_types(cfg):
    return (ttype(cfg["N"], cfg["IH"], cfg["IW"], cfg["C"], cfg["et"]),
            ttype(cfg["N"], cfg["OH"], cfg["OW"], cfg["C"], cfg["eo"]))


def func_types(cfg):
    N = "?" if cfg["dynN"] else cfg["N"]
    C = "?" if cfg["dynC"] else cfg["C"]
    return (ttype(N, cfg["IH"], cfg["IW"], C, cfg["et"]),
            ttype(N, cfg["OH"], cfg["OW"], C, cfg["eo"]))


def tosa_func(cfg):
    """The function and the offset (in lines) of its tosa.resize."""
    ti, to = func_types(cfg)
    sc = ", ".join(map(str, cfg["scale"]))
    of = ", ".join(map(str, cfg["offset"]))
    bo = ", ".join(map(str, cfg["border"]))
    text = (
        f"func.func @f{cfg['idx']}(%arg0: {ti}) -> {to} {{\n"
        f"  %scale = tosa.const_shape {{values = dense<[{sc}]> : tensor<4xindex>}} : () -> !tosa.shape<4>\n"
        f"  %offset = tosa.const_shape {{values = dense<[{of}]> : tensor<2xindex>}} : () -> !tosa.shape<2>\n"
        f"  %border = tosa.const_shape {{values = dense<[{bo}]> : tensor<2xindex>}} : () -> !tosa.shape<2>\n"
        f"  %0 = tosa.resize %arg0, %scale, %offset, %border {{mode = {cfg['mode']}}} : "
        f"({ti}, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> {to}\n"
        f"  return %0 : {to}\n}}\n")
    return text, 4


def print_as_ints(j, value, ty, et):
    """Converts a static result tensor to i32 (i64 for 64-bit types) holding
    its bit pattern, and prints it."""
    wide = "i64" if BITS[et] == 64 else "i32"
    ity = ty.rsplit("x", 1)[0] + f"x{wide}>"
    if et == wide:
        conv, res = "", value
    else:
        if et in ("f32", "f64"):
            body = f"    %q = arith.bitcast %i : {et} to {wide}\n"
        elif et in ("f16", "bf16"):
            body = (f"    %b = arith.bitcast %i : {et} to i16\n"
                    f"    %q = arith.extui %b : i16 to i32\n")
        else:
            body = f"    %q = arith.extsi %i : {et} to {wide}\n"
        conv = (
            f"  %e{j} = tensor.empty() : {ity}\n"
            f"  %c{j} = linalg.generic {{indexing_maps = [affine_map<(a,b,c,d)->(a,b,c,d)>, "
            f"affine_map<(a,b,c,d)->(a,b,c,d)>], iterator_types = [\"parallel\",\"parallel\","
            f"\"parallel\",\"parallel\"]}} ins({value} : {ty}) outs(%e{j} : {ity}) {{\n"
            f"  ^bb0(%i: {et}, %o: {wide}):\n{body}    linalg.yield %q : {wide}\n"
            f"  }} -> {ity}\n")
        res = f"%c{j}"
    fn = "printMemrefI64" if wide == "i64" else "printMemrefI32"
    return (conv + f"  %u{j} = tensor.cast {res} : {ity} to tensor<*x{wide}>\n"
            f"  call @{fn}(%u{j}) : (tensor<*x{wide}>) -> ()\n")


def main_func(entries):
    """entries: (cfg, data bits). Calls every function on its data, prints."""
    body = ""
    for j, (cfg, bits) in enumerate(entries):
        si, so = static_types(cfg)
        fi, fo = func_types(cfg)
        body += f"  %x{j} = arith.constant dense<\"{dense_hex(cfg, bits)}\"> : {si}\n"
        arg = f"%x{j}"
        if fi != si:
            body += f"  %a{j} = tensor.cast %x{j} : {si} to {fi}\n"
            arg = f"%a{j}"
        body += f"  %y{j} = call @f{cfg['idx']}({arg}) : ({fi}) -> {fo}\n"
        res = f"%y{j}"
        if fo != so:
            body += f"  %s{j} = tensor.cast %y{j} : {fo} to {so}\n"
            res = f"%s{j}"
        body += print_as_ints(j, res, so, cfg["eo"])
    return ("func.func @main() {\n" + body + "  return\n}\n"
            "func.func private @printMemrefI32(tensor<*xi32>)\n"
            "func.func private @printMemrefI64(tensor<*xi64>)\n")


# ----------------------------------------------------------------------------
# Running
# ----------------------------------------------------------------------------
class Runner:
    def __init__(self, args):
        self.args = args
        self.iopt = os.path.join(args.bin_dir, "interp-opt")
        runtime = args.runtime or os.path.join(os.path.dirname(os.path.abspath(args.bin_dir)),
                                               "lib", "libinterp_runtime.so")
        self.libs = ",".join([os.path.join(LLVM_LIB, "libmlir_runner_utils.so"),
                              os.path.join(LLVM_LIB, "libmlir_c_runner_utils.so"), runtime])
        self.work = args.work
        self.shapes = {}

    def run(self, cmd, stdin=None):
        p = subprocess.run(cmd, input=stdin, capture_output=True, text=True)
        return p.returncode, p.stdout, p.stderr

    def write(self, name, text):
        path = os.path.join(self.work, name)
        with open(path, "w") as f:
            f.write(text)
        return path

    def execute(self, module_text):
        """mlir-runner on LLVM-dialect text: the printed memrefs as int lists."""
        rc, out, err = self.run([os.path.join(LLVM_BIN, "mlir-runner"), "-e", "main",
                                 "-entry-point-result=void", f"-shared-libs={self.libs}"],
                                module_text)
        if rc:
            return None, err
        results = []
        for chunk in out.split("Unranked Memref")[1:]:
            results.append([int(v) for v in re.findall(r"-?\d+", chunk.split("data =", 1)[1])])
        return results, None

    def upstream(self, entries, legal, tag):
        text = "".join(tosa_func(c)[0] for c, _ in entries) + main_func(entries)
        path = self.write(f"upstream_{tag}.mlir", text)
        pipe = (["--tosa-to-linalg-pipeline"] if legal else
                ["--pass-pipeline=builtin.module(func.func(tosa-to-linalg))"])
        rc, o1, err = self.run([os.path.join(LLVM_BIN, "mlir-opt"), path] + pipe)
        if rc:
            return None, err
        rc, o2, err = self.run([os.path.join(LLVM_BIN, "mlir-opt")] + UPSTREAM_LOWER, o1)
        if rc:
            return None, err
        return self.execute(o2)

    def convert(self, cfgs, finite, tag, tolerance=0):
        """Runs the pass on the configurations' functions. Returns the printed
        module and, per configuration index, None (rewritten) or the remark.
        With a tolerance, rewritten configurations get c["bound"]."""
        text, lines = "", {}
        line = 1
        for c in cfgs:
            t, at = tosa_func(c)
            lines[line + at] = c["idx"]
            text += t
            line += t.count("\n")
        path = self.write(f"tosa_{tag}.mlir", text)
        opts = "remarks=1" + (" assume-finite=1" if finite else "")
        if tolerance:
            opts += f" float-tolerance-ulps={tolerance}"
        rc, out, err = self.run([self.iopt, path, f"--convert-tosa-to-interp={opts}"])
        if rc:
            raise RuntimeError(f"interp-opt --convert-tosa-to-interp failed on {path}:\n{err}")
        why = {c["idx"]: None for c in cfgs}
        self.shapes.update(rewrite_shapes(out))
        for m in re.finditer(r":(\d+):\d+: remark: tosa.resize not converted to interp: (.*)",
                             err):
            why[lines[int(m.group(1))]] = m.group(2)
        by_idx = {c["idx"]: c for c in cfgs}
        for m in re.finditer(r":(\d+):\d+: remark: tosa.resize converted to interp within "
                             r"([0-9.e+-]+) ulps", err):
            by_idx[lines[int(m.group(1))]]["bound"] = float(m.group(2))
        return out, why

    def interp(self, converted, keep, entries, tag):
        """Runs the pass's output, keeping only the functions in `keep`."""
        out_lines, skip = [], False
        for ln in converted.splitlines():
            m = re.match(r"  func\.func @f(\d+)\(", ln)
            if m:
                skip = int(m.group(1)) not in keep
            if not skip:
                out_lines.append(ln)
            if skip and ln == "  }":
                skip = False
        body = "\n".join(out_lines)
        end = body.rstrip().rfind("}")
        text = body[:end] + main_func(entries) + "}\n"
        path = self.write(f"interp_{tag}.mlir", text)
        rc, o1, err = self.run([self.iopt, path, "--interp-to-llvm"])
        if rc:
            return None, err
        return self.execute(o1)


def rewrite_shapes(module_text):
    """Per function index of the pass's output: what replaced the resize
    ("1 op", "2 ops", "no op", with "+ widening" for the integer chain)."""
    shapes, name, ops, widen = {}, None, 0, False
    for ln in module_text.splitlines():
        m = re.match(r"  func\.func @f(\d+)\(", ln)
        if m:
            name, ops, widen = int(m.group(1)), 0, False
        elif name is not None and ln == "  }":
            kind = {0: "no op", 1: "1 op"}.get(ops, f"{ops} ops")
            shapes[name] = kind + (" + widening" if widen else "")
            name = None
        elif name is not None:
            ops += "interp.interpolate_v4" in ln
            widen |= "arith.extsi" in ln
    return shapes


def decode(et, bits):
    """The value of a printed bit pattern (floats) for numeric comparison."""
    if et == "f32":
        return struct.unpack("<f", struct.pack("<I", bits & 0xFFFFFFFF))[0]
    if et == "f64":
        return struct.unpack("<d", struct.pack("<Q", bits & 0xFFFFFFFFFFFFFFFF))[0]
    if et == "f16":
        return struct.unpack("<e", struct.pack("<H", bits & 0xFFFF))[0]
    if et == "bf16":
        return struct.unpack("<f", struct.pack("<I", (bits & 0xFFFF) << 16))[0]
    return bits


PRECISION = {"f16": (11, 2.0 ** -14), "bf16": (8, 2.0 ** -126), "f32": (24, 2.0 ** -126),
             "f64": (53, 2.0 ** -1022)}


def tosa_windows(I, O, n, d, off):
    """Per output index: the input indices ix - 1 .. ix + 2 (clamped) around
    the float lowering's taps ix = floor((o d + off) / n), ix + 1."""
    if I == 1:
        return [(0, 0)] * O
    out = []
    for o in range(O):
        ix = (o * d + off) // n
        out.append((min(max(ix - 1, 0), I - 1), min(max(ix + 2, 0), I - 1)))
    return out


def compare_within(cfg, data, ref, got):
    """(within the bound, worst error in ulps of max(M, m), description):
    each output against cfg["bound"] ulps of its window's max(M, m)."""
    if ref is None or got is None or len(ref) != len(got):
        return False, 0.0, "different lengths"
    et = cfg["et"]
    p, smallest_normal = PRECISION[et]
    ulp = 2.0 ** (1 - p)
    N, IH, IW, C = cfg["N"], cfg["IH"], cfg["IW"], cfg["C"]
    OH, OW = cfg["OH"], cfg["OW"]
    sh, dh, sw, dw = cfg["scale"]
    wy = tosa_windows(IH, OH, sh, dh, cfg["offset"][0])
    wx = tosa_windows(IW, OW, sw, dw, cfg["offset"][1])
    v = [abs(decode(et, b)) for b in data]
    worst, k = 0.0, 0
    # The printed bound is rounded up to 2 decimals.
    limit = cfg["bound"] * (1 + 1e-9)
    for n in range(N):
        for oy in range(OH):
            for ox in range(OW):
                for c in range(C):
                    M = max(v[((n * IH + y) * IW + x) * C + c]
                            for y in range(wy[oy][0], wy[oy][1] + 1)
                            for x in range(wx[ox][0], wx[ox][1] + 1))
                    a, b = decode(et, ref[k]), decode(et, got[k])
                    err = abs(a - b) / (ulp * max(M, smallest_normal))
                    worst = max(worst, err)
                    if not err <= limit:
                        return False, worst, (f"element {k}: upstream {a!r}, interp {b!r}, "
                                              f"{err:.3g} ulps of max(M, m) > bound "
                                              f"{cfg['bound']}")
                    k += 1
    return True, worst, None


def compare(cfg, ref, got):
    """(equal, bitwise, first mismatch description)."""
    if ref is None or got is None or len(ref) != len(got):
        return False, False, "different lengths"
    bitwise = ref == got
    if bitwise:
        return True, True, None
    for k, (a, b) in enumerate(zip(ref, got)):
        if a == b:
            continue
        if cfg["finite"] and cfg["eo"] in FLOATS:
            x, y = decode(cfg["eo"], a), decode(cfg["eo"], b)
            if x == y or (math.isnan(x) and math.isnan(y)):
                continue
        return False, False, f"element {k}: upstream {a:#x}, interp {b:#x}"
    return True, False, None


def describe(cfg):
    return (f"f{cfg['idx']}: {cfg['mode']} {cfg['et']}->{cfg['eo']} "
            f"{cfg['N']}x{cfg['IH']}x{cfg['IW']}x{cfg['C']} -> {cfg['OH']}x{cfg['OW']} "
            f"scale={cfg['scale']} offset={cfg['offset']} border={cfg['border']} "
            f"fam={cfg['fam']}{' dynamic' if cfg['dynN'] or cfg['dynC'] else ''}"
            f"{' assume-finite' if cfg['finite'] else ''}")


def convert_all(runner, cfgs, batch, tolerance):
    """The pass, once per option set and batch: ({idx: why left or None},
    {idx: (converted module, tag)}). Finite float BILINEAR configurations
    left by the exact rule go through the pass again with the tolerance."""
    why = {}
    converted = {}

    def run(group, finite, prefix, tol=0):
        for b in range(0, len(group), batch):
            batch_cfgs = group[b:b + batch]
            tag = f"{prefix}_{b}"
            out, w = runner.convert(batch_cfgs, finite, tag, tol)
            why.update(w)
            for c in batch_cfgs:
                converted[c["idx"]] = (out, tag)

    for finite in (False, True):
        run([c for c in cfgs if c["finite"] == finite], finite, str(int(finite)))
    if tolerance:
        run([c for c in cfgs if c["finite"] and why[c["idx"]] is not None], True, "2",
            tolerance)
    return why, converted


def run_group(runner, group, converted, legal, tag, data_rng):
    """Both lowerings of the rewritten configurations of one (pass run,
    upstream pipeline) group on the same data: [(cfg, data)], upstream's
    and interp's printed results. When a batch breaks, its configurations
    run one at a time and the one that breaks gets c["error"]."""
    entries = []
    for c in group:
        count = c["N"] * c["IH"] * c["IW"] * c["C"]
        entries.append((c, gen_data(c, data_rng, count)))
    keep = {c["idx"] for c in group}
    rtag = f"{tag}_{int(legal)}"
    ref, err = runner.upstream(entries, legal, rtag)
    got, err2 = runner.interp(converted[group[0]["idx"]][0], keep, entries, rtag)
    if ref is None or got is None or len(ref) != len(entries) or len(got) != len(entries):
        # Find the configurations that break a batch, one at a time.
        ref, got = [], []
        for k, e in enumerate(entries):
            r1, e1 = runner.upstream([e], legal, f"{rtag}_{k}")
            g1, e2 = runner.interp(converted[e[0]["idx"]][0], {e[0]["idx"]}, [e],
                                   f"{rtag}_{k}")
            ref.append(r1[0] if r1 else None)
            got.append(g1[0] if g1 else None)
            if not r1:
                e[0]["error"] = "upstream: " + (e1 or "?").strip().splitlines()[0][:300]
            elif not g1:
                e[0]["error"] = "interp: " + (e2 or "?").strip()[:600]
    return entries, ref, got


def print_report(cfgs, runner, why, rewritten, left, reasons, failures, bitwise_count, start,
                 within, tolerance):
    total_rewritten = sum(rewritten.values())
    total_left = sum(left.values())
    print("mode / types                          rewritten  left")
    for key in sorted(set(rewritten) | set(left)):
        label = f"{key[0]} {key[1]}->{key[2]} {key[3]}".strip()
        print(f"  {label:36s} {rewritten[key]:9d} {left[key]:5d}")
    forms = collections.Counter(runner.shapes[c["idx"]] for c in cfgs if why[c["idx"]] is None)
    print("rewritten into: " + ", ".join(f"{n} x {k}" for k, n in sorted(forms.items())))
    print("why configurations were left as tosa.resize:")
    for reason, n in reasons.most_common():
        print(f"  {n:4d}  {reason}")
    if within:
        print(f"within float-tolerance-ulps={tolerance}, per element type: bounds and the "
              "worst measured error, in ulps of max(M, m)")
        for et in FLOATS:
            rows = [(c["bound"], worst) for c, worst in within if c["et"] == et]
            if rows:
                print(f"  {et:5s} {len(rows):4d} rewritten, bounds {min(b for b, _ in rows):.3g}"
                      f"-{max(b for b, _ in rows):.3g}, worst measured "
                      f"{max(w for _, w in rows):.3g}")
    for f in failures:
        print(f"FAIL {f}")
    print(f"{bitwise_count} of {total_rewritten} rewritten bit-identical; "
          f"{time.time() - start:.1f} s")
    status = "all equal" if not failures else f"{len(failures)} not equal or not run"
    print(f"tosa differential: {len(cfgs)} configurations, {total_rewritten} rewritten "
          f"({status}), {total_left} left as tosa.resize, {len(failures)} failed")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin-dir", required=True, help="the build's bin/ (interp-opt)")
    ap.add_argument("--runtime", help="libinterp_runtime.so (default BIN/../lib)")
    ap.add_argument("--count", type=int, default=500)
    ap.add_argument("--seed", type=int, default=15)
    ap.add_argument("--tolerance-ulps", type=float, default=20,
                    help="float-tolerance-ulps for the second pass (0: none)")
    ap.add_argument("--batch", type=int, default=80)
    ap.add_argument("--work", help="directory for the generated modules (default: temporary)")
    ap.add_argument("--keep", action="store_true", help="keep the generated modules")
    ap.add_argument("--verbose", action="store_true", help="one line per configuration")
    args = ap.parse_args()
    start = time.time()
    tmp = None
    if not args.work:
        tmp = tempfile.mkdtemp(prefix="tosa-differential-")
        args.work = tmp
    os.makedirs(args.work, exist_ok=True)
    runner = Runner(args)

    rng = random.Random(args.seed)
    cfgs = [gen_config(rng, i) for i in range(args.count)]
    data_rng = random.Random(args.seed * 7919 + 1)
    failures = []
    rewritten = collections.Counter()
    left = collections.Counter()
    reasons = collections.Counter()
    bitwise_count = 0

    within = []
    why, converted = convert_all(runner, cfgs, args.batch, args.tolerance_ulps)

    # Both lowerings of every rewritten configuration, batched by (pass run,
    # upstream pipeline).
    groups = collections.defaultdict(list)
    for c in cfgs:
        key = (c["mode"], c["et"], c["eo"],
               "within tolerance" if "bound" in c else
               "assume-finite" if c["finite"] else "")
        if why[c["idx"]] is not None:
            left[key] += 1
            reasons[why[c["idx"]]] += 1
            if args.verbose:
                print(f"left       {describe(c)}: {why[c['idx']]}")
            continue
        rewritten[key] += 1
        groups[(converted[c["idx"]][1], c["legal"])].append(c)
    for (tag, legal), group in sorted(groups.items()):
        entries, ref, got = run_group(runner, group, converted, legal, tag, data_rng)
        for (c, data), r, g in zip(entries, ref, got):
            if "error" in c:
                failures.append(f"{describe(c)}: {c['error']}")
                continue
            if "bound" in c:
                equal, worst, note = compare_within(c, data, r, g)
                bitwise = False
                within.append((c, worst))
            else:
                equal, bitwise, note = compare(c, r, g)
            bitwise_count += bitwise
            if not equal:
                failures.append(f"{describe(c)}: mismatch, {note}")
            elif args.verbose:
                print(f"rewritten  {describe(c)}: "
                      + (f"within {worst:.3g} ulps (bound {c['bound']})" if "bound" in c else
                         "bit-identical" if bitwise else "equal"))

    print_report(cfgs, runner, why, rewritten, left, reasons, failures, bitwise_count, start,
                 within, args.tolerance_ulps)
    if tmp and not args.keep:
        shutil.rmtree(tmp, ignore_errors=True)
    elif args.keep or args.work:
        print(f"modules in {args.work}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
