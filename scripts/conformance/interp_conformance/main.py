"""The command line (see the entry script, openvino_conformance.py): parses
it, re-executes inside the venv (bootstrap), then runs the OpenVINO worker
(--worker) or the check (driver.run). Standard library only until then."""

import argparse
import os
import sys

from .bootstrap import DEFAULT_OPENVINO, DEFAULT_PILLOW, ROOT, bootstrap, skipped

DESCRIPTION = "Conformance of interp (build/bin/interp-run) against the real OpenVINO."


def parse_args(argv):
    ap = argparse.ArgumentParser(description=DESCRIPTION,
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="Exit status: 0 no failure, 1 failures, 77 skipped "
                                        "(OpenVINO could not be installed), 2 setup error.")
    ap.add_argument("--cases", type=int, default=300, help="number of random cases (default 300)")
    ap.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    ap.add_argument("--only", type=str, default="", help="comma-separated case ids to run (same seed)")
    ap.add_argument("--interp-run", default=os.path.join(ROOT, "build", "bin", "interp-run"),
                    help="the interp-run binary (default build/bin/interp-run)")
    ap.add_argument("--venv", default=os.path.join(ROOT, "build", "conformance-venv"),
                    help="virtualenv to create/use (default build/conformance-venv)")
    ap.add_argument("--no-venv", action="store_true",
                    help="use the current interpreter (needs numpy and openvino)")
    ap.add_argument("--openvino", default=DEFAULT_OPENVINO,
                    help="pip requirement for OpenVINO (default '%s')" % DEFAULT_OPENVINO)
    ap.add_argument("--pillow", default=DEFAULT_PILLOW,
                    help="pip requirement for Pillow, the second oracle of the Interpolate-11 Pillow "
                         "modes (default '%s'; '' disables that oracle)" % DEFAULT_PILLOW)
    ap.add_argument("--route", choices=["fold", "evaluate"], default="fold",
                    help="reference route: ConstantFolding of a Constant-only model (default) or "
                         "Node.evaluate(); both run OpenVINO's C++ reference")
    ap.add_argument("--cpu-check", choices=["v1", "all", "none"], default="v1",
                    help="also run the CPU plugin (informational cross-check, never the verdict) on "
                         "Interpolate-1 cases (default), on all cases, or never")
    ap.add_argument("--v1-fraction", type=float, default=0.15, help="share of Interpolate-1 cases (default 0.15)")
    ap.add_argument("--v11-fraction", type=float, default=0.35,
                    help="share of Interpolate-11 cases (default 0.35; a quarter of them use the v4 modes)")
    ap.add_argument("--keep", metavar="DIR", help="keep the generated files in DIR")
    ap.add_argument("--timeout", type=int, default=300, help="seconds per case and tool")
    ap.add_argument("--wait-binary", type=int, default=600, metavar="SECONDS",
                    help="how long to wait for interp-run to reappear when a concurrent build "
                         "relinks it (default 600)")
    ap.add_argument("-q", "--quiet", action="store_true", help="table rows only for non-agreeing cases")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    return ap.parse_args(argv)


def main(argv):
    args = parse_args(argv)
    bootstrap(args, argv)
    if args.worker:
        from .openvino_runner import worker_main
        return worker_main()
    try:
        import numpy  # noqa: F401
    except ImportError:
        skipped("numpy is not importable by %s (use the default virtualenv)" % sys.executable)
    from .driver import run
    return run(args)
