"""Each pixel's nearest pixel of a mask, and its colour (core/imaging/nearest.py): the same colours as a plain
nearest-pixel search, on masks of every shape the dressing and the matte passes hand it."""
from __future__ import annotations

import numpy as np

from idphoto_gui.core.imaging.nearest import nearest_colours


def _brute(have: np.ndarray, image: np.ndarray) -> np.ndarray:
    """The colour of each pixel's nearest `have` pixel, searched outright (Euclidean)."""
    ys, xs = np.nonzero(have)
    gy, gx = np.mgrid[:have.shape[0], :have.shape[1]]
    d = (gy[..., None] - ys) ** 2 + (gx[..., None] - xs) ** 2
    i = d.argmin(axis=-1)
    return image[ys[i], xs[i]].astype(np.float32)


def test_every_pixel_takes_the_colour_of_a_nearest_pixel_of_the_mask():
    rng = np.random.default_rng(7)
    for shape, share in (((23, 31), 0.5), ((40, 17), 0.05), ((12, 12), 0.9), ((30, 50), 0.01)):
        have = rng.random(shape) < share
        have[rng.integers(shape[0]), rng.integers(shape[1])] = True
        image = rng.integers(0, 256, shape + (3,)).astype(np.uint8)
        got = nearest_colours(have, image)
        assert got.dtype == np.float32 and got.shape == shape + (3,)
        np.testing.assert_array_equal(got[have], image[have])       # the mask's own pixels keep their colour
        # elsewhere a nearest pixel's (the 3x3 mask's distances are approximate: ties and near-ties may differ)
        ys, xs = np.nonzero(have)
        gy, gx = np.mgrid[:shape[0], :shape[1]]
        best = np.sqrt(((gy[..., None] - ys) ** 2 + (gx[..., None] - xs) ** 2).min(axis=-1))
        same = np.all(got == _brute(have, image), axis=-1)
        assert same.mean() > 0.8
        # every pixel's colour is that of some mask pixel no farther than 1.1x the nearest one plus a pixel
        for y, x in zip(*np.nonzero(~same)):
            match = np.all(image[ys, xs] == got[y, x], axis=-1)
            dist = np.sqrt((ys[match] - y) ** 2 + (xs[match] - x) ** 2)
            assert dist.min() <= 1.1 * best[y, x] + 1.0
