"""Shadows on the face: OFIQ's illumination uniformity, the overlap of left and right luminance histograms."""
from __future__ import annotations

import numpy as np

from .patch import CHIN, FOREHEAD, FacePatch, bounds, poly_mask

FACE_OVAL = (10, 338, 297, 332, 284, 251, 389, 356, 454, 323, 361, 288, 397, 365, 379, 378, 400, 377,
             152, 148, 176, 149, 150, 136, 172, 58, 132, 93, 234, 127, 162, 21, 54, 103, 67, 109)
BINS = 32


def uniformity(p: FacePatch) -> float:
    """Histogram intersection (0..1) of the face's two halves inside 80 % of the face oval."""
    pts = p.mesh[list(FACE_OVAL)]
    c = pts.mean(0)
    inner = c + 0.8 * (pts - c)
    rows, cols = bounds(p.luma.shape, inner, 1)
    mask = poly_mask(p.luma.shape, inner)[rows, cols]
    luma = p.luma[rows, cols]
    a, b = p.mesh[FOREHEAD], p.mesh[CHIN]
    # which side of the forehead-chin line each pixel lies on, as one outer sum over the box's rows and columns
    ys, xs = np.arange(rows.start, rows.stop), np.arange(cols.start, cols.stop)
    side = ((b[0] - a[0]) * (ys - a[1]))[:, None] - ((b[1] - a[1]) * (xs - a[0]))[None, :]
    left, right = luma[mask & (side < 0)], luma[mask & (side > 0)]
    if left.size < 20 or right.size < 20:
        return 1.0
    hl = np.bincount(np.minimum(left * (BINS / 256), BINS - 1).astype(np.intp), minlength=BINS) / left.size
    hr = np.bincount(np.minimum(right * (BINS / 256), BINS - 1).astype(np.intp), minlength=BINS) / right.size
    return float(np.minimum(hl, hr).sum())
