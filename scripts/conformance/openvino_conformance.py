#!/usr/bin/env python3
"""Conformance of interp (build/bin/interp-run) against the real OpenVINO.

Draws random Interpolate-4 / Interpolate-1 / Interpolate-11 cases, runs each
one through interp-run (compiled to native code) and through OpenVINO's own C++
reference implementation (a one-op model whose inputs are all Constants, folded
by the ConstantFolding pass, which calls Interpolate::evaluate()), and
classifies every case as

  agree      within tolerance (nearest: bit-exact; integers: exact),
  deviate    differs, and every differing element is explained by a
             documented interp Decision (docs/Semantics.md), each one verified
             by an actual recomputation (see classify()),
  ov-bug     differs where OpenVINO's reference has a bug that an emulation
             reproduces exactly while interp matches docs/Semantics.md (not a
             failure; listed separately),
  fail       anything else,
  n/a        not comparable by design (Interpolate-1 area: OpenVINO has no
             implementation; interp is checked against this script's own
             model of its documented area definition instead).

The Interpolate-11 Pillow modes (bilinear_pillow, bicubic_pillow) are
classified by classify_v11 and have a second oracle, Pillow 13.0 itself
(pillow_eval). On u8/i8 interp computes Pillow 13.0's integer arithmetic: exact
against Pillow, by design against OpenVINO where both sides equal their models;
other types: rounding ties of OpenVINO/Pillow vs interp's half-to-even, and
their propagation through the second pass.

See scripts/conformance/README.md. Exit status: 0 no failure, 1 failures,
77 skipped (OpenVINO could not be installed), 2 usage or setup error.

The code is in interp_conformance/, one module per section (its __init__.py
lists them); this file is the command line's entry point, also run again
inside the virtualenv and as the OpenVINO worker process.
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))  # scripts/, for pylib

from interp_conformance.main import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
