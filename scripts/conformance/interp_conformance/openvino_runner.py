"""Running OpenVINO: a worker process (the entry script with --worker) that
evaluates each case with OpenVINO's C++ reference (ConstantFolding of a
Constant-only one-op model, or Node.evaluate()) and optionally the CPU
plugin, and the driver's handle on it (Worker). The worker is a separate
process because the reference can crash on some inputs.

Protocol: one JSON request per line on the worker's stdin ({"dir", "input",
"evals": [{"name", "kind", "spec", "cast_f32"}], "route"}), one JSON response
per line on its stdout ({name: {"ok", "path" | "error"}}); its first line is
{"version": ...}."""

import json
import os
import subprocess
import sys

import numpy as np

from .bootstrap import ENTRY
from .cases import spec_json, v1_to_v4
from .common import INT_TYPES, PILLOW_MODES, REF_TYPES, bf16_to_f32, is_pillow


class Evaluator:
    """OpenVINO's evaluations of one case spec (inside the worker)."""

    def __init__(self):
        import openvino as ov
        from openvino import opset1 as o1, opset10 as o10, opset11 as o11
        from openvino.passes import Manager, ConstantFolding
        self.ov, self.o1, self.o10, self.o11 = ov, o1, o10, o11
        self.Manager, self.ConstantFolding = Manager, ConstantFolding
        self.core = ov.Core()
        self.OVT = {"f32": ov.Type.f32, "f16": ov.Type.f16, "bf16": ov.Type.bf16, "f64": ov.Type.f64,
                    "i8": ov.Type.i8, "u8": ov.Type.u8, "i32": ov.Type.i32, "i64": ov.Type.i64}
        self.version = ov.get_version()

    def tensor(self, a, dt):
        t = self.ov.Tensor(self.OVT[dt], self.ov.Shape(list(a.shape)))
        if dt == "bf16":
            t.data.view(np.uint16)[...] = a
        else:
            t.data[...] = a
        return t

    @staticmethod
    def read(t, dt):
        d = t.data
        return np.array(d.view(np.uint16) if dt == "bf16" else d, copy=True)

    def const(self, vals, t):
        return self.o1.constant(np.array(vals, dtype={"i64": np.int64, "i32": np.int32}.get(t, np.float32)))

    def v4_node(self, spec, data_node):
        # scales are always given to OpenVINO as f32 (the value interp reads)
        const = self.const
        return self.o10.interpolate(data_node, const(spec["sizes"], spec["sizes_type"]),
                                    const(spec["scales"], "f32"), spec["mode"], spec["calc"],
                                    pads_begin=spec["pads_begin"], pads_end=spec["pads_end"],
                                    coordinate_transformation_mode=spec["ctm"],
                                    nearest_mode=spec["nearest_mode"], antialias=spec["antialias"],
                                    cube_coeff=spec["cube_coeff"],
                                    axes=const(spec["axes"], spec["axes_type"]) if spec["axes_operand"] else None)

    def v11_node(self, spec, data_node):
        const = self.const
        sos = (const(spec["sizes"], spec["sizes_type"]) if spec["calc"] == "sizes"
               else const(spec["scales"], "f32"))  # scales as f32, the value interp reads
        if spec["mode"] in PILLOW_MODES and spec["out_shape"][spec["axes_eff"][0]] == 0:
            # interpolate_pil.hpp reads bounds_vert[ysize*2-2] with ysize = 0: a segfault
            raise RuntimeError("not evaluated: the reference crashes when the H output length is 0")
        return self.o11.interpolate(data_node, sos, spec["mode"], spec["calc"],
                                    pads_begin=spec["pads_begin"], pads_end=spec["pads_end"],
                                    coordinate_transformation_mode=spec["ctm"],
                                    nearest_mode=spec["nearest_mode"], antialias=spec["antialias"],
                                    cube_coeff=spec["cube_coeff"],
                                    axes=const(spec["axes"], spec["axes_type"]) if spec["axes_operand"] else None)

    def v1_node(self, spec, data_node):
        attrs = {"axes": spec["axes"], "mode": spec["mode"], "align_corners": spec["align_corners"],
                 "antialias": spec["antialias"], "pads_begin": spec["pads_begin"],
                 "pads_end": spec["pads_end"]}
        return self.o1.interpolate(data_node, self.const(spec["target"], spec["target_type"]), attrs)

    def node_for(self, spec, data_node):
        return {"v4": self.v4_node, "v11": self.v11_node, "v1": self.v1_node}[spec["op"]](spec, data_node)

    def ref_fold(self, spec, x, dt):
        """The C++ reference: fold a one-op model whose inputs are Constants."""
        ov = self.ov
        n = self.node_for(spec, ov.op.Constant(self.tensor(x, dt)))
        m = ov.Model([n], [])
        pm = self.Manager()
        pm.register_pass(self.ConstantFolding())
        pm.run_passes(m)
        r = m.get_results()[0].input_value(0).get_node()
        if r.get_type_name() != "Constant":
            raise RuntimeError("not constant-folded (no evaluate() for %s?)" % dt)
        return self.read(r.get_tensor_view(), dt)

    def ref_evaluate(self, spec, x, dt):
        """Alternative route: Node.evaluate() directly (same C++ code)."""
        ov = self.ov
        n = self.node_for(spec, ov.op.Constant(self.tensor(x, dt)))
        ins = [self.tensor(x, dt)] + [ov.Tensor(n.input_value(i).get_node().get_data())
                                      for i in range(1, n.get_input_size())]
        o = ov.Tensor(self.OVT[dt], n.get_output_shape(0))
        if not n.evaluate([o], ins):
            raise RuntimeError("evaluate() returned false for %s" % dt)
        return self.read(o, dt)

    def cpu(self, spec, x, dt):
        ov = self.ov
        p = self.o1.parameter(list(x.shape), self.OVT[dt])
        n = self.node_for(spec, p)
        cm = self.core.compile_model(ov.Model([n], [p]), "CPU", {"INFERENCE_PRECISION_HINT": "f32"})
        req = cm.create_infer_request()
        req.set_input_tensor(self.tensor(x, dt))
        req.infer()
        return self.read(req.get_output_tensor(0), dt)

    @staticmethod
    def ref_two_pass(spec, x, dt, ref):
        """Pillow modes on i32/i64 data (no reference kernel): each pass separately on the
        data as f32 (the reference sums in double and stores f32; exact for these
        integers), the W pass with the pads, then the H pass; after each pass the value
        is stored as interp documents it: rounded half to even and saturated."""
        info = np.iinfo({"i32": np.int32, "i64": np.int64}[dt])
        h, w = spec["axes_eff"]
        P, O = spec["padded"], spec["out_shape"]

        def store(y):
            return np.clip(np.rint(y.astype(np.float64)), info.min, info.max)
        s1 = dict(spec, calc="sizes", sizes=[P[h], O[w]], sizes_type="i64")
        y = store(ref(s1, x.astype(np.float32), "f32"))
        s2 = dict(spec, calc="sizes", sizes=[O[h], O[w]], sizes_type="i64", pads_begin=[], pads_end=[])
        y = store(ref(s2, y.astype(np.float32), "f32"))
        return y.astype(info.dtype)

    def evaluate(self, ev, x, dt, route):
        """One evaluation of a request: the array OpenVINO computes."""
        if ev["kind"] == "cpu":
            return self.cpu(ev["spec"], x, dt)
        if ev["kind"] == "ref2pass":
            return self.ref_two_pass(ev["spec"], x, dt, self.ref_evaluate if route == "evaluate" else self.ref_fold)
        if route == "evaluate":
            return self.ref_evaluate(ev["spec"], x, dt)
        return self.ref_fold(ev["spec"], x, dt)

    def answer(self, req):
        """The response to one request: each evaluation's .npy file or error."""
        resp = {}
        x0 = np.load(req["input"])
        for ev in req["evals"]:
            dt = ev["spec"]["dtype"]
            x = x0
            if ev.get("cast_f32"):
                x, dt = (bf16_to_f32(x0) if dt == "bf16" else x0.astype(np.float32)), "f32"
            try:
                a = self.evaluate(ev, x, dt, req.get("route"))
                path = os.path.join(req["dir"], "openvino_%s.npy" % ev["name"])
                np.save(path, a)
                resp[ev["name"]] = {"ok": True, "path": path}
            except Exception as e:  # noqa: BLE001 - reported per case
                msg = str(e).strip()
                resp[ev["name"]] = {"ok": False, "error": msg.splitlines()[-1][:300] if msg else type(e).__name__}
        return resp


