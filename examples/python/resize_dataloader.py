#!/usr/bin/env python3
"""A resize pipeline over a directory of images with a torch DataLoader and
worker processes, interp doing the resizes.

Each image (any size) is decoded by Pillow, resized by interp as
torchvision's Resize(256) would (shorter side 256, antialiased, uint8:
interp.transforms.resize, PyTorch's uint8 arithmetic exactly) and
center-cropped to 224 x 224; the DataLoader batches them. Every worker
process compiles interp's kernel once (one kernel per configuration, not per
image size) and reports its compile count.

    python3 examples/python/resize_dataloader.py DIR [--workers 2] [--batch-size 8]
    python3 examples/python/resize_dataloader.py --make 24   # a directory of random images first

With --check, every image is also resized by torch.nn.functional.interpolate
and the two must be equal.
"""

import argparse
import os
import sys
import tempfile
import time

import numpy as np
import torch
from PIL import Image
from torch.utils.data import DataLoader, Dataset

import interp
from interp.transforms import resize

EXTENSIONS = (".jpg", ".jpeg", ".png", ".bmp", ".webp")


class ResizedImages(Dataset):
    def __init__(self, directory, size=256, crop=224, check=False):
        self.paths = sorted(os.path.join(directory, f) for f in os.listdir(directory)
                            if f.lower().endswith(EXTENSIONS))
        self.size, self.crop, self.check = size, crop, check

    def __len__(self):
        return len(self.paths)

    def __getitem__(self, i):
        with Image.open(self.paths[i]) as img:
            chw = torch.from_numpy(np.array(img.convert("RGB"))).permute(2, 0, 1)
        y = resize(chw, self.size, antialias=True)  # 3 x 256 x W' (or H' x 256), uint8
        if self.check:
            want = torch.nn.functional.interpolate(chw[None], size=tuple(y.shape[1:]),
                                                   mode="bilinear", antialias=True)[0]
            assert torch.equal(y, want), self.paths[i]
        top = (y.shape[1] - self.crop) // 2
        left = (y.shape[2] - self.crop) // 2
        # The process's compiles so far travel with the item.
        return (y[:, top:top + self.crop, left:left + self.crop].contiguous(),
                torch.tensor([os.getpid(), interp.cache_info().compiles]))


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("directory", nargs="?")
    p.add_argument("--make", type=int, metavar="N", help="first write N random images into a "
                   "temporary directory (or into DIRECTORY)")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--batch-size", type=int, default=8)
    p.add_argument("--check", action="store_true",
                   help="compare every resize with torch.nn.functional.interpolate")
    a = p.parse_args(argv)
    directory = a.directory or tempfile.mkdtemp(prefix="interp-images-")
    if a.make:
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        from make_images import make_images
        make_images(directory, a.make)
    dataset = ResizedImages(directory, check=a.check)
    if not len(dataset):
        p.error("no images in %s" % directory)
    loader = DataLoader(dataset, batch_size=a.batch_size, num_workers=a.workers)
    start = time.perf_counter()
    images, compiles = 0, {}
    for batch, info in loader:
        assert batch.shape[1:] == (3, 224, 224) and batch.dtype == torch.uint8
        images += batch.shape[0]
        for pid, count in info.tolist():
            compiles[pid] = max(compiles.get(pid, 0), count)
    took = time.perf_counter() - start
    print("resized %d images of %s in %.2f s with %d workers; compiles per worker process: %s"
          % (images, directory, took, a.workers, sorted(compiles.values())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
