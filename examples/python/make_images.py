#!/usr/bin/env python3
"""Writes N random-size RGB JPEG and PNG images into a directory (seeded), for
the resize examples: make_images.py DIR [--count N] [--seed S]."""

import argparse
import os

import numpy as np
from PIL import Image


def make_images(directory, count=24, seed=0):
    os.makedirs(directory, exist_ok=True)
    rng = np.random.default_rng(seed)
    paths = []
    for i in range(count):
        w, h = (int(v) for v in rng.integers(160, 900, 2))
        # Smooth colour gradients with noise: something a resize can blur.
        yy, xx = np.mgrid[0:h, 0:w]
        rgb = np.stack([(xx * 255 // w), (yy * 255 // h), ((xx + yy) * 127 // (w + h))], -1)
        rgb = np.clip(rgb + rng.integers(-20, 21, rgb.shape), 0, 255).astype(np.uint8)
        path = os.path.join(directory, "img%03d.%s" % (i, "jpg" if i % 2 else "png"))
        Image.fromarray(rgb).save(path)
        paths.append(path)
    return paths


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("directory")
    p.add_argument("--count", type=int, default=24)
    p.add_argument("--seed", type=int, default=0)
    a = p.parse_args()
    print("%d images in %s" % (len(make_images(a.directory, a.count, a.seed)), a.directory))