def worker_main():
    out = os.fdopen(os.dup(1), "w", buffering=1)
    requests = os.fdopen(os.dup(0), "r")
    os.dup2(2, 1)  # anything OpenVINO prints goes to stderr
    # Nothing else may read stdin: a fork from another thread (multiprocessing
    # closes sys.stdin in the child) would deadlock on its lock.
    sys.stdin = open(os.devnull)
    # 'import openvino' imports openvino.tools.ovc, which sends a telemetry event
    # from a thread through a forked process. Make it use its built-in stub.
    sys.modules["openvino_telemetry"] = None
    evaluator = Evaluator()
    out.write(json.dumps({"version": evaluator.version}) + "\n")
    for line in requests:
        out.write(json.dumps(evaluator.answer(json.loads(line))) + "\n")
    out.flush()
    os._exit(0)  # skip OpenVINO's static destructors (they can abort at exit)


class Worker:
    def __init__(self, route):
        self.route = route
        self.proc = None
        self.version = None

    def start(self):
        self.proc = subprocess.Popen([sys.executable, ENTRY, "--worker", "--no-venv"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        first = self.proc.stdout.readline()
        if not first:
            raise RuntimeError("the OpenVINO worker did not start")
        self.version = json.loads(first)["version"]

    def request(self, req, timeout=600):
        if self.proc is None or self.proc.poll() is not None:
            self.start()
        import select
        req["route"] = self.route
        try:
            self.proc.stdin.write(json.dumps(req) + "\n")
            self.proc.stdin.flush()
            r, _, _ = select.select([self.proc.stdout], [], [], timeout)
            line = self.proc.stdout.readline() if r else ""
        except OSError:  # the worker died before reading the request
            r, line = True, ""
        if not line:
            if self.proc.poll() is None:
                self.proc.kill()
            code = self.proc.wait()
            self.proc = None
            why = "timed out after %ds" % timeout if not r else "crashed (exit status %s)" % code
            return {"crash": "OpenVINO worker " + why}
        return json.loads(line)

    def restart(self):
        self.stop()
        self.proc = None

    def stop(self):
        if self.proc is not None and self.proc.poll() is None:
            self.proc.stdin.close()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()


def openvino_requests(c, args):
    """What to ask OpenVINO for one case."""
    evals = []
    if c["op"] == "v1" and c["mode"] == "area":
        return evals
    if is_pillow(c):
        # u8, i8, f16, bf16, f32: the reference; f64: the reference on the data as f32;
        # i32, i64: the reference pass by pass on the data as f32 (see ref_two_pass).
        # No CPU cross-check: the plugin is documented to differ (a = -0.5, ranks 2-3
        # rounded once, NHWC with pads broken; on u8/i8 f32 sums rounded to even, where
        # interp follows Pillow 13.0's integer arithmetic).
        if c["dtype"] in ("i32", "i64"):
            evals.append({"name": "ref", "kind": "ref2pass", "spec": spec_json(c)})
        else:
            evals.append({"name": "ref", "kind": "ref", "spec": spec_json(c),
                          "cast_f32": c["dtype"] not in REF_TYPES})
        return evals
    v4 = v1_to_v4(c) if c["op"] == "v1" else c
    native = c["dtype"] in REF_TYPES
    evals.append({"name": "ref", "kind": "ref", "spec": spec_json(v4), "cast_f32": not native})
    if native and c["dtype"] in INT_TYPES and v4["mode"] != "nearest":
        evals.append({"name": "ref_f32", "kind": "ref", "spec": spec_json(v4), "cast_f32": True})
    if c["op"] == "v1":
        alt = v1_to_v4(c, interp_decision=True)
        if alt["mode"] != v4["mode"]:
            evals.append({"name": "ref_alt", "kind": "ref", "spec": spec_json(alt), "cast_f32": not native})
            if native and c["dtype"] in INT_TYPES:
                evals.append({"name": "ref_alt_f32", "kind": "ref", "spec": spec_json(alt), "cast_f32": True})
    if args.cpu_check == "all" or (args.cpu_check == "v1" and c["op"] == "v1"):
        evals.append({"name": "cpu", "kind": "cpu", "spec": spec_json(c)})
    return evals
