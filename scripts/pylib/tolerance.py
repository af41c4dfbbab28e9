"""The float tolerance of the comparisons with OpenVINO
(scripts/conformance, test/Target/OpenVINO/openvino_fixtures.py).

interp's result g agrees with OpenVINO's e when |g - e| <= atol + rtol * |e|,
with (atol, rtol) = tolerance(element type, M) and M the largest input
magnitude:

  f32, f64   2e-5 * max(1, M), 1e-5
  f16        1e-3 * max(1, M), 1e-3
  bf16       8e-3 * max(1, M), 8e-3
  others     0, 0 (integers, and nearest in every type, compare exactly)

OpenVINO sums in another order (and f16/bf16 in f32), so the bound scales
with the data. interp's own oracle check (interp-run --check, the
difftest) has its policy in include/interp/Reference/Compare.h.
"""


def tolerance(dt, mag):
    """(atol, rtol) for element type dt ("f32", "f16", "bf16", "f64", ...)
    and the largest input magnitude mag."""
    m = max(1.0, mag)
    return {"f32": (2e-5 * m, 1e-5), "f64": (2e-5 * m, 1e-5), "f16": (1e-3 * m, 1e-3),
            "bf16": (8e-3 * m, 8e-3)}.get(dt, (0.0, 0.0))
