"""The examples of examples/python/ run (issue 30, item 6): a resize pipeline
over a directory of seeded random images with a torch DataLoader (worker
processes) and with Ray Data's map_batches on a local Ray cluster, each
resize checked against torch / Pillow (--check), each worker compiling
interp's kernel once. Skipped, with the reason printed (pytest -rs), where
torch, Pillow or Ray is not installed; test/Python/run_in_venv.py installs
them.
"""

import os
import re
import subprocess
import sys

import pytest

EXAMPLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples",
                        "python")


def run_example(script, tmp_path, *args):
    env = dict(os.environ)
    # The interp this test imports (the build's or the venv's), for the
    # example's own processes.
    import interp
    env["PYTHONPATH"] = os.pathsep.join(
        [os.path.dirname(os.path.dirname(interp.__file__))] +
        ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
    r = subprocess.run([sys.executable, os.path.join(EXAMPLES, script), str(tmp_path / "images"),
                        "--make", "16", "--check"] + list(args),
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=600,
                       env=env, cwd=str(tmp_path))
    assert r.returncode == 0, r.stdout[-4000:]
    m = re.search(r"resized (\d+) images .* compiles per worker process: \[([\d, ]*)\]", r.stdout)
    assert m, r.stdout[-2000:]
    assert int(m.group(1)) == 16
    compiles = [int(c) for c in m.group(2).split(",") if c.strip()]
    assert compiles and all(c == 1 for c in compiles), m.group(0)
    return r.stdout


def test_dataloader_example(tmp_path):
    pytest.importorskip("torch", reason="torch is not installed (run_in_venv.py installs it)")
    pytest.importorskip("PIL", reason="Pillow is not installed (run_in_venv.py installs it)")
    run_example("resize_dataloader.py", tmp_path, "--workers", "2")


def test_ray_example(tmp_path):
    pytest.importorskip("PIL", reason="Pillow is not installed (run_in_venv.py installs it)")
    pytest.importorskip("ray.data", reason="Ray Data is not installed (run_in_venv.py installs "
                        "ray[data] from PyPI; see its log for why it could not)")
    run_example("resize_ray.py", tmp_path, "--num-cpus", "2")
