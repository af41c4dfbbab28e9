#!/usr/bin/env python3
"""The same resize pipeline with Ray Data on a local Ray cluster: the images
of a directory read by ray.data.read_images, resized by interp in
map_batches (Pillow's BICUBIC, byte for byte: interp.pil.resize), written
back as numpy batches. Ray's workers are separate processes; each compiles
interp's kernel once.

    python3 examples/python/resize_ray.py DIR [--num-cpus 2] [--size 224]
    python3 examples/python/resize_ray.py --make 24 --check   # random images; compare with Pillow

On a real cluster, ray.init(address="auto") instead of the local one, and
the directory on storage every node reads.
"""

import argparse
import os
import sys
import tempfile
import time

import numpy as np


class Resize:
    """map_batches' callable class: one instance per Ray worker (actor)."""

    def __init__(self, size, check):
        import interp.pil
        self.pil, self.size, self.check = interp.pil, size, check

    def __call__(self, batch):
        import interp
        out = []
        for image in batch["image"]:
            y = self.pil.resize(image, (self.size, self.size), self.pil.BICUBIC)
            if self.check:
                from PIL import Image
                want = np.asarray(Image.fromarray(np.ascontiguousarray(image)).resize(
                    (self.size, self.size), Image.BICUBIC))
                assert np.array_equal(y, want)
            out.append(y)
        n = len(out)
        return {"image": np.stack(out),
                "pid": np.full(n, os.getpid()),
                "compiles": np.full(n, interp.cache_info().compiles)}


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("directory", nargs="?")
    p.add_argument("--make", type=int, metavar="N")
    p.add_argument("--num-cpus", type=int, default=2)
    p.add_argument("--size", type=int, default=224)
    p.add_argument("--check", action="store_true", help="compare with PIL.Image.resize")
    a = p.parse_args(argv)
    directory = a.directory or tempfile.mkdtemp(prefix="interp-images-")
    if a.make:
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        from make_images import make_images
        make_images(directory, a.make)

    import ray
    ray.init(num_cpus=a.num_cpus, include_dashboard=False, log_to_driver=False)
    try:
        start = time.perf_counter()
        ds = ray.data.read_images(directory, mode="RGB")
        # Half a CPU per resizing actor: the reading tasks keep CPUs of
        # their own (with every CPU held by an actor, reading would wait for
        # ever).
        ds = ds.map_batches(Resize, fn_constructor_args=(a.size, a.check), batch_size=4,
                            batch_format="numpy", concurrency=a.num_cpus, num_cpus=0.5)
        images, compiles = 0, {}
        for batch in ds.iter_batches(batch_size=8, batch_format="numpy"):
            assert batch["image"].shape[1:] == (a.size, a.size, 3)
            images += len(batch["image"])
            for pid, count in zip(batch["pid"].tolist(), batch["compiles"].tolist()):
                compiles[pid] = max(compiles.get(pid, 0), count)
        took = time.perf_counter() - start
    finally:
        ray.shutdown()
    print("resized %d images of %s in %.2f s on a local Ray cluster (%d CPUs); compiles per "
          "worker process: %s" % (images, directory, took, a.num_cpus, sorted(compiles.values())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
