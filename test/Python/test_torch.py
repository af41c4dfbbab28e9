"""interp and PyTorch (issue 30, item 3): torch tensors in, torch tensors out
(dtype and memory format kept, no copies), the custom op
torch.ops.interp.interpolate with its fake implementation under
torch.compile(fullgraph=True), and interp against
torch.nn.functional.interpolate where the semantics coincide (the mapping:
docs/Python.md). Skipped, with the reason printed (pytest -rs), where torch
is not installed (Debian's python3); test/Python/run_in_venv.py installs it.
"""

import numpy as np
import pytest

import interp

torch = pytest.importorskip("torch", reason="torch is not installed (run_in_venv.py installs it)")
F = torch.nn.functional
import interp.torch  # noqa: E402  (needs torch)

SEED = 20261230


def copies_during(function):
    before = interp._interp.copied_inputs()
    result = function()
    return result, interp._interp.copied_inputs() - before


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64, torch.float16, torch.uint8,
                                   torch.bfloat16])
@pytest.mark.parametrize("channels_last", [False, True])
def test_torch_in_torch_out(dtype, channels_last):
    g = torch.Generator().manual_seed(SEED)
    x = (torch.rand(2, 3, 10, 14, generator=g) * 200).to(dtype)
    if channels_last:
        x = x.contiguous(memory_format=torch.channels_last)
    kwargs = dict(mode="linear", sizes=[6, 19], axes=[2, 3])
    results_before = interp._interp.copied_results()
    y, copies = copies_during(lambda: interp.interpolate(x, **kwargs))
    assert copies == 0  # read in place
    # Computed in the tensor returned; channels-last rows (W, stride C) are
    # not contiguous: through a buffer.
    assert interp._interp.copied_results() - results_before == (1 if channels_last else 0)
    assert isinstance(y, torch.Tensor) and y.dtype == dtype and y.shape == (2, 3, 6, 19)
    assert y.is_contiguous(memory_format=torch.channels_last if channels_last
                           else torch.contiguous_format)
    # The same numbers as numpy's path (bf16: its bits as uint16).
    if dtype == torch.bfloat16:
        want = interp.interpolate(x.view(torch.int16).numpy().view(np.uint16),
                                  element_type="bf16", **kwargs)
        np.testing.assert_array_equal(y.view(torch.int16).numpy().view(np.uint16), want)
    else:
        want = interp.interpolate(np.ascontiguousarray(x.numpy()), **kwargs)
        np.testing.assert_array_equal(y.numpy(), want)
    # out= a torch tensor: written in place, returned as it is.
    out = torch.empty_like(y)
    got = interp.interpolate(x, out=out, **kwargs)
    assert got is out
    assert torch.equal(out, y)


def test_result_is_the_kernels_buffer_and_inputs_are_not_copied():
    # NHWC memory seen as NCHW: read in place, the result written straight
    # into a channels-last tensor (no numpy array, no copy after).
    x = torch.rand(1, 224, 224, 3).permute(0, 3, 1, 2)
    assert x.is_contiguous(memory_format=torch.channels_last)
    y, copies = copies_during(lambda: interp.interpolate(x, mode="cubic", sizes=[100, 90],
                                                         axes=[2, 3]))
    assert copies == 0
    assert y.is_contiguous(memory_format=torch.channels_last) and y._base is None
    # A tensor that needs grad is read through .detach(); a view with a
    # storage offset and steps is read in place too.
    v = torch.rand(2, 3, 40, 40, requires_grad=True)[:, 1:, 5::2, ::3]
    y, copies = copies_during(lambda: interp.interpolate(v, mode="nearest", sizes=[5, 5],
                                                         axes=[2, 3]))
    assert copies == 0 and not y.requires_grad
    np.testing.assert_array_equal(
        y.numpy(), interp.interpolate(v.detach().contiguous().numpy(), mode="nearest",
                                      sizes=[5, 5], axes=[2, 3]))


def test_a_tensor_elsewhere_than_the_cpu_is_an_error():
    meta = torch.empty(1, 1, 4, 4, device="meta")
    with pytest.raises(interp.Error, match="CPU"):
        interp.interpolate(meta, mode="nearest", sizes=[2, 2], axes=[2, 3])


def random_nchw(g, dtype, c=3):
    h, w = (int(v) for v in torch.randint(3, 40, (2,), generator=g))
    n = int(torch.randint(1, 3, (1,), generator=g))
    if dtype == torch.uint8:
        return torch.randint(0, 256, (n, c, h, w), generator=g, dtype=torch.uint8)
    return torch.rand(n, c, h, w, generator=g, dtype=dtype) * 2 - 1


