"""Makes and checks .npy files for the interp-run tests, with NumPy only.

  npytool.py save PATH DTYPE SHAPE VALUES [--fortran] [--big-endian]
                                          [--truncate N]
      Saves np.asarray(eval(VALUES)).astype(DTYPE).reshape(SHAPE). SHAPE is
      D0xD1x... ('' for a scalar). VALUES may use np, e.g. "np.arange(12)".
  npytool.py raw PATH TEXT
      Writes TEXT as the whole file (a file that is not .npy).
  npytool.py expect GOT EXPR --dtype DTYPE [--load NAME=PATH ...]
                                           [--atol A] [--rtol R]
      Loads GOT, evaluates EXPR (NumPy, with the loaded arrays and the
      helpers below) and fails unless GOT has dtype DTYPE, the shape of EXPR
      and values within atol + rtol * |expected| (exactly equal when both
      are 0). Prints one "match: ..." line.

The expected values are computed here independently of interp: linear
resizing is np.interp along one axis at a time, at the input coordinates
the coordinate transformation modes define.
"""
import argparse
import sys

import numpy as np


def interp_axis(x, axis, coords):
    """Piecewise-linear interpolation of x along axis at coords (clamped at
    the ends, as linear_onnx clamps)."""
    moved = np.moveaxis(np.asarray(x, dtype=np.float64), axis, -1)
    n = moved.shape[-1]
    rows = moved.reshape(-1, n)
    out = np.stack([np.interp(coords, np.arange(n), row) for row in rows])
    out = out.reshape(moved.shape[:-1] + (len(coords),))
    return np.moveaxis(out, -1, axis)


def half_pixel(n_in, n_out):
    scale = n_out / n_in
    return (np.arange(n_out) + 0.5) / scale - 0.5


def align_corners(n_in, n_out):
    return np.arange(n_out) * (n_in - 1) / (n_out - 1)


def parse_shape(text):
    return tuple(int(d) for d in text.split("x")) if text else ()


def save(args):
    array = np.asarray(eval(args.values, {"np": np})).astype(args.dtype)
    array = array.reshape(parse_shape(args.shape))
    if args.big_endian:
        array = array.astype(array.dtype.newbyteorder(">"))
    if args.fortran:
        array = np.asfortranarray(array)
    np.save(args.path, array)
    if args.truncate:
        with open(args.path, "rb") as f:
            data = f.read()
        with open(args.path, "wb") as f:
            f.write(data[: len(data) - args.truncate])


def raw(args):
    with open(args.path, "w") as f:
        f.write(args.text)


def expect(args):
    scope = {"np": np, "interp_axis": interp_axis, "half_pixel": half_pixel,
             "align_corners": align_corners}
    for item in args.load:
        name, path = item.split("=", 1)
        scope[name] = np.load(path)
    got = np.load(args.got)
    expected = np.asarray(eval(args.expr, scope))
    if got.dtype != np.dtype(args.dtype):
        sys.exit("dtype mismatch: got %s, expected %s" % (got.dtype, args.dtype))
    if got.shape != expected.shape:
        sys.exit("shape mismatch: got %s, expected %s" % (got.shape, expected.shape))
    g = got.astype(np.float64)
    e = expected.astype(np.float64)
    diff = np.abs(g - e)
    bad = diff > args.atol + args.rtol * np.abs(e)
    if bad.any():
        index = tuple(int(i) for i in np.argwhere(bad)[0])
        sys.exit("value mismatch at %s: got %r, expected %r (%d mismatches)"
                 % (index, g[index], e[index], int(bad.sum())))
    print("match: %s %s max_abs_diff=%g" % (got.dtype, "x".join(map(str, got.shape)),
                                          diff.max() if diff.size else 0.0))


def main():
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("save")
    p.add_argument("path")
    p.add_argument("dtype")
    p.add_argument("shape")
    p.add_argument("values")
    p.add_argument("--fortran", action="store_true")
    p.add_argument("--big-endian", action="store_true")
    p.add_argument("--truncate", type=int, default=0)
    p.set_defaults(func=save)
    p = sub.add_parser("raw")
    p.add_argument("path")
    p.add_argument("text")
    p.set_defaults(func=raw)
    p = sub.add_parser("expect")
    p.add_argument("got")
    p.add_argument("expr")
    p.add_argument("--dtype", required=True)
    p.add_argument("--load", action="append", default=[])
    p.add_argument("--atol", type=float, default=0.0)
    p.add_argument("--rtol", type=float, default=0.0)
    p.set_defaults(func=expect)
    args = parser.parse_args()
    args.func(args)


if __name__ == "__main__":
    main()
