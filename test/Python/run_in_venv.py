#!/usr/bin/env python3
"""The Python package as a pip user gets it, in a fresh virtualenv with
numpy 2 from PyPI: `pip wheel` (scikit-build-core, pyproject.toml) builds the
wheel, pip installs it into the venv, and test/Python runs there.

The venv also gets torch (TORCH_PIN, the pin of test/Integration/
torch_uint8_exact.py), Pillow 13.0 (PILLOW_PIN) and Ray Data (RAY_REQ), for
the torch, Pillow and example tests. Each is installed on its own; one that
cannot be installed is reported ("python venv: NOT INSTALLED: ...") and its
tests skip with that reason (pytest -rs prints it).

The wheel is built over the C++ tree scripts/build.sh has already built
(cmake --install into a temporary prefix, then pip with
--config-settings=cmake.source-dir=python): only the extension itself is
compiled, not the libraries again (README.md, "Python"). --from-source
builds it as a plain `pip wheel .` does instead: every library the module
links, from scratch (long).

Exit 0: the tests passed; 1: a step failed or a test did; 77 (skipped): PyPI
could not be reached (the venv's numpy 2 and pytest could not be installed).

    /usr/bin/python3 test/Python/run_in_venv.py --build-dir build
"""

import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from pylib import venv  # noqa: E402

TAG = "python venv"
TORCH_PIN = "torch==2.15.0"
PILLOW_PIN = "pillow==13.0.0"
RAY_REQ = "ray[data]"


def log(message):
    print("%s: %s" % (TAG, message), flush=True)


def run(command, what, **kwargs):
    """Runs a step, its output kept in case it fails; returns the output."""
    start = time.monotonic()
    r = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                       **kwargs)
    if r.returncode != 0:
        print(r.stdout[-6000:])
        log("FAIL: %s (exit code %d)" % (what, r.returncode))
        sys.exit(1)
    log("%s: %.0f s" % (what, time.monotonic() - start))
    return r.stdout


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build-dir", default=os.path.join(ROOT, "build"))
    parser.add_argument("--from-source", action="store_true",
                        help="pip wheel . of the whole project (no installed tree reused)")
    parser.add_argument("--keep", metavar="DIR",
                        help="work in DIR and keep it (default: a temporary directory)")
    args = parser.parse_args()
    build = os.path.abspath(args.build_dir)
    work = args.keep or tempfile.mkdtemp(prefix="interp-venv-test-")
    os.makedirs(work, exist_ok=True)
    try:
        return build_and_test(build, work, args.from_source)
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


def build_and_test(build, work, from_source):
    # A fresh venv of Debian's python3 with numpy 2 and pytest: the only step
    # that needs PyPI before anything of interp's is built.
    env_dir = os.path.join(work, "venv")
    if not venv.can_create("/usr/bin/python3"):
        venv.skip("python3 -m venv does not work here (python3-venv)")
    r = venv.create(env_dir, python="/usr/bin/python3", **venv.CAPTURE)
    if r.returncode != 0:
        venv.skip("cannot create a virtualenv: " + r.stdout.strip()[-300:])
    py = venv.python_of(env_dir)
    log("pip install 'numpy>=2' pytest into a fresh venv")
    r = venv.pip_install(py, ["numpy>=2", "pytest"], **venv.CAPTURE)
    if r.returncode != 0:
        venv.skip("PyPI not reachable: could not install numpy 2 and pytest: "
                  + r.stdout.strip()[-300:])
    numpy_version = subprocess.run([py, "-c", "import numpy; print(numpy.__version__)"],
                                   stdout=subprocess.PIPE, text=True).stdout.strip()
    log("numpy %s" % numpy_version)
    if not numpy_version.startswith("2."):
        log("FAIL: the venv has numpy %s, not 2.x" % numpy_version)
        return 1

    for requirement in (TORCH_PIN, PILLOW_PIN, RAY_REQ):
        start = time.monotonic()
        r = venv.pip_install(py, [requirement], **venv.CAPTURE)
        if r.returncode != 0:
            log("NOT INSTALLED: %s (its tests skip): %s" % (requirement,
                                                           r.stdout.strip()[-300:]))
        else:
            log("pip install %s: %.0f s" % (requirement, time.monotonic() - start))

    dist = os.path.join(work, "dist")
    pip_wheel = [py, "-m", "pip", "wheel", "--no-deps", "--disable-pip-version-check", "-w", dist,
                 ROOT]
    if from_source:
        run(pip_wheel, "pip wheel . (the whole project, only the module's targets)")
    else:
        prefix = os.path.join(work, "prefix")
        run(["cmake", "--install", build, "--prefix", prefix], "cmake --install %s" % build)
        run(pip_wheel + ["--config-settings=cmake.source-dir=python",
                         "--config-settings=cmake.define.CMAKE_PREFIX_PATH=" + prefix],
            "pip wheel . --config-settings=cmake.source-dir=python (over the installed tree)")
    wheels = glob.glob(os.path.join(dist, "interp-*.whl"))
    if len(wheels) != 1:
        log("FAIL: pip wheel made %s" % (wheels or "no wheel"))
        return 1
    names = zipfile.ZipFile(wheels[0]).namelist()
    for pattern in (r"interp/__init__\.py", r"interp/torch\.py", r"interp/pil\.py",
                    r"interp/transforms\.py", r"interp/_interp\..*\.so",
                    r"interp/libinterp_runtime\.so"):
        if not any(re.fullmatch(pattern, n) for n in names):
            log("FAIL: %s has no %s (it has %s)" % (os.path.basename(wheels[0]), pattern, names))
            return 1
    log("%s: %s" % (os.path.basename(wheels[0]),
                    ", ".join(n for n in names if not n.startswith("interp-"))))
    run([py, "-m", "pip", "install", "--disable-pip-version-check", wheels[0]],
        "pip install the wheel")

    # The tests, from a directory outside the work tree: interp comes from
    # the venv's site-packages, nothing from the build.
    where = subprocess.run([py, "-c", "import interp; print(interp.__file__)"], cwd=work,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if where.returncode != 0 or not where.stdout.strip().startswith(env_dir):
        print(where.stdout)
        log("FAIL: import interp in the venv")
        return 1
    log("import interp: %s" % where.stdout.strip())
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    r = subprocess.run([py, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider",
                        os.path.join(ROOT, "test", "Python")], cwd=work, env=env)
    if r.returncode != 0:
        log("FAIL: pytest test/Python under numpy %s (exit code %d)" % (numpy_version,
                                                                      r.returncode))
        return 1
    log("PASS: pytest test/Python under numpy %s, interp installed from its wheel" % numpy_version)
    return 0


if __name__ == "__main__":
    sys.exit(main())
