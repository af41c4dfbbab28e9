"""Python shared by the scripts outside lib/ (benchmarks, conformance, the
Python-driven test suites).

  venv       virtual environments with pinned PyPI packages: create, pip
             install, probe, re-execute inside one; exit code 77 (SKIP) when
             a package cannot be installed
  tolerance  the float tolerance of the OpenVINO comparisons
  npy        .npy and bfloat16 helpers

The scripts run as plain files (/usr/bin/python3 path/to/script.py), so each
one puts the repository's scripts/ directory on sys.path itself:

    sys.path.insert(0, os.path.join(ROOT, "scripts"))
    from pylib import venv

Only the standard library at import time: a script imports pylib before it
has re-executed itself inside its virtual environment, where numpy may not
exist yet (npy imports numpy inside the functions that need it).
"""
