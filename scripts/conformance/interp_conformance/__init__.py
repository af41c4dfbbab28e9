"""The OpenVINO conformance check of interp, by section (the entry script is
scripts/conformance/openvino_conformance.py; scripts/conformance/README.md
says what it compares):

  main             the command line
  bootstrap        the virtualenv with openvino, numpy and Pillow (stdlib only)
  driver           the run: cases through interp and OpenVINO, then the report
  common           element types, bfloat16, the op vocabulary
  cases            case generation; Interpolate-1 -> Interpolate-4
  interp_runner    running interp: the case as MLIR, interp-run
  openvino_runner  running OpenVINO: the worker process and its requests
  model            NumPy model of docs/Semantics.md (explains differences)
  pillow_model     NumPy model of SEMANTICS-v11.md, the Pillow-mode predicates
  classify         classification of the differences (v4, v1, v11 v4 modes)
  classify_v11     the Pillow modes against OpenVINO and against Pillow
  report           table rows, failure details, the summary

Nothing here runs before main.main has re-executed the entry script inside
the venv, except main and bootstrap (standard library only): every other
module imports numpy.
"""
