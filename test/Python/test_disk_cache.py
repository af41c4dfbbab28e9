"""The on-disk cache of compiled objects (issue 30, item 5): a second
process with the cache gives no compile (cache_info().compiles == 0,
disk_hits >= 1) and the same results; a truncated or corrupt entry is
compiled again and overwritten; no temporary file is left; the cache is
off unless set_disk_cache or INTERP_CACHE_DIR turns it on, and a cache
that cannot be written only costs the next process a compile. Each process
is a fresh interpreter (subprocess), as the cache is meant for.
"""

import glob
import json
import os
import subprocess
import sys

import pytest

import interp

# Runs in a fresh process: resizes with a few configurations and compiles
# one module with interp.compile, then prints what the caches did and a
# digest of every result. argv[1]: the cache directory, "env" (taken from
# INTERP_CACHE_DIR) or "off".
WORKER = r"""
import hashlib, json, sys
import numpy as np
import interp
where = sys.argv[1]
if where not in ("env", "off"):
    interp.set_disk_cache(where)
rng = np.random.default_rng(7)
digests = []
x = rng.uniform(-1, 1, (1, 3, 11, 13)).astype(np.float32)
for size in ([5, 7], [20, 31]):
    digests.append(interp.interpolate(x, mode="linear", sizes=size, axes=[2, 3]))
img = rng.integers(0, 256, (1, 9, 14, 3), dtype=np.uint8)
digests.append(interp.interpolate(img, mode="bicubic_pillow", version=11, sizes=[17, 5],
                                  axes=[1, 2], cube_coeff=-0.5))
digests.append(interp.interpolate(x, mode="nearest", scales=[0.5, 2.0], axes=[2, 3]))
k = interp.compile(interp.op_text(x.shape, "f32", mode="cubic", sizes=[4, 6], axes=[2, 3]))
digests.append(k(x)[0])
info = interp.cache_info()
print(json.dumps(dict(compiles=info.compiles, disk_hits=info.disk_hits, misses=info.misses,
                      kernel_from_disk=k.from_disk_cache, stats=interp.disk_cache_stats(),
                      directory=interp.disk_cache(),
                      digests=[hashlib.sha256(np.ascontiguousarray(d).tobytes()).hexdigest()
                               for d in digests])))
"""
# interpolate() compiles this many kernels in WORKER (one per configuration),
# interp.compile one more.
CONFIGURATIONS = 3
ENTRIES = CONFIGURATIONS + 1


def run(where, env_dir=None):
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [os.path.dirname(os.path.dirname(interp.__file__))] +
        ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
    env.pop("INTERP_CACHE_DIR", None)
    if env_dir is not None:
        env["INTERP_CACHE_DIR"] = str(env_dir)
    r = subprocess.run([sys.executable, "-c", WORKER, str(where)], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True, timeout=600, env=env)
    assert r.returncode == 0, r.stderr[-4000:]
    return json.loads(r.stdout.strip().splitlines()[-1])


def entries(cache):
    return sorted(glob.glob(os.path.join(str(cache), "*.o.interp")))


def no_temporary_files(cache):
    return [f for f in os.listdir(str(cache)) if not f.endswith(".o.interp")] == []


def test_second_process_loads_instead_of_compiling(tmp_path):
    cache = tmp_path / "cache"
    first = run(cache)
    assert first["compiles"] == CONFIGURATIONS and first["disk_hits"] == 0, first
    assert not first["kernel_from_disk"]
    assert first["stats"]["stores"] == ENTRIES and first["stats"]["loads"] == 0, first
    assert first["directory"] == str(cache)
    assert len(entries(cache)) == ENTRIES and no_temporary_files(cache)

    second = run(cache)
    assert second["compiles"] == 0, second
    assert second["disk_hits"] == CONFIGURATIONS and second["kernel_from_disk"], second
    assert second["stats"] == dict(loads=ENTRIES, stores=0, rejected=0, write_errors=0), second
    assert second["digests"] == first["digests"]
    assert len(entries(cache)) == ENTRIES and no_temporary_files(cache)

    # INTERP_CACHE_DIR names the same cache.
    third = run("env", env_dir=cache)
    assert third["compiles"] == 0 and third["disk_hits"] == CONFIGURATIONS, third
    assert third["digests"] == first["digests"]


