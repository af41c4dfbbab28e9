#!/usr/bin/env python3
"""Writes the seed corpora of the importer fuzzers from the lit tests.

  make_import_corpus.py OPENVINO_DIR ONNX_DIR

OpenVINO: every `//--- NAME.xml` section of test/Target/OpenVINO/*.mlir,
alone and followed by a NUL and each .bin its file's RUN lines write with
make_bin.py (the input format of FuzzOpenVINOImport.cpp). ONNX: every model
the RUN lines of test/Target/ONNX/*.mlir write with make_model.py.
Deterministic: the same sources give the same files.
"""
import pathlib
import re
import shlex
import subprocess
import sys
import tempfile

TEST = pathlib.Path(__file__).resolve().parent.parent
RUN = re.compile(r"^// RUN: %python %S/Inputs/(make_bin|make_model)\.py (.*)$")


def run_lines(path):
    for line in path.read_text().splitlines():
        m = RUN.match(line)
        if m:
            yield m.group(1), shlex.split(m.group(2))


def sections(path):
    """split-file's sections: name -> text."""
    out, name, lines = {}, None, []
    for line in path.read_text().splitlines(keepends=True):
        if line.startswith("//--- "):
            if name:
                out[name] = "".join(lines)
            name, lines = line[6:].strip(), []
        elif name:
            lines.append(line)
    if name:
        out[name] = "".join(lines)
    return out


def openvino(dst, tmp):
    n = 0
    inputs = TEST / "Target" / "OpenVINO" / "Inputs"
    for test in sorted((TEST / "Target" / "OpenVINO").glob("*.mlir")):
        bins = [b""]
        for i, (tool, args) in enumerate(run_lines(test)):
            if tool != "make_bin":
                continue
            out = tmp / f"{test.stem}-{i}.bin"
            subprocess.run([sys.executable, str(inputs / "make_bin.py"), str(out)] + args[1:],
                           check=True)
            bins.append(out.read_bytes())
        for name, text in sorted(sections(test).items()):
            if not name.endswith(".xml"):
                continue
            for j, weights in enumerate(bins):
                data = text.encode() + (b"\0" + weights if j else b"")
                (dst / f"{test.stem}-{name}-{j}").write_bytes(data)
                n += 1
    return n


def onnx(dst, tmp):
    n = 0
    inputs = TEST / "Target" / "ONNX" / "Inputs"
    for test in sorted((TEST / "Target" / "ONNX").glob("*.mlir")):
        for i, (tool, args) in enumerate(run_lines(test)):
            if tool != "make_model":
                continue
            out = dst / f"{test.stem}-{i}.onnx"
            # The RUN line's output is its first argument (%t...); its other
            # %t files (--write-input) go to the scratch directory.
            rest = [a.replace("%t", str(tmp / f"{test.stem}-{i}")) for a in args[1:]]
            subprocess.run([sys.executable, str(inputs / "make_model.py"), str(out)] + rest,
                           check=True)
            n += 1
    return n


def main():
    ov_dir, onnx_dir = (pathlib.Path(p) for p in sys.argv[1:3])
    ov_dir.mkdir(parents=True, exist_ok=True)
    onnx_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        print(f"import fuzz corpus: {openvino(ov_dir, pathlib.Path(tmp))} OpenVINO IR seeds, "
              f"{onnx(onnx_dir, pathlib.Path(tmp))} ONNX seeds")


if __name__ == "__main__":
    main()