def random_size(g, h, w):
    # up- and downscales, an unchanged side now and then.
    oh, ow = (int(v) for v in torch.randint(2, 60, (2,), generator=g))
    if int(torch.randint(0, 6, (1,), generator=g)) == 0:
        oh = h
    return oh, ow


# torch.nn.functional.interpolate(x, size=(OH, OW), mode, align_corners,
# antialias) on NCHW -> interp.interpolate(x, sizes=[OH, OW], axes=[2, 3],
# **these); docs/Python.md has the same table.
MAPPING = [
    (dict(mode="nearest"),
     dict(mode="nearest", coordinate_transformation_mode="asymmetric", nearest_mode="floor")),
    (dict(mode="nearest-exact"),
     dict(mode="nearest", coordinate_transformation_mode="half_pixel",
          nearest_mode="round_prefer_ceil")),
    (dict(mode="bilinear", align_corners=False),
     dict(mode="linear_onnx", coordinate_transformation_mode="half_pixel")),
    (dict(mode="bilinear", align_corners=True),
     dict(mode="linear_onnx", coordinate_transformation_mode="align_corners")),
    (dict(mode="bicubic", align_corners=False),
     dict(mode="cubic", coordinate_transformation_mode="half_pixel", cube_coeff=-0.75)),
    (dict(mode="bicubic", align_corners=True),
     dict(mode="cubic", coordinate_transformation_mode="align_corners", cube_coeff=-0.75)),
    (dict(mode="bilinear", antialias=True),
     dict(mode="bilinear_pillow", version=11)),
    (dict(mode="bicubic", antialias=True),
     dict(mode="bicubic_pillow", version=11, cube_coeff=-0.5)),
]


def exact_coordinates(n, out, mode):
    """The output indices whose nearest source coordinate is an integer:
    o * n / out (nearest) or (o + 0.5) * n / out (nearest-exact)."""
    o = torch.arange(out)
    if mode == "nearest":
        return (o * n) % out == 0
    return ((2 * o + 1) * n) % (2 * out) == 0


@pytest.mark.parametrize("torch_args,interp_args", MAPPING,
                         ids=[" ".join("%s=%s" % kv for kv in t.items()) for t, _ in MAPPING])
@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_agrees_with_torch_interpolate(torch_args, interp_args, dtype):
    g = torch.Generator().manual_seed(SEED)
    for case in range(12):
        x = random_nchw(g, dtype)
        if case % 2:
            x = x.contiguous(memory_format=torch.channels_last)
        size = random_size(g, *x.shape[2:])
        want = F.interpolate(x, size=size, **torch_args)
        got = interp.torch.interpolate(x, sizes=list(size), axes=[2, 3], **interp_args)
        assert got.shape == want.shape and got.dtype == want.dtype
        if torch_args["mode"].startswith("nearest"):
            # Equal but where the source coordinate is an integer: torch
            # computes o * (in / out), interp o / (out / in), and the two
            # round to either side of it.
            mask = exact_coordinates(x.shape[2], size[0], torch_args["mode"])[:, None] | \
                exact_coordinates(x.shape[3], size[1], torch_args["mode"])[None, :]
            assert torch.equal(got[..., ~mask], want[..., ~mask]), (x.shape, size)
        else:
            tol = 1e-5 if dtype == torch.float32 else 1e-12
            assert torch.allclose(got, want, atol=tol, rtol=tol), (
                x.shape, size, float((got - want).abs().max()))


@pytest.mark.parametrize("mode", ["bilinear", "bicubic"])
def test_uint8_antialias_is_torch_exactly(mode):
    # integer_arithmetic = pytorch (docs/Semantics.md): torch's uint8 kernel,
    # element for element. C <= 4 and outputs wider than 1 (two defects of
    # torch 2.15 that interp does not follow: test/Integration/torch_uint8_exact.py).
    g = torch.Generator().manual_seed(SEED)
    for case in range(20):
        x = random_nchw(g, torch.uint8, c=int(torch.randint(1, 5, (1,), generator=g)))
        if case % 2:
            x = x.contiguous(memory_format=torch.channels_last)
        size = random_size(g, *x.shape[2:])
        want = F.interpolate(x, size=size, mode=mode, antialias=True, align_corners=False)
        kwargs = dict(cube_coeff=-0.5) if mode == "bicubic" else {}
        got = interp.torch.interpolate(x, mode=mode + "_pillow", sizes=list(size), axes=[2, 3],
                                       version=11, integer_arithmetic="pytorch", **kwargs)
        assert torch.equal(got, want), (x.shape, size, int((got.int() - want.int()).abs().max()))


