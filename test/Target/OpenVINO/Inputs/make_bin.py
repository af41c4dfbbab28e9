#!/usr/bin/env python3
"""Writes an OpenVINO .bin: make_bin.py OUT TYPE:V,V,... [TYPE:V,...]

Each argument appends its values, little-endian, in order (offsets are the
running byte count). TYPE is f32 f16 bf16 f64 i8 u8 i32 i64; "TYPE:" alone
appends nothing; "raw:N" appends N zero bytes.
"""
import struct
import sys

FORMATS = {"f32": "<f", "f16": "<e", "f64": "<d", "i8": "<b", "u8": "<B",
           "i32": "<i", "i64": "<q"}

out = bytearray()
for item in sys.argv[2:]:
    kind, _, values = item.partition(":")
    if kind == "raw":
        out += bytes(int(values))
        continue
    for v in filter(None, values.split(",")):
        if kind == "bf16":
            out += struct.pack("<f", float(v))[2:]
        elif kind in ("f32", "f16", "f64"):
            out += struct.pack(FORMATS[kind], float(v))
        else:
            out += struct.pack(FORMATS[kind], int(v))
with open(sys.argv[1], "wb") as f:
    f.write(out)
