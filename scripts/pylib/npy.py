""".npy and bfloat16 helpers.

write_npy needs only the standard library (for the scripts that run
without numpy); the others import numpy when called.

bfloat16: .npy has no such type, so interp-run, OpenVINO's tensors and the
difftest's exports carry bf16 data as its 16-bit patterns (uint16 or int16
arrays); bf16_to_f32 gives their values.
"""

import struct

_PACK = {"<i8": "<q", "<f4": "<f"}


def write_npy(path, descr, values):
    """A 1-D little-endian .npy v1.0 file of `values`; descr "<i8" (int64)
    or "<f4" (float32). Raises struct.error (or OverflowError) before
    writing anything when a value does not fit."""
    data = b"".join(struct.pack(_PACK[descr], v) for v in values)
    header = "{'descr': '%s', 'fortran_order': False, 'shape': (%d,), }" % (descr, len(values))
    header += " " * (63 - (10 + len(header)) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode("latin1") + data)


def bf16_to_f32(bits):
    """float32 values of bfloat16 bit patterns (uint16 or int16, array or
    scalar)."""
    import numpy as np
    return (np.asarray(bits, np.uint16).astype(np.uint32) << 16).view(np.float32)


def as_f64(a, dt):
    """The array as float64 values; dt "bf16" reads it as bit patterns."""
    import numpy as np
    if dt == "bf16":
        return bf16_to_f32(a).astype(np.float64)
    return np.asarray(a).astype(np.float64)