def test_custom_op_passes_opcheck():
    x = torch.rand(1, 3, 9, 11)
    op = torch.ops.interp.interpolate.default
    for args in [
        (x, "linear_onnx", [5, 17], None, [2, 3], 4, "coordinate_transformation_mode=half_pixel"),
        (x.contiguous(memory_format=torch.channels_last), "cubic", None, [0.5, 2.0], [2, 3], 4, ""),
        ((x * 255).to(torch.uint8), "bicubic_pillow", [4, 30], None, [2, 3], 11,
         "cube_coeff=-0.5;integer_arithmetic=pytorch"),
    ]:
        torch.library.opcheck(op, args)


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        torch.manual_seed(SEED)
        self.conv = torch.nn.Conv2d(3, 4, 3, padding=1)

    def forward(self, x):
        y = interp.torch.interpolate(x, mode="linear_onnx", sizes=[24, 40], axes=[2, 3],
                                     coordinate_transformation_mode="half_pixel")
        return torch.relu(self.conv(y)) + 1


def test_torch_compile_fullgraph():
    import torch._dynamo
    torch._dynamo.reset()
    model = Model().eval()
    counters = {}

    def backend(gm, example_inputs):
        counters["graphs"] = counters.get("graphs", 0) + 1
        counters["ops"] = [str(n.target) for n in gm.graph.nodes if n.op == "call_function"]
        return gm.forward

    compiled = torch.compile(model, fullgraph=True, backend=backend)
    x = torch.rand(2, 3, 17, 23)
    with torch.no_grad():
        want = model(x)
        got = compiled(x)
    assert torch.allclose(got, want)
    assert counters["graphs"] == 1
    assert any("interp.interpolate" in op for op in counters["ops"]), counters["ops"]
    # The default backend (inductor) too, with a channels-last input and a
    # second input size (a recompile with dynamic shapes or a new graph).
    torch._dynamo.reset()
    compiled = torch.compile(model, fullgraph=True)
    with torch.no_grad():
        for shape in [(2, 3, 17, 23), (1, 3, 30, 31)]:
            x = torch.rand(*shape).contiguous(memory_format=torch.channels_last)
            assert torch.allclose(compiled(x), model(x), atol=1e-6)


def test_torchvision_style_resize():
    from interp.transforms import output_size, resize
    # torchvision's size rule: the shorter side, max_size capping the longer.
    assert output_size(480, 640, 256) == (256, 341)
    assert output_size(640, 480, [256]) == (341, 256)
    assert output_size(480, 640, 256, max_size=300) == (225, 300)
    assert output_size(480, 640, [100, 120]) == (100, 120)
    with pytest.raises(interp.Error, match="max_size"):
        output_size(480, 640, [100, 120], max_size=200)
    g = torch.Generator().manual_seed(SEED)
    x = torch.randint(0, 256, (3, 37, 53), generator=g, dtype=torch.uint8)
    for mode in ("bilinear", "bicubic"):
        got = resize(x, 20, interpolation=mode)
        want = F.interpolate(x[None], size=(20, 28), mode=mode, antialias=True)[0]
        assert torch.equal(got, want)
    xf = x.float() / 255
    got = resize(xf, [50, 21], antialias=False, interpolation="bicubic")
    want = F.interpolate(xf[None], size=(50, 21), mode="bicubic", align_corners=False)[0]
    assert torch.allclose(got, want, atol=1e-5)
    # numpy in, numpy out; the same numbers.
    np.testing.assert_array_equal(resize(x.numpy(), 20), resize(x, 20).numpy())
    # Unchanged size: the input itself, as torchvision.
    assert resize(x, [37, 53]) is x


def test_torchvision_resize_itself():
    pytest.importorskip("torchvision", reason="torchvision is not installed (run_in_venv.py does "
                        "not install it: its wheels pin one torch version each)")
    import torchvision.transforms.v2.functional as TF
    from interp.transforms import resize
    g = torch.Generator().manual_seed(SEED)
    x = torch.randint(0, 256, (3, 37, 53), generator=g, dtype=torch.uint8)
    for size, max_size in ((20, None), (30, 40), ([11, 70], None)):
        for mode in ("bilinear", "bicubic"):
            im = TF.InterpolationMode(mode)
            want = TF.resize(x, size, interpolation=im, max_size=max_size, antialias=True)
            assert torch.equal(resize(x, size, max_size=max_size, interpolation=mode), want)
