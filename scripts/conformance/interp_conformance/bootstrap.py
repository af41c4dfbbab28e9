"""Bootstrap: the conformance check's own virtualenv (build/conformance-venv)
with openvino + numpy, and Pillow as an optional second oracle; then the
script re-executes itself inside it. Standard library only."""

import os
import subprocess
import sys

from pylib import venv as pyvenv

# The entry script: re-executed inside the venv, and run again as the
# OpenVINO worker process.
ENTRY = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "openvino_conformance.py")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(ENTRY)))
SKIP = pyvenv.SKIP
VENV_MARKER = "INTERP_CONFORMANCE_VENV"
DEFAULT_OPENVINO = "openvino>=2026,<2027"
DEFAULT_PILLOW = "Pillow==13.0.0"  # the oracle of SEMANTICS-v11.md step 9 (also test/Integration/pillow_exact.py)
PILLOW_FAILED = ".pillow-install-failed"  # in the venv: do not retry pip on every run


def skipped(msg):
    pyvenv.skip(msg)


def pip_install(py, reqs):
    """(exit code, the last 3 lines pip printed)."""
    try:
        r = pyvenv.pip_install(py, reqs, timeout=1800, **pyvenv.CAPTURE)
        out, rc = r.stdout, r.returncode
    except (OSError, subprocess.TimeoutExpired) as e:
        out, rc = str(e), 1
    return rc, [l for l in out.strip().splitlines() if l.strip()][-3:]


def install_openvino(args, venv, py):
    """Creates the venv when needed and pip-installs OpenVINO and numpy;
    skips (exit 77) when that fails."""
    if not os.path.exists(py):
        if not pyvenv.can_create():
            skipped("%s cannot create virtual environments (no ensurepip/venv module; "
                    "on Debian: apt-get install python3-venv)" % sys.executable)
        print("conformance: creating virtualenv %s" % venv, flush=True)
        r = pyvenv.create(venv, **pyvenv.CAPTURE)
        if r.returncode != 0:
            skipped("'%s -m venv %s' failed: %s" % (sys.executable, venv,
                                                    r.stdout.strip().splitlines()[-1:] or "?"))
    print("conformance: pip install %s numpy into %s" % (args.openvino, venv), flush=True)
    rc, last = pip_install(py, [args.openvino, "numpy"])
    if rc != 0 or not pyvenv.importable(py, "numpy, openvino"):
        skipped("could not install '%s' and numpy with pip (no network or no wheel for "
                "this platform?): %s" % (args.openvino, " | ".join(last) or "import failed"))


def install_pillow(args, venv, py):
    """Pillow: a second, optional oracle for the Pillow modes of Interpolate-11 (a pinned
    version replaces another one in the venv). Installed separately, so that a missing
    wheel skips only that oracle (with a message, see classify_v11.load_pillow); a
    failure is remembered in the venv."""
    failed_marker = os.path.join(venv, PILLOW_FAILED)
    pin = args.pillow.split("==", 1)[1].strip() if "==" in args.pillow else None
    wanted = "import PIL" + ("; assert PIL.__version__ == %r" % pin if pin else "")  # a pinned version
    if args.pillow and not pyvenv.probe(py, wanted)[0] and not os.path.exists(failed_marker):
        print("conformance: pip install %s into %s" % (args.pillow, venv), flush=True)
        rc, last = pip_install(py, [args.pillow])
        if rc != 0 or not pyvenv.importable(py, "PIL"):
            print("conformance: could not install '%s' with pip (%s); the Pillow oracle is skipped. "
                  "Delete %s to retry." % (args.pillow, " | ".join(last) or "import failed", failed_marker),
                  flush=True)
            with open(failed_marker, "w") as f:
                f.write(" | ".join(last) + "\n")


def bootstrap(args, argv):
    """Re-executes the entry script inside args.venv (created and filled when
    needed); returns at once with --no-venv, in the worker, or when already
    inside."""
    if args.no_venv or args.worker:
        return
    venv = os.path.abspath(args.venv)
    py = pyvenv.python_of(venv)
    if os.environ.get(VENV_MARKER) == venv:
        return  # already re-executed inside the venv
    if not (os.path.exists(py) and pyvenv.importable(py, "numpy, openvino")):
        install_openvino(args, venv, py)
    install_pillow(args, venv, py)
    pyvenv.reexec(py, ENTRY, argv, {VENV_MARKER: venv})