def corrupt(path, how):
    data = open(path, "rb").read()
    if how == "truncated":
        data = data[:len(data) // 2]
    elif how == "header":
        data = data[:3] + b"X" + data[4:]
    elif how == "object":  # a byte of the object itself: the checksum fails
        data = data[:-9] + bytes([data[-9] ^ 0xFF]) + data[-8:]
    elif how == "empty":
        data = b""
    else:
        raise AssertionError(how)
    with open(path, "wb") as f:
        f.write(data)


def test_corrupt_entries_are_compiled_again_and_overwritten(tmp_path):
    cache = tmp_path / "cache"
    first = run(cache)
    files = entries(cache)
    assert len(files) == ENTRIES
    hows = ["truncated", "header", "object", "empty"]
    for f, how in zip(files, hows):
        corrupt(f, how)

    again = run(cache)
    assert again["compiles"] == CONFIGURATIONS and again["disk_hits"] == 0, again
    assert again["stats"]["rejected"] == ENTRIES and again["stats"]["stores"] == ENTRIES, again
    assert again["digests"] == first["digests"]
    # Rewritten: whole again (not necessarily the same bytes: LLVM's code
    # for the same module may differ by a few bytes between processes).
    assert entries(cache) == files
    assert all(os.path.getsize(f) > 1000 for f in files)
    assert no_temporary_files(cache)

    last = run(cache)
    assert last["compiles"] == 0 and last["disk_hits"] == CONFIGURATIONS, last
    assert last["digests"] == first["digests"]


def test_off_unless_enabled(tmp_path):
    r = run("off")
    assert r["directory"] is None
    assert r["stats"] == dict(loads=0, stores=0, rejected=0, write_errors=0), r
    assert r["compiles"] == CONFIGURATIONS


def test_unwritable_cache_still_compiles(tmp_path):
    # A directory below a regular file can be made by no one, root included.
    blocker = tmp_path / "file"
    blocker.write_text("")
    r = run(blocker / "cache")
    assert r["compiles"] == CONFIGURATIONS, r
    assert r["stats"]["write_errors"] == ENTRIES and r["stats"]["stores"] == 0, r
    assert os.listdir(str(tmp_path)) == ["file"]


def test_set_disk_cache_in_process(tmp_path):
    import numpy as np
    previous = interp.set_disk_cache(tmp_path)
    try:
        assert interp.disk_cache() == str(tmp_path)
        text = interp.op_text((1, 5), "f64", mode="linear", sizes=[9], axes=[1])
        before = interp.disk_cache_stats()
        k1 = interp.compile(text)
        k2 = interp.compile(text)
        after = interp.disk_cache_stats()
        assert not k1.from_disk_cache and k2.from_disk_cache
        assert after["loads"] == before["loads"] + 1
        x = np.linspace(-1, 1, 5).reshape(1, 5)
        np.testing.assert_array_equal(k1(x)[0], k2(x)[0])
        # Another num_threads is another pipeline: another entry.
        assert not interp.compile(text, num_threads=2).from_disk_cache
        assert len(entries(tmp_path)) == 2
        with pytest.raises(interp.Error, match="directory"):
            interp.set_disk_cache(3)
        with pytest.raises(interp.Error, match="directory"):
            interp.set_disk_cache("")
        assert interp.set_disk_cache(None) == str(tmp_path)
        assert interp.disk_cache() is None
        assert not interp.compile(text).from_disk_cache
    finally:
        interp.set_disk_cache(previous)
