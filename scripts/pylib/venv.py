"""Virtual environments with packages from PyPI.

The suites that compare interp with another implementation (OpenVINO,
ONNX Runtime, IREE, Pillow, PyTorch, jax) install it into a virtual
environment of their own under the build directory, once, and then run
inside it. The steps are always the same:

  python_of(VENV)             VENV/bin/python
  importable(PY, "a, b")      whether PY can import them (the cheap check
                              done before anything is installed)
  create(VENV)                PYTHON -m venv VENV
  pip_install(PY, REQS)       PY -m pip install -q --disable-pip-version-check REQS
  reexec(PY, SCRIPT, ARGV, ENV)  the script again, inside the venv
  ensure(...)                 all of it for a test suite: the venv's python,
                              or exit SKIP (77) with a "SKIPPED: why" line

Exit code 77 means "a package could not be installed here" (no network, no
wheel for this Python): scripts/test.sh reports the suite as skipped.

Standard library only: this runs before the venv exists.
"""

import os
import subprocess
import sys

SKIP = 77
# Output options of a step whose output goes into a message.
CAPTURE = dict(stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
PIP_INSTALL = ["-m", "pip", "install", "-q", "--disable-pip-version-check"]


def python_of(venv):
    """The virtual environment's interpreter (it need not exist)."""
    return os.path.join(str(venv), "bin", "python")


def probe(python, code, timeout=120):
    """(ok, stderr) of `python -c code`; not ok when the interpreter is
    missing or does not finish within timeout seconds."""
    try:
        r = subprocess.run([str(python), "-c", code], stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, text=True, timeout=timeout)
    except (OSError, subprocess.TimeoutExpired) as e:
        return False, str(e)
    return r.returncode == 0, r.stderr or ""


def importable(python, modules, timeout=120):
    """Whether `python` imports `modules` ("numpy, openvino")."""
    return probe(python, "import " + modules, timeout)[0]


def can_create(python=sys.executable):
    """Whether `python -m venv` can work: Debian's python3 has no ensurepip
    without the python3-venv package."""
    return subprocess.run([python, "-c", "import ensurepip, venv"], stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL).returncode == 0


def create(venv, python=sys.executable, run=subprocess.run, **kw):
    """`python -m venv VENV` through `run` (subprocess.run or a logging
    wrapper of it); kw are its output options. Returns what run returns."""
    return run([str(python), "-m", "venv", str(venv)], **kw)


def pip_install(python, requirements, run=subprocess.run, **kw):
    """pip-installs the requirements into python's environment, quietly;
    run and kw as for create()."""
    return run([str(python)] + PIP_INSTALL + list(requirements), **kw)


def reexec(python, script, argv, env):
    """Replaces this process by `python script argv...`, with env added to
    the environment (a marker that says "already inside the venv")."""
    os.execve(python, [python, os.path.abspath(script)] + list(argv), dict(os.environ, **env))


def skip(message):
    """Exit SKIP with a "SKIPPED: message" line."""
    print("SKIPPED: " + message, flush=True)
    sys.exit(SKIP)


def ensure(venv, requirements, usable, tag, label=None, failed_label=None):
    """The test suites' bootstrap: returns the venv's python once
    usable(python) holds. Otherwise creates the venv (when its python is
    missing) and pip-installs the requirements, announced as
    "TAG: pip install LABEL into VENV". Skips (exit 77) when a step fails or
    the venv is still not usable. label, failed_label: what the progress
    and the failure messages call the requirements (default: the
    requirements, space-separated)."""
    py = python_of(venv)
    if usable(py):
        return py
    label = label or " ".join(requirements)
    if not os.path.exists(py):
        r = create(venv, **CAPTURE)
        if r.returncode != 0:
            skip("cannot create a virtualenv at %s: %s" % (venv, r.stdout.strip()[-200:]))
    print("%s: pip install %s into %s" % (tag, label, venv), flush=True)
    r = pip_install(py, requirements, **CAPTURE)
    if r.returncode != 0 or not usable(py):
        skip("could not install %s with pip: %s" % (failed_label or label, r.stdout.strip()[-300:]))
    return py
